"""How a call's arguments bind to a jit helper's parameters, as Python binds them: where each argument goes, or the
one finding that says why the call does not bind.  A function of the parameter list and of the arguments' shape
(how many, which keywords), not of their values, so that a kept lowering can tell whether a call it saw fail still
fails the same way once the helper's parameters changed (lower/cutoff.py)."""

from __future__ import annotations

import ast

from ..diagnostics.model import Span

Shape = tuple[tuple[str | None, Span | None], ...]
"""A call's arguments as the binding reads them: per argument, its keyword (None: positional) and that keyword's
span."""

Failure = tuple[str, str, Span]
"""Why a call does not bind: its code, message and span."""


def places(name: str, a: ast.arguments, shape: Shape, sp: Span) -> list[int] | Failure:
    """The index of the parameter each argument binds to (positional-only, ordinary, then keyword-only; the
    positional arguments first, then the keywords, each in order), or the failure that stops the call from binding
    (CANN's tracer binds with inspect.signature, which raises there)."""
    positional = a.posonlyargs + a.args
    params = positional + a.kwonlyargs
    given = sum(1 for keyword, _ in shape if keyword is None)
    if given > len(positional):
        return "PA301", f"{name}() takes {len(positional)} positional arguments, {given} given", sp
    by_name = {p.arg: i for i, p in enumerate(params) if i >= len(a.posonlyargs)}
    filled = [False] * len(params)
    out: list[int] = []
    for keyword, _ in shape:  # the positional arguments first, in order
        if keyword is None:
            filled[len(out)] = True
            out.append(len(out))
    for keyword, keyword_span in shape:
        if keyword is None:
            continue
        at = by_name.get(keyword)
        if at is None:
            only = " (it is positional-only)" if keyword in {p.arg for p in a.posonlyargs} else ""
            return "PA302", f"{name}() has no parameter '{keyword}'{only}", keyword_span or sp
        if filled[at]:
            return "PA305", f"{name}() gets '{keyword}' twice", keyword_span or sp
        filled[at] = True
        out.append(at)
    defaults = [False] * (len(positional) - len(a.defaults)) + [True] * len(a.defaults)
    defaults += [d is not None for d in a.kw_defaults]
    missing = [p.arg for p, f, d in zip(params, filled, defaults, strict=True) if not f and not d]
    if missing:
        return "PA301", (f"{name}() is missing arguments: {', '.join(missing)} ({len(params)} parameters, "
                         f"{len(shape)} arguments given)"), sp
    return out


def failure(name: str, a: ast.arguments, shape: Shape, sp: Span) -> Failure | None:
    """The finding of a call that does not bind, else None."""
    got = places(name, a, shape, sp)
    return got if isinstance(got, tuple) else None
