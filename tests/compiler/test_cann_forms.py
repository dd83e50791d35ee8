"""The forms of CANN's pyasc language our static front end speaks: one kernel file per form under cann/, each
analyzed with its exact diagnostics and its C++ compared with a golden (tests/compiler/goldens/cann/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.analysis import analyze

from .test_goldens import GOLDENS, _check

HERE = Path(__file__).parent / "cann"
FORMS = sorted(HERE.glob("*.py"))

EXPECTED: dict[str, list[tuple[str, int]]] = {
    # (code, line) of every diagnostic of the file
    "dtype_methods": [("PA406", 7), ("PA406", 7)],
}


@pytest.mark.parametrize("form", FORMS, ids=lambda p: p.stem)
def test_form_diagnostics_and_cpp(form: Path, update_goldens: bool) -> None:
    text = form.read_text(encoding="utf-8")
    analysis = analyze(text, str(form))
    got = sorted((d.code, d.span.line) for d in analysis.diagnostics)
    assert got == sorted(EXPECTED[form.stem]), [(d.code, d.span.line, d.message) for d in analysis.diagnostics]
    _check(GOLDENS / "cann" / f"{form.stem}.cpp", analysis.cpp, update_goldens)


def test_every_form_has_expectations() -> None:
    assert sorted(EXPECTED) == [p.stem for p in FORMS]
