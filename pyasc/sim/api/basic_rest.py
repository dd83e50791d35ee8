"""Basic APIs of the less common families: the padding value, the sizes of sorted structures, and the
instructions the simulator does not model (they report PS110 at the call instead of silently doing nothing).
"""

from __future__ import annotations

from typing import Any

from ..objects import enum_member_name
from ._vec import cur

_SORTED_ELEMENTS = 2
"""A sorted (value, index) structure spans 8 bytes: two float elements (the C++ is `GetSortLen<float>`)."""


def set_pad_value(padding_value: Any, pos: Any = None) -> None:
    """SetPadValue: remembered per position (TPosition.MAX: every position) for the copies that pad."""
    where = enum_member_name(pos, "TPosition") if pos is not None else "MAX"
    cur().scalar_state.setdefault("pad_value", {})[where] = padding_value


def get_sort_len(elem_count: Any) -> int:
    """GetSortLen<float>: elem_count sorted structures measured in float elements."""
    return int(elem_count) * _SORTED_ELEMENTS


def get_sort_offset(elem_offset: Any) -> int:
    """GetSortOffset<float>: the element offset of sorted structure elem_offset."""
    return int(elem_offset) * _SORTED_ELEMENTS


def get_arch_version(core_version: Any) -> None:
    """GetArchVersion writes the version into a copy of core_version (as CANN's pyasc does): nothing to observe."""


