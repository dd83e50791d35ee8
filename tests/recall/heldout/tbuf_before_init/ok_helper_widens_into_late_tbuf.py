"""A jit helper takes a TBuf and returns its float32 view of a float16 tensor; it is called for x and for y,
but tmp_y's init_buffer was placed after the conversions, so the helper's get for y finds no memory; the twin
initialises both TBufs first."""

import asc
import numpy as np

N = 128


@asc.jit
def to_float(buf: asc.TBuf, src: asc.LocalTensor) -> asc.LocalTensor:
    wide = buf.get(asc.float32)
    asc.cast(wide, src, asc.RoundMode.CAST_NONE, N)
    return wide


@asc.jit
def widen_add_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp_x = asc.TBuf(asc.TPosition.VECCALC)
    tmp_y = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qx, 1, N * 2)
    pipe.init_buffer(qy, 1, N * 2)
    pipe.init_buffer(qz, 1, N * 4)
    pipe.init_buffer(tmp_x, N * 4)
    pipe.init_buffer(tmp_y, N * 4)
    a = qx.alloc_tensor(asc.float16)
    b = qy.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    qx.enque(a)
    qy.enque(b)
    a = qx.deque(asc.float16)
    b = qy.deque(asc.float16)
    fx = to_float(tmp_x, a)
    fy = to_float(tmp_y, b)
    c = qz.alloc_tensor(asc.float32)
    asc.add(c, fx, fy, N)
    qz.enque(c)
    qx.free_tensor(a)
    qy.free_tensor(b)
    c = qz.deque(asc.float32)
    asc.data_copy(z_gm, c, N)
    qz.free_tensor(c)


def launch():
    x = np.arange(N, dtype=np.float16)
    y = np.full(N, 0.5, np.float16)
    z = np.zeros(N, np.float32)
    widen_add_kernel[1](x, y, z)
    return z, x.astype(np.float32) + y.astype(np.float32)


if __name__ == "__main__":
    out, ref = launch()
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    print("matches numpy" if np.allclose(out, ref, rtol=tol, atol=tol) else "differs from numpy")
