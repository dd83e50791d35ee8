"""Unified Buffer capacity per SoC (the init_buffer lengths, pools and fixed LocalTensors on every path) and 32-byte
alignment of sizes, offsets and copies."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...language import soc as soc_table
from ..diagnostics.model import Diagnostic, DiagnosticSink, Related, Severity, Span
from ..ir import nodes as ir
from ..ir.types import ObjT, ScalarT, TensorT, UnknownT
from ..ir.value_kinds import python_number
from ..ir.walk import callee, calls_and_helpers_in, calls_in, stmt_exprs
from .queue_flow import eval_int


@dataclass
class UbUse:
    """One allocation of Unified Buffer bytes and where the kernel makes it (PA601 sums them against the SoC)."""

    span: Span
    nbytes: int
    what: str
    node: object = None
    """The init_buffer call or LocalTensor construction that makes it (PA601 asks whether every path runs it)."""
    path: tuple[tuple[ir.KernelIR, object], ...] = ()
    """Made in a helper: each call on the way to it and the init_buffer, with the function it is in (PA601 asks,
    only when it reports, whether each of them runs on every path)."""


@dataclass
class MemoryReport:
    """Every Unified Buffer allocation of a kernel."""

    uses: list[UbUse] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(u.nbytes for u in self.uses)


def _const(e: ir.Expr | None, env: dict[int, int] | None = None) -> object:
    if env and e is not None:
        v = eval_int(e, env)
        if v is not None:
            return v
    if e is not None and isinstance(e.type, ScalarT):
        return e.type.const
    return None


def _setup_exprs(fn: ir.KernelIR) -> list[ir.Expr]:
    """The init_buffer and init_buf_pool calls and helper calls of a function, in order (computed once)."""
    cached = getattr(fn, "_setup_exprs", None)
    if cached is None:
        cached = [e for e in calls_and_helpers_in(fn)
                  if isinstance(e, ir.HelperCall) or e.api.leaf in ("init_buffer", "init_buf_pool")]
        fn._setup_exprs = cached  # type: ignore[attr-defined]
    return cached


def _setup_uses(kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]], report: MemoryReport,
                queues: dict[str, ObjT], sink: DiagnosticSink) -> None:
    """The init_buffer and init_buf_pool calls of the kernel and of the helpers it calls, in the order they run: a
    helper's queue parameters stand for the caller's queues, its scalar parameters take the call's values when known.
    A queue is given memory once (InitBuffer, as the simulator, refuses a second init_buffer of one queue), so a
    helper called again with it adds nothing."""
    seen: set[object] = set()
    quiet = DiagnosticSink()  # a helper's own findings are reported when it is checked

    def key(e: ir.Expr | None, binds: dict[int, object]) -> object:
        if isinstance(e, ir.Name) and e.symbol is not None:
            return binds.get(id(e.symbol), id(e.symbol))
        return None

    def visit(fn: ir.KernelIR, binds: dict[int, object], env: dict[int, int], site: ir.Expr | None,
              path: tuple[tuple[ir.KernelIR, object], ...], depth: int) -> None:
        for e in _setup_exprs(fn):
            if isinstance(e, ir.HelperCall):
                found = callee(helpers, e)
                if found is None or depth >= 8:
                    continue
                h, foreign = found
                if not any(isinstance(p.type, ObjT) and p.type.cls in ("TPipe", "TBufPool") for p in h.params):
                    continue  # given no pipe or pool, it gives no memory (most helpers): not walked at all
                if not _setup_exprs(h):
                    continue
                hb: dict[int, object] = {}
                he: dict[int, int] = {}
                for p, a in zip(h.params, e.args, strict=False):
                    if isinstance(p.type, ObjT):
                        hb[id(p)] = key(a, binds)
                    else:
                        v = _const(a, env)
                        if isinstance(v, int) and not isinstance(v, bool):
                            he[id(p)] = v
                visit(h, hb, he, site if site is not None else (e if foreign else None), (*path, (fn, e)),
                      depth + 1)
                continue
            target = e.args.get("que") or e.args.get("buf") or e.args.get("buf_pool")
            k = key(target, binds)
            into = report if k is None or k not in seen else MemoryReport()  # a queue's second init adds nothing
            if k is not None:
                seen.add(k)
            n = len(report.uses)
            if e.api.leaf == "init_buffer":
                _init_buffer(e, into, queues, sink if depth == 0 else quiet, env)
            elif into is not report:
                continue
            else:
                _init_buf_pool(e, report, env)
            for u in report.uses[n:]:
                if depth > 0:
                    u.path = (*path, (fn, e))
                if site is not None:
                    u.span = site.span

    visit(kernel, {}, {}, None, (), 0)


def check_memory(kernel: ir.KernelIR, sink: DiagnosticSink, soc_name: str,
                 helpers: dict[str, tuple[ir.KernelIR, bool]] | None = None) -> MemoryReport:
    """PA601 Unified Buffer overflow, PA602 unaligned buffer size, PA603 unaligned offset, PA604 unaligned copy."""
    soc = soc_table.find(soc_name) or soc_table.find(soc_table.DEFAULT_SOC)
    assert soc is not None
    report = MemoryReport()
    queues: dict[str, ObjT] = {}
    for sym in kernel.symbols:
        if isinstance(sym.type, ObjT):
            queues[sym.name] = sym.type
    _setup_uses(kernel, helpers or {}, report, queues, sink)
    for e in calls_in(kernel):
        leaf = e.api.leaf
        if leaf == "data_copy":
            _copy_alignment(e, sink)
        elif leaf == "get_with_offset":
            arg = e.args.get("buf_offset")
            off = _const(arg)
            if isinstance(off, int) and off % 32:
                sink.add(Diagnostic("PA603", Severity.ERROR, f"buf_offset {off} is not a multiple of 32 bytes",
                                    e.args["buf_offset"].span))
            elif arg is not None and isinstance(arg.type, ScalarT) and not python_number(arg):
                sink.add(Diagnostic("PA603", Severity.ERROR, "buf_offset must be a multiple of 32 bytes known at "
                                    "compile time: CANN's pyasc tests it while tracing, and a run-time value fails "
                                    "that test (its error: buf_offset must be align to 32B)", arg.span))
    for c in kernel.constructs:
        if c.cls is not None and c.cls.name == "LocalTensor":
            _fixed_local(c, report, sink)
        elif c.cls is not None and c.cls.name == "LocalTensorAuto" and isinstance(c.type, TensorT):
            from ..ir.auto_tensors import elements

            n, d = elements(c.args.get("shape")), c.type.dvar.value
            if n is not None and d is not None:  # its own buffer, rounded up to the 32-byte block as TBuf does
                report.uses.append(UbUse(c.span, (n * d.nbytes + 31) // 32 * 32,
                                         f"LocalTensorAuto of {n} {d.name}", c))
    total = 0
    for i, use in enumerate(report.uses):
        total += use.nbytes
        if total > soc.ub_bytes:
            from ..diagnostics.codes import severity_for

            related = tuple(Related(u.span, f"{u.what}: {u.nbytes} bytes") for u in report.uses if u is not use)
            maybe = conditional_nodes(kernel)
            certain = not any(id(u.node) in maybe if not u.path else
                              any(id(node) in conditional_nodes(fn) for fn, node in u.path)
                              for u in report.uses[:i + 1])
            sink.add(Diagnostic(
                "PA601", severity_for("PA601", certain),
                f"Unified Buffer overflow on {soc.name}: the buffers reach {total} bytes here, but {soc.ub_bytes} "
                f"bytes ({soc.ub_bytes // 1024} KiB) are available; on the device the buffers past the end have "
                f"no memory and the kernel fails (the simulator stops there, PS103); reduce the tile length or "
                f"the buffer count" + ("" if certain else " (some of these buffers are set up on some paths only)"),
                use.span, related=related[:8]))
            break
    return report


def conditional_nodes(kernel: ir.KernelIR) -> set[int]:
    """The ids of the expressions that run on some paths only: under an if on a run-time value, in a while loop or
    a loop whose count is not known to be at least 1 (computed once per kernel)."""
    cached: set[int] | None = getattr(kernel, "_conditional", None)
    if cached is not None:
        return cached
    from .queue_flow import trip_count

    out: set[int] = set()

    def visit(stmts: list[ir.Stmt], cond: bool) -> None:
        for s in stmts:
            if cond:
                out.update(id(e) for e in stmt_exprs(s))
            if isinstance(s, ir.If):
                sure = s.static is not None
                visit(s.body, cond or not sure)
                visit(s.orelse, cond or not sure)
            elif isinstance(s, ir.For):
                count = trip_count(s)
                visit(s.body, cond or count is None or count < 1)
            elif isinstance(s, ir.While):
                visit(s.body, True)

    visit(kernel.body, False)
    kernel._conditional = out  # type: ignore[attr-defined]
    return out


_UB_POSITIONS = ("VECIN", "VECOUT", "VECCALC")


def _in_ub(e: ir.Expr | None) -> bool:
    """Whether the queue, buffer or pool `e` takes Unified Buffer memory: a vector position, or one not known (an
    A1/B1 queue of a cube kernel takes L1, which PA601 does not sum)."""
    if e is None or not isinstance(e.type, ObjT):
        return True
    positions = [str(v) for k, v in e.type.args.items() if k in ("pos", "src", "dst") and v is not None]
    return not positions or any(p in _UB_POSITIONS for p in positions)


def _carved(call: ir.Call) -> bool:
    """An init_buffer of a TBufPool: its buffers come out of the pool's memory, counted at init_buf_pool."""
    return call.receiver is not None and isinstance(call.receiver.type, ObjT) and call.receiver.type.cls == "TBufPool"


