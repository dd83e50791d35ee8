"""`asc` enums with their member values and C++ spellings."""

from __future__ import annotations

from ..spec import EnumSpec


def _enum(name: str, members: str, prefix: str | None = None, doc: str = "") -> EnumSpec:
    values = {}
    for item in members.split(","):
        key, _, value = item.strip().partition("=")
        values[key] = int(value)
    return EnumSpec(name, values, f"AscendC::{name}::" if prefix is None else prefix, doc)


ENUMS: list[EnumSpec] = [
    _enum(
        "TPosition",
        "GM=0, A1=1, A2=2, B1=3, B2=4, C1=5, C2=6, CO1=7, CO2=8, VECIN=9, VECOUT=10, VECCALC=11, MAX=12",
        doc="Logical position of a buffer; VECIN, VECOUT and VECCALC live in the Unified Buffer.",
    ),
    _enum(
        "HardEvent",
        "MTE2_MTE1=0, MTE1_MTE2=1, MTE1_M=2, M_MTE1=3, MTE2_V=4, V_MTE2=5, MTE3_V=6, V_MTE3=7, M_V=8, V_M=9, V_V=10,"
        " MTE3_MTE1=11, MTE1_MTE3=12, MTE1_V=13, MTE2_M=14, M_MTE2=15, V_MTE1=16, M_FIX=17, FIX_M=18,"
        " MTE3_MTE2=19, MTE2_MTE3=20, S_V=21, V_S=22, S_MTE2=23, MTE2_S=24, S_MTE3=25, MTE3_S=26, MTE2_FIX=27,"
        " FIX_MTE2=28, FIX_S=29, M_S=30, FIX_MTE3=31, MTE1_FIX=32, FIX_MTE1=33, FIX_FIX=34",
        doc="A synchronization event between two pipes, named SRC_DST: MTE2_V makes the vector pipe wait for MTE2.",
    ),
    _enum(
        "PipeID",
        "PIPE_S=0, PIPE_V=1, PIPE_M=2, PIPE_MTE1=3, PIPE_MTE2=4, PIPE_MTE3=5, PIPE_ALL=6, PIPE_MTE4=7,"
        " PIPE_MTE5=8, PIPE_V2=9, PIPE_FIX=10",
        prefix="",
        doc="A hardware pipe; C++ spells the members unqualified (PIPE_ALL).",
    ),
    _enum(
        "RoundMode",
        "CAST_NONE=0, CAST_RINT=1, CAST_FLOOR=2, CAST_CEIL=3, CAST_ROUND=4, CAST_TRUNC=5, CAST_ODD=6",
        doc="Rounding of Cast.",
    ),
]
