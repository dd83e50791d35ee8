"""The article's NumPy example, as printed (its comments left out), after the import of the kernel it launches.

    python examples/seed/article_numpy.py     (or: pyasc run examples/seed/article_numpy.py)
"""

import vec_add_kernel  # noqa: F401 - defines the @asc.jit kernel that Kernel("vec_add_kernel") finds

# --- the article's code, unchanged -----------------------------------------------------------------------------------
import numpy as np
import pyasc
from pyasc import Tensor, from_numpy, to_numpy

np.random.seed(42)
a_np = np.random.randn(1024, 1024).astype(np.float32)
b_np = np.random.randn(1024, 1024).astype(np.float32)

a = from_numpy(a_np)
b = from_numpy(b_np)
c = Tensor([1024, 1024], dtype=pyasc.float32)

def vec_add(a, b, c, length):
    stream = pyasc.Stream()
    kernel = pyasc.Kernel("vec_add_kernel")
    tiling = [32, 1, 1, length // 32]
    kernel.set_tiling(tiling)
    kernel.set_input(0, a)
    kernel.set_input(1, b)
    kernel.set_output(0, c)
    kernel.set_workspace(0, 0)
    stream.launch(kernel)
    stream.synchronize()

vec_add(a, b, c, 1024 * 1024)

c_np = to_numpy(c)
expected = a_np + b_np
assert np.allclose(c_np, expected, rtol=1e-5), "Result mismatch"
# --- end of the article's code ---------------------------------------------------------------------------------------
print("article_numpy: vec_add of 1024 x 1024 float32 matches numpy")
