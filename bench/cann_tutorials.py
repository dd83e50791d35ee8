"""Wall time of CANN's pyasc tutorials under `pyasc run`, beside torch computing the same result in the same run.

    .venv/bin/python bench/cann_tutorials.py [--cann /tmp/cann/python] [TUTORIAL ...]

Each tutorial folder is copied to a temporary directory (the checkout is never written) and run once as
`pyasc run <script> -r Model` in a fresh process; the wall time includes the interpreter, torch's import and the
tutorial's own assert.  The baselines are the torch computation the tutorial checks against (`x + y` on two
8 x 2048 float32 tensors), timed in this process (best of 5), and a fresh Python process that imports torch and
does the same (the start-up every tutorial run pays too); the ratio column is against that process.  A tutorial
that fails is listed with its last line of output.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT = ["01_add", "02_add_framework", "03_matmul_mix", "04_matmul_cube_only", "05_matmul_leakyrelu"]


def run_tutorial(folder: Path, tmp: Path) -> tuple[float, int, str]:
    copy = tmp / folder.name
    shutil.copytree(folder, copy)
    script = next(p for p in sorted(copy.glob("*.py")))
    t0 = time.perf_counter()
    got = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", str(script), "-r", "Model"], cwd=copy,
                         capture_output=True, text=True, timeout=1800, check=False)
    wall = time.perf_counter() - t0
    last = (got.stderr.strip().splitlines() or [""])[-1]
    return wall, got.returncode, last


def torch_baseline() -> float:
    import torch

    x = torch.rand(8 * 2048, dtype=torch.float32)
    y = torch.rand(8 * 2048, dtype=torch.float32)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        z = x + y
        assert torch.allclose(z, x + y)
        best = min(best, time.perf_counter() - t0)
    return best


def torch_process() -> float:
    """A fresh Python that imports torch and computes the same x + y: the start-up any tutorial run pays."""
    code = ("import torch; x = torch.rand(8 * 2048); y = torch.rand(8 * 2048); z = x + y; "
            "assert torch.allclose(z, x + y)")
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, timeout=600)
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cann", default="/tmp/cann/python", help="a checkout of CANN's pyasc (its python/ folder)")
    ap.add_argument("tutorials", nargs="*", default=DEFAULT)
    args = ap.parse_args(argv)
    root = Path(args.cann) / "tutorials"
    if not root.is_dir():
        print(f"no tutorials under {root}: pass --cann PATH/TO/pyasc/python", file=sys.stderr)
        return 2
    base = torch_baseline()
    proc = torch_process()
    print(f"baseline: torch x + y of 8 x 2048 float32 (the tutorials' check), best of 5: {base * 1e3:.3f} ms; "
          f"a fresh python importing torch and doing the same: {proc:.2f} s")
    print("| tutorial | pyasc run wall s | exit | x torch process | note |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="pyasc-bench-") as tmp:
        for name in args.tutorials:
            wall, rc, last = run_tutorial(root / name, Path(tmp))
            note = "" if rc == 0 else last[:100]
            print(f"| {name} | {wall:.2f} | {rc} | {wall / proc:.1f} | {note} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
