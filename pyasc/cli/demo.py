"""`make demo`: compile every example with the embedded defaults and show the C++ it becomes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ..compiler.pipeline.analysis import analyze
from .render import render_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def main() -> int:
    files = sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("run_"))
    errors = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        analysis = analyze(text, str(path))
        print(f"=== {path.name}: {', '.join(k.name for k in analysis.kernels) or 'no kernels'}")
        for d in analysis.diagnostics:
            print(render_text(d, path.name, text, color=False))
        errors += len(analysis.errors)
        print(analysis.cpp)
    failures = 0
    for runner in sorted(EXAMPLES.glob("run_*.py")):
        print(f"=== {runner.name}: running on the simulator")
        proc = subprocess.run([sys.executable, str(runner)], check=False, timeout=600)
        failures += proc.returncode != 0
    return 1 if errors or failures else 0


if __name__ == "__main__":
    sys.exit(main())
