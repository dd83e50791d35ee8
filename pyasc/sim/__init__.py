"""The CPU simulator: runs @asc.jit kernels as Python on numpy-backed cores, with a sanitizer and a profile.

    kernel[8](x, y, z, n)                 # launch on 8 simulated cores; outputs land in the numpy arrays
    with pyasc.sim.collect() as report:   # collect findings instead of raising SimulationError
        kernel[8](...)
    with pyasc.profile() as prof:         # per-core pipe calls, bytes, UB peak, L2 estimate, cycles
        kernel[8](...)
"""

from __future__ import annotations

from typing import Any

__all__ = ["Finding", "Report", "SimulationError", "collect", "interactive", "last_report", "lockstep_info", "profile",
           "settings", "torch_op"]


def __getattr__(name: str) -> Any:
    if name in ("Finding", "Report", "SimulationError"):
        from . import findings

        return getattr(findings, name)
    if name in ("collect", "interactive", "last_report", "settings"):
        from . import jit

        return getattr(jit, name)
    if name == "lockstep_info":
        from .lockstep import last

        return last
    if name == "profile":
        from .profiling import profile

        return profile
    if name == "torch_op":
        from .torchop import torch_op

        return torch_op
    raise AttributeError(f"module 'pyasc.sim' has no attribute '{name}'")
