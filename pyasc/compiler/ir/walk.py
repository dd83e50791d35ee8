"""Walks over the typed IR that every stage shares: the statements of a body, the expressions of a statement and of an
expression, the API calls of a kernel and the ones that failed to bind."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from . import nodes as ir

V = TypeVar("V")


def callee(table: Mapping[str, V], e: ir.HelperCall) -> V | None:
    """The specialization a helper call runs in a map of a kernel's helpers: by its own key (ir.HelperCall.spec)
    where the map has one, else by name."""
    if e.spec:
        got = table.get(e.spec)
        if got is not None:
            return got
    return table.get(e.name)


def walk_stmts(stmts: list[ir.Stmt]) -> Iterator[ir.Stmt]:
    for s in stmts:
        yield s
        if isinstance(s, (ir.For, ir.While)):
            yield from walk_stmts(s.body)
        elif isinstance(s, ir.If):
            yield from walk_stmts(s.body)
            yield from walk_stmts(s.orelse)


_EXPR_FIELDS = ("target", "value", "expr", "cond", "start", "stop", "step", "call")
_FIELDS: dict[type, tuple[str, ...]] = {}
"""Per class of statement, which of _EXPR_FIELDS it has (a dataclass's fields; every name for another class)."""


def _fields(t: type) -> tuple[str, ...]:
    if dataclasses.is_dataclass(t):
        names = {f.name for f in dataclasses.fields(t)}
        got = tuple(n for n in _EXPR_FIELDS if n in names)
    else:
        got = _EXPR_FIELDS
    _FIELDS[t] = got
    return got


def stmt_exprs(s: ir.Stmt) -> list[ir.Expr]:
    """Every expression of a statement (not of its body), in source order; computed once per statement, as the
    checks walk the same statements several times."""
    cached: list[ir.Expr] | None = s.__dict__.get("_exprs")
    if cached is None:
        cached = []
        fields = _FIELDS.get(type(s))
        for name in _fields(type(s)) if fields is None else fields:
            e = getattr(s, name, None)
            if isinstance(e, ir.Expr):
                cached += walk_expr(e)
        s.__dict__["_exprs"] = cached
    return cached


def stmt_calls(s: ir.Stmt) -> list[ir.Expr]:
    """The calls among a statement's expressions, in stmt_exprs' order: resolved API calls, jit helper calls and
    calls that failed to bind (with their operands); computed once per statement, for the checks that look at calls
    only."""
    cached: list[ir.Expr] | None = s.__dict__.get("_calls_of")
    if cached is None:
        call_t, helper_t, invalid_t = ir.Call, ir.HelperCall, ir.Invalid
        cached = [e for e in stmt_exprs(s)
                  if (isinstance(e, call_t) and e.api is not None) or isinstance(e, helper_t)
                  or (isinstance(e, invalid_t) and e.operands)]
        s.__dict__["_calls_of"] = cached
    return cached


def generic_constant(e: ir.Expr) -> bool:
    """Whether e is a constant of the C++ template: literals and constants combined with DataType methods of a
    generic dtype (`x.dtype.sizeof() == 2`), nothing read at run time."""
    for sub in walk_expr(e):
        if isinstance(sub, ir.Call):
            if sub.api is None or not sub.api.name.startswith("DataType."):
                return False
        elif not isinstance(sub, (ir.Const, ir.ConstName, ir.BinOp, ir.UnaryOp, ir.DTypeRef, ir.CastExpr,
                                  ir.ApiConst)):
            return False
    return True


def _call_children(e: ir.Call | ir.Construct) -> list[ir.Expr | None]:
    children: list[ir.Expr | None] = list(e.args.values())
    if isinstance(e, ir.Call):
        children += e.varargs + [e.receiver]
    return children[::-1]


_BRANCHES: tuple[tuple[type | tuple[type, ...], Callable[[Any], Sequence[ir.Expr | None]]], ...] = (
    (ir.BinOp, lambda e: (e.right, e.left)),
    ((ir.Call, ir.Construct), _call_children),
    (ir.Member, lambda e: (e.base,)),
    (ir.StructNew, lambda e: list(e.values.values())[::-1]),
    ((ir.UnaryOp, ir.CastExpr), lambda e: (e.operand,)),
    (ir.IfExp, lambda e: (e.other, e.then, e.cond)),
    (ir.HelperCall, lambda e: e.args[::-1]),
    (ir.Subscript, lambda e: (e.index, e.base)),
    (ir.AddrOffset, lambda e: (e.offset, e.base)),
    (ir.IntList, lambda e: e.items[::-1]),
    (ir.ArrayNew, lambda e: (e.items + ([e.fill] if e.fill is not None else []))[::-1]),
    (ir.ArrayItem, lambda e: (e.index, e.base)),
)
"""The expressions with subexpressions, each with its children in the order walk_expr pushes them (the last pushed
is walked first)."""
_CHILDREN: dict[type, Callable[[Any], Sequence[ir.Expr | None]] | None] = {}
"""Each class of expression met so far: its entry of _BRANCHES, None for one without subexpressions (a name, a
constant: most of them, told apart at once)."""


def _children_of(t: type) -> Callable[[Any], Sequence[ir.Expr | None]] | None:
    got = next((fn for cls, fn in _BRANCHES if issubclass(t, cls)), None)
    _CHILDREN[t] = got
    return got


def walk_expr(e: ir.Expr) -> list[ir.Expr]:
    """`e` and its subexpressions, parents before children, children left to right."""
    out: list[ir.Expr] = []
    stack: list[ir.Expr | None] = [e]
    table = _CHILDREN
    while stack:
        e = stack.pop()
        if e is None:
            continue
        out.append(e)
        t = type(e)
        children = table[t] if t in table else _children_of(t)
        if children is not None:
            stack += children(e)
    return out


def calls_in(kernel: ir.KernelIR) -> list[ir.Call]:
    """Every resolved API call of the kernel, in order (computed once per kernel, in one pass with the helper calls
    and the failed calls)."""
    cached = getattr(kernel, "_calls", None)
    if cached is None:
        both: list[ir.Call | ir.HelperCall] = []
        failed: list[ir.Invalid] = []
        cached = []
        call_t, helper_t = ir.Call, ir.HelperCall
        for s in walk_stmts(kernel.body):
            for e in stmt_calls(s):
                if isinstance(e, call_t):
                    both.append(e)
                    cached.append(e)
                elif isinstance(e, helper_t):
                    both.append(e)
                else:
                    failed.append(e)  # type: ignore[arg-type]
        kernel._calls = cached  # type: ignore[attr-defined]
        kernel._calls_and_helpers = both  # type: ignore[attr-defined]
        kernel._failed = failed  # type: ignore[attr-defined]
    return cached


def calls_and_helpers_in(kernel: ir.KernelIR) -> list[ir.Call | ir.HelperCall]:
    """Every resolved API call and jit helper call of the kernel, in order (computed with calls_in)."""
    calls_in(kernel)
    return kernel._calls_and_helpers  # type: ignore[attr-defined]


def failed_calls(kernel: ir.KernelIR) -> list[ir.Invalid]:
    """Every call of the kernel that failed to bind (reported where it was made), in order (computed with
    calls_in)."""
    calls_in(kernel)
    return kernel._failed  # type: ignore[attr-defined]


def set_up_by_failed_calls(kernel: ir.KernelIR) -> set[str]:
    """The names a failed call was given: the objects it would have set up (a queue init_buffer gives memory, a
    GlobalTensor set_global_buffer points at its buffer), in a way no check can know. They count as set up, so
    the one error of that call is the only finding about them."""
    names: set[str] = set()
    for bad in failed_calls(kernel):
        for operand in bad.operands:
            for e in walk_expr(operand):
                if isinstance(e, ir.Name) and e.symbol is not None:
                    names.add(e.symbol.name)
    return names
