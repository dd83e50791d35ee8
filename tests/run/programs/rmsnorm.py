"""RMS normalization in the style of CANN's current examples: y = x / sqrt(mean(x * x) + eps) * gamma, one row
of `hidden` values at a time, rows spread over the vector cores `rt.device_info` reports.

    pyasc run rmsnorm.py -r Model [-v Ascend910B1] [--rows-per-core 2] [--hidden 256] [--eps 1e-6]
"""

import argparse
import sys

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import torch
from asc.lib.runtime.support import DeviceInfoType, DeviceModuleType


@asc.jit
def rmsnorm(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress, rows_per_core: int,
            hidden: asc.ConstExpr[int], eps: float):
    offset = asc.get_block_idx() * rows_per_core * hidden
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    gamma_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_core * hidden)
    y_gm.set_global_buffer(y + offset, rows_per_core * hidden)
    gamma_gm.set_global_buffer(gamma, hidden)

    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 2)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 2)
    gamma_queue = asc.TQue(asc.TPosition.VECIN, 1)
    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_queue, 2, hidden * x.dtype.sizeof())
    pipe.init_buffer(out_queue, 2, hidden * y.dtype.sizeof())
    pipe.init_buffer(gamma_queue, 1, hidden * gamma.dtype.sizeof())
    pipe.init_buffer(calc_buf, 2 * hidden * x.dtype.sizeof())

    g = gamma_queue.alloc_tensor(gamma.dtype)
    asc.data_copy(g, gamma_gm, hidden)
    gamma_queue.enque(g)
    g = gamma_queue.deque(gamma.dtype)

    for row in range(rows_per_core):
        x_local = in_queue.alloc_tensor(x.dtype)
        asc.data_copy(x_local, x_gm[row * hidden:], hidden)
        in_queue.enque(x_local)
        x_local = in_queue.deque(x.dtype)

        calc = calc_buf.get(x.dtype)
        y_local = out_queue.alloc_tensor(y.dtype)
        asc.mul(calc[hidden:], x_local, x_local, hidden)
        asc.reduce_sum(calc, calc[hidden:], calc[hidden:], hidden)
        mean_square = calc.get_value(0) / hidden
        asc.duplicate(calc, mean_square + eps, hidden)
        asc.sqrt(calc, calc, hidden)
        asc.div(y_local, x_local, calc, hidden)
        asc.mul(y_local, y_local, g, hidden)
        in_queue.free_tensor(x_local)

        out_queue.enque(y_local)
        y_local = out_queue.deque(y.dtype)
        asc.data_copy(y_gm[row * hidden:], y_local, hidden)
        out_queue.free_tensor(y_local)
    gamma_queue.free_tensor(g)


def main() -> int:
    parser = argparse.ArgumentParser(description="RMS norm")
    parser.add_argument("-r", "--run-mode", default="Model", choices=["Model", "NPU"])
    parser.add_argument("-v", "--soc-version", default="Ascend910B1")
    parser.add_argument("--rows-per-core", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--eps", type=float, default=1e-6)
    args = parser.parse_args()
    config.set_platform(config.Backend(args.run_mode), config.Platform(args.soc_version))
    core_num = rt.device_info(DeviceModuleType.RT_MODULE_TYPE_VECTOR_CORE, DeviceInfoType.INFO_TYPE_CORE_NUM)
    rows = core_num * args.rows_per_core
    x = torch.randn(rows, args.hidden, dtype=torch.float32)
    gamma = torch.rand(args.hidden, dtype=torch.float32) + 0.5
    y = torch.empty_like(x)
    rmsnorm[core_num, rt.current_stream()](x, gamma, y, args.rows_per_core, args.hidden, args.eps)
    rt.synchronize()
    expected = x * torch.rsqrt(x.pow(2).mean(dim=-1, keepdim=True) + args.eps) * gamma
    ok = torch.allclose(y, expected, rtol=1e-4, atol=1e-5)
    print(f"rmsnorm: {rows} rows x {args.hidden} on {core_num} vector cores: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
