"""`asc.language.core.dtype`: CANN's element types are pyasc's dtypes (`KnownTypes.float16 is asc.float16`)."""

from __future__ import annotations

from typing import Any

from ..language import dtypes as _dtypes
from ..language.dtypes import DType


class _DataTypeMeta(type):
    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, DType)


class DataType(metaclass=_DataTypeMeta):
    """`DataType("float16")` is `asc.float16`; every pyasc dtype is an instance."""

    def __new__(cls, name: str) -> DType:  # type: ignore[misc]
        found = _dtypes.lookup(str(name))
        if found is None:
            raise ValueError(f"Unsupported DataType name: {name}")
        return found


class KnownTypes:
    """Every dtype under its CANN name, aliases included (`KnownTypes.half is KnownTypes.float16`)."""


for _name in _dtypes.all_names():
    _value = _dtypes.lookup(_name)
    setattr(KnownTypes, _name, _value)
    globals()[_name] = _value
del _name, _value
