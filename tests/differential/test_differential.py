"""The differential suite: our analysis against CANN's own tracer (pyasc 1.1.1) on our kernels in cases/.

For every case file, CANN accepts <=> we report no error; where both accept, the Ascend C calls of our C++ equal
CANN's (``compare.calls`` says what is compared; ``compare.deliberate`` the differences that are not
disagreements: C++ defaults CANN spells, unused reads CANN's dead-code elimination drops).  The cases where we do
not agree yet are listed, each with the point of issue 12 and the reason, in known.py: the test asserts that list
exactly, so a fix makes it shrink.
CANN's tracer comes from scripts/deps-cann.sh (``make deps``); ``make test`` runs it first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

from .bisheng import cann_cpp_error, real_flags
from .compare import calls, cann_dtypes, deliberate, helper_call_errors
from .known import CERTAIN_FAILURES, GOLDEN_CASES, KNOWN
from .oracle import CANN_VERSION, OracleResult, run_oracle
from .sim_known import SIM_KNOWN

pytestmark = pytest.mark.differential

HERE = Path(__file__).resolve().parent
CANN_1_1_1 = Config(cann_version=CANN_VERSION)
"""The oracle is CANN's pyasc 1.1.1: the cases are analyzed for that release, where an API known only by rule from
the Ascend C headers is the error its tracer gives (PA206; the g cases)."""
# p = a point of issue 12 (r = a kernel CANN rejects, for that point); other letters group cases by API area,
# where a case CANN rejects is named xNN_bad_<what>.
CASES = sorted((HERE / "cases").glob("[a-z][0-9][0-9]_*.py"))
GOLDENS = HERE / "goldens"


def cann_accepts(case: Path) -> bool:
    """What a case's name says CANN does with it: p accepts, r rejects; an area's case named xNN_bad_* rejects."""
    if case.stem[0] in "pr":
        return case.stem[0] == "p"
    return not case.stem[4:].startswith("bad_")


def cann_error(oracle: OracleResult) -> str:
    """The line of CANN's error that names it (its messages put the source excerpt first)."""
    error = next((t.error for t in oracle.traces if not t.accepted), "")
    lines = [line for line in error.strip().splitlines() if line.strip()]
    named = [line for line in lines if re.match(r"\w*(Error|Exception)\b", line) and "CodegenError" not in line]
    return (named or lines or [""])[-1][:160]


def disagreement(case: Path, oracle: OracleResult) -> tuple[str, str] | None:
    """None when we agree with CANN on this case, else (kind, what differs)."""
    analysis = analyze(case.read_text(encoding="utf-8"), case.name, CANN_1_1_1)
    errors = [f"{d.code} {d.message}" for d in analysis.errors]
    if oracle.accepted and errors:
        return "false-error", errors[0]
    if not oracle.accepted and not errors:
        return "missed-error", "CANN: " + cann_error(oracle)
    if not oracle.accepted:
        return None
    broken = helper_call_errors(analysis.cpp)
    if broken:
        return "calls", f"our C++ would not compile: {broken[0]}"
    for trace in oracle.traces:
        theirs = calls(trace.cpp)
        try:
            ours = calls(analysis.cpp, trace.kernel, cann_dtypes(trace.cpp))
        except LookupError as exc:
            return "calls", f"no C++ kernel of ours to compare: {exc}"
        if ours != theirs and deliberate(ours, theirs) is None:  # compare.deliberate: the same operations
            return "calls", f"ours {ours} != CANN's {theirs}"
    return None


@pytest.fixture(scope="module")
def oracle() -> dict[str, OracleResult]:
    return run_oracle([{"id": c.stem, "file": str(c), "entry": "launch"} for c in CASES])


def test_every_point_has_cases() -> None:
    points = {int(c.stem[1:3]) for c in CASES if c.stem[0] in "pr"}
    assert points == set(range(1, 14)), f"points without a case: {sorted(set(range(1, 14)) - points)}"
    assert all(k.name in {c.stem for c in CASES} for k in KNOWN), "known.py names a case that does not exist"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.stem)
