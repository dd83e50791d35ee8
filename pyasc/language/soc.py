"""SoC hardware facts used by the checks: Unified Buffer size, core counts."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Soc:
    name: str
    ub_bytes: int
    """Unified Buffer bytes usable by vector code on one core."""
    vector_cores: int
    cube_cores: int
    arch: int
    """`__NPU_ARCH__` of the chip."""
    l1_bytes: int = 1024 * 1024
    """L1 (A1/B1) bytes of one cube core, as the headers' TOTAL_L1_SIZE gives them."""
    l0a_bytes: int = 64 * 1024
    l0b_bytes: int = 64 * 1024
    l0c_bytes: int = 256 * 1024
    bt_bytes: int = 0
    """Bias table (C2) bytes; 0 where the chip has none."""
    clock_mhz: int = 1000
    """The AI cores' clock, which turns the profile's cycles into the trace's microseconds (docs/simulator.md,
    "Profile", says where each figure comes from)."""


_SOCS = [
    # Ascend910 (A1): 256 KiB UB, 32 AI cores.
    Soc("Ascend910A", 262144, 32, 32, 1001),
    # Ascend910B (A2): 192 KiB UB per vector core, of which 184 KiB are left to vector code on arch 2201.
    # L1 512 KiB less the 128 B the Matmul client reserves, L0C 128 KiB, a 1 KiB bias table.
    *(Soc(f"Ascend910B{i}", 184 * 1024, 48 if i < 3 else 40, 24 if i < 3 else 20, 2201,
          l1_bytes=512 * 1024 - 128, l0c_bytes=128 * 1024, bt_bytes=1024, clock_mhz=1650) for i in range(1, 5)),
    Soc("Ascend310P", 262144, 8, 8, 2002),
]

SOCS: dict[str, Soc] = {s.name.lower(): s for s in _SOCS}
SOCS["ascend910"] = _SOCS[0]
DEFAULT_SOC = "Ascend910B1"


def find(name: str) -> Soc | None:
    """The SoC called `name`, case-insensitively (`ascend910` is Ascend910A)."""
    return SOCS.get(name.strip().lower())


def suggest(name: str) -> list[str]:
    """Close SoC names for a misspelled one."""
    names = [s.name for s in _SOCS] + ["ascend910"]
    lowered = {n.lower(): n for n in names}
    return [lowered[m] for m in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.6)]


def names() -> list[str]:
    return [s.name for s in _SOCS] + ["ascend910"]
