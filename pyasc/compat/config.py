"""`asc.runtime.config`: where kernels run.  `Backend.Model` is pyasc's simulator; `Backend.NPU` needs an Ascend
device, which the simulator is not, so choosing it says how to run there instead."""

from __future__ import annotations

import importlib
from typing import Any

from .platforms import Backend, KernelType, Platform

__all__ = ["Backend", "KernelType", "Platform", "set_platform"]
"""CANN's names of asc.runtime.config (its enums are defined in platforms.py, below asc.lib.runtime)."""


def set_platform(backend: Backend | str, soc_version: Platform | str | None = None, device_id: int | None = None,
                 check: bool = True) -> None:
    """Choose the backend and SoC of later launches (CANN's signature): Model is the simulator, NPU an error
    that says how to run there.  The simulator is always available, so `check` finds nothing wrong."""
    from pyasc.compat import rt  # asc.lib.runtime (the package, as CANN calls it: a test may patch its functions)

    backend = Backend(backend)
    if backend == Backend.NPU:
        rt.use_npu()  # raises: the simulator is no NPU
    soc = Platform.Ascend910B1 if soc_version is None else Platform(soc_version)
    rt.use_model()
    rt.set_soc_version(soc)
    if device_id is not None:
        rt.set_device(device_id)
    if check and not rt.is_available():
        raise RuntimeError("Runtime library is not available! For CANN's own simulator: export "
                           f"LD_LIBRARY_PATH=$ASCEND_HOME_PATH/tools/simulator/{soc.value}/lib:$LD_LIBRARY_PATH")


def __getattr__(name: str) -> Any:
    if name == "rt":  # CANN's config module holds asc.lib.runtime as `rt`; imported late, it imports this module
        return importlib.import_module("pyasc.compat.rt")
    raise AttributeError(f"module 'asc.runtime.config' has no attribute '{name}'")
