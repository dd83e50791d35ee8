"""`asc.LocalTensorAuto(dtype, shape)`: a Unified Buffer tensor whose buffer the compiler makes, as CANN's does.

CANN's compiler gives each such tensor a buffer by what the kernel does with it: a tensor that a data_copy fills
from Global Memory is an input (`TQue<VECIN, 1>`), one that a data_copy writes to Global Memory an output
(`TQue<VECOUT, 1>`, also when it is both), any other a `TBuf<VECCALC>`.  A queue's tensor is allocated where the
Python creates it (`AllocTensor`) and freed at the end of that block (`FreeTensor`, the block's tensors in reverse
order); a `TBuf` is moved before the loop or branch that creates it, and so are a queue's declaration and
`InitBuffer` when insert_sync is on (sync/insert.py orders the pipes then).  A helper that receives the tensor
counts as the calls inside it, as CANN inlines it.  Each buffer is the dtype's bytes times the shape's elements,
counted in the Unified Buffer check.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import nodes as ir
from .types import ScalarT, TensorT
from .walk import callee

DATA_COPIES = frozenset({"DataCopy", "DataCopyPad"})


def is_auto(e: ir.Expr | None) -> bool:
    return isinstance(e, ir.Construct) and e.cls is not None and e.cls.name == "LocalTensorAuto"


def elements(shape: ir.Expr | None) -> int | None:
    """The element count of a shape (an int or a list of ints) when it is known."""
    if shape is None:
        return None
    if isinstance(shape.type, ScalarT):
        v = shape.type.const
        return v if isinstance(v, int) else None
    if isinstance(shape, ir.IntList):
        n = 1
        for item in shape.items:
            v = item.type.const if isinstance(item.type, ScalarT) else None
            if not isinstance(v, int):
                return None
            n *= v
        return n
    return None


def auto_symbols(kernel: ir.KernelIR) -> set[int]:
    """ids of the symbols that hold an auto tensor.  The symbols are found once per kernel (its body does not change
    after lowering), as calls_in finds its calls: a helper's lowering reused across edits is asked again on every
    analysis of the kernels calling it, by the queue check, insert_sync and the code generator."""
    held: tuple[ir.Symbol, ...] | None = getattr(kernel, "_auto_symbols", None)
    if held is None:
        from .walk import walk_stmts

        held = tuple(s.target for s in walk_stmts(kernel.body)
                     if isinstance(s, ir.Assign) and s.target is not None and is_auto(s.value))
        kernel._auto_symbols = held  # type: ignore[attr-defined]  # (symbols, not ids: a copy has its own)
    return {id(sym) for sym in held}


def cpp_op(call: ir.Call) -> str:
    """The Ascend C function a call expands to (`Exp` for `AscendC::Exp(...)`), or ''."""
    tpl = call.overload.cpp if call.overload is not None else None
    if not tpl or not tpl.startswith("AscendC::"):
        return ""
    name = tpl[len("AscendC::"):]
    for stop in "<({":
        name = name.split(stop, 1)[0]
    return name


@dataclass
class AutoTensor:
    """How one auto tensor is materialized."""

    assign: ir.Assign
    position: str
    """VECIN or VECOUT for a queue, '' for a TBuf."""
    hoist_before: ir.Stmt | None = None
    """The top-level loop or branch before which its buffer is declared (None: where the Python creates it)."""

    @property
    def queue(self) -> bool:
        return bool(self.position)

    @property
    def symbol(self) -> ir.Symbol:
        assert self.assign.target is not None
        return self.assign.target


@dataclass
class Copies:
    """The auto tensors (or helper parameters) a data_copy fills from, or writes to, Global Memory."""

    into: set[int] = field(default_factory=set)
    out_of: set[int] = field(default_factory=set)


def copies(stmts: list[ir.Stmt], helpers: dict[str, ir.KernelIR], keys: dict[int, int],
           _depth: int = 0) -> Copies:
    """Which of the symbols in `keys` (symbol id -> key) a data_copy of these statements (through helpers) fills
    from Global Memory or writes to it; CANN counts only the tensor itself as the copy's operand (not `t[i:]`)."""
    from .walk import stmt_exprs, walk_stmts

    found = Copies()
    for s in walk_stmts(stmts):
        for e in stmt_exprs(s):
            if isinstance(e, ir.Call) and cpp_op(e) in DATA_COPIES:
                dst, src = e.args.get("dst"), e.args.get("src")
                if isinstance(dst, ir.Name) and dst.symbol is not None and id(dst.symbol) in keys and \
                        isinstance(src, ir.Expr) and isinstance(src.type, TensorT) and src.type.memory == "global":
                    found.into.add(keys[id(dst.symbol)])
                if isinstance(src, ir.Name) and src.symbol is not None and id(src.symbol) in keys and \
                        isinstance(dst, ir.Expr) and isinstance(dst.type, TensorT) and dst.type.memory == "global":
                    found.out_of.add(keys[id(src.symbol)])
            elif isinstance(e, ir.HelperCall) and (h := callee(helpers, e)) is not None and _depth < 8:
                inner = {id(p): keys[id(a.symbol)] for p, a in zip(h.params, e.args, strict=False)
                         if isinstance(a, ir.Name) and a.symbol is not None and id(a.symbol) in keys}
                if inner:
                    sub = copies(h.body, helpers, inner, _depth + 1)
                    found.into |= sub.into
                    found.out_of |= sub.out_of
    return found


def materialize(kernel: ir.KernelIR, helpers: dict[str, ir.KernelIR], insert_sync: bool) -> dict[int, AutoTensor]:
    """The buffer of each auto tensor of the kernel, keyed by its symbol's id."""
    from .walk import walk_stmts

    autos: dict[int, AutoTensor] = {}
    for top in kernel.body:
        for s in walk_stmts([top]):
            if isinstance(s, ir.Assign) and s.target is not None and s.declare and is_auto(s.value):
                autos[id(s.target)] = AutoTensor(s, "", top if top is not s else None)
    if not autos:
        return autos
    found = copies(kernel.body, helpers, {k: k for k in autos})
    for key, a in autos.items():
        a.position = "VECOUT" if key in found.out_of else "VECIN" if key in found.into else ""
        if a.hoist_before is None:
            continue
        if (a.queue and not insert_sync) or _depends_on(a.assign, a.hoist_before):
            a.hoist_before = None  # a queue stays where it is made unless insert_sync moves its declaration
    return autos


def _depends_on(assign: ir.Assign, top: ir.Stmt) -> bool:
    """Whether the tensor's shape reads a name that the loop or branch `top` assigns (then it cannot move out)."""
    from .walk import walk_expr, walk_stmts

    inner: set[int] = set()
    for s in walk_stmts([top]):
        if isinstance(s, ir.For) and s.var is not None:
            inner.add(id(s.var))
        if isinstance(s, (ir.Assign, ir.AugAssign)) and s.target is not None:
            inner.add(id(s.target))
    shape = assign.value.args.get("shape") if isinstance(assign.value, ir.Construct) else None
    if shape is None:
        return False
    return any(isinstance(e, ir.Name) and e.symbol is not None and id(e.symbol) in inner for e in walk_expr(shape))
