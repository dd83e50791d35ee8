"""The `asc` language: dtypes, enums and the declarative API specification.

The tables are loaded on first use of a name that needs them (`APIS`, `method`, ...), so tools that only need
dtypes or SoC facts (configuration loading, the checker's start-up) do not pay for the whole registry; even the
specification format and the dtypes are imported only when one of their names is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dtypes import ALIASES, DTYPES, DType, lookup
    from .registry import APIS, CLASSES, ENUMS, all_apis, method, methods
    from .spec import REQUIRED, UB_POSITIONS, ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, Param

_MODULE_OF = {
    **dict.fromkeys(("APIS", "CLASSES", "ENUMS", "all_apis", "method", "methods"), ".registry"),
    **dict.fromkeys(("ALIASES", "DTYPES", "DType", "lookup"), ".dtypes"),
    **dict.fromkeys(("REQUIRED", "UB_POSITIONS", "ApiSpec", "ClassSpec", "DTypeRule", "EnumSpec", "Overload", "Param"),
                    ".spec"),
}
"""Where each re-exported name lives: even `pyasc.language.soc` (configuration loading) imports this package."""

__all__ = [
    "ALIASES", "APIS", "CLASSES", "DTYPES", "ENUMS", "REQUIRED", "UB_POSITIONS", "ApiSpec", "ClassSpec", "DType",
    "DTypeRule", "EnumSpec", "Overload", "Param", "all_apis", "lookup", "method", "methods",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is not None:
        return getattr(importlib.import_module(module, __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
