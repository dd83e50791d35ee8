"""Consistency of the API specification: every record parses and refers only to things that exist."""

from __future__ import annotations

import re

import pytest

from pyasc.language import dtypes, registry
from pyasc.language.spec import REQUIRED, ApiSpec, Overload, Param

BASE_KINDS = {
    "LocalTensor", "GlobalTensor", "Tensor", "GlobalAddress", "int", "float", "Number", "bool", "str", "DataType",
    "IntList", "NumberList", "BoolList", "Any", "TensorList", "List[SliceInfo]",
}
TENSORS = {"LocalTensor", "GlobalTensor", "Tensor"}
SCALARS = {"int", "float", "Number", "bool"}
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
"""The code generator's: `{{` and `}}` are literal braces (a designated initializer), the rest placeholders."""


def _fields(template: str) -> list[str]:
    return [m.group(1) for m in PLACEHOLDER.finditer(template) if m.group(1) is not None]
SCALAR_RET = re.compile(r"^Scalar\[(\w+)\]$")
TENSOR_RET = re.compile(r"^(LocalTensor|GlobalTensor|GlobalAddress)\[(\w+)\]$")
TUPLE_RET = re.compile(r"^Tuple\[(int(, int)*)\]$")


def _known_kind(kind: str) -> bool:
    if kind.startswith("Union[") and kind.endswith("]"):  # each alternative a known kind
        return all(_known_kind(k.strip()) for k in kind[6:-1].split(","))
    return kind in BASE_KINDS or kind in registry.ENUMS or kind in registry.CLASSES


def _api_cases() -> list[tuple[str, ApiSpec, Overload, str | None]]:
    """(id, spec, overload, owning class or None) for every function, method and constructor overload."""
    cases: list[tuple[str, ApiSpec, Overload, str | None]] = []
    for spec in registry.APIS.values():
        cases += [(f"{spec.name}#{i}", spec, o, None) for i, o in enumerate(spec.overloads)]
    for cls in registry.CLASSES.values():
        for spec in cls.methods.values():
            cases += [(f"{spec.name}#{i}", spec, o, cls.name) for i, o in enumerate(spec.overloads)]
    return cases


CASES = _api_cases()
CTOR_CASES = [(f"{c.name}()#{i}", c.name, o) for c in registry.CLASSES.values() for i, o in enumerate(c.constructors)]


def _params(o: Overload) -> dict[str, Param]:
    return {p.name: p for p in o.params}


LISTS = {"IntList", "NumberList", "BoolList", "Array", "TensorList", "List[SliceInfo]"}


def _check_template(template: str, params: dict[str, Param], receiver: str | None,
                    typed_struct: bool = False) -> list[str]:
    """Problems of one C++ template against the parameters of its overload (`typed_struct`: a constructor of a
    struct whose `{T}` is the element type of the tensors it is used with)."""
    problems = []
    has_tensor = any(p.kind in TENSORS for p in params.values()) or receiver in ("LocalTensor", "GlobalTensor") \
        or typed_struct
    for field in _fields(template):
        if field.startswith("<"):  # template arguments: each names a parameter with a default
            for name in field[1:].split(","):
                p = params.get(name)
                if name == "T" and p is None and has_tensor:  # the primary tensor's element type
                    continue
                if p is None or p.default is REQUIRED:
                    problems.append(f"{{{field}}}: {name} is not an optional parameter")
            continue
        if field in ("T",):
            if not has_tensor:
                problems.append("{T} without a tensor parameter")
            continue
        if re.fullmatch(r"out\d*:u?int(8|16|32|64)_t", field):  # the out-argument result(s), no parameter
            continue
        if field == "self":
            if receiver is None:
                problems.append("{self} outside a method")
            continue
        m = re.fullmatch(r"([,~])?(\*)?(\w+)"
                         r"(\.T|:T|:\w+\.T|:type|:self\.\w+|:u?int(?:8|16|32|64)_t|:float|:bool|:len|:elem|:tensors|:list"
                         r"|:init|:=.+)?",
                         field)
        if m is None:
            problems.append(f"malformed placeholder {{{field}}}")
            continue
        comma, star, name, suffix = m.groups()
        p = params.get(name)
        if p is None:
            problems.append(f"{{{field}}} names no parameter")
            continue
        if star and not p.variadic:
            problems.append(f"{{{field}}} on a non-variadic parameter")
        if comma and not star and p.default is REQUIRED:
            problems.append(f"{{{field}}} on a required parameter")
        if suffix == ".T" and p.kind not in TENSORS and p.kind not in SCALARS:
            problems.append(f"{{{field}}}: {name} is not a tensor or a scalar")
        if suffix == ":elem" and p.kind == "LocalTensor":
            pass  # a uint64 tensor of addresses: the element type of the tensors they are of
        elif suffix in (":float", ":bool", ":len", ":elem", ":tensors", ":list") or (suffix or "").endswith("_t"):
            if p.kind not in LISTS:
                problems.append(f"{{{field}}}: {name} is not a list")
        if suffix is not None and (suffix == ":init" or suffix.startswith(":=")) and p.default is not None:
            problems.append(f"{{{field}}}: a fallback for {name}, which is not optional")
        if suffix is not None and re.fullmatch(r":\w+\.T", suffix):  # a scalar in the element type of tensor q
            q = params.get(suffix[1:-2])
            if q is None or q.kind not in TENSORS:
                problems.append(f"{{{field}}}: {suffix[1:-2]} is not a tensor parameter")
        if suffix == ":type" and p.kind != "DataType":
            problems.append(f"{{{field}}}: {name} is not a DataType")
        if suffix == ":T" and not has_tensor:
            problems.append(f"{{{field}}} without a tensor parameter")
    literal = PLACEHOLDER.sub("", template)  # `{<sync}` is a placeholder, not a bracket
    if literal.count("(") != literal.count(")") or literal.count("<") != literal.count(">"):
        problems.append("unbalanced brackets")
    return problems


