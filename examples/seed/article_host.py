"""The article's host functions `vec_add`, `fused_layernorm` and `debug_vec_add`, as printed (their comments left
out), driven with data and checked against numpy.

    python examples/seed/article_host.py      (or: pyasc run examples/seed/article_host.py)
"""

import sys

import fused_layernorm_kernel  # noqa: F401 - defines Kernel("fused_layernorm_kernel")
import numpy as np
import vec_add_kernel  # noqa: F401 - defines Kernel("vec_add_kernel")

# --- the article's code, unchanged -----------------------------------------------------------------------------------
import pyasc
from pyasc import Tensor, Stream, Kernel, LOG_LEVEL


def vec_add(a: Tensor, b: Tensor, c: Tensor, length: int):
    stream = Stream()
    kernel = Kernel("vec_add_kernel")

    tiling = [32, 1, 1, length // 32]

    kernel.set_tiling(tiling)
    kernel.set_input(0, a)
    kernel.set_input(1, b)
    kernel.set_output(0, c)
    kernel.set_workspace(0, 0)

    stream.launch(kernel)
    stream.synchronize()


def fused_layernorm(x: Tensor, gamma: Tensor, beta: Tensor, y: Tensor,
                    eps: float, dim_size: int):
    stream = Stream()
    kernel = Kernel("fused_layernorm_kernel")

    tiling = [32, 1, dim_size, 1]

    kernel.set_tiling(tiling)
    kernel.set_input(0, x)
    kernel.set_input(1, gamma)
    kernel.set_input(2, beta)
    kernel.set_output(0, y)
    kernel.set_attr("eps", eps)

    stream.launch(kernel)
    stream.synchronize()


def debug_vec_add(a: Tensor, b: Tensor, c: Tensor, length: int):
    pyasc.set_log_level(LOG_LEVEL.DEBUG)

    stream = Stream()
    kernel = Kernel("vec_add_kernel")

    block_dim = 32
    tile_size = (length + block_dim - 1) // block_dim
    tiling = [block_dim, 1, 1, tile_size]

    kernel.set_tiling(tiling)
    kernel.set_input(0, a)
    kernel.set_input(1, b)
    kernel.set_output(0, c)
    kernel.set_workspace(0, 0)

    stream.launch(kernel)
    stream.synchronize()
# --- end of the article's code ---------------------------------------------------------------------------------------


def main() -> int:
    rng = np.random.default_rng(0)
    length = 32 * 2048
    a_np = rng.standard_normal(length).astype(np.float32)
    b_np = rng.standard_normal(length).astype(np.float32)
    c = Tensor([length], dtype=pyasc.float32)
    vec_add(pyasc.from_numpy(a_np), pyasc.from_numpy(b_np), c, length)
    ok_add = np.array_equal(pyasc.to_numpy(c), a_np + b_np)

    dim_size, eps = 512, 1e-5
    x_np = rng.standard_normal((32, dim_size)).astype(np.float32)
    g_np = rng.standard_normal(dim_size).astype(np.float32)
    b2_np = rng.standard_normal(dim_size).astype(np.float32)
    y = Tensor([32, dim_size], dtype=pyasc.float32)
    fused_layernorm(pyasc.from_numpy(x_np), pyasc.from_numpy(g_np), pyasc.from_numpy(b2_np), y, eps, dim_size)
    mean = x_np.mean(axis=1, keepdims=True)
    want = (x_np - mean) / np.sqrt(x_np.var(axis=1, keepdims=True) + eps) * g_np + b2_np
    err = float(np.abs(pyasc.to_numpy(y) - want).max())

    c2 = Tensor([length], dtype=pyasc.float32)
    debug_vec_add(pyasc.from_numpy(a_np), pyasc.from_numpy(b_np), c2, length)
    ok_debug = np.array_equal(pyasc.to_numpy(c2), a_np + b_np)
    print(f"vec_add: {'matches numpy' if ok_add else 'MISMATCH'}; fused_layernorm: max abs error {err:.1e}; "
          f"debug_vec_add: {'matches numpy' if ok_debug else 'MISMATCH'}")
    return 0 if ok_add and ok_debug and err < 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
