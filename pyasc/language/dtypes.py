"""Element dtypes of the `asc` namespace and their C++ and NumPy spellings."""

from __future__ import annotations

import re
from dataclasses import dataclass


class Truth:
    """A truth value that can also be called: CANN's dtype predicates are methods, pyasc's were properties."""

    __slots__ = ("value",)

    def __init__(self, value: bool) -> None:
        self.value = bool(value)

    def __bool__(self) -> bool:
        return self.value

    def __call__(self) -> bool:
        return self.value

    def __eq__(self, other: object) -> bool:
        return self.value == bool(other) if isinstance(other, (bool, Truth)) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class DType:
    """A scalar element type: `asc.float16` is `half` in C++ and `numpy.float16` in the simulator."""

    name: str
    cpp: str
    bits: int
    kind: str  # "float", "int", "uint", "bool", "void"
    numpy: str

    @property
    def nbytes(self) -> int:
        return max(1, self.bits // 8)

    @property
    def is_float(self) -> Truth:
        """`d.is_float` (pyasc) and `d.is_float()` (CANN's DataType method) both work."""
        return Truth(self.kind == "float")

    @property
    def is_int(self) -> Truth:
        return Truth(self.kind in ("int", "uint"))

    @property
    def is_signed(self) -> Truth:
        return Truth(self.kind == "int")

    @property
    def is_unsigned(self) -> Truth:
        return Truth(self.kind == "uint")

    @property
    def is_numeric(self) -> Truth:
        return Truth(self.kind in ("int", "uint", "float"))

    @property
    def is_void(self) -> Truth:
        return Truth(self.kind == "void")

    def sizeof(self) -> int:
        """Bytes per element, as CANN's `DataType.sizeof()` (an error for void and the 1-bit int1)."""
        if self.bits == 0 or self.bits % 8:
            raise ValueError(f"DataType {self.name} does not have a size of whole bytes")
        return self.bits // 8

    def __str__(self) -> str:
        return self.name


_ALL = [
    DType("void", "void", 0, "void", "void"),
    DType("int1", "bool", 1, "bool", "bool"),
    DType("int8", "int8_t", 8, "int", "int8"),
    DType("int16", "int16_t", 16, "int", "int16"),
    DType("int32", "int32_t", 32, "int", "int32"),
    DType("int64", "int64_t", 64, "int", "int64"),
    DType("uint8", "uint8_t", 8, "uint", "uint8"),
    DType("uint16", "uint16_t", 16, "uint", "uint16"),
    DType("uint32", "uint32_t", 32, "uint", "uint32"),
    DType("uint64", "uint64_t", 64, "uint", "uint64"),
    DType("float16", "half", 16, "float", "float16"),
    DType("bfloat16", "bfloat16_t", 16, "float", "float32"),
    DType("float32", "float", 32, "float", "float32"),
    DType("float64", "double", 64, "float", "float64"),
]

DTYPES: dict[str, DType] = {d.name: d for d in _ALL}
"""Canonical dtypes by name."""

ALIASES: dict[str, str] = {
    "bit": "int1",
    "bool_": "int8",
    "int_": "int32",
    "half": "float16",
    "float_": "float32",
    "double": "float64",
}
"""Alternative `asc.<name>` spellings and the canonical dtype they mean."""


def lookup(name: str) -> DType | None:
    """The dtype called `name` (canonical or alias), or None."""
    return DTYPES.get(ALIASES.get(name, name))


NOT_EXPORTED = frozenset({"bfloat16", "int1", "bit", "bool_"})
"""Dtypes the language knows (bfloat16_t data, bit masks) that CANN's `asc` module does not export as names."""
EXPORTED = tuple(n for n in (*DTYPES, *ALIASES) if n not in NOT_EXPORTED)
"""The `asc.<dtype>` names a kernel may write."""


CANN_DTYPE_NAMES = ("void", "int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                    "float16", "float32", "float64")
"""The names `asc.DataType(name)` may be given: those CANN's DataType turns into an IR type (neither bfloat16 nor
the alias spellings, which it refuses with "Unsupported DataType name" where the dtype is used)."""


def all_names() -> list[str]:
    """Every `asc.<dtype>` name, canonical names first."""
    return list(DTYPES) + list(ALIASES)


FLOATS = frozenset({"float16", "float32"})
"""The floating types vector math accepts (bfloat16 only where the API says so)."""
BINARY = frozenset({"float16", "float32", "int16", "int32"})
"""Dtypes of Add, Sub, Mul, Max, Min."""
BITWISE = frozenset({"int16", "uint16"})
"""Dtypes of And, Or, Not (16-bit lanes)."""
FLOAT_INT32 = frozenset({"float16", "float32", "int32"})
"""Dtypes of Relu and of adv.power."""
FLOAT_INT16 = frozenset({"float16", "float32", "int16"})
"""Dtypes of AddRelu and SubRelu."""
SHIFT = frozenset({"int16", "uint16", "int32", "uint32"})
"""Dtypes of ShiftLeft and ShiftRight."""
B16_B32 = frozenset({"float16", "float32", "int16", "uint16", "int32", "uint32"})
"""Dtypes of the 16- and 32-bit data movement instructions (Duplicate, Brcb, Gather, Copy)."""
MASKS = frozenset({"uint8", "uint16", "uint32", "uint64"})
"""Element dtypes of bit-mask tensors (Compare's dst, Select's sel_mask)."""
ANY_NUMERIC = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
                         "float32", "bfloat16"})
