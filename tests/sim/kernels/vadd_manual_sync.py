"""Vector add with TBufs and hand-written synchronization (auto_sync=False): set_flag/wait_flag between pipes."""

import pyasc as asc

TILE = 256


@asc.jit(auto_sync=False)
def vadd_manual_sync(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    buf_x = asc.TBuf(asc.TPosition.VECCALC)
    buf_y = asc.TBuf(asc.TPosition.VECCALC)
    buf_z = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf_x, TILE * 4)
    pipe.init_buffer(buf_y, TILE * 4)
    pipe.init_buffer(buf_z, TILE * 4)
    x_local = buf_x.get(asc.float32)
    y_local = buf_y.get(asc.float32)
    z_local = buf_z.get(asc.float32)
    for i in range(block_length // TILE):
        if i > 0:
            asc.wait_flag(asc.HardEvent.V_MTE2, 0)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        asc.data_copy(y_local, y_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        if i > 0:
            asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.add(z_local, x_local, y_local, TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, 0)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