def test_case_means_what_its_name_says(case: Path, oracle: dict[str, OracleResult]) -> None:
    """Each case means what its name says (cann_accepts): checks our test data against the oracle."""
    result = oracle[case.stem]
    assert result.harness_error is None, f"{case.name} is broken: {result.harness_error}"
    expected = cann_accepts(case)
    assert result.accepted == expected, [t.error for t in result.traces if not t.accepted] or "CANN accepts it"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.stem)
def test_agrees_with_cann_or_is_known(case: Path, oracle: dict[str, OracleResult]) -> None:
    found = disagreement(case, oracle[case.stem])
    known = next((k for k in KNOWN if k.name == case.stem), None)
    if known is None:
        assert found is None, f"{case.name} disagrees with CANN ({found[0]}): {found[1]}"
    else:
        assert found is not None, f"{case.name} agrees with CANN now: remove it from known.py"
        kind = "false-error" if known.kind in CERTAIN_FAILURES else known.kind  # what the comparison sees
        assert found[0] == kind, f"{case.name}: known as {known.kind}, now {found[0]}: {found[1]}"


def test_certain_failures_are_recorded_with_their_stage() -> None:
    """The table of cases CANN's tracer accepts that a later stage certainly fails: each device failure is one the
    simulator's sanitizer stops (sim_known.py, deliberate, its PS code named in the reason); each bisheng rejection
    says which real header rejects what (the verdict of bisheng.py, committed here as CI has no headers)."""
    sim = {k.name: k for k in SIM_KNOWN}
    for k in KNOWN:
        if k.kind == "device-fails":
            assert k.name in sim and sim[k.name].deliberate, f"{k.name}: the simulator's finding is not recorded"
            assert sim[k.name].outcome in k.reason, f"{k.name}: the reason does not name {sim[k.name].outcome}"
        elif k.kind == "bisheng-rejects":
            assert "real headers" in k.reason, f"{k.name}: the reason does not say what the real headers reject"


@pytest.fixture(scope="module")
def header_flags(request: pytest.FixtureRequest) -> list[str] | None:
    return real_flags(request.config.getoption("--real-headers"))


VERDICT_CASES = [c for c in CASES if any(k.name == c.stem and k.kind in ("false-error", *CERTAIN_FAILURES)
                                         for k in KNOWN)]


@pytest.mark.parametrize("case", VERDICT_CASES, ids=lambda c: c.stem)
def test_bisheng_verdicts_hold(case: Path, oracle: dict[str, OracleResult], header_flags: list[str] | None) -> None:
    """With the real headers (--real-headers FLAGS_FILE or PYASC_REAL_HEADERS): CANN's own C++ of each
    bisheng-rejects case fails to compile, and that of every other case CANN accepts and we report an error on
    builds (so that a false error is one, and a device failure is not a build failure)."""
    if header_flags is None:
        pytest.skip("no real Ascend C headers given (--real-headers FLAGS_FILE or PYASC_REAL_HEADERS)")
    kind = next(k.kind for k in KNOWN if k.name == case.stem)
    error = next((e for t in oracle[case.stem].traces if (e := cann_cpp_error(t.cpp, header_flags))), None)
    if kind == "bisheng-rejects":
        assert error is not None, f"{case.name}: CANN's C++ builds against the real headers"
    else:
        assert error is None, f"{case.name} ({kind}): CANN's C++ fails against the real headers: {error}"


@pytest.mark.parametrize("point", sorted(GOLDEN_CASES))
def test_golden_cpp_per_point(point: int, oracle: dict[str, OracleResult], update_goldens: bool) -> None:
    """Our C++ for one case per point, once it agrees with CANN; a case still in known.py has no golden yet."""
    case = HERE / "cases" / f"{GOLDEN_CASES[point]}.py"
    golden = GOLDENS / f"{case.stem}.cpp"
    if disagreement(case, oracle[case.stem]) is not None:
        assert not golden.exists(), f"{golden.name} exists but {case.name} does not agree with CANN"
        return
    cpp = analyze(case.read_text(encoding="utf-8"), case.name).cpp
    if update_goldens:
        golden.write_text(cpp, encoding="utf-8")
        return
    assert golden.exists(), f"missing golden {golden.name}: run pytest tests/differential --update-goldens, review"
    assert cpp == golden.read_text(encoding="utf-8"), f"{golden.name} differs (review, then --update-goldens)"