def _init_buf_pool(call: ir.Call, report: MemoryReport, env: dict[int, int] | None = None) -> None:
    """A pipe's pool takes its length of the Unified Buffer (a pool sharing another's buffer, or carved from a
    pool, takes none of its own)."""
    pool = call.args.get("buf_pool")
    length = _const(call.args.get("len"), env)
    if _carved(call) or call.args.get("share_buf") is not None or not _in_ub(pool) or not isinstance(length, int):
        return
    name = pool.symbol.name if isinstance(pool, ir.Name) and pool.symbol else "pool"
    report.uses.append(UbUse(call.span, length, f"{name}: {length}", call))


def _init_buffer(call: ir.Call, report: MemoryReport, queues: dict[str, ObjT], sink: DiagnosticSink,
                 env: dict[int, int] | None = None) -> None:
    que = call.args.get("que")
    buf = call.args.get("buf")
    if any(isinstance(x.type, UnknownT) for x in (que, buf) if x is not None):
        return  # a queue or buffer whose construction failed (reported there): which form this is is unknown
    counted = not _carved(call) and _in_ub(que if que is not None else buf)
    if que is not None:
        num, length = _const(call.args.get("num"), env), _const(call.args.get("len"), env)
        target = que
        if "len" not in call.args or length == 0:
            sink.add(Diagnostic("PA602", Severity.ERROR,
                                "init_buffer of a queue needs the length of each buffer in bytes (a positive "
                                "multiple of 32): pipe.init_buffer(que, num, len)", call.span))
            return
        if isinstance(length, int) and length % 32:
            sink.add(Diagnostic("PA602", Severity.WARNING,
                                f"buffer length {length} bytes is not a multiple of 32: InitBuffer rounds it up to "
                                f"{(length + 31) // 32 * 32}; write that to say so", call.args["len"].span))
        if isinstance(num, int) and isinstance(length, int) and counted:
            name = target.symbol.name if isinstance(target, ir.Name) and target.symbol else "queue"
            report.uses.append(UbUse(call.span, num * length, f"{name}: {num} x {length}", call))
    elif buf is not None:
        size = "num" if "num" in call.args else "len"  # a pipe's buffer length is `num`, a pool's `len`
        length = _const(call.args.get(size), env)
        if isinstance(length, int):
            if length % 32:
                sink.add(Diagnostic("PA602", Severity.WARNING,
                                    f"buffer length {length} bytes is not a multiple of 32: InitBuffer rounds it up "
                                    f"to {(length + 31) // 32 * 32}; write that to say so", call.args[size].span))
            name = buf.symbol.name if isinstance(buf, ir.Name) and buf.symbol else "buffer"
            if counted:
                report.uses.append(UbUse(call.span, length, f"{name}: {length}", call))


