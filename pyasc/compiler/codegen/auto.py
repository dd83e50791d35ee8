"""The code generator's part for what the compiler adds: the buffers of LocalTensorAuto tensors (auto_tensors.py)
and the statements of insert_sync (sync/insert.py), written as a CANN engineer writes them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..checks.sync.plan import Line
from ..ir import nodes as ir
from ..ir.auto_tensors import AutoTensor
from ..ir.types import TensorT
from .sourcemap import MapFlag

if TYPE_CHECKING:
    from ..checks.sync.plan import Plan
    from .text import Emitter, TypeNamer


class AutoEmit:
    """Mixed into KernelGen: it supplies the emitter, the type names, the plan and the auto tensors."""

    e: Emitter
    types: TypeNamer
    autos: dict[int, AutoTensor]
    sync: Plan
    pipe_name: str
    pipe_access: str
    events: int

    if TYPE_CHECKING:
        def boiler_lines(self, lines: list[str]) -> None: ...

        def expr(self, ex: ir.Expr, level: int = 16, right: bool = False, target_type: object = None) -> None: ...

    def sync_lines(self, lines: list[Line]) -> None:
        """The statements insert_sync adds (sync/insert.py) and the auto tensors' FreeTensor: boilerplate."""
        out: list[str] = []
        for kind, what in lines:
            if kind == "barrier":
                out.append(f"AscendC::PipeBarrier<{what}>();")
            elif kind == "fence":
                event = f"{str(what).lower()}_event{self.events}"
                self.events += 1
                fetch = f"{self.pipe_name}{self.pipe_access}FetchEventID"
                out += [f"int8_t {event} = {fetch}<AscendC::HardEvent::{what}>();",
                        f"AscendC::SetFlag<AscendC::HardEvent::{what}>({event});",
                        f"AscendC::WaitFlag<AscendC::HardEvent::{what}>({event});"]
            else:
                que, sym = what  # type: ignore[misc]
                name = sym.cpp_name
                if kind == "enque":
                    out.append(f"{que}.EnQue({name});")
                elif kind == "deque":
                    assert isinstance(sym.type, TensorT)
                    out.append(f"{name} = {que}.DeQue<{self.types.dtype(sym.type.dvar)}>();")
                else:
                    out.append(f"{que}.FreeTensor({name});")
        self.boiler_lines(out)

    def auto_buffer(self, a: AutoTensor) -> None:
        """The buffer of an auto tensor declared before the loop or branch that creates it: a queue's declaration
        and InitBuffer, or a TBuf's with its tensor."""
        e = self.e
        e.indent()
        with e.node(a.assign.span, MapFlag.ALL_STATEMENT):
            self._auto_decl(a, alloc=not a.queue)
        e.newline()

    def auto_tensor(self, s: ir.Assign, v: ir.Construct) -> None:
        """`a = asc.LocalTensorAuto(dtype, shape)`: its queue or TBuf (auto_tensors.py) and the tensor."""
        a = self.autos[id(s.target)]
        if a.hoist_before is not None:
            self._auto_alloc(a)
        else:
            self._auto_decl(a, alloc=True)

    def _auto_decl(self, a: AutoTensor, alloc: bool) -> None:
        e = self.e
        v = a.assign.value
        assert isinstance(v, ir.Construct) and isinstance(v.type, TensorT)
        name = a.symbol.cpp_name
        ctype = self.types.dtype(v.type.dvar)
        shape = v.args.get("shape")
        holder = f"{name}_que" if a.queue else f"{name}_buf"
        with e.node(v.span):
            if a.queue:
                e.write(f"AscendC::TQue<AscendC::TPosition::{a.position}, 1> {holder};")
            else:
                e.write(f"AscendC::TBuf<AscendC::TPosition::VECCALC> {holder};")
            e.newline()
            e.indent()
            e.write(f"{self.pipe_name}.InitBuffer({holder}, " + ("1, " if a.queue else ""))
            if isinstance(shape, ir.IntList):
                for i, item in enumerate(shape.items):
                    if i:
                        e.write(" * ")
                    self.expr(item, level=5)
            elif shape is not None:
                self.expr(shape, level=5)
            e.write(f" * sizeof({ctype}));")
        if alloc:
            e.newline()
            e.indent()
            self._auto_alloc(a)

    def _auto_alloc(self, a: AutoTensor) -> None:
        e = self.e
        assert isinstance(a.symbol.type, TensorT)
        ctype = self.types.dtype(a.symbol.type.dvar)
        name = a.symbol.cpp_name
        e.write(f"AscendC::LocalTensor<{ctype}> ")
        with e.node(a.assign.target_span):
            e.write(name)
        e.write(f" = {name}_que.AllocTensor<{ctype}>();" if a.queue else f" = {name}_buf.Get<{ctype}>();")
