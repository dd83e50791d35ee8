"""Static bounds: offsets, counts and sizes evaluated through the typed IR as intervals (interval.py), the memory
each queue, TBuf and GlobalTensor is given (values.py), and the accesses proved to leave it (check.py)."""

from __future__ import annotations

from .check import check_bounds
from .launch import launch_values

__all__ = ["check_bounds", "launch_values"]
