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

from ..diagnostics.model import Severity, Span
from ..ir import nodes as ir
from ..ir.types import ScalarT, UnknownT
from ..ir.value_kinds import global_value
from .base import LowerBase


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
        if errors or not global_value(value):
            return ir.Expr(sp, UnknownT())
        t = value.type
        if isinstance(t, ScalarT) and t.const is not None and not isinstance(value, ir.ApiConst):
            return ir.Const(sp, t, t.const)  # computed from other names: the value, not the expression
        return replace(value, span=sp)

