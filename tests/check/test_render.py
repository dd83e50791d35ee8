"""The text renderer shared by pyasc and pyasc-check: location line, source line, carets under the span."""

from __future__ import annotations

import io

from pyasc.cli.render import render_text, source_excerpt, summary_line, use_color
from pyasc.compiler.diagnostics.model import Diagnostic, Fix, Related, Severity, Span, TextEdit


def _diag(span: Span, sev: Severity = Severity.ERROR, **kw) -> Diagnostic:
    return Diagnostic("PA202", sev, "asc has no function 'ad'", span, **kw)


def _caret_col(caret_line: str, shown_line: str) -> tuple[int, int]:
    """(start, width) of the carets, in terminal cells, with tabs expanded identically in both lines."""
    start = caret_line.index("^")
    return start, len(caret_line.rstrip()) - start


def test_location_line_is_one_based_and_caret_sits_under_the_span():
    text = "import pyasc as asc\n    asc.ad(z, x, y, 8)\n"
    out = render_text(_diag(Span(2, 4, 2, 10)), "k.py", text, color=False).splitlines()
    assert out[0] == "k.py:2:5: error[PA202]: asc has no function 'ad'"
    src, carets = out[1], out[2]
    assert src.endswith("    asc.ad(z, x, y, 8)")
    prefix = len(src) - len("    asc.ad(z, x, y, 8)")
    start, width = _caret_col(carets, src)
    assert start - prefix == 4
    assert width == 6
    assert carets.rstrip().endswith("^~~~~~")


def test_tabs_are_mirrored_so_carets_align_at_any_tab_width():
    line = "\t\tasc.ad(z)"
    shown, carets = source_excerpt(line + "\n", 1, 2, 1, 8)
    assert shown == line
    assert carets.startswith("\t\t^")
    # Expanded with the same tab stops, the caret lands on the 'a' of asc.
    for tab in (4, 8):
        assert shown.expandtabs(tab)[carets.expandtabs(tab).index("^")] == "a"


def test_wide_and_accented_characters_keep_carets_aligned():
    line = 'asc.printf("数据é"); asc.ad(z)'
    col = line.index("asc.ad")
    shown, carets = source_excerpt(line, 1, col, 1, col + 6)
    assert shown == line
    # Terminal cells before the span: 2 for each CJK character, 1 for the rest.
    cells = sum(2 if ch in "数据" else 1 for ch in line[:col])
    assert carets.index("^") == cells
    assert carets[cells:] == "^~~~~~"


def test_control_characters_are_shown_escaped_and_carets_follow():
    line = "x = 1\x1b[31m; asc.ad(z)"
    col = line.index("asc.ad")
    shown, carets = source_excerpt(line, 1, col, 1, col + 6)
    assert "\x1b" not in shown and "\\x1b" in shown
    assert shown[carets.index("^"):].startswith("asc.ad")


def test_span_past_end_of_line_and_multiline_span_get_at_least_one_caret():
    shown, carets = source_excerpt("abc\n", 1, 3, 1, 3)
    assert carets == "   ^"
    shown, carets = source_excerpt("abc\ndef\n", 1, 1, 2, 2)
    assert carets == " ^~"  # clipped to the first line


def test_line_outside_the_text_renders_only_the_location():
    out = render_text(_diag(Span(9, 0, 9, 1)), "k.py", "one line\n", color=False)
    assert out == "k.py:9:1: error[PA202]: asc has no function 'ad'"


def test_related_and_fixes_become_note_and_help_lines():
    d = _diag(Span(1, 0, 1, 2), related=(Related(Span(3, 4, 3, 5), "first use here"),),
              fixes=(Fix("replace with 'add'", (TextEdit(Span(1, 0, 1, 2), "add"),)),))
    out = render_text(d, "k.py", "ad\n\n    x\n", color=False).splitlines()
    assert any(line.strip() == "= note: k.py:3:5: first use here" for line in out)
    assert any(line.strip() == "= help: replace with 'add'" for line in out)


def test_color_only_when_asked_and_no_color_wins(monkeypatch):
    d = _diag(Span(1, 0, 1, 2), Severity.WARNING)
    assert "\x1b[" in render_text(d, "k.py", "ad\n", color=True)
    assert "\x1b[" not in render_text(d, "k.py", "ad\n", color=False)

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert use_color(Tty()) is True
    assert use_color(io.StringIO()) is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert use_color(Tty()) is False
    assert use_color(Tty(), "always") is True


def test_summary_counts_each_severity():
    s = summary_line({Severity.ERROR: 2, Severity.WARNING: 1}, 5, 2, color=False)
    assert s == "Found 2 errors, 1 warning in 2 files (5 files checked)."
    assert summary_line({}, 1, 0, color=False) == "No findings: 1 file checked."
