"""One Ascend C declaration as spec forms: its parameters' kinds, defaults in Python and C++, the family it belongs to,
its overload with the dtype rules its documentation states."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from itertools import product

from ...spec import ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, combos, each, parse_signature, same
from .names import DTYPES, INTS, bare, param_name


@dataclass
class Tables:
    """What the rule derives, beside the hand-written tables."""

    apis: list[ApiSpec] = field(default_factory=list)
    classes: list[ClassSpec] = field(default_factory=list)
    enums: list[EnumSpec] = field(default_factory=list)
    methods: dict[tuple[str, str], ApiSpec] = field(default_factory=dict)
    """(class, method) -> a rule-only method of a hand-written class."""
    extra_forms: dict[tuple[str, str], tuple[Overload, ...]] = field(default_factory=dict)
    """(class or '', API) -> the rule's forms appended to a hand-written entry (its keyword names differ)."""
    bound: dict[str, str] = field(default_factory=dict)
    """C++ name of a declaration -> the hand-written entry that binds it."""
    disagreements: list[tuple[str, str, str]] = field(default_factory=list)
    """(Ascend C name, what differs, how it is resolved)."""
    unbound: list[tuple[str, str]] = field(default_factory=list)
    """(Ascend C name, why the rule binds no entry for it)."""


def _origin(header: str, line: int, cpp: str) -> str:
    return f"AscendC::{cpp} ({header}:{line})"


class Kinds:
    """C++ types of the headers as spec kinds, knowing the hand-written classes and enums and the rule's structs."""

    def __init__(self, classes: Mapping[str, ClassSpec], enums: Iterable[str], structs: Mapping[str, str]):
        self.by_cpp: dict[str, str] = {}
        for name, c in classes.items():
            cpp = re.sub(r"<.*", "", c.cpp).replace("AscendC::", "")
            self.by_cpp.setdefault(cpp, name)
        self.by_cpp.update({k: v for k, v in structs.items() if k not in self.by_cpp})
        self.enums = set(enums)

    def kind(self, ctype: str, typenames: set[str]) -> tuple[str, str | None]:
        """(spec kind, element dtype: a typename, a dtype name, or None)."""
        t = bare(ctype)
        m = re.fullmatch(r"(LocalTensor|GlobalTensor)<(.+)>", t)
        if m:
            elem = m.group(2).strip()
            return m.group(1), elem if elem in typenames else DTYPES.get(elem, "?")
        if t.endswith("[]"):
            return "IntList", _array_elem(t[:-2].strip())
        if "*" in ctype and "const" in ctype and "__gm__" not in ctype and INTS.fullmatch(t):
            return "IntList", _array_elem(t)  # `const uint32_t* dstShape`: an array the call passes
        if t == "bool":
            return "bool", None
        if INTS.fullmatch(t):
            return "int", None
        if t in typenames and "&" in ctype and "const" not in ctype:
            return "Any", None  # `T& que`: an object of a deduced class
        if t in ("float", "half", "double", "bfloat16_t") or t in typenames and "*" not in ctype:
            return "Number", (t if t in typenames else None)
        head = re.sub(r"<.*", "", t)
        if head in ("TBuf", "TQue", "TQueBind", "TPipe", "TBufPool") and head in self.by_cpp:
            return head, None
        if head in self.enums:
            return head, None
        if head in self.by_cpp and "*" not in ctype:  # a struct's address (`BroadcastTiling*`): no way to pass it
            return self.by_cpp[head], None
        return "Any", None


def _array_elem(t: str) -> str | None:
    """The C element type a list argument is written as (`{p:uint32_t}`), or None for the default (uint64_t mask
    words)."""
    return t if re.fullmatch(r"u?int(8|16|32)_t|float|bool", t) else None


def py_default(text: str | None, enums: set[str]) -> str | None:
    """A C++ default as the signature's default (a Python literal, an enum member, or the C++ text quoted)."""
    if text is None:
        return None
    t = text.strip()
    if t.startswith("{") and t.endswith("}"):
        inner = t[1:-1].strip()
        if not inner:
            return repr("{}")
        t = inner
    if t in ("true", "false"):
        return "True" if t == "true" else "False"
    num = re.fullmatch(r"(-?(?:0[xX][0-9a-fA-F]+|\d+))[uUlL]*", t)
    if num:
        return str(int(num.group(1), 0))
    flt = re.fullmatch(r"(-?\d+\.\d*(?:[eE]-?\d+)?)[fF]?", t)
    if flt:
        return str(float(flt.group(1)))
    member = re.fullmatch(r"(?:AscendC::)?(\w+)::(\w+)", t)
    if member and member.group(1) in enums:
        return f"{member.group(1)}.{member.group(2)}"
    if re.fullmatch(r"[A-Za-z_]\w*", t) and t not in ("nullptr",):
        return repr(f"AscendC::{t}")
    return repr(t)


