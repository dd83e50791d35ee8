"""A call of a jit helper: the helper lowered for the call's argument types (one version per kernel, as CANN compiles
it), reused through helper_cache.py where nothing it depends on changed, with its ConstExpr arguments and its result
type at the call."""

from __future__ import annotations

import ast
from dataclasses import replace

from ..diagnostics.model import DiagnosticSink, Severity, Span
from ..ir import nodes as ir
from ..ir import value_kinds as vk
from ..ir.types import NoneT, ScalarT, TupleT, Type, UnknownT, scalar
from ..ir.value_kinds import helper_argument
from ..syntax import constexpr
from ..syntax.module import JitFunction
from . import calls as C
from . import cutoff, helper_cache
from .base import LowerBase, LowerResult


def slug(e: ir.Expr) -> str:
    """A C++ identifier fragment naming a specialization's value."""
    if isinstance(e, ir.EnumMember):
        return e.member.lower()
    if isinstance(e.type, ScalarT) and e.type.const is not None:
        v = e.type.const
        text = ("true" if v else "false") if isinstance(v, bool) else str(v)
        return text.replace("-", "m").replace(".", "p")
    if isinstance(e, ir.DTypeRef) and e.type.dvar.value is not None:  # type: ignore[attr-defined]
        return e.type.dvar.value.name  # type: ignore[attr-defined]
    return "v"


def _returned(t: Type) -> Type:
    """What a helper call gives its caller: CANN's tracer compiles the helper as a function of its own, so a number
    it returns is a run-time value there (a PlainValue, refused by a ConstExpr parameter) even when the helper
    computed it from constants; tensors and other objects are what they are."""
    if isinstance(t, ScalarT) and t.compile_time:
        return replace(t, const=None, ctime=False, is_literal_float=False)
    if isinstance(t, TupleT):
        return TupleT(tuple(_returned(i) for i in t.items))
    return t


