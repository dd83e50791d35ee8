"""Import time of the API specification, which the language server pays on every start.

`import pyasc.language` loads the package alone (the format, the dtypes and the tables load on first use of one of
their names); the tables load with `pyasc.language.registry`, so both are measured.

Prints the median and the minimum wall time over fresh interpreters (the minimum is the figure least disturbed by
other processes on a shared machine), next to two baselines measured in the same run: an empty interpreter and
`import json` (a small stdlib package). Run: `.venv/bin/python bench/registry_import.py [runs]`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def _wall_ms(code: str, runs: int) -> tuple[float, float]:
    """(median, min) wall time of `python -c code`, in ms."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), min(samples)


def _self_time_ms(module: str, runs: int) -> tuple[float, float]:
    """(median, min) `-X importtime` cumulative time of the pyasc modules `import module` loads, in ms."""
    samples = []
    for _ in range(runs):
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"], check=True,
                             capture_output=True, text=True).stderr
        # top-level entries (one space before the name) of the package: pyasc, pyasc.language, ...registry
        top = [x for x in err.splitlines() if x.split("|")[-1].startswith(" pyasc")
               and not x.split("|")[-1].startswith("  ")]
        samples.append(sum(int(x.split("|")[1]) for x in top) / 1000)
    return statistics.median(samples), min(samples)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rows = [
        ("interpreter start (baseline)", _wall_ms("pass", runs)),
        ("import json (baseline)", _wall_ms("import json", runs)),
        ("import pyasc.language", _wall_ms("import pyasc.language", runs)),
        ("import pyasc.language.registry", _wall_ms("import pyasc.language.registry", runs)),
        ("-X importtime pyasc.language", _self_time_ms("pyasc.language", runs)),
        ("-X importtime ...language.registry", _self_time_ms("pyasc.language.registry", runs)),
    ]
    print(f"{'':32} {'median ms':>10} {'min ms':>8}")
    for label, (median, low) in rows:
        print(f"{label:32} {median:10.1f} {low:8.1f}")


if __name__ == "__main__":
    main()
