"""`asc.lib.host.wrappers`: the host classes.  CANN declares them as proxies of its C++ library (ProxyMeta forwards
construction and attributes to it); here they are pyasc.host's Python classes themselves."""

from __future__ import annotations

from typing import Any

from ...host import (
    BatchMatmulTiling,
    CubeFormat,
    DataType,
    DequantType,
    MatmulApiTiling,
    MatmulApiTilingBase,
    MatmulConfigParams,
    MatrixMadType,
    MatrixTraverse,
    MultiCoreMatmulTiling,
    PlatformAscendC,
    PlatformAscendCManager,
    ScheduleType,
    TPosition,
)

__all__ = ["BatchMatmulTiling", "CubeFormat", "DataType", "DequantType", "MatmulApiTiling", "MatmulApiTilingBase",
           "MatmulConfigParams", "MatrixMadType", "MatrixTraverse", "MultiCoreMatmulTiling", "PlatformAscendC",
           "PlatformAscendCManager", "ProxyBase", "ProxyMeta", "ScheduleType", "TPosition"]


class ProxyMeta(type):
    """CANN's metaclass that forwards a host class to its C++ counterpart.  pyasc.host's classes are Python, so a
    class of this metaclass has nothing to forward to."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{cls.__name__} would be a proxy of CANN's C++ host library, which pyasc does not use: "
                           "use the classes of asc.lib.host (pyasc.host's) directly")


class ProxyBase(metaclass=ProxyMeta):
    """The base of CANN's proxied host classes (see ProxyMeta)."""
