"""Compile speed: full analysis (front end, checks, C++ and source map) per kernel, against the floor of
`ast.parse` + `compile` of the same file, measured in the same run.

Each figure is the median over `--repeat` runs, as wall time and as the CPU time of the process (which other jobs on a
shared machine distort much less).  With `--baseline DIR` (an earlier checkout, e.g. `git archive <commit> | tar -x
-C /tmp/old`) this checkout and DIR are measured in fresh child processes taking turns, `--rounds` times each, on the
same generated file, and each cell is the median of the rounds.

    python bench/compile_speed.py [--kernels 10] [--repeat 20] [--baseline DIR] [--rounds 6]
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
sys.path.insert(0, str(HERE))

from checkouts import alternate  # noqa: E402
from gen_kernels import source  # noqa: E402

MEASURES = [
    ("floor", "floor: ast.parse + compile"),
    ("full", "pyasc full analysis (no cache)"),
    ("per_kernel", "pyasc per kernel (no cache)"),
    ("incremental", "pyasc after editing one kernel (cached)"),
]


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median wall and median CPU time of `repeat` calls, ms."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def measure(kernels: int, repeat: int) -> dict[str, tuple[float, float]]:
    """The figures of the pyasc first on sys.path, in this process."""
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

    text = source(kernels)
    analyze(text, "warmup.py")
    floor = timed(lambda: compile(ast.parse(text), "bench.py", "exec"), repeat)
    full = timed(lambda: analyze(text, "bench.py"), repeat)
    cache = AnalysisCache()
    analyze(text, "bench.py", cache=cache)
    it = iter([source(kernels, edit=i % kernels) for i in range(repeat)])
    incremental = timed(lambda: analyze(next(it), "bench.py", cache=cache), repeat)
    return {"floor": floor, "full": full, "per_kernel": (full[0] / kernels, full[1] / kernels),
            "incremental": incremental}


def in_child(tree: Path, kernels: int, repeat: int) -> dict[str, tuple[float, float]]:
    """`measure` in a fresh interpreter that imports the pyasc of `tree`."""
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--json", "--tree", str(tree),
                          "--kernels", str(kernels), "--repeat", str(repeat)],
                         capture_output=True, text=True, check=True, cwd=str(tree))
    return {k: tuple(v) for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items()}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--kernels", type=int, default=10)
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--baseline", type=Path, default=None, help="an earlier checkout measured in turn with this one")
    p.add_argument("--rounds", type=int, default=6, help="turns of each checkout with --baseline")
    p.add_argument("--tree", type=Path, default=None, help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.json:  # a child of a --baseline run
        sys.path.insert(0, str(args.tree.resolve()))
        print(json.dumps(measure(args.kernels, args.repeat)))
        return
    lines = source(args.kernels).count("\n") + 1
    print(f"file: {lines} lines, {args.kernels} kernels; medians of {args.repeat} runs")
    if args.baseline is None:
        sys.path.insert(0, str(CHECKOUT))
        figures = measure(args.kernels, args.repeat)
        floor = figures["floor"][1]
        print(f"{'measure':<44}{'wall ms':>10}{'CPU ms':>10}{'x floor':>10}")
        for key, label in MEASURES:
            wall, cpu = figures[key]
            ratio = "" if key == "per_kernel" else f"{cpu / floor:.1f}"
            print(f"{label:<44}{wall:>10.2f}{cpu:>10.2f}{ratio:>10}")
        print("target: full analysis within 10x of the floor (CPU times)")
        return
    trees = {"this checkout": CHECKOUT, "baseline": args.baseline.resolve()}
    runs = alternate(trees, args.rounds, lambda tree: in_child(tree, args.kernels, args.repeat))

    def cell(name: str, key: str, which: int) -> float:
        return statistics.median(r[key][which] for r in runs[name])

    print(f"baseline: {trees['baseline']}; {args.rounds} rounds in turn, each cell the median of the rounds")
    print("| measure | this checkout wall / CPU ms | baseline wall / CPU ms | CPU this / baseline |")
    print("|---|---|---|---|")
    for key, label in MEASURES:
        ours = (cell("this checkout", key, 0), cell("this checkout", key, 1))
        base = (cell("baseline", key, 0), cell("baseline", key, 1))
        print(f"| {label} | {ours[0]:.2f} / {ours[1]:.2f} | {base[0]:.2f} / {base[1]:.2f} | "
              f"{ours[1] / base[1]:.2f}x |")


if __name__ == "__main__":
    main()
