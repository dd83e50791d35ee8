"""The generated differential: SEED's COUNT programs against CANN's tracer, in every make test.

Each program is traced by CANN's pyasc 1.1.1 (tests/differential/oracle.py) and compared with our analysis, C++
calls and bundled-header check (compare.py); programs the simulator's sanitizer stops are counted apart (the
certain-failure issue's domain).  The disagreements must fall exactly in the reviewed families of known.py.
"""

from __future__ import annotations

import os
import random

import pytest

from .generator import generate
from .known import KNOWN
from .verdict import DISAGREEMENTS, Outcome, Verdict, run

pytestmark = pytest.mark.differential

LONG = os.environ.get("PYASC_FUZZ", "").lower() == "long"
"""`make fuzz` sets PYASC_FUZZ=long: a random seed (printed) and many more programs; known.py's families are then
not required to all appear, but every disagreement must still fall in one of them."""
SEED = random.randrange(1 << 30) if LONG else 25
COUNT = 4000 if LONG else 500


@pytest.fixture(scope="module")
def verdicts() -> dict[str, Verdict]:
    if LONG:
        print(f"\ngenerated differential: seed {SEED}, {COUNT} programs "
              f"(python -m tests.differential.generated.report --seed {SEED} --count {COUNT})")
    return run(generate(SEED, COUNT))[0]


def _family(o: Outcome) -> int | None:
    return next((i for i, k in enumerate(KNOWN) if k.matches(o)), None)


def test_known_list_is_short() -> None:
    assert len(KNOWN) <= 10
    assert all(k.kind in DISAGREEMENTS for k in KNOWN)
    # a family counted apart as a certain bisheng rejection is one of programs CANN's tracer accepts
    assert all(k.kind == "false-error" and "real" in k.reason for k in KNOWN if k.stage == "bisheng-rejects")
    assert {k.stage for k in KNOWN} <= {"", "bisheng-rejects"}


def test_every_program_is_well_formed(verdicts: dict[str, Verdict]) -> None:
    """A program CANN's process cannot even load is a bug of the generator, not a verdict."""
    broken = [(name, o.detail) for name, v in verdicts.items() for o in v.outcomes if o.kind == "broken"]
    assert broken == []


def test_programs_both_accept_are_many(verdicts: dict[str, Verdict]) -> None:
    """The generator is for valid programs first: a third of them at least must reach the C++ comparison."""
    both = sum(1 for v in verdicts.values() if v.cann_accepts and not v.we_error)
    rejected = sum(1 for v in verdicts.values() if not v.cann_accepts)
    assert both >= COUNT // 3 and rejected >= COUNT // 20, (both, rejected)


def test_disagreements_are_the_known_families(verdicts: dict[str, Verdict]) -> None:
    unknown = [f"{name}: {o.signature}: {o.detail}" for name, v in verdicts.items() for o in v.disagreements()
               if _family(o) is None]
    assert unknown == [], "disagreements outside known.py (review, then fix or list):\n" + "\n".join(unknown[:20])
    if LONG:
        return
    seen = {_family(o) for v in verdicts.values() for o in v.disagreements()}
    gone = [f"{k.kind} {k.pattern}" for i, k in enumerate(KNOWN) if i not in seen]
    assert gone == [], f"known.py families with no member at seed {SEED} any more (remove them): {gone}"
