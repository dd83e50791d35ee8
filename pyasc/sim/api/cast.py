"""Element type conversion with Ascend RoundModes, vectorized.

CAST_NONE rounds to nearest-even (and is exact when the target holds the value); CAST_RINT is nearest-even,
CAST_ROUND nearest with ties away from zero, CAST_FLOOR/CEIL/TRUNC directed, CAST_ODD rounds an inexact result to the
neighbour with an odd last bit.  Float to integer conversions saturate; integer narrowing wraps.
bfloat16 values are stored as their 16 raw bits.
"""

from __future__ import annotations

import numpy as np

_FLOAT_TARGETS = {"float16": np.float16, "float32": np.float32, "float64": np.float64}


def bf16_to_f32(raw: np.ndarray) -> np.ndarray:
    return (raw.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(x: np.ndarray, mode: str = "CAST_RINT") -> np.ndarray:
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    low = bits & 0xFFFF
    up = bits >> 16
    if mode in ("CAST_NONE", "CAST_RINT"):
        up = up + ((low > 0x8000) | ((low == 0x8000) & ((up & 1) == 1)))
    elif mode == "CAST_ROUND":
        up = up + (low >= 0x8000)
    elif mode in ("CAST_FLOOR", "CAST_CEIL"):
        neg = (bits >> 31) == 1
        away = (low != 0) & (neg if mode == "CAST_FLOOR" else ~neg)
        up = up + away
    elif mode == "CAST_ODD":
        up = up | (low != 0)
    return (up & 0xFFFF).astype(np.uint16)


def _directed(x64: np.ndarray, target: type, mode: str) -> np.ndarray:
    """Round float64 values to a float type with any RoundMode."""
    near = x64.astype(target)
    back = near.astype(np.float64)
    if mode in ("CAST_NONE", "CAST_RINT"):
        return near
    lo = np.where(back > x64, np.nextafter(near, target(-np.inf)), near)
    hi = np.where(back < x64, np.nextafter(near, target(np.inf)), near)
    exact = lo == hi
    if mode == "CAST_FLOOR":
        return lo
    if mode == "CAST_CEIL":
        return hi
    if mode == "CAST_TRUNC":
        return np.where(x64 >= 0, lo, hi)
    if mode == "CAST_ROUND":
        dlo = x64 - lo.astype(np.float64)
        dhi = hi.astype(np.float64) - x64
        pick_hi = (dhi < dlo) | ((dhi == dlo) & (x64 > 0))
        return np.where(exact, near, np.where(pick_hi, hi, lo))
    if mode == "CAST_ODD":
        ubits = {np.float16: np.uint16, np.float32: np.uint32, np.float64: np.uint64}[target]
        odd_lo = (lo.view(ubits) & 1) == 1
        return np.where(exact, near, np.where(odd_lo, lo, hi))
    return near


def _round_int(x64: np.ndarray, mode: str) -> np.ndarray:
    if mode == "CAST_FLOOR":
        return np.floor(x64)
    if mode == "CAST_CEIL":
        return np.ceil(x64)
    if mode == "CAST_TRUNC":
        return np.trunc(x64)
    if mode == "CAST_ROUND":
        return np.sign(x64) * np.floor(np.abs(x64) + 0.5)
    return np.rint(x64)


def convert(values: np.ndarray, dst: str, mode: str, src: str | None = None) -> np.ndarray:
    """Convert an array (of storage dtype `src`) to the storage dtype of `dst` with a RoundMode name."""
    with np.errstate(all="ignore"):
        if src == "bfloat16":
            values = bf16_to_f32(values)
        if dst == "bfloat16":
            return f32_to_bf16(values.astype(np.float32), mode)
        target = _FLOAT_TARGETS.get(dst)
        if target is not None:
            if values.dtype.kind == "f":
                if np.dtype(target).itemsize >= values.dtype.itemsize:
                    return values.astype(target)
                return _directed(values.astype(np.float64), target, mode)
            return _directed(values.astype(np.float64), target, mode)
        npdt = np.dtype(dst if dst != "int1" else "uint8")
        if values.dtype.kind == "f":
            r = _round_int(values.astype(np.float64), mode)
            info = np.iinfo(npdt)
            r = np.nan_to_num(r, nan=0.0, posinf=info.max, neginf=info.min)
            return np.clip(r, info.min, info.max).astype(npdt)
        return values.astype(npdt)
