"""Prints the differential suite's state as markdown: counts per point, and each disagreement with a reproduction.

Run from the repository root: ``.venv/bin/python -m tests.differential.report``.
"""

from __future__ import annotations

import sys

from .known import CERTAIN_FAILURES, KNOWN
from .oracle import run_oracle
from .test_differential import CASES, cann_accepts, disagreement


def main() -> int:
    results = run_oracle([{"id": c.stem, "file": str(c), "entry": "launch"} for c in CASES])
    known = {k.name: k for k in KNOWN}
    # point (or area letter) -> [valid cases, rejected cases, agree, disagree, certain failures]: a case CANN's tracer
    # accepts that the device or bisheng certainly fails (known.py's device-fails, bisheng-rejects) is no disagreement
    table: dict[str, list[int]] = {}
    rows = []
    stale = []
    for case in CASES:
        point = str(int(case.stem[1:3])) if case.stem[0] in "pr" else case.stem[0]
        counts = table.setdefault(point, [0, 0, 0, 0, 0])
        counts[0 if cann_accepts(case) else 1] += 1
        found = disagreement(case, results[case.stem])
        certain = found is not None and case.stem in known and known[case.stem].kind in CERTAIN_FAILURES
        counts[2 if found is None else 4 if certain else 3] += 1
        if found is None:
            if case.stem in known:
                stale.append(f"- `{case.stem}` agrees with CANN now: its line must leave known.py")
            continue
        kind, detail = found
        if certain:
            kind = known[case.stem].kind
        reason = known[case.stem].reason if case.stem in known else "NEW: not in known.py"
        rel = case.relative_to(case.parents[3])
        check = f"`.venv/bin/pyasc-check {rel}`, " if kind != "calls" else ""
        rows.append(f"- `{case.stem}` (point {point}, {kind}): {reason}.\n  Reproduce: {check}"
                    f"`.venv/bin/python -m pytest tests/differential -k {case.stem}` -> {detail[:300]}")
    total = [sum(c[i] for c in table.values()) for i in range(5)]
    print("# Differential suite: our analysis against CANN's tracer (pyasc 1.1.1)\n")
    print(f"{len(CASES)} cases ({total[0]} CANN-valid, {total[1]} CANN-rejected): {total[2]} agree, "
          f"{total[3]} disagree, {total[4]} certain failures (the tracer accepts, the device or bisheng certainly "
          f"fails: we report the error).\n")
    print("| point | valid | rejected | agree | disagree | certain failure |\n|---|---|---|---|---|---|")
    for point in sorted(table, key=lambda p: (not p.isdigit(), p.zfill(2))):
        print(f"| {point} | " + " | ".join(str(n) for n in table[point]) + " |")
    print("\nA change that makes a case agree must remove its line from tests/differential/known.py (the suite fails"
          " until then) and, for the golden case of its point, run `pytest tests/differential --update-goldens`.")
    if stale:
        print("\n## Known disagreements that agree now (the suite fails until known.py drops them)\n")
        print("\n".join(stale))
    print("\n## Disagreements\n")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
