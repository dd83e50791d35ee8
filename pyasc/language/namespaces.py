"""CANN's packages and modules under `asc` whose attributes are the kernel API.

A kernel written for CANN's pyasc may name the API through any of them (`import asc.language.core.enums as enums`,
`from asc.language.fwk import tpipe`, `asc.language.adv.matmul.Matmul`).  The analysis resolves such names and the
simulator's `import asc` serves such modules, both from this one list.
"""

from __future__ import annotations

KERNEL_PACKAGES = ("asc.language", "asc.language.core", "asc.language.basic", "asc.language.fwk",
                   "asc.language.adv", "asc.adv")
"""The packages: namespaces of the kernel API that hold submodules of their own."""

_LANGUAGE_MODULES = {
    "core": ("aipp_types", "array", "constexpr", "dtype", "enums", "ir_value", "memory_allocator", "ops",
             "properties", "range", "struct", "tensor", "types", "utils"),
    "basic": ("block_sync", "cache", "common", "data_copy", "determine_compute_sync", "dump_tensor", "fixpipe",
              "list_tensor", "mm", "proposal", "scalar", "set_atomic", "sys_var", "utils", "vec_binary",
              "vec_binary_scalar", "vec_brcb", "vec_cmpsel", "vec_duplicate", "vec_gather", "vec_gather_mask",
              "vec_reduce", "vec_scatter", "vec_ternary_scalar", "vec_transpose", "vec_unary", "vec_vconv"),
    "fwk": ("tpipe", "utils"),
    "adv": ("activation", "math", "matmul", "normalization", "quantization", "sort", "tiling", "types", "utils"),
}
NAMESPACES = frozenset(f"asc.language.{pkg}.{mod}" for pkg, mods in _LANGUAGE_MODULES.items() for mod in mods)
"""The modules of those packages (`asc.language.fwk.tpipe`): each a namespace of the kernel API, as its package is."""

SHADOWED = frozenset({"asc.language.basic.data_copy", "asc.language.basic.dump_tensor", "asc.language.basic.fixpipe",
                      "asc.language.core.array", "asc.language.core.range"})
"""Modules that their package's attribute of the same name does not reach: the package binds an API of that name
over the module (`asc.language.basic.data_copy` is the function data_copy), so the attribute chain, `import ... as`
and `from asc.language.basic import data_copy` all give the API."""

KERNEL_MODULES = frozenset(KERNEL_PACKAGES) | (NAMESPACES - SHADOWED)
"""Every dotted name under `asc` (itself excluded) that a kernel may bind or name to reach a module of the API."""

ENUMS_MODULE = "asc.language.core.enums"
"""The one module that holds the enums CANN's `asc` does not export (`MatmulPolicy`)."""


def is_adv(module: str) -> bool:
    """Whether a module of KERNEL_MODULES holds the advanced API (`asc.adv.*` names)."""
    return module == "asc.adv" or module == "asc.language.adv" or module.startswith("asc.language.adv.")
