"""Values of a kernel's `asc.ConstExpr[...]` parameters, which the generated C++ needs at compile time.

CANN's pyasc specializes a kernel per launch on its ConstExpr values.  Statically, the value of each one comes,
in this order, from `pyasc --const NAME=VALUE` (Config.consts), from a launch in the same file whose argument is a
literal or a compile-time expression of module constants (`kernel[8](x, y, 256, BUFFER_NUM)`), or from the
documented default (DEFAULTS).  The C++ holds each as a `constexpr` at the top of the kernel, so queue depths,
template arguments and sizes taken from it are compile-time constants; a value from --const or a launch is also
what the capacity checks use.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...language import dtypes as dt
from .fold import NotConstant, fold
from .launches import find_launches, launch_root

__all__ = ["ConstValue", "find_launches", "inner_kind", "launch_root", "leaf_name", "values"]

DEFAULTS: dict[str, object] = {"int": 1, "float": 1.0, "bool": False}
"""The value of a ConstExpr no --const and no launch gives: 1, 1.0, False (a DataType one stays generic and is
instantiated with DTYPE)."""


@dataclass(frozen=True)
class ConstValue:
    """The value a ConstExpr parameter has in the C++, and where it came from."""

    value: object
    """An int, float or bool, or a DType for ConstExpr[DataType]; None when only the default is known."""
    source: str
    """'--const', 'launch' or 'default'."""


def leaf_name(node: ast.expr) -> str:
    """The last dotted part of an expression's text (`ConstExpr` of `asc.ConstExpr`): a name's or attribute's own,
    read without unparsing it (every parameter of every call is asked)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ast.unparse(node).split(".")[-1]


def inner_kind(annotation: ast.expr) -> str | None:
    """'int', 'float', 'bool' or 'DataType' for a `ConstExpr[...]` annotation, None for any other."""
    if isinstance(annotation, ast.Subscript):
        if leaf_name(annotation.value) != "ConstExpr":
            return None
        leaf = leaf_name(annotation.slice)
        return leaf if leaf in ("int", "float", "bool", "DataType") else "int"
    return "int" if leaf_name(annotation) == "ConstExpr" else None


def _fold_arg(node: ast.expr, constants: dict[str, object], asc_aliases: set[str]) -> object:
    """A launch argument's compile-time value: a literal, a module constant expression or `asc.<dtype>`."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in asc_aliases:
        d = dt.lookup(node.attr)
        if d is not None:
            return d
    try:
        value = fold(node, constants)
    except (NotConstant, RecursionError):
        return None
    return value if isinstance(value, (bool, int, float)) else None


def _parse_cli(text: str, kind: str) -> object:
    low = text.strip().lower()
    if kind == "bool":
        return low in ("1", "true", "yes", "on")
    if kind == "DataType":
        return dt.lookup(low.removeprefix("asc."))
    try:
        return float(low) if kind == "float" else int(low, 0)
    except ValueError:
        return None


def values(fn: ast.FunctionDef | ast.AsyncFunctionDef, root: ast.AST, constants: dict[str, object],
           asc_aliases: set[str], cli: dict[str, str]) -> dict[str, ConstValue]:
    """The value of each ConstExpr parameter of the kernel `fn`, with where it came from."""
    params = fn.args.posonlyargs + fn.args.args
    kinds = {p.arg: k for p in params if p.annotation is not None and (k := inner_kind(p.annotation))}
    if not kinds:
        return {}
    launched: dict[str, object] = {}
    for call in find_launches(root, fn.name):
        for i, arg in enumerate(call.args):
            if i < len(params) and params[i].arg in kinds and params[i].arg not in launched:
                launched[params[i].arg] = _fold_arg(arg, constants, asc_aliases)
        for kw in call.keywords:
            if kw.arg in kinds and kw.arg not in launched:
                launched[kw.arg] = _fold_arg(kw.value, constants, asc_aliases)
    out: dict[str, ConstValue] = {}
    for name, kind in kinds.items():
        given = _parse_cli(cli[name], kind) if name in cli else None
        if given is not None:
            out[name] = ConstValue(given, "--const")
        elif launched.get(name) is not None:
            out[name] = ConstValue(_as_kind(launched[name], kind), "launch")
        else:
            out[name] = ConstValue(DEFAULTS.get(kind), "default")
    return out


def _as_kind(value: object, kind: str) -> object:
    if kind == "DataType":
        return value if isinstance(value, dt.DType) else None
    if isinstance(value, dt.DType):
        return None
    return {"int": int, "float": float, "bool": bool}[kind](value)  # type: ignore[operator]
