"""Every generated API, called once per overload: the front end accepts what the spec declares, and clang, with the
independently written declaration header, accepts the C++ the generator emits for it."""

from __future__ import annotations

from pyasc.compiler.analysis import analyze
from pyasc.compiler.diagnostics import Severity
from pyasc.config import Config

from .synth import synthesize


def test_front_end_accepts_every_generated_overload() -> None:
    text, cases = synthesize()
    assert len(cases) > 150
    a = analyze(text, "every_api.py")
    by_line = {c.line: c for c in cases}
    errors = [(by_line.get(d.span.line), d.code, d.message) for d in a.diagnostics if d.severity == Severity.ERROR]
    assert not errors, errors[:10]
    for c in cases:
        assert a.sourcemap.statements_for_line(c.line), f"{c.api} emitted nothing"


def test_clang_accepts_the_generated_cpp_for_every_overload() -> None:
    from pyasc.toolchain import check_cpp

    text, cases = synthesize()
    a = analyze(text, "every_api.py")
    diags = check_cpp(a, Config(tidy_checks="-*"), timeout=120)
    errors = [d for d in diags if d.severity == Severity.ERROR]
    by_line = {c.line: c.code for c in cases}
    assert not errors, [(by_line.get(d.span.line, d.span.line), d.code, d.message[:160]) for d in errors][:15]
