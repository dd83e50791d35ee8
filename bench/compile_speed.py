"""Compile speed: full analysis (front end, checks, C++ and source map) per kernel, against the floor of
`ast.parse` + `compile` of the same file, measured in the same run.

    python bench/compile_speed.py [--kernels 10] [--repeat 20]
"""

from __future__ import annotations

import argparse
import ast
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_kernels import source  # noqa: E402

from pyasc.compiler.analysis import AnalysisCache, analyze  # noqa: E402


def timed(fn, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--kernels", type=int, default=10)
    p.add_argument("--repeat", type=int, default=20)
    args = p.parse_args()
    text = source(args.kernels)
    lines = text.count("\n") + 1
    analyze(text, "warmup.py")
    floor = timed(lambda: compile(ast.parse(text), "bench.py", "exec"), args.repeat)
    full = timed(lambda: analyze(text, "bench.py"), args.repeat)
    cache = AnalysisCache()
    analyze(text, "bench.py", cache=cache)
    edits = [source(args.kernels, edit=i % args.kernels) for i in range(args.repeat)]
    it = iter(edits)
    incremental = timed(lambda: analyze(next(it), "bench.py", cache=cache), args.repeat)
    print(f"file: {lines} lines, {args.kernels} kernels")
    print(f"{'measure':<44}{'ms':>10}{'x floor':>10}")
    print(f"{'floor: ast.parse + compile':<44}{floor:>10.2f}{1:>10.1f}")
    print(f"{'pyasc full analysis (no cache)':<44}{full:>10.2f}{full / floor:>10.1f}")
    print(f"{'pyasc per kernel (no cache)':<44}{full / args.kernels:>10.2f}{'':>10}")
    print(f"{'pyasc after editing one kernel (cached)':<44}{incremental:>10.2f}{incremental / floor:>10.1f}")
    print("target: full analysis within 10x of the floor")


if __name__ == "__main__":
    main()
