"""Diagnostics, spans and suppression comments: the compiler's only way of talking about the user's text.

Positions are 1-based lines and 0-based columns counted in code points (characters), the way a person counts;
conversions to UTF-8 or UTF-16 happen only at the edges (the language server's convert module, SARIF output).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace


@dataclass(frozen=True, order=True, init=False)  # its own __init__, below: none generated
class Span:
    """A range of text: [start, end) with 1-based lines and 0-based code-point columns."""

    line: int
    col: int
    end_line: int
    end_col: int

    def __init__(self, line: int, col: int, end_line: int, end_col: int) -> None:
        # Frozen all the same (assignment still raises); writing the fields straight into the instance dict costs
        # half of the generated __init__, and an analysis makes hundreds of spans per kernel.
        d = self.__dict__
        d["line"] = line
        d["col"] = col
        d["end_line"] = end_line
        d["end_col"] = end_col

    def __reduce__(self) -> tuple[type[Span], tuple[int, int, int, int]]:
        # Pickled as its four numbers (the language server's start-up worker sends analyses across a pipe).
        return (Span, (self.line, self.col, self.end_line, self.end_col))

    def contains(self, line: int, col: int) -> bool:
        """True when (line, col) lies inside the span (end inclusive, so a cursor after a token still hits it)."""
        return (self.line, self.col) <= (line, col) <= (self.end_line, self.end_col)

    def encloses(self, other: Span) -> bool:
        return (self.line, self.col) <= (other.line, other.col) and (other.end_line, other.end_col) <= (
            self.end_line,
            self.end_col,
        )

    @property
    def size(self) -> tuple[int, int]:
        return (self.end_line - self.line, self.end_col - self.col if self.end_line == self.line else 10**6)

    def __str__(self) -> str:
        return f"{self.line}:{self.col}-{self.end_line}:{self.end_col}"


class Severity(enum.IntEnum):
    """Ordered so that `severity >= Severity.WARNING` reads naturally."""

    HINT = 1
    INFO = 2
    WARNING = 3
    ERROR = 4

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Related:
    """A second site that explains a diagnostic (the other side of a dtype conflict)."""

    span: Span
    message: str
    path: str | None = None


@dataclass(frozen=True)
class TextEdit:
    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    """A suggested change: 'did you mean add?' becomes an edit a code action can apply."""

    title: str
    edits: tuple[TextEdit, ...]


def replace_fix(span: Span, new: str) -> Fix:
    """The did-you-mean fix: replace the text of `span` with `new`."""
    return Fix(f"Replace with '{new}'", (TextEdit(span, new),))


@dataclass(frozen=True)
class Diagnostic:
    """One finding, with a stable code and the exact span it is about."""

    code: str
    severity: Severity
    message: str
    span: Span
    source: str = "pyasc"
    related: tuple[Related, ...] = ()
    fixes: tuple[Fix, ...] = ()
    unnecessary: bool = False
    """Unused code: editors grey it out (LSP DiagnosticTag.Unnecessary)."""
    kernel: str | None = None
    """The kernel or helper the finding belongs to, when there is one."""

    def with_severity(self, severity: Severity) -> Diagnostic:
        return replace(self, severity=severity)

    def sort_key(self) -> tuple[int, int, int, int, str]:
        return (self.span.line, self.span.col, self.span.end_line, self.span.end_col, self.code)


@dataclass
class DiagnosticSink:
    """Collects diagnostics while a pass runs; passes never raise for user errors."""

    items: list[Diagnostic] = field(default_factory=list)
    kernel: str | None = None

    def add(self, diag: Diagnostic) -> None:
        if diag.kernel is None and self.kernel is not None:
            diag = replace(diag, kernel=self.kernel)
        self.items.append(diag)


_IGNORE = re.compile(r"#\s*pyasc:\s*ignore(?:\[(?P<codes>[A-Za-z0-9_,\s-]+)\])?")


def suppressions(text: str) -> dict[int, frozenset[str] | None]:
    """Map line -> codes suppressed by a `# pyasc: ignore[CODE, ...]` comment (None means every code)."""
    out: dict[int, frozenset[str] | None] = {}
    if "pyasc:" not in text:
        return out
    for number, line in enumerate(text.splitlines(), start=1):
        if "#" not in line:
            continue
        m = _IGNORE.search(line)
        if m is None:
            continue
        codes = m.group("codes")
        out[number] = None if codes is None else frozenset(c.strip() for c in codes.split(",") if c.strip())
    return out


def is_suppressed(diag: Diagnostic, table: dict[int, frozenset[str] | None]) -> bool:
    """A diagnostic is suppressed by a comment on its first line naming its code (or naming none)."""
    codes = table.get(diag.span.line, frozenset())
    return codes is None or diag.code in codes
