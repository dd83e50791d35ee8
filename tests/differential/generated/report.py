"""Prints the generated differential's figures as markdown: per form family and per API family, programs, accepted
by CANN, false errors, programs CANN's tracer accepts whose C++ bisheng certainly rejects (a known.py family with
stage "bisheng-rejects", counted apart from the false errors), missed errors, calls differing, C++ rejected by the
bundled header (and by the real headers when /tmp/realflags exists), certain failures on the simulator; then one
shrunk example per disagreement family.

Run from the repository root: ``.venv/bin/python -m tests.differential.generated.report --seed 25 --count 500``
(``--no-shrink`` skips the examples; ``--real-limit`` caps how many programs g++ checks, about 2 s each).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

from pyasc.compiler.pipeline.analysis import analyze

from .generator import api_family, generate
from .known import KNOWN
from .program import Program
from .shrink import judge_for, shrink
from .verdict import DISAGREEMENTS, REAL_FLAGS, Outcome, Verdict, real_headers, run

COLUMNS = ("programs", "CANN accepts", "false error", "bisheng rejects", "missed error", "calls differ",
           "C++ rejected", "real C++ rejected", "certain failure", "simulator raised")


def _row(counts: Counter[str]) -> str:
    return " | ".join(str(counts[c]) for c in COLUMNS)


def _count(v: Verdict, real: str | None) -> Counter[str]:
    c: Counter[str] = Counter({"programs": 1, "CANN accepts": int(v.cann_accepts)})
    kinds = {o.kind for o in v.outcomes}
    for kind, column in (("false-error", "false error"), ("missed-error", "missed error"), ("calls", "calls differ"),
                         ("cpp", "C++ rejected"), ("failure", "certain failure"), ("sim-crash", "simulator raised")):
        c[column] = int(kind in kinds)
    if any(o.kind == "false-error" and any(k.stage == "bisheng-rejects" and k.matches(o) for k in KNOWN)
           for o in v.outcomes):  # the tracer accepts, bisheng certainly rejects CANN's C++: no false error
        c["false error"], c["bisheng rejects"] = 0, 1
    c["real C++ rejected"] = int(real is not None)
    return c


def _header(title: str) -> str:
    return f"| {title} | " + " | ".join(COLUMNS) + " |\n" + "|---" * (len(COLUMNS) + 1) + "|"


def _table(title: str, rows: dict[str, Counter[str]]) -> None:
    print(f"\n## Per {title}\n\n{_header(title)}")
    for key in sorted(rows):
        print(f"| {key} | {_row(rows[key])} |")


def _family_name(o: Outcome) -> str:
    k = next((k for k in KNOWN if k.matches(o)), None)
    return f"{o.kind}: {k.reason[:90]}" if k else f"{o.kind}: NEW {o.family}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.differential.generated.report",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=None, help="the seed (default: a random one, printed)")
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--real-limit", type=int, default=100, help="at most this many programs checked by g++")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    programs = generate(seed, args.count)
    verdicts, _ = run(programs, workers=args.workers)
    by_name = {p.name: p for p in programs}
    real: dict[str, str | None] = {}
    if REAL_FLAGS.exists():
        both = [p for p in programs if verdicts[p.name].cann_accepts and not verdicts[p.name].we_error
                and not any(o.kind == "failure" for o in verdicts[p.name].outcomes)][:args.real_limit]
        with real_headers() as check, ThreadPoolExecutor(args.workers) as pool:
            errs = pool.map(lambda p: check(analyze(p.render(), f"{p.name}.py").cpp), both)
            real = dict(zip((p.name for p in both), errs, strict=True))
    forms: dict[str, Counter[str]] = defaultdict(Counter)
    apis: dict[str, Counter[str]] = defaultdict(Counter)
    total: Counter[str] = Counter()
    for p in programs:
        c = _count(verdicts[p.name], real.get(p.name))
        total.update(c)
        for f in p.forms:
            forms[f].update(c)
        for fam in {api_family(a) for a in p.apis}:
            apis[fam].update(c)
    print(f"# Generated differential: seed {seed}, {args.count} programs, against CANN's tracer (pyasc 1.1.1)\n")
    print(_header(""))
    print(f"| all | {_row(total)} |")
    if not REAL_FLAGS.exists():
        print("\n(no real Ascend C headers on this machine: the real C++ column is 0)")
    else:
        print(f"\n(real headers: {len(real)} programs both accept checked by g++)")
    _table("form family", forms)
    _table("API family", apis)
    buckets: dict[str, list[tuple[str, Outcome]]] = defaultdict(list)
    for name, v in verdicts.items():
        for o in v.outcomes:
            if o.kind in DISAGREEMENTS or o.kind == "sim-crash":
                buckets[_family_name(o)].append((name, o))
    for name, err in real.items():
        if err is not None:
            buckets["real-cpp: " + err[:60]].append((name, Outcome("real-cpp", "real", err)))
    print("\n## Disagreement families\n")
    for family in sorted(buckets):
        members = buckets[family]
        name, o = members[0]
        print(f"### {family} ({len(members)} programs)\n\n{name}: {o.signature}: {o.detail[:300]}\n")
        if args.no_shrink or o.kind == "real-cpp":
            continue
        small: Program = shrink(by_name[name], judge_for(o.signature))
        print("```python\n" + small.render() + "```\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
