"""`asc.array`: a C array on the device, as CANN's pyasc makes it (a memref alloca).  Its elements are read and
written at run time, at compile-time or run-time indexes; `len()` of it is its Python length.  A value stored is
converted to the element dtype as CANN's tracer converts it (a Python number by int()/float(), which must fit the
dtype; a run-time scalar by PlainValue.cast, which refuses some pairs)."""

from __future__ import annotations

import ast

from ...language.dtypes import DType
from ..diagnostics.model import Related, Span
from ..ir import nodes as ir
from ..ir.types import ArrayT, DTypeValT, DVar, IntListT, ScalarT, TupleT, UnknownT, scalar
from . import calls as C
from .base import BINOP, LowerBase
from .consteval import Unknown, from_value, py_value

ARRAY_KINDS = ("int", "uint", "float", "bool")
"""The dtypes CANN's Array holds (DataType.is_numeric: its int1 is an integer)."""


def cast_supported(src: DType, dst: DType) -> bool:
    """Whether CANN's PlainValue.cast converts a run-time `src` scalar to `dst`: same width signed int<->float, any
    int<->int, float<->float. Otherwise it raises NotImplementedError ("Arithmetic cast from ... is not supported"),
    or, for an unsigned int<->float of one width, the cast is made and CANN's lowering passes fail ("Failed to run
    passes")."""
    if src.name == dst.name:
        return True
    num = ("int", "uint", "float", "bool")
    if src.kind not in num or dst.kind not in num:
        return False
    fi, ff = src.kind != "float", src.kind == "float"
    ti, tf = dst.kind != "float", dst.kind == "float"
    if src.bits == dst.bits:
        if "uint" in (src.kind, dst.kind) and (ff or tf):
            return False
        return (ff and ti) or (fi and tf) or (fi and ti)
    return (fi and ti) or (ff and tf)


def fits(value: int, d: DType) -> bool:
    """A Python int CANN's builder can make a constant of dtype d (pybind refuses one out of range)."""
    if d.kind == "bool":
        return value in (0, 1)
    lo, hi = (-(2 ** (d.bits - 1)), 2 ** (d.bits - 1)) if d.kind == "int" else (0, 2 ** d.bits)
    return lo <= value < hi


