"""A program in CANN's style: `import asc`, the runtime config, a torch launch, a struct argument and a kernel
defined inside a function that reads its enclosing variables.  Run with `pyasc run scale_add.py [--size N]`."""

import argparse

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import torch
from asc.language.core.dtype import KnownTypes as KT
from asc.language.core.struct import Field, Struct, StructField

CORES = 4


class Tile(Struct):
    length = Field(dtype=KT.int32, default=0)
    count = Field(dtype=KT.int32, default=0)


class Params(Struct):
    tile = StructField(Tile)
    scale = Field(dtype=KT.float32, default=1.0)


def tile_offsets(i: int, length: int):
    return i * length, (i + 1) * length


def build(buffers: int):
    @asc.jit
    def scale_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block: int, params: Params):
        base = asc.get_block_idx() * block
        x_gm = asc.GlobalTensor()
        y_gm = asc.GlobalTensor()
        z_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x + base, block)
        y_gm.set_global_buffer(y + base, block)
        z_gm.set_global_buffer(z + base, block)
        pipe = asc.TPipe()
        q_x = asc.TQue(asc.TPosition.VECIN, buffers)
        q_y = asc.TQue(asc.TPosition.VECIN, buffers)
        q_z = asc.TQue(asc.TPosition.VECOUT, buffers)
        n = params.tile.length
        pipe.init_buffer(q_x, buffers, n * x.dtype.sizeof())
        pipe.init_buffer(q_y, buffers, n * y.dtype.sizeof())
        pipe.init_buffer(q_z, buffers, n * z.dtype.sizeof())
        for i in range(params.tile.count):
            start, _end = tile_offsets(i, n)
            a = q_x.alloc_tensor(x.dtype)
            b = q_y.alloc_tensor(y.dtype)
            asc.data_copy(a, x_gm[start:], n)
            asc.data_copy(b, y_gm[start:], n)
            q_x.enque(a)
            q_y.enque(b)
            a = q_x.deque(x.dtype)
            b = q_y.deque(y.dtype)
            c = q_z.alloc_tensor(z.dtype)
            asc.muls(c, a, params.scale, n)
            asc.add(c, c, b, n)
            q_z.enque(c)
            q_x.free_tensor(a)
            q_y.free_tensor(b)
            c = q_z.deque(z.dtype)
            asc.data_copy(z_gm[start:], c, n)
            q_z.free_tensor(c)
        params.scale = 0.0  # the kernel's copy of the struct: the host object keeps its value

    return scale_add


def run(size: int, scale: float) -> torch.Tensor:
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B2)
    x = torch.rand(size, dtype=torch.float32)
    y = torch.rand(size, dtype=torch.float32)
    z = torch.zeros_like(x)
    block = size // CORES
    params = Params(tile=Tile(length=256, count=block // 256), scale=scale)
    build(2)[CORES, rt.current_stream()](x, y, z, block, params)
    rt.synchronize()
    assert params.scale == scale, "the host's struct is unchanged"
    assert torch.allclose(z, x * scale + y), "scale_add result"
    return z


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=CORES * 1024)
    parser.add_argument("--scale", type=float, default=2.5)
    args = parser.parse_args()
    run(args.size, args.scale)
    print(f"scale_add: {args.size} elements OK on {rt.get_soc_version().value}")
