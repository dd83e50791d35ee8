"""Run examples/softmax.py on the simulator and compare with numpy.

    python examples/run_softmax.py [--cores 4] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from softmax import COLS, ROWS_PER_CORE, softmax  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=4)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    rows = args.cores * ROWS_PER_CORE
    x = np.random.default_rng(0).standard_normal((rows, COLS)).astype(np.float32)
    y = np.zeros_like(x)
    report = softmax[args.cores](x, y, profile=args.profile)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    err = float(np.abs(y - e / e.sum(axis=1, keepdims=True)).max())
    print(f"softmax on {rows}x{COLS}: max abs error {err:.2e}; {report}")
    return 0 if err < 1e-6 and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
