"""Compile-time values: the types of known constants, and Python's own arithmetic on them.

Everything here is pure: it reads values the module scan (syntax.py) or the lowering already folded, and never
imports or runs the user's file.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable

from ..syntax import NotConstant, fold
from ..types import IntListT, StrT, Type, UnknownT, scalar

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


def const_type(value: object) -> Type:
    """The type of a module constant's (or a folded index's) value."""
    if isinstance(value, bool):
        return scalar("int1", value)
    if isinstance(value, int):
        return scalar("int32" if -(2**31) <= value < 2**31 else "int64", value)
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


def fold_fstring(node: ast.JoinedStr, env: dict[str, object]) -> str:
    """An f-string whose parts are all compile-time constants."""
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(str(part.value))
        elif isinstance(part, ast.FormattedValue):
            if part.format_spec is not None:
                raise NotConstant
            out.append(str(fold(part.value, env)))
        else:
            raise NotConstant
    return "".join(out)
