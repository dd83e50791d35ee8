"""API calls generated from the spec's own declarations (pyasc/language/api/*.py), valid and deliberately invalid.

Every function of the spec whose overload takes only parameters of kinds this module can build (tensors, numbers,
booleans, masks, enums, dtypes, parameter structs with generatable constructors) is a candidate, so an API added to
the spec is generated without editing this file.  The dtypes come from the API's dtype rules (an allowed dtype,
or a combination of its table), the counts and masks from the tensors' dtype, the enum members from the spec's
enum tables; a mutation replaces one of those by a form CANN's tracer should reject.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache

from pyasc.language import registry
from pyasc.language.dtypes import lookup as dtype_lookup
from pyasc.language.spec import ApiSpec, Overload, Param

DTYPES = ("int8", "uint8", "int16", "uint16", "int32", "uint32", "float16", "float32")
"""The element dtypes programs use (all of them have numpy and Ascend C counterparts)."""
TENSOR_KINDS = frozenset({"LocalTensor", "Tensor"})
SCALAR_KINDS = frozenset({"int", "float", "Number", "bool", "IntList", "DataType"})
MUTATIONS = ("bad_dtype", "bad_mixed", "bad_count_type", "bad_missing", "bad_extra", "bad_keyword", "bad_enum",
             "bad_position")
COUNT = "@count"
"""The placeholder of the count expression in a call's text (the generator puts a name, a field, ... there)."""


