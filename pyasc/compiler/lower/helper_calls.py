"""A jit helper's call as CANN's tracer makes it: the arguments bound to the parameters as Python binds them, and
the one version of the helper the tracer compiles per kernel (from its first call)."""

from __future__ import annotations

import ast

from ..diagnostics.model import Related, Severity, Span
from ..ir import nodes as ir
from ..ir.types import ScalarT, TensorT, Type
from . import binding
from . import calls as C
from .base import LowerBase
from .helper_site import slug


class HelperBindingLowering(LowerBase):
    """Binding a helper call's arguments and checking it against the helper's first call."""

    def check_helper_signature(self, key: str, name: str, params: list[ast.arg], given: list[ir.Expr | None],
                               bindings: dict[str, ir.Expr], constexprs: dict[str, ir.Expr], sp: Span) -> None:
        """CANN's tracer compiles a helper once per kernel, from its first call (its module holds one function per
        name): a later call whose run-time arguments have other types does not fit that function (PA114); one with
        other ConstExpr values runs it unchanged (PA706)."""
        runtime: list[tuple[str, str]] = []
        values: list[tuple[str, object]] = []
        for p, e in zip(params, given, strict=True):
            arg = e if e is not None else bindings.get(p.arg)
            if arg is None:
                continue
            if p.arg in constexprs:
                t = arg.type
                values.append((p.arg, t.const if isinstance(t, ScalarT) else slug(arg)))
                continue
            kind = _runtime_kind(arg.type)
            if kind is not None:
                runtime.append((p.arg, kind))
        first = self.helper_signatures.get(key)
        if first is None:
            self.helper_signatures[key] = (dict(runtime), dict(values), sp)
            return
        kinds, consts, first_span = first
        changed = [f"'{p}' is {k} here, {kinds[p]} there" for p, k in runtime if p in kinds and kinds[p] != k]
        related = (Related(first_span, f"the first call of {name}(), the one CANN's pyasc compiles"),)
        if changed:
            self.report("PA114", f"{name}() is called again with run-time arguments of other types ("
                        f"{'; '.join(changed)}): CANN's pyasc compiles a helper once per kernel, from its first call, "
                        "and this call does not fit it (Failed to run passes); give this call a helper of its own, "
                        "or pass the same types", sp, related=related)
            return
        other = [f"{p}={v!r} (first call: {consts[p]!r})" for p, v in values if p in consts and consts[p] != v]
        if other:
            self.report("PA706", f"{name}() is called again with other ConstExpr values ({', '.join(other)}): CANN's "
                        "pyasc compiles a helper once per kernel, from its first call, and runs that version here "
                        "too; this analysis compiles one version per value, as the Python reads (give the variants "
                        "helpers of their own to get the same code from both)", sp, Severity.WARNING,
                        related=related)

    def bind_helper_args(self, name: str, a: ast.arguments, args: list[C.Arg], sp: Span
                          ) -> tuple[list[ast.arg], list[ast.expr | None], list[ir.Expr | None]] | None:
        """A helper call's arguments bound to its parameters as Python binds them (positional-only, ordinary and
        keyword-only parameters; CANN's tracer binds them with inspect.signature): (the parameters, the default of
        each or None, the argument given for each or None); None when the call does not bind, reported."""
        positional = a.posonlyargs + a.args
        params = positional + a.kwonlyargs
        defaults: list[ast.expr | None] = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
        defaults += list(a.kw_defaults)
        got = binding.places(name, a, tuple((x.keyword, x.keyword_span) for x in args), sp)
        if isinstance(got, tuple):
            self.report(*got)
            return None
        ordered: list[ir.Expr | None] = [None] * len(params)
        for at, x in zip(got, [x for x in args if x.keyword is None] + [x for x in args if x.keyword is not None],
                         strict=True):
            ordered[at] = x.expr
        return params, defaults, ordered


def _runtime_kind(t: Type) -> str | None:
    """The type a run-time helper argument has in CANN's IR, as far as it is known here."""
    if isinstance(t, ScalarT) and t.dvar.value is not None:
        return t.dvar.value.name
    if isinstance(t, TensorT) and t.dvar.value is not None:
        return f"{'GlobalTensor' if t.memory == 'global' else 'LocalTensor'}[{t.dvar.value.name}]"
    return None
