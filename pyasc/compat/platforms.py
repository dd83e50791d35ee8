"""The backends, platforms and kernel types of `asc.runtime.config`, below both that module and `asc.lib.runtime`
(pyasc.compat.rt), which reads them while config's set_platform calls it."""

from __future__ import annotations

import enum

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
