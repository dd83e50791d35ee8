"""Runtime objects behind `pyasc.<name>`: filled by the simulator and host API."""

from __future__ import annotations

from typing import Any


def resolve(name: str) -> Any:
    """The runtime object for `pyasc.<name>`; KeyError when there is none."""
    from ..language import dtypes

    dt = dtypes.lookup(name)
    if dt is not None:
        return dt
    raise KeyError(name)
