"""Four cores each scale their BLOCK float16 in a loop of tiles through a TBuf whose get() comes before
init_buffer; the twin calls init_buffer first."""

import asc
import numpy as np

BLOCK = 512
TILE = 128
CORES = 4


@asc.jit
def scale_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    offset = asc.get_block_idx() * BLOCK
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, BLOCK)
    z_gm.set_global_buffer(z + offset, BLOCK)
    pipe = asc.TPipe()
    work = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(work, TILE * 2)
    t = work.get(asc.float16)
    for i in range(BLOCK // TILE):
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, 4.0, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], t, TILE)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def launch():
    x = np.linspace(-1, 1, BLOCK * CORES).astype(np.float16)
    z = np.zeros_like(x)
    scale_kernel[CORES](x, z)
    return z, x * np.float16(4)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
