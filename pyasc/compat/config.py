"""`asc.runtime.config`: where kernels run.  `Backend.Model` is pyasc's simulator; `Backend.NPU` needs an Ascend
device, which the simulator is not, so choosing it says how to run there instead."""

from __future__ import annotations

import enum
import importlib
from typing import Any

from ..language import soc as socs


class Backend(enum.Enum):
    """Execution backend: `Model` (a simulator: here pyasc's) or `NPU` (an Ascend device)."""

    Model = "Model"
    NPU = "NPU"


class Platform(enum.Enum):
    """The SoC a program targets; the simulator takes the UB size and core count from it."""

    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"


class KernelType(enum.Enum):
    """Which cores a kernel runs on (vector only, cube only, or mixed); the simulator runs every kind."""

    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


def simulator_soc(platform: Platform) -> str:
    """The simulator's SoC for a CANN platform: the same name where pyasc models it, else the nearest modelled
    member of its family (Ascend910B2C -> Ascend910B2; the Ascend910_93 parts have Ascend910B's memories)."""
    name = platform.value
    if socs.find(name) is not None:
        return socs.find(name).name  # type: ignore[union-attr]
    for known in socs.names():
        if name.startswith(known):
            return known
    return socs.DEFAULT_SOC


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
