"""Generates docs/diagnostics.md from the code tables: the compiler's PA codes and the simulator's PS findings.

It lives in the CLI layer because it reads both the compiler and the simulator; `make docs` runs it and a test keeps
the committed file equal to its output.
"""

from __future__ import annotations

import sys

from ..compiler.diagnostics.codes import docs_markdown
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
    out += ["", *_STATIC_VS_DYNAMIC]
    return "\n".join(out) + "\n"


_STATIC_VS_DYNAMIC = [
    "## Races found statically and races found only by running",
    "",
    "PA551-PA557 are the simulator's PS104 and PS106 found while typing, for kernels that synchronize by hand "
    "(`auto_sync=False`, or any `set_flag`/`wait_flag`). They follow the sanitizer's model (pipe clocks joined by "
    "flags, barriers and queues) over static values, and report only what holds on every run: on the seeded kernels "
    "of `tests/compiler/sync_kernels.py` every race and deadlock the sanitizer reports is reported statically on the "
    "same line. The sanitizer alone finds these, because they need the values of a run:",
    "",
    "- Global Memory races (an MTE3 write read back by MTE2): which GM bytes alias is decided by the launch "
    "arguments; the static check follows the on-chip memories (UB, L1, L0) only.",
    "- Offsets whose difference is not a constant (`t[first:]` against `t[second:]`, two runtime values), and "
    "accesses whose extent is not a count (mask/repeat forms) unless both start at the same element.",
    "- Races on one path of a runtime `if` (both paths are joined; ordered on either counts as ordered), and waits "
    "whose event id is a runtime value (the flags are then trusted).",
    "- Queue buffers reused across allocations: each `alloc_tensor` is its own buffer statically and an `enque`/"
    "`deque` orders every pipe; the sanitizer sees the real slots and the consumer pipe alone.",
    "- Loop iterations past the first three and the last, for hazards that need more iterations to show, and "
    "cross-core flags (`cross_core_set_flag`, `ib_set`).",
    "- Kernels under automatic synchronization: the compiler inserts the pipe syncs, so only the flags written by "
    "hand are checked statically; the simulator reports the races it would fix as notes.",
]


if __name__ == "__main__":
    sys.stdout.write(diagnostics_markdown())
