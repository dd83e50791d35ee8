"""The quantized adv.Matmul: set_quant_scalar / set_quant_vector convert C on its way out of L0C.

As Ascend C's Matmul chooses the fixpipe conversion from the L0C type (int32 for int8 A and B, float32 otherwise)
and C's type: int32 -> half is DEQF16 (per column VDEQF16), int32 -> int8/uint8 REQ8 (VREQ8), float32 ->
int8/uint8 QF322B8_PRE (VQF322B8_PRE).  The scalar is one QUANT_PRE word for the whole C; the vector a uint64
GlobalTensor of one word per column of the single-core C.  The conversions are the fixpipe's
(pyasc.sim.api.fractal._quantize).  Other type pairs are no quantization scenario: Ascend C leaves the mode NoQuant and
the setting has no effect.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._vec import cur
from .fractal import quantize

_MODES = {("int32", "float16"): "DEQF16", ("int32", "int8"): "REQ8", ("int32", "uint8"): "REQ8",
          ("float32", "int8"): "QF322B8_PRE", ("float32", "uint8"): "QF322B8_PRE"}


def _dtype(mm: Any, operand: str) -> str:
    dt = getattr(getattr(mm, operand, None), "dtype", None)
    return str(getattr(dt, "name", dt or ""))


def _l0c(mm: Any) -> str:
    return "int32" if _dtype(mm, "a") in ("int8", "int4") else "float32"


def set_quant(mm: Any, st: dict[str, Any], kind: str, value: Any) -> None:
    """Record the quantization (scalar word or GM vector) the next computations of `mm` apply."""
    core = cur()
    core.scalar_tick()
    pair = (_l0c(mm), _dtype(mm, "c"))
    st["quant"] = (kind, value) if pair in _MODES else None
    if pair not in _MODES:
        core.report("bad-call", f"Matmul.set_quant_{kind} has no effect: {_dtype(mm, 'a')} inputs ({pair[0]} in L0C) "
                    f"into a {pair[1]} C are no quantization scenario (int8 inputs into half, int8 or uint8; "
                    "half or bfloat16 inputs into int8 or uint8), so C is written unconverted", severity="warning")


def convert(core: Any, mm: Any, st: dict[str, Any], c: np.ndarray, col0: int, read_pipe: int,
            what: str) -> np.ndarray | None:
    """The block c (float, columns [col0, + its width) of the single-core C) as C's type after the quantization,
    or c itself when none is set; None after a reported error."""
    q = st.get("quant")
    if q is None:
        return c
    kind, value = q
    src, dst = _l0c(mm), _dtype(mm, "c")
    mode = _MODES[(src, dst)]
    cols = c.shape[1]
    if kind == "vector":
        mode = "V" + mode
        if not core.access(read_pipe, ((value, col0, col0 + cols),), (), f"{what} (quant_vector)"):
            return None
        words: Any = value.view(col0, col0 + cols).view(np.uint64)[None, :]
    else:
        words = int(value) & 0xFFFFFFFFFFFFFFFF
    vals = np.rint(c).astype(np.int64).astype(np.int32) if src == "int32" else c.astype(np.float32)
    return quantize(core, vals, src, dst, mode, False, words, what)
