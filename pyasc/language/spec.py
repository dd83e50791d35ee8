"""The declarative API specification format: one entry per public `asc` name.

Every consumer (checker, code generator, hover, completion, simulator, stub generator) reads these records, so an
API is described exactly once.  Overloads are written as Python signature strings, which keeps the tables short and
readable, and are parsed once at import into `Param` records.

Signature vocabulary (parameter annotations):
    LocalTensor, GlobalTensor, Tensor (either), GlobalAddress,
    int, float, Number (int or float), bool, str, DataType, IntList (a list of ints),
    an enum name (TPosition, HardEvent, ...), a class name (TQue, BinaryRepeatParams, ...; adv classes are qualified:
    adv.TCubeTiling), NumberList (a list of numbers), BoolList, Any.
    `Optional[X]` is X whose default is None.  A leading `*` parameter (`*args: Any`) is variadic.
Return annotations use the same vocabulary plus:
    None, `LocalTensor[p]` / `GlobalTensor[p]` / `GlobalAddress[p]` (element dtype taken from DataType parameter
    p, or from tensor parameter p, or `self`: a tensor's, or a Matmul's C matrix, or a dtype by name:
    `GlobalAddress[uint8]`), `Scalar[p]` (a scalar of the element dtype of tensor p or `self`), `Scalar[int]`,
    `Scalar[bool]`, `Scalar[uint64]` (a dtype by name), `Scalar[dtype]` (a scalar of DataType parameter dtype),
    `Tuple[int, ...]` forms such as `Tuple[int, int]` (with `{out0:uint16_t}`, ... in the template: the values are
    out-parameters of those types, unpacked by the caller), and a class name for constructed values
    (`adv.MatmulConfig`).

C++ templates (`Overload.cpp`) are format strings over the call's arguments:
    {p}        the emitted expression for parameter p (its default when omitted)
    {p:T}      scalar argument p converted to the element C++ type of the primary tensor (the first tensor
               parameter): the form of every scalar Ascend C deduces its T from together with a tensor
               (`Adds(const LocalTensor<T>&, ..., const T& scalarValue, ...)`), whose argument must be exactly T
    {p:q.T}    the same with the element type of tensor parameter q (`CompareScalar`'s src0, `Axpy`'s src)
    {p:self.a} argument p converted to the element C++ type of the receiver's operand a (a Matmul's A matrix)
    {T}        the element C++ type of the primary tensor
    {p.T}      the element C++ type of tensor parameter p (or the C++ type of scalar parameter p)
    {p:type}   a DataType argument spelled as a C++ type (`half`, `float`, ...)
    {p:uint16_t}  a list argument declared as a C array of that element type (default: uint64_t mask words;
               also `float` and `bool`)
    {p:len}    the number of items of a list argument (ShapeInfo's dimension count)
    {p:init}   argument p, or `{}` (a value-initialized member or tensor) when it is omitted
    {p:=text}  argument p, or the C++ text when it is omitted
    {out:uint64_t}  the call's result, an out-argument: a variable of that type declared before the statement
    {out0:uint16_t}  value 0 of a tuple result: the variable it is unpacked into (`a, b = asc.get_...()`)
    {p:elem}   the element type of a list argument's tensors (or of the tensors its get_phy_addr addresses are of)
    {,p}       `, <p>` when p was passed explicitly, nothing otherwise
    {~p}       a trailing positional argument: `, <p>` (its default when omitted) when p or a later `{~q}` was
               passed, nothing otherwise, so that C++ takes its own defaults for the rest
    {<p,q}     template arguments `<p, q>` up to the last one passed (`IterateAll<false>`), nothing when none was;
               each must be known at compile time; `T` there is the primary tensor's element type (`{<T,is_set_mask}`:
               `Adds<half, false>` when is_set_mask was passed, else no template arguments)
    {self}     the receiver of a method call
    {*p}       a variadic parameter's arguments joined with ", "
A template of None means the API is known but code generation does not support it yet.  A class's C++ type may
hold `{T}`: the element type of the tensors the struct is used with (`LoadData3DParamsV2<{T}>`), unified with them
by the `same` dtype rules of the APIs that take it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # the ast module is imported only for signatures the fast parser leaves to it
    import ast

REQUIRED: object = type("Required", (), {"__repr__": lambda self: "REQUIRED"})()
"""Sentinel default of a parameter that must be passed."""

UB_POSITIONS = frozenset({"VECIN", "VECOUT", "VECCALC"})
"""TPositions that live in the Unified Buffer: where every vector instruction reads and writes."""

POSITION_MEMORY = {"A1": "L1", "B1": "L1", "C1": "L1", "A2": "L0A", "B2": "L0B", "CO1": "L0C", "C2": "BT"}
"""The on-chip memory of each cube TPosition; every other position is in the Unified Buffer."""


def memory_of_position(position: str) -> str:
    """The on-chip memory a TPosition name lives in (`UB`, `L1`, `L0A`, ...)."""
    return POSITION_MEMORY.get(position, "UB")


@dataclass(frozen=True)
class Param:
    """One parameter of one overload."""

    name: str
    kind: str
    default: object = REQUIRED
    variadic: bool = False
    keyword_only: bool = False
    positional_only: bool = False
    """Declared before `/`: a keyword argument does not reach it (CANN's select takes sel_mask and src0 from *args)."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED and not self.variadic


@dataclass(frozen=True)
class Overload:
    """One callable form of an API, with the C++ it becomes."""

    params: tuple[Param, ...]
    returns: str
    cpp: str | None
    signature: str
    rule: str = ""
    """The Ascend C declaration a form derived by rule came from (api/rule/): CANN's pyasc 1.1.1 lacks it; empty
    for the hand-written forms."""
    cann_only: str = ""
    """A form CANN's pyasc accepts that Ascend C has no overload for: NOTHING (CANN's tracer writes no C++ for the
    call, so it does nothing on the device) or CALL (it writes the call, which no Ascend C header declares, so
    bisheng rejects the kernel); empty for Ascend C's own forms."""
    by_type: bool = False
    """Its arguments bind by their types, in any order (ApiSpec.by_type; `bind_by_type`)."""

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None


@dataclass(frozen=True)
class DTypeRule:
    """Element dtypes accepted by the tensor parameters `params` (empty `allowed` means any)."""

    params: tuple[str, ...]
    allowed: frozenset[str] = frozenset()
    same: bool = True
    """All listed tensors must share one dtype (Add's dst, src0 and src1)."""
    combos: frozenset[tuple[str, ...]] = frozenset()
    """When not empty (and `same` is False): the accepted dtype tuples, in `params` order (Cast's (dst, src) table)."""


@dataclass(frozen=True)
class ApiSpec:
    """One public name: a function (`add`), an adv function (`adv.exp`) or a method (`TQue.alloc_tensor`)."""

    name: str
    family: str
    declared: tuple[Overload | tuple[str, str | None], ...]
    """The overloads as declared: Overloads, or (signature, C++ template) pairs parsed when `overloads` is first
    read, so that importing the tables (on every language-server start) does not parse hundreds of signatures."""
    doc: str
    dtype_rules: tuple[DTypeRule, ...] = ()
    positions: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Allowed TPositions of LocalTensor parameters (e.g. vector ops read and write the Unified Buffer only)."""
    pipe: str | None = None
    """The hardware pipe that executes it (MTE2, MTE3, V, S, ...), for sync analysis and the profile."""
    sim: str | None = None
    """`module:function` of its simulator semantics; None means `<family>:<name>`, found in the simulator's modules of
    that family (`pyasc.sim.api.FAMILIES`)."""
    reads: tuple[str, ...] = ()
    """Tensor parameters the operation reads (for race detection; `self` is a method's receiver); when both are empty,
    `dst` is written and the other tensor parameters are read."""
    writes: tuple[str, ...] = ()
    """Tensor parameters the operation writes."""
    pipes: Mapping[str, str] = field(default_factory=dict)
    """Pipe by data direction, `"<src kind>-><dst kind>"` (`"GlobalTensor->LocalTensor": "MTE2"`); `pipe` is the
    fallback.  DataCopy runs on MTE2 into the Unified Buffer, MTE3 out of it and V within it."""
    extent: str | None = None
    """How many elements of each tensor operand it touches, from the operand's start: `"<param>"` (that parameter's
    value), `"@<param>"` (the one element at that index), None: the overload's `count` parameter when it has one,
    else not known statically (the static hazard analysis then only trusts accesses that start at the same place)."""
    counted: tuple[str, ...] = ()
    """The tensor operands whose elements the count (or the mask, repeat count and strides) addresses, from their
    start; empty: those of the first dtype rule that names a read operand (else the written ones), so that a
    compare's bit-mask dst or a select's sel_mask is not counted. A reduction's dst, a gather's src and a scatter's
    dst are addressed otherwise and declare it (the static bounds check, PA611-PA613, reads it)."""
    members: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """Enum and DataType parameters that take only some members (CANN's set_pad_value raises for a `pos` other
    than MAX, VECIN and VECOUT, its scalar_cast for a dtype other than int32 and float16): parameter name -> the
    allowed member (or dtype) names."""
    ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Int parameters that take only the compile-time values lo..hi (CANN's gather_mask raises for a built-in
    pattern outside 1..7): parameter name -> (lo, hi); a run-time value is not checked."""
    rule: str = ""
    """The Ascend C declaration an entry derived by rule came from (api/rule/); empty for hand-written entries."""
    literals: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    """Parameters that CANN's tracer takes only as Python values known at compile time, from a fixed set:
    parameter name -> the allowed values, matched by type and value (True is not 1).  Its dispatchers match
    is_set_mask to a Python bool only, so `is_set_mask=1` matches no form; its scalar_get_sff_value raises for a
    count_value that is a run-time value or other than 0 or 1 (Python's False and True are the ints 0 and 1 there)."""

    by_type: bool = False
    """CANN declares it `(*args, **kwargs)` and dispatches on each argument's type, so that its arguments come in
    any order (get_mm_config's mode and parameter records): every overload binds them with `bind_by_type`."""

    @cached_property
    def overloads(self) -> tuple[Overload, ...]:
        parsed = tuple(o if isinstance(o, Overload) else parse_signature(*o) for o in self.declared)
        return tuple(replace(o, by_type=True) for o in parsed) if self.by_type else parsed

    @property
    def qualname(self) -> str:
        return self.name

    @property
    def generated(self) -> bool:
        """True when at least one overload has a C++ template."""
        return any(o.cpp is not None for o in self.overloads)

    @cached_property
    def leaf(self) -> str:
        """The name without its class (`TQue.deque` -> `deque`): what the checks match a call by."""
        return self.name.rsplit(".", 1)[-1]

    @property
    def sim_ref(self) -> str:
        if self.sim:
            return self.sim
        return f"{self.family.split('.')[0]}:{self.leaf}"


@dataclass(frozen=True)
class ClassSpec:
    """A class of the `asc` namespace: kernel objects (TPipe, TQue, GlobalTensor) and parameter structs."""

    name: str
    family: str
    doc: str
    cpp: str
    """C++ type, with `{T}` for the element type and `{p}` for constructor arguments used as template arguments."""
    constructors: tuple[Overload, ...] = ()
    methods: Mapping[str, ApiSpec] = field(default_factory=dict)
    fields: tuple[str, ...] = ()
    """For parameter structs: the field names, in C++ aggregate order."""
    bases: tuple[str, ...] = ()
    """Classes whose methods this one inherits (TQue and TBuf inherit TQueBind's)."""
    declared: bool = False
    """True when construction is a C++ declaration (`AscendC::TPipe pipe;`), false for a value (`Params{...}`)."""
    field_cpp: Mapping[str, str] = field(default_factory=dict)
    """C++ member names of fields that the camelCase rule does not give (`k_a` is `Ka` in TCubeTiling)."""
    constexpr: bool = False
    """A compile-time settings record (MatmulConfig and its parts): every field a compile-time value, declared
    `constexpr static` (so that it can be a template argument) and written with designated initializers."""
    explicit_defaults: tuple[str, ...] = ()
    """Fields of a constexpr record always written: the C++ struct's default (zero) is not the language's."""
    ir_handle_at: int | None = None
    """Where CANN's constructor takes one more positional parameter, its internal IR handle (never the user's): an
    argument there makes CANN's tracer build no value and write no C++ (the struct's field count)."""
    cpp_by_position: Mapping[str, str] = field(default_factory=dict)
    """The C++ type (in place of `cpp`) of an object whose `pos` argument is this TPosition: Ascend C's TQue asserts
    its position is not VECCALC, where the equivalent is a TQueBind from VECCALC to VECCALC."""
    rule: str = ""
    """The Ascend C declaration a class derived by rule came from (api/rule/); empty for hand-written classes."""
    dtype_params: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """DataType parameters of the constructor that take some dtypes only (AippParams: int8 or float16, as CANN
    checks at trace time)."""

    def cpp_field(self, name: str) -> str:
        """The C++ member of field `name`: `single_core_m` is `singleCoreM` unless field_cpp says otherwise."""
        return self.field_cpp.get(name) or camel_case(name)


def camel_case(name: str) -> str:
    """`single_core_m` -> `singleCoreM` (how the Ascend C structs spell the language's snake_case fields)."""
    first, *rest = name.split("_")
    return first + "".join(p[:1].upper() + p[1:] for p in rest)


@dataclass(frozen=True)
class EnumSpec:
    """An `asc` enum: its members and values and how C++ spells a member."""

    name: str
    members: Mapping[str, int]
    cpp_prefix: str
    """`AscendC::TPosition::` for scoped enums, `` for PipeID's bare `PIPE_ALL`."""
    doc: str = ""
    top_level: bool = True
    """False for an enum CANN's `asc` does not export (`asc.MatmulPolicy` fails there): only an import from
    asc.language.core.enums names it."""
    cpp_names: Mapping[str, str] = field(default_factory=dict)
    """Members CANN's pyasc writes as another Ascend C enumerator: its translation writes the enumerator of the
    member's value, and Ascend C numbers these members differently (CacheMode's NORMAL is 0 in CANN's pyasc, and 0
    is CACHE_MODE_DISABLE in Ascend C)."""
    untranslated: frozenset[str] = frozenset()
    """Members CANN's translation has no enumerator for: its tracer rejects a call given one."""
    rule: str = ""
    """The Ascend C declaration an enum derived by rule came from (api/rule/); empty for hand-written enums."""

    def cpp(self, member: str) -> str:
        return f"{self.cpp_prefix}{self.cpp_names.get(member, member)}"


@dataclass(frozen=True)
class ConstSpec:
    """A named compile-time constant of the `asc` namespace (`asc.ONE_BLK_SIZE`), read with `asc.property`."""

    name: str
    dtype: str
    cpp: str
    doc: str = ""


A = TypeVar("A")


def bind_by_type(params: Sequence[Param], positional: Sequence[A], keywords: Sequence[tuple[str, A]],
                 fits: Callable[[A, str], bool]) -> tuple[dict[str, A], list[A]]:
    """Arguments bound as a dispatcher on `*args, **kwargs` binds them, by their types (ApiSpec.by_type): a keyword
    naming a parameter whose kind it fits binds it; every other argument, in the order written, binds the first
    parameter not yet bound whose kind it fits, else joins the variadic parameter's arguments (the second result).
    The checker and the simulator bind with this one rule, each with its own `fits`."""
    named = [p for p in params if not p.variadic]
    bound: dict[str, A] = {}
    pending = list(positional)
    for name, a in keywords:
        p = next((p for p in named if p.name == name), None)
        if p is not None and name not in bound and fits(a, p.kind):
            bound[name] = a
        else:
            pending.append(a)
    rest: list[A] = []
    for a in pending:
        p = next((p for p in named if p.name not in bound and fits(a, p.kind)), None)
        if p is None:
            rest.append(a)
        else:
            bound[p.name] = a
    return bound, rest


# ---------------------------------------------------------------------------------------------------------------------
# Construction helpers used by the tables.


def _kind(node: ast.expr | None) -> tuple[str, bool]:
    """Annotation AST -> (kind, optional)."""
    import ast

    if node is None:
        return "Any", False
    if isinstance(node, ast.Constant) and node.value is None:
        return "None", False
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == "Optional":
        inner, _ = _kind(node.slice)
        return inner, True
    return ast.unparse(node), False


NOTHING, CALL = "nothing", "call"


def cann_only(kind: str, sig: str, cpp: str) -> Overload:
    """A form only CANN's pyasc has (see Overload.cann_only); `cpp` is what CANN writes ("" for nothing)."""
    assert kind in (NOTHING, CALL) and (cpp == "") == (kind == NOTHING)
    return replace(parse_signature(sig, cpp), cann_only=kind)


def parse_signature(sig: str, cpp: str | None) -> Overload:
    """Parse `(dst: LocalTensor, count: int = 0) -> None` into an Overload."""
    fast = _parse_simple(sig, cpp)
    if fast is not None:
        return fast
    return _parse_with_ast(sig, cpp)


_SIMPLE_DEFAULT = {"None": None, "True": True, "False": False}
_NUMBER = re.compile(r"-?(0[xX][0-9a-fA-F]+|\d+)")
_FLOAT = re.compile(r"-?\d+\.\d*(e-?\d+)?")
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def _split_top(text: str, sep: str = ",") -> list[str]:
    """Split at `sep` outside brackets; items stripped, empty tail dropped."""
    items: list[str] = []
    pending = ""
    for piece in text.split(sep):
        pending = f"{pending}{sep}{piece}" if pending else piece
        if pending.count("[") + pending.count("(") + pending.count("{") == (
                pending.count("]") + pending.count(")") + pending.count("}")):
            items.append(pending.strip())
            pending = ""
    if pending:
        items.append(pending.strip())
    if items and not items[-1]:
        items.pop()
    return items


def _simple_kind(text: str) -> tuple[str, bool] | None:
    text = text.strip()
    if text.startswith("Optional[") and text.endswith("]"):
        inner = _simple_kind(text[len("Optional["):-1])
        return None if inner is None else (inner[0], True)
    if not re.fullmatch(r"[\w.]+(\[[\w.]+(, [\w.]+)*\])?", text):
        return None
    return text, False


def _simple_default(text: str) -> tuple[object] | None:
    """A default value as the AST path gives it (literals evaluated, names kept as text); None when unsure."""
    if text in _SIMPLE_DEFAULT:
        return (_SIMPLE_DEFAULT[text],)
    if _NUMBER.fullmatch(text):
        try:
            return (int(text, 0) if not text.startswith("-") else -int(text[1:], 0),)
        except ValueError:  # "08": not a Python literal either; let the ast path report it
            return None
    if _FLOAT.fullmatch(text):
        return (float(text),)
    if _DOTTED.fullmatch(text):
        return (text,)
    if text in ("''", '""'):
        return ("",)
    if text.startswith("[") and text.endswith("]"):
        items = [_simple_default(t.strip()) for t in text[1:-1].split(",")] if text[1:-1].strip() else []
        if all(i is not None and isinstance(i[0], int) and not isinstance(i[0], bool) for i in items):
            return ([i[0] for i in items if i is not None],)
    return None


def _parse_simple(sig: str, cpp: str | None) -> Overload | None:
    """Fast path of parse_signature for the plain signatures the tables use (the registry imports on every
    language-server start); anything unusual returns None and goes through the `ast` path, which is the reference.
    """
    text = sig.strip()
    if not text.startswith("("):
        return None
    close = text.rfind(")")
    rest = text[close + 1:].strip()
    if rest and not rest.startswith("->"):
        return None
    ret = _simple_kind(rest[2:]) if rest else ("None", False)
    body = text[1:close]
    plain = body.replace(" = ''", "").replace(' = ""', "")
    if ret is None or "(" in body or "/" in body or "'" in plain or '"' in plain or "=" in body.replace(" = ", ""):
        return None
    params: list[Param] = []
    keyword_only = False
    for item in _split_top(body):
        name_part, _, default_text = item.partition(" = ")
        name, _, annotation = name_part.partition(":")
        name = name.strip()
        variadic = name.startswith("*")
        if name == "*":
            keyword_only = True
            continue
        if variadic:
            name = name[1:]
        if not name.isidentifier():
            return None
        kind, optional = ("Any", False) if not annotation else _simple_kind(annotation) or ("", False)
        if not kind:
            return None
        if variadic:
            params.append(Param(name, kind, REQUIRED, variadic=True))
            keyword_only = True
            continue
        if default_text:
            parsed = _simple_default(default_text.strip())
            if parsed is None:
                return None
            default = parsed[0]
        else:
            default = REQUIRED
        if optional and default is REQUIRED and not keyword_only:
            default = None
        params.append(Param(name, kind, default, keyword_only=keyword_only))
    return Overload(tuple(params), ret[0], cpp, text)


def _parse_with_ast(sig: str, cpp: str | None) -> Overload:
    """parse_signature through Python's parser: the reference behaviour, and the path for complex signatures."""
    import ast

    text = sig.strip()
    if "->" not in text:
        text += " -> None"
    fn = ast.parse(f"def f{text}: ...").body[0]
    assert isinstance(fn, ast.FunctionDef)
    params: list[Param] = []
    args = fn.args
    positional = args.posonlyargs + args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(positional, defaults, strict=True):
        kind, optional = _kind(a.annotation)
        default: object = REQUIRED if d is None else ast.literal_eval(d) if _is_literal(d) else ast.unparse(d)
        if optional and default is REQUIRED:
            default = None
        params.append(Param(a.arg, kind, default, positional_only=a in args.posonlyargs))
    if args.vararg is not None:
        kind, _ = _kind(args.vararg.annotation)
        params.append(Param(args.vararg.arg, kind, REQUIRED, variadic=True))
    for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        kind, optional = _kind(a.annotation)
        default = REQUIRED if d is None else ast.literal_eval(d) if _is_literal(d) else ast.unparse(d)
        params.append(Param(a.arg, kind, default, keyword_only=True))
    returns, _ = _kind(fn.returns)
    return Overload(tuple(params), returns, cpp, sig.strip())


def _is_literal(node: ast.expr) -> bool:
    import ast

    try:
        ast.literal_eval(node)
    except ValueError:
        return False
    return True


def api(
    name: str,
    family: str,
    doc: str,
    overloads: Iterable[tuple[str, str | None] | Overload],
    *,
    dtypes: Iterable[DTypeRule] = (),
    positions: Mapping[str, frozenset[str]] | None = None,
    pipe: str | None = None,
    sim: str | None = None,
    reads: tuple[str, ...] = (),
    writes: tuple[str, ...] = (),
    pipes: Mapping[str, str] | None = None,
    extent: str | None = None,
    counted: tuple[str, ...] = (),
    members: Mapping[str, frozenset[str]] | None = None,
    ranges: Mapping[str, tuple[int, int]] | None = None,
    literals: Mapping[str, tuple[object, ...]] | None = None,
    by_type: bool = False,
) -> ApiSpec:
    """Declare an API from (signature, C++ template) pairs."""
    return ApiSpec(
        name=name,
        family=family,
        declared=tuple(o if isinstance(o, Overload) else (o[0], o[1]) for o in overloads),
        doc=doc,
        dtype_rules=tuple(dtypes),
        positions=dict(positions or {}),
        pipe=pipe,
        sim=sim,
        reads=reads,
        writes=writes,
        pipes=dict(pipes or {}),
        extent=extent,
        counted=counted,
        members=dict(members or {}),
        ranges=dict(ranges or {}),
        literals=dict(literals or {}),
        by_type=by_type,
    )


def dtypes(*names: str) -> frozenset[str]:
    """A set of dtype names, e.g. dtypes("float16", "float32")."""
    return frozenset(names)


def same(*params: str, allowed: frozenset[str] = frozenset()) -> DTypeRule:
    """All the given tensor parameters share one dtype, drawn from `allowed` (any when empty)."""
    return DTypeRule(tuple(params), allowed, True)


def each(*params: str, allowed: frozenset[str]) -> DTypeRule:
    """Each of the given tensor parameters has a dtype from `allowed`; they may differ (Cast's dst and src)."""
    return DTypeRule(tuple(params), allowed, False)


def combos(*params: str, table: Iterable[tuple[str, ...]]) -> DTypeRule:
    """The tensor parameters' dtypes must form one of the tuples of `table` (a conversion table)."""
    rows = frozenset(tuple(r) for r in table)
    allowed = frozenset(d for r in rows for d in r)
    return DTypeRule(tuple(params), allowed, False, rows)


def ub(*params: str) -> dict[str, frozenset[str]]:
    """Position rule: the given LocalTensor parameters must be in the Unified Buffer."""
    return {p: UB_POSITIONS for p in params}
