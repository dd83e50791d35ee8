"""The client's view of a document, kept independently of the server's code: LSP lines (only \\n, \\r\\n and \\r end
a line), positions in the negotiated encoding, and edits applied by code-point offsets."""

from __future__ import annotations

import re
from dataclasses import dataclass

_EOL = re.compile(r"\r\n|\r|\n")


def lsp_lines(text: str) -> list[str]:
    """The lines of `text` as an LSP client counts them, without their terminators."""
    return _EOL.split(text)


def units(s: str, encoding: str) -> int:
    """Length of `s` in the encoding's code units."""
    if encoding == "utf-8":
        return len(s.encode("utf-8"))
    if encoding == "utf-32":
        return len(s)
    return len(s.encode("utf-16-le")) // 2


def position(text: str, offset: int, encoding: str) -> dict[str, int]:
    """The LSP position of a code-point offset (which must not split a \\r\\n pair)."""
    line = 0
    start = 0
    for m in _EOL.finditer(text, 0, offset):
        if m.end() > offset:
            break
        line += 1
        start = m.end()
    return {"line": line, "character": units(text[start:offset], encoding)}


def range_inside(text: str, rng: dict, encoding: str) -> str | None:
    """Why `rng` does not lie inside `text` (None when it does)."""
    lines = lsp_lines(text)
    points = []
    for key in ("start", "end"):
        p = rng[key]
        line, char = p["line"], p["character"]
        if not 0 <= line < len(lines):
            return f"{key} line {line} outside 0..{len(lines) - 1}"
        width = units(lines[line], encoding)
        if not 0 <= char <= width:
            return f"{key} character {char} outside 0..{width} on line {line} {lines[line]!r}"
        if encoding == "utf-16" and char < width and _splits_pair(lines[line], char):
            return f"{key} character {char} splits a surrogate pair on line {line}"
        if encoding == "utf-8" and char < width and _splits_utf8(lines[line], char):
            return f"{key} character {char} splits a UTF-8 sequence on line {line}"
        points.append((line, char))
    if points[0] > points[1]:
        return f"start {points[0]} after end {points[1]}"
    return None


def _splits_pair(line: str, char: int) -> bool:
    data = line.encode("utf-16-le")
    unit = int.from_bytes(data[2 * char:2 * char + 2], "little")
    return 0xDC00 <= unit <= 0xDFFF


def _splits_utf8(line: str, char: int) -> bool:
    data = line.encode("utf-8")
    return (data[char] & 0xC0) == 0x80


@dataclass(frozen=True)
class Edit:
    """Replace text[start:end] with `new` (code-point offsets)."""

    start: int
    end: int
    new: str

    def apply(self, text: str) -> str:
        return text[:self.start] + self.new + text[self.end:]

    def change_event(self, text: str, encoding: str) -> dict:
        """The incremental contentChange that makes this edit, in the client's positions."""
        return {"range": {"start": position(text, self.start, encoding), "end": position(text, self.end, encoding)},
                "text": self.new}


def safe_offset(text: str, offset: int) -> int:
    """`offset` moved off the middle of a \\r\\n pair (a position cannot address it)."""
    offset = max(0, min(offset, len(text)))
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        offset -= 1
    return offset