def _cpp_default(text: str | None, ctype: str) -> str:
    """A header's default as the C++ the generator writes for an omitted argument (`{}` -> `T()`, a constant
    qualified)."""
    t = (text or "").strip()
    if t in ("{}", ""):
        return ("" if "::" in bare(ctype) else "AscendC::") + bare(ctype) + "()"
    if re.fullmatch(r"[A-Za-z_]\w*", t):
        return f"AscendC::{t}"
    return t


def is_adv(header: str) -> bool:
    return header.startswith("include/adv_api/")


def _family(header: str) -> str:
    """`adv.rule.<header folder>` (an advanced API: its own synchronization, as the hand-written `adv.*` families),
    `rule.basic` for a basic one: apart from the hand-written families, which tests hold to their references."""
    if is_adv(header):
        return "adv.rule." + header.split("/")[2]
    return "rule.basic"


@dataclass(frozen=True)
class Form:
    """One rule-derived overload before it is parsed (the spec parses signatures on first use)."""

    signature: str
    cpp: str | None
    rule: str
    params: tuple[tuple[str, str], ...]
    """(name, kind) in order."""

    def overload(self) -> Overload:
        return replace(parse_signature(self.signature, self.cpp), rule=self.rule)


def _overload(fn: tuple, kinds: Kinds, enums: set[str], method_of: str | None) -> tuple[Form, list[DTypeRule]] | None:
    """One declaration as a signature and C++ template, with the dtype rules its tensors imply."""
    scope, name, header, line, template, params, returns, doc_dtypes, *_ = fn
    typenames = {n for k, n, _ in template if k == "typename"}
    sig: list[str] = ["self"] if method_of else []
    cpp_args: list[str] = []
    tensors: dict[str, str | None] = {}
    scalar_of: dict[str, str] = {}
    typed_scalars: list[tuple[str, str]] = []  # (template type, parameter) of each `const T& scalar`
    seen_default = False
    used: set[str] = set()
    for ctype, pname, default in params:
        py = param_name(pname)
        if py in used:
            py = f"{py}_{len(used)}"
        used.add(py)
        if ctype.endswith("...") or "..." in ctype:
            return None
        kind, elem = kinds.kind(ctype, typenames)
        if kind in ("LocalTensor", "GlobalTensor"):
            tensors[py] = elem
        elif kind == "Number" and elem in typenames:
            scalar_of.setdefault(elem, py)
            typed_scalars.append((elem, py))
        d = py_default(default, enums)
        if d is None and seen_default:
            return None
        if d is not None and d[:1] in "'\"":  # a C++ default the language cannot spell: written when omitted
            seen_default = True
            sig.append(f"{py}: Optional[{kind}] = None")
            cpp_args.append(f"{{~{py}:={_cpp_default(default, ctype)}}}")
        elif d is not None:
            seen_default = True
            sig.append(f"{py}: {kind} = {d}")
            cpp_args.append(f"{{~{py}}}")
        else:
            sig.append(f"{py}: {kind}")
            arg = f"{{{py}:{elem}}}" if kind == "IntList" and elem else f"{{{py}}}"
            cpp_args.append(("" if not cpp_args else ", ") + arg)
    for elem, py in typed_scalars:  # `const T& scalar` beside `LocalTensor<T>`: in the tensor's element type
        owner = next((t for t, e in tensors.items() if e == elem), None)
        if owner is not None:
            cpp_args = [a.replace(f"{{{py}}}", f"{{{py}:{owner}.T}}") for a in cpp_args]
    tpl_parts: list[str] = []
    values: list[str] = []
    keyword: list[str] = []
    writable = True
    for kind_text, tname, default in template:
        deduced = any(re.search(rf"\b{re.escape(tname)}\b", c) for c, _, _ in params) if tname else False
        if kind_text == "typename":
            owner = next((p for p, e in tensors.items() if e == tname), None) or scalar_of.get(tname)
            if owner is None and deduced and not tpl_parts and not values:
                continue  # `T& que`: C++ deduces it
            if owner is None or values:
                writable = False
                continue
            tpl_parts.append(f"{{{owner}.T}}")
            continue
        if deduced and not values:
            continue  # `TBuf<pos>& buf`: deduced from the argument
        py = param_name(tname)
        if py in used:
            py = f"{py}_t"
        used.add(py)
        kind, _ = kinds.kind(kind_text, typenames)
        d = py_default(default, enums)
        if d is not None and d[:1] in "'\"":
            keyword.append(f"{py}: Optional[{kind}] = None")
            values.append(f"{{~{py}:={_cpp_default(default, kind_text)}}}")
        elif d is not None:
            keyword.append(f"{py}: {kind} = {d}")
            values.append(f"{{~{py}}}")
        else:
            keyword.append(f"{py}: {kind}")
            if any(v.startswith("{~") for v in values):
                writable = False  # a required argument after defaulted ones: no positional spelling
            values.append(("" if not values and not tpl_parts else ", ") + f"{{{py}}}")
    if keyword:
        sig.append("*")
        sig.extend(keyword)
    cname = name
    if not tpl_parts and values and all(v.startswith("{~") and ":=" not in v for v in values):
        targs = "{<" + ",".join(v[2:-1] for v in values) + "}"  # none passed: no template arguments at all
    elif tpl_parts or values:
        targs = "<" + ", ".join(tpl_parts) + "".join(values) + ">"
    else:
        targs = ""
    ret = "None"
    r = bare(returns)
    if r and r != "void":
        kind, elem = kinds.kind(returns, typenames)
        if kind == "int":
            ret = "Scalar[int]"
        elif kind == "bool":
            ret = "Scalar[bool]"
        elif kind == "LocalTensor" and method_of:
            ret = "LocalTensor[self]"
        elif kind not in ("Any", "Number") and not kind.startswith(("LocalTensor", "GlobalTensor")):
            ret = kind
        else:
            writable = False
    call = "".join(cpp_args).replace("{~", "{~", 1)
    if method_of:
        cpp = f"{{self}}.{cname}{targs}({call})"
    else:
        cpp = f"AscendC::{cname}{targs}({call})"
    if not writable or any(k.endswith(": Any") or ": Any =" in k for k in sig):
        cpp = None
    origin = _origin(header, line, f"{scope.split('::', 1)[1] + '::' if '::' in scope else ''}{name}")
    kinds_of = tuple((p.split(":")[0].strip(), p.split(":")[1].split("=")[0].strip() if ":" in p else "Any")
                     for p in sig if p != "*")
    form = Form("(" + ", ".join(sig) + f") -> {ret}", cpp, origin, kinds_of)
    rules: list[DTypeRule] = []
    groups: dict[str, list[str]] = {}
    for p, e in tensors.items():
        if e is None:
            continue
        groups.setdefault(e, []).append(p)
    for elem, names in groups.items():
        if elem in typenames:
            rules.append(same(*names, allowed=frozenset(doc_dtypes)))
        elif elem != "?":
            rules.append(each(*names, allowed=frozenset({elem})))
    return form, rules


