"""The pure functions compile-time evaluation may call: `math` and the numeric builtins, on known values only.

Module constants are plain Python to CANN's tracer (`_INV_SQRT2 = 1 / math.sqrt(2)` runs when the module is
imported), and a kernel may call `math.*` of compile-time values while it is traced.  We never import or run the
user's file: these tables are the allow-list our evaluator calls instead, each entry a function of numbers that
returns a number and has no effect (no I/O, no state).  Arguments are bounded so that no evaluation can take
long or make huge values.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping

MATH_CONSTANTS: dict[str, float] = {"pi": math.pi, "e": math.e, "tau": math.tau, "inf": math.inf, "nan": math.nan}

_MATH_NAMES = (
    "sqrt", "exp", "expm1", "log", "log2", "log10", "log1p", "pow", "floor", "ceil", "trunc", "fabs", "fmod",
    "copysign", "hypot", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh",
    "acosh", "atanh", "degrees", "radians", "isfinite", "isinf", "isnan", "gcd", "lcm", "isqrt", "ldexp", "erf",
    "erfc", "gamma", "lgamma", "remainder", "ulp", "nextafter", "cbrt", "exp2", "prod", "fsum", "dist",
    "comb", "perm", "factorial",
)
MATH_FUNCTIONS: dict[str, Callable[..., object]] = {
    n: getattr(math, n) for n in _MATH_NAMES if hasattr(math, n)  # cbrt and exp2 are Python 3.11+
}

BUILTIN_FUNCTIONS: dict[str, Callable[..., object]] = {
    "min": min, "max": max, "abs": abs, "round": round, "int": int, "float": float, "bool": bool, "len": len,
    "sum": sum, "pow": pow, "divmod": divmod, "str": str, "repr": repr, "tuple": tuple, "list": list,
}
"""Python's builtins a module constant may use (module code is plain Python; a kernel sees fewer, callsite.py)."""

_SMALL = 10**6
"""The largest int argument of the functions whose cost or result grows with it (factorial, comb, pow)."""


class NotPure(Exception):
    """The call is not one of the allow-listed pure functions on values it accepts."""


def math_aliases(tree: ast.Module) -> dict[str, str]:
    """The module's names for `math` and its members: `math` / `m` -> "math", `sqrt` -> "math.sqrt"."""
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name == "math":
                    out[alias.asname or "math"] = "math"
        elif isinstance(stmt, ast.ImportFrom) and stmt.module == "math" and stmt.level == 0:
            for alias in stmt.names:
                if alias.name in MATH_FUNCTIONS or alias.name in MATH_CONSTANTS:
                    out[alias.asname or alias.name] = f"math.{alias.name}"
    return out


def numpy_aliases(tree: ast.Module) -> dict[str, str]:
    """The module's names for numpy (`np` -> "numpy"): a kernel may build typed scalars with `np.float16(2.2)`."""
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name == "numpy":
                    out[alias.asname or "numpy"] = "numpy"
    return out


def _numbers(values: tuple[object, ...]) -> bool:
    """Every argument is a number or a (short) tuple/list of numbers."""
    for v in values:
        if isinstance(v, (tuple, list)):
            if len(v) > 4096 or not _numbers(tuple(v)):
                return False
        elif not isinstance(v, (int, float)):
            return False
    return True


def call(qualified: str, args: tuple[object, ...]) -> object:
    """`math.sqrt(2)`, `min(a, b)`: the value of an allow-listed function of known values; raises NotPure."""
    if qualified.startswith("math."):
        fn = MATH_FUNCTIONS.get(qualified[5:])
        if fn is None or not _numbers(args):
            raise NotPure(qualified)
        if qualified[5:] in ("factorial", "comb", "perm", "pow", "ldexp") and any(
                isinstance(a, int) and abs(a) > _SMALL for a in args):
            raise NotPure(qualified)
    else:
        fn = BUILTIN_FUNCTIONS.get(qualified)
        if fn is None:
            raise NotPure(qualified)
        if qualified in ("len", "str", "repr", "tuple", "list"):
            if len(args) != 1 or not isinstance(args[0], (str, tuple, list, int, float, bool)):
                raise NotPure(qualified)
            if qualified in ("tuple", "list") and not isinstance(args[0], (str, tuple, list)):
                raise NotPure(qualified)
        elif qualified in ("int", "float", "bool") and len(args) == 1 and isinstance(args[0], str):
            pass  # int("12"): a parse, still pure
        elif not _numbers(args):
            raise NotPure(qualified)
        if qualified == "pow" and any(isinstance(a, int) and abs(a) > 64 for a in args[1:2]):
            raise NotPure(qualified)
    try:
        return fn(*args)
    except (ArithmeticError, ValueError, TypeError):
        raise NotPure(qualified) from None


def resolve(node: ast.expr, names: Mapping[str, str]) -> str | None:
    """The qualified pure name a call's function or a constant's expression denotes (`m.sqrt` -> math.sqrt)."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and names.get(node.value.id) == "math":
        return f"math.{node.attr}"
    return None
