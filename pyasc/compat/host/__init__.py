"""`asc.lib.host`: CANN's host-side tiling API, served by `pyasc.host` (the Matmul tiling, platform queries), which
is Python: CANN's `loader` builds a C++ library, ours hands out pyasc.host's classes.

`get_ascendc_platform()` takes the SoC from `asc.runtime.config.set_platform` / `asc.lib.runtime`, as CANN's does.
"""

from __future__ import annotations

from ...host import (
    BatchMatmulTiling,
    CubeFormat,
    DataType,
    DequantType,
    MatmulApiTiling,
    MatmulConfigParams,
    MatrixMadType,
    MatrixTraverse,
    MultiCoreMatmulTiling,
    PlatformAscendC,
    PlatformAscendCManager,
    ScheduleType,
    TPosition,
)
from . import loader, wrappers

__all__ = [
    "BatchMatmulTiling", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling", "MatmulConfigParams",
    "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling", "PlatformAscendC", "PlatformAscendCManager",
    "ScheduleType", "TPosition", "get_ascendc_platform", "loader", "wrappers",
]


def get_ascendc_platform() -> PlatformAscendC:
    """The platform of the SoC the program configured."""
    from ..platforms import simulator_soc
    from ..rt import get_soc_version

    return PlatformAscendCManager.get_instance(simulator_soc(get_soc_version()))
