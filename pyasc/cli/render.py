"""The human text format shared by `pyasc` and `pyasc-check`: one location line, the source line, carets under the span.

Both tools print through `render_text`, so an error looks the same whether it came from compiling or from checking.
Columns shown are 1-based characters, the way editors number them; the caret line mirrors tabs and counts East
Asian wide characters as two cells, so the carets stay under the span in a terminal.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from typing import TextIO

from ..compiler.diagnostics.model import Diagnostic, Severity

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_SEV_COLOR = {
    Severity.ERROR: "\x1b[1;31m",
    Severity.WARNING: "\x1b[1;33m",
    Severity.INFO: "\x1b[1;36m",
    Severity.HINT: "\x1b[1;32m",
}
_NOTE = "\x1b[1;34m"
_WORDS = {Severity.ERROR: ("error", "errors"), Severity.WARNING: ("warning", "warnings"),
          Severity.INFO: ("info", "info"), Severity.HINT: ("hint", "hints")}
_DIM = "\x1b[2m"


def use_color(stream: TextIO, choice: str = "auto") -> bool:
    """Colour only on a terminal, never when NO_COLOR is set (https://no-color.org), unless forced with 'always'."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False


def _cell(ch: str) -> tuple[str, str]:
    """(what the source line shows for `ch`, the blank the caret line puts under it)."""
    if ch == "\t":
        return "\t", "\t"
    if unicodedata.category(ch) in ("Cc", "Cf") or ch in "\u2028\u2029":
        # Control characters could move the cursor or recolour the terminal; show them as a visible escape.
        shown = f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}"
        return shown, " " * len(shown)
    if unicodedata.combining(ch):
        return ch, ""
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return ch, "  "
    return ch, " "


def _line_of(source_text: str, line: int) -> str | None:
    lines = re.split(r"\r\n|\r|\n", source_text)  # the line ends Python and LSP count, no others
    if 1 <= line <= len(lines):
        return lines[line - 1]
    return None


def source_excerpt(source_text: str, line: int, col: int, end_line: int, end_col: int) -> tuple[str, str] | None:
    """The displayed source line and the caret line under [col, end) (clipped to the first line of the span)."""
    text = _line_of(source_text, line)
    if text is None:
        return None
    col = max(0, min(col, len(text)))
    stop = end_col if end_line == line else len(text)
    stop = max(col + 1, min(stop, len(text))) if text else col + 1
    shown: list[str] = []
    pad: list[str] = []
    marks: list[str] = []
    for i, ch in enumerate(text):
        s, blank = _cell(ch)
        shown.append(s)
        if i < col:
            pad.append(blank)
        elif i < stop:
            marks.append(blank.replace("\t", "    ") if ch == "\t" else blank)
    width = sum(len(m) for m in marks)
    if stop > len(text):  # a span at (or past) the end of the line: one caret after the last character
        width += stop - max(col, len(text))
    width = max(width, 1)
    return "".join(shown), "".join(pad) + "^" + "~" * (width - 1)


def render_text(diag: Diagnostic, path: str, source_text: str, color: bool) -> str:
    """`path:line:col: severity[CODE]: message`, the source line, the caret line, then notes and suggestions."""
    sp = diag.span
    sev = diag.severity
    label = sev.label
    col = sp.col + 1
    if color:
        head = (f"{_BOLD}{path}:{sp.line}:{col}:{_RESET} {_SEV_COLOR[sev]}{label}[{diag.code}]{_RESET}: "
                f"{_BOLD}{diag.message}{_RESET}")
    else:
        head = f"{path}:{sp.line}:{col}: {label}[{diag.code}]: {diag.message}"
    out = [head]
    excerpt = source_excerpt(source_text, sp.line, sp.col, sp.end_line, sp.end_col)
    gutter = len(str(sp.line))
    if excerpt is not None:
        shown, carets = excerpt
        bar = f"{_DIM}|{_RESET}" if color else "|"
        num = f"{_DIM}{sp.line}{_RESET}" if color else str(sp.line)
        out.append(f" {num} {bar} {shown}")
        marks = f"{_SEV_COLOR[sev]}{carets}{_RESET}" if color else carets
        out.append(f" {' ' * gutter} {bar} {marks}")
    for rel in diag.related:
        where = f"{rel.path or path}:{rel.span.line}:{rel.span.col + 1}"
        note = f"{_NOTE}note{_RESET}" if color else "note"
        out.append(f" {' ' * gutter} = {note}: {where}: {rel.message}")
    for fix in diag.fixes:
        help_ = f"{_NOTE}help{_RESET}" if color else "help"
        out.append(f" {' ' * gutter} = {help_}: {fix.title}")
    return "\n".join(out)


def summary_line(counts: dict[Severity, int], files_checked: int, files_with_findings: int, color: bool) -> str:
    """The last line of a text report: what was found, in how many files, out of how many checked."""
    noun = "file" if files_checked == 1 else "files"
    parts = []
    for sev in (Severity.ERROR, Severity.WARNING, Severity.INFO, Severity.HINT):
        n = counts.get(sev, 0)
        if n:
            text = f"{n} {_WORDS[sev][n != 1]}"
            parts.append(f"{_SEV_COLOR[sev]}{text}{_RESET}" if color else text)
    if not parts:
        msg = f"No findings: {files_checked} {noun} checked."
        return f"{_BOLD}{msg}{_RESET}" if color else msg
    where = f"in {files_with_findings} {'file' if files_with_findings == 1 else 'files'}"
    return f"Found {', '.join(parts)} {where} ({files_checked} {noun} checked)."


def write(stream: TextIO, text: str) -> None:
    """Write, surviving a closed pipe (`pyasc-check | head`) and encodings that cannot show the source's text."""
    try:
        stream.write(text)
        stream.flush()
    except UnicodeEncodeError:
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(enc, "backslashreplace").decode(enc))
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the interpreter's flush at exit
        except OSError:
            pass
