"""Matrix products of one core's tiles on one BLAS thread.

The simulator multiplies one core's tiles at a time (`mmad`, `adv.Matmul`): products of a few million
multiply-adds, issued between stretches of Python.  OpenBLAS splits even these over its threads, and waking them for
every call costs more than the product itself on a busy machine (bench/sim_speed.py, the matmul row: about 6x the
time of the same launch on one thread on the 2-core development machine).  So products below `SMALL` multiply-adds
run with the BLAS library's thread count set to 1 for the call and restored after it.  The library is found among
the process's loaded shared objects (numpy's bundled OpenBLAS or a system one); where it cannot be found (no
/proc/self/maps, another BLAS) products run as numpy runs them.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Callable

import numpy as np

SMALL = 1 << 26
"""Multiply-adds below which a product runs on one thread (64M: a 128 x 64 x 1280 tile is 10M)."""

_NAMES = ("scipy_openblas{}64_", "scipy_openblas{}", "openblas{}64_", "openblas{}")
_FNS: list[tuple[Callable[[], int], Callable[[int], None]] | None] = []


def _find() -> tuple[Callable[[], int], Callable[[int], None]] | None:
    try:
        with open("/proc/self/maps") as f:
            paths = sorted(set(re.findall(r"(/\S*openblas\S*\.so\S*)", f.read())))
    except OSError:
        return None
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for pattern in _NAMES:
            get = getattr(lib, pattern.format("_get_num_threads"), None)
            put = getattr(lib, pattern.format("_set_num_threads"), None)
            if get is not None and put is not None:
                get.restype = ctypes.c_int
                put.argtypes = [ctypes.c_int]
                put.restype = None
                return get, put
    return None


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a @ b, on one BLAS thread when the product is small."""
    if a.ndim != 2 or b.ndim != 2 or a.shape[0] * a.shape[1] * b.shape[1] >= SMALL:
        return a @ b
    if not _FNS:
        _FNS.append(_find())
    fns = _FNS[0]
    if fns is None:
        return a @ b
    get, put = fns
    threads = get()
    if threads <= 1:
        return a @ b
    put(1)
    try:
        return a @ b
    finally:
        put(threads)
