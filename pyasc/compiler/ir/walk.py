"""Walks over the typed IR that every stage shares: the statements of a body, the expressions of a statement and of an
expression, the API calls of a kernel and the ones that failed to bind."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from . import nodes as ir


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
        found = s.__dict__.get("_exprs")
        call_t, helper_t, invalid_t = ir.Call, ir.HelperCall, ir.Invalid
        cached = [e for e in (stmt_exprs(s) if found is None else found)
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


_BRANCHES: tuple[type | tuple[type, ...], ...] = (
    ir.BinOp, (ir.Call, ir.Construct), ir.Member, ir.StructNew, (ir.UnaryOp, ir.CastExpr), ir.IfExp, ir.HelperCall,
    ir.Subscript, ir.AddrOffset, ir.IntList, ir.ArrayNew, ir.ArrayItem)
"""The expressions with subexpressions, in the order walk_expr tells them apart."""
_KINDS: dict[type, int] = {}
"""Each class of expression met so far: its index in _BRANCHES, -1 for one without subexpressions (a name, a
constant: most of them, told apart at once)."""


def _kind(t: type) -> int:
    k = next((i for i, cls in enumerate(_BRANCHES) if issubclass(t, cls)), -1)
    _KINDS[t] = k
    return k


def walk_expr(e: ir.Expr) -> list[ir.Expr]:
    """`e` and its subexpressions, parents before children, children left to right."""
    out: list[ir.Expr] = []
    stack: list[ir.Expr | None] = [e]
    kinds = _KINDS
    while stack:
        e = stack.pop()
        if e is None:
            continue
        out.append(e)
        k = kinds.get(type(e))
        if k is None:
            k = _kind(type(e))
        if k < 0:
            continue
        if k == 0:
            stack += (e.right, e.left)  # type: ignore[attr-defined]
        elif k == 1:
            children: list[ir.Expr | None] = list(e.args.values())  # type: ignore[attr-defined]
            if isinstance(e, ir.Call):
                children += e.varargs + [e.receiver]
            stack += reversed(children)
        elif k == 2:
            stack.append(e.base)  # type: ignore[attr-defined]
        elif k == 3:
            stack += reversed(list(e.values.values()))  # type: ignore[attr-defined]
        elif k == 4:
            stack.append(e.operand)  # type: ignore[attr-defined]
        elif k == 5:
            stack += (e.other, e.then, e.cond)  # type: ignore[attr-defined]
        elif k == 6:
            stack += reversed(e.args)  # type: ignore[attr-defined]
        elif k == 7:
            stack += (e.index, e.base)  # type: ignore[attr-defined]
        elif k == 8:
            stack += (e.offset, e.base)  # type: ignore[attr-defined]
        elif k == 9:
            stack += reversed(e.items)  # type: ignore[attr-defined]
        elif k == 10:
            stack += reversed(e.items + ([e.fill] if e.fill is not None else []))  # type: ignore[attr-defined]
        else:
            stack += (e.index, e.base)  # type: ignore[attr-defined]
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
            found = s.__dict__.get("_calls_of")
            for e in stmt_calls(s) if found is None else found:
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
