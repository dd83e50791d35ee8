"""The chip a tiling is computed for: core counts and memory sizes from pyasc's SoC table."""

from __future__ import annotations

from ..language import soc as socs


class PlatformAscendC:
    """What CANN's `platform_ascendc::PlatformAscendC` answers for a SoC, from the same facts our checks use."""

    def __init__(self, soc_version: str | None = None) -> None:
        name = soc_version or socs.DEFAULT_SOC
        found = socs.find(str(getattr(name, "value", name)))
        if found is None:
            known = ", ".join(socs.names())
            raise ValueError(f"unknown SoC {name!r} (known: {known})")
        self.soc = found

    def get_soc_version(self) -> str:
        return self.soc.name

    def get_core_num_aic(self) -> int:
        return self.soc.cube_cores

    def get_core_num_aiv(self) -> int:
        return self.soc.vector_cores

    def get_core_num(self) -> int:
        return self.soc.vector_cores

    def get_core_mem_size(self, mem: str) -> int:
        """Bytes of one of 'L1', 'L0_A', 'L0_B', 'L0_C', 'UB', 'BT'."""
        sizes = {"L1": self.soc.l1_bytes, "L0_A": self.soc.l0a_bytes, "L0_B": self.soc.l0b_bytes,
                 "L0_C": self.soc.l0c_bytes, "UB": self.soc.ub_bytes, "BT": self.soc.bt_bytes}
        return sizes[mem.upper()]

    def __repr__(self) -> str:
        return f"PlatformAscendC({self.soc.name})"


class PlatformAscendCManager:
    """`PlatformAscendCManager.get_instance(soc_version)`: one platform object per SoC."""

    _instances: dict[str, PlatformAscendC] = {}

    @staticmethod
    def get_instance(soc_version: str | None = None) -> PlatformAscendC:
        name = str(getattr(soc_version, "value", soc_version) or socs.DEFAULT_SOC)
        inst = PlatformAscendCManager._instances.get(name.lower())
        if inst is None:
            inst = PlatformAscendCManager._instances[name.lower()] = PlatformAscendC(name)
        return inst
