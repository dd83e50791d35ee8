"""Generates realistic kernel files for the benchmarks (queues, copies, vector ops, helpers)."""

from __future__ import annotations

OPS = ["add", "sub", "mul", "max", "min"]

KERNEL = '''

@asc.jit
def kernel_{i}(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_x, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(in_y, BUFFER_NUM, TILE * 4)
    pipe.init_buffer(out_z, BUFFER_NUM, TILE * 4)
    loops = block_length // TILE
    for i in range(loops):
        x_local = in_x.alloc_tensor(asc.float32)
        y_local = in_y.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_gm[i * TILE:], TILE)
        asc.data_copy(y_local, y_gm[i * TILE:], TILE)
        in_x.enque(x_local)
        in_y.enque(y_local)
        x_local = in_x.deque(asc.float32)
        y_local = in_y.deque(asc.float32)
        z_local = out_z.alloc_tensor(asc.float32)
        asc.{op}(z_local, x_local, y_local, TILE)
        asc.muls(z_local, z_local, 0.5, TILE)
        asc.adds(z_local, z_local, 1.0, TILE)
        out_z.enque(z_local)
        in_x.free_tensor(x_local)
        in_y.free_tensor(y_local)
        z_local = out_z.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], z_local, TILE)
        out_z.free_tensor(z_local)
'''


def source(kernels: int, edit: int | None = None) -> str:
    """A module of `kernels` kernels of about 40 lines; `edit` changes one kernel's op (for incremental runs)."""
    out = ["import pyasc as asc", "", "BUFFER_NUM = 2", "TILE = 256"]
    for i in range(kernels):
        op = OPS[(i + (1 if edit == i else 0)) % len(OPS)]
        out.append(KERNEL.format(i=i, op=op))
    return "\n".join(out)
