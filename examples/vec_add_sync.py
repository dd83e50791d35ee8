"""Vector add with manual synchronization: fixed LocalTensors and explicit flags between the pipes.

Every core adds BLOCK_LENGTH float32 elements, TILE at a time.  MTE2 copies in, V adds, MTE3 copies out; the
flags make each pipe wait for the one before it, and the barrier keeps the next tile from overwriting buffers
that are still being read.
"""

import pyasc as asc

BLOCK_LENGTH = 2048
TILE = 256


@asc.jit(auto_sync=False)
def vec_add_sync(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK_LENGTH
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK_LENGTH)
    y_gm.set_global_buffer(y + offset, BLOCK_LENGTH)
    z_gm.set_global_buffer(z + offset, BLOCK_LENGTH)

    x_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    y_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, TILE * 4, TILE)
    z_local = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, TILE * 8, TILE)
    for i in range(BLOCK_LENGTH // TILE):
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        asc.data_copy(y_local, y_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(z_local, x_local, y_local, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
