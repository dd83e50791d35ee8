"""Calls against the API specification: overload resolution, argument kinds, dtype rules and positions.

Everything here reads `pyasc.language`; no API is described twice.  Resolution picks the first overload whose
parameters bind and whose argument kinds fit, as CANN's dispatcher does; when none fits, the diagnostic is chosen
from the closest overload so that it names the one argument that is wrong.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from ...language.dtypes import DTYPES
from ...language.registry import CLASSES, ENUMS
from ...language.spec import ApiSpec, Overload, Param, bind_by_type
from ..diagnostics.model import Diagnostic, Related, Severity, Span, replace_fix
from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    ArrayT,
    ClassRefT,
    Conflict,
    DTypeValT,
    DVar,
    EnumT,
    FuncRefT,
    IntListT,
    NoneT,
    ObjT,
    ScalarT,
    StrT,
    StructT,
    TensorT,
    TupleT,
    Type,
    UnknownT,
    unify,
)
from ..ir.types import bind as bind_dtype
from ..ir.value_kinds import python_number


@dataclass
class Arg:
    """An argument as written: its lowered expression and, for keywords, the keyword's name and span."""

    expr: ir.Expr
    keyword: str | None = None
    keyword_span: Span | None = None


@dataclass
class Binding:
    """The arguments of one call bound to one overload's parameters, with what does not fit."""

    overload: Overload
    index: int
    args: dict[str, ir.Expr] = field(default_factory=dict)
    varargs: list[ir.Expr] = field(default_factory=list)
    mismatches: list[tuple[Param, ir.Expr, str]] = field(default_factory=list)
    """(param, argument, reason) for arguments whose kind does not fit."""


def kind_label(kind: str) -> str:
    return {"Number": "int or float", "IntList": "list of int", "Any": "any value"}.get(kind, kind)


def type_label(t: ir.Expr | Type) -> str:
    typ = t.type if isinstance(t, ir.Expr) else t
    if isinstance(typ, ScalarT):
        d = typ.dvar.value
        if d is None:
            return "scalar"
        return {"int1": "bool"}.get(d.name, "int" if d.is_int and d.name == "int32" else "float" if d.name ==
                                    "float32" else d.name)
    if isinstance(typ, TensorT):
        return "GlobalTensor" if typ.memory == "global" else "LocalTensor"
    if isinstance(typ, DTypeValT):
        return "DataType"
    if isinstance(typ, EnumT):
        return typ.enum
    if isinstance(typ, ObjT):
        return typ.cls
    if isinstance(typ, AddrT):
        return "GlobalAddress"
    if isinstance(typ, StrT):
        return "str"
    if isinstance(typ, IntListT):
        return "list of int"
    if isinstance(typ, NoneT):
        return "None"
    if isinstance(typ, (ClassRefT, FuncRefT)):
        return typ.display()
    return typ.display()


def _subclass(cls: str, wanted: str) -> bool:
    if cls == wanted:
        return True
    spec = CLASSES.get(cls)
    return spec is not None and any(_subclass(b, wanted) for b in spec.bases)


# Enums CANN's tracer hands to its IR builder as they are, which converts an int to the member of that value
# (MatmulPolicy: CANN's Matmul never reads it, and its own default is the int 0); elsewhere CANN reads the
# argument's `.value` (data_sync_barrier(0) fails there), so an int stays an error.
_INT_ENUMS = ("PipeID", "MatmulPolicy")


def enum_member(t: Type, kind: str) -> str | None:
    """The member of the enum `kind` whose value the compile-time int `t` is (`0` for PipeID.PIPE_S), else None."""
    if kind not in _INT_ENUMS or not isinstance(t, ScalarT) or type(t.const) is not int:
        return None
    return next((m for m, v in ENUMS[kind].members.items() if v == t.const), None)


def enum_args(b: Binding) -> None:
    """An int given for an enum parameter (where enum_member converts it) becomes the member of that value."""
    for param in b.overload.params:
        given = b.args.get(param.name)
        member = enum_member(given.type, param.kind) if given is not None and param.kind in ENUMS else None
        if member is not None and given is not None:
            b.args[param.name] = ir.EnumMember(given.span, EnumT(param.kind, member), param.kind, member)


