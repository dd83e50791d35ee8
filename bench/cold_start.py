"""The language server's cold start, in CPU time: what pyasc adds between process start and the first diagnostics.

Each round runs a fresh interpreter with the collector off (as pyasc-lsp starts) that first imports what a bare pygls
server imports too (pygls, lsprotocol: not counted), then measures the CPU time of

- server: `import pyasc_lsp.server` and its features (what the server imports beyond pygls);
- import: `import pyasc.compiler.pipeline.analysis`, the compiler;
- early: the first `analyze()` of bench/lsp_latency.py's 12-kernel file up to its `early` hook (the diagnostics the
  server publishes first);
- full: the whole first analysis (C++, source map and IDE data too).

With `--baseline REV` (a git revision, unpacked with `git archive` and byte-compiled; or the folder of another
checkout) that tree and this checkout take turns, `--rounds` times each, on the same file; each cell is the median of
the rounds, with the minimum (the figure least disturbed by other processes on a shared machine) beside it.

    python bench/cold_start.py [--rounds 15] [--kernels 12] [--baseline fe462c6]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parent
sys.path.insert(0, str(HERE))

from checkouts import alternate, compile_tree, median_of, unpack  # noqa: E402

MEASURES = [
    ("server", "import pyasc_lsp.server and its features"),
    ("import", "import pyasc.compiler.pipeline.analysis"),
    ("early", "first analysis up to the early diagnostics"),
    ("full", "whole first analysis"),
    ("extra", "start -> first diagnostics beyond pygls (server + import + early)"),
    ("total", "import + whole first analysis (what moved out of the import is paid here)"),
]


def child(tree: Path, source: Path) -> dict[str, float]:
    """The figures of one cold start of `tree`, in this (fresh) process, CPU ms."""
    import gc

    gc.disable()
    sys.path.insert(0, str(tree))
    import lsprotocol.types  # noqa: F401 - the bare server's imports, paid by both
    import pygls.lsp.server  # noqa: F401

    text = source.read_text(encoding="utf-8")
    t0 = time.process_time()
    import pyasc_lsp.features  # noqa: F401
    import pyasc_lsp.server  # noqa: F401

    t1 = time.process_time()
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

    t2 = time.process_time()
    marks: list[float] = []
    analyze(text, str(source), None, AnalysisCache(), early=lambda _d: marks.append(time.process_time()))
    t3 = time.process_time()
    if not marks:
        raise SystemExit("the analysis published no early diagnostics")
    ms = {"server": t1 - t0, "import": t2 - t1, "early": marks[0] - t2, "full": t3 - t2, "extra": marks[0] - t0,
          "total": t3 - t1}
    return {k: v * 1000 for k, v in ms.items()}


def in_child(tree: Path, source: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(tree), str(source)],
                         capture_output=True, text=True, check=True, cwd=str(source.parent))
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=15)
    p.add_argument("--kernels", type=int, default=12)
    p.add_argument("--baseline", default=None,
                   help="a git revision (or a checkout's folder) measured in turn with this checkout")
    p.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0].resolve(), args.child[1])))
        return
    from lsp_latency import make_file

    with tempfile.TemporaryDirectory(prefix="pyasc-cold-") as tmp:
        source = Path(tmp) / "work" / "kernels.py"
        source.parent.mkdir()
        source.write_text(make_file(args.kernels), encoding="utf-8")
        compile_tree(CHECKOUT)
        trees = {"this checkout": CHECKOUT}
        if args.baseline is not None:
            given = Path(args.baseline)
            if given.is_dir():
                compile_tree(given)
                trees[f"baseline {given}"] = given.resolve()
            else:
                trees[f"baseline {args.baseline}"] = unpack(CHECKOUT, args.baseline, Path(tmp) / "baseline")
        runs = alternate(trees, args.rounds, lambda tree: in_child(tree, source))
    names = list(trees)
    print(f"{args.kernels} kernels; CPU ms, median (minimum) of {args.rounds} fresh processes"
          + (", the trees in turn; the ratio of the medians" if len(names) > 1 else ""))
    print("| measure | " + " | ".join(names) + (" | this / baseline |" if len(names) > 1 else " |"))
    print("|---" * (len(names) + 1 + (len(names) > 1)) + "|")
    for key, label in MEASURES:
        cells = [median_of(runs[n], key) for n in names]
        lows = [min(r[key] for r in runs[n]) for n in names]
        ratio = f" | {cells[0] / cells[1]:.2f}x" if len(cells) > 1 else ""
        print(f"| {label} | " + " | ".join(f"{c:.1f} ({low:.1f})" for c, low in zip(cells, lows, strict=True))
              + ratio + " |")


if __name__ == "__main__":
    main()
