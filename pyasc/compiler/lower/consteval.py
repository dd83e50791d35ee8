"""Compile-time values: the types of known constants, and Python's own arithmetic on them.

Everything here is pure: it reads values the module scan (syntax.py) or the lowering already folded, and never
imports or runs the user's file.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from ..diagnostics.model import Span
from ..ir import nodes as ir
from ..ir.types import IntListT, ScalarT, StrT, TupleT, Type, UnknownT, scalar

BINARY: dict[str, Callable[[object, object], object]] = {
    "+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,  # type: ignore[operator]
    "/": lambda x, y: x / y, "//": lambda x, y: x // y, "%": lambda x, y: x % y,  # type: ignore[operator]
    "<<": lambda x, y: x << y if y < 64 else None, ">>": lambda x, y: x >> y,  # type: ignore[operator]
    "&": lambda x, y: x & y, "|": lambda x, y: x | y, "^": lambda x, y: x ^ y,  # type: ignore[operator]
}
UNARY: dict[str, Callable[[object], object]] = {
    "-": lambda v: -v, "+": lambda v: +v, "~": lambda v: ~v, "!": lambda v: not v,  # type: ignore[operator]
}
COMPARE: dict[str, Callable[[object, object], object]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


def int_dtype(value: int) -> str:
    """The narrowest of int32, int64 and uint64 that holds a Python int (masks such as 2**64 - 1 need uint64)."""
    if -(2**31) <= value < 2**31:
        return "int32"
    return "int64" if -(2**63) <= value < 2**63 else "uint64"


def const_type(value: object) -> Type:
    """The type of a module constant's (or a folded index's) value."""
    if isinstance(value, bool):
        return scalar("int1", value)
    if isinstance(value, int):
        return scalar(int_dtype(value), value)
    if isinstance(value, float):
        return scalar("float32", value)
    if isinstance(value, str):
        return StrT(value)
    if isinstance(value, tuple):
        return IntListT(value)
    return UnknownT()


def fold_binary(op: str, a: object, b: object) -> object:
    """`a op b` as Python computes it, or None where Python raises (the value is then unknown)."""
    try:
        return BINARY[op](a, b)
    except (ArithmeticError, TypeError, KeyError, ValueError):
        return None


def fold_power(a: Type, b: Type) -> int | float | None:
    """`a ** b` of two compile-time numbers, within the sizes a kernel can use (None otherwise)."""
    if not isinstance(a, ScalarT) or not isinstance(b, ScalarT) or a.const is None or b.const is None:
        return None
    x, y = a.const, b.const
    if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, (int, float)) or \
            not isinstance(y, (int, float)) or abs(y) > 64 or abs(x) > 2**32:
        return None
    try:
        value = x ** y
    except (ArithmeticError, ValueError):
        return None
    if isinstance(value, complex) or isinstance(value, int) and not -(2**63) <= value <= 2**64:
        return None
    return value


def truth(e: ir.Expr) -> bool:
    """Python's truth of a compile-time value."""
    t = e.type
    if isinstance(e, ir.IntList):
        return bool(e.items)
    if isinstance(t, StrT):
        return bool(t.const)
    return True


class Unknown(Exception):
    """The expression has no Python value known at compile time."""


def py_value(e: ir.Expr) -> object:
    """The Python value of a compile-time expression (a number, bool, str, or a tuple or list of them), as the
    tracer holds it; raises Unknown for anything else (a run-time value, a dtype, a tensor)."""
    t = e.type
    if isinstance(e, ir.IntList):
        items = [py_value(i) for i in e.items]
        return tuple(items) if isinstance(t, TupleT) else items
    if isinstance(e, (ir.Const, ir.ConstName)):
        if isinstance(t, StrT) and isinstance(e.value, str):
            return e.value
        if isinstance(t, IntListT) and isinstance(e.value, tuple):
            return e.value
    if isinstance(t, ScalarT) and t.const is not None and not isinstance(e, ir.ApiConst):
        return t.const
    raise Unknown


def from_value(sp: Span, value: object) -> ir.Expr | None:
    """The IR of a value computed at compile time (emitted as its literal); None for a value C++ cannot hold."""
    if isinstance(value, bool):
        return ir.Const(sp, scalar("int1", value), value, folded=True)
    if isinstance(value, int):
        if not -(2**63) <= value < 2**64:
            return None
        return ir.Const(sp, scalar(int_dtype(value), value), value, folded=True)
    if isinstance(value, float):
        return ir.Const(sp, scalar("float32", value), value, folded=True)
    if isinstance(value, str):
        return ir.Const(sp, StrT(value), value)
    if isinstance(value, (tuple, list)):
        items = [from_value(sp, v) for v in value]
        if any(i is None for i in items):
            return None
        exprs = [i for i in items if i is not None]
        if isinstance(value, list):
            return ir.IntList(sp, IntListT(tuple(value)), exprs)
        return ir.IntList(sp, TupleT(tuple(i.type for i in exprs)), exprs)
    return None