def fits(t: Type, kind: str) -> bool:
    """Whether a value of type t may be passed where the spec says `kind`."""
    if isinstance(t, UnknownT) or kind in ("Any", "object"):
        return True
    if kind.startswith("Union[") and kind.endswith("]"):
        return any(fits(t, k.strip()) for k in _split_union(kind[6:-1]))
    if " | " in kind:
        return any(fits(t, k.strip()) for k in kind.split(" | "))
    if kind in ("LocalTensor", "GlobalTensor", "Tensor", "BaseTensor"):
        if not isinstance(t, TensorT):
            return False
        return kind in ("Tensor", "BaseTensor") or (t.memory == "global") == (kind == "GlobalTensor")
    if kind in ("int", "RuntimeInt"):
        return isinstance(t, ScalarT) and (t.dvar.value is None or not t.dvar.value.is_float)
    if kind in ("float", "RuntimeFloat", "Number", "RuntimeNumeric"):
        return isinstance(t, ScalarT)
    if kind in ("bool", "RuntimeBool"):
        return isinstance(t, ScalarT) and (t.dvar.value is None or t.dvar.value.kind in ("bool", "int", "uint"))
    if kind == "str":
        return isinstance(t, StrT)
    if kind == "DataType":
        return isinstance(t, DTypeValT)
    if kind == "Array":  # what asc.array makes (a Python list there has no to_ir: CANN's ShapeInfo refuses it)
        return isinstance(t, ArrayT)
    if kind in ("IntList", "list", "List[int]", "list[int]", "Sequence[int]"):
        return isinstance(t, (IntListT, TupleT))
    if kind == "TensorList":  # a list of LocalTensors (trans_data_to_5hd)
        return isinstance(t, TupleT) and bool(t.items) and all(isinstance(i, TensorT) for i in t.items)
    if kind.startswith("List[") and kind[5:-1] in CLASSES:  # a list of structs (DataCopy's SliceInfo lists)
        return isinstance(t, TupleT) and bool(t.items) and all(
            isinstance(i, ObjT) and i.cls == kind[5:-1] for i in t.items)
    if kind == "GlobalAddress":
        return isinstance(t, AddrT)
    if kind == "Property":
        return isinstance(t, ScalarT)
    if kind == "None":
        return isinstance(t, NoneT)
    if kind in ENUMS:  # CANN's enums are IntEnums: an int constant that is a member's value is that member
        return isinstance(t, EnumT) and t.enum == kind or enum_member(t, kind) is not None
    if isinstance(t, StructT):
        return t.struct.name == kind or t.struct.name == f"adv.{kind}"
    if kind in CLASSES:
        return isinstance(t, ObjT) and _subclass(t.cls, kind) or (
            isinstance(t, TensorT) and kind in ("LocalTensor", "GlobalTensor")
        )
    # Unknown vocabulary (tiling structs and the like): accept objects and anything not obviously wrong.
    return not isinstance(t, (ScalarT, StrT, DTypeValT)) or kind.startswith("T")


