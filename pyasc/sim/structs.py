"""User-defined kernel parameter structs (`asc.language.core.struct`): `class Cfg(Struct): n = Field(asc.int32)`.

A Struct holds its fields as the C types they have on the device (an int32 field wraps, a float32 field rounds),
packed the way CANN hands them to a kernel: a C struct with 8-byte packing (`pack()`).  A launch passes the kernel
its own copy, so the kernel's assignments to fields never reach the host object, as on the device.
"""

from __future__ import annotations

import copy
import ctypes
from typing import Any, ClassVar

from ..language.dtypes import DType
from .scalars import DeviceInt, of

_CTYPES: dict[str, type] = {
    "int1": ctypes.c_bool, "int8": ctypes.c_int8, "int16": ctypes.c_int16, "int32": ctypes.c_int32,
    "int64": ctypes.c_int64, "uint8": ctypes.c_uint8, "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32,
    "uint64": ctypes.c_uint64, "float32": ctypes.c_float, "float64": ctypes.c_double,
}

_MISSING = object()


class BaseField:
    """A declared field: its default (or none) and, optionally, the member name in C++."""

    def __init__(self, default: Any = _MISSING, name: str | None = None) -> None:
        self.default = default
        self.name = name

    def ctype(self) -> type:
        raise NotImplementedError

    def convert(self, value: Any) -> Any:
        raise NotImplementedError


class Field(BaseField):
    """A scalar field of `dtype` (enum-valued fields name their C++ enum with `enum=`)."""

    def __init__(self, dtype: DType, default: Any = _MISSING, name: str | None = None, enum: str | None = None) -> None:
        super().__init__(default, name)
        if getattr(dtype, "name", None) not in _CTYPES:
            raise TypeError(f"Field dtype must be one of {', '.join(_CTYPES)}, got {dtype}")
        self.dtype = dtype
        self.enum_name = enum

    def ctype(self) -> type:
        return _CTYPES[self.dtype.name]

    def convert(self, value: Any) -> Any:
        """The value as the device stores it (int32 wraps, float32 rounds); a wrong kind raises TypeError."""
        if hasattr(value, "item") and not isinstance(value, (int, float)):
            value = value.item()
        if self.dtype.name == "int1":
            return bool(value)
        if self.dtype.name.startswith(("int", "uint")) and isinstance(value, float):
            raise TypeError(f"field of dtype {self.dtype.name} takes an int, got {value!r}")
        return self.ctype()(value).value


class StructField(BaseField):
    """A nested struct field (default: the nested struct with its own defaults)."""

    def __init__(self, struct_cls: type[Struct], default: Any = None, name: str | None = None) -> None:
        super().__init__(default, name)
        self.struct_cls = struct_cls

    def ctype(self) -> type:
        return self.struct_cls.ctypes_class

    def convert(self, value: Any) -> Any:
        if not isinstance(value, self.struct_cls):
            raise TypeError(f"field takes a {self.struct_cls.__name__}, got {type(value).__name__}")
        return value


class Struct:
    """Base of user parameter structs.  Subclasses declare fields as class attributes."""

    struct_fields: ClassVar[dict[str, BaseField]] = {}
    ctypes_class: ClassVar[type] = ctypes.Structure

    def __init_subclass__(cls, pack: int = 8, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = {name: value for name, value in vars(cls).items() if isinstance(value, BaseField)}
        if not fields:
            raise RuntimeError(f"Struct '{cls.__name__}' must have at least one field")
        cls.struct_fields = fields
        for name in fields:
            delattr(cls, name)  # instances keep values; the declarations stay in struct_fields
        cls.ctypes_class = type(f"_ctypes_{cls.__name__}", (ctypes.Structure,),
                                {"_fields_": [(n, f.ctype()) for n, f in fields.items()], "_pack_": pack})

    def __init__(self, **values: Any) -> None:
        unknown = [n for n in values if n not in self.struct_fields]
        if unknown:
            raise RuntimeError(f"{type(self).__name__} does not have a field '{unknown[0]}'")
        for name, field in self.struct_fields.items():
            if name in values:
                value = values[name]
            elif isinstance(field, StructField):
                value = copy.deepcopy(field.default) if field.default is not None else field.struct_cls()
            elif field.default is _MISSING:
                raise RuntimeError(f"{type(self).__name__} does not have a default value for '{name}'")
            else:
                value = field.default
            object.__setattr__(self, name, field.convert(value))

    def __setattr__(self, name: str, value: Any) -> None:
        field = self.struct_fields.get(name)
        if field is None:
            raise RuntimeError(f"{type(self).__name__} does not have a field '{name}'")
        object.__setattr__(self, name, field.convert(value))

    def to_ctypes(self) -> ctypes.Structure:
        """The C struct CANN passes to the kernel."""
        args = {}
        for name, field in self.struct_fields.items():
            value = getattr(self, name)
            args[name] = value.to_ctypes() if isinstance(field, StructField) else value
        return self.ctypes_class(**args)

    def pack(self) -> bytes:
        """The struct's bytes as the kernel receives them."""
        c = self.to_ctypes()
        return ctypes.string_at(ctypes.addressof(c), ctypes.sizeof(c))

    def create_local(self) -> Struct:
        """A copy the kernel may modify (CANN's explicit local copy; on the simulator every launch makes one)."""
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(getattr(self, n) == getattr(other, n) for n in self.struct_fields)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.struct_fields)
        return f"{type(self).__name__}({inner})"


def device_copy(value: Any) -> Any:
    """The copy of a struct argument a kernel (one core) receives: the same fields, integers as run-time integers
    of the field's dtype (pyasc.sim.scalars; int32 where the struct declares none)."""
    out = copy.deepcopy(value)
    fields = out.struct_fields if isinstance(out, Struct) else vars(out)
    for name in list(fields):
        v = getattr(out, name, None)
        if isinstance(v, int) and not isinstance(v, bool):
            dtype = getattr(fields[name], "dtype", None) if isinstance(out, Struct) else None
            kind = of(dtype) if dtype is not None and dtype.kind in ("int", "uint") else DeviceInt
            object.__setattr__(out, name, kind(v))
        elif isinstance(v, Struct):
            object.__setattr__(out, name, device_copy(v))
    return out
