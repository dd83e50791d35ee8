"""ast's UTF-8 byte columns as code-point columns, per line, cheaply for ASCII lines: every Span the front end makes
goes through here."""

from __future__ import annotations

import ast

from ..diagnostics.model import Span


class Positions:
    """Converts ast's UTF-8 byte columns to code-point columns, per line, cheaply for ASCII lines."""

    def __init__(self, text: str, lines: list[str] | None = None) -> None:
        self.lines = lines if lines is not None else text.split("\n")
        # One C-level check covers the common all-ASCII file; otherwise lines are classified as they are asked for.
        self._all_ascii = text.isascii()
        self._ascii: dict[int, bool] = {}

    def col(self, line: int, byte_col: int) -> int:
        if self._all_ascii or line < 1 or line > len(self.lines):
            return byte_col
        text = self.lines[line - 1]
        ascii_line = self._ascii.get(line)
        if ascii_line is None:
            ascii_line = self._ascii[line] = text.isascii()
        if ascii_line:
            return byte_col
        return len(text.encode("utf-8")[:byte_col].decode("utf-8", errors="ignore"))

    def span(self, node: ast.AST) -> Span:
        if self._all_ascii:  # byte columns are code-point columns: the common case, taken without conversions
            try:
                end_line, end_col = node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]
            except AttributeError:  # a node made without a place (the general case below copes)
                pass
            else:
                if end_line is not None and end_col is not None:
                    return Span(node.lineno, node.col_offset, end_line, end_col)  # type: ignore[attr-defined]
        line = getattr(node, "lineno", 1)
        end_line = getattr(node, "end_lineno", None) or line
        col = self.col(line, getattr(node, "col_offset", 0))
        end_col_b = getattr(node, "end_col_offset", None)
        end_col = self.col(end_line, end_col_b) if end_col_b is not None else col
        return Span(line, col, end_line, end_col)

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    def line_span(self, line: int) -> Span:
        text = self.line_text(line)
        start = len(text) - len(text.lstrip())
        return Span(line, start, line, len(text.rstrip()))
