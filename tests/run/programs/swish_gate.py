"""A SwiGLU-style gate in the style of CANN's current examples: out = silu(gate) * up, with silu(g) = g / (1 +
exp(-g)), computed from basic vector instructions in a TBuf; the core count comes from `rt.device_info`.

    pyasc run swish_gate.py -r Model [-v Ascend910B1] [--rows-per-core 2] [--width 512]
"""

import argparse
import sys

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import torch
from asc.lib.runtime.support import DeviceInfoType, DeviceModuleType


@asc.jit
def swish_gate(gate: asc.GlobalAddress, up: asc.GlobalAddress, out: asc.GlobalAddress, rows_per_core: int,
               width: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * rows_per_core * width
    gate_gm = asc.GlobalTensor()
    up_gm = asc.GlobalTensor()
    out_gm = asc.GlobalTensor()
    gate_gm.set_global_buffer(gate + offset, rows_per_core * width)
    up_gm.set_global_buffer(up + offset, rows_per_core * width)
    out_gm.set_global_buffer(out + offset, rows_per_core * width)

    pipe = asc.TPipe()
    gate_in = asc.TQue(asc.TPosition.VECIN, 2)
    up_in = asc.TQue(asc.TPosition.VECIN, 2)
    result = asc.TQue(asc.TPosition.VECOUT, 2)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(gate_in, 2, width * gate.dtype.sizeof())
    pipe.init_buffer(up_in, 2, width * up.dtype.sizeof())
    pipe.init_buffer(result, 2, width * out.dtype.sizeof())
    pipe.init_buffer(scratch, width * gate.dtype.sizeof())

    for row in range(rows_per_core):
        g = gate_in.alloc_tensor(gate.dtype)
        u = up_in.alloc_tensor(up.dtype)
        asc.data_copy(g, gate_gm[row * width:], width)
        asc.data_copy(u, up_gm[row * width:], width)
        gate_in.enque(g)
        up_in.enque(u)
        g = gate_in.deque(gate.dtype)
        u = up_in.deque(up.dtype)

        s = scratch.get(gate.dtype)
        o = result.alloc_tensor(out.dtype)
        asc.muls(s, g, -1.0, width)
        asc.exp(s, s, width)
        asc.adds(s, s, 1.0, width)
        asc.div(s, g, s, width)
        asc.mul(o, s, u, width)
        gate_in.free_tensor(g)
        up_in.free_tensor(u)

        result.enque(o)
        o = result.deque(out.dtype)
        asc.data_copy(out_gm[row * width:], o, width)
        result.free_tensor(o)


def main() -> int:
    parser = argparse.ArgumentParser(description="swish gate")
    parser.add_argument("-r", "--run-mode", default="Model", choices=["Model", "NPU"])
    parser.add_argument("-v", "--soc-version", default="Ascend910B1")
    parser.add_argument("--rows-per-core", type=int, default=2)
    parser.add_argument("--width", type=int, default=512)
    args = parser.parse_args()
    config.set_platform(config.Backend(args.run_mode), config.Platform(args.soc_version))
    core_num = rt.device_info(DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CORE_NUM)
    rows = core_num * args.rows_per_core
    gate = torch.randn(rows, args.width, dtype=torch.float32)
    up = torch.randn(rows, args.width, dtype=torch.float32)
    out = torch.zeros_like(gate)
    swish_gate[core_num, rt.current_stream()](gate, up, out, args.rows_per_core, args.width)
    rt.synchronize()
    ok = torch.allclose(out, torch.nn.functional.silu(gate) * up, rtol=1e-4, atol=1e-5)
    print(f"swish_gate: {rows} rows x {args.width} on {core_num} cores: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
