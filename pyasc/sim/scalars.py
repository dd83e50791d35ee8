"""Run-time integers of a kernel, with the arithmetic CANN's pyasc gives them.

CANN traces a kernel with IR values for what is only known on the device: a scalar parameter, `get_block_idx()`,
a struct field.  Their arithmetic is the device's, not Python's: `/` and `//` divide integers truncating toward
zero, `%` keeps the dividend's sign, results wrap at the type's width, a float operand is converted to the integer
type first (the run-time value's type wins), and they have `.ceildiv(d)` and `.cast(dtype)`.  On the simulator such a
value is a DeviceInt: an `int` (so it indexes, sizes and loops as one) whose operators follow those rules.
Compile-time values (literals, module constants, ConstExpr parameters) stay Python ints, with Python's meaning.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from ..language import dtypes
from ..language.dtypes import DType

INT32 = dtypes.lookup("int32")


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _c_rem(a: int, b: int) -> int:
    return a - b * _trunc_div(a, b)


def _ceil_div(a: int, b: int) -> int:
    q = _trunc_div(a, b)
    return q + 1 if q * b != a and (a < 0) == (b < 0) else q


def _operand(other: Any) -> int | None:
    """The other operand as the run-time value's integer type would hold it (None: not a number)."""
    if isinstance(other, (bool, np.bool_)):
        return int(other)
    if isinstance(other, (int, np.integer)):
        return int(other)
    if isinstance(other, (float, np.floating)):
        return int(other)  # CANN materializes the constant in the run-time value's type
    return None


def _binary(op: Any) -> tuple[Any, Any]:
    def fwd(self: DeviceInt, other: Any) -> Any:
        b = _operand(other)
        if b is None:
            return NotImplemented
        return type(self)(op(int(self), b))

    def rev(self: DeviceInt, other: Any) -> Any:
        a = _operand(other)
        if a is None:
            return NotImplemented
        return type(self)(op(a, int(self)))

    return fwd, rev


class DeviceInt(int):
    """A run-time integer of dtype `dtype` (int32 unless a struct field or an API says otherwise)."""

    dtype: DType = INT32

    def __new__(cls, value: Any = 0) -> DeviceInt:
        bits = cls.dtype.bits
        v = int(value) & ((1 << bits) - 1)
        if cls.dtype.is_signed and v >= 1 << (bits - 1):
            v -= 1 << bits
        return super().__new__(cls, v)

    __add__, __radd__ = _binary(lambda a, b: a + b)
    __sub__, __rsub__ = _binary(lambda a, b: a - b)
    __mul__, __rmul__ = _binary(lambda a, b: a * b)
    __truediv__, __rtruediv__ = _binary(_trunc_div)
    __floordiv__, __rfloordiv__ = _binary(_trunc_div)
    __mod__, __rmod__ = _binary(_c_rem)
    __lshift__, __rlshift__ = _binary(lambda a, b: a << b)
    __rshift__, __rrshift__ = _binary(lambda a, b: a >> b)
    __and__, __rand__ = _binary(lambda a, b: a & b)
    __or__, __ror__ = _binary(lambda a, b: a | b)
    __xor__, __rxor__ = _binary(lambda a, b: a ^ b)

    def __neg__(self) -> DeviceInt:
        return type(self)(-int(self))

    def __pos__(self) -> DeviceInt:
        return self

    def __abs__(self) -> DeviceInt:
        return type(self)(abs(int(self)))

    def __repr__(self) -> str:
        return int.__repr__(self)

    def ceildiv(self, d: Any) -> DeviceInt:
        """`x.ceildiv(d)`: the quotient rounded up."""
        b = _operand(d)
        if b is None:
            raise TypeError(f"ceildiv takes an integer, not {type(d).__name__}")
        return type(self)(_ceil_div(int(self), b))

    def cast(self, dtype: DType) -> Any:
        """`x.cast(asc.float32)`, `x.cast(asc.int64)`: the value in another scalar type."""
        if dtype.is_float:
            return float(np.array(int(self)).astype(np.dtype(dtype.numpy)))
        return of(dtype)(int(self))

    def logical_and(self, other: Any) -> bool:
        return bool(self) and bool(other)

    def logical_or(self, other: Any) -> bool:
        return bool(self) or bool(other)


@functools.cache
def of(dtype: DType) -> type[DeviceInt]:
    """The DeviceInt class of an integer dtype."""
    if dtype is INT32:
        return DeviceInt
    return type(f"DeviceInt[{dtype.name}]", (DeviceInt,), {"dtype": dtype})


def device_int(value: Any, dtype: DType = INT32) -> DeviceInt:
    """`value` as a run-time integer of `dtype`."""
    return of(dtype)(value)
