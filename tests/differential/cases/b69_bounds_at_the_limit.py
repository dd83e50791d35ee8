"""Accesses that end at or within their memory: the last tile of a loop at the end of set_global_buffer's window, a
slice read to the tensor's end, a repeat form and DataCopyParams bursts that fill the tensor, data_copy_pad rows
padded on the chip that fit a TBuf, a copy of a run-time count in a guarded branch. Nothing leaves its memory."""

import asc
import numpy as np

TILE = 64


@asc.jit
def limit_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tiles: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiles * TILE)
    z_gm.set_global_buffer(z, tiles * TILE)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(in_queue, 2, TILE * 2)
    pipe.init_buffer(out_queue, 2, TILE * 2)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    for i in range(tiles):
        x_local = in_queue.alloc_tensor(asc.float16)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        in_queue.enque(x_local)
        x_local = in_queue.deque(asc.float16)
        z_local = out_queue.alloc_tensor(asc.float16)
        asc.adds(z_local, x_local[16:], 1.0, TILE - 16)
        asc.abs(z_local, x_local, TILE, 1, asc.UnaryRepeatParams(1, 1, 8, 8))
        asc.data_copy(z_local, x_local, asc.DataCopyParams(2, 2, 0, 0))
        if n < TILE:
            asc.muls(z_local, x_local, 2.0, n)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        z_local = out_queue.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        out_queue.free_tensor(z_local)
    rows = buf.get(asc.float16)
    asc.data_copy_pad(rows, x_gm, asc.DataCopyExtParams(4, 100, 0, 0, 0), asc.DataCopyPadExtParams(asc.float16))


def launch():
    x = np.ones(4 * TILE, np.float16)
    z = np.zeros(4 * TILE, np.float16)
    limit_kernel[1](x, z, 32, 4)
