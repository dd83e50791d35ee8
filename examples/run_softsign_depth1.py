"""Run examples/softsign_depth1.py on the simulator and compare with numpy.

    python examples/run_softsign_depth1.py [--cores 8] [--length 16384] [--profile]
    pyasc run --explain-perf examples/run_softsign_depth1.py      (what bounds its loop, and why)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from softsign_depth1 import softsign_depth1  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=8)
    ap.add_argument("--length", type=int, default=16384, help="elements per core (a multiple of 1024)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    n = args.cores * args.length
    x = np.random.default_rng(0).standard_normal(n).astype(np.float32)
    y = np.zeros_like(x)
    report = softsign_depth1[args.cores](x, y, args.length, profile=args.profile)
    ok = bool(np.allclose(y, x / (1 + np.abs(x)), rtol=1e-6))
    print(f"softsign_depth1[{args.cores}] on {n} float32: {'matches numpy' if ok else 'MISMATCH'}; {report}")
    return 0 if ok and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
