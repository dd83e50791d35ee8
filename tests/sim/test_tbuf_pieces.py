"""A TBuf piece (get(dtype, len), get_with_offset(size, buf_offset, dtype)) must lie inside the TBuf's buffer: one
that reaches past it, even one starting at or after its end, is a PS102 at the call, before any access."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim


def run(size: int, offset: int) -> tuple[list[tuple[str, str]], np.ndarray]:
    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, size: asc.ConstExpr[int], offset: asc.ConstExpr[int],
          count: asc.ConstExpr[int]):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 64)
        o = asc.GlobalTensor()
        o.set_global_buffer(z, 64)
        pipe = asc.TPipe()
        tb = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(tb, 512)
        w = tb.get_with_offset(size, offset, asc.float32)
        asc.data_copy(w, g, count)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(o, w, count)

    x = np.arange(64, dtype=np.float32)
    z = np.zeros_like(x)
    with sim.collect() as rep:
        k[1](x, z, size, offset, min(size, 64))
    return [(f.code, f.message) for f in rep.errors], z


@pytest.mark.parametrize("size, offset", [(64, 256), (32, 384), (128, 0)])
def test_a_piece_inside_the_buffer_runs_clean(size: int, offset: int) -> None:
    errors, z = run(size, offset)
    assert errors == []
    np.testing.assert_array_equal(z[:min(size, 64)], np.arange(min(size, 64), dtype=np.float32))


@pytest.mark.parametrize("size, offset, end", [(64, 512, 768), (64, 1024, 1280), (64, 384, 640), (256, 0, 1024)])
def test_a_piece_past_the_buffer_is_stopped_at_the_call(size: int, offset: int, end: int) -> None:
    errors, _ = run(size, offset)
    assert errors[0][0] == "PS102"  # the first finding: the call (collect() runs on after it)
    assert f"at byte offset {offset} reaches byte {end}, past the 512-byte buffer" in errors[0][1]


def test_get_with_a_length_past_the_buffer_is_stopped() -> None:
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 256)
        pipe = asc.TPipe()
        tb = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(tb, 512)
        w = tb.get(asc.float32, 256)
        asc.data_copy(w, g, 64)

    with sim.collect() as rep:
        k[1](np.zeros(256, np.float32))
    assert rep.errors[0].code == "PS102" and rep.errors[0].line == 59
    assert "reaches byte 1024, past the 512-byte buffer" in rep.errors[0].message
