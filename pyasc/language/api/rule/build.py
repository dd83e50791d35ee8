"""The rule's tables built from the facts against the hand-written spec: functions, structs, enums and methods the
hand-written tables do not bind, constructors' forms, and the keyword forms added to hand-written methods."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

from ...spec import ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, api, parse_signature, ub
from .forms import Form, Kinds, Tables, _family, _origin, _overload, is_adv, merge_rules, py_default
from .names import RESERVED, F, arch_holds, at_arch, bare, param_name, snake


def _hand_cpp_names(apis: Iterable[ApiSpec]) -> dict[str, str]:
    """C++ function name -> the hand-written API whose templates call it (`SoftMax` -> `adv.softmax`)."""
    out: dict[str, str] = {}
    for a in apis:
        for ov in a.declared:  # the templates as declared: parsing every signature here would cost the start-up
            cpp = ov.cpp if isinstance(ov, Overload) else ov[1]
            for m in re.finditer(r"AscendC::(\w+)\s*[<(]", cpp or ""):
                out.setdefault(m.group(1), a.name)
            if cpp is None:
                out.setdefault(_camel_guess(a.name.split(".")[-1]), a.name)
    return out


def _camel_guess(name: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in name.split("_"))


def build(hand_apis: Mapping[str, ApiSpec], hand_classes: Mapping[str, ClassSpec],
          hand_enums: Mapping[str, EnumSpec]) -> Tables:
    """Every entry the rule derives from the facts, given the hand-written tables it defers to."""
    out = Tables()
    enum_names = set(hand_enums)
    for name, header, line, members, *_ in F.ENUMS:
        if name in hand_enums or name in hand_classes or name in RESERVED:
            continue
        spec = EnumSpec(name, dict(members), f"AscendC::{name}::", doc=f"AscendC::{name}, by rule.",
                        rule=_origin(header, line, name))
        out.enums.append(spec)
        enum_names.add(name)
    template_structs = {bare(k) for f in F.FUNCTIONS for k, _, _ in f[4] if k != "typename"}
    struct_names: dict[str, str] = {}
    hand_by_cpp = {re.sub(r"<.*", "", c.cpp).replace("AscendC::", ""): n for n, c in hand_classes.items()}
    for name, header, _line, _fields, *_ in F.STRUCTS:
        if name in RESERVED or name in hand_enums:
            continue
        if name in hand_by_cpp:
            out.bound[name] = hand_by_cpp[name]
            if hand_by_cpp[name].split(".")[-1] != name:
                out.disagreements.append((name, f"named {hand_by_cpp[name]} by hand, {name} by rule",
                                          "the hand-written name is kept (CANN's 1.1.1 name)"))
            continue
        struct_names[name] = ("adv." if is_adv(header) else "") + name
    kinds = Kinds(hand_classes, enum_names, struct_names)
    for name, header, line, all_fields, *_ in F.STRUCTS:
        if name not in struct_names:
            continue
        fields = at_arch(all_fields)
        items = []
        ok = True
        for ctype, fname, default in fields:
            kind, _ = kinds.kind(ctype, set())
            if kind in ("Any", "LocalTensor", "GlobalTensor", "IntList"):
                ok = False
                break
            d = py_default(default, enum_names)
            if d is None:
                d = {"bool": "False", "int": "0", "Number": "0.0"}.get(kind)
            if d is None or d.startswith(("'", '"')):
                ok = False
                break
            items.append(f"{param_name(fname)}: {kind} = {d}")
        if not ok or not items:
            out.unbound.append((name, "a struct with fields the language has no kind for"))
            continue
        constexpr = name in template_structs
        all_ctors = [f for f in F.FUNCTIONS if f[0] == f"AscendC::{name}" and f[1] == name
                     and arch_holds(f[8] if len(f) > 8 else "") is not False]
        ctors = [f for f in all_ctors if f[5]]
        field_names = [c[1] for c in fields]
        longest = max(ctors, key=lambda f: len(f[5]), default=None)
        ctor_fields = [re.sub(r"In$", "", p[1]) for p in longest[5]] if longest else []
        forms: list[tuple[str, str]] = []
        if longest and ctor_fields == field_names[:len(ctor_fields)]:
            # a struct with constructors is no aggregate: written through its longest constructor, the arguments
            # after the last one given left to its defaults (`SoftmaxConfig(false)`), where C++ has a constructor
            # for each such count; else one form per constructor (LoopModeParams() or all six of its fields)
            forms = _ctor_forms(name, items, [param_name(f) for f in ctor_fields], all_ctors)
        elif longest:
            out.unbound.append((name, "a struct whose constructors do not follow its fields"))
            continue
        elif all_ctors:  # `DropOutShapeInfo() {}`: no aggregate, its fields set one by one after it
            out.unbound.append((name, "a struct with only a default constructor (C++ sets its fields one by one)"))
            continue
        else:
            # a value struct is written as its aggregate, every field in declaration order (`SoftMaxShapeInfo{8, 64,
            # 8, 64}`)
            forms = [("(" + ", ".join(items) + ")",
                      f"AscendC::{name}{{{{" + ", ".join("{" + i.split(":")[0] + "}" for i in items) + "}}")]
        ctor_list = tuple(parse_signature(sig, cpp) for sig, cpp in forms)
        ctor = ctor_list[-1]
        cls = ClassSpec(name=struct_names[name], family="adv.rule.types" if is_adv(header) else "rule.basic",
                        doc=f"AscendC::{name}, by rule.",
                        cpp=f"AscendC::{name}", constructors=ctor_list, fields=tuple(p.name for p in ctor.params),
                        field_cpp={p.name: c[1] for p, c in zip(ctor.params, fields, strict=True)},
                        constexpr=constexpr, rule=_origin(header, line, name))
        out.classes.append(cls)
    bound_structs = {c.rule.split()[0].replace("AscendC::", "") for c in out.classes}
    kinds = Kinds(hand_classes, enum_names, {k: v for k, v in struct_names.items() if k in bound_structs})
    hand_cpp = _hand_cpp_names(hand_apis.values())
    grouped: dict[tuple[str, str], list[tuple]] = {}
    for fn in F.FUNCTIONS:
        grouped.setdefault((fn[0], fn[1]), []).append(fn)
    class_by_cpp: dict[str, str] = {}
    for n, c in hand_classes.items():  # a class named as its C++ type first (LocalTensor, not LocalTensorAuto)
        cpp = re.sub(r"<.*", "", c.cpp).replace("AscendC::", "")
        if cpp not in class_by_cpp or n == cpp:
            class_by_cpp[cpp] = n
    for (scope, name), fns in grouped.items():
        method_of = None
        if scope != "AscendC":
            owner = scope.split("::", 1)[1]
            if "::" in owner or owner not in class_by_cpp:
                out.unbound.append((f"{owner}::{name}", "a member of a class the language has no binding for"))
                continue
            if name == owner:
                continue  # constructors: a class's own
            method_of = class_by_cpp[owner]
        built = [_overload(fn, kinds, enum_names, method_of) for fn in fns]
        forms = [b for b in built if b is not None]
        if not forms:
            out.unbound.append((name, "no declaration the signature vocabulary can state"))
            continue
        if method_of:
            _methods(out, method_of, name, forms, hand_classes[method_of], hand_classes)
            continue
        qual = ("adv." if is_adv(fns[0][2]) else "") + snake(name)
        hand = qual if qual in hand_apis else hand_cpp.get(name)
        if hand is not None:
            out.bound[name] = hand
            if hand != qual:
                out.disagreements.append((name, f"bound by hand as asc.{hand}, by rule asc.{qual}",
                                          "the hand-written binding is kept; the rule adds no second name"))
            continue
        if qual in hand_classes or qual.split(".")[-1] in hand_classes:
            out.unbound.append((name, "its name is a hand-written class's"))
            continue
        overloads = _dedupe_forms([o for o, _ in forms])
        rules = merge_rules([r for _, r in forms])
        tensors = [n for o in overloads for n, k in o.params if k == "LocalTensor"]
        spec = api(qual, _family(fns[0][2]), f"AscendC::{name}, by rule (not in CANN's pyasc 1.1.1).",
                   [(o.signature, o.cpp) for o in overloads], dtypes=rules, positions=ub(*dict.fromkeys(tensors)),
                   pipe="V" if tensors else None, sim="pyasc.sim.api.rule:" + snake(name))
        out.apis.append(replace(spec, rule=overloads[0].rule))
    return out


def _ctor_forms(name: str, items: list[str], py: list[str], ctors: list[tuple]) -> list[tuple[str, str]]:
    """A struct's constructor forms as (signature, C++ template). The arguments C++ takes: from each constructor's
    required count to its parameter count. One form when every count from one to the longest is taken (the
    arguments after the last one given left out); else a form per constructor, each writing its arguments up to its
    required count (LoopModeParams has a constructor of none and one of six: `LoopModeParams()`, or all six)."""
    spans = sorted({(sum(1 for p in f[5] if p[2] is None), len(f[5])) for f in ctors}, key=lambda s: s[1])
    counts = {n for lo, hi in spans for n in range(lo, hi + 1)}
    if all(n in counts for n in range(1, len(py) + 1)):
        return [("(" + ", ".join(items[:len(py)]) + ")",
                 f"AscendC::{name}({{{py[0]}}}" + "".join(f"{{~{q}}}" for q in py[1:]) + ")")]
    out = []
    for lo, hi in spans:
        args = "".join(("" if i == 0 else ", ") + f"{{{q}}}" if i < max(lo, 1) else f"{{~{q}}}"
                       for i, q in enumerate(py[:hi]))
        out.append(("(" + ", ".join(items[:hi]) + ")", f"AscendC::{name}({args})"))
    return out


def _dedupe_forms(forms: list[Form]) -> list[Form]:
    """One overload per signature (a T form and its half/float form read the same in the language), and per
    sequence of positional kinds: the language resolves a call by its arguments' kinds, so of two forms C++ tells
    apart only by dtype (SoftmaxFlashV2's outReduceMax form, eight tensors where the other has seven and a uint8
    buffer) the first is kept."""
    seen: dict[str, Form] = {}
    kinds: set[tuple[str, ...]] = set()
    for o in forms:
        positional = o.signature.split("*")[0]
        key = tuple(k for n, k in o.params if f"{n}:" in positional)
        if o.signature in seen or key in kinds:
            continue
        seen[o.signature] = o
        kinds.add(key)
    return list(seen.values())


def _methods(out: Tables, cls: str, name: str, forms: list[tuple[Form, list[DTypeRule]]],
             spec: ClassSpec, classes: Mapping[str, ClassSpec]) -> None:
    """A member function of a hand-written class: its own method (rule-only) or, where the hand-written method's
    form has the rule's kinds under other keyword names, the rule's form after it."""
    py = snake(name)
    hand = _hand_method(spec, py, name, classes)
    if hand is None:
        overloads = _dedupe_forms([o for o, _ in forms])
        out.methods[(cls, py)] = replace(
            api(f"{cls}.{py}", spec.family, f"{cls}::{name}, by rule (not in CANN's pyasc 1.1.1).",
                [(o.signature, o.cpp) for o in overloads], sim=f"pyasc.sim.api.rule:{cls}_{py}"),
            rule=overloads[0].rule)
        return
    out.bound[f"{cls}::{name}"] = hand.name
    if hand.name.split(".")[-1] != py:
        out.disagreements.append((f"{cls}::{name}", f"bound by hand as {hand.name}, by rule {cls}.{py}",
                                  "the hand-written binding is kept; the rule adds no second name"))
        return
    extra: list[Form] = []
    for ov, _ in forms:
        kinds = [k for _, k in ov.params]
        names = [n for n, _ in ov.params]
        for h in hand.overloads:
            if [p.kind for p in h.params] == kinds and [p.name for p in h.params] != names:
                what = f"{hand.name}{_short(h)} by hand, {_short(ov)} by rule"
                if h.cpp is None:  # a form 1.1.1 knows and code generation does not support: kept as it is
                    how = "the hand-written form is kept (not generated); the rule adds no form"
                else:
                    extra.append(ov)
                    how = "both: the hand-written form first, the rule's keyword form after it"
                if (f"{cls}::{name}", what, how) not in out.disagreements:
                    out.disagreements.append((f"{cls}::{name}", what, how))
    if extra:
        owner, _, method_name = hand.name.rpartition(".")  # the class that declares it (a base, for TBuf's)
        out.extra_forms[(owner or cls, method_name)] = tuple(o.overload() for o in _dedupe_forms(extra))


def _hand_method(spec: ClassSpec, py: str, cpp: str, classes: Mapping[str, ClassSpec]) -> ApiSpec | None:
    """The hand-written method of the class or its bases named `py`, or whose template calls `.cpp(` or `.cpp<`
    (EnQue is 1.1.1's `enque`)."""
    pattern = re.compile(rf"\.{cpp}\s*[<({{]")
    todo = [spec]
    while todo:
        c = todo.pop(0)
        if py in c.methods:
            return c.methods[py]
        for m in c.methods.values():
            if any(pattern.search((o.cpp if isinstance(o, Overload) else o[1]) or "") for o in m.declared):
                return m
        todo.extend(classes[b] for b in c.bases if b in classes)
    return None


def _short(ov: Overload | Form) -> str:
    names = [p if isinstance(p, str) else p[0] for p in (
        [q.name for q in ov.params] if isinstance(ov, Overload) else [n for n, _ in ov.params])]
    return "(" + ", ".join(n for n in names if n != "self") + ")"