def _split_union(text: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


_Shape = tuple[list[Param], list[Param], "Param | None", frozenset[str], list[str]]
_SHAPES: dict[tuple[int, bool], tuple[Overload, _Shape]] = {}
"""Each overload's parameter partition, by (id, skip_self); the overload is kept alongside so its id stays its own.
Overloads are few and live as long as the process, and every call binds against several."""


def _shape(overload: Overload, skip_self: bool) -> _Shape:
    """(parameters, positional parameters, the variadic one, all names, required names) of an overload."""
    hit = _SHAPES.get((id(overload), skip_self))
    if hit is not None and hit[0] is overload:
        return hit[1]
    params = [p for p in overload.params if not (skip_self and p.name == "self")]
    pos_params = [p for p in params if not p.keyword_only and not p.variadic]
    variadic = next((p for p in params if p.variadic), None)
    shape = (params, pos_params, variadic, frozenset(p.name for p in params), [p.name for p in params if p.required])
    if len(_SHAPES) > 8192:
        _SHAPES.clear()
    _SHAPES[(id(overload), skip_self)] = (overload, shape)
    return shape


def bind(overload: Overload, index: int, args: list[Arg], skip_self: bool) -> Binding | str:
    """Bind written arguments to an overload's parameters; a string says why they do not bind."""
    return _bind(overload, index, [a for a in args if a.keyword is None], [a for a in args if a.keyword is not None],
                 skip_self, False)


def _bind(overload: Overload, index: int, positional: list[Arg], keywords: list[Arg], skip_self: bool,
          quick: bool) -> Binding | str:
    """`bind` of arguments split into positional and keyword ones; `quick`: stop at the first argument whose kind
    does not fit (one mismatch, no reason given: enough to know the overload is not the one)."""
    params, pos_params, variadic, names, required = _shape(overload, skip_self)
    b = Binding(overload, index)
    if overload.by_type:
        return _bind_by_type(b, params, variadic, required, positional, keywords)
    if len(positional) > len(pos_params) and variadic is None:
        return f"takes at most {len(pos_params)} positional arguments, {len(positional)} given"
    for p, a in zip(pos_params, positional, strict=False):
        b.args[p.name] = a.expr
    if variadic is not None:
        b.varargs = [a.expr for a in positional[len(pos_params):]]
    for a in keywords:
        assert a.keyword is not None
        if a.keyword not in names:
            return f"unknown keyword '{a.keyword}'"
        if any(p.positional_only and p.name == a.keyword for p in pos_params):
            return f"'{a.keyword}' is passed by position only"
        if a.keyword in b.args:
            return f"duplicate '{a.keyword}'"
        b.args[a.keyword] = a.expr
    missing = [n for n in required if n not in b.args]
    if missing:
        return f"missing {', '.join(repr(m) for m in missing)}"
    for p in params:
        if p.variadic:
            continue
        arg = b.args.get(p.name)
        if arg is None:
            continue
        if isinstance(arg.type, NoneT) and p.default is None:
            continue
        if not fits(arg.type, p.kind):
            if quick:
                b.mismatches.append((p, arg, ""))
                return b
            b.mismatches.append((p, arg, f"expected {kind_label(p.kind)}, got {type_label(arg)}"))
    return b


def _bind_by_type(b: Binding, params: list[Param], variadic: Param | None, required: list[str],
                  positional: list[Arg], keywords: list[Arg]) -> Binding | str:
    """`bind` for an API whose CANN dispatcher takes its arguments by type, in any order (`spec.bind_by_type`):
    every argument binds a parameter it fits or the variadic one, so a kind never mismatches."""
    bound, rest = bind_by_type(params, positional, [(a.keyword or "", a) for a in keywords],
                               lambda a, kind: fits(a.expr.type, kind))
    if rest and variadic is None:
        return f"takes no argument of type {type_label(rest[0].expr)}"
    b.args = {name: a.expr for name, a in bound.items()}
    b.varargs = [a.expr for a in rest]
    missing = [n for n in required if n not in b.args]
    return f"missing {', '.join(repr(m) for m in missing)}" if missing else b


@dataclass
class Resolution:
    """The overload a call resolves to (None when none fits) and the diagnostics that say why."""

    binding: Binding | None
    diagnostics: list[Diagnostic]


def resolve(
    api: ApiSpec, display: str, args: list[Arg], call_span: Span, callee_span: Span, skip_self: bool
) -> Resolution:
    """Choose an overload or explain precisely why none fits."""
    positional = [a for a in args if a.keyword is None]
    keywords = [a for a in args if a.keyword is not None]
    for i, ov in enumerate(api.overloads):  # the first that fits, found without explaining the others
        r = _bind(ov, i, positional, keywords, skip_self, True)
        if not isinstance(r, str) and not r.mismatches:
            return Resolution(r, [])
    bindings: list[Binding] = []
    reasons: list[str] = []
    for i, ov in enumerate(api.overloads):  # none fits: bound again in full, for the diagnostic
        r = bind(ov, i, args, skip_self)
        if isinstance(r, str):
            reasons.append(r)
            continue
        if not r.mismatches:
            return Resolution(r, [])
        bindings.append(r)
    forms = "\n".join(f"  {display}{_strip_self(o.signature)}" for o in api.overloads)
    if not bindings:
        keyword_errors = [a for a in args if a.keyword is not None and all(
            a.keyword not in {p.name for p in o.params} for o in api.overloads)]
        if keyword_errors:
            a = keyword_errors[0]
            known = sorted({p.name for o in api.overloads for p in o.params if p.name != "self"})
            guess = difflib.get_close_matches(a.keyword or "", known, n=1)
            span = a.keyword_span or a.expr.span
            msg = f"{display}() has no parameter '{a.keyword}'; expected one of: {', '.join(known)}"
            fixes = ()
            if guess:
                msg += f"; did you mean '{guess[0]}'?"
                fixes = (replace_fix(span, guess[0]),)
            return Resolution(None, [Diagnostic("PA302", Severity.ERROR, msg, span, fixes=fixes)])
        dup = next((r for r in reasons if r.startswith("duplicate")), None)
        if dup is not None:
            name = dup.split("'")[1]
            a = next(a for a in args if a.keyword == name)
            return Resolution(None, [Diagnostic("PA305", Severity.ERROR,
                                                f"{display}() got '{name}' twice (by position and by keyword)",
                                                a.keyword_span or a.expr.span)])
        counts = sorted({len([p for p in o.params if p.required and not (skip_self and p.name == 'self')])
                         for o in api.overloads})
        given = len(args)
        expected = " or ".join(str(c) for c in counts)
        msg = (f"{display}() takes {expected} required argument{'s' if counts[-1] != 1 else ''}, {given} given "
               f"({reasons[0]}); its forms are:\n{forms}")
        by_position = next((r for r in reasons if r.endswith("is passed by position only")), None)
        kw_only = sorted({p.name for o in api.overloads if len([q for q in o.params if q.required]) == given
                          for p in o.params if p.keyword_only and p.required})
        if by_position is not None:
            name = by_position.split(" is ")[0]
            msg = f"{display}() takes {name} by position, not by keyword; its forms are:\n{forms}"
        elif kw_only and not any(a.keyword for a in args):
            names = ", ".join(kw_only)
            msg = f"{display}() takes {names} by keyword only ({names.split(', ')[0]}=...); its forms are:\n{forms}"
        return Resolution(None, [Diagnostic("PA301", Severity.ERROR, msg, call_span)])
    best = min(bindings, key=lambda b: len(b.mismatches))
    p, arg, why = best.mismatches[0]
    if isinstance(arg.type, TensorT) and p.kind in ("LocalTensor", "GlobalTensor"):
        where = "Global Memory" if arg.type.memory == "global" else "the Unified Buffer / local memory"
        need = "a LocalTensor (on-chip memory)" if p.kind == "LocalTensor" else "a GlobalTensor (Global Memory)"
        what = "a GlobalTensor" if arg.type.memory == "global" else "a LocalTensor"
        msg = f"'{p.name}' of {display}() must be {need}, but this is {what} in {where}"
        return Resolution(None, [Diagnostic("PA501", Severity.ERROR, msg, arg.span)])
    if len(api.overloads) > 1 and len(best.mismatches) > 1:
        msg = f"no form of {display}() accepts these arguments ({why} for '{p.name}'); its forms are:\n{forms}"
        return Resolution(None, [Diagnostic("PA304", Severity.ERROR, msg, call_span)])
    return Resolution(None, [Diagnostic("PA303", Severity.ERROR, f"'{p.name}' of {display}(): {why}", arg.span)])


def _strip_self(sig: str) -> str:
    return sig.replace("(self, ", "(").replace("(self)", "()")


# -- dtype rules and positions ---------------------------------------------------------------------------------------


@dataclass
class Deferred:
    """An allowed-dtype check that must wait until unification has finished."""

    dvar: DVar
    allowed: frozenset[str]
    api: str
    param: str
    span: Span


@dataclass
class DeferredCombo:
    """A conversion table check (MulCast's (dst, src0, src1) rows), run once every dtype is inferred."""

    dvars: tuple[DVar, ...]
    params: tuple[str, ...]
    rows: frozenset[tuple[str, ...]]
    api: str
    span: Span


def check_rules(
    api: ApiSpec, display: str, b: Binding, report: Callable[[Diagnostic], None],
    deferred: list[Deferred | DeferredCombo],
) -> None:
    """Apply the spec's dtype rules (unifying `same` groups) and position rules to a resolved call."""
    for rule in api.dtype_rules:
        tensors = [(p, b.args[p]) for p in rule.params if p in b.args and isinstance(b.args[p].type, TensorT)]
        typed = tensors + [(p, b.args[p]) for p in rule.params if p in b.args and _typed_struct(b.args[p].type)]
        if rule.same and any(p in b.args and isinstance(b.args[p].type, UnknownT) for p in rule.params):
            for _, e in typed:  # one of the group comes from a failed call (reported): its dtype is not known here
                _element_dvar(e.type).find().lost = True  # type: ignore[arg-type]
        if rule.same and len(typed) > 1:
            (p0, e0) = typed[0]
            for p, e in typed[1:]:
                t0, t1 = e0.type, e.type
                assert isinstance(t0, (TensorT, ObjT)) and isinstance(t1, (TensorT, ObjT))
                conflict = unify(_element_dvar(t0), _element_dvar(t1))
                if conflict is None:
                    continue
                if isinstance(t0, TensorT) and isinstance(t1, TensorT) and "global" in (t0.memory, t1.memory):
                    report(Diagnostic(
                        "PA403", Severity.ERROR,
                        f"conflicting dtypes inferred for this Global Memory tensor: it is {conflict.first.name} "
                        f"from an earlier use but {display}() here needs {conflict.second.name} (like '{p0}')",
                        e.span,
                        related=conflict_sites(conflict, "dtype {} comes from here", "dtype {} comes from here")))
                else:
                    report(Diagnostic(
                        "PA401", Severity.ERROR,
                        f"{display}() needs '{p0}' and '{p}' of one dtype: expected {conflict.first.name} "
                        f"(like '{p0}'), got {conflict.second.name}",
                        e.span, related=conflict_sites(conflict, f"'{p0}' is {{}} here", f"'{p}' is {{}} here")))
        if rule.allowed:
            for p, e in tensors:
                assert isinstance(e.type, TensorT)
                deferred.append(Deferred(e.type.dvar, rule.allowed, display, p, e.span))
        if rule.combos and len(tensors) == len(rule.params):
            dvars = tuple(e.type.dvar for _, e in tensors if isinstance(e.type, TensorT))
            deferred.append(DeferredCombo(dvars, rule.params, rule.combos, display, tensors[0][1].span))
    for name, members in api.members.items():
        e = b.args.get(name)
        if isinstance(e, ir.EnumMember) and e.member not in members:
            shown = ", ".join(f"{e.enum}.{m}" for m in sorted(members))
            report(Diagnostic("PA303", Severity.ERROR, f"'{name}' of {display}() must be one of {shown}, got "
                              f"{e.enum}.{e.member}", e.span))
        value = e.type.dvar.value if e is not None and isinstance(e.type, DTypeValT) else None
        if e is not None and value is not None and value.name not in members:
            report(Diagnostic("PA402", Severity.ERROR, f"{display}() takes {' or '.join(sorted(members))} for "
                              f"'{name}', got {value.name}", e.span))
    for name, (lo, hi) in api.ranges.items():
        e = b.args.get(name)
        value = e.type.const if e is not None and isinstance(e.type, ScalarT) else None
        if type(value) is int and not lo <= value <= hi:
            report(Diagnostic("PA303", Severity.ERROR, f"'{name}' of {display}() must be {lo} to {hi}, got {value}",
                              e.span))
    for name, values in api.literals.items():
        e = b.args.get(name)
        if e is not None and isinstance(e.type, ScalarT):
            _check_literal(display, name, values, e, e.type, report)
    for name, allowed in api.positions.items():
        e = b.args.get(name)
        if e is None or not isinstance(e.type, TensorT):
            continue
        if e.type.memory == "global":
            report(Diagnostic("PA501", Severity.ERROR,
                              f"'{name}' of {display}() must be a LocalTensor in the Unified Buffer "
                              f"({', '.join(sorted(allowed))}), but this is a GlobalTensor in Global Memory; "
                              "copy it in with data_copy first", e.span))
        elif e.type.position is not None and e.type.position not in allowed:
            report(Diagnostic("PA502", Severity.ERROR,
                              f"'{name}' of {display}() must be at {' / '.join(sorted(allowed))}, but this tensor is "
                              f"at {e.type.position}", e.span))


def _check_literal(display: str, name: str, values: tuple[object, ...], e: ir.Expr, t: ScalarT,
                   report: Callable[[Diagnostic], None]) -> None:
    """An argument CANN's tracer takes only as a Python value of `values` (ApiSpec.literals): a run-time value, or a
    value of another type or value, is PA310 (a compile-time value not known here is not checked)."""
    shown = " or ".join(repr(v) for v in dict.fromkeys(values))  # (0, 1, False, True) shows as `0 or 1`
    if not python_number(e):
        report(Diagnostic("PA310", Severity.ERROR, f"'{name}' of {display}() must be a Python value known at compile "
                          f"time ({shown}), but this is a run-time value: CANN's pyasc takes no run-time value here",
                          e.span))
        return
    value = t.const
    if value is None or any(type(value) is type(v) and value == v for v in values):
        return
    same = next((v for v in values if v == value), None)
    fixes = (replace_fix(e.span, repr(same)),) if same is not None else ()
    why = f": CANN's pyasc matches a Python {type(same).__name__} only here" if same is not None else ""
    report(Diagnostic("PA310", Severity.ERROR, f"'{name}' of {display}() must be {shown}, got {value!r}{why}",
                      e.span, fixes=fixes))


def _typed_struct(t: object) -> bool:
    """A struct whose C++ type takes the element dtype of the tensors it is used with (LoadData3DParamsV2<T>)."""
    return isinstance(t, ObjT) and "T" in t.dvars


def _element_dvar(t: TensorT | ObjT) -> DVar:
    return t.dvar if isinstance(t, TensorT) else t.dvars["T"]


def conflict_sites(conflict: Conflict, first: str, second: str) -> tuple[Related, ...]:
    """The two sites of a dtype conflict as related information (`first`/`second` get the dtype name)."""
    out = []
    for site, text, note, d in ((conflict.first_site, first, conflict.first_note, conflict.first),
                                (conflict.second_site, second, conflict.second_note, conflict.second)):
        if site is not None:
            # a dtype from the file's launch says which launch (launches.LaunchDtype.note)
            shown = text.format(d.name)
            out.append(Related(site, f"{shown}: {note}" if note.startswith("the launch passes") else shown))
    return tuple(out)


def check_deferred(items: list[Deferred | DeferredCombo], report: Callable[[Diagnostic], None]) -> None:
    """Run allowed-dtype checks once every dtype that can be inferred has been.  A tensor nothing else types that
    meets an API taking one dtype only (the int32 workspaces of ib_set/sync_all, data_cache_preload's uint64) gets
    that dtype: any other instantiation of the generic kernel would fail the C++ overload.  Conversion tables run
    last, on dtypes each of which is allowed alone (a dtype allowed nowhere is reported once, above)."""
    combos = [d for d in items if isinstance(d, DeferredCombo)]
    single = [d for d in items if isinstance(d, Deferred)]
    for d in single:
        if d.dvar.value is None and len(d.allowed) == 1:
            (only,) = d.allowed
            bind_dtype(d.dvar, DTYPES[only], d.span, f"{d.api}() takes {only} only")
        value = d.dvar.value
        if value is not None and value.name not in d.allowed:
            allowed = ", ".join(sorted(d.allowed))
            report(Diagnostic("PA402", Severity.ERROR,
                              f"{d.api}() does not support {value.name} for '{d.param}': expected one of {allowed}",
                              d.span))
    for c in combos:
        values = [v.value for v in c.dvars]
        if any(v is None for v in values):
            continue
        got = tuple(v.name for v in values if v is not None)
        if got in c.rows or any(g not in {d for r in c.rows for d in r} for g in got):
            continue
        rows = ", ".join("(" + ", ".join(r) + ")" for r in sorted(c.rows))
        report(Diagnostic("PA402", Severity.ERROR,
                          f"{c.api}() does not convert ({', '.join(c.params)}) = ({', '.join(got)}): "
                          f"expected one of {rows}", c.span))
