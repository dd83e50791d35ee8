"""Mixed precision: float16 in and out, float32 inside.

z = cast_to_half(cast_to_float(x) * scale + cast_to_float(y)), TILE elements at a time, so the products and the
sum are rounded once, at the end, instead of after every operation.
"""

import pyasc as asc

TILE = 512


@asc.jit
def scaled_add_fp16(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, length: int,
                    scale: float) -> None:
    offset = asc.get_block_idx() * length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, length)
    y_gm.set_global_buffer(y + offset, length)
    z_gm.set_global_buffer(z + offset, length)

    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 2)
    in_y = asc.TQue(asc.TPosition.VECIN, 2)
    out_z = asc.TQue(asc.TPosition.VECOUT, 2)
    wide = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_x, 2, TILE * 2)
    pipe.init_buffer(in_y, 2, TILE * 2)
    pipe.init_buffer(out_z, 2, TILE * 2)
    pipe.init_buffer(wide, TILE * 4 * 2)

    for i in range(length // TILE):
        x_half = in_x.alloc_tensor(asc.float16)
        y_half = in_y.alloc_tensor(asc.float16)
        asc.data_copy(x_half, x_gm[i * TILE:], TILE)
        asc.data_copy(y_half, y_gm[i * TILE:], TILE)
        in_x.enque(x_half)
        in_y.enque(y_half)
        x_half = in_x.deque(asc.float16)
        y_half = in_y.deque(asc.float16)

        acc = wide.get(asc.float32)
        asc.cast(acc, x_half, asc.RoundMode.CAST_NONE, TILE)
        asc.cast(acc[TILE:], y_half, asc.RoundMode.CAST_NONE, TILE)
        asc.muls(acc, acc, scale, TILE)
        asc.add(acc, acc, acc[TILE:], TILE)
        in_x.free_tensor(x_half)
        in_y.free_tensor(y_half)

        z_half = out_z.alloc_tensor(asc.float16)
        asc.cast(z_half, acc, asc.RoundMode.CAST_ROUND, TILE)
        out_z.enque(z_half)
        z_half = out_z.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE:], z_half, TILE)
        out_z.free_tensor(z_half)
