"""Run examples/vec_add_sync.py (manual synchronization, auto_sync=False) on the simulator; the sanitizer checks
that its flags order every pipe hand-over.

    python examples/run_vec_add_sync.py [--cores 8] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from vec_add_sync import BLOCK_LENGTH, vec_add_sync  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=8)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    n = args.cores * BLOCK_LENGTH
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros_like(x)
    report = vec_add_sync[args.cores](x, y, z, profile=args.profile)
    ok = np.array_equal(z, x + y)
    print(f"vec_add_sync[{args.cores}] on {n} float32: {'matches numpy' if ok else 'MISMATCH'}; {report}")
    return 0 if ok and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
