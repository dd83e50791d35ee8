"""A long top-level function parsed statement by statement of its body, reusing the statements whose text and line
did not change: an edit inside a 200-line kernel re-parses the statement edited, not the kernel (parse.py re-parses
the unit whose text changed, and a kernel is one unit).

The result is the tree `ast.parse` gives the function, or None (the caller parses the unit whole, and `remember`
keeps its statements as pieces for the next edit).  Why it is the same: the body is cut at lines of the body's
indentation only; a piece that ends inside a string, brackets or a backslash continuation does not parse on its own
(the tokenizer is where the whole parse's is at the piece's start, by induction, and ends inside that string or
bracket), and is joined with the next piece and parsed again.  Each piece is parsed as the body of a `def` (which no
`else:` can continue) after as many newlines as it has lines before it, so its lines, columns and end positions are
those of the whole parse; the parser reads no context (`return`, `yield`, `await` parse anywhere: only the compiler,
which never runs here, objects).  The function node is the header's, parsed with a `pass` body, with the pieces'
statements as its body and their end as its end.
"""

from __future__ import annotations

import ast
import re
import threading
import warnings
from collections import OrderedDict

MIN_LINES = 24
"""Shorter functions are parsed whole: cutting them costs about what it saves."""

_MAX_NEW = 0.75
_PIECE_COST = 2
"""The function is parsed whole when its pieces not parsed before (lines were added above them, so they moved; or
the function is new) would cost more than this share of the body's lines to parse, a parse costing about as much as
_PIECE_COST lines on top of its lines: one parse of it then costs less than the many small ones."""

_PIECES: OrderedDict[tuple[str, int], list[ast.stmt]] = OrderedDict()
"""Statements by (piece text, first line)."""
PIECES_MAX = 2048
PIECES_MAX_CHARS = 60_000
"""Bounds of _PIECES: entries, and characters of the pieces' texts (a piece may be a loop holding most of a kernel,
and each edit inside it adds one: counted in entries alone, a long session would keep thousands of such trees).  A
tree costs about 45 bytes per character of its text, so this is under 3 MB, and less, as the pieces of the
functions the unit cache holds are the same trees."""
_held = 0
"""Characters of the texts of _PIECES's keys."""
_HEADERS: OrderedDict[tuple[str, int], ast.FunctionDef | ast.AsyncFunctionDef | bool] = OrderedDict()
"""A function's header parsed with a `pass` body, by (header text, first line); False: those lines are not a
complete header."""
HEADERS_MAX = 256
_LOCK = threading.Lock()
"""Guards both caches: the language server analyzes in more than one thread."""

_DEF = re.compile(r"(?:async[ \t]+)?def[ \t]")
CONTINUATION = re.compile(r"(?:else|elif|except|finally)\b")
"""A line starting so continues the statement before it (matched at its first non-blank character)."""


def quiet_parse(source: str, **kwargs: bool) -> ast.Module:
    """ast.parse without SyntaxWarnings on stderr: the user's text is data here, and the warnings (`1if x`) are
    not ours to print."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.parse(source, **kwargs)


def _get(cache: OrderedDict, key: tuple[str, int]):  # noqa: ANN202 - either cache's values
    with _LOCK:
        got = cache.get(key)
        if got is not None:
            cache.move_to_end(key)
        return got


def _put_header(key: tuple[str, int], node: ast.FunctionDef | ast.AsyncFunctionDef | bool) -> None:
    with _LOCK:
        _HEADERS[key] = node
        while len(_HEADERS) > HEADERS_MAX:
            _HEADERS.popitem(last=False)


def _put_pieces(items: list[tuple[tuple[str, int], list[ast.stmt]]]) -> None:
    global _held
    with _LOCK:
        for key, stmts in items:
            if key not in _PIECES:
                _held += len(key[0])
            _PIECES[key] = stmts
        while _PIECES and (len(_PIECES) > PIECES_MAX or _held > PIECES_MAX_CHARS):
            old, _ = _PIECES.popitem(last=False)
            _held -= len(old[0])


def _header(lines: list[str], a: int, d: int, b: int) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, int] | None:
    """The function's node without its body, and the index of its body's first line: the first line after the
    `def` line (lines[d]) such that the lines before it parse as a complete `def` (an earlier cut ends inside the
    signature and does not parse)."""
    for s in range(d + 1, b):
        stripped = lines[s].lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        indent = lines[s][: len(lines[s]) - len(stripped)]
        if not indent and stripped[0] in ")]}":
            continue  # `) -> None:` closing a signature in column 0
        if not indent or lines[s - 1].endswith("\\"):
            return None  # a line in column 0, or one the line before continues: left to the whole parse
        text = "\n".join(lines[a:s])
        key = (text, a)
        node = _get(_HEADERS, key)
        if node is None:
            try:
                tree = quiet_parse("\n" * a + text + "\n" + indent + "pass")
                node = tree.body[0] if len(tree.body) == 1 else False
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                node = False  # the signature goes on: kept too, so the next edit does not try it again
            if node is not False and (not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                                      or len(node.body) != 1):
                return None  # not one function, or its header holds statements of its body (on the `def` line)
            _put_header(key, node)
        if node is not False:
            return node, s
    return None


def _cuts(lines: list[str], s: int, b: int, indent: str) -> list[int]:
    """Where the body's statements may start: lines at the body's indentation that do not continue the statement
    before them (`else:`, a closing bracket, after a backslash), follow no decorator and are not inside a
    triple-quoted string (as far as a look for its quotes tells: a wrong cut only costs a join)."""
    starts = [s]
    width = len(indent)
    prev_decorator = lines[s][width:].startswith("@")
    quote = _open_quote(lines[s], None)
    for i in range(s + 1, b):
        line = lines[i]
        if quote is not None:
            quote = _open_quote(line, quote)
            continue
        quote = _open_quote(line, None)
        if not line.startswith(indent) or len(line) == width:
            continue
        first = line[width]
        if first in " \t#)]}" or CONTINUATION.match(line, width) or lines[i - 1].endswith("\\"):
            continue
        if not prev_decorator:
            starts.append(i)
        prev_decorator = first == "@"
    return starts


def _open_quote(line: str, quote: str | None) -> str | None:
    """The triple quote still open after the line, given the one open before it (None: none)."""
    if '"""' not in line and "'''" not in line:
        return quote
    at = 0
    while True:
        if quote is None:
            hits = [(line.find(q, at), q) for q in ('"""', "'''")]
            hits = [(pos, q) for pos, q in hits if pos >= 0]
            comment = line.find("#", at)
            if not hits or 0 <= comment < min(hits)[0]:
                return None
            pos, quote = min(hits)
            at = pos + 3
        else:
            pos = line.find(quote, at)
            if pos < 0:
                return quote
            quote, at = None, pos + 3


