"""Fixtures for the simulator tests: one interactive core, and UB tensors filled from numpy."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim


@pytest.fixture
def core():
    with sim.interactive() as c:
        yield c


class UB:
    """Allocates LocalTensors at increasing 32-byte aligned UB addresses of the interactive core."""

    def __init__(self) -> None:
        self.addr = 0

    def __call__(self, dtype, values=None, n=None):
        if values is not None:
            values = np.asarray(values)
            n = values.size if n is None else n
        dt = getattr(asc, dtype) if isinstance(dtype, str) else dtype
        t = asc.LocalTensor(dt, asc.TPosition.VECCALC, self.addr, n)
        self.addr += -(-n * t.esize // 32) * 32
        if values is not None:
            t.view()[: values.size] = values.astype(t.npdt)
        return t


@pytest.fixture
def ub(core):
    return UB()


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)