class ArrayLowering(LowerBase):
    """asc.array made, indexed, assigned and measured."""

    def array_new(self, b: C.Binding, sp: Span) -> ir.Expr:
        """`asc.array(dtype, n[, fill])` or `asc.array(dtype, [v, ...])`, with CANN's checks in its order."""
        dtype = b.args.get("dtype")
        d = dtype.type.dvar.value if dtype is not None and isinstance(dtype.type, DTypeValT) else None
        if dtype is not None and not isinstance(dtype.type, (DTypeValT, UnknownT)):
            self.report("PA303", f"asc.array needs a DataType, got {C.type_label(dtype)} (CANN's pyasc calls "
                        "dtype.is_numeric())", dtype.span)
            return ir.invalid(sp)
        if d is not None and d.kind not in ARRAY_KINDS:
            self.report("PA402", f"asc.array holds integers or floats, not {d.name} (CANN's pyasc: Array dtype must "
                        "be integer or float)", dtype.span)  # type: ignore[union-attr]
            return ir.invalid(sp)
        arg = b.args.get("length_or_values")
        fill = b.args.get("fill_value")
        if arg is None or isinstance(arg.type, UnknownT) or (fill is not None and isinstance(fill.type, UnknownT)):
            return ir.invalid(sp)
        dvar = dtype.type.dvar if dtype is not None and isinstance(dtype.type, DTypeValT) else DVar()
        if isinstance(arg.type, (IntListT, TupleT)) and not isinstance(arg, ir.IntList):
            try:  # a module constant or a local bound to a tuple of numbers (`SHAPE = (16, 16)`)
                listed = from_value(arg.span, py_value(arg))
            except Unknown:
                listed = None
            arg = listed if isinstance(listed, ir.IntList) else arg
        if isinstance(arg.type, (IntListT, TupleT)) and isinstance(arg, ir.IntList):
            if fill is not None:
                self.report("PA301", "asc.array takes fill_value only with a length, not with initial values (CANN's "
                            "pyasc: fill_value cannot be provided together with initial values)", fill.span)
                return ir.invalid(sp)
            items = [self.to_element(v, d, "an initial value of asc.array") for v in arg.items]
            length = ir.Const(arg.span, scalar("int32", len(items), arg.span), len(items))
            return ir.ArrayNew(sp, ArrayT(dvar, len(items)), items, length)
        t = arg.type
        if not isinstance(t, ScalarT) or not t.compile_time or (t.dvar.value is not None and t.dvar.value.is_float):
            what = "a run-time value" if isinstance(t, ScalarT) and not t.compile_time else C.type_label(arg)
            self.report("PA303", f"asc.array needs a length known at compile time (a Python int) or a list of "
                        f"values, got {what} (CANN's pyasc takes len() of it: TypeError)", arg.span)
            return ir.invalid(sp)
        n = t.const
        if isinstance(n, bool) or (n is not None and not isinstance(n, int)):
            self.report("PA303", f"asc.array needs an int length, got {n!r}", arg.span)
            return ir.invalid(sp)
        if n is not None and n <= 0:
            self.report("PA303", f"asc.array needs a positive length, got {n} (CANN's pyasc: Array length must be a "
                        "positive integer)", arg.span)
            return ir.invalid(sp)
        items = []
        if fill is not None:
            if not isinstance(fill.type, ScalarT):
                self.report("PA303", f"fill_value of asc.array must be a number, got {C.type_label(fill)}", fill.span)
                return ir.invalid(sp)
            value = self.to_element(fill, d, "the fill_value of asc.array")
            items = [value] * n if n is not None else []
            if n is None:
                return self._sized(ir.ArrayNew(sp, ArrayT(dvar, n), [], arg, value))
        return self._sized(ir.ArrayNew(sp, ArrayT(dvar, n), items, arg))

    def _sized(self, a: ir.ArrayNew) -> ir.ArrayNew:
        """Remember the length as written of an array whose length is a ConstExpr not known here (len() of it)."""
        if a.type.length is None and a.length is not None:  # type: ignore[attr-defined]
            self.array_lengths[id(a.type)] = a.length
        return a

    def to_element(self, value: ir.Expr, d: DType | None, what: str) -> ir.Expr:
        """`value` converted to the element dtype `d` as CANN's tracer materializes it (reported where it refuses)."""
        t = value.type
        if d is None or isinstance(t, UnknownT):
            return value
        if not isinstance(t, ScalarT):
            self.report("PA303", f"{what} must be a number, got {C.type_label(value)}", value.span)
            return value
        if t.const is not None and not isinstance(value, ir.ApiConst):
            v = t.const
            try:
                converted: object = float(v) if d.kind == "float" else int(v)  # type: ignore[arg-type]
            except (TypeError, ValueError, OverflowError):
                return value
            if isinstance(converted, int) and not fits(converted, d):
                self.report("PA303", f"{v!r} does not fit the {d.name} elements of the asc.array: CANN's pyasc makes "
                            f"{what} a constant of that dtype and fails on it", value.span)
                return value
            if converted == v and type(converted) is type(v):
                return value
            return ir.Const(value.span, scalar(d.name, converted, value.span), converted, folded=True)
        od = t.dvar.value
        if t.compile_time or od is None or od.name == d.name:
            return value
        if not cast_supported(od, d):
            self.report("PA402", f"{what} is a {od.name} run-time value; CANN's pyasc converts it to the {d.name} "
                        f"elements and cannot (Arithmetic cast from {od.name} to {d.name} is not supported); convert "
                        "it to a dtype it can cast first", value.span)
            return value
        return ir.CastExpr(value.span, scalar(d.name, None, value.span), d.name, value)

    def array_index(self, base: ir.Expr, sl: ast.expr) -> ir.Expr | None:
        """The index of `a[i]`: an int (a Python number or a run-time integer), certainly inside the array when
        both are known (outside it, the device reads or writes memory that is not the array's)."""
        t = base.type
        assert isinstance(t, ArrayT)
        if isinstance(sl, ast.Slice):
            self.report("PA303", "an asc.array is indexed by one int, not a slice (CANN's pyasc: Unsupported type for "
                        "index materialization: slice)", self.span(sl))
            return None
        index = self.lower_expr(sl)
        it = index.type
        if isinstance(it, UnknownT):
            return None
        d = it.dvar.value if isinstance(it, ScalarT) else None
        if not isinstance(it, ScalarT) or (d is not None and d.is_float):
            self.report("PA303", f"an asc.array index must be an integer, got {C.type_label(index)}", index.span)
            return None
        i = it.const
        if isinstance(i, (int, bool)) and t.length is not None and not 0 <= int(i) < t.length:
            self.report("PA311", f"index {int(i)} is outside the asc.array of {t.length} elements (0 to "
                        f"{t.length - 1}): the device would access memory that is not the array's", index.span,
                        related=self._array_origin(base))
            return None
        return index

    def _array_origin(self, base: ir.Expr) -> tuple[Related, ...]:
        sym = base.symbol if isinstance(base, ir.Name) else None
        return (Related(sym.def_span, f"'{sym.name}' made here"),) if sym is not None else ()

    def array_item(self, base: ir.Expr, node: ast.Subscript, sp: Span) -> ir.Expr:
        """`a[i]`: a run-time scalar of the element dtype."""
        t = base.type
        assert isinstance(t, ArrayT)
        index = self.array_index(base, node.slice)
        if index is None:
            return ir.invalid(sp)
        self._count_read(base)
        return ir.ArrayItem(sp, ScalarT(DVar(t.dvar.value, sp, "array element")), base, index)

    def _count_read(self, base: ir.Expr) -> None:
        if isinstance(base, ir.Name) and base.symbol is not None:
            base.symbol.reads += 1

    def array_setitem(self, node: ast.stmt, base: ir.Expr, target: ast.Subscript, value_node: ast.expr,
                      op: ast.operator | None = None) -> list[ir.Stmt]:
        """`a[i] = v` and `a[i] op= v`: a store of the value, converted to the element dtype."""
        t = base.type
        assert isinstance(t, ArrayT)
        sp = self.span(node)
        if op is not None:
            if BINOP.get(type(op)) is None:
                self.report("PA111", f"operator {type(op).__name__} is not supported", sp)
                return []
            load = ast.copy_location(ast.Subscript(value=target.value, slice=target.slice, ctx=ast.Load()), target)
            expr = ast.copy_location(ast.BinOp(left=load, op=op, right=value_node), node)
            value = self.lower_expr(expr)
            if isinstance(value.type, UnknownT):
                return []
            index = value.left.index if isinstance(value, ir.BinOp) and isinstance(value.left, ir.ArrayItem) \
                else self.array_index(base, target.slice)
        else:
            index = self.array_index(base, target.slice)
            value = self.lower_expr(value_node)
        if index is None or isinstance(value.type, UnknownT):
            return []
        self._count_read(base)
        item = ir.ArrayItem(self.span(target), ScalarT(DVar(t.dvar.value)), base, index)
        value = self.to_element(value, t.dvar.value, f"the value stored in {ast.unparse(target)}")
        return [ir.ItemAssign(sp, item, value)]

    def array_len(self, e: ir.Expr, sp: Span) -> ir.Expr | None:
        """`len(a)`: the Python length CANN's Array gives (a compile-time int)."""
        t = e.type
        if not isinstance(t, ArrayT):
            return None
        if t.length is None:
            length = self.array_lengths.get(id(t))
            if length is not None:
                return length
            self.report("PA204", "len() of an asc.array whose length is a ConstExpr with no value here (a helper's "
                        "parameter) is not generated yet; give the ConstExpr a value (pyasc --const, a launch)", sp)
            return ir.invalid(sp)
        return ir.Const(sp, scalar("int32", t.length, sp), t.length)

    def array_rebound(self, sym: ir.Symbol, value: ir.Expr, tspan: Span, sp: Span) -> list[ir.Stmt] | None:
        """A name holding an array re-bound to a new asc.array of the same dtype and length inside a run-time
        body (CANN's tracer carries the new array out of the body): its elements are set anew in the one C array,
        None when that is not the case."""
        if not isinstance(value, ir.ArrayNew) or not isinstance(sym.type, ArrayT):
            return None
        t = value.type
        assert isinstance(t, ArrayT)
        if t.length is None or t.length != sym.type.length or t.dvar.value != sym.type.dvar.value:
            return None
        sym.refs.append(tspan)
        target = ir.Name(tspan, sym.type, sym)
        return [ir.ItemAssign(sp, ir.ArrayItem(tspan, ScalarT(DVar(t.dvar.value)), target,
                                               ir.Const(tspan, scalar("int32", i, tspan), i)), v)
                for i, v in enumerate(value.items)]