def _check_default(p: Param) -> list[str]:
    if not isinstance(p.default, str) or p.default is REQUIRED:
        return []
    text = p.default
    if "." in text:
        owner, member = text.split(".", 1)
        if owner in registry.ENUMS:
            return [] if member in registry.ENUMS[owner].members else [f"{p.name}: no member {text}"]
        if owner in registry.CLASSES:
            return [] if member in registry.CLASSES[owner].methods else [f"{p.name}: no attribute {text}"]
        return [f"{p.name}: default {text} refers to nothing known"]
    if dtypes.lookup(text) is not None:
        return []
    if p.kind == "str":
        return []
    return [f"{p.name}: unknown default {text!r}"]


def _check_return(ret: str, params: dict[str, Param], receiver: str | None) -> list[str]:
    if ret in ("None",) or _known_kind(ret):
        return []
    m = SCALAR_RET.match(ret)
    if m:
        ref = m.group(1)
        if ref in ("int", "bool", "float") or ref in dtypes.DTYPES:
            return []
        if ref == "self":
            return [] if receiver else ["Scalar[self] outside a method"]
        p = params.get(ref)
        # (a Property's value has the property's dtype: asc.property(asc.ONE_BLK_SIZE) is an int16)
        return [] if p is not None and (p.kind in TENSORS or p.kind in ("DataType", "Property")) else [
            f"bad return {ret}"]
    m = TENSOR_RET.match(ret)
    if m:
        ref = m.group(2)
        if ref == "self":
            return [] if receiver else [f"{ret} outside a method"]
        if m.group(1) == "GlobalAddress" and ref in dtypes.DTYPES:  # a pointer of a fixed type (GM_ADDR: uint8)
            return []
        p = params.get(ref)
        return [] if p is not None and (p.kind in TENSORS or p.kind == "DataType") else [f"bad return {ret}"]
    if TUPLE_RET.match(ret):
        return []
    return [f"unknown return kind {ret}"]


@pytest.mark.parametrize(("case_id", "spec", "overload", "receiver"), CASES, ids=[c[0] for c in CASES])
def test_overload_is_consistent(case_id: str, spec: ApiSpec, overload: Overload, receiver: str | None) -> None:
    params = _params(overload)
    if receiver is not None:
        assert "self" in params or overload.returns == receiver or overload.returns == "FixpipeConfig", case_id
    problems = [f"kind {p.kind} of {p.name}" for p in overload.params if p.name != "self" and not _known_kind(p.kind)]
    for p in overload.params:
        problems += _check_default(p)
    problems += _check_return(overload.returns, params, receiver)
    if overload.cpp is not None:
        problems += _check_template(overload.cpp, params, receiver)
    assert problems == [], f"{case_id}: {overload.signature}"


