"""The host side of pyasc: the Matmul tiling API programs call before a launch (CANN's `asc.lib.host`).

Pure Python over pyasc's SoC table, so it runs where CANN does not; its tilings respect the L1/L0 sizes and the
alignments the Matmul API needs (docs/matmul.md).
"""

from __future__ import annotations

from .enums import CubeFormat, DataType, DequantType, MatrixMadType, MatrixTraverse, ScheduleType, TPosition
from .matmul_tiling import (
    BatchMatmulTiling,
    MatmulApiTiling,
    MatmulApiTilingBase,
    MatmulConfigParams,
    MultiCoreMatmulTiling,
)
from .platform import PlatformAscendC, PlatformAscendCManager

__all__ = [
    "BatchMatmulTiling", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling", "MatmulApiTilingBase",
    "MatmulConfigParams", "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling", "PlatformAscendC",
    "PlatformAscendCManager", "ScheduleType", "TPosition", "get_ascendc_platform",
]


def get_ascendc_platform(soc_version: str | None = None) -> PlatformAscendC:
    """The platform of the SoC in use (`asc.runtime.config.set_platform`'s, else pyasc's default)."""
    return PlatformAscendCManager.get_instance(soc_version)
