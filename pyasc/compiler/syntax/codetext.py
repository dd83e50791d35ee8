"""A jit function's text without its comments, line for line: what its lowering reads of its text (the syntax and
where each token stands), so that the keys of the caches made from it (helper_cache.py) hold across an edit of a
comment.  A comment is cut only where nothing can make it part of a string: the part of its line before the `#`
holds no quote, and the line is not inside a string that spans lines; any other line stays whole (a change there
counts as a change of the code)."""

from __future__ import annotations

import ast

from .module import JitFunction
from .nodememo import NodeMemo

_MEMO: NodeMemo[tuple[str, str]] = NodeMemo()
"""The function's node -> (its text, that text without comments)."""


def code_text(jit: JitFunction) -> str:
    """`jit.source` with each comment cut that certainly is one (kept per syntax node, which an edit elsewhere
    leaves as it was)."""
    source = jit.source
    if "#" not in source:
        return source
    got = _MEMO.get(jit.node)
    if got is not None and got[0] == source:
        return got[1]
    text = _cut(source, _string_lines(jit))
    _MEMO.put(jit.node, (source, text))
    return text


def _string_lines(jit: JitFunction) -> set[int]:
    """The lines of `jit.source` (0-based) that a string spanning lines touches."""
    node = jit.node
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    out: set[int] = set()
    for n in ast.walk(node):
        if isinstance(n, (ast.Constant, ast.JoinedStr)) and n.end_lineno is not None and n.end_lineno > n.lineno:
            out.update(range(n.lineno - first, n.end_lineno - first + 1))
    return out


def _cut(source: str, keep: set[int]) -> str:
    lines = source.split("\n")
    for i, line in enumerate(lines):
        at = line.find("#")
        if at < 0 or i in keep:
            continue
        head = line[:at]
        if "'" in head or '"' in head:
            continue
        lines[i] = head.rstrip()
    return "\n".join(lines)
