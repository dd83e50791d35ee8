"""A diagnostic's Fix applied to the text, as an editor applies a code action's edits (for tests that re-analyze
the fixed file)."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Fix


def apply_fix(text: str, fix: Fix) -> str:
    lines = text.split("\n")
    for edit in sorted(fix.edits, key=lambda e: (e.span.line, e.span.col), reverse=True):
        s = edit.span
        head, tail = lines[s.line - 1][:s.col], lines[s.end_line - 1][s.end_col:]
        lines[s.line - 1:s.end_line] = (head + edit.new_text + tail).split("\n")
    return "\n".join(lines)
