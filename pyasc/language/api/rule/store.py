"""The derived tables as the committed rule_spec.json (written by scripts/ascendc_api_facts.py --spec, loaded by the
registry without the facts)."""

from __future__ import annotations

import json
from dataclasses import replace
from importlib.resources import files

from ...spec import ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, parse_signature, ub
from .forms import Tables

SPEC_FILE = "rule_spec.json"


def _rule_json(r: DTypeRule) -> list[object]:
    return [list(r.params), sorted(r.allowed), r.same, sorted(list(c) for c in r.combos)]


def _api_json(a: ApiSpec) -> dict[str, object]:
    return {"name": a.name, "family": a.family, "doc": a.doc, "rule": a.rule, "sim": a.sim, "pipe": a.pipe,
            "forms": [list(o) if not isinstance(o, Overload) else [o.signature, o.cpp] for o in a.declared],
            "dtypes": [_rule_json(r) for r in a.dtype_rules], "ub": sorted(a.positions)}


def dump(t: Tables) -> str:
    """The tables as JSON, one entry a line (reviewable diffs)."""
    parts = {
        "apis": [_api_json(a) for a in t.apis],
        "classes": [{"name": c.name, "family": c.family, "doc": c.doc, "cpp": c.cpp, "rule": c.rule,
                     "ctor": c.constructors[-1].signature, "ctor_cpp": c.constructors[-1].cpp,
                     **({"ctors": [[o.signature, o.cpp] for o in c.constructors[:-1]]} if len(c.constructors) > 1
                        else {}),
                     "field_cpp": dict(c.field_cpp), "constexpr": c.constexpr}
                    for c in t.classes],
        "enums": [{"name": e.name, "members": dict(e.members), "prefix": e.cpp_prefix, "doc": e.doc,
                   "rule": e.rule} for e in t.enums],
        "methods": [[cls, name, _api_json(m)] for (cls, name), m in t.methods.items()],
        "extra_forms": [[cls, name, [[o.signature, o.cpp, o.rule] for o in forms]]
                        for (cls, name), forms in t.extra_forms.items()],
        "bound": t.bound,
        "disagreements": [list(d) for d in t.disagreements],
        "unbound": [list(u) for u in t.unbound],
    }
    lines = ["{"]
    keys = list(parts)
    for k in keys:
        v = parts[k]
        if isinstance(v, dict):
            body = ",\n".join(f"  {json.dumps(a)}: {json.dumps(b)}" for a, b in v.items())
            lines.append(f'"{k}": {{\n{body}\n}}' + ("," if k != keys[-1] else ""))
        else:
            body = ",\n".join("  " + json.dumps(item, ensure_ascii=False) for item in v)
            lines.append(f'"{k}": [\n{body}\n]' + ("," if k != keys[-1] else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _rule_of(row: list) -> DTypeRule:
    params, allowed, same_, table = row
    return DTypeRule(tuple(params), frozenset(allowed), same_, frozenset(tuple(c) for c in table))


def _api_of(d: dict) -> ApiSpec:
    return ApiSpec(name=d["name"], family=d["family"], declared=tuple((f[0], f[1]) for f in d["forms"]),
                   doc=d["doc"], dtype_rules=tuple(_rule_of(r) for r in d["dtypes"]),
                   positions=ub(*d["ub"]), pipe=d["pipe"], sim=d["sim"], rule=d["rule"])


def load(text: str | None = None) -> Tables:
    """The committed tables (or `text`), as spec entries."""
    data = json.loads(text if text is not None else files("pyasc.language.api").joinpath(SPEC_FILE).read_text("utf-8"))
    out = Tables()
    out.apis = [_api_of(a) for a in data["apis"]]
    for c in data["classes"]:
        ctor = parse_signature(c["ctor"], c.get("ctor_cpp"))
        others = tuple(parse_signature(sig, cpp) for sig, cpp in c.get("ctors", ()))
        out.classes.append(ClassSpec(name=c["name"], family=c["family"], doc=c["doc"], cpp=c["cpp"],
                                     constructors=(*others, ctor), fields=tuple(p.name for p in ctor.params),
                                     field_cpp=c["field_cpp"], constexpr=c["constexpr"], rule=c["rule"]))
    out.enums = [EnumSpec(e["name"], e["members"], e["prefix"], e["doc"], rule=e["rule"]) for e in data["enums"]]
    out.methods = {(cls, name): _api_of(m) for cls, name, m in data["methods"]}
    out.extra_forms = {(cls, name): tuple(replace(parse_signature(s, c), rule=r) for s, c, r in forms)
                       for cls, name, forms in data["extra_forms"]}
    out.bound = dict(data["bound"])
    out.disagreements = [tuple(d) for d in data["disagreements"]]
    out.unbound = [tuple(u) for u in data["unbound"]]
    return out
