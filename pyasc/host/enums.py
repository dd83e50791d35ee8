"""The enums of the host tiling API, with CANN's names (`host.TPosition.GM`, `host.DataType.DT_FLOAT16`, ...)."""

from __future__ import annotations

from enum import IntEnum


class TPosition(IntEnum):
    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    LCM = 12
    SPM = 13
    SHM = 14
    TSCM = 15
    MAX = 16


class CubeFormat(IntEnum):
    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7
    ROW_MAJOR = 8
    COLUMN_MAJOR = 9


class DataType(IntEnum):
    """ge::DataType, by its numbers."""

    DT_FLOAT = 0
    DT_FLOAT16 = 1
    DT_INT8 = 2
    DT_INT32 = 3
    DT_UINT8 = 4
    DT_INT16 = 6
    DT_UINT16 = 7
    DT_UINT32 = 8
    DT_INT64 = 9
    DT_UINT64 = 10
    DT_DOUBLE = 11
    DT_BOOL = 12
    DT_STRING = 13
    DT_DUAL = 14
    DT_COMPLEX64 = 16
    DT_COMPLEX128 = 17
    DT_QINT8 = 18
    DT_QINT16 = 19
    DT_QINT32 = 20
    DT_QUINT8 = 21
    DT_QUINT16 = 22
    DT_STRING_REF = 25
    DT_BF16 = 27
    DT_UNDEFINED = 28
    DT_INT4 = 29
    DT_UINT1 = 30
    DT_INT2 = 31
    DT_VARIANT = 26
    DT_MAX = 100
    DT_BFLOAT16 = 27


BYTES = {DataType.DT_FLOAT: 4, DataType.DT_FLOAT16: 2, DataType.DT_BF16: 2, DataType.DT_INT8: 1,
         DataType.DT_UINT8: 1, DataType.DT_INT16: 2, DataType.DT_UINT16: 2, DataType.DT_INT32: 4,
         DataType.DT_UINT32: 4, DataType.DT_INT64: 8, DataType.DT_UINT64: 8, DataType.DT_DOUBLE: 8,
         DataType.DT_BOOL: 1, DataType.DT_INT4: 1}
"""Bytes per element (int4 counted as one byte: two share it, and the tiling stays conservative)."""


class MatrixTraverse(IntEnum):
    NOSET = 0
    FIRSTM = 1
    FIRSTN = 2


class MatrixMadType(IntEnum):
    NORMAL = 0
    HF32 = 1
    MXMODE = 2


class DequantType(IntEnum):
    SCALAR = 0
    TENSOR = 1


class ScheduleType(IntEnum):
    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1
