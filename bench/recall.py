"""Recall of the checker against the simulator's sanitizer, per class of certain failure (issue 27).

    .venv/bin/python bench/recall.py [--oracle] [-v]

For each class of tests/recall/kernels: how many bad kernels the sanitizer stops on their marked line (the ground
truth), how many of those `pyasc-check --no-cpp` reports as an error on that line (recall: caught/total), how
many it reports only as a warning there, and, for information, how many get errors on other lines too (a buffer
too small for its copy is too small for the op that reads it next).  Then the errors and warnings of the checker
on the correct twins and the examples (both must be 0) and on the differential cases CANN accepts (some of which
certainly go wrong in a later stage, bisheng or the device: listed by code, and with -v by line).  `--oracle`
asks CANN's tracer again that it accepts every corpus file (needs scripts/deps-cann.sh); `-v` lists each kernel
the checker misses.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyasc import compat  # noqa: E402
from pyasc.compiler.diagnostics.model import Severity  # noqa: E402
from tests.differential.test_differential import CASES, cann_accepts  # noqa: E402
from tests.recall.corpus import CLASSES, SIM_GAPS, check, kernels, simulate  # noqa: E402


def severities(paths: list[Path]) -> tuple[int, int, list[str]]:
    """(errors, warnings, 'file:line code' of each) of the checker on the files."""
    errors = warnings = 0
    where: list[str] = []
    for p in paths:
        for d in check(p):
            if d.severity >= Severity.WARNING:
                errors += d.severity == Severity.ERROR
                warnings += d.severity == Severity.WARNING
                where.append(f"{p.relative_to(ROOT)}:{d.span.line} {d.severity.name.lower()} {d.code}")
    return errors, warnings, where


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", action="store_true", help="check with CANN's tracer that it accepts every file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    corpus = kernels()
    if args.oracle:
        from tests.differential.oracle import run_oracle

        verdicts = run_oracle([{"id": str(k.path), "file": str(k.path), "entry": "launch"} for k in corpus])
        rejected = [k.key for k in corpus if not verdicts[str(k.path)].accepted]
        print(f"CANN's tracer accepts {len(corpus) - len(rejected)}/{len(corpus)} corpus files"
              + (f"; rejects {', '.join(rejected)}" if rejected else ""))
    compat.install()
    try:
        sims = {k.key: simulate(k) for k in corpus}
    finally:
        compat.uninstall()
    truth: Counter[str] = Counter()
    caught: Counter[str] = Counter()
    warned: Counter[str] = Counter()
    total: Counter[str] = Counter()
    elsewhere: Counter[str] = Counter()
    misses: list[str] = []
    for k in (k for k in corpus if k.bad):
        total[k.cls] += 1
        s = sims[k.key]
        truth[k.cls] += (s.code, s.line) == (CLASSES[k.cls], k.line)
        diags = check(k.path)
        at_line = [d for d in diags if d.span.line == k.line]
        elsewhere[k.cls] += any(d.severity == Severity.ERROR and d.span.line != k.line for d in diags)
        if any(d.severity == Severity.ERROR for d in at_line):
            caught[k.cls] += 1
        else:
            warned[k.cls] += any(d.severity == Severity.WARNING for d in at_line)
            misses.append(f"{k.key} (line {k.line}): " + (", ".join(f"{d.severity.name.lower()} {d.code}"
                                                                    for d in at_line) or "nothing"))
    print(f"{'class':18} {'sanitizer':>9} {'caught':>7} {'recall':>7} {'warned':>7} {'errors elsewhere':>16}")
    rows = [(cls, truth[cls], caught[cls], warned[cls], elsewhere[cls], total[cls]) for cls in CLASSES]
    rows.append(("all", *(sum(r[i] for r in rows) for i in range(1, 6))))
    for cls, t, c, w, e, n in rows:
        print(f"{cls:18} {t:>4}/{n:<4} {c:>3}/{n:<3} {c / n:>7.0%} {w:>3}/{n:<3} {e:>12}/{n}")
    print("sanitizer: stopped with the class's code on the marked line; gm_to_gm's ground truth is bisheng "
          "rejecting CANN's C++ (checked against the real headers when the corpus was written)"
          + (f"; simulator gaps: {', '.join(SIM_GAPS)}" if SIM_GAPS else ""))
    if args.verbose and misses:
        print("missed:\n  " + "\n  ".join(misses))
    twins = [k for k in corpus if not k.bad]
    unclean = [k.key for k in twins if sims[k.key].code is not None or not sims[k.key].matches]
    print(f"twins running clean and matching numpy: {len(twins) - len(unclean)}/{len(twins)}"
          + (f" (not: {', '.join(unclean)})" if unclean else ""))
    groups = {
        "twins": [k.path for k in twins],
        "examples": sorted((ROOT / "examples").rglob("*.py")),
        "differential cases CANN accepts": [c for c in CASES if cann_accepts(c)],
    }
    bad = 0
    for name, paths in groups.items():
        e, w, where = severities(paths)
        by_code = Counter(" ".join(x.split()[1:]) for x in where)
        print(f"on {len(paths)} {name}: {e} errors, {w} warnings"
              + (f" ({', '.join(f'{n} {c}' for c, n in sorted(by_code.items()))})" if by_code else "")
              + ("".join(f"\n  {x}" for x in where) if args.verbose else ""))
        if name != "differential cases CANN accepts":  # those include kernels that certainly go wrong later
            bad += e + w
    return 0 if bad == 0 and not unclean else 1


if __name__ == "__main__":
    sys.exit(main())
