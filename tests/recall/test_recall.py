"""Recall of the checker against the simulator's sanitizer (issue 27): what the run stops, the checker stops.

For every bad kernel of the corpus (tests/recall/corpus.py says what it is): the simulator stops it with its
class's code on the marked line (the ground truth, checked first so that a change of the simulator shows apart),
`pyasc-check --no-cpp` reports an error on that line, and `pyasc --input` refuses it (exit 1, no
`.kernel` written).  For every twin: the simulator runs it clean and its output matches numpy, the checker
reports no error and no warning, and `pyasc --input` compiles it.  No CANN installation is needed: which files
CANN's tracer accepts was checked when they were written (bench/recall.py --oracle checks it again).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyasc import compat
from pyasc.compiler.diagnostics.model import Severity

from .corpus import CLASSES, SIM_GAPS, Kernel, check, expected_sim, kernels, simulate

ALL = kernels()
BAD = [k for k in ALL if k.bad]
OK = [k for k in ALL if not k.bad]


@pytest.fixture
def asc_runtime() -> Iterator[None]:
    compat.install()
    try:
        yield
    finally:
        compat.uninstall()


SIZES = {"copy_over_buffer": 10, "deque_hang": 8, "gm_last_tile": 8, "gm_to_gm": 7, "tbuf_before_init": 8,
         "ub_total": 7, "vec_over_slice": 10}
"""Bad kernels per class (each with its twin), so a lost file fails the test."""


def test_corpus_shape() -> None:
    """At least six bad kernels per class, each with its twin; the listed gaps exist."""
    for cls in CLASSES:
        bad = {k.path.stem[4:] for k in BAD if k.cls == cls}
        ok = {k.path.stem[3:] for k in OK if k.cls == cls}
        assert len(bad) == SIZES[cls], f"{cls}: {len(bad)} bad kernels, the corpus has {SIZES[cls]}"
        assert bad == ok, f"{cls}: kernels without a twin: {sorted(bad ^ ok)}"
    assert set(SIM_GAPS) <= {k.key for k in BAD}
    for k in BAD:
        assert k.line > 0  # exactly one marked line (Kernel.line raises otherwise)
    for k in OK:
        assert "# expect:" not in k.text, f"{k.key}: a twin carries a mark"


@pytest.mark.parametrize("kernel", BAD, ids=lambda k: k.key)
def test_sanitizer_stops_bad_kernel(kernel: Kernel, asc_runtime: None) -> None:
    got = simulate(kernel)
    want = expected_sim(kernel)
    if want is None:
        assert got.code is None, f"{kernel.key} is stopped now ({got.code}): remove it from SIM_GAPS"
        return
    assert (got.code, got.line) == (want, kernel.line), got.message


@pytest.mark.parametrize("kernel", OK, ids=lambda k: k.key)
def test_twin_runs_clean_and_matches_numpy(kernel: Kernel, asc_runtime: None) -> None:
    got = simulate(kernel)
    assert got.code is None, got.message
    assert got.matches is True


@pytest.mark.parametrize("kernel", BAD, ids=lambda k: k.key)
def test_checker_reports_error_on_the_marked_line(kernel: Kernel) -> None:
    """An error on the line the sanitizer stops at; errors on later lines may be right too (a buffer too small
    for its copy is too small for the op that reads it next), so they are not counted against the checker here:
    precision is what the twins hold."""
    errors = [d for d in check(kernel.path) if d.severity == Severity.ERROR]
    assert kernel.line in {d.span.line for d in errors}, [f"{d.span.line}: {d.code} {d.message}" for d in errors]


@pytest.mark.parametrize("kernel", OK, ids=lambda k: k.key)
def test_checker_is_silent_on_twin(kernel: Kernel) -> None:
    found = [f"{d.span.line}: {d.severity.name} {d.code} {d.message}" for d in check(kernel.path)
             if d.severity >= Severity.WARNING]
    assert found == []


@pytest.mark.parametrize("kernel", BAD, ids=lambda k: k.key)
def test_pyasc_refuses_bad_kernel(kernel: Kernel, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pyasc.cli.main import main

    out = tmp_path / "k.kernel"
    assert main(["--input", str(kernel.path), "--output", str(out), "--no-cpp"]) == 1
    assert not out.exists()
    assert re.search(rf":{kernel.line}:\d+: error\[", capsys.readouterr().err)


@pytest.mark.parametrize("kernel", OK, ids=lambda k: k.key)
def test_pyasc_compiles_twin(kernel: Kernel, tmp_path: Path) -> None:
    from pyasc.cli.main import main

    out = tmp_path / "k.kernel"
    assert main(["--input", str(kernel.path), "--output", str(out), "--no-cpp"]) == 0
    assert out.exists()
