"""What the walk needs of each API, from the spec and cached per API: the effect its calls have on the walk (its
kind), the operands its count addresses (ApiSpec.counted or the dtype rule), and the element size of a dtype."""

from __future__ import annotations

from ....language.spec import ApiSpec
from ...ir.types import TensorT

_COUNTED: dict[int, tuple[str, ...]] = {}
"""counted() per API (by id; the spec's entries live as long as the process)."""


_KIND: dict[int, str | None] = {}
"""Per API (by id): the name of the effect its calls have on the walk ("init_buffer", "set_global_buffer", ...),
its leaf name when its calls touch counted operands, None when the walk ignores them."""


_EFFECTS = frozenset({"init_buffer", "set_global_buffer", "set_mask_count", "alloc_tensor", "deque",
                      "reinterpret_cast"})


def counted(api: ApiSpec) -> tuple[str, ...]:
    """The operands the count addresses (ApiSpec.counted): as declared, else those of the first dtype rule naming a
    read operand, else the written ones (the dtype rule ties the operands an element-wise count runs over)."""
    found = _COUNTED.get(id(api))
    if found is not None:
        return found
    found = api.counted
    if not found:
        reads = api.reads or ()
        found = next((rule.params for rule in api.dtype_rules if any(p in reads for p in rule.params)), None) or (
            api.writes if not reads or any(p in api.writes for p in reads) else tuple(reads))
    _COUNTED[id(api)] = found
    return found


def _kind(api: ApiSpec) -> str | None:
    k = _KIND.get(id(api), "")
    if k != "":
        return k
    leaf = api.leaf
    if leaf in _EFFECTS or (leaf.startswith("set_") and api.name.startswith("LocalTensor.")):
        k = leaf
    elif api.name in ("TBuf.get", "TBuf.get_with_offset"):
        k = "piece"
    elif not api.rule and counted(api):
        k = leaf
    else:
        k = None
    _KIND[id(api)] = k
    return k


def _dtype_of(t: object) -> tuple[int, str] | None:
    if isinstance(t, TensorT) and t.dvar.value is not None:
        d = t.dvar.value
        return d.nbytes, d.name
    return None
