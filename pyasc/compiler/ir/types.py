"""Types of the typed IR and dtype inference by unification.

A tensor's or address's element dtype is a `DVar`: a union-find node that may be bound to a concrete dtype, with the
site that bound it.  `unify` joins two vars; a conflict reports both sites.  Vars still unbound after a kernel is
analyzed are generic and become template parameters in the generated C++.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...language.dtypes import DTYPES, DType
from ..diagnostics.model import Span

if TYPE_CHECKING:
    from ..syntax.structs import StructDef


class DVar:
    """A dtype variable (union-find)."""

    __slots__ = ("parent", "dtype", "site", "site_note", "name", "rank", "lost")

    _counter = 0

    def __init__(self, dtype: DType | None = None, site: Span | None = None, note: str = "", name: str = "") -> None:
        self.parent: DVar | None = None
        self.dtype = dtype
        self.site = site
        self.site_note = note
        self.name = name
        self.rank = 0
        self.lost = False
        """A call that would have fixed this dtype failed to bind (reported there): nothing more is said of it."""

    def find(self) -> DVar:
        node = self
        while node.parent is not None:
            node = node.parent
        # path compression
        cur = self
        while cur.parent is not None and cur.parent is not node:
            nxt = cur.parent
            cur.parent = node
            cur = nxt
        return node

    @property
    def value(self) -> DType | None:
        return self.find().dtype

    def __repr__(self) -> str:
        v = self.value
        return v.name if v else f"?{self.find().name or id(self.find()) % 1000}"


@dataclass
class Conflict:
    """Two sites give one value two dtypes."""

    first: DType
    first_site: Span | None
    first_note: str
    second: DType
    second_site: Span | None
    second_note: str


def unify(a: DVar, b: DVar) -> Conflict | None:
    """Join a and b; returns the conflict when both are bound to different dtypes (they stay separate then)."""
    ra, rb = a.find(), b.find()
    if ra is rb:
        return None
    if ra.dtype is not None and rb.dtype is not None and ra.dtype.name != rb.dtype.name:
        return Conflict(ra.dtype, ra.site, ra.site_note, rb.dtype, rb.site, rb.site_note)
    if ra.rank < rb.rank:
        ra, rb = rb, ra
    rb.parent = ra
    if ra.rank == rb.rank:
        ra.rank += 1
    if ra.dtype is None and rb.dtype is not None:
        ra.dtype, ra.site, ra.site_note = rb.dtype, rb.site, rb.site_note
    if not ra.name and rb.name:
        ra.name = rb.name
    ra.lost = ra.lost or rb.lost
    return None


def bind(v: DVar, dtype: DType, site: Span, note: str) -> Conflict | None:
    """Bind v to a concrete dtype from a site (an alloc_tensor(asc.float16), an annotation...)."""
    return unify(v, DVar(dtype, site, note))


# -- value types ------------------------------------------------------------------------------------------------------


class Type:
    """Base of IR value types."""

    def display(self) -> str:
        return "unknown"

    def __str__(self) -> str:
        return self.display()


@dataclass(eq=False)
class UnknownT(Type):
    """A value the analysis could not type (after an error); never reported again."""

    def display(self) -> str:
        return "unknown"


@dataclass(eq=False)
class NoneT(Type):
    """The type of `None`."""

    def display(self) -> str:
        return "None"


@dataclass(eq=False)
class ScalarT(Type):
    """A scalar: Python int (int32), float (float32), bool; or an element read from a tensor."""

    dvar: DVar
    const: object = None
    """Its folded value when known at compile time."""
    is_literal_float: bool = False
    ctime: bool = False
    """Known at compile time though its value may not be (a ConstExpr parameter, and arithmetic of them)."""
    addr_of: DVar | None = None
    """For a tensor's on-chip address (LocalTensor.get_phy_addr): the element dtype of that tensor (the address
    lists of trans_data_to_5hd are typed by it)."""

    @property
    def compile_time(self) -> bool:
        return self.const is not None or self.ctime

    def display(self) -> str:
        d = self.dvar.value
        base = {"int32": "int", "float32": "float", "int1": "bool"}.get(d.name, d.name) if d else "scalar"
        if self.const is not None and not isinstance(self.const, bool):
            return f"{base} = {self.const!r}"
        return base

    @property
    def dtype(self) -> DType | None:
        return self.dvar.value


@dataclass(eq=False)
class StrT(Type):
    """A string; `const` its value when known at compile time."""

    const: str = ""

    def display(self) -> str:
        return "str"


@dataclass(eq=False)
class IntListT(Type):
    """A list of ints (a shape); `items` the values known at compile time."""

    items: tuple[object, ...] = ()

    def display(self) -> str:
        return "list[int]"


@dataclass(eq=False)
class ArrayT(Type):
    """What `asc.array` makes: a C array on the device (CANN's Array, a memref alloca) of `length` elements of one
    dtype, read and written at run time; `length` is None for a ConstExpr length whose value is not known here."""

    dvar: DVar
    length: int | None = None

    def display(self) -> str:
        return f"Array[{_dname(self.dvar)}, {self.length if self.length is not None else '?'}]"


@dataclass(eq=False)
class TupleT(Type):
    """A tuple, of the element types."""

    items: tuple[Type, ...] = ()

    def display(self) -> str:
        return "tuple[" + ", ".join(t.display() for t in self.items) + "]"


@dataclass(eq=False)
class AddrT(Type):
    """A GlobalAddress: a typed pointer into Global Memory."""

    dvar: DVar
    untyped: bool = False
    """CANN's GlobalTensor.get_phy_addr() gives an address whose Python side has no dtype: a GlobalTensor cannot be
    set on it (set_global_buffer raises at trace time)."""

    def display(self) -> str:
        return f"GlobalAddress[{_dname(self.dvar)}]"


@dataclass(eq=False)
class TensorT(Type):
    """A GlobalTensor or LocalTensor."""

    memory: str
    """'global' or 'local'."""
    dvar: DVar
    position: str | None = None
    """TPosition name of a LocalTensor when known (VECIN...)."""
    origin: str | None = None
    """The queue or buffer variable it came from."""
    addr_of: DVar | None = None
    """For a uint64 tensor given a get_phy_addr() with set_value: the dtype of the tensor that address is of (the
    template argument of trans_data_to_5hd over address tensors, as CANN's translation finds it)."""
    view_of: TensorT | None = None
    """The tensor this one is a slice of (`t[16:]`): where the addresses of a view come from when it has none."""

    def addresses_of(self) -> DVar | None:
        """addr_of, else that of the tensor this one is a view of."""
        t: TensorT | None = self
        while t is not None:
            if t.addr_of is not None:
                return t.addr_of
            t = t.view_of
        return None

    def display(self) -> str:
        cls = "GlobalTensor" if self.memory == "global" else "LocalTensor"
        text = f"{cls}[{_dname(self.dvar)}]"
        if self.memory == "local" and self.position:
            text += f" @ {self.position}"
        return text


@dataclass(eq=False)
class ObjT(Type):
    """An instance of an asc class: TPipe, TQue(pos, depth), TBuf(pos), a parameter struct."""

    cls: str
    args: dict[str, object] = field(default_factory=dict)
    """Folded constructor arguments (pos, depth)."""
    dvars: dict[str, DVar] = field(default_factory=dict)
    """Element dtypes the object carries: a MatmulType's `dtype`, a Matmul's operands `a`, `b`, `c`, `bias`."""

    def display(self) -> str:
        if self.cls in ("TQue", "TBuf", "TQueBind") and self.args:
            inner = ", ".join(str(v) for v in self.args.values() if v is not None)
            return f"{self.cls}[{inner}]"
        return self.cls


@dataclass(eq=False)
class StructT(Type):
    """A struct value: a tiling struct of the headers or a user `Struct` subclass (structs.StructDef)."""

    struct: StructDef

    def display(self) -> str:
        return self.struct.display()


@dataclass(eq=False)
class DTypeValT(Type):
    """A dtype used as a value: `asc.float16`, or `x.dtype` (which shares x's dtype variable, so it propagates)."""

    dvar: DVar

    def display(self) -> str:
        return f"dtype {_dname(self.dvar)}"


@dataclass(eq=False)
class EnumT(Type):
    """An asc enum, or one member of it when known."""

    enum: str
    member: str | None = None

    def display(self) -> str:
        return f"{self.enum}.{self.member}" if self.member else self.enum


@dataclass(eq=False)
class ModuleT(Type):
    """The asc module (path '') or one of CANN's kernel modules under it (`asc.adv`, `asc.language.core.enums`),
    whose members are asc's; prefix 'adv.' for the modules of the advanced API, whose members are asc.adv's."""

    prefix: str = ""
    path: str = ""

    def display(self) -> str:
        return f"module {self.path or 'asc'}"


@dataclass(eq=False)
class ClassRefT(Type):
    """A class or enum name used as a value (`asc.TQue`, `asc.TPosition`)."""

    name: str
    kind: str = "class"

    def display(self) -> str:
        return f"type[{self.name}]"


@dataclass(eq=False)
class FuncRefT(Type):
    """An asc API function or a jit helper used as a callee."""

    name: str
    kind: str = "api"

    def display(self) -> str:
        return f"function {self.name}"


@dataclass(eq=False)
class BoundMethodT(Type):
    """A method of an asc object taken without calling it (`q.alloc_tensor`)."""

    receiver: Type
    cls: str
    name: str

    def display(self) -> str:
        return f"method {self.cls}.{self.name}"


def _dname(v: DVar) -> str:
    d = v.value
    return d.name if d else "T"


def scalar(name: str, const: object = None, site: Span | None = None) -> ScalarT:
    """A scalar of a known dtype."""
    return ScalarT(DVar(DTYPES[name], site, "literal"), const, is_literal_float=isinstance(const, float))


def same_kind(a: Type, b: Type) -> bool:
    """Whether re-binding a variable from a to b keeps one C++ type (a requirement of declared variables)."""
    if type(a) is not type(b):
        return isinstance(a, UnknownT) or isinstance(b, UnknownT)
    if isinstance(a, ScalarT) and isinstance(b, ScalarT):
        da, db = a.dvar.value, b.dvar.value
        return da is None or db is None or da.kind == db.kind or {da.kind, db.kind} <= {"int", "uint", "bool"}
    if isinstance(a, TensorT) and isinstance(b, TensorT):
        return a.memory == b.memory
    if isinstance(a, ObjT) and isinstance(b, ObjT):
        return a.cls == b.cls
    if isinstance(a, StructT) and isinstance(b, StructT):
        return a.struct.name == b.struct.name
    if isinstance(a, ArrayT) and isinstance(b, ArrayT):  # one C array type: `int32_t offs[4]`
        return a.dvar.value == b.dvar.value and a.length == b.length
    return True
