"""Constant folding of module-level expressions: Python's arithmetic on known values and the pure functions of
compiler/pure.py, never the user's code."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping

from . import pure

_BINOPS: dict[type, Callable[[object, object], object]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
    ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.Pow: operator.pow,
}


_UNOPS: dict[type, Callable[[object], object]] = {
    ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert, ast.Not: operator.not_,
}


class NotConstant(Exception):
    """The expression's value is not known before run time."""


def fold(node: ast.expr, env: dict[str, object], names: Mapping[str, str] | None = None) -> object:
    """Evaluate a constant expression over known constants; raises NotConstant otherwise. Never runs user code.

    `names` maps the module's names of pure functions and constants (`math`, `sqrt`, `min`) to what they denote
    (pure.py): calls of those on folded values are computed by our own tables, never looked up in the file."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, bool, str)):
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if names is not None and isinstance(node, (ast.Name, ast.Attribute)):
        qualified = pure.resolve(node, names)
        if qualified is not None and qualified.startswith("math.") and qualified[5:] in pure.MATH_CONSTANTS:
            return pure.MATH_CONSTANTS[qualified[5:]]
        raise NotConstant
    if names is not None and isinstance(node, ast.Call) and not node.keywords:
        qualified = pure.resolve(node.func, names)
        if qualified is None or any(isinstance(a, ast.Starred) for a in node.args):
            raise NotConstant
        args = tuple(fold(a, env, names) for a in node.args)
        try:
            value = pure.call(qualified, args)
        except pure.NotPure:
            raise NotConstant from None
        if not isinstance(value, (int, float, bool, str, tuple)) or isinstance(value, int) and not \
                -(2**63) <= value < 2**64:
            raise NotConstant
        return value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = fold(node.left, env, names), fold(node.right, env, names)
        if not all(isinstance(v, (int, float)) for v in (left, right)):
            if isinstance(node.op, ast.Add) and isinstance(left, str) and isinstance(right, str):
                return left + right
            raise NotConstant
        if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > 2**32):  # type: ignore[arg-type]
            raise NotConstant
        if isinstance(node.op, (ast.LShift,)) and right > 64:  # type: ignore[operator]
            raise NotConstant
        try:
            return _BINOPS[type(node.op)](left, right)
        except (ArithmeticError, ValueError, TypeError):
            raise NotConstant from None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNOPS:
        value = fold(node.operand, env, names)
        if not isinstance(value, (int, float, bool)):
            raise NotConstant
        try:
            return _UNOPS[type(node.op)](value)
        except TypeError:
            raise NotConstant from None
    if isinstance(node, ast.Tuple):
        return tuple(fold(e, env, names) for e in node.elts)
    raise NotConstant
