"""Hazard kernels for the static synchronization check, each with a correct twin (`ok_` prefix).

A line that must get a finding carries `# expect: CODE` (several codes separated by commas). The same module runs on
the simulator: its sanitizer must report a race (or a deadlock) on the lines the static check reports for the races
(`PA551`-`PA554`) and the unsatisfiable waits (`PA556`).
"""

import pyasc as asc

N = 256
TILE = 128
TILES = 8


@asc.jit
def scale_tile(t: asc.LocalTensor, n: int):
    asc.muls(t, t, 2.0, n)  # expect: PA551


# -- straight-line code -------------------------------------------------------------------------------------------


@asc.jit(auto_sync=False)
def raw_mte2_v(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.abs(t, t, N)  # expect: PA551
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def ok_raw_mte2_v(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(t, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def raw_v_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
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
    asc.data_copy(z_gm, z_local, N)  # expect: PA551
    out.free_tensor(z_local)
    que.free_tensor(x_local)


@asc.jit(auto_sync=False)
def ok_raw_v_mte3(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
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
    out.enque(z_local)
    z_local = out.deque(asc.float32)
    asc.data_copy(z_gm, z_local, N)
    out.free_tensor(z_local)
    que.free_tensor(x_local)


@asc.jit(auto_sync=False)
def war_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 2 * N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)
    asc.data_copy(t, x_gm[N:], N)  # expect: PA552
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[N:], t, N)


@asc.jit(auto_sync=False)
def ok_war_mte3_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 2 * N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, x_gm[N:], N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[N:], t, N)


@asc.jit(auto_sync=False)
def waw_v_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.duplicate(t, 0.0, N)
    asc.data_copy(t, x_gm, N)  # expect: PA553
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def ok_waw_v_mte2(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.duplicate(t, 0.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def raw_v_s(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, N)
    v = t.get_value(0)  # expect: PA551
    z_gm.set_value(0, v)


@asc.jit(auto_sync=False)
def ok_raw_v_s(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, N)
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    v = t.get_value(0)
    z_gm.set_value(0, v)


@asc.jit(auto_sync=False)
def wrong_pair(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)  # expect: PA554
    asc.abs(t, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def ok_disjoint_halves(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """Correct without flags between the halves: MTE2 fills the upper half while V works on the lower one."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 2 * N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 2 * N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(t, t, N)
    asc.data_copy(t[N:], x_gm[N:], N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, t, 2 * N)


@asc.jit(auto_sync=False)
def through_helper(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    scale_tile(t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)


# -- flags ----------------------------------------------------------------------------------------------------------


@asc.jit(auto_sync=False)
def wait_without_set(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.wait_flag(asc.HardEvent.MTE2_V, 1)  # expect: PA556


@asc.jit(auto_sync=False)
def set_without_wait(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, N)
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)  # expect: PA555


@asc.jit(auto_sync=False)
def event_reused(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 4, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(b, x_gm[N:], N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # expect: PA557
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(a, a, b, N)


@asc.jit(auto_sync=False)
def ok_event_ids(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 4, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(b, x_gm[N:], N)
    asc.set_flag(asc.HardEvent.MTE2_V, 1)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 1)
    asc.add(a, a, b, N)


# -- loops ----------------------------------------------------------------------------------------------------------


@asc.jit(auto_sync=False)
def loop_carried(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, TILE * 4, TILE)
    for i in range(TILES):
        asc.data_copy(a, x_gm[i * TILE:], TILE)  # expect: PA552
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.abs(b, a, TILE)  # expect: PA552
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], b, TILE)


@asc.jit(auto_sync=False)
def ok_loop_carried(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, TILE * 4, TILE)
    for i in range(TILES):
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.abs(b, a, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], b, TILE)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit(auto_sync=False)
def loop_raw(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    for i in range(TILES):
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.relu(a, a, TILE)  # expect: PA551
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], a, TILE)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit(auto_sync=False)
def ping_pong(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """Double buffering with one event id per slot; the copy-in does not wait for the slot's last reader."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * TILE * 4, 2 * TILE)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(TILES):
        slot = i % 2
        asc.data_copy(a[slot * TILE:], x_gm[i * TILE:], TILE)  # expect: PA552
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE3_V, slot)
        asc.abs(b[slot * TILE:], a[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * TILE:], b[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, slot)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


@asc.jit(auto_sync=False)
def ok_ping_pong(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * TILE * 4, 2 * TILE)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(TILES):
        slot = i % 2
        asc.wait_flag(asc.HardEvent.V_MTE2, slot)
        asc.data_copy(a[slot * TILE:], x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE3_V, slot)
        asc.abs(b[slot * TILE:], a[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, slot)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * TILE:], b[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, slot)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


@asc.jit(auto_sync=False)
def loop_wait_without_set(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """The first iteration waits for a flag only the previous iteration sets."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    for i in range(TILES):
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)  # expect: PA556
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], a, TILE)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)  # expect: PA555


@asc.jit(auto_sync=False)
def ok_loop_guarded_flags(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """The same flags, guarded by the loop variable: the first iteration does not wait, the last does not set."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    for i in range(TILES):
        if i > 0:
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], a, TILE)
        if i < TILES - 1:
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit(auto_sync=False)
def ok_symbolic_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: int):
    """Slots at offsets symbolic in a runtime tile length: `slot * tile` still tells the two slots apart."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    for i in range(TILES):
        slot = i % 2
        asc.data_copy(a[slot * tile:], x_gm[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, slot)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, slot)
        asc.data_copy(z_gm[i * tile:], a[slot * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, slot)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, slot)


@asc.jit(auto_sync=False)
def symbolic_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    for i in range(TILES):
        slot = i % 2
        asc.data_copy(a[slot * tile:], x_gm[i * tile:], tile)
        asc.data_copy(z_gm[i * tile:], a[slot * tile:], tile)  # expect: PA551
        asc.set_flag(asc.HardEvent.MTE3_MTE2, slot)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, slot)


@asc.jit(auto_sync=False)
def ok_data_dependent(x: asc.GlobalAddress, z: asc.GlobalAddress, first: int, second: int):
    """Offsets the analysis cannot compare (two runtime values): it says nothing."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 2 * N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 2 * N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 2 * N)
    asc.data_copy(t[first:], x_gm, TILE)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t[first:], TILE)
    asc.data_copy(t[second:], x_gm[N:], TILE)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm[N:], t[second:], TILE)


@asc.jit
def ok_auto_sync(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """Automatic synchronization: the compiler orders the pipes, so the missing flags are not a finding."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.abs(t, t, N)
    asc.data_copy(z_gm, t, N)


@asc.jit(auto_sync=False)
def generic_slots(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: int):
    """CANN's form: the dtype of the launch arguments, a runtime tile length, slots placed by byte offsets."""
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    dtype = x.dtype
    slot_bytes = tile * 2 * dtype.sizeof()
    src = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile * 2)
    dst = asc.LocalTensor(dtype, asc.TPosition.VECOUT, slot_bytes, tile * 2)
    for i in range(TILES):
        slot = i % 2
        asc.data_copy(src[slot * tile:], x_gm[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.abs(dst[slot * tile:], src[slot * tile:], tile)
        asc.data_copy(z_gm[i * tile:], dst[slot * tile:], tile)  # expect: PA551
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit(auto_sync=False)
def ok_generic_slots(x: asc.GlobalAddress, z: asc.GlobalAddress, tile: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    dtype = x.dtype
    slot_bytes = tile * 2 * dtype.sizeof()
    src = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, tile * 2)
    dst = asc.LocalTensor(dtype, asc.TPosition.VECOUT, slot_bytes, tile * 2)
    for i in range(TILES):
        slot = i % 2
        asc.data_copy(src[slot * tile:], x_gm[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.abs(dst[slot * tile:], src[slot * tile:], tile)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * tile:], dst[slot * tile:], tile)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
