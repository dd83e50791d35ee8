"""Module-level names bound to expressions that do not fold to a number, string or tuple (`DTYPE = asc.float16`,
`MODE = asc.RoundMode.CAST_ROUND`): compile-time values as CANN's tracer sees them in the module's globals.

The bound expression is evaluated by the front end itself, in an empty local scope and with its findings
discarded: a compile-time value (a number, dtype, enum member, class, API, tuple of them) becomes that value;
anything else (a call of an ordinary function, a numpy array) is a value not known statically, typed unknown so
that it raises no false error.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from .. import ir
from ..diagnostics import Severity, Span
from ..types import ClassRefT, FuncRefT, IntListT, ModuleT, ScalarT, TupleT, UnknownT
from .base import LowerBase

_COMPILE_TIME = (ir.Const, ir.ConstName, ir.DTypeRef, ir.EnumMember, ir.ApiConst)


class CompileTimeLowering(LowerBase):
    """The part of a Lowerer that reads names bound outside the function."""

    def outer_value(self, name: str, sp: Span) -> ir.Expr:
        node = self.m.ct_exprs[name]
        if name in self._evaluating:
            return ir.Expr(sp, UnknownT())
        self.module_refs.setdefault(name, []).append(sp)
        return self._evaluate_outside(name, node, sp)

    def _evaluate_outside(self, name: str, node: ast.expr, sp: Span) -> ir.Expr:
        """Lower the bound expression in an empty scope; keep it only when it is a compile-time value."""
        self._evaluating.add(name)
        try:
            with self.sandbox() as sink:
                self.symbols = {}
                self.ct_locals = {}
                value = self.lower_expr(node)
        finally:
            self._evaluating.discard(name)
        errors = any(d.severity == Severity.ERROR for d in sink.items)
        if errors or not _is_compile_time(value):
            return ir.Expr(sp, UnknownT())
        t = value.type
        if isinstance(t, ScalarT) and t.const is not None and not isinstance(value, ir.ApiConst):
            return ir.Const(sp, t, t.const)  # computed from other names: the value, not the expression
        return replace(value, span=sp)


def _is_compile_time(e: ir.Expr) -> bool:
    t = e.type
    if isinstance(e, _COMPILE_TIME):
        return not isinstance(t, ScalarT) or t.const is not None or isinstance(e, ir.ApiConst)
    if isinstance(t, (ClassRefT, ModuleT, FuncRefT)) and not isinstance(e, ir.MethodRef):
        return True
    if isinstance(e, ir.IntList):
        if isinstance(t, IntListT):
            return all(v is not None for v in t.items)
        return isinstance(t, TupleT) and all(_is_compile_time(i) for i in e.items)
    if isinstance(e, (ir.BinOp, ir.UnaryOp, ir.CastExpr)):
        return isinstance(t, ScalarT) and t.const is not None
    return False
