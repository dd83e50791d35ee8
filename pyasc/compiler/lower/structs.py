"""Struct values: field reads and writes, and structs built in a kernel (`Params(total=4)`).

The struct definitions (module Struct subclasses, the tiling structs of the spec) come from compiler/structs.py.
"""

from __future__ import annotations

import ast
import difflib

from ..diagnostics.model import Fix, Related, Span, replace_fix
from ..ir import nodes as ir
from ..ir.types import ScalarT, StructT, Type, UnknownT, scalar
from ..syntax.structs import FieldDef, StructDef, lookup
from . import calls as C
from .base import LowerBase


class StructLowering(LowerBase):
    """Field access, field assignment and struct construction."""

    def field_type(self, f: FieldDef, sp: Span) -> Type:
        if f.struct is not None:
            inner = lookup(self.m.structs, f.struct)
            return StructT(inner) if inner is not None else UnknownT()
        return scalar(f.dtype or "int32", None, sp)

    def struct_member(self, base: ir.Expr, sd: StructDef, attr: str, sp: Span, aspan: Span) -> ir.Expr:
        """`s.field`: the field's value (a scalar, or a nested struct)."""
        f = sd.fields.get(attr)
        if f is None:
            guess = difflib.get_close_matches(attr, list(sd.fields), n=1, cutoff=0.6)
            msg = f"{sd.name} has no field '{attr}'"
            fixes: tuple[Fix, ...] = ()
            if guess:
                msg += f"; did you mean '{guess[0]}'?"
                fixes = (replace_fix(aspan, guess[0]),)
            self.report("PA203", msg, aspan, fixes=fixes)
            return ir.invalid(sp)
        return ir.Member(sp, self.field_type(f, sp), base, f)

    def assign_member(self, node: ast.stmt, target: ast.Attribute, value_node: ast.expr) -> list[ir.Stmt]:
        """`s.field = value`: a scalar field takes a number, a struct field a struct of its type.  (`s.field += v`
        is not the language's: CANN's pyasc rejects an attribute as the target of an augmented assignment.)"""
        tgt = self.lower_expr(target)
        value = self.lower_expr(value_node)
        if not isinstance(tgt, ir.Member) or tgt.field is None:
            if not isinstance(tgt.type, UnknownT):
                self.unsupported(target, f"assigning to an attribute of {tgt.type.display()}",
                               "only struct fields can be assigned")
            return []
        wanted, got = tgt.type, value.type
        ok = isinstance(got, UnknownT) or (isinstance(wanted, ScalarT) and isinstance(got, ScalarT)) or (
            isinstance(wanted, StructT) and isinstance(got, StructT) and wanted.struct.name == got.struct.name)
        if not ok:
            self.report("PA303", f"field '{tgt.field.name}' is {wanted.display()}, got {C.type_label(value)}",
                        value.span)
            return []
        base = tgt.base
        while isinstance(base, ir.Member):
            base = base.base
        if isinstance(base, ir.Name) and base.symbol is not None:
            base.symbol.refs.append(base.span)
        return [ir.MemberAssign(self.span(node), tgt, value)]


    def construct_struct(self, sd: StructDef, args: list[C.Arg], sp: Span) -> ir.Expr:
        """`Params(total=4, shape=Inner(rows=2))`: keyword fields (the language builds structs by field name)."""
        values: dict[str, ir.Expr] = {}
        for a in args:
            if a.keyword is None:
                self.report("PA301", f"{sd.name}() takes its fields by keyword ({', '.join(sd.fields)})", a.expr.span)
                return ir.invalid(sp)
            if a.keyword not in sd.fields:
                self.report("PA302", f"{sd.name} has no field '{a.keyword}' (fields: {', '.join(sd.fields)})",
                          a.keyword_span or a.expr.span)
                return ir.invalid(sp)
            if a.keyword in values:
                self.report("PA301", f"field '{a.keyword}' is given twice", a.keyword_span or a.expr.span,
                          related=(Related(values[a.keyword].span, "first given here"),))
                return ir.invalid(sp)
            values[a.keyword] = a.expr
        return ir.StructNew(sp, StructT(sd), sd, values)
