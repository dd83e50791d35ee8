"""Run examples/add_custom.py on the simulator: once with `kernel[cores](...)`, once through the host API
(Tensor, Kernel, Stream), and compare with numpy.

    python examples/run_add_custom.py [--cores 8] [--length 2048] [--profile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from add_custom import add_custom  # noqa: E402

import pyasc as asc  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cores", type=int, default=8)
    ap.add_argument("--length", type=int, default=2048, help="elements per core (a multiple of 128)")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    n = args.cores * args.length
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    z = np.zeros_like(x)
    report = add_custom[args.cores](x, y, z, args.length, profile=args.profile)
    ok = np.array_equal(z, x + y)
    print(f"add_custom[{args.cores}] on {n} float16: {'matches numpy' if ok else 'MISMATCH'}; {report}")

    a, b = asc.from_numpy(x), asc.from_numpy(y)
    c = asc.Tensor([n], dtype=asc.float16)
    stream = asc.Stream()
    kernel = asc.Kernel(add_custom)
    kernel.set_tiling([args.cores, args.length])
    kernel.set_input(0, a)
    kernel.set_input(1, b)
    kernel.set_output(0, c)
    stream.launch(kernel)
    stream.synchronize()
    ok2 = np.array_equal(asc.to_numpy(c), x + y)
    print(f"host API launch: {'matches numpy' if ok2 else 'MISMATCH'}")
    return 0 if ok and ok2 and not report.errors else 1


if __name__ == "__main__":
    sys.exit(main())
