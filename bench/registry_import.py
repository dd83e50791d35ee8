"""Import time of the API specification (`import pyasc.language`), which the language server pays on every start.

Prints the median wall time over fresh interpreters, next to two baselines measured in the same run: an empty
interpreter and `import json` (a small stdlib package). Run: `.venv/bin/python bench/registry_import.py [runs]`.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time


def _median_ms(code: str, runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _self_time_ms(runs: int) -> float:
    """Cumulative `-X importtime` figure of pyasc.language, in ms (median)."""
    samples = []
    for _ in range(runs):
        err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import pyasc.language"], check=True,
                             capture_output=True, text=True).stderr
        line = [x for x in err.splitlines() if x.rstrip().endswith("| pyasc.language")][-1]
        samples.append(int(line.split("|")[1]) / 1000)
    return statistics.median(samples)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    empty = _median_ms("pass", runs)
    json_ms = _median_ms("import json", runs)
    lang = _median_ms("import pyasc.language", runs)
    print(f"interpreter start (baseline)        {empty:8.1f} ms")
    print(f"import json (baseline)              {json_ms:8.1f} ms")
    print(f"import pyasc.language               {lang:8.1f} ms  (+{lang - empty:.1f} ms over start)")
    print(f"-X importtime pyasc.language        {_self_time_ms(runs):8.1f} ms")


if __name__ == "__main__":
    main()
