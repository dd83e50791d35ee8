"""The typed IR: what the front end produces and the code generator and checks consume.

Every node carries the Python span that produced it, so the emitter can record mappings without being told.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...language.spec import ApiSpec, ClassSpec, Overload
from ..diagnostics.model import Span
from ..syntax.structs import FieldDef, StructDef
from .types import DVar, ScalarT, TensorT, Type, UnknownT


@dataclass(eq=False)
class Symbol:
    """A name of a kernel: parameter, local, loop variable, queue, buffer, pipe."""

    name: str
    kind: str
    type: Type
    def_span: Span
    refs: list[Span] = field(default_factory=list)
    block: tuple[int, ...] = ()
    """Block path where it was first assigned (for the branch-local check)."""
    reads: int = 0
    constexpr: bool = False
    cpp_name: str = ""
    const_value: object = None
    """A ConstExpr parameter's value in the C++ (from --const, a launch, or the default)."""
    const_source: str = ""
    value_span: Span | None = None
    """The value of the assignment that made it (`0` in `i = 0`): PA108's fix turns it into a run-time start."""
    item_of: str = ""
    """The name of the tuple it holds an item of (`offs_0` of `offs = helper(...)`), which is read as a whole."""

    def __post_init__(self) -> None:
        if not self.cpp_name:
            self.cpp_name = self.name


# -- expressions ------------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class Expr:
    """A typed expression: where it is in the Python source and its type."""

    span: Span
    type: Type


@dataclass(eq=False)
class Const(Expr):
    """A literal or a folded compile-time value."""

    value: object = None
    folded: bool = False
    """Computed at compile time from an expression C++ cannot spell (`2**64`): emitted as its value."""


@dataclass(eq=False)
class Name(Expr):
    """A reference to a kernel symbol."""

    symbol: Symbol | None = None


@dataclass(eq=False)
class ConstName(Expr):
    """A module constant: emitted by name (it is a constexpr in C++)."""

    name: str = ""
    value: object = None


@dataclass(eq=False)
class BinOp(Expr):
    """`left op right`."""

    op: str = "+"
    left: Expr | None = None
    right: Expr | None = None


@dataclass(eq=False)
class UnaryOp(Expr):
    """`op operand`, `op` as C++ spells it (`-`, `+`, `~`, `!`)."""

    op: str = "-"
    operand: Expr | None = None


@dataclass(eq=False)
class IfExp(Expr):
    """`then if cond else other`."""

    cond: Expr | None = None
    then: Expr | None = None
    other: Expr | None = None


@dataclass(eq=False)
class Call(Expr):
    """An asc API call (function or method) resolved to one overload."""

    api: ApiSpec | None = None
    overload: Overload | None = None
    args: dict[str, Expr] = field(default_factory=dict)
    varargs: list[Expr] = field(default_factory=list)
    receiver: Expr | None = None
    callee_span: Span | None = None


@dataclass(eq=False)
class Construct(Expr):
    """An asc class instantiated: `asc.TQue(...)`, `asc.GlobalTensor()`, `asc.BinaryRepeatParams(...)`."""

    cls: ClassSpec | None = None
    overload: Overload | None = None
    args: dict[str, Expr] = field(default_factory=dict)


@dataclass(eq=False)
class HelperCall(Expr):
    """A call of a jit helper of the module, emitted as a call of its __aicore__ inline function."""

    name: str = ""
    args: list[Expr] = field(default_factory=list)
    spec: str = ""
    """Which specialization of the helper it calls (calls with other constant arguments or dtypes have others of
    the same C++ name): the key of the checks' map of helpers; empty, by name."""


@dataclass(eq=False)
class Subscript(Expr):
    """`t[i:]` or `t[i]` on a tensor: a sub-tensor starting at i."""

    base: Expr | None = None
    index: Expr | None = None


@dataclass(eq=False)
class AddrOffset(Expr):
    """`x + offset` on a GlobalAddress."""

    base: Expr | None = None
    offset: Expr | None = None


@dataclass(eq=False)
class MethodRef(Expr):
    """`obj.method` before the call: keeps the lowered receiver."""

    receiver: Expr | None = None


