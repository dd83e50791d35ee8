"""Language: what the tracer decides in Python: `is None` / `is not None`, isinstance() of compile-time values,
run-time scalars and tensors, string comparisons of a mode, len() of a range."""

import asc
import numpy as np

MODE = "relu"


@asc.jit
def kernel(x: asc.GlobalAddress, n: int, bias: asc.ConstExpr[float]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    lanes = len(range(0, 256, 4))
    asc.data_copy(t, x_gm, lanes)
    scale = None
    if scale is not None:
        asc.muls(t, t, 2.0, lanes)
    if isinstance(bias, float):
        asc.adds(t, t, bias, lanes)
    if isinstance(n, int):
        asc.adds(t, t, 100.0, lanes)
    if isinstance(t, asc.LocalTensor):
        asc.abs(t, t, lanes)
    if MODE == "relu":
        asc.relu(t, t, lanes)
    elif MODE != "exp":
        asc.exp(t, t, lanes)
    asc.data_copy(x_gm, t, lanes)


def launch():
    kernel[1](np.zeros(1024, np.float32), 4, 0.5)
