"""Run examples/linear_bias.py on the simulator: y = x @ w.T + b with a host tiling from pyasc.host.

    python examples/run_linear_bias.py [--m 200] [--k 96] [--n 320] [--cores 8] [--profile]

The default shape leaves partial blocks on the bottom and right edges of y, which set_tail handles.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

import pyasc as asc
from pyasc import host

sys.path.insert(0, str(Path(__file__).resolve().parent))

from linear_bias import linear  # noqa: E402


def tiling_for(m: int, n: int, k: int, cores: int) -> asc.adv.TCubeTiling:
    """The Matmul tiling of y[m, n] = x[m, k] @ w[n, k].T + b[n], over at most `cores` cube cores."""
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform("Ascend910B1"))
    api.set_dim(cores)
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_shape(m, n, k)
    api.enable_bias(True)
    tiling = asc.adv.TCubeTiling()
    if api.get_tiling(tiling) != 0:
        raise SystemExit(f"no tiling for {m} x {n} x {k}: {api.problems()}")
    return tiling


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--m", type=int, default=200)
    ap.add_argument("--k", type=int, default=96)
    ap.add_argument("--n", type=int, default=320)
    ap.add_argument("--cores", type=int, default=8)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (args.m, args.k)).astype(np.float16)
    w = rng.uniform(-1, 1, (args.n, args.k)).astype(np.float16)
    b = rng.uniform(-1, 1, args.n).astype(np.float32)
    y = np.zeros((args.m, args.n), np.float32)
    tiling = tiling_for(args.m, args.n, args.k, args.cores)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    report = linear[tiling.used_core_num](x, w, y, b, tiling, workspace, profile=args.profile)
    want = x.astype(np.float32) @ w.astype(np.float32).T + b
    ok = bool(np.allclose(y, want, rtol=1e-4, atol=1e-4))
    base = f"{tiling.base_m} x {tiling.base_n} x {tiling.base_k}"
    print(f"linear {args.m} x {args.k} -> {args.n} on {tiling.used_core_num} cores (blocks of "
          f"{tiling.single_core_m} x {tiling.single_core_n}, base {base}): "
          f"{'matches numpy' if ok else 'MISMATCH'}; {report}")
    return 0 if ok and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
