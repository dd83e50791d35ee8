"""The `asc` language: dtypes, enums and the declarative API specification.

The tables are loaded on first use of a name that needs them (`APIS`, `method`, ...), so tools that only need
dtypes or SoC facts (configuration loading, the checker's start-up) do not pay for the whole registry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .dtypes import ALIASES, DTYPES, DType, lookup
from .spec import REQUIRED, UB_POSITIONS, ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, Param

if TYPE_CHECKING:
    from .registry import APIS, CLASSES, ENUMS, all_apis, method, methods

_REGISTRY_NAMES = {"APIS", "CLASSES", "ENUMS", "all_apis", "method", "methods"}

__all__ = [
    "ALIASES", "APIS", "CLASSES", "DTYPES", "ENUMS", "REQUIRED", "UB_POSITIONS", "ApiSpec", "ClassSpec", "DType",
    "DTypeRule", "EnumSpec", "Overload", "Param", "all_apis", "lookup", "method", "methods",
]


def __getattr__(name: str) -> Any:
    if name in _REGISTRY_NAMES:
        return getattr(importlib.import_module(".registry", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
