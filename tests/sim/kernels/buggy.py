"""Kernels with one seeded bug each; the offending line carries a `# BUG: <kind>` marker the tests look up."""

import pyasc as asc

N = 256


def _gm(addr, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(addr, n)
    return g


@asc.jit(auto_sync=False)
def race_mte2_v(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    z_gm = _gm(z, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que, 1, N * 4)
    pipe.init_buffer(out, 1, N * 4)
    x_local = que.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, N)
    z_local = out.alloc_tensor(asc.float32)
    asc.abs(z_local, x_local, N)  # BUG: race
    out.enque(z_local)
    z_local = out.deque(asc.float32)
    asc.data_copy(z_gm, z_local, N)
    out.free_tensor(z_local)
    que.free_tensor(x_local)


@asc.jit
def race_mte2_v_auto(x: asc.GlobalAddress, z: asc.GlobalAddress):
    race_mte2_v.fn(x, z)


@asc.jit(auto_sync=False)
def race_v_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    z_gm = _gm(z, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que, 1, N * 4)
    pipe.init_buffer(out, 1, N * 4)
    x_local = que.alloc_tensor(asc.float32)
    asc.data_copy(x_local, x_gm, N)
    que.enque(x_local)
    x_local = que.deque(asc.float32)
    z_local = out.alloc_tensor(asc.float32)
    asc.abs(z_local, x_local, N)
    asc.data_copy(z_gm, z_local, N)  # BUG: race
    out.free_tensor(z_local)
    que.free_tensor(x_local)


@asc.jit(auto_sync=False)
def race_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, 2 * N)
    z_gm = _gm(z, 2 * N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)
    asc.data_copy(t, x_gm[N:], N)  # BUG: race
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[N:], t, N)


@asc.jit(auto_sync=False)
def race_v_s(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, N)
    v = t.get_value(0)  # BUG: race
    z_gm = _gm(z, N)
    z_gm.set_value(0, v)


@asc.jit(auto_sync=False)
def synced_v_s(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, N)
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    v = t.get_value(0)
    z_gm = _gm(z, N)
    z_gm.set_value(0, v)


@asc.jit
def gm_out_of_bounds(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, 2 * N * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 2 * N)  # BUG: gm-out-of-bounds
    que.free_tensor(t)


@asc.jit
def ub_out_of_bounds(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(que, 1, N * 4)
    t = que.alloc_tensor(asc.float32)
    asc.duplicate(t, 1.0, 2 * N)  # BUG: ub-out-of-bounds
    que.free_tensor(t)


@asc.jit
def ub_over_capacity(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que, 2, 100 * 1024)  # BUG: ub-over-capacity


@asc.jit
def use_after_free(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, N * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    que.enque(t)
    t = que.deque(asc.float32)
    que.free_tensor(t)
    asc.muls(t, t, 2.0, N)  # BUG: use-after-free


@asc.jit
def deque_empty(x: asc.GlobalAddress, z: asc.GlobalAddress):
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, N * 4)
    t = que.alloc_tensor(asc.float32)
    que.enque(t)
    t = que.deque(asc.float32)
    t = que.deque(asc.float32)  # BUG: deadlock


@asc.jit
def partial_block_copy(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, N * 4)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 100)  # BUG: bad-argument
    que.free_tensor(t)


@asc.jit(auto_sync=False)
def wait_without_set(x: asc.GlobalAddress, z: asc.GlobalAddress):
    asc.wait_flag(asc.HardEvent.MTE2_V, 1)  # BUG: deadlock


@asc.jit(auto_sync=False)
def unaligned_buffer_length(x: asc.GlobalAddress, z: asc.GlobalAddress):
    # not a bug as such (InitBuffer rounds 100 up to 128), but not what was written: a warning in both tiers
    x_gm = _gm(x, N)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que, 1, 100)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 16)
    que.free_tensor(t)
