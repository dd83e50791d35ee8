"""Operators: arithmetic with its result types, unary operators, comparisons, and/or, subscripts."""

from __future__ import annotations

import ast
from dataclasses import replace

from ...language.dtypes import DType
from ...language.registry import ENUMS
from ..diagnostics.model import Fix, Severity, Span, TextEdit
from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    ArrayT,
    DTypeValT,
    IntListT,
    NoneT,
    ScalarT,
    StrT,
    TensorT,
    TupleT,
    Type,
    UnknownT,
    scalar,
)
from ..ir.value_kinds import python_number
from . import calls as C
from .base import BINOP, LowerBase
from .consteval import COMPARE, UNARY, Unknown, const_type, fold_binary, fold_power, from_value, py_value
from .introspect import identity

_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


class OperatorLowering(LowerBase):
    """The operator part of a Lowerer."""

    def _arith_type(self, a: ir.Expr, b: ir.Expr, op: str, sp: Span) -> Type:
        t = self._arith_value_type(a, b, op, sp)
        if isinstance(t, ScalarT) and t.const is None and isinstance(a.type, ScalarT) and isinstance(
                b.type, ScalarT) and a.type.compile_time and b.type.compile_time:
            t.ctime = True  # ConstExpr arithmetic stays a compile-time value
        return t

    def _arith_value_type(self, a: ir.Expr, b: ir.Expr, op: str, sp: Span) -> Type:
        ta, tb = a.type, b.type
        if not isinstance(ta, ScalarT) or not isinstance(tb, ScalarT):
            return UnknownT()
        da, db = ta.dvar.value, tb.dvar.value
        const = None
        if ta.const is not None and tb.const is not None:
            const = fold_binary(op, ta.const, tb.const)
        if op == "/" and not (const is None and da is not None and db is not None and da.is_int and db.is_int):
            # Python's true division of compile-time values, or a division with a float operand; between
            # run-time integers CANN's pyasc divides integers (DivSI), handled with the other integer operators
            name = "float32"
            for d in (da, db):
                if d is not None and d.is_float:
                    name = d.name if d.bits >= 16 else name
            return scalar(name, const, sp)
        floats = [d for d in (da, db) if d is not None and d.is_float]
        if floats:
            return scalar(max(floats, key=lambda d: d.bits).name, const, sp)
        ints = [d for d in (da, db) if d is not None and d.is_int]
        if ints:
            widest = max(ints, key=lambda d: d.bits)
            name = widest.name if widest.bits >= 32 else "int32"
            return scalar(name, const, sp)
        return scalar("int32", const, sp)

    def lower_binop(self, node: ast.BinOp, sp: Span) -> ir.Expr:
        op = BINOP.get(type(node.op))
        left = self.lower_expr(node.left)
        right = self.lower_expr(node.right)
        if op is None and isinstance(node.op, ast.Pow):
            value = fold_power(left.type, right.type)
            if value is not None:  # Python's ** of compile-time numbers (`2**64 - 1`), as at trace time
                return ir.Const(sp, const_type(value), value, folded=True)
        if op is None:
            symbol = {ast.Pow: "**", ast.MatMult: "@"}.get(type(node.op), type(node.op).__name__)
            hint = "multiply explicitly (n * n)" if symbol == "**" else ""
            self.report("PA111", f"operator '{symbol}' is not supported in a jit function" + (f"; {hint}" if hint
                        else ""), sp)
            return ir.invalid(sp)
        if op in ("+", "*") and any(isinstance(e, ir.IntList) or isinstance(e.type, StrT) for e in (left, right)):
            sequence = self.sequence_op(op, left, right, sp)  # `[1.0] * 16`, `SHAPE + (1,)`, `"a" + name`
            if sequence is not None:
                return sequence
        if isinstance(left.type, AddrT) and op in ("+",) and isinstance(right.type, ScalarT):
            return ir.AddrOffset(sp, AddrT(left.type.dvar), left, right)
        if isinstance(left.type, (UnknownT,)) or isinstance(right.type, UnknownT):
            return ir.BinOp(sp, UnknownT(), op, left, right)
        if not isinstance(left.type, ScalarT) or not isinstance(right.type, ScalarT):
            if isinstance(left.type, StrT) and isinstance(right.type, StrT) and op == "+":
                return ir.Const(sp, StrT(), None)
            bad = left if not isinstance(left.type, ScalarT) else right
            self.report("PA303", f"operator '{op}' needs numbers, got {C.type_label(bad)}", bad.span)
            return ir.invalid(sp)
        self.check_unsigned_operands(op, (node.left, node.right), (left, right))
        left, right, traced = self.traced_operands(left, right, node, sp)
        result = self._arith_type(left, right, op, sp) if traced is None else scalar(traced.name, None, sp)
        if isinstance(result, ScalarT) and result.const is not None and any(
                isinstance(e, ir.Const) and e.folded for e in (left, right)):
            return ir.Const(sp, const_type(result.const), result.const, folded=True)  # `2**64 - 1`: one literal
        if op == "/":
            da, db = left.type.dvar.value, right.type.dvar.value
            if da is not None and db is not None and da.is_int and db.is_int:
                op_span = self._op_span(node, "/")
                fix_edits = (TextEdit(op_span, "//"),) if op_span else ()
                if isinstance(result, ScalarT) and result.const is not None:
                    msg = ("'/' between compile-time integers gives Python's float "
                           f"({result.const!r}), as in CANN's pyasc; write '//' for an integer")
                else:
                    msg = ("'/' between run-time integers divides integers, as in CANN's pyasc (Python would "
                           "give a float); write '//' to say so")
                self.report("PA404", msg, sp, Severity.WARNING,
                            fixes=(Fix("Use integer division '//'", fix_edits),) if fix_edits else ())
        return ir.BinOp(sp, result, op, left, right)

    def traced_operands(self, a: ir.Expr, b: ir.Expr, node: ast.expr, sp: Span
                        ) -> tuple[ir.Expr, ir.Expr, DType | None]:
        """CANN's arithmetic and comparisons on run-time scalars: the operation has the dtype of its first run-time
        operand (the left one when both are), and the other operand is converted to it, a Python float truncated
        for an int (`n * 2.5` is `n * 2`), a run-time value cast.  Returns the operands as converted and that dtype
        (None when neither operand is a run-time scalar of a known dtype)."""
        ta, tb = a.type, b.type
        if not isinstance(ta, ScalarT) or not isinstance(tb, ScalarT):
            return a, b, None
        first = a if not ta.compile_time else b if not tb.compile_time else None
        d = first.type.dvar.value if first is not None else None  # type: ignore[union-attr]
        if first is None or d is None or d.kind not in ("int", "uint", "float"):
            return a, b, None
        return self._to_traced(a, d, first, node, sp), self._to_traced(b, d, first, node, sp), d

    def _to_traced(self, e: ir.Expr, d: DType, first: ir.Expr, node: ast.expr, sp: Span) -> ir.Expr:
        t = e.type
        assert isinstance(t, ScalarT)
        od = t.dvar.value
        if e is first or od is None or od.name == d.name:
            return e
        if t.const is not None and not isinstance(e, ir.ApiConst):
            value = t.const
            try:
                converted = float(value) if d.is_float else int(value)  # type: ignore[arg-type]
            except (TypeError, ValueError, OverflowError):
                return e
            if d.is_int and not _fits(converted, d):
                src = ast.unparse(node)  # (the operation's text, for the message only)
                self.report("PA303", f"{value!r} does not fit the {d.name} of the run-time operand in {src}: CANN's "
                            f"pyasc makes the Python number a constant of that dtype (it fails on {value!r})", e.span)
                return e
            if d.is_int and converted != value:
                src = ast.unparse(node)
                self.report("PA405", f"{src} is computed in {d.name}, the dtype of its run-time operand, as in CANN's "
                            f"pyasc: the float {value!r} becomes {converted!r}; make the run-time operand a float "
                            f"first (asc.number(..., asc.float32)) to compute in float", e.span, Severity.WARNING)
            if converted == value and not isinstance(value, bool):
                return e  # the same number: C++ converts it as CANN does (and a module constant keeps its name)
            return ir.Const(e.span, scalar(d.name, converted, e.span), converted, folded=True)
        if od.is_float and d.is_int:
            src = ast.unparse(node)
            self.report("PA405", f"{src} is computed in {d.name}, the dtype of its first run-time operand, as in "
                        f"CANN's pyasc: the {od.name} operand is cast to {d.name}; put the float operand first, or "
                        "convert with asc.number(..., asc.float32)", e.span, Severity.WARNING)
        return ir.CastExpr(e.span, scalar(d.name, None, e.span), d.name, e)

    def sequence_op(self, op: str, left: ir.Expr, right: ir.Expr, sp: Span) -> ir.Expr | None:
        """`+` and `*` of compile-time lists, tuples and strings, computed as Python computes them at trace time
        (None when an operand is not compile-time, or Python refuses: the caller reports it)."""
        try:
            a, b = py_value(left), py_value(right)
        except Unknown:
            return None
        if op == "*" and any(isinstance(v, int) and not isinstance(v, bool) and v > 4096 for v in (a, b)):
            return None  # not a list a kernel holds
        value = fold_binary(op, a, b)
        out = from_value(sp, value) if value is not None else None
        if isinstance(out, ir.IntList) and isinstance(out.type, IntListT):
            self.has_lists = True
        return out

    def _op_span(self, node: ast.BinOp, op: str) -> Span | None:
        ls, rs = self.span(node.left), self.span(node.right)
        if ls.end_line != rs.line:
            return None
        text = self.pos.line_text(ls.end_line)
        idx = text.find(op, ls.end_col, rs.col)
        if idx < 0:
            return None
        return Span(ls.end_line, idx, ls.end_line, idx + len(op))

    def lower_unary(self, node: ast.UnaryOp, sp: Span) -> ir.Expr:
        operand = self.lower_expr(node.operand)
        op = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.Not: "!"}[type(node.op)]
        t = operand.type
        if isinstance(t, ScalarT):
            if self.check_traceable_unary(node, op, operand, sp):
                return ir.invalid(sp)  # the tracer stops here: nothing more is said of the value
            const = None
            if t.const is not None:
                try:
                    const = UNARY[op](t.const)
                except TypeError:
                    const = None
            d = t.dvar.value
            name = "int1" if op == "!" else (d.name if d else "int32")
            return ir.UnaryOp(sp, scalar(name, const, sp), op, operand)
        if not isinstance(t, UnknownT):
            self.report("PA303", f"operator '{op}' needs a number, got {C.type_label(operand)}", operand.span)
        return ir.invalid(sp)

    def check_unsigned_operands(self, op: str, nodes: tuple[ast.expr, ...], operands: tuple[ir.Expr, ...]) -> None:
        """CANN's tracer cannot compute with a run-time unsigned scalar (get_length(), GlobalTensor.get_size(),
        get_phy_addr(), get_value of a uint tensor): its IR arithmetic and comparisons take signless integers, and
        its passes fail on the unsigned value (PA113).  Passing such a value on to an API or printf is fine."""
        for node, e in zip(nodes, operands, strict=True):
            t = e.type
            if isinstance(t, ScalarT) and not t.compile_time and t.dvar.value is not None \
                    and t.dvar.value.is_unsigned:
                self.report("PA113", f"'{op}' on the run-time {t.dvar.value.name} value {ast.unparse(node)}: CANN's "
                            "pyasc cannot compute with or compare a run-time unsigned scalar (its passes fail); pass "
                            "the value to an API as it is, or compute from values the kernel knows", e.span)
                return

    def check_traceable_unary(self, node: ast.UnaryOp, op: str, operand: ir.Expr, sp: Span) -> bool:
        """The unary operators CANN's tracer cannot apply (PA113): `-` of a run-time float scalar (its negation
        is no value the tracer can use), `~` of a run-time int, `not` of a Python value (bool and int have no
        `__not__`, which is what the tracer calls).  True for `not` of a Python value, where the tracer stops."""
        t = operand.type
        assert isinstance(t, ScalarT)
        d = t.dvar.value
        refused = op == "-" and not t.compile_time and d is not None and d.is_float or op == "~" and \
            not t.compile_time or op == "!" and python_number(operand)
        if not refused:
            return False
        src = ast.unparse(node.operand)  # (the operand's text, for the messages only)
        text = src if isinstance(node.operand, (ast.Name, ast.Attribute, ast.Call, ast.Constant)) else f"({src})"
        if op == "-" and not t.compile_time and d is not None and d.is_float:
            self.report("PA113", f"unary minus of the run-time {d.name} scalar {text}: CANN's pyasc cannot use the "
                        f"negation of a run-time float (its tracer fails to materialize it); write 0.0 - {text}",
                        sp, fixes=(Fix(f"Use 0.0 - {text}", (TextEdit(sp, f"0.0 - {text}"),)),))
        elif op == "~" and not t.compile_time:
            self.report("PA113", f"'~' of the run-time value {text}: CANN's pyasc has no inversion of a run-time "
                        f"scalar; write -1 - {text} (the same bits for an int)", sp,
                        fixes=(Fix(f"Use -1 - {text}", (TextEdit(sp, f"-1 - {text}"),)),))
        elif op == "!" and python_number(operand):
            self.report("PA113", f"'not' of the compile-time value {src}: CANN's pyasc applies 'not' as a method of "
                        f"its run-time values, which a Python bool or int lacks; write {text} == 0", sp,
                        fixes=(Fix(f"Use {text} == 0", (TextEdit(sp, f"{text} == 0"),)),))
            return True
        return False

    def lower_compare(self, node: ast.Compare, sp: Span) -> ir.Expr:
        if len(node.ops) != 1:
            self.report("PA111", "chained comparisons (a < b < c) are not supported; combine two comparisons "
                        "with 'and'", sp)
            return ir.invalid(sp)
        op = _CMP.get(type(node.ops[0]))
        left = self.lower_expr(node.left)
        right = self.lower_expr(node.comparators[0])
        if op is None:
            name = {ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}[type(node.ops[0])]
            if name in ("is", "is not"):
                same = _same_object(left, right)
                if same is not None:  # identity is a Python bool at trace time
                    value = same == (name == "is")
                    return ir.Const(sp, scalar("int1", value), value)
            self.report("PA111", f"'{name}' is not supported on run-time values; use == or !=", sp)
            return ir.invalid(sp)
        const = None
        if isinstance(left.type, DTypeValT) and isinstance(right.type, DTypeValT) and op in ("==", "!="):
            a, b = left.type.dvar.value, right.type.dvar.value
            if left.type.dvar.find() is right.type.dvar.find() or (a is not None and b is not None):
                value = (left.type.dvar.find() is right.type.dvar.find() or a == b) == (op == "==")
                return ir.Const(sp, scalar("int1", value, sp), value)
            return ir.BinOp(sp, scalar("int1", None, sp), op, left, right)  # IsSameType of the template
        if isinstance(left.type, StrT) and isinstance(right.type, StrT) and \
                isinstance(left, (ir.Const, ir.ConstName)) and isinstance(right, (ir.Const, ir.ConstName)):
            value = COMPARE[op](str(left.value), str(right.value))  # strings compare in Python while tracing
            return ir.Const(sp, scalar("int1", value, sp), value)
        left, right = _enum_as_int(left, right), _enum_as_int(right, left)
        if isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT):
            self.check_unsigned_operands(op, (node.left, node.comparators[0]), (left, right))
            left, right, _ = self.traced_operands(left, right, node, sp)
            if left.type.const is not None and right.type.const is not None:  # type: ignore[union-attr]
                fn = COMPARE[op]
                try:
                    const = fn(left.type.const, right.type.const)
                except TypeError:
                    const = None
        elif not isinstance(left.type, UnknownT) and not isinstance(right.type, UnknownT):
            bad = left if not isinstance(left.type, ScalarT) else right
            self.report("PA303", f"comparison '{op}' needs numbers, got {C.type_label(bad)}", bad.span)
            return ir.invalid(sp)
        result = scalar("int1", const, sp)
        if const is None and isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT) and \
                left.type.compile_time and right.type.compile_time:
            result.ctime = True  # Python compares ConstExpr values while tracing: a Python bool, known then
        return ir.BinOp(sp, result, op, left, right)

    def lower_boolop(self, node: ast.BoolOp, sp: Span) -> ir.Expr:
        if len(node.values) != 2:
            self.report("PA106", f"'{'and' if isinstance(node.op, ast.And) else 'or'}' with {len(node.values)} "
                        "operands is not supported; group pairs with parentheses: (a and b) and c", sp)
            return ir.invalid(sp)
        left, right = self.lower_expr(node.values[0]), self.lower_expr(node.values[1])
        op = "&&" if isinstance(node.op, ast.And) else "||"
        if python_number(left) and python_number(right):
            word, bit = ("and", "&") if op == "&&" else ("or", "|")
            a, b = (ast.unparse(v) for v in node.values)
            a, b = (f"({v})" if not isinstance(n, (ast.Name, ast.Attribute, ast.Call, ast.Constant)) else v
                    for v, n in ((a, node.values[0]), (b, node.values[1])))
            self.report("PA113", f"'{word}' of two compile-time values ({ast.unparse(node.values[0])}, "
                        f"{ast.unparse(node.values[1])}): CANN's pyasc applies '{word}' as a method of its run-time "
                        f"values, which a Python bool lacks; write {a} {bit} {b}", sp,
                        fixes=(Fix(f"Use '{bit}'", (TextEdit(sp, f"{a} {bit} {b}"),)),))
            return ir.invalid(sp)  # the tracer stops here: nothing more is said of the value
        const = None
        if isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT) and left.type.const is not None \
                and right.type.const is not None:
            const = (bool(left.type.const) and bool(right.type.const)) if op == "&&" else (
                bool(left.type.const) or bool(right.type.const))
        return ir.BinOp(sp, scalar("int1", const, sp), op, left, right)

    def lower_subscript(self, node: ast.Subscript, sp: Span) -> ir.Expr:
        base = self.lower_expr(node.value)
        if isinstance(base, (ir.HelperCall, ir.Call)) and isinstance(base.type, TupleT) and base.type.items:
            base = self.held_call(base, node.value)  # `bounds(i)[1]`: the results, indexed at compile time
        if isinstance(base.type, UnknownT):
            return ir.invalid(sp)
        if isinstance(base.type, TensorT):
            sl = node.slice
            if isinstance(sl, ast.Slice):
                if sl.upper is not None or sl.step is not None:
                    self.report("PA101", "a tensor slice with a stop or a step is not supported; write t[start:]",
                                self.span(sl))
                    return ir.invalid(sp)
                index = self.lower_expr(sl.lower) if sl.lower is not None else ir.Const(
                    sp, scalar("int32", 0), 0)
            else:
                index = self.lower_expr(sl)
            if isinstance(index.type, ScalarT) and index.type.dvar.value is not None and \
                    index.type.dvar.value.is_float:
                self.report("PA303", f"a tensor index must be an integer, got {C.type_label(index)}", index.span)
            t = base.type
            return ir.Subscript(sp, TensorT(t.memory, t.dvar, t.position, t.origin, view_of=t), base, index)
        if isinstance(base.type, ArrayT):
            return self.array_item(base, node, sp)
        if isinstance(base, ir.IntList) or isinstance(base, (ir.Const, ir.ConstName)) and isinstance(
                base.type, (IntListT, StrT)):
            return self.compile_time_index(node, base, sp)
        self.report("PA303", f"{base.type.display()} cannot be indexed", sp)
        return ir.invalid(sp)

    def compile_time_index(self, node: ast.Subscript, base: ir.Expr, sp: Span) -> ir.Expr:
        """`SHAPE[i]`, `sizes[1:]`, `name[0]` of a compile-time tuple, list or string: indexed at compile time
        (as the tracer indexes the Python value), so the index must be a compile-time int."""
        sl = node.slice
        try:
            if isinstance(sl, ast.Slice):
                parts = [None if p is None else py_value(self.lower_expr(p)) for p in (sl.lower, sl.upper, sl.step)]
                key: object = slice(*parts)
            else:
                key = py_value(self.lower_expr(sl))
            if isinstance(base, ir.IntList) and isinstance(base.type, TupleT) and isinstance(key, slice):
                items = base.items[key]  # a slice of a tuple of run-time values: a tuple of those items
                return ir.IntList(sp, TupleT(tuple(i.type for i in items)), items)
            if isinstance(base, ir.IntList) and not isinstance(key, slice):
                item = base.items[key]  # type: ignore[index]
                if isinstance(item, ir.Name) and item.symbol is not None:
                    item.symbol.reads += 1  # bufs[0] reads the variable the list holds (a list of TBufs)
                return replace(item, span=sp) if isinstance(item, ir.Const) else item
            value = py_value(base)[key]  # type: ignore[index]
        except Unknown:
            self.report("PA303", f"indexing a compile-time {base.type.display()} needs a compile-time index (the "
                        "tracer indexes the Python value); use a module constant, a literal or an "
                        "asc.static_range variable", self.span(sl))
            return ir.invalid(sp)
        except (IndexError, TypeError, ValueError):
            self.report("PA303", f"index {ast.unparse(sl)} is out of range or not an int for this "
                        f"{base.type.display()}", sp)
            return ir.invalid(sp)
        out = from_value(sp, value)
        if out is None:
            return ir.invalid(sp)
        if isinstance(out, ir.IntList) and isinstance(out.type, IntListT):
            self.has_lists = True
        return out


def _same_object(a: ir.Expr, b: ir.Expr) -> bool | None:
    """`a is b` at trace time where it is known: two compile-time values, or None against anything (a run-time
    value or a tensor is an object of its own, never None)."""
    try:
        return identity(a) == identity(b)
    except LookupError:
        pass
    if isinstance(a.type, NoneT) != isinstance(b.type, NoneT) and not isinstance(a.type, UnknownT) and \
            not isinstance(b.type, UnknownT):
        return False
    return None


def _enum_as_int(e: ir.Expr, other: ir.Expr) -> ir.Expr:
    """An enum member compared with a run-time int is its value (CANN's enums are IntEnums: get_position() ==
    asc.TPosition.VECIN compares with 9)."""
    if isinstance(e, ir.EnumMember) and isinstance(other.type, ScalarT) and e.enum in ENUMS:
        value = ENUMS[e.enum].members.get(e.member)
        if value is not None:
            return ir.Const(e.span, scalar("int32", value, e.span), value)
    return e


def _fits(value: int, d: DType) -> bool:
    lo, hi = (-(2 ** (d.bits - 1)), 2 ** (d.bits - 1)) if d.kind == "int" else (0, 2 ** d.bits)
    return lo <= value < hi