"""Every numeric dtype (data movement)."""

CAST_TABLE: frozenset[tuple[str, str]] = frozenset({
    # (dst, src) pairs of Cast on Atlas A2 training/inference products.
    ("float32", "float16"), ("int32", "float16"), ("int16", "float16"), ("int8", "float16"), ("uint8", "float16"),
    ("float16", "float32"), ("int32", "float32"), ("int16", "float32"), ("int64", "float32"),
    ("bfloat16", "float32"), ("float32", "float32"),
    ("float32", "int32"), ("float16", "int32"), ("int16", "int32"), ("int64", "int32"),
    ("float16", "int16"), ("float32", "int16"),
    ("float16", "int8"), ("float16", "uint8"),
    ("int32", "int64"), ("float32", "int64"),
    ("float32", "bfloat16"), ("int32", "bfloat16"),
})
"""Conversions Cast supports, as (dst, src) dtype pairs."""


def dtypes_of(*names: str) -> frozenset[str]:
    """A dtype set for a rule, e.g. dtypes_of("uint32")."""
    return frozenset(names)


_CANN_NAME = re.compile(r"^(int|float|uint)([0-9]+)$")


def method_value(d: DType, method: str) -> bool | int | None:
    """The value of a DataType method (`asc.float16.sizeof()` is 2) by the rule of the language: the kind and
    width come from the dtype's name (`int1` is a 1-bit signed int, `bfloat16` has neither kind nor width).
    None where the language has no value (the size of a dtype without a whole number of bytes)."""
    m = _CANN_NAME.match(d.name)
    kind, bits = (m.group(1), int(m.group(2))) if m else ("", None)
    if method == "sizeof":
        return bits // 8 if bits is not None and bits % 8 == 0 else None
    values = {
        "is_signed": kind == "int", "is_unsigned": kind == "uint", "is_float": kind == "float",
        "is_int": kind in ("int", "uint"), "is_numeric": kind in ("int", "uint", "float"), "is_void": d.name == "void",
    }
    return values.get(method)


def method_members(method: str) -> tuple[DType, ...]:
    """The dtypes for which a boolean DataType method is true (its C++ test on a generic type lists them)."""
    return tuple(d for d in _ALL if method_value(d, method) is True)