@pytest.mark.parametrize(("case_id", "cls_name", "overload"), CTOR_CASES, ids=[c[0] for c in CTOR_CASES])
def test_constructor_is_consistent(case_id: str, cls_name: str, overload: Overload) -> None:
    params = _params(overload)
    problems = [f"kind {p.kind} of {p.name}" for p in overload.params if not _known_kind(p.kind)]
    for p in overload.params:
        problems += _check_default(p)
    if overload.cpp is not None:
        problems += _check_template(overload.cpp, params, None, "{T}" in registry.CLASSES[cls_name].cpp)
    assert problems == [], case_id


def test_class_fields_are_constructor_parameters() -> None:
    """Struct fields (C++ aggregate order) are what the constructors accept, so `Params(x=1)` and `.x` agree."""
    bad = []
    for cls in registry.CLASSES.values():
        names = {p.name for o in cls.constructors for p in o.params}
        bad += [f"{cls.name}.{f}" for f in cls.fields if f not in names]
    assert bad == []


def test_class_templates_use_constructor_parameters() -> None:
    bad = []
    for cls in registry.CLASSES.values():
        names = {p.name for o in cls.constructors for p in o.params} | {"T"}
        for field in _fields(cls.cpp):
            # `{,p}`: an optional template argument; `{,p=q}`: one that takes q's when a later one is passed; `{,p=T}`
            # with T C++ text (not a parameter's name): a C++ argument of its own, written only before a later one
            first, _, fallback = field.lstrip(",").partition("=")
            by_name = fallback.isidentifier() and fallback.islower()
            for name in ([re.split(r"[.:]", first)[0]] if by_name or not fallback else []) + (
                    [fallback] if by_name else []):
                if name not in names:
                    bad.append(f"{cls.name}: {{{field}}}")
    assert bad == []


def test_bases_exist() -> None:
    assert [b for c in registry.CLASSES.values() for b in c.bases if b not in registry.CLASSES] == []


@pytest.mark.parametrize("spec", registry.all_apis(), ids=lambda s: s.name)
def test_rules_name_existing_tensor_parameters(spec: ApiSpec) -> None:
    """dtype rules, positions and reads/writes refer to tensor parameters of some overload (a `same` rule also to
    structs typed by the element type), with real dtypes; the receiver of a tensor method is `self`; an extent
    names a parameter."""
    tensors = {p.name for o in spec.overloads for p in o.params if p.kind in TENSORS}
    if spec.name.startswith(("LocalTensor.", "GlobalTensor.")):
        tensors.add("self")
    typed = {p.name for o in spec.overloads for p in o.params  # structs typed by the tensors (LoadData3DParamsV2)
             if p.kind in registry.CLASSES and "{T}" in registry.CLASSES[p.kind].cpp}
    problems = []
    for rule in spec.dtype_rules:
        problems += [f"rule param {p}" for p in rule.params if p not in tensors and not (rule.same and p in typed)]
        problems += [f"dtype {d}" for d in rule.allowed if d not in dtypes.DTYPES]
        for row in rule.combos:
            problems += [f"combo {row}" for d in row if d not in dtypes.DTYPES]
            if len(row) != len(rule.params):
                problems.append(f"combo arity {row}")
    problems += [f"position {p}" for p in spec.positions if p not in tensors]
    problems += [f"reads {p}" for p in spec.reads if p not in tensors]
    problems += [f"writes {p}" for p in spec.writes if p not in tensors]
    if spec.extent is not None:
        params = {p.name for o in spec.overloads for p in o.params}
        problems += [f"extent {spec.extent}"] if spec.extent.lstrip("@") not in params else []
    assert problems == []


def test_pipes_are_hardware_pipes() -> None:
    pipes = {"S", "V", "M", "MTE1", "MTE2", "MTE3", "FIX"}
    bad = [s.name for s in registry.all_apis() if s.pipe is not None and s.pipe not in pipes]
    bad += [s.name for s in registry.all_apis() for v in s.pipes.values() if v not in pipes]
    assert bad == []


def test_vector_ops_are_ub_only() -> None:
    """Every V-pipe function constrains its LocalTensor parameters to the Unified Buffer."""
    missing = []
    for spec in registry.APIS.values():
        if spec.pipe != "V":
            continue
        for o in spec.overloads:
            missing += [f"{spec.name}.{p.name}" for p in o.params
                        if p.kind == "LocalTensor" and p.name not in spec.positions]
    assert sorted(set(missing)) == []


