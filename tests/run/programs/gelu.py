"""GELU (its sigmoid approximation, y = x * sigmoid(1.702 * x)) in the style of CANN's current examples, with
LocalTensorAuto tensors and the synchronization CANN's compiler inserts (`insert_sync=True`); torch checks it.

    pyasc run gelu.py -r Model [-v Ascend910B1] [--dtype float32] [--tiles 2]
"""

import argparse
import sys

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import torch
from asc.lib.runtime.support import DeviceInfoType, DeviceModuleType

ALPHA = 1.702


@asc.jit(insert_sync=True)
def gelu(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int, tile: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    for i in range(block_length // tile):
        a = asc.LocalTensorAuto(x.dtype, tile)
        t = asc.LocalTensorAuto(x.dtype, tile)
        b = asc.LocalTensorAuto(y.dtype, tile)
        asc.data_copy(a, x_gm[i * tile:], count=tile)
        asc.muls(t, a, -ALPHA, tile)
        asc.exp(t, t, tile)
        asc.adds(t, t, 1.0, tile)
        asc.div(b, a, t, tile)
        asc.data_copy(y_gm[i * tile:], b, count=tile)


def main() -> int:
    parser = argparse.ArgumentParser(description="GELU")
    parser.add_argument("-r", "--run-mode", default="Model", choices=["Model", "NPU"])
    parser.add_argument("-v", "--soc-version", default="Ascend910B1")
    parser.add_argument("--dtype", default="float32", choices=["float16", "float32"])
    parser.add_argument("--tiles", type=int, default=2)
    parser.add_argument("--tile", type=int, default=1024)
    args = parser.parse_args()
    config.set_platform(config.Backend(args.run_mode), config.Platform(args.soc_version))
    core_num = rt.device_info(DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CORE_NUM)
    dtype = getattr(torch, args.dtype)
    block_length = args.tiles * args.tile
    x = (torch.rand(core_num * block_length, dtype=torch.float32) * 8 - 4).to(dtype)
    y = torch.zeros_like(x)
    gelu[core_num, rt.current_stream()](x, y, block_length, args.tile)
    rt.synchronize()
    expected = (x.float() * torch.sigmoid(ALPHA * x.float())).to(dtype)
    tolerance = 1e-2 if dtype == torch.float16 else 1e-5
    ok = torch.allclose(y.float(), expected.float(), rtol=tolerance, atol=tolerance)
    print(f"gelu {args.dtype}: {x.numel()} elements on {core_num} cores: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
