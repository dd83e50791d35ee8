"""`asc.LocalTensorAuto(dtype, shape)`: a Unified Buffer tensor whose buffer and synchronization the compiler makes.

CANN's pyasc gives such a tensor its own buffer and orders the pipes that touch it (insert_sync).  The generated
C++ here does the same in the plainest form Ascend C has: each auto tensor gets a `TBuf<VECCALC>` of its size
(`dtype` bytes times the shape's elements, counted in the Unified Buffer check), and before an instruction that
touches one on another pipe than the instruction that last wrote it (or, for a write, last read it), the two pipes
are ordered with `SetFlag` / `WaitFlag` on the HardEvent that joins them.  A loop or branch that touches auto
tensors ends with `PipeBarrier<PIPE_ALL>()`, so that no order is assumed across iterations or branches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language.registry import ENUMS
from . import ir
from .sync.access import View, call_pipe, operands
from .sync.lin import Lin
from .types import ScalarT, TensorT


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
    """ids of the symbols that hold an auto tensor."""
    from .checks import walk_stmts

    return {id(s.target) for s in walk_stmts(kernel.body)
            if isinstance(s, ir.Assign) and s.target is not None and is_auto(s.value)}


@dataclass
class AutoSync:
    """The pipe order of the auto tensors, followed statement by statement as the code generator writes them."""

    symbols: set[int]
    last_write: dict[int, str] = field(default_factory=dict)
    last_read: dict[int, set[str]] = field(default_factory=dict)
    settled: bool = True
    """No auto tensor was touched since the last full barrier."""

    def before(self, s: ir.Stmt) -> list[str]:
        """The C++ lines that order the pipes before statement s (updating what each auto tensor saw last)."""
        from .checks import stmt_exprs

        lines: list[str] = []
        for e in stmt_exprs(s):
            if not isinstance(e, ir.Call) or e.api is None:
                continue
            touched = self._operands(e)
            if not touched:
                continue
            kinds = {n: ("GlobalTensor" if a.type.memory == "global" else "LocalTensor")
                     for n, a in e.args.items() if isinstance(a.type, TensorT)}
            pipe = call_pipe(e.api, dict(e.args), kinds) or e.api.pipe
            if pipe is None:
                continue
            for sym, write in touched:
                wanted = [self.last_write.get(sym)]
                if write:
                    wanted += sorted(self.last_read.get(sym, ()))
                for src in wanted:
                    if src is not None and src != pipe:
                        lines += _order(src, pipe)
            self.settled = False
            for sym, write in touched:
                if write:
                    self.last_write[sym] = pipe
                    self.last_read[sym] = set()
                else:
                    self.last_read.setdefault(sym, set()).add(pipe)
        return list(dict.fromkeys(lines))

    def after_compound(self, s: ir.Stmt) -> list[str]:
        """A loop or branch that touched an auto tensor ends with a full barrier (no order assumed past it)."""
        from .checks import stmt_exprs, walk_stmts

        body = [x for x in walk_stmts(getattr(s, "body", []) + getattr(s, "orelse", []))]
        if any(self._operands(e) for x in body for e in stmt_exprs(x) if isinstance(e, ir.Call)):
            self.last_write.clear()
            self.last_read.clear()
            self.settled = True
            return ["AscendC::PipeBarrier<PIPE_ALL>();"]
        return []

    def _operands(self, e: ir.Call) -> list[tuple[int, bool]]:
        if e.api is None:
            return []
        pipe = e.api.pipe or ""
        out = []
        views = {n: View("auto", None, Lin(1)) for n, a in e.args.items() if isinstance(a.type, TensorT)}
        for name, write in operands(e.api, e.overload, views, pipe):
            a = e.args.get(name)
            while isinstance(a, ir.Subscript):
                a = a.base
            if isinstance(a, ir.Name) and a.symbol is not None and id(a.symbol) in self.symbols:
                out.append((id(a.symbol), write))
        return out


def _order(src: str, dst: str) -> list[str]:
    event = f"{src}_{dst}"
    if event not in ENUMS["HardEvent"].members:
        return ["AscendC::PipeBarrier<PIPE_ALL>();"]
    return [f"AscendC::SetFlag<AscendC::HardEvent::{event}>(0);",
            f"AscendC::WaitFlag<AscendC::HardEvent::{event}>(0);"]