def test_enum_values_are_unique_per_enum() -> None:
    dup = [e.name for e in registry.ENUMS.values() if len(set(e.members.values())) != len(e.members)]
    assert dup == []


def test_enum_cpp_spelling() -> None:
    assert registry.ENUMS["PipeID"].cpp("PIPE_ALL") == "PIPE_ALL"
    assert registry.ENUMS["HardEvent"].cpp("MTE2_V") == "AscendC::HardEvent::MTE2_V"
    assert registry.ENUMS["TPosition"].members["VECCALC"] == 11
    assert registry.ENUMS["SelMode"].cpp("VSEL_CMPMASK_SPR") == "AscendC::SELMODE::VSEL_CMPMASK_SPR"
    assert registry.ENUMS["QuantModes"].cpp("NoQuant") == "QuantMode_t::NoQuant"


def test_adv_names_are_qualified_and_distinct_from_basic() -> None:
    assert registry.APIS["exp"] is not registry.APIS["adv.exp"]
    assert registry.APIS["exp"].family.startswith("basic")
    assert registry.APIS["adv.exp"].family.startswith("adv")
    assert all(n.startswith("adv.") for n, c in registry.CLASSES.items() if c.family.startswith("adv"))


def test_checks_detect_broken_records() -> None:
    """The consistency checks above do fail on a bad template, kind, default and return."""
    from pyasc.language.spec import parse_signature

    o = parse_signature("(dst: LocalTensor, n: int, dt: DataType, opt: Optional[int] = None,"
                        " mode: RoundMode = RoundMode.CAST_NONE) -> LocalTensor[dt]",
                        "AscendC::F<{T}, {dt:type}>({dst}, {n}{,opt}, {mode})")
    assert _check_template(o.cpp or "", _params(o), None) == []
    assert _check_default(o.params[4]) == []
    assert _check_return(o.returns, _params(o), None) == []
    assert _check_template("AscendC::F({dst}, {count})", _params(o), None) == ["{count} names no parameter"]
    assert _check_template("AscendC::F({mode.T}, {,n}, {n:type}, {n:uint16_t}", _params(o), None) == [
        "{mode.T}: mode is not a tensor or a scalar", "{,n} on a required parameter", "{n:type}: n is not a DataType",
        "{n:uint16_t}: n is not a list", "unbalanced brackets"]
    bad = parse_signature("(mode: RoundMode = RoundMode.CAST_WRONG, q: Que = 1) -> Scalar[q]", None)
    assert _check_default(bad.params[0]) == ["mode: no member RoundMode.CAST_WRONG"]
    assert not _known_kind("Que")
    assert _check_return(bad.returns, _params(bad), None) == ["bad return Scalar[q]"]


def test_fast_signature_parser_agrees_with_the_ast_parser() -> None:
    """parse_signature's fast path gives exactly the ast path's Overload for every signature of the tables."""
    from pyasc.language import spec

    sigs = [o for s in registry.all_apis() for o in s.overloads]
    sigs += [o for c in registry.CLASSES.values() for o in c.constructors]
    fast = 0
    for o in sigs:
        reference = spec._parse_with_ast(o.signature, o.cpp)
        simple = spec._parse_simple(o.signature, o.cpp)
        assert o == spec.replace(reference, cann_only=o.cann_only, by_type=o.by_type, rule=o.rule)
        if simple is not None:
            assert simple == reference, o.signature
            fast += 1
    assert fast > 0.9 * len(sigs)
    odd = ["(a: int=1)", "(x: int = 08)", "(a: int = 'x') -> str", "(a, /, b: int = 1)", "(k: Optional[int]) -> None",
           "(*, a: Optional[int]) -> None", "(n: int = -0x10, f: float = 1.5e-3) -> Scalar[int]"]
    for text in odd:
        simple = spec._parse_simple(text, None)
        try:
            reference: object = spec._parse_with_ast(text, None)
        except SyntaxError:
            reference = None
        assert simple is None or simple == reference, text


def test_every_record_has_documentation() -> None:
    """Hover shows these: every function, method, class, enum and constant says what it does."""
    missing = [s.name for s in registry.all_apis() if not s.doc.strip()]
    missing += [c.name for c in registry.CLASSES.values() if not c.doc.strip()]
    missing += [e.name for e in registry.ENUMS.values() if not e.doc.strip()]
    missing += [c.name for c in registry.CONSTANTS.values() if not c.doc.strip()]
    assert missing == []
