"""The one rule that turns a Python identifier into the C++ identifier the generated code uses.

Python accepts names C++ does not (`new`, `double`, `and`, `__x`) and names the generated file already means
something by (`half`, `GM_ADDR`, `DTYPE`).  Every name the generator writes for a user's name (locals, parameters,
kernels, helpers, module constants) goes through `cpp_identifier`, so the rename is the same everywhere the name
is used: declarations, uses, calls, the source map and hover's C++ text all read the one `cpp_name`.
"""

from __future__ import annotations

import re
from collections.abc import Container

CPP_KEYWORDS = frozenset("""
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
    compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
    default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
    int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
    this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
    while xor xor_eq
""".split())
"""C++17 keywords and alternative tokens, with C++20's few (a CANN toolchain may compile as C++20)."""

GENERATED_NAMES = frozenset("""
    AscendC DTYPE GM_ADDR half bfloat16_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t size_t
    std main auto_pipe GetTPipePtr
""".split())
"""Names the generated file defines or uses by themselves: a user's local of the same name would shadow them."""

HEADER_MACROS = frozenset("""
    ASCEND_IS_AIC ASCEND_IS_AIV GM_ADDR INFINITY NAN REGIST_MATMUL_OBJ PYASC_ADV_UNARY PYASC_BLOCK_REDUCE
    PYASC_BUNDLED_HEADER PYASC_BUNDLED_KERNEL_OPERATOR_H PYASC_CAST_DEQ_TYPES PYASC_CONVERTING_BINARY PYASC_FP_ONLY
    PYASC_PARTIAL PYASC_REDUCE_ALL PYASC_VEC_BINARY PYASC_VEC_SCALAR PYASC_VEC_UNARY PYASC_WHOLE_REDUCE_ORDERED
""".split())
"""The macros of the bundled kernel_operator.h without a double underscore (those are reserved anyway); a test
checks this list against the header."""

_RESERVED_FORM = re.compile(r"_[A-Z]|.*__")
"""Reserved to the implementation: `_X...`, and any `__`."""


def is_reserved(name: str) -> bool:
    """Whether `name` cannot be written to C++ as it is."""
    return name in CPP_KEYWORDS or name in GENERATED_NAMES or name in HEADER_MACROS \
        or _RESERVED_FORM.match(name) is not None


def cpp_identifier(name: str, taken: Container[str] = ()) -> str:
    """The C++ spelling of Python identifier `name`: itself unless reserved, else `name_` (`name_2`, `name_3`, ...
    while the scope's `taken` already has it: `name__` would be reserved).  A double underscore becomes one
    (`a__b` -> `a_b`), as `__` anywhere is reserved; a leading `_X` gains a `v` (`_Tmp` -> `v_Tmp`).  Stable: the
    same name and scope give the same result."""
    if not is_reserved(name):
        return name
    base = re.sub(r"__+", "_", name)
    if base.startswith("_") and _RESERVED_FORM.match(base):
        base = "v" + base
    return free_name(base + "_" if base == name or is_reserved(base) else base, taken)


def free_name(name: str, taken: Container[str]) -> str:
    """`name`, or `name_`, `name_2`, `name_3`, ...: the first neither taken in the scope nor reserved (a name the
    generator makes up, like a loop counter, avoids the user's names this way)."""
    if name not in taken and not is_reserved(name):
        return name
    if not name.endswith("_") and name + "_" not in taken and not is_reserved(name + "_"):
        return name + "_"
    stem = name.rstrip("_")
    i = 2
    while f"{stem}_{i}" in taken or is_reserved(f"{stem}_{i}"):
        i += 1
    return f"{stem}_{i}"


def impl_name(kernel: str) -> str:
    """The inline function holding the body of a kernel generic in its dtype (and of an exported kernel); its
    extern "C" entry keeps the kernel's name.  `double_` gives `double_impl`, as `__` is reserved."""
    return f"{kernel}impl" if kernel.endswith("_") else f"{kernel}_impl"


def rename_scope(names: list[str], taken: set[str] | None = None) -> dict[str, str]:
    """The C++ name of each of one scope's Python names (first come, first named): the renamed avoid every name of
    the scope as written, each other, and `taken` (names the generator writes in that scope)."""
    taken = set(names) | (taken or set())
    out: dict[str, str] = {}
    for n in names:
        if n in out:
            continue
        cpp = cpp_identifier(n, taken)
        if cpp != n:
            taken.add(cpp)
        out[n] = cpp
    return out
