"""Prints the differential suite's current disagreements as markdown, one reproduction line each.

Run from the repository root: ``.venv/bin/python -m tests.differential.report``.
"""

from __future__ import annotations

import sys

from .known import KNOWN
from .oracle import run_oracle
from .test_differential import CASES, disagreement


def main() -> int:
    results = run_oracle([{"id": c.stem, "file": str(c), "entry": "launch"} for c in CASES])
    known = {k.name: k for k in KNOWN}
    rows, agree = [], 0
    for case in CASES:
        found = disagreement(case, results[case.stem])
        if found is None:
            agree += 1
            continue
        kind, detail = found
        reason = known[case.stem].reason if case.stem in known else "NEW: not in known.py"
        rel = case.relative_to(case.parents[3])
        rows.append(f"- `{case.stem}` (point {int(case.stem[1:3])}, {kind}): {reason}. "
                    f"Reproduce: `.venv/bin/pyasc-check {rel}` -> {detail[:300]}")
    print(f"# Differential suite: disagreements with CANN's tracer\n\n{len(CASES)} cases, {agree} agree, "
          f"{len(rows)} disagree.\n")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
