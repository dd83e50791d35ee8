"""Run examples/mixed_precision.py on the simulator: float16 in and out, float32 inside, CAST_ROUND at the end.

    python examples/run_mixed_precision.py [--cores 4] [--length 2048] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mixed_precision import scaled_add_fp16  # noqa: E402


def _round_half_away(x: np.ndarray) -> np.ndarray:
    """float32 -> float16 rounding to nearest, ties away from zero (CAST_ROUND), via the two neighbours."""
    near = x.astype(np.float16)
    lo = np.where(near.astype(np.float32) > x, np.nextafter(near, np.float16(-np.inf)), near)
    hi = np.where(near.astype(np.float32) < x, np.nextafter(near, np.float16(np.inf)), near)
    dlo = x.astype(np.float64) - lo.astype(np.float64)
    dhi = hi.astype(np.float64) - x.astype(np.float64)
    return np.where(dlo < dhi, lo, np.where(dhi < dlo, hi, np.where(x > 0, hi, lo)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=4)
    ap.add_argument("--length", type=int, default=2048, help="elements per core (a multiple of 512)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    n = args.cores * args.length
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    z = np.zeros_like(x)
    scale = 0.75
    report = scaled_add_fp16[args.cores](x, y, z, args.length, scale, profile=args.profile)
    wide = x.astype(np.float32) * np.float32(scale) + y.astype(np.float32)
    ok = np.array_equal(z, _round_half_away(wide))
    print(f"scaled_add_fp16 on {n} float16: {'matches the float32 reference rounded once' if ok else 'MISMATCH'}; "
          f"{report}")
    return 0 if ok and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