@dataclass(eq=False)
class EnumMember(Expr):
    """A member of an asc enum (`asc.TPosition.VECIN`)."""

    enum: str = ""
    member: str = ""


@dataclass(eq=False)
class DTypeRef(Expr):
    """A dtype as a value (`asc.float16`); the dtype is its type's."""


@dataclass(eq=False)
class ApiConst(Expr):
    """A constant of the asc namespace (`asc.ONE_BLK_SIZE`), emitted as its C++ spelling."""

    name: str = ""
    cpp: str = ""


@dataclass(eq=False)
class CastExpr(Expr):
    """`float(n)`, `int(x)`."""

    to: str = "float32"
    operand: Expr | None = None


@dataclass(eq=False)
class IntList(Expr):
    """A list of ints (a shape): `[m, n]`."""

    items: list[Expr] = field(default_factory=list)


@dataclass(eq=False)
class ArrayNew(Expr):
    """`asc.array(dtype, n, fill)` or `asc.array(dtype, [v, ...])`: a C array (type `ArrayT`); `items` its initial
    values converted to its dtype (empty: left uninitialized, as CANN leaves it), `length` the length as written."""

    items: list[Expr] = field(default_factory=list)
    length: Expr | None = None
    fill: Expr | None = None
    """The fill value of an array whose length (a ConstExpr) is not known here: filled by a loop."""


@dataclass(eq=False)
class ArrayItem(Expr):
    """`offs[i]` of an asc.array: the element at a run-time or compile-time index, a run-time scalar."""

    base: Expr | None = None
    index: Expr | None = None


@dataclass(eq=False)
class Member(Expr):
    """A struct's field: `tiling.single_core_m` (C++ `tiling.singleCoreM`)."""

    base: Expr | None = None
    field: FieldDef | None = None


@dataclass(eq=False)
class StructNew(Expr):
    """A struct built in the kernel: `Params(total=4)` (C++ aggregate, unset fields from their defaults)."""

    struct: StructDef | None = None
    values: dict[str, Expr] = field(default_factory=dict)


@dataclass(eq=False)
class Invalid(Expr):
    """A placeholder after an error; its type is unknown so no further error cascades from it."""

    operands: tuple[Expr, ...] = ()
    """A call that failed to bind (already reported): its receiver and arguments, the objects it would have set up
    (a queue given memory, a flag set). The checks count them as set up, in a way they cannot know, and report
    nothing more about them (`checks.failed_calls`)."""
    api: ApiSpec | None = None
    """The API of that call, when it is known (a set_flag: the hazard analysis stops trusting its flags)."""


def invalid(span: Span) -> Invalid:
    return Invalid(span, UnknownT())


def failed_call(span: Span, operands: list[Expr | None], api: ApiSpec | None = None) -> Invalid:
    """The IR of a call that failed to bind, already reported: unknown, with what it was given. The dtypes of the
    tensors and addresses it was given are left open as reported (`DVar.lost`): no PA406 says nothing fixes them."""
    kept = tuple(e for e in operands if e is not None)
    for e in kept:
        t = e.type
        dvar = getattr(t, "dvar", None)
        if isinstance(dvar, DVar):
            dvar.find().lost = True
    return Invalid(span, UnknownT(), kept, api)


# -- statements -------------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class Stmt:
    """A typed statement: where it is in the Python source."""

    span: Span


@dataclass(eq=False)
class Assign(Stmt):
    """`target = value`; `declare` when it is the symbol's first assignment (a C++ declaration)."""

    target: Symbol | None = None
    target_span: Span | None = None
    value: Expr | None = None
    declare: bool = False


@dataclass(eq=False)
class MemberAssign(Stmt):
    """`tiling.share_l1_size = value`."""

    target: Member | None = None
    value: Expr | None = None


@dataclass(eq=False)
class ItemAssign(Stmt):
    """`offs[i] = value` (`op` empty) or `offs[i] op= value` on an asc.array; the value converted to its dtype."""

    target: ArrayItem | None = None
    value: Expr | None = None
    op: str = ""


