"""`make demo`: compile every example with the embedded defaults and show the C++ it becomes."""

from __future__ import annotations

import sys
from pathlib import Path

from ..compiler.analysis import analyze
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
    runner = EXAMPLES / "run_examples.py"
    if runner.exists():
        import runpy

        print("=== running the examples on the simulator")
        runpy.run_path(str(runner), run_name="__main__")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
