"""Parsing with recovery: a file that does not parse is parsed per top-level unit, so one bad line costs only its unit;
an edit re-parses only the units whose text changed."""

from __future__ import annotations

import ast
import re
import threading
from collections import OrderedDict
from collections.abc import Iterator

from ..diagnostics.model import Diagnostic, Severity, Span
from .funcparse import CONTINUATION, parse_function, remember
from .funcparse import quiet_parse as _parse

_UNIT_LINE = re.compile(r"\n([^\s#)\]}][^\n]*)")


_FIRST_LINE = re.compile(r"([^\s#)\]}][^\n]*)")


_UNIT_CACHE: OrderedDict[tuple[str, int], list[ast.stmt]] = OrderedDict()


_UNIT_CACHE_MIN = 48
"""Parsed units kept: at most this many, or twice the units of the text parsed last if that is more (a 2,000-line
file has about 100), and within the character bound below."""

_UNIT_CACHE_MIN_CHARS = 64_000
"""Characters of unit text kept: at most this many, or twice the text parsed last if that is more.  A unit's AST
costs about 40 bytes per character of its text (a 9 KB kernel, 360 KB), and every edit of a unit adds a version of
it: a bound on units alone kept a hundred versions of a large kernel (50 MB) where its file had a hundred small
units.  Units of other files that fall out are parsed again when those files are."""


_UNIT_LOCK = threading.Lock()
"""Guards _UNIT_CACHE: the language server analyzes in more than one thread (its analysis thread, and the warm-up
of its kernel cache at start)."""


def _units(lines: list[str], text: str | None = None) -> list[tuple[int, int]]:
    """Candidate top-level units as [start, end) line indexes: a unit starts at a line in column 0 that does not
    continue the previous statement; decorators join the definition they precede."""
    if text is None:
        text = "\n".join(lines)
    starts: list[int] = []
    prev_decorator = False
    line_no = 0
    at = 0
    # Only lines starting in column 0 can start a unit: the regex jumps from newline to newline (a literal first
    # character lets it search instead of trying every position) and stops at those lines only.
    head = _FIRST_LINE.match(text)
    candidates = [(0, head.group(1))] if head is not None else []
    candidates += [(m.start() + 1, m.group(1)) for m in _UNIT_LINE.finditer(text)]
    for pos, first in candidates:
        line_no += text.count("\n", at, pos)
        at = pos
        if CONTINUATION.match(first):
            continue
        if line_no and lines[line_no - 1].endswith("\\"):
            continue
        if not prev_decorator:
            starts.append(line_no)
        prev_decorator = first.startswith("@")
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    return list(zip(starts, starts[1:] + [len(lines)], strict=True))


def _string_close(lines: list[str], exc: SyntaxError) -> int | None:
    """The line index where the triple-quoted string a SyntaxError says is unterminated closes in the whole text
    (`lines`), or None (another error, or closed nowhere)."""
    if not str(exc.msg).startswith("unterminated triple-quoted string") or not exc.lineno:
        return None
    row = exc.lineno - 1
    if row >= len(lines):
        return None
    line = lines[row]
    start = max(0, (exc.offset or 1) - 1)
    found = [(line.find(q, start), q) for q in ('"""', "'''")]
    found = [(at, q) for at, q in found if at >= 0]
    if not found:
        return None
    at, quote = min(found)
    at += 3
    for index in range(row, len(lines)):
        text = lines[index]
        pos = text.find(quote, at if index == row else 0)
        if pos >= 0:
            return index
    return None


def _parse_incremental(text: str, lines: list[str] | None = None) -> ast.Module | None:
    """Parse unit by unit, reusing the statements of units whose text and position did not change.

    Returns None when any unit does not parse on its own (a split inside brackets, or a real error); the caller then
    parses the whole text, so the result is always the one `ast.parse` gives.
    """
    if lines is None:
        lines = text.split("\n")
    body: list[ast.stmt] = []
    spans = _units(lines, text)
    try:
        for _a, _b, got in _parsed_units(lines, spans):
            if isinstance(got, BaseException):
                return None
            body.extend(got)
    finally:  # also when a unit does not parse and the whole text is parsed instead: the units added stay bounded
        _trim(max(_UNIT_CACHE_MIN, 2 * len(spans)), max(_UNIT_CACHE_MIN_CHARS, 2 * len(text)))
    return ast.Module(body=body, type_ignores=[])


