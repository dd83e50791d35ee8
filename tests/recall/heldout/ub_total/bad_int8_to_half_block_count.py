"""int8 input widened to float16 with block counts (asc.ConstExpr) from the launch: the per-block tile is
TOTAL // blocks, and with 2 blocks its queues (int8 in x2, float16 scratch, float16 out x2) need 256 KiB per
core, past the Unified Buffer; the twin launches 4 blocks."""

import asc
import numpy as np

TOTAL = 65536


@asc.jit
def widen_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, blocks: asc.ConstExpr[int]) -> None:
    tile = TOTAL // blocks
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * tile, tile)
    z_gm.set_global_buffer(z + asc.get_block_idx() * tile, tile)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 2)
    q_out = asc.TQue(asc.TPosition.VECOUT, 2)
    half_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 2, tile)
    pipe.init_buffer(half_buf, tile * 2)
    pipe.init_buffer(q_out, 2, tile * 2)  # expect: ub_total
    a = q_in.alloc_tensor(asc.int8)
    asc.data_copy(a, x_gm, tile)
    q_in.enque(a)
    a = q_in.deque(asc.int8)
    h = half_buf.get(asc.float16)
    asc.cast(h, a, asc.RoundMode.CAST_NONE, tile)
    b = q_out.alloc_tensor(asc.float16)
    asc.adds(b, h, 1.0, tile)
    q_out.enque(b)
    q_in.free_tensor(a)
    b = q_out.deque(asc.float16)
    asc.data_copy(z_gm, b, tile)
    q_out.free_tensor(b)


def launch():
    x = (np.arange(TOTAL) % 100 - 50).astype(np.int8)
    z = np.zeros(TOTAL, np.float16)
    widen_kernel[2](x, z, 2)
    return z, x.astype(np.float16) + np.float16(1)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
