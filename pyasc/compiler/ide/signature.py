"""Signature help: the overloads of the call being written and the parameter under the cursor."""

from __future__ import annotations

from ...language.spec import Overload
from ..pipeline.results import Analysis
from .answers import Signature, SignatureHelp
from .context import (
    CallContext,
    asc_aliases,
    call_context,
    kernel_scope,
    resolve_callee,
    signature_label,
    visible_params,
)


def signature_help(text: str, line: int, col: int, analysis: Analysis | None,
                   current: Analysis | None = None) -> SignatureHelp | None:
    """Overloads of the API whose argument list holds the cursor, with the active one and its active parameter.

    `analysis` gives types (the last analysis that parsed); `current`, when it is the analysis of `text` itself,
    gives the overload the checker chose.
    """
    ctx = call_context(text, line, col)
    if ctx is None:
        return None
    aliases = asc_aliases(text, analysis)
    scope = kernel_scope(text, line, analysis)
    target = resolve_callee(ctx.callee, aliases, analysis, scope)
    if target is None:
        return None
    sigs = []
    for ov in target.overloads:
        label, labels = signature_label(target.display, ov)
        sigs.append(Signature(label, target.doc, labels))
    active = _choose_overload(target.overloads, ctx)
    if current is not None:
        call = current.call_at(ctx.open_line, ctx.open_col)
        if call is not None and call.api == target.qualname and 0 <= call.overload_index < len(sigs):
            active = call.overload_index
    params = visible_params(target.overloads[active])
    if ctx.active_keyword is not None:
        names = [p.name for p in params]
        active_param: int | None = names.index(ctx.active_keyword) if ctx.active_keyword in names else None
    else:
        active_param = min(ctx.positional, len(params) - 1) if params else None
        if params and ctx.positional >= len(params) and not params[-1].variadic:
            active_param = None
    return SignatureHelp(sigs, active, active_param)


def _choose_overload(overloads: tuple[Overload, ...], ctx: CallContext) -> int:
    """The first form that can take the arguments written so far (the shortest such form for ties)."""
    best: tuple[int, int] | None = None
    for i, ov in enumerate(overloads):
        params = visible_params(ov)
        names = {p.name for p in params}
        fits = (ctx.positional < len(params) or any(p.variadic for p in params)) and all(
            k in names for k in ctx.keywords)
        if ctx.active_keyword is not None and ctx.active_keyword not in names:
            fits = False
        if fits and (best is None or len(params) < best[1]):
            best = (i, len(params))
    return best[0] if best is not None else 0