@dataclass(eq=False)
class Unpack(Stmt):
    """`a, b = helper(...)` or `a, b = asc.get_store_atomic_config()`: a helper or an API returning a tuple writes
    its values into the targets (C++ out-parameters)."""

    targets: list[Symbol] = field(default_factory=list)
    target_spans: list[Span] = field(default_factory=list)
    declare: list[bool] = field(default_factory=list)
    call: HelperCall | Call | None = None


@dataclass(eq=False)
class AugAssign(Stmt):
    """`target op= value`."""

    target: Symbol | None = None
    target_span: Span | None = None
    op: str = "+"
    value: Expr | None = None


@dataclass(eq=False)
class ExprStmt(Stmt):
    """An expression evaluated for its effect (an API call)."""

    expr: Expr | None = None


@dataclass(eq=False)
class For(Stmt):
    """A counted loop (`range`, `asc.range`, `asc.static_range`); `static` for `asc.static_range`."""

    var: Symbol | None = None
    var_span: Span | None = None
    start: Expr | None = None
    stop: Expr | None = None
    step: Expr | None = None
    body: list[Stmt] = field(default_factory=list)
    static: bool = False


@dataclass(eq=False)
class While(Stmt):
    """A `while` loop."""

    cond: Expr | None = None
    body: list[Stmt] = field(default_factory=list)


@dataclass(eq=False)
class IterateLoop(While):
    """`with matmul.iterate() as count:`: the body runs while the call computes another block; `count` (when
    named) counts the blocks done, from 0."""

    var: Symbol | None = None
    var_span: Span | None = None


@dataclass(eq=False)
class If(Stmt):
    """An `if` statement."""

    cond: Expr | None = None
    body: list[Stmt] = field(default_factory=list)
    orelse: list[Stmt] = field(default_factory=list)
    static: bool | None = None
    """True/False when the condition folds at compile time (only that branch is emitted)."""


@dataclass(eq=False)
class Unrolled(If):
    """One copy of an `asc.static_range` loop's body, the loop variable a compile-time int (as the tracer unrolls
    it): a statically taken `If` to every pass, emitted inline after a comment naming the value."""

    var: str = ""
    value: int = 0


@dataclass(eq=False)
class Return(Stmt):
    """`return value` (a helper's result)."""

    value: Expr | None = None


@dataclass(eq=False)
class Pass(Stmt):
    """`pass`: emits nothing."""


@dataclass(eq=False)
class KernelIR:
    """One jit function, typed."""

    name: str
    kind: str
    params: list[Symbol]
    body: list[Stmt]
    span: Span
    name_span: Span
    symbols: list[Symbol]
    returns: Type | None = None
    options: dict[str, object] = field(default_factory=dict)
    helpers_called: set[str] = field(default_factory=set)
    constants_read: set[str] = field(default_factory=set)
    constructs: list[Construct] = field(default_factory=list)
    """Every asc class construction, in order (LocalTensors at fixed addresses count against the UB)."""
    has_lists: bool = False
    """Whether any list literal (a mask) occurs: the generator declares those before their statement."""
    launches: tuple[tuple[tuple[str, str], ...], ...] = ()
    """The dtypes (parameter, dtype name) each distinct launch of the file gives the kernel's GlobalAddress
    parameters: a kernel left generic is instantiated once per signature, not with DTYPE (analysis.py)."""
    faulty: bool = False
    """A helper of another module whose lowering reported an error (into that module's findings): what the error
    left out of its IR is not known, so no check reports inside it."""


def element_dvar(lst: Expr | None) -> DVar | None:
    """The element dtype of a list argument: its tensors', or that of the tensors its addresses are of (also for a
    uint64 tensor of addresses)."""
    if lst is not None and isinstance(lst.type, TensorT):
        return lst.type.addresses_of()
    if not isinstance(lst, IntList):
        return None
    for item in lst.items:
        t = item.type
        if isinstance(t, TensorT):
            return t.dvar
        if isinstance(t, ScalarT) and t.addr_of is not None:
            return t.addr_of
    return None