class HelperCallLowering(LowerBase):
    """{spec['doc']}"""

    def helper_call(self, name: str, args: list[C.Arg], sp: Span) -> ir.Expr:
        # the kernel's notes of its calls (cutoff.py) stay complete only if this call ends as a cached one
        log, self.call_log = self.call_log, None
        self.helper_calls_made += 1
        jit = self.m.jit[name]
        key, name = name, jit.node.name
        if key in self.stack:
            self.report("PA101", f"recursive call of the jit function '{name}' is not supported", sp)
            return ir.invalid(sp)
        node = jit.node
        reported = len(self.sink.items)
        bound = self.bind_helper_args(name, node.args, args, sp)
        if bound is None:
            if log is not None and len(self.sink.items) == reported + 1:
                # what the rest of the lowering sees of the helper: that the call failed, and its finding
                self.call_log = log
                log.append(cutoff.FailedCall(key, jit, tuple((a.keyword, a.keyword_span) for a in args), sp,
                                             self.sink.items[-1]))
            return ir.failed_call(sp, [a.expr for a in args])
        params, defaults, ordered = bound
        self.helpers_called.add(key)
        foreign = jit.module is not None and jit.module is not self.m
        optional = [i for i, d in enumerate(defaults) if d is not None]
        bindings = self.specialize([params[i] for i in optional], [defaults[i] for i in optional],  # type: ignore
                                   [ordered[i] for i in optional])
        if bindings is None:
            self.report("PA303", f"a default of {name}() is not a compile-time value", sp)
            return ir.invalid(sp)
        constexprs = self.constexpr_arguments(name, params, ordered)
        if constexprs is None:
            return ir.invalid(sp)
        for p, e in zip(params, ordered, strict=True):
            if e is not None and isinstance(e.type, NoneT) and p.arg not in constexprs:
                self.report("PA303", f"None passed to the parameter '{p.arg}' of {name}(): CANN's pyasc passes a "
                            "helper's arguments as run-time values, and None has none (Unsupported value type for "
                            "materialization); leave the parameter out, or pass a number", e.span)
                return ir.invalid(sp)
            if isinstance(e, ir.IntList) and isinstance(e.type, TupleT) and p.arg not in constexprs:
                self.report("PA303", f"a tuple ({e.type.display()}) passed to the parameter '{p.arg}' of {name}(): "
                            "CANN's pyasc passes a helper's arguments as run-time values, and a tuple or list has "
                            "none (Unsupported value type for materialization); pass its items one by one", e.span)
                return ir.invalid(sp)
        bindings.update(constexprs)
        self.check_helper_signature(key, name, params, ordered, bindings, constexprs, sp)
        exprs = [e for p, e in zip(params, ordered, strict=True) if e is not None and p.arg not in bindings]
        arg_types = [e.type if e is not None else UnknownT() for e in ordered]
        # a helper of another module is cached too (its findings are that module's, not in this sink)
        cached = None if self.foreign else self.cacheable_call(jit, ordered, bindings)
        if cached is not None:
            cache_key, copies, opens, reach, parts = cached
            signatures = self.helper_signatures
            entry = helper_cache.get(cache_key, lambda e: all(signatures.get(k, helper_cache.ABSENT) == v
                                                              for k, v in e.seen.items()))
            if entry is not None:
                return self._cached_call(entry, key, jit, sp, exprs, opens, log, parts, copies, bindings, reach)
            seen = {k: self.helper_signatures.get(k, helper_cache.ABSENT) for k in reach}
            kept = None if foreign else cutoff.reuse_helper(
                self.m, jit, self.sink.kernel or "", self.stack, parts, seen, self.helper_module_keys,
                cutoff.once(lambda: cutoff.child(self, jit)))
            if kept is not None:
                helper_cache.put(cache_key, kept)
                return self._cached_call(kept, key, jit, sp, exprs, opens, log, parts, copies, bindings, reach)
            reported = len(self.sink.items)
            unbound = cutoff.pristine(copies) if log is not None else None
            sub, result, done, ret, entry = self.lower_specialization(jit, foreign, copies, bindings, opens, parts,
                                                                      seen, cache_key)
            if done is None or ret is None:
                # the helper left a dtype of its arguments open, for the caller to fix later: lowered again on
                # the caller's own types, as if it were not cacheable
                del self.sink.items[reported:]
                for k, v in seen.items():
                    if v is helper_cache.ABSENT:
                        self.helper_signatures.pop(k, None)
                    else:
                        self.helper_signatures[k] = v  # type: ignore[assignment]
                cached = None
            else:
                helper_cache.replay(opens, done)
                if entry is not None and log is not None and unbound is not None:
                    self.call_log = log
                    log.append(cutoff.Call(key, parts, unbound, bindings, dict(seen), jit, entry, reach))
        if cached is None:
            sub, result = self.lower_helper(jit, foreign, arg_types, bindings)
            ret = _returned(result.kernel.returns or NoneT())
            result.spec = f"{sub.cpp_name}#{id(result):x}"  # (lowered for this call only)
        self.helpers.append(result)
        self.helpers.extend(result.helpers)
        return ir.HelperCall(sp, ret, sub.cpp_name, exprs, spec=result.spec)

    def _cached_call(self, entry: helper_cache.Entry, key: str, jit: JitFunction, sp: Span, exprs: list[ir.Expr],
                     opens: helper_cache.Opens, log: list[cutoff.Call] | None, parts: list[str],
                     copies: list[Type], bindings: dict[str, ir.Expr], reach: list[str]) -> ir.Expr:
        """A call answered by a specialization found (the helper cache, or a kept lowering still true): its
        findings, signatures and dtype effects applied here, as lowering it would have."""
        for d in entry.diagnostics:
            self.sink.add(d)  # (with this kernel's name)
        for k, v in entry.added.items():
            self.helper_signatures.setdefault(k, v)  # type: ignore[arg-type]
        helper_cache.replay(opens, entry.summary)
        self.helpers.append(entry.result)
        self.helpers.extend(entry.result.helpers)
        ret = helper_cache.copy_type(_returned(entry.result.kernel.returns or NoneT()), [])
        if log is not None:
            self.call_log = log
            log.append(cutoff.Call(key, parts, copies, bindings, dict(entry.seen), jit, entry, reach))
        return ir.HelperCall(sp, ret, entry.cpp_name, exprs, spec=entry.result.spec)

    def lower_specialization(self, jit: JitFunction, foreign: bool, copies: list[Type], bindings: dict[str, ir.Expr],
                             opens: helper_cache.Opens, parts: list[str], seen: dict[str, object], cache_key: str
                             ) -> tuple[LowerBase, LowerResult, tuple | None, Type | None, helper_cache.Entry | None]:
        """A cacheable call's specialization lowered on the argument copies (`opens`: their open dtypes), its
        findings in this sink; kept in the helper cache under `cache_key` (and with its own calls, cutoff.keep_helper)
        when it reported no error and left no dtype open.  Returns the Lowerer, the result, what it did to the open
        dtypes (None: it left one open for the caller to fix, or returns one), the caller's copy of the returned type
        (None with it) and the entry kept (None: not kept).  `seen`: the first-call signatures of the helpers it
        reaches, before it ran."""
        reported = len(self.sink.items)
        sub, result = self.lower_helper(jit, foreign, copies, bindings, log=not foreign)
        result.spec = helper_cache.spec_of(sub.cpp_name, parts)
        done = helper_cache.summary(opens)
        ret = None
        if done is not None:
            try:
                ret = helper_cache.copy_type(_returned(result.kernel.returns or NoneT()), [])
            except helper_cache.Open:
                done = None
        found = self.sink.items[reported:]
        if done is None or not helper_cache.keepable(found):
            return sub, result, done, ret, None
        added = {k: self.helper_signatures[k] for k, v in seen.items()
                 if v is helper_cache.ABSENT and k in self.helper_signatures}
        entry = helper_cache.Entry(result, sub.cpp_name, helper_cache.unlabelled(found, self.sink.kernel), dict(seen),
                                   added, done)
        helper_cache.put(cache_key, entry)
        if not foreign:
            cutoff.keep_helper(self.m, jit, parts, self.helper_module_keys, entry, sub.call_log)
        return sub, result, done, ret, entry

    def lower_helper(self, jit: JitFunction, foreign: bool, arg_types: list[Type], bindings: dict[str, ir.Expr],
                     log: bool = False) -> tuple[LowerBase, LowerResult]:
        """Lower one specialization of a helper, its findings reported into this caller's sink (its own for a
        helper of another module); with `log`, its helper calls are noted (`call_log`, lower/cutoff.py)."""
        sink = DiagnosticSink(kernel=jit.node.name) if foreign else self.sink
        sub = type(self)(jit.module if foreign and jit.module is not None else self.m, jit, "helper", sink,
                         arg_types, self.stack)
        sub.ct_locals = dict(bindings)
        if bindings:
            sub.cpp_name = jit.cpp_name + "".join(f"_{p}_{slug(v)}" for p, v in bindings.items())
        sub.foreign = foreign or self.foreign
        sub.helper_signatures = self.helper_signatures
        sub.helper_module_keys = self.helper_module_keys
        sub.deadline = self.deadline
        if log and cutoff.enabled():
            sub.call_log = []
        result = sub.run()  # type: ignore[attr-defined]
        result.foreign = foreign or self.foreign
        if foreign:
            result.kernel.faulty = any(d.severity is Severity.ERROR for d in sink.items)
        if not result.foreign:
            from ..checks.lint import check_unused

            check_unused(result.kernel, self.sink)
        return sub, result

    def cacheable_call(self, jit: JitFunction, ordered: list[ir.Expr | None], bindings: dict[str, ir.Expr]
                       ) -> tuple[str, list[Type], helper_cache.Opens, list[str], list[str]] | None:
        """The cache key of this call's helper specialization (helper_cache.py), the argument types to lower it
        with (copies, with dtype variables of their own), the open dtype variables among them, the jit functions
        it reaches and the key's argument part; None when the call is not cacheable (an argument of a kind the
        cache does not describe, or the helper may call a function being lowered: a recursion)."""
        parts: list[str] = []
        opens = helper_cache.Opens()
        try:
            copies = [helper_cache.copy_type(e.type, parts, opens) if e is not None else UnknownT() for e in ordered]
            parts.append("|")
            helper_cache.bindings_key(bindings, parts)
        except helper_cache.Open:
            return None
        home = jit.module if jit.module is not None else self.m  # (a helper of another module: its keys there)
        memo = self.helper_module_keys.of(self.m, home)
        reach = helper_cache.reachable(home, jit, memo)
        if jit.qualname in reach or any(n in self.stack for n in reach):
            return None
        key = helper_cache.call_key(helper_cache.module_key(home, jit, memo), parts)
        return key, copies, opens, reach, parts

    def constexpr_arguments(self, name: str, params: list[ast.arg], given: list[ir.Expr | None]
                            ) -> dict[str, ir.Expr] | None:
        """The helper's `asc.ConstExpr[...]` parameters with the compile-time values this call gives them: the
        helper is specialized per value (`scale_n_4`), so they fold in it.  A run-time value, or a value of another
        kind than the annotation's, is an error as in CANN's tracer (None, reported)."""
        out: dict[str, ir.Expr] = {}
        for p, e in zip(params, given, strict=True):
            kind = constexpr.inner_kind(p.annotation) if p.annotation is not None else None
            if kind is None or e is None or isinstance(e.type, UnknownT):
                continue
            if isinstance(e.type, ScalarT) and e.type.const is None and e.type.ctime:
                continue  # a ConstExpr of the caller with no value known here: passed on as it is
            value = e.type.const if isinstance(e.type, ScalarT) else None
            # a Python number of the kind asked, however it is spelled (`4`, `N * 2`, a local bound to one), as at
            # trace time; or a dtype
            ok = {"int": isinstance(value, int), "float": isinstance(value, float),
                  "bool": isinstance(value, bool), "DataType": isinstance(e, ir.DTypeRef)}[kind]
            if not ok:
                got = C.type_label(e) if value is None else f"{type(value).__name__} {value!r}"
                if isinstance(e.type, ScalarT) and not e.type.compile_time:
                    got = f"a run-time {got}"  # (a kernel parameter, a value read from a tensor, a helper's result)
                self.report("PA303", f"the ConstExpr[{kind}] parameter '{p.arg}' of {name}() needs a compile-time "
                            f"{kind}, got {got} (CANN's pyasc: ConstExpr[{kind}] is required); pass a literal, a "
                            "module constant or a ConstExpr of the caller", e.span)
                return None
            if isinstance(e.type, ScalarT) and (e.type.ctime or vk.kind(e) is not vk.Kind.NUMBER):
                # the caller's ConstExpr (a constexpr of the caller's C++), arithmetic or a local of the caller: the
                # helper takes the value
                d = e.type.dvar.value
                e = ir.Const(e.span, scalar(d.name if d is not None else "int32", value), value)
            out[p.arg] = e
        return out

    def specialize(self, params: list[ast.arg], defaults: list[ast.expr],
                   given: list[ir.Expr | None]) -> dict[str, ir.Expr] | None:
        """The helper parameters with Python defaults that this call fixes at compile time (the value given, or
        the default): as at trace time, the helper is specialized for them, so `if is_trans_a:` folds.  None when
        a left-out default is no compile-time value."""
        out: dict[str, ir.Expr] = {}
        for p, default, e in zip(params, defaults, given, strict=True):
            if e is None:
                with self.sandbox():
                    self.symbols, self.ct_locals = {}, {}
                    e = self.lower_expr(default)
                if not helper_argument(e):
                    return None
            if helper_argument(e):
                out[p.arg] = e
        return out
