"""A tiled, double-buffered vector add in the style of CANN's current examples: `-r Model` picks the backend, the
core count comes from `rt.device_info`, torch tensors carry the dtype, and torch checks the result.

    pyasc run tiled_add.py -r Model [-v Ascend910B1] [--dtype float16] [--tiles 4]
"""

import argparse
import sys

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import torch
from asc.lib.runtime.support import DeviceInfoType, DeviceModuleType

TILE = 512
BUFFER_NUM = 2


@asc.jit
def tiled_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
              tile_num: int):
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
    pipe.init_buffer(in_x, BUFFER_NUM, TILE * x.dtype.sizeof())
    pipe.init_buffer(in_y, BUFFER_NUM, TILE * y.dtype.sizeof())
    pipe.init_buffer(out_z, BUFFER_NUM, TILE * z.dtype.sizeof())
    for i in range(tile_num):
        a = in_x.alloc_tensor(x.dtype)
        b = in_y.alloc_tensor(y.dtype)
        asc.data_copy(a, x_gm[i * TILE:], TILE)
        asc.data_copy(b, y_gm[i * TILE:], TILE)
        in_x.enque(a)
        in_y.enque(b)
        a = in_x.deque(x.dtype)
        b = in_y.deque(y.dtype)
        c = out_z.alloc_tensor(z.dtype)
        asc.add(c, a, b, TILE)
        out_z.enque(c)
        in_x.free_tensor(a)
        in_y.free_tensor(b)
        c = out_z.deque(z.dtype)
        asc.data_copy(z_gm[i * TILE:], c, TILE)
        out_z.free_tensor(c)


def main() -> int:
    parser = argparse.ArgumentParser(description="tiled add")
    parser.add_argument("-r", "--run-mode", default="Model", choices=["Model", "NPU"])
    parser.add_argument("-v", "--soc-version", default="Ascend910B1")
    parser.add_argument("--dtype", default="float32", choices=["float16", "float32"])
    parser.add_argument("--tiles", type=int, default=2, help="tiles per core")
    args = parser.parse_args()
    config.set_platform(config.Backend(args.run_mode), config.Platform(args.soc_version))
    core_num = rt.device_info(DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CORE_NUM)
    dtype = getattr(torch, args.dtype)
    block_length = args.tiles * TILE
    x = torch.rand(core_num * block_length, dtype=dtype)
    y = torch.rand(core_num * block_length, dtype=dtype)
    z = torch.zeros_like(x)
    tiled_add[core_num, rt.current_stream()](x, y, z, block_length, args.tiles)
    rt.synchronize()
    ok = torch.allclose(z, x + y, rtol=1e-3, atol=1e-3)
    print(f"tiled_add {args.dtype}: {x.numel()} elements on {core_num} cores of {rt.get_soc_version().value}: "
          f"{'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
