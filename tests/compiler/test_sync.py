"""The static pipe-hazard check (pyasc/compiler/sync): each seeded kernel of sync_kernels.py gets exactly the codes
its `# expect:` markers name, on those lines; its correct twins get nothing; every fix removes its finding; and the
simulator's sanitizer, running the same kernels, reports its races and deadlocks on the same lines."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from pyasc import sim
from pyasc.compiler.diagnostics.codes import CODES
from pyasc.compiler.diagnostics.model import Diagnostic, Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

from . import sync_kernels
from .conftest import EXAMPLES
from .edits import apply_fix

PATH = Path(sync_kernels.__file__)
TEXT = PATH.read_text(encoding="utf-8")
LINES = TEXT.split("\n")
SYNC_CODES = {"PA551", "PA552", "PA553", "PA554", "PA555", "PA556", "PA557"}
RACES = {"PA551", "PA552", "PA553", "PA554"}


def _functions() -> dict[str, tuple[int, int]]:
    tree = ast.parse(TEXT)
    return {f.name: (f.lineno, f.end_lineno or f.lineno) for f in tree.body if isinstance(f, ast.FunctionDef)}


FUNCTIONS = _functions()
KERNELS = [n for n in FUNCTIONS if n != "scale_tile"]


def expected(name: str) -> set[tuple[str, int]]:
    lo, hi = FUNCTIONS[name]
    out = set()
    for i in range(lo, hi + 1):
        m = re.search(r"# expect: (PA\d+(?:, PA\d+)*)", LINES[i - 1])
        if m:
            out |= {(c.strip(), i) for c in m.group(1).split(",")}
    if name == "through_helper":
        out |= expected("scale_tile")
    return out


def sync_findings(text: str = TEXT, config: Config | None = None) -> list[Diagnostic]:
    return [d for d in analyze(text, str(PATH), config or Config()).diagnostics if d.code in SYNC_CODES]


FOUND = sync_findings()


def found_in(name: str) -> set[tuple[str, int]]:
    return {(d.code, d.span.line) for d in FOUND if d.kernel == name}


@pytest.mark.parametrize("name", KERNELS)
def test_each_kernel_gets_exactly_its_marked_codes(name: str) -> None:
    assert found_in(name) == expected(name)


def test_the_table_covers_every_code_and_has_correct_twins() -> None:
    codes = {c for n in KERNELS for c, _ in expected(n)}
    assert codes == SYNC_CODES
    twins = [n for n in KERNELS if n.startswith("ok_")]
    assert len(twins) == 14 and all(not expected(n) for n in twins)
    assert {(d.code, d.span.line) for d in FOUND} == {e for n in KERNELS for e in expected(n)}


def test_severities_and_related_sites() -> None:
    for d in FOUND:
        assert d.severity == CODES[d.code].severity
        assert d.severity == (Severity.ERROR if d.code == "PA556" else Severity.WARNING)
        if d.code in RACES:
            assert len(d.related) >= 1 and all(r.span.line != d.span.line or d.code == "PA554" for r in d.related)
    (d,) = [d for d in FOUND if d.kernel == "raw_mte2_v"]
    assert "MTE2" in d.message and "V" in d.message and "HardEvent.MTE2_V" in d.message
    assert LINES[d.related[0].span.line - 1].strip() == "asc.data_copy(t, x_gm, N)"


def test_loop_carried_findings_say_so() -> None:
    msgs = [d.message for d in FOUND if d.kernel == "loop_carried"]
    assert len(msgs) == 2 and all("in the previous iteration" in m for m in msgs)


def test_severity_is_configurable_per_code() -> None:
    cfg = Config(severity={"PA551": "error", "PA557": "off"})
    got = sync_findings(config=cfg)
    assert {d.severity for d in got if d.code == "PA551"} == {Severity.ERROR}
    assert not [d for d in got if d.code == "PA557"]


@pytest.mark.parametrize("index", range(len(FOUND)), ids=[f"{d.kernel}-{d.code}-{d.span.line}" for d in FOUND])
def test_every_fix_removes_its_finding(index: int) -> None:
    d = FOUND[index]
    assert d.fixes, d
    fixed = apply_fix(TEXT, d.fixes[0])
    after = [x for x in sync_findings(fixed) if x.kernel == d.kernel and x.code == d.code]
    lines_after = {x.span.line for x in after}
    shift = fixed.count("\n") - TEXT.count("\n")
    assert d.span.line not in lines_after and d.span.line + shift not in lines_after, (d.message, after)


def test_fix_text_inserts_the_pair_before_the_statement() -> None:
    (d,) = [d for d in FOUND if d.kernel == "raw_mte2_v"]
    (edit,) = d.fixes[0].edits
    assert edit.new_text == ("asc.set_flag(asc.HardEvent.MTE2_V, 0)\n    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n"
                             "    ")
    (d,) = [d for d in FOUND if d.kernel == "wrong_pair"]
    assert [e.new_text for e in d.fixes[0].edits] == ["asc.HardEvent.MTE2_V"] * 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_no_finding_on_the_examples(path: Path) -> None:
    diags = analyze(path.read_text(encoding="utf-8"), str(path)).diagnostics
    assert [d for d in diags if d.code in SYNC_CODES] == []


def test_the_manual_sync_example_is_checked_not_skipped() -> None:
    """Dropping any one flag or barrier of examples/vec_add_sync.py is found."""
    path = next(p for p in EXAMPLES if p.name == "vec_add_sync.py")
    lines = path.read_text(encoding="utf-8").split("\n")
    sync_lines = [i for i, line in enumerate(lines) if line.strip().startswith(("asc.set_flag", "asc.wait_flag",
                                                                                   "asc.pipe_barrier"))]
    assert len(sync_lines) == 5
    for i in sync_lines:
        indent = lines[i][:len(lines[i]) - len(lines[i].lstrip())]
        mutated = "\n".join(lines[:i] + [indent + "pass"] + lines[i + 1:])
        assert [d for d in analyze(mutated, "m.py").diagnostics if d.code in SYNC_CODES], lines[i]


# -- agreement with the simulator's sanitizer --------------------------------------------------------------------


def _sim_lines(name: str) -> set[int]:
    kernel = getattr(sync_kernels, name)
    x = np.arange(1024, dtype=np.float32)
    z = np.zeros(1024, dtype=np.float32)
    extra = {"symbolic_tiles": (sync_kernels.TILE,), "ok_symbolic_tiles": (sync_kernels.TILE,),
             "generic_slots": (sync_kernels.TILE,), "ok_generic_slots": (sync_kernels.TILE,),
             "ok_data_dependent": (0, sync_kernels.N)}.get(name, ())
    with sim.collect() as report:
        kernel[1](x, z, *extra)
    return {f.line for f in report.findings if f.kind in ("race", "deadlock") and f.severity == "error"
            and f.file == str(PATH)}


def _static_lines(name: str) -> set[int]:
    out = set()
    for d in FOUND:
        if d.kernel != name or d.code not in RACES | {"PA556"}:
            continue
        # a wrong pair is reported on its wait; the race it leaves is at the access the related site names
        out.add(d.related[1].span.line if d.code == "PA554" else d.span.line)
    return out


def test_static_check_agrees_with_the_sanitizer() -> None:
    sim_total = agree = 0
    for name in KERNELS:
        dynamic, static = _sim_lines(name), _static_lines(name)
        assert static == dynamic, name
        sim_total += len(dynamic)
        agree += len(dynamic & static)
    assert (agree, sim_total) == (15, 15)


def test_incremental_analysis_matches_a_fresh_one() -> None:
    """The check runs in the per-kernel cached analysis: an edit above shifts cached findings (their fixes too) and
    an edit inside one kernel re-checks that kernel; either way the result equals a fresh analysis."""
    from pyasc.compiler.pipeline.analysis import AnalysisCache

    cache = AnalysisCache()
    analyze(TEXT, str(PATH), Config(), cache)
    shifted = TEXT.replace("N = 256\n", "N = 256\n\n# a comment\n", 1)
    inside = TEXT.replace("    asc.abs(t, t, N)  # expect: PA551\n",
                          "    asc.abs(t, t, N)  # expect: PA551\n    asc.abs(t, t, N)\n", 1)
    for text in (shifted, inside):
        cached = [d for d in analyze(text, str(PATH), Config(), cache).diagnostics if d.code in SYNC_CODES]
        assert cached == sync_findings(text)
        assert cached and cached != FOUND
