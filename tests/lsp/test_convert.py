"""pyasc positions and diagnostics as LSP sees them, in each position encoding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lsprotocol import types

from pyasc.compiler.diagnostics.model import Diagnostic, Related, Severity, Span
from pyasc_lsp import convert

ENCODED = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}
UNIT = {"utf-8": 1, "utf-16": 2, "utf-32": 4}


def units(text: str, encoding: str) -> int:
    return len(text.encode(ENCODED[encoding])) // UNIT[encoding]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
@given(lines=st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r"),
                                      max_size=12), min_size=1,
                      max_size=4), data=st.data())
def test_position_round_trip(encoding: str, lines: list[str], data: st.DataObject):
    text = "\n".join(lines)
    pos = convert.Positions(text, encoding)
    line = data.draw(st.integers(1, len(lines)))
    col = data.draw(st.integers(0, len(lines[line - 1])))
    lsp = pos.position(line, col)
    assert lsp == types.Position(line - 1, units(lines[line - 1][:col], encoding))
    assert pos.from_position(lsp) == (line, col)


def test_position_inside_a_surrogate_pair_lands_before_the_character():
    pos = convert.Positions('s = "😀x"', "utf-16")
    assert pos.position(1, 6) == types.Position(0, 7)
    assert pos.from_position(types.Position(0, 6)) == (1, 5)
    assert pos.from_position(types.Position(0, 99)) == (1, 8), "past the end clamps to the end"


def test_diagnostic_fields():
    diag = Diagnostic("PA701", Severity.WARNING, "'v' is assigned but never used", Span(2, 4, 2, 5),
                      related=(Related(Span(1, 0, 1, 1), "first here"),), unnecessary=True)
    pos = convert.Positions("x = 1\n    v = 2\n")
    out = convert.diagnostic(diag, pos, "file:///k.py", "/k.py", "file:///docs/diagnostics.md")
    assert out.range == types.Range(types.Position(1, 4), types.Position(1, 5))
    assert out.severity == types.DiagnosticSeverity.Warning
    assert out.code == "PA701" and out.source == "pyasc"
    assert out.code_description.href == "file:///docs/diagnostics.md#pa701"
    assert out.tags == [types.DiagnosticTag.Unnecessary]
    [rel] = out.related_information
    assert rel.location.uri == "file:///k.py" and rel.message == "first here"


@pytest.mark.parametrize(("code", "href"), [
    ("PA202", "file:///d.md#pa202"),
    ("bugprone-integer-division", "https://clang.llvm.org/extra/clang-tidy/checks/bugprone/integer-division.html"),
    ("-Wunused-variable", None),
])
def test_code_links(code: str, href: str | None):
    assert convert.code_href(code, "file:///d.md") == href


@pytest.mark.parametrize(("severity", "lsp"), [
    (Severity.ERROR, types.DiagnosticSeverity.Error), (Severity.WARNING, types.DiagnosticSeverity.Warning),
    (Severity.INFO, types.DiagnosticSeverity.Information), (Severity.HINT, types.DiagnosticSeverity.Hint),
])
def test_severities(severity: Severity, lsp: types.DiagnosticSeverity):
    diag = Diagnostic("PA101", severity, "m", Span(1, 0, 1, 1))
    assert convert.diagnostic(diag, convert.Positions("x"), "file:///k.py", "/k.py", None).severity == lsp
