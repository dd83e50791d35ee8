"""Static bounds: offsets, counts and sizes evaluated through the typed IR as intervals (interval.py), the memory
each queue, TBuf and GlobalTensor is given (values.py), the integers and array lengths the file's launches give
(launch.py), the walk in program order (flow.py, its frames in frame.py), what each call touches by the spec's rule
(reach.py, with the per-API facts of apis.py), and the findings with the values that prove them (check.py)."""

from __future__ import annotations

from .check import check_bounds
from .launch import launch_values

__all__ = ["check_bounds", "launch_values"]