def merge_rules(per_overload: list[list[DTypeRule]]) -> list[DTypeRule]:
    """Dtype rules of an API from its overloads': a rule no other overload contradicts is kept (SwiGLU's T of half
    or float, its temp_buffer of uint8); where forms disagree on a tensor (SoftmaxFlashV2's all-T form and its
    half-with-float form), one table of the combinations when every form states its dtypes, else no rule on those
    tensors rather than a wrong one."""
    stated = frozenset(d for rules in per_overload for r in rules if r.same for d in r.allowed)
    if stated:  # the dtypes one form's documentation states hold for the API's forms that state none
        per_overload = [[replace(r, allowed=stated) if r.same and not r.allowed else r for r in rules]
                        for rules in per_overload]
    distinct: list[DTypeRule] = []
    for rules in per_overload:
        for r in rules:
            if r not in distinct:
                distinct.append(r)
    by_param: dict[str, list[DTypeRule]] = {}
    for r in distinct:
        for p in r.params:
            by_param.setdefault(p, []).append(r)
    conflicted = {p for p, rs in by_param.items() if len(rs) > 1}
    kept = [r for r in distinct if not conflicted & set(r.params)]
    if not conflicted:
        return kept
    tables: dict[tuple[str, ...], set[tuple[str, ...]] | None] = {}
    for rules in per_overload:  # one table per set of such tensors (a combos rule applies when all are passed)
        mapping = {p: r for r in rules if r not in kept for p in r.params}
        keys = tuple(sorted(mapping))
        if not keys:
            continue
        if not all(r.allowed for r in mapping.values()) or tables.get(keys, set()) is None:
            tables[keys] = None
            continue
        groups: list[tuple[tuple[str, ...], list[str]]] = []  # (its tensors, their dtype choices), per rule
        for r in dict.fromkeys(mapping.values()):
            names = tuple(p for p in keys if mapping[p] is r)
            if r.same:
                groups.append((names, sorted(r.allowed)))
            else:
                groups.extend(((p,), sorted(r.allowed)) for p in names)
        rows = tables.setdefault(keys, set())
        for choice in product(*(c for _, c in groups)):
            pick = {p: d for (names, _), d in zip(groups, choice, strict=True) for p in names}
            rows.add(tuple(pick[p] for p in keys))  # type: ignore[union-attr]
    return [*kept, *(combos(*k, table=rows) for k, rows in tables.items() if rows)]
