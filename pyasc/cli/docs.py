"""Generates docs/diagnostics.md from the code tables: the compiler's PA codes and the simulator's PS findings.

It lives in the CLI layer because it reads both the compiler and the simulator; `make docs` runs it and a test keeps
the committed file equal to its output.
"""

from __future__ import annotations

import sys

from ..compiler.codes import docs_markdown
from ..sim.findings import KINDS


def diagnostics_markdown() -> str:
    out = [docs_markdown().rstrip("\n"), "", "# Simulator findings", "",
           "Running a kernel on the simulator (`kernel[n](...)`, `Stream.launch`, a built `.kernel`) reports these "
           "with "
           "the Python file and line of the call. Errors stop the run with `SimulationError` (inside "
           "`pyasc.sim.collect()` they are collected instead); races the compiler would fix under automatic "
           "synchronization are notes. See docs/simulator.md.", "", "| code | kind | meaning |", "|---|---|---|"]
    for kind, (code, meaning) in sorted(KINDS.items(), key=lambda kv: kv[1][0]):
        out.append(f"| {code} | {kind} | {meaning} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(diagnostics_markdown())
