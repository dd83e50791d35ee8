"""Loops and conditionals: `for` over range and asc.range (asc.static_range unrolled), `if` on compile-time and
run-time values, and the dead code after a return."""

from __future__ import annotations

import ast

from ..diagnostics.model import Severity
from ..ir import nodes as ir
from ..ir.types import ClassRefT, FuncRefT, ScalarT, UnknownT, scalar
from ..ir.value_kinds import binding
from . import calls as C
from .rebind import IfFrame, RebindLowering

UNROLL_LIMIT = 256
"""The most copies of an `asc.static_range` body lowered (each copy is lowered and emitted in full)."""


def _decided(cond: ir.Expr) -> bool | None:
    """The value of `a and b` with a compile-time False operand, or `a or b` with a compile-time True one."""
    if not isinstance(cond, ir.BinOp) or cond.op not in ("&&", "||"):
        return None
    for e in (cond.left, cond.right):
        t = e.type if e is not None else None
        if isinstance(t, ScalarT) and t.const is not None and not isinstance(e, ir.ApiConst):
            if cond.op == "&&" and not t.const:
                return False
            if cond.op == "||" and t.const:
                return True
    return None


class ControlLowering(RebindLowering):
    """{spec['doc']}"""

    def _loop_range(self, it: ast.expr) -> str | None:
        """`range` or `static_range` for a loop over a call of one, named by any name of asc's (`asc.range`,
        `asc.language.core.range`, an imported `static_range`); '' when that name is itself an error (reported)."""
        if not isinstance(it, ast.Call) or not isinstance(it.func, (ast.Name, ast.Attribute)):
            return None
        if isinstance(it.func, ast.Name) and it.func.id == "range" and "range" not in self.symbols:
            return "range"
        func = self.lower_expr(it.func).type
        if isinstance(func, UnknownT):
            return ""
        named = isinstance(func, ClassRefT) or isinstance(func, FuncRefT) and func.kind == "special"
        name = getattr(func, "name", "")  # asc.range and asc.static_range are classes of CANN's
        return name if named and name in ("range", "static_range") else None

    def lower_for(self, node: ast.For) -> list[ir.Stmt]:
        head = self._head_span(node)
        if node.orelse:
            self.report("PA104", "for ... else is not supported", self.span(node.orelse[0]))
        it = node.iter
        kind = self._loop_range(it)
        if kind is None or not isinstance(it, ast.Call):
            self.report("PA104", f"a jit for loop must iterate over range(), asc.range() or asc.static_range(), "
                        f"not {ast.unparse(it)[:40]}", self.span(it))
            return []
        if not kind:
            return []  # the name of what it iterates over is already reported
        static = kind == "static_range"
        if it.keywords or not 1 <= len(it.args) <= 3:
            self.report("PA301", "range() takes 1 to 3 positional arguments (start, stop, step)", self.span(it))
            return []
        args = [self.lower_expr(a) for a in it.args]
        for a in args:
            if isinstance(a.type, ScalarT) and a.type.dvar.value is not None and a.type.dvar.value.is_float:
                self.report("PA303", f"range() bounds must be integers, got {C.type_label(a)}", a.span)
            elif not static and isinstance(a.type, ScalarT) and isinstance(a.type.const, int) and \
                    not -(2**31) <= a.type.const < 2**31:
                self.report("PA303", f"the loop bound {a.type.const} does not fit an int32: CANN's pyasc makes a "
                            "run-time loop's Python bounds int32 constants (and fails on this one)", a.span)
        if len(args) == 1:
            start: ir.Expr = ir.Const(args[0].span, scalar("int32", 0), 0)
            stop, step = args[0], None
        else:
            start, stop = args[0], args[1]
            step = args[2] if len(args) == 3 else None
        if step is not None and isinstance(step.type, ScalarT) and step.type.const == 0:
            self.report("PA303", "range() step must not be zero", step.span)
        negative = not static and step is not None and isinstance(step.type, ScalarT) and \
            isinstance(step.type.const, (int, float)) and step.type.const < 0
        if negative:
            assert step is not None
            self.report("PA707", f"range() with the negative step {step.type.const}: CANN's pyasc compiles a "  # type: ignore[union-attr]
                        "run-time loop as for (i = start; i < stop; i += step), which counts up only: this loop "
                        "runs zero times (or without end); count up and compute the index (stop - 1 - i)",
                        self._head_span(node), Severity.WARNING)
        if not isinstance(node.target, ast.Name):
            self.unsupported(node.target, "a loop target other than one name")
            return []
        tspan = self.span(node.target)
        if static:
            bounds = [self._static_bound(a) for a in args]
            if any(b is False for b in bounds):
                return []
            if all(isinstance(b, int) for b in bounds):
                return self.unroll(node, node.target.id, range(*bounds))  # type: ignore[arg-type]
        self.enter_block()
        self.loop_blocks.add(self.block[-1])
        var = ir.Symbol(node.target.id, "variable", scalar("int32"), tspan, block=tuple(self.block))
        outer = self.symbols.get(node.target.id)
        self.symbols[node.target.id] = var
        self.all_symbols.append(var)
        body = self.lower_body(node.body)
        self.exit_block()
        if outer is not None:
            self.symbols[node.target.id] = outer
        first, last = (e.type.const if isinstance(e.type, ScalarT) else None for e in (start, stop))
        if not static and isinstance(first, int) and isinstance(last, int) and first >= last:
            return []  # i < stop never holds: CANN's compiler removes the loop (its body was checked above)
        return [ir.For(head, var, tspan, start, stop, step, body, static)]

    def _static_bound(self, a: ir.Expr) -> int | bool | None:
        """An `asc.static_range` bound: its int value; None for a compile-time value not known statically (a
        ConstExpr with no launch value: the C++ keeps a loop over the constexpr); False, reported, for a run-time
        value (the tracer's Python range() cannot take one)."""
        t = a.type
        if not isinstance(t, ScalarT):
            return None if isinstance(t, UnknownT) else False
        if isinstance(t.const, int) and not isinstance(t.const, bool):
            return t.const
        if t.const is None and t.ctime:
            return None
        what = "a run-time value" if t.const is None else f"{t.const!r}"
        self.report("PA303", f"asc.static_range is unrolled at compile time: its bounds must be compile-time ints "
                    f"(module constants, ConstExpr parameters, literals), got {what}; use range() for a run-time "
                    "loop", a.span)
        return False

    def unroll(self, node: ast.For, name: str, values: range) -> list[ir.Stmt]:
        """`for i in asc.static_range(...)`: the body once per value, `i` a compile-time int in each copy, in
        straight-line code (as the tracer runs it), so that `if`s on `i` fold and names assigned stay visible."""
        if len(values) > UNROLL_LIMIT:
            self.report("PA902", f"asc.static_range unrolls {len(values)} copies of its body, more than the "
                        f"{UNROLL_LIMIT} this analysis unrolls; use range() for a long loop", self._head_span(node),
                        Severity.WARNING)
            values = values[:UNROLL_LIMIT]
        outer = self.ct_locals.get(name)
        out: list[ir.Stmt] = []
        tspan = self.span(node.target)
        for v in values:
            if self.returned:
                break
            self.ct_locals[name] = ir.Const(tspan, scalar("int32", v), v, folded=True)
            body = self.lower_body(node.body)
            const = ir.Const(tspan, scalar("int1", True), True)
            out.append(ir.Unrolled(self._head_span(node), const, body, [], True, var=name, value=v))
        if outer is not None:
            self.ct_locals[name] = outer
        return out

    def lower_if(self, node: ast.If) -> list[ir.Stmt]:
        cond = self.lower_expr(node.test)
        static: bool | None = None
        if isinstance(cond.type, ScalarT) and cond.type.const is not None and not isinstance(cond, ir.Name):
            static = bool(cond.type.const)
        elif binding(cond):
            self.report("PA303", f"an if condition must be a number, a bool or a run-time value, not "
                        f"{cond.type.display()} (CANN's pyasc tests only those)", cond.span)
            return []
        if static is not None:
            # resolved at compile time, as the tracer does: only the branch taken exists (inline, so what it
            # assigns is visible after it)
            taken = self.lower_body(node.body if static else node.orelse)
            self.check_dead(node.orelse if static else node.body)
            return [ir.If(self._head_span(node), cond, taken if static else [], [] if static else taken, static)]
        frame = IfFrame(len(self.block))
        before = {name: sym.type for name, sym in self.symbols.items()}
        self.if_frames.append(frame)
        self.enter_block()
        body = self.lower_body(node.body)
        self.exit_block()
        for name in frame.rebound[0]:  # the else branch starts from the values before the if
            if name in self.symbols and name in before:
                self.symbols[name].type = before[name]
        frame.rebound.append({})
        self.enter_block()
        orelse = self.lower_body(node.orelse)
        self.exit_block()
        self.if_frames.pop()
        self.merge_if(frame, before)
        folded = _decided(cond)
        if folded is not None:
            # `False and n > 2`: a run-time condition of known value, which CANN's compiler folds, dropping the
            # branch never taken (both were traced above)
            const = ir.Const(cond.span, scalar("int1", True), True)
            return [ir.If(self._head_span(node), const, body if folded else orelse, [], static)]
        return [ir.If(self._head_span(node), cond, body, orelse, static)]

    def check_dead(self, stmts: list[ast.stmt]) -> None:
        """The branch a compile-time condition rules out is never traced, but CANN resolves every `asc.` name
        of the function before tracing: only those findings are kept."""
        if not stmts:
            return
        with self.sandbox() as sink:
            self.lower_body(stmts)
        for d in sink.items:
            if d.code in ("PA202", "PA205") or d.code == "PA203" and " has no member " in d.message:
                self.diag(d)
