"""Run examples/fused_layernorm.py on the simulator and compare with numpy (eps bound by name with set_attr).

    python examples/run_fused_layernorm.py [--cores 4] [--profile]
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fused_layernorm import HIDDEN, ROWS_PER_CORE, fused_layernorm  # noqa: E402

import pyasc as asc  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=4)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    rows = args.cores * ROWS_PER_CORE
    rng = np.random.default_rng(0)
    x = rng.standard_normal((rows, HIDDEN)).astype(np.float32)
    gamma = rng.standard_normal(HIDDEN).astype(np.float32)
    beta = rng.standard_normal(HIDDEN).astype(np.float32)
    eps = 1e-5
    y = asc.Tensor([rows, HIDDEN], dtype=asc.float32)
    kernel = asc.Kernel(fused_layernorm)
    kernel.set_tiling([args.cores])
    kernel.set_input(0, asc.from_numpy(x))
    kernel.set_input(1, asc.from_numpy(gamma))
    kernel.set_input(2, asc.from_numpy(beta))
    kernel.set_output(0, y)
    kernel.set_attr("eps", eps)
    stream = asc.Stream()
    # a profile is collected only when asked for: profiled launches run the cores one by one, to count per core
    with asc.profile() if args.profile else contextlib.nullcontext():
        report = stream.launch(kernel)
    stream.synchronize()
    mean = x.mean(axis=1, keepdims=True)
    want = (x - mean) / np.sqrt(x.var(axis=1, keepdims=True) + eps) * gamma + beta
    err = float(np.abs(asc.to_numpy(y) - want).max())
    print(f"fused_layernorm on {rows}x{HIDDEN}: max abs error {err:.2e}; {report}")
    return 0 if err < 1e-4 and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
