"""Import time of the API specification (`import pyasc.language`), which the language server pays on every start.

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


def _self_time_ms(runs: int) -> tuple[float, float]:
    """(median, min) cumulative `-X importtime` figure of pyasc.language, in ms."""
    samples = []
    for _ in range(runs):
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import pyasc.language"], check=True,
                             capture_output=True, text=True).stderr
        line = [x for x in err.splitlines() if x.rstrip().endswith("| pyasc.language")][-1]
        samples.append(int(line.split("|")[1]) / 1000)
    return statistics.median(samples), min(samples)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    rows = [
        ("interpreter start (baseline)", _wall_ms("pass", runs)),
        ("import json (baseline)", _wall_ms("import json", runs)),
        ("import pyasc.language", _wall_ms("import pyasc.language", runs)),
        ("-X importtime pyasc.language", _self_time_ms(runs)),
    ]
    print(f"{'':32} {'median ms':>10} {'min ms':>8}")
    for label, (median, low) in rows:
        print(f"{label:32} {median:10.1f} {low:8.1f}")


if __name__ == "__main__":
    main()
