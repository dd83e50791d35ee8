"""CANN's rules for a scalar name defined before a run-time if/for/while and re-bound inside its body.

The tracer builds such a body as a region whose re-bound names flow out as results: it requires the value to keep
its Python class (a Python int stays a Python int, a run-time value stays a run-time value: "re-assigned to an
object with different type"), and it materializes a Python number as a constant inside the region.  A constant
made inside a loop body cannot start the loop, and one made inside one branch of an if cannot reach the other
branch ("Failed to run passes"): so a compile-time number may be re-bound inside a run-time if only when both
branches re-bind it, and never inside a loop.  After such an if the name holds a run-time value.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ...language import dtypes as dt
from ..diagnostics.model import Fix, Related, Span, TextEdit
from ..ir import nodes as ir
from ..ir.types import ScalarT, Type
from ..ir.value_kinds import holds_python_number
from .base import LowerBase


@dataclass
class IfFrame:
    """A run-time if being lowered: the block depth of its branches and what each branch re-binds."""

    depth: int
    rebound: list[dict[str, Span]] = field(default_factory=lambda: [{}])
    rewrites: dict[str, list[Rewrite]] = field(default_factory=dict)
    """Per name re-bound to a Python number in a branch: how that value becomes run-time (PA108's fix)."""


Rewrite = tuple[TextEdit, ...] | None
"""The edits that make a re-binding's value a run-time value once its name starts as one (none when it already
is, or reads the name: `i = i + 1`); None when the value cannot be rewritten (not on one line)."""


class RebindLowering(LowerBase):
    """Checks re-binding against the tracer's region rules; lower_if drives the per-branch bookkeeping."""

    if_frames: list[IfFrame]
    rebind_reported: set[ir.Symbol]
    ct_blocks: dict[str, tuple[int, ...]]

    def check_rebind(self, sym: ir.Symbol, new: Type, tspan: Span, value_span: Span | None) -> None:
        """`sym = <value of type new>` at tspan, sym being a scalar; reports what CANN's tracer rejects."""
        inner = self.block[len(sym.block):]
        if not inner or not isinstance(sym.type, ScalarT) or not isinstance(new, ScalarT):
            return
        old = sym.type
        related = (Related(sym.def_span, f"'{sym.name}' first assigned here"),)
        if sym in self.rebind_reported:
            return  # one finding per name: the first re-binding CANN's tracer refuses
        reports = len(self.sink.items)
        try:
            self._check_rebind(sym, old, new, inner, tspan, value_span, related)
        finally:
            if len(self.sink.items) > reports:
                self.rebind_reported.add(sym)

    def _check_rebind(self, sym: ir.Symbol, old: ScalarT, new: ScalarT, inner: list[int], tspan: Span,
                      value_span: Span | None, related: tuple[Related, ...]) -> None:
        name = sym.name
        asc = self.asc_name()
        if holds_python_number(old):
            held = f"the compile-time value {old.const!r}" if old.const is not None else "a compile-time value"
            start = f"{name} = {asc}.number({old.const!r}, {asc}.{_dtype(old)})" if old.const is not None else \
                f"{name} = {asc}.number({name}, {asc}.{_dtype(old)})"
            rewrite = self._rewrite_value(sym, old, new, value_span)
            if any(b in self.loop_blocks for b in inner):
                self.report("PA108", f"'{name}' holds {held} and is re-bound inside a loop; CANN's pyasc cannot "
                            f"carry a Python value through a loop: give it a run-time start (e.g. {start})", tspan,
                            related=related, fixes=self._start_fix(sym, old, [rewrite]))
            elif not holds_python_number(new):
                self.report("PA108", f"'{name}' holds {held} and is re-bound to a run-time value inside an if on a "
                            "run-time condition; CANN's pyasc rejects the change from a Python number to a run-time "
                            f"value (re-assigned to an object with different type): give it a run-time start "
                            f"(e.g. {start})", tspan, related=related, fixes=self._start_fix(sym, old, [rewrite]))
            elif len(inner) > 1:
                self.report("PA108", f"'{name}' holds {held} and is re-bound inside nested ifs on run-time "
                            "conditions; in CANN's pyasc the inner if makes it a run-time value, which the outer if "
                            "cannot merge with the Python value: give it a run-time start (e.g. "
                            f"{start}) and re-bind it to run-time values", tspan, related=related,
                            fixes=self._start_fix(sym, old, [rewrite]))
            elif self.if_frames and self.if_frames[-1].depth == len(sym.block):
                frame = self.if_frames[-1]
                frame.rebound[-1].setdefault(name, tspan)
                frame.rewrites.setdefault(name, []).append(rewrite)
            return
        if holds_python_number(new):
            what = f"the Python value {new.const!r}" if new.const is not None else "a compile-time value"
            fixes: tuple[Fix, ...] = ()
            text = self._source_text(value_span)
            if text is not None:
                wrapped = self._number(text, _dtype(old))
                fixes = (Fix(f"Make it a run-time value: {wrapped}", (TextEdit(value_span, wrapped),)),)
            self.report("PA108", f"'{name}' holds a run-time value and is re-bound to {what} inside an if/for/while "
                        "body; CANN's pyasc rejects the change from a run-time value to a Python number "
                        f"(re-assigned to an object with different type): write {asc}.number(..., "
                        f"{asc}.{_dtype(old)})", tspan, related=related, fixes=fixes)

    def _rewrite_value(self, sym: ir.Symbol, old: ScalarT, new: ScalarT, value_span: Span | None) -> Rewrite:
        """How the value of `sym = value` becomes run-time once sym starts as a run-time value."""
        if not holds_python_number(new) or value_span is None:
            return ()  # a run-time value already, or an augmented assignment (which reads the name)
        text = self._source_text(value_span)
        if text is None:
            return None
        try:
            reads = any(isinstance(n, ast.Name) and n.id == sym.name for n in ast.walk(ast.parse(text, mode="eval")))
        except SyntaxError:
            return None
        return () if reads else (TextEdit(value_span, self._number(text, _dtype(old))),)

    def _start_fix(self, sym: ir.Symbol, old: ScalarT, rewrites: list[Rewrite]) -> tuple[Fix, ...]:
        """PA108's fix for a Python number re-bound where CANN's tracer needs a run-time value: the first assignment
        becomes a run-time start (`i = asc.number(0, asc.int32)`; int32 for an int, float32 for a float, as the
        message says), and the re-bindings to Python numbers seen so far in the run-time bodies (`i = 1`, this one
        included) become run-time values of that dtype too.  None for a bool (asc exports no 1-bit dtype) or a
        value not on one line."""
        dtype = _dtype(old)
        start = self._source_text(sym.value_span)
        if sym.value_span is None or start is None or dtype not in dt.EXPORTED:
            return ()
        pending = [r for frame in self.if_frames for r in frame.rewrites.get(sym.name, [])]
        if any(r is None for r in pending + rewrites):
            return ()
        wrapped = self._number(start, dtype)
        edits = {(e.span.line, e.span.col): e for r in pending + rewrites for e in r or ()}
        edits[(sym.value_span.line, sym.value_span.col)] = TextEdit(sym.value_span, wrapped)
        return (Fix(f"Start '{sym.name}' as a run-time value: {sym.name} = {wrapped}",
                    tuple(edits[k] for k in sorted(edits))),)

    def _number(self, text: str, dtype: str) -> str:
        asc = self.asc_name()
        return f"{asc}.number({text}, {asc}.{dtype})"

    def check_binding_rebind(self, name: str, tspan: Span) -> None:
        """A name bound outside a run-time if/for/while to a dtype, enum member, string, list or other Python value
        is re-bound to one inside it: the tracer would carry it out of the body as a run-time value, which such a
        value cannot be (Unsupported value type for materialization)."""
        block = self.ct_blocks.get(name)
        if name not in self.ct_locals or block is None or tuple(self.block[:len(block)]) != block or \
                len(self.block) == len(block):
            return
        shown = self.ct_locals[name].type.display()
        self.report("PA108", f"'{name}' holds {shown}, a compile-time value, and is re-bound inside an if/for/while "
                    "body on run-time values; CANN's pyasc carries re-bound names out of such a body as run-time "
                    "values, which this one cannot be (Unsupported value type for materialization): choose it "
                    "with a compile-time condition, or use another name inside the body", tspan)

    def merge_if(self, frame: IfFrame, before: dict[str, Type]) -> None:
        """After both branches: a compile-time number re-bound in one branch only is rejected; re-bound in both, it
        is a run-time value from here on."""
        then, other = frame.rebound[0], frame.rebound[1] if len(frame.rebound) > 1 else {}
        for name in then.keys() | other.keys():
            sym = self.symbols.get(name)
            if sym is None:
                continue
            if (name in then) != (name in other) and sym not in self.rebind_reported:
                self.rebind_reported.add(sym)
                missing = "else" if name in then else "if"
                old = before.get(name, sym.type)
                value = old.const if isinstance(old, ScalarT) and old.const is not None else name
                fixes = self._start_fix(sym, old, frame.rewrites.get(name, [])) if isinstance(old, ScalarT) else ()
                self.report("PA108", f"'{name}' holds a compile-time value and is re-bound in one branch of an if "
                            f"on a run-time condition only; CANN's pyasc cannot merge the Python value with the "
                            f"other branch (Failed to run passes): re-bind it in the {missing} branch too (e.g. "
                            f"{name} = {value!r}), or start it as a run-time value ({self.asc_name()}.number(...))",
                            (then.get(name) or other[name]), related=(Related(sym.def_span,
                                                                              f"'{name}' first assigned here"),),
                            fixes=fixes)
            if isinstance(sym.type, ScalarT):
                sym.type = ScalarT(sym.type.dvar)  # the if's result: a run-time value

    def _source_text(self, span: Span | None) -> str | None:
        if span is None or span.line != span.end_line:
            return None
        return self.pos.line_text(span.line)[span.col:span.end_col] or None


def _dtype(t: ScalarT) -> str:
    d = t.dvar.value
    return d.name if d is not None else "int32"