def size_of(dtype: str) -> int:
    d = dtype_lookup(dtype)
    return max(1, (d.bits if d is not None else 32) // 8)


def _struct_ok(kind: str) -> bool:
    cls = registry.CLASSES.get(kind)
    return cls is not None and bool(cls.fields) and any(
        all(p.kind in ("int", "bool") or not p.required for p in c.params) for c in cls.constructors)


def _buildable(p: Param) -> bool:
    return (p.kind in TENSOR_KINDS or p.kind in SCALAR_KINDS or p.kind in registry.ENUMS or _struct_ok(p.kind)) \
        and not p.variadic


def usable(o: Overload) -> bool:
    """Every required parameter can be built, at least one is a tensor, the result is one we can hold, and the form
    is one CANN's pyasc 1.1.1 has (not a keyword form added by rule to a hand-written method)."""
    if o.rule:
        return False
    needed = [p for p in o.params if p.required]
    return all(_buildable(p) for p in needed) and any(p.kind in TENSOR_KINDS for p in needed) \
        and (o.returns == "None" or o.returns.startswith("Scalar["))


@cache
def candidates() -> list[ApiSpec]:
    """The spec's functions with at least one generatable overload, in the spec's order (deterministic): the ones
    CANN's pyasc 1.1.1 binds (the oracle), not those known only by rule from the Ascend C headers (api/rule/),
    which that tracer lacks by definition."""
    return [a for a in registry.APIS.values() if not a.rule and any(usable(o) for o in a.overloads)]


@dataclass
class Call:
    """One generated call: the statement, the tensors it needs (name -> (slot, dtype)), what was planted."""

    api: str
    family: str
    text: str
    tensors: dict[str, tuple[int, str, str]] = field(default_factory=dict)
    """Tensor parameter -> (buffer slot, dtype, TPosition)."""
    mutation: str = ""
    variants: tuple[str, ...] = ()


def _dtypes_for(spec: ApiSpec, o: Overload, rng: random.Random, main: str) -> dict[str, str]:
    names = {p.name for p in o.params if p.kind in TENSOR_KINDS}
    chosen: dict[str, str] = {}
    for rule in spec.dtype_rules:
        params = [p for p in rule.params if p in names]
        if not params:
            continue
        if rule.combos:
            combo = rng.choice(sorted(c for c in rule.combos if all(d in DTYPES for d in c)) or [()])
            for p, d in zip(rule.params, combo, strict=False):
                if p in names:
                    chosen.setdefault(p, d)
            continue
        allowed = sorted(d for d in (rule.allowed or DTYPES) if d in DTYPES) or [main]
        pick = main if main in allowed else rng.choice(allowed)
        for p in params:
            chosen.setdefault(p, pick if rule.same else rng.choice(allowed))
    first = next(iter(chosen.values()), main)
    for n in sorted(names):
        chosen.setdefault(n, first)
    return chosen


def _mask(dtype: str) -> int:
    return min(128, 256 // size_of(dtype))


def _int_value(spec: ApiSpec, p: Param, count: str, dtype: str, n: int) -> str:
    name = p.name.lower()
    if p.name in spec.ranges:
        return str(spec.ranges[p.name][0])
    if p.name in spec.literals:
        return repr(spec.literals[p.name][0])
    if "count" in name or name in ("calcount", "len", "length", "size"):
        return count
    if name == "mask":
        return str(_mask(dtype))
    if name.startswith("repeat"):
        return str(max(1, n * size_of(dtype) // 256))
    if "rep" in name and "stride" in name:
        return "8"
    return "1"


def _enum_value(spec: ApiSpec, p: Param, rng: random.Random) -> str:
    members = sorted(spec.members.get(p.name) or registry.ENUMS[p.kind].members)
    return f"asc.{p.kind}.{rng.choice(members)}"


def _struct_value(kind: str) -> str:
    cls = registry.CLASSES[kind]
    ctor = next(c for c in cls.constructors if all(p.kind in ("int", "bool") or not p.required for p in c.params))
    args = ["1" if p.kind == "int" else "True" for p in ctor.params if p.required]
    return f"asc.{kind}({', '.join(args)})"


def _value(spec: ApiSpec, p: Param, primary: str, widest: str, count: str, n: int, rng: random.Random,
           scalar: str) -> str:
    if p.kind in TENSOR_KINDS:
        return f"@{p.name}"  # placeholder: the generator puts the tensor variable here
    if p.kind == "bool":
        allowed = spec.literals.get(p.name, (True, False))
        return repr(rng.choice(list(allowed)))
    if p.kind == "int":
        return _int_value(spec, p, count, widest, n)
    if p.kind in ("float", "Number"):
        return scalar
    if p.kind == "IntList":
        return "[0, 255]" if p.name == "mask" else "[1, 1]"
    if p.kind == "DataType":
        return f"asc.{primary}"
    if p.kind in registry.ENUMS:
        return _enum_value(spec, p, rng)
    return _struct_value(p.kind)


def make_call(spec: ApiSpec, rng: random.Random, main: str, n: int, scalar: str, mutation: str = "") -> Call | None:
    """A call of `spec` on tensors of `n` elements (COUNT stands for the count), or None when no overload of it is
    generatable.  `mutation` plants one invalid form (an element of MUTATIONS); the returned Call's mutation
    is empty when that form does not apply to the API chosen."""
    overloads = [o for o in spec.overloads if usable(o)]
    if not overloads:
        return None
    o = rng.choice(overloads)
    dtypes = _dtypes_for(spec, o, rng, main)
    planted = ""
    tensor_params = [p.name for p in o.params if p.kind in TENSOR_KINDS and p.required]
    if mutation == "bad_dtype" and spec.dtype_rules:
        rule = rng.choice(spec.dtype_rules)
        outside = [d for d in DTYPES if rule.allowed and d not in rule.allowed]
        targets = [p for p in rule.params if p in dtypes]
        if outside and targets and not rule.combos:
            d = rng.choice(outside)
            for t in (targets if rule.same else targets[:1]):
                dtypes[t] = d
            planted = "bad_dtype"
    elif mutation == "bad_mixed":
        rule = next((r for r in spec.dtype_rules if r.same and len([p for p in r.params if p in dtypes]) > 1), None)
        if rule is not None:
            targets = [p for p in rule.params if p in dtypes]
            others = sorted(d for d in (rule.allowed or DTYPES) if d in DTYPES and d != dtypes[targets[0]])
            if others:
                dtypes[targets[-1]] = rng.choice(others)
                planted = "bad_mixed"
    primary = dtypes[tensor_params[0]] if tensor_params else main
    widest = max((dtypes[p] for p in tensor_params), key=size_of, default=main)  # masks and repeats count its lanes
    keep = [p for p in o.params if p.required or (p.kind in TENSOR_KINDS and p.default is None and rng.random() < 0.3)
            or (not p.required and rng.random() < 0.3 and _buildable(p))]
    for p in keep:
        if p.kind in TENSOR_KINDS and not p.required:
            rule_d = next((r for r in spec.dtype_rules if p.name in r.params and r.allowed), None)
            dtypes[p.name] = min(rule_d.allowed & set(DTYPES)) if rule_d and rule_d.allowed & set(DTYPES) else primary
    values = [(p, _value(spec, p, primary, widest, COUNT, n, rng, scalar)) for p in keep]
    if mutation == "bad_count_type":
        idx = next((i for i, (p, _) in enumerate(values) if p.kind == "int" and "count" in p.name.lower()), None)
        if idx is not None:
            values[idx] = (values[idx][0], f"{n}.0")
            planted = "bad_count_type"
    elif mutation == "bad_enum":
        idx = next((i for i, (p, _) in enumerate(values) if p.kind in registry.ENUMS), None)
        if idx is not None:
            other = next(e for e in sorted(registry.ENUMS) if e != values[idx][0].kind and registry.ENUMS[e].members)
            values[idx] = (values[idx][0], f"asc.{other}.{sorted(registry.ENUMS[other].members)[0]}")
            planted = "bad_enum"
    # keyword forms: from some point on, parameters go by keyword (where the declaration lets them)
    first_kw = len(values)
    if rng.random() < 0.4:
        first_kw = rng.randrange(len(values) + 1)
    args: list[str] = []
    kw_started = False
    for i, (p, v) in enumerate(values):
        if p.keyword_only or (i >= first_kw and not p.positional_only) or (kw_started and not p.positional_only):
            kw_started = True
            args.append(f"{p.name}={v}")
        elif kw_started:  # a positional-only parameter after a keyword: keep positional order valid
            args.append(f"{p.name}={v}")
        else:
            args.append(v)
    skipped = any(not p.required for p in o.params if p not in keep)
    if skipped and not kw_started:  # a later optional parameter was given positionally past a skipped one
        args = _reorder(o, keep, values)
    if mutation == "bad_missing":
        idx = max((i for i, (p, _) in enumerate(values) if p.required and p.kind not in TENSOR_KINDS), default=None)
        if idx is not None:
            del args[idx]
            planted = "bad_missing"
    elif mutation == "bad_extra" and not any("=" in a for a in args):
        args.append("1")
        planted = "bad_extra"
    elif mutation == "bad_keyword" and args:
        args.append("not_a_parameter=1")
        planted = "bad_keyword"
    text = f"asc.{spec.name}({', '.join(args)})"
    if o.returns.startswith("Scalar["):
        text = "@result = " + text
    tensor_values = [p for p, _ in values if p.kind in TENSOR_KINDS]
    positions = {p.name: _position(spec, p.name, rng) for p in tensor_values}
    if mutation == "bad_position" and not planted:
        target = next((p for p in positions if spec.positions.get(p)), None)
        if target is not None:
            positions[target] = rng.choice(sorted({"A1", "B1", "A2", "B2", "CO1"} - spec.positions[target]))
            planted = "bad_position"
    tensors = {p.name: (i, dtypes[p.name], positions[p.name]) for i, p in enumerate(tensor_values)}
    positional_only = _positional_only(o, values, spec)
    return Call(spec.name, spec.family, text, tensors, f"{planted}:{spec.name}" if planted else "",
                (positional_only,) if positional_only and positional_only != text else ())


def _position(spec: ApiSpec, param: str, rng: random.Random) -> str:
    """VECCALC where the spec allows it (or says nothing), else one of the positions it allows."""
    allowed = spec.positions.get(param)
    if not allowed or "VECCALC" in allowed:
        return "VECCALC"
    return rng.choice(sorted(allowed))


def _reorder(o: Overload, keep: list[Param], values: list[tuple[Param, str]]) -> list[str]:
    """Positional up to the first skipped optional parameter, keywords after it."""
    out: list[str] = []
    gap = False
    kept = {p.name for p in keep}
    given = dict((p.name, v) for p, v in values)
    for p in o.params:
        if p.name not in kept:
            if not p.required:
                gap = True
            continue
        out.append(f"{p.name}={given[p.name]}" if (gap or p.keyword_only) and not p.positional_only
                   else given[p.name])
    return out


def _positional_only(o: Overload, values: list[tuple[Param, str]], spec: ApiSpec) -> str:
    """The same call with only its required parameters, as the shrinker's simpler variant."""
    given = dict((p.name, v) for p, v in values)
    args = [(f"{p.name}={given[p.name]}" if p.keyword_only else given[p.name]) for p in o.params
            if p.required and p.name in given]
    text = f"asc.{spec.name}({', '.join(args)})"
    return ("@result = " + text) if o.returns.startswith("Scalar[") else text