def _fixed_local(e: ir.Construct, report: MemoryReport, sink: DiagnosticSink) -> None:
    t = e.type
    if not isinstance(t, TensorT):
        return
    addr, tile = _const(e.args.get("addr")), _const(e.args.get("tile_size"))
    if isinstance(addr, int) and addr % 32:
        sink.add(Diagnostic("PA603", Severity.ERROR, f"LocalTensor address {addr} is not 32-byte aligned",
                            e.args["addr"].span))
    d = t.dvar.value
    if isinstance(tile, int) and d is not None and t.position in ("VECIN", "VECOUT", "VECCALC"):
        report.uses.append(UbUse(e.span, tile * d.nbytes, f"LocalTensor of {tile} {d.name}", e))


def _copy_alignment(call: ir.Call, sink: DiagnosticSink) -> None:
    count = _const(call.args.get("count"))
    dst = call.args.get("dst")
    if not isinstance(count, int) or dst is None or not isinstance(dst.type, TensorT):
        return
    d = dst.type.dvar.value
    if d is None:
        return
    nbytes = count * d.nbytes
    if nbytes % 32:
        per_block = 32 // d.nbytes if d.nbytes <= 32 else 1
        sink.add(Diagnostic("PA604", Severity.WARNING,
                            f"data_copy moves whole 32-byte blocks: {count} {d.name} elements are {nbytes} bytes, "
                            f"and the last {count % per_block} are not copied; use a multiple of {per_block} "
                            "elements (or data_copy_pad)", call.args["count"].span))