def _parsed_units(lines: list[str],
                  spans: list[tuple[int, int]]) -> Iterator[tuple[int, int, list[ast.stmt] | Exception]]:
    """Each unit of `spans` with its statements, or the error it does not parse with, as [start, end) line indexes.

    Statements come from the unit cache when the unit's text and first line are those of a unit parsed before.  A
    unit split inside a triple-quoted string (a module docstring with lines in column 0) ends with the unit that
    closes the string: it is joined with the units up to there and parsed again."""
    i = 0
    while i < len(spans):
        a, b = spans[i]
        i += 1
        chunk = "\n".join(lines[a:b])
        if not chunk.strip():
            continue
        while True:
            key = (chunk, a)
            with _UNIT_LOCK:
                stmts = _UNIT_CACHE.get(key)
                if stmts is not None:
                    _UNIT_CACHE.move_to_end(key)
            if stmts is not None:
                yield a, b, stmts
                break
            try:
                # a long function: only its statements whose text changed; else the unit, with leading newlines
                # that give the parser the unit's real line numbers, cheaper than shifting every node
                stmts = parse_function(lines, a, b, chunk)
                if stmts is None:
                    stmts = _parse("\n" * a + chunk).body
                    remember(lines, a, b, chunk, stmts)
            except SyntaxError as exc:
                close = _string_close(lines, exc)
                if close is not None and close >= b:
                    while i < len(spans) and b <= close:
                        b = spans[i][1]
                        i += 1
                    if b > close:
                        chunk = "\n".join(lines[a:b])
                        continue
                yield a, b, exc
                break
            except (ValueError, RecursionError, MemoryError) as exc:
                yield a, b, exc
                break
            with _UNIT_LOCK:
                _UNIT_CACHE[key] = stmts
            yield a, b, stmts
            break


def _trim(units: int, chars: int) -> None:
    """Drop the least recently used units until at most `units` of them, of `chars` characters in all, are left
    (the units of the text just parsed were used last, so they stay unless that text alone is over the bound)."""
    with _UNIT_LOCK:
        held = sum(len(text) for text, _ in _UNIT_CACHE)
        while _UNIT_CACHE and (len(_UNIT_CACHE) > units or held > chars):
            (text, _), _stmts = _UNIT_CACHE.popitem(last=False)
            held -= len(text)


def parse_module(text: str, lines: list[str] | None = None) -> tuple[ast.Module, list[Diagnostic], list[Span]]:
    """Parse, falling back to per-unit parsing so one broken function leaves the rest analyzable."""
    if len(text) > 4000:
        tree = _parse_incremental(text, lines)
        if tree is not None:
            return tree, [], []
    try:
        return _parse(text, type_comments=False), [], []
    except SyntaxError as exc:
        first_error = exc
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        return ast.Module(body=[], type_ignores=[]), [_syntax_diag(text, 1, 0, str(exc))], [Span(1, 0, 1, 0)]
    # Recovery: the units that parse, each alone, and a syntax error for each one that does not.  The units are those
    # of the incremental parse (a decorator, an `else:` or a line after a backslash stays with its statement; a
    # docstring with lines in column 0 is one unit), and so are their cached statements: a keystroke that breaks one
    # function parses that function again, not the file.
    lines = text.split("\n")
    spans = _units(lines, text)
    body: list[ast.stmt] = []
    diags: list[Diagnostic] = []
    broken: list[Span] = []
    for a, b, got in _parsed_units(lines, spans):
        if isinstance(got, SyntaxError):
            diags.append(_syntax_diag(text, got.lineno or a + 1, max(0, (got.offset or 1) - 1), got.msg))
            broken.append(Span(a + 1, 0, b, 0))
        elif isinstance(got, Exception):
            diags.append(_syntax_diag(text, a + 1, 0, str(got)))
            broken.append(Span(a + 1, 0, b, 0))
        else:
            body.extend(got)
    _trim(max(_UNIT_CACHE_MIN, 2 * len(spans)), max(_UNIT_CACHE_MIN_CHARS, 2 * len(text)))
    if not diags:
        line = first_error.lineno or 1
        diags.append(_syntax_diag(text, line, max(0, (first_error.offset or 1) - 1), first_error.msg))
    return ast.Module(body=body, type_ignores=[]), diags, broken


def _syntax_diag(text: str, line: int, col: int, msg: str) -> Diagnostic:
    lines = text.split("\n")
    line = max(1, min(line, len(lines)))
    line_text = lines[line - 1]
    # SyntaxError offsets are 1-based character offsets (already code points on 3.10+).
    col = max(0, min(col, len(line_text)))
    end = col + 1 if col < len(line_text) else col
    return Diagnostic("PA100", Severity.ERROR, f"syntax error: {msg}", Span(line, col, line, end))