def parse_function(lines: list[str], a: int, b: int, chunk: str) -> list[ast.stmt] | None:
    """The unit lines[a:b] (`chunk`: one top-level function, decorators included) as `ast.parse` gives it, or
    None (the caller parses it whole)."""
    if b - a < MIN_LINES or "\t" in chunk or "\f" in chunk or "\r" in chunk:
        return None  # short, or with characters the tokenizer counts lines or indentation by in its own way
    d = next((i for i in range(a, min(b, a + 32)) if _DEF.match(lines[i])), None)
    if d is None:
        return None
    got = _header(lines, a, d, b)
    if got is None:
        return None
    template, s = got
    indent = lines[s][: len(lines[s]) - len(lines[s].lstrip())]
    starts = _cuts(lines, s, b, indent) + [b]
    pieces: list[tuple[int, int, list[ast.stmt] | None]] = []
    cost = 0
    for p, q in zip(starts, starts[1:], strict=False):
        stmts = _get(_PIECES, ("\n".join(lines[p:q]), p))
        if stmts is None:
            cost += q - p + _PIECE_COST
        pieces.append((p, q, stmts))
    if cost > _MAX_NEW * (b - s):
        return None
    body: list[ast.stmt] = []
    i = 0
    while i < len(pieces):
        p, q, stmts = pieces[i]
        i += 1
        while stmts is None:
            text = "\n".join(lines[p:q])
            stmts = _get(_PIECES, (text, p))  # (a piece joined with the next may have been parsed so before)
            if stmts is not None:
                break
            try:
                tree = quiet_parse("\n" * (p - 1) + "def _():\n" + text)
            except SyntaxError:
                if i == len(pieces):
                    return None
                q = pieces[i][1]  # it ends inside a string or brackets: joined with the next piece
                i += 1
                continue
            except (ValueError, RecursionError, MemoryError):
                return None
            if len(tree.body) != 1:
                return None  # a statement in column 0 ends the function: not a piece of it
            stmts = tree.body[0].body  # type: ignore[attr-defined]
            _put_pieces([((text, p), stmts)])
        body.extend(stmts)
    if not body:
        return None
    fields = {name: getattr(template, name) for name in template._fields}
    fields["body"] = body
    node = type(template)(**fields)
    node.lineno, node.col_offset = template.lineno, template.col_offset
    node.end_lineno, node.end_col_offset = body[-1].end_lineno, body[-1].end_col_offset
    return [node]


def remember(lines: list[str], a: int, b: int, chunk: str, stmts: list[ast.stmt]) -> None:
    """Keep the statements of a function parsed whole (`stmts`, of the unit lines[a:b]) as the pieces
    `parse_function` cuts it into, so that the next edit of it parses only its edited statement."""
    if b - a < MIN_LINES or len(stmts) != 1 or not isinstance(stmts[0], (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or "\t" in chunk or "\f" in chunk or "\r" in chunk:
        return
    starts: list[tuple[int, list[ast.stmt]]] = []
    for stmt in stmts[0].body:
        decorators = getattr(stmt, "decorator_list", None)
        first = min([stmt.lineno] + [d.lineno for d in decorators]) if decorators else stmt.lineno
        if starts and starts[-1][0] == first - 1:
            starts[-1][1].append(stmt)  # `x = 1; y = 2`: one piece
        else:
            starts.append((first - 1, [stmt]))
    ends = [p for p, _ in starts[1:]] + [b]
    _put_pieces([(("\n".join(lines[p:q]), p), group) for (p, group), q in zip(starts, ends, strict=True)])


def clear() -> None:
    """Forget every kept piece and header."""
    global _held
    with _LOCK:
        _PIECES.clear()
        _HEADERS.clear()
        _held = 0
