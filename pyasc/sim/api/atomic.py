"""Atomics: while set, a data_copy from the Unified Buffer to Global Memory accumulates."""

from __future__ import annotations

from typing import Any

from .. import pipes
from ..objects import enum_member_name
from ._vec import cur

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


# ---------------------------------------------------------------------------------------------------------------------
# Atomics: data_copy UB -> GM accumulates while set


def _atomic(kind: str | None) -> None:
    core = cur()
    core.scalar_tick()
    core.scalar_state["atomic"] = kind


def set_atomic_add(dtype: Any = None) -> None:
    """Following UB -> GM copies add into GM instead of overwriting."""
    _atomic("add")


def set_atomic_max(dtype: Any = None) -> None:
    _atomic("max")


def set_atomic_min(dtype: Any = None) -> None:
    _atomic("min")


def set_atomic_none() -> None:
    _atomic(None)


def set_atomic_type(dtype: Any = None) -> None:
    cur().scalar_tick()


def set_store_atomic_config(atomic_type: Any, atomic_op: Any) -> None:
    name = enum_member_name(atomic_type, "AtomicDtype")
    _atomic(None if name == "ATOMIC_NONE" else "add")


def get_store_atomic_config() -> tuple[int, int]:
    return (1 if cur().scalar_state.get("atomic") else 0, 0)
