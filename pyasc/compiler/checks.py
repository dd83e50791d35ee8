"""Checks over a kernel's typed IR: the queue protocol, Unified Buffer capacity and alignment, and lint.

They read only the IR (never the AST) so they see exactly what the code generator will emit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..language import soc as soc_table
from . import ir
from .diagnostics import Diagnostic, DiagnosticSink, Related, Severity, Span
from .types import ObjT, ScalarT, TensorT, UnknownT
from .value_kinds import python_number


def walk_stmts(stmts: list[ir.Stmt]) -> Iterator[ir.Stmt]:
    for s in stmts:
        yield s
        if isinstance(s, (ir.For, ir.While)):
            yield from walk_stmts(s.body)
        elif isinstance(s, ir.If):
            yield from walk_stmts(s.body)
            yield from walk_stmts(s.orelse)


def stmt_exprs(s: ir.Stmt) -> list[ir.Expr]:
    """Every expression of a statement (not of its body), in source order; computed once per statement, as the
    checks walk the same statements several times."""
    cached: list[ir.Expr] | None = s.__dict__.get("_exprs")
    if cached is None:
        cached = []
        for e in (getattr(s, "target", None), getattr(s, "value", None), getattr(s, "expr", None),
                  getattr(s, "cond", None), getattr(s, "start", None), getattr(s, "stop", None),
                  getattr(s, "step", None), getattr(s, "call", None)):
            if isinstance(e, ir.Expr):
                cached += walk_expr(e)
        s.__dict__["_exprs"] = cached
    return cached


def generic_constant(e: ir.Expr) -> bool:
    """Whether e is a constant of the C++ template: literals and constants combined with DataType methods of a
    generic dtype (`x.dtype.sizeof() == 2`), nothing read at run time."""
    for sub in walk_expr(e):
        if isinstance(sub, ir.Call):
            if sub.api is None or not sub.api.name.startswith("DataType."):
                return False
        elif not isinstance(sub, (ir.Const, ir.ConstName, ir.BinOp, ir.UnaryOp, ir.DTypeRef, ir.CastExpr,
                                  ir.ApiConst)):
            return False
    return True


def walk_expr(e: ir.Expr) -> list[ir.Expr]:
    """`e` and its subexpressions, parents before children, children left to right."""
    out: list[ir.Expr] = []
    stack: list[ir.Expr | None] = [e]
    while stack:
        e = stack.pop()
        if e is None:
            continue
        out.append(e)
        if isinstance(e, ir.BinOp):
            stack += (e.right, e.left)
        elif isinstance(e, (ir.Call, ir.Construct)):
            children: list[ir.Expr | None] = list(e.args.values())
            if isinstance(e, ir.Call):
                children += e.varargs + [e.receiver]
            stack += reversed(children)
        elif isinstance(e, ir.Member):
            stack.append(e.base)
        elif isinstance(e, ir.StructNew):
            stack += reversed(list(e.values.values()))
        elif isinstance(e, (ir.UnaryOp, ir.CastExpr)):
            stack.append(e.operand)
        elif isinstance(e, ir.IfExp):
            stack += (e.other, e.then, e.cond)
        elif isinstance(e, ir.HelperCall):
            stack += reversed(e.args)
        elif isinstance(e, ir.Subscript):
            stack += (e.index, e.base)
        elif isinstance(e, ir.AddrOffset):
            stack += (e.offset, e.base)
        elif isinstance(e, ir.IntList):
            stack += reversed(e.items)
        elif isinstance(e, ir.ArrayNew):
            stack += reversed(e.items + ([e.fill] if e.fill is not None else []))
        elif isinstance(e, ir.ArrayItem):
            stack += (e.index, e.base)
    return out


def calls_in(kernel: ir.KernelIR) -> list[ir.Call]:
    """Every resolved API call of the kernel, in order (computed once per kernel)."""
    cached = getattr(kernel, "_calls", None)
    if cached is None:
        cached = [e for s in walk_stmts(kernel.body) for e in stmt_exprs(s)
                  if isinstance(e, ir.Call) and e.api is not None]
        kernel._calls = cached  # type: ignore[attr-defined]
    return cached


def failed_calls(kernel: ir.KernelIR) -> list[ir.Invalid]:
    """Every call of the kernel that failed to bind (reported where it was made), in order (computed once)."""
    cached = getattr(kernel, "_failed", None)
    if cached is None:
        cached = [e for s in walk_stmts(kernel.body) for e in stmt_exprs(s)
                  if isinstance(e, ir.Invalid) and e.operands]
        kernel._failed = cached  # type: ignore[attr-defined]
    return cached


def set_up_by_failed_calls(kernel: ir.KernelIR) -> set[str]:
    """The names a failed call was given: the objects it would have set up (a queue init_buffer gives memory, a
    GlobalTensor set_global_buffer points at its buffer), in a way no check can know. They count as set up, so
    the one error of that call is the only finding about them."""
    names: set[str] = set()
    for bad in failed_calls(kernel):
        for operand in bad.operands:
            for e in walk_expr(operand):
                if isinstance(e, ir.Name) and e.symbol is not None:
                    names.add(e.symbol.name)
    return names


def _recv_name(call: ir.Call) -> str | None:
    r = call.receiver
    if isinstance(r, ir.Name) and r.symbol is not None:
        return r.symbol.name
    return None


def _leaf(call: ir.Call) -> str:
    assert call.api is not None
    return call.api.name.rsplit(".", 1)[-1]


# -- queue protocol ---------------------------------------------------------------------------------------------------


def inserts_sync(kernel: ir.KernelIR, helpers: dict[str, ir.KernelIR] | None = None) -> bool:
    """CANN's insert_sync: `@asc.jit(insert_sync=True)`, or left unset in a kernel with a LocalTensorAuto (in its
    body or in a helper it calls: CANN inlines helpers before it looks)."""
    from .auto_tensors import auto_symbols

    option = kernel.options.get("insert_sync")
    if option is not None:
        return option is True
    return bool(auto_symbols(kernel)) or any(auto_symbols(h) for h in (helpers or {}).values())


def check_queues(kernel: ir.KernelIR, sink: DiagnosticSink,
                 helpers: dict[str, tuple[ir.KernelIR, bool]] | None = None) -> None:
    """PA503 deque without enque, PA504 free/enque to another queue, PA506 use before init_buffer.

    PA503 and PA506 follow the paths of the kernel and of the helpers it calls (queue_flow): an error when no path
    enqueues (or gives memory), a certain hang (or a use of no memory) on the device; a warning when only some do.
    With insert_sync CANN replaces every enque/deque by its own, and rejects a deque from a queue that has no
    alloc_tensor (PA503 error).
    """
    from .codes import severity_for
    from .queue_flow import queue_findings

    allocated: set[str] = set()
    all_calls = list(calls_in(kernel))
    sync = inserts_sync(kernel, {n: h for n, (h, _) in (helpers or {}).items()})
    for s in walk_stmts(kernel.body):
        for e in stmt_exprs(s):
            if isinstance(e, ir.HelperCall):
                for a in e.args:
                    if isinstance(a, ir.Name) and a.symbol is not None and isinstance(a.type, ObjT):
                        allocated.add(a.symbol.name)
    allocated |= set_up_by_failed_calls(kernel)
    # A tensor given to an inplace alloc_tensor(t) / deque(t) takes that queue's buffer: its origin is per call then,
    # not per variable, so the PA504 check leaves it alone.
    rebound: set[str] = set()
    for call in all_calls:
        inplace = call.args.get("tensor") if _leaf(call) in ("alloc_tensor", "deque") else None
        if isinstance(inplace, ir.Name) and inplace.symbol is not None:
            rebound.add(inplace.symbol.name)
        if _leaf(call) == "alloc_tensor" and (q := _recv_name(call)):
            allocated.add(q)
    for call in all_calls:
        leaf = _leaf(call)
        q = _recv_name(call)
        if q is None or call.receiver is None or not isinstance(call.receiver.type, ObjT):
            continue
        if call.receiver.type.cls not in ("TQue", "TQueBind", "TBuf"):
            continue
        if leaf == "deque" and sync and q not in allocated:
            sink.add(Diagnostic("PA503", Severity.ERROR,
                                f"deque from '{q}', which has no alloc_tensor: insert_sync replaces each deque by "
                                f"the tensor the queue allocated, and '{q}' allocates none; call "
                                f"{q}.alloc_tensor(...) first", call.span))
        if leaf in ("free_tensor", "enque"):
            t = call.args.get("tensor")
            if isinstance(t, ir.Name) and t.symbol is not None and t.symbol.name in rebound:
                continue
            if t is not None and isinstance(t.type, TensorT) and t.type.origin and t.type.origin != q:
                verb = "freed to" if leaf == "free_tensor" else "enqueued to"
                sink.add(Diagnostic("PA504", Severity.ERROR,
                                    f"this tensor came from '{t.type.origin}' but is {verb} '{q}'; use "
                                    f"{t.type.origin}.{leaf}(...)", t.span))
    reported_init: set[str] = set()
    for f in queue_findings(kernel, helpers or {}):
        where = f"'{f.local}'" if f.local == f.queue else f"'{f.local}' (the kernel's '{f.queue}', in {f.func})"
        if f.code == "PA503" and not sync:
            if f.certain and f.consumed:
                msg = (f"deque from {where}, but on every path the tensors enqueued to '{f.queue}' were already "
                       f"dequeued: 0 are left for this deque, which waits forever on the device (the simulator "
                       f"stops there, PS106); enqueue a tensor before each deque ({f.local}.enque(t))")
            elif f.certain:
                msg = (f"deque from {where}, but no enque to '{f.queue}' reaches it on any path: on the device "
                       f"this waits forever (the simulator stops there, PS106); enqueue a tensor first "
                       f"({f.local}.enque(t))")
            else:
                msg = (f"deque from {where}, but only some paths enqueue to '{f.queue}' before it (an if on a "
                       f"run-time value, or a loop that may run zero times): on the others it waits forever on the "
                       f"device (PS106 on the simulator); enqueue on every path ({f.local}.enque(t))")
            sink.add(Diagnostic("PA503", severity_for("PA503", f.certain), msg, f.span))  # type: ignore[arg-type]
        elif f.code == "PA506" and f.queue not in reported_init:
            reported_init.add(f.queue)
            if f.certain:
                msg = (f"{where} is used before it has memory: no pipe.init_buffer({f.queue}, ...) reaches this "
                       f"use on any path, so on the device its tensors have no buffer of their own and overwrite "
                       f"whatever the Unified Buffer holds there (the simulator stops there, PS107); call "
                       f"pipe.init_buffer({f.local}, ...) first")
            else:
                msg = (f"{where} may be used before it has memory: pipe.init_buffer({f.queue}, ...) runs on some "
                       f"paths to this use only (an if on a run-time value, or a loop that may run zero times); on "
                       f"the others its tensors have no buffer (PS107 on the simulator); call init_buffer on every "
                       f"path")
            sink.add(Diagnostic("PA506", severity_for("PA506", f.certain), msg, f.span))  # type: ignore[arg-type]


# -- memory -----------------------------------------------------------------------------------------------------------


@dataclass
class UbUse:
    """One allocation of Unified Buffer bytes and where the kernel makes it (PA601 sums them against the SoC)."""

    span: Span
    nbytes: int
    what: str
    node: object = None
    """The init_buffer call or LocalTensor construction that makes it (PA601 asks whether every path runs it)."""


@dataclass
class MemoryReport:
    """Every Unified Buffer allocation of a kernel."""

    uses: list[UbUse] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(u.nbytes for u in self.uses)


def _const(e: ir.Expr | None) -> object:
    if e is not None and isinstance(e.type, ScalarT):
        return e.type.const
    return None


def check_memory(kernel: ir.KernelIR, sink: DiagnosticSink, soc_name: str) -> MemoryReport:
    """PA601 Unified Buffer overflow, PA602 unaligned buffer size, PA603 unaligned offset, PA604 unaligned copy."""
    soc = soc_table.find(soc_name) or soc_table.find(soc_table.DEFAULT_SOC)
    assert soc is not None
    report = MemoryReport()
    queues: dict[str, ObjT] = {}
    for sym in kernel.symbols:
        if isinstance(sym.type, ObjT):
            queues[sym.name] = sym.type
    for e in calls_in(kernel):
        leaf = _leaf(e)
        if leaf == "init_buffer":
            _init_buffer(e, report, queues, sink)
        elif leaf == "init_buf_pool":
            _init_buf_pool(e, report)
        elif leaf == "data_copy":
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
            from .auto_tensors import elements

            n, d = elements(c.args.get("shape")), c.type.dvar.value
            if n is not None and d is not None:  # its own buffer, rounded up to the 32-byte block as TBuf does
                report.uses.append(UbUse(c.span, (n * d.nbytes + 31) // 32 * 32,
                                         f"LocalTensorAuto of {n} {d.name}", c))
    total = 0
    for i, use in enumerate(report.uses):
        total += use.nbytes
        if total > soc.ub_bytes:
            from .codes import severity_for

            related = tuple(Related(u.span, f"{u.what}: {u.nbytes} bytes") for u in report.uses if u is not use)
            maybe = conditional_nodes(kernel)
            certain = not any(id(u.node) in maybe for u in report.uses[:i + 1])
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


def _init_buf_pool(call: ir.Call, report: MemoryReport) -> None:
    """A pipe's pool takes its length of the Unified Buffer (a pool sharing another's buffer, or carved from a
    pool, takes none of its own)."""
    pool = call.args.get("buf_pool")
    length = _const(call.args.get("len"))
    if _carved(call) or call.args.get("share_buf") is not None or not _in_ub(pool) or not isinstance(length, int):
        return
    name = pool.symbol.name if isinstance(pool, ir.Name) and pool.symbol else "pool"
    report.uses.append(UbUse(call.span, length, f"{name}: {length}", call))


def _init_buffer(call: ir.Call, report: MemoryReport, queues: dict[str, ObjT], sink: DiagnosticSink) -> None:
    que = call.args.get("que")
    buf = call.args.get("buf")
    if any(isinstance(x.type, UnknownT) for x in (que, buf) if x is not None):
        return  # a queue or buffer whose construction failed (reported there): which form this is is unknown
    counted = not _carved(call) and _in_ub(que if que is not None else buf)
    if que is not None:
        num, length = _const(call.args.get("num")), _const(call.args.get("len"))
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
        length = _const(call.args.get(size))
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


# -- lint -------------------------------------------------------------------------------------------------------------


def check_unused(kernel: ir.KernelIR, sink: DiagnosticSink) -> None:
    """PA701 unused variables, PA702 unused parameters, PA703 unused queues and buffers (Unnecessary tag)."""
    init_only: dict[str, int] = {}
    for call in calls_in(kernel):
        if _leaf(call) == "init_buffer":
            for name in ("que", "buf"):
                arg = call.args.get(name)
                if isinstance(arg, ir.Name) and arg.symbol is not None:
                    init_only[arg.symbol.name] = init_only.get(arg.symbol.name, 0) + 1
    seen: set[int] = set()
    for sym in kernel.symbols:
        if id(sym) in seen or sym.name.startswith("_") or sym.item_of:
            continue
        seen.add(id(sym))
        if sym.kind == "parameter":
            if sym.reads == 0:
                sink.add(Diagnostic("PA702", Severity.WARNING, f"parameter '{sym.name}' is never used",
                                    sym.def_span, unnecessary=True))
            continue
        if sym.kind in ("queue", "buffer"):
            if sym.reads <= init_only.get(sym.name, 0):
                sink.add(Diagnostic("PA703", Severity.WARNING,
                                    f"{sym.kind} '{sym.name}' is created but never used", sym.def_span,
                                    unnecessary=True))
            continue
        if sym.kind == "pipe":
            continue
        if sym.reads == 0:
            sink.add(Diagnostic("PA701", Severity.WARNING, f"'{sym.name}' is assigned but never used",
                                sym.def_span, unnecessary=True))
