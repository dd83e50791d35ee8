"""TPipe.reset / destroy take the buffers back; the inplace alloc_tensor(t) / deque(t) forms fill the caller's
tensor; TBufPool.init_buffer(buf, len) sizes a TBuf."""

from __future__ import annotations

import numpy as np

import pyasc as asc
from pyasc import sim


def test_reset_takes_the_buffers_back_and_a_stale_tensor_is_a_use_after_free():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        que = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que, 1, 256)
        t = que.alloc_tensor(asc.float32)
        pipe.reset()
        pipe.init_buffer(que, 1, 256)  # accepted again after the reset
        asc.data_copy(t, g, 64)  # t's buffer was taken back

    with sim.collect() as rep:
        k[1](np.zeros(64, np.float32))
    assert [(f.code, f.line) for f in rep.errors] == [("PS105", 23)]


def test_inplace_alloc_and_deque_fill_the_callers_tensor():
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress):
        g = asc.GlobalTensor()
        o = asc.GlobalTensor()
        g.set_global_buffer(x, 64)
        o.set_global_buffer(y, 64)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 0)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        q.free_tensor(t)
        q.alloc_tensor(t)  # t holds the queue's buffer again
        asc.data_copy(t, g, 64)
        q.enque(t)
        q.deque(t)
        asc.data_copy(o, t, 64)
        q.free_tensor(t)

    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    with sim.collect() as rep:
        k[1](x, y)
    assert rep.errors == []
    np.testing.assert_array_equal(y, x)


def test_a_pools_tbuf_gets_its_length():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
        pipe.init_buf_pool(pool, 1024)
        b = asc.TBuf(asc.TPosition.VECCALC)
        pool.init_buffer(buf=b, len=256)
        t = b.get(asc.float32)
        assert t.length == 64
        asc.data_copy(t, g, 64)

    with sim.collect() as rep:
        k[1](np.zeros(64, np.float32))
    assert rep.errors == []


def test_a_pool_without_memory_and_an_empty_shape_info_are_findings_not_crashes():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
        que = asc.TQue(asc.TPosition.VECIN, 1)
        pool.init_buffer(que, 1, 256)  # the pool was never given memory by init_buf_pool
        assert asc.get_shape_size(asc.ShapeInfo()) == 1  # no dims: the empty product

    with sim.collect() as rep:
        k[1](np.zeros(8, np.float32))
    assert [(f.code, f.line) for f in rep.errors] == [("PS107", 81)]
    assert "init_buf_pool has not given memory yet" in rep.errors[0].message


def test_init_after_destroy_makes_the_pipe_the_kernels_again():
    seen = []

    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        que = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(que, 1, 256)
        pipe.destroy()
        pipe.init()
        pipe.init_buffer(que, 1, 256)  # its buffers were taken back: accepted again
        seen.append(asc.get_tpipe_ptr() is pipe)

    with sim.collect() as rep:
        k[1](np.zeros(8, np.float32))
    assert seen == [True] and rep.errors == []
