"""Spec entries derived by rule from the Ascend C headers (`ascendc_facts.json`): the APIs pyasc will bind.

pyasc is Ascend C one to one, and its releases bind new Ascend C APIs mechanically, so the header's declaration
predicts the binding: the name snake-cased (`SoftmaxFlashV2` -> `softmax_flash_v2`, under `asc.adv` for an advanced
API), the parameters in the header's order with snake-cased names (as pyasc names them: `dstTensor` -> `dst`,
`sharedTmpBuffer` -> `temp_buffer`, `calCount` -> `count`), the template's value parameters as keywords after them,
and the dtypes its documentation states. The C++ of an entry calls the declaration it came from. The hand-written
1.1.1 tables override these entries: an Ascend C API they bind (by its C++ name) is theirs; the few places where the
rule would name a keyword otherwise add the rule's form after theirs (`TPipe.init_buffer(buf=..., len=...)`).

An entry of this module is `rule`-marked (ApiSpec.rule / ClassSpec.rule / Overload.rule: the Ascend C declaration it
came from): CANN's pyasc 1.1.1 lacks it, which the front end says (PA210) per the `cann_version` setting.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib.resources import files
from itertools import product

from ..spec import ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, api, combos, each, parse_signature, same, ub

ARCH = 2201
"""The architecture whose `#if` branches of the headers pyasc follows where they differ (Ascend 910B, dav-c220, the
default SoC): a struct's fields, its constructors, and the bundled header's declarations (two branches' would make
a call ambiguous)."""


def arch_holds(cond: str, arch: int = ARCH) -> bool | None:
    """Whether a facts' architecture condition (`defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510 || ...)`) holds for
    `arch`; None where it names something else too."""
    if not cond:
        return True
    expr = cond.replace("defined(__NPU_ARCH__)", "True").replace("__NPU_ARCH__", str(arch))
    expr = re.sub(r"!(?!=)", " not ", expr.replace("&&", " and ").replace("||", " or "))
    if re.search(r"[A-Za-z_]", re.sub(r"\b(True|and|or|not)\b", "", expr)):
        return None
    try:
        return bool(eval(expr, {"__builtins__": {}}))  # noqa: S307 - digits, comparisons and boolean words only
    except SyntaxError:
        return None


def at_arch(fields: Iterable) -> tuple:
    """A struct's fields as ARCH has them: (type, name, default), those of another architecture's branch left out."""
    return tuple(tuple(f[:3]) for f in fields if len(f) < 4 or arch_holds(f[3]) is not False)


def _load_facts() -> dict:
    """The committed facts table (JSON: it loads in milliseconds, where a Python literal of this size compiles
    slowly); tuples where the code compares them."""
    data = json.loads(files(__package__).joinpath("ascendc_facts.json").read_text(encoding="utf-8"))

    def tup(x: object) -> object:
        return tuple(tup(i) for i in x) if isinstance(x, list) else x

    return {k: tup(v) for k, v in data.items()}


class _Facts:
    """The facts, read on first use (only `build` reads them: the registry reads the derived table)."""

    @cached_property
    def _data(self) -> dict:
        return _load_facts()

    @property
    def FUNCTIONS(self) -> tuple:  # noqa: N802 (the table's name)
        return self._data["functions"]

    @property
    def STRUCTS(self) -> tuple:  # noqa: N802
        return self._data["structs"]

    @property
    def ENUMS(self) -> tuple:  # noqa: N802
        return self._data["enums"]

    @property
    def CONSTANTS(self) -> tuple:  # noqa: N802
        return self._data.get("constants", ())


F = _Facts()

_FUSED = {"SoftMax": "Softmax", "RmsNorm": "Rmsnorm", "GLU": "glu"}
"""Words pyasc writes as one (1.1.1's `softmax` for SoftMax, `rmsnorm` for RmsNorm; `swiglu` for SwiGLU: a gated
linear unit's name is one word)."""

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")


def snake(name: str) -> str:
    """`SoftmaxFlashV2` -> `softmax_flash_v2`, `SwiGLU` -> `swiglu`, `DataCopyPad` -> `data_copy_pad`."""
    for word, one in _FUSED.items():
        name = name.replace(word, one)
    name = re.sub(r"(?<=[a-z])glu\b", "GLUJOIN", name)
    words = _WORD.findall(name.replace("GLUJOIN", "glu"))
    out = "_".join(w.lower() for w in words)
    return re.sub(r"(?<=[a-z])_glu\b", "glu", out)


_PARAM_NAMES = {"sharedTmpBuffer": "temp_buffer", "calCount": "count", "sharedTmpBuf": "temp_buffer",
                "tmpBuffer": "temp_buffer"}
"""Parameter names pyasc spells otherwise (its `temp_buffer` and `count` throughout the 1.1.1 tables)."""


def param_name(name: str) -> str:
    """`dstTensor` -> `dst`, `srcTensor0` -> `src0`, `srcLocal` -> `src`, `expSumTensor` -> `exp_sum`."""
    if name in _PARAM_NAMES:
        return _PARAM_NAMES[name]
    base = re.sub(r"(?<=[a-z0-9])(Tensor|Local)(?=\d*$)", "", name)
    out = snake(base)
    return out + "_" if out in ("lambda", "pass", "from", "in", "is", "not", "and", "or", "def", "class",
                                "global", "import", "return", "yield", "with", "as", "if", "else") else out


_INTS = re.compile(r"(unsigned |signed )?(u?int(8|16|32|64)_t|int|size_t|uint|long|short|char|unsigned)$")
_DTYPES = {"half": "float16", "float": "float32", "bfloat16_t": "bfloat16", "int8_t": "int8", "uint8_t": "uint8",
           "int16_t": "int16", "uint16_t": "uint16", "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64",
           "uint64_t": "uint64", "bool": "int1"}


def bare(ctype: str) -> str:
    """A C++ parameter type without cv, reference, pointer and namespace (`const LocalTensor<T>&` ->
    `LocalTensor<T>`)."""
    t = re.sub(r"\b(const|volatile|struct|enum|class|typename|__gm__|__ubuf__)\b", " ", ctype)
    t = t.replace("&", " ").replace("AscendC::", "")
    return " ".join(t.split()).rstrip("* ").strip()


RESERVED = frozenset({"DataType", "LocalTensor", "GlobalTensor", "Tensor", "GlobalAddress", "Number", "IntList",
                      "NumberList", "BoolList", "Any", "Scalar", "Optional", "Union", "Tuple", "None"})
"""Words of the signature vocabulary (spec.py): no rule entry takes one as its name."""


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


class _Kinds:
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
            return m.group(1), elem if elem in typenames else _DTYPES.get(elem, "?")
        if t.endswith("[]"):
            return "IntList", _array_elem(t[:-2].strip())
        if "*" in ctype and "const" in ctype and "__gm__" not in ctype and _INTS.fullmatch(t):
            return "IntList", _array_elem(t)  # `const uint32_t* dstShape`: an array the call passes
        if t == "bool":
            return "bool", None
        if _INTS.fullmatch(t):
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


def _py_default(text: str | None, enums: set[str]) -> str | None:
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


def _is_adv(header: str) -> bool:
    return header.startswith("include/adv_api/")


def _family(header: str) -> str:
    """`adv.rule.<header folder>` (an advanced API: its own synchronization, as the hand-written `adv.*` families),
    `rule.basic` for a basic one: apart from the hand-written families, which tests hold to their references."""
    if _is_adv(header):
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


def _overload(fn: tuple, kinds: _Kinds, enums: set[str], method_of: str | None) -> tuple[Form, list[DTypeRule]] | None:
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
        d = _py_default(default, enums)
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
        d = _py_default(default, enums)
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


def _merge_rules(per_overload: list[list[DTypeRule]]) -> list[DTypeRule]:
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
        struct_names[name] = ("adv." if _is_adv(header) else "") + name
    kinds = _Kinds(hand_classes, enum_names, struct_names)
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
            d = _py_default(default, enum_names)
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
        cls = ClassSpec(name=struct_names[name], family="adv.rule.types" if _is_adv(header) else "rule.basic",
                        doc=f"AscendC::{name}, by rule.",
                        cpp=f"AscendC::{name}", constructors=ctor_list, fields=tuple(p.name for p in ctor.params),
                        field_cpp={p.name: c[1] for p, c in zip(ctor.params, fields, strict=True)},
                        constexpr=constexpr, rule=_origin(header, line, name))
        out.classes.append(cls)
    bound_structs = {c.rule.split()[0].replace("AscendC::", "") for c in out.classes}
    kinds = _Kinds(hand_classes, enum_names, {k: v for k, v in struct_names.items() if k in bound_structs})
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
        qual = ("adv." if _is_adv(fns[0][2]) else "") + snake(name)
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
        rules = _merge_rules([r for _, r in forms])
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


# ---------------------------------------------------------------------------------------------------------------------
# The derived entries as a committed table: deriving them costs a fifth of a second, the language server's start
# pays only for reading them. `scripts/ascendc_api_facts.py --spec` rewrites it; a test holds it current.

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
    data = json.loads(text if text is not None else files(__package__).joinpath(SPEC_FILE).read_text("utf-8"))
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
