"""The `asc` language: dtypes, enums and the declarative API specification."""

from .dtypes import ALIASES, DTYPES, DType, lookup
from .registry import APIS, CLASSES, ENUMS, all_apis, method, methods
from .spec import REQUIRED, UB_POSITIONS, ApiSpec, ClassSpec, DTypeRule, EnumSpec, Overload, Param

__all__ = [
    "ALIASES", "APIS", "CLASSES", "DTYPES", "ENUMS", "REQUIRED", "UB_POSITIONS", "ApiSpec", "ClassSpec", "DType",
    "DTypeRule", "EnumSpec", "Overload", "Param", "all_apis", "lookup", "method", "methods",
]
