"""Gathers the API tables into lookup dictionaries; the only place that knows which table modules exist."""

from __future__ import annotations

from functools import cache

from .api import basic, core, enums, fwk
from .spec import ApiSpec, ClassSpec, EnumSpec

_API_MODULES = (basic,)
_CLASS_MODULES = (core, fwk)

APIS: dict[str, ApiSpec] = {a.name: a for m in _API_MODULES for a in m.APIS}
"""Functions by qualified name: `add`, `adv.exp`."""

CLASSES: dict[str, ClassSpec] = {c.name: c for m in _CLASS_MODULES for c in m.CLASSES}
"""Classes by name: `TQue`, `GlobalTensor`, `BinaryRepeatParams`."""

ENUMS: dict[str, EnumSpec] = {e.name: e for e in enums.ENUMS}
"""Enums by name: `TPosition`."""


@cache
def method(class_name: str, name: str) -> ApiSpec | None:
    """A method of a class, following bases (TQue.alloc_tensor is TQueBind's)."""
    cls = CLASSES.get(class_name)
    if cls is None:
        return None
    if name in cls.methods:
        return cls.methods[name]
    for base in cls.bases:
        found = method(base, name)
        if found is not None:
            return found
    return None


def methods(class_name: str) -> dict[str, ApiSpec]:
    """Every method of a class, inherited ones included."""
    cls = CLASSES.get(class_name)
    if cls is None:
        return {}
    out: dict[str, ApiSpec] = {}
    for base in cls.bases:
        out.update(methods(base))
    out.update(cls.methods)
    return out


def all_apis() -> list[ApiSpec]:
    """Every function and method spec."""
    out = list(APIS.values())
    for cls in CLASSES.values():
        out.extend(cls.methods.values())
    return out
