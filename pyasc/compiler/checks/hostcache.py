"""The host check's findings (PA306, hostcheck.py) reused while what they are made of did not change: an edit inside
a kernel's body, the common edit, cannot change host code, and checking it again cost about as much as the rest of
the module scan.

What the check reads, and so the key: the text of every top-level statement that is not a jit function (host code,
kernels nested in host functions included), the header of every module-level jit function (decorators, name and
parameters: its body is kernel code, never read), which names are kernels and which of them are local, the
signatures of kernels imported from other files, the module's constants and asc aliases, and what the reader gives
for the modules imported whole.  Line numbers are not part of it: a statement that merely moved keeps its findings,
shifted by as many lines as it moved, and each finding's "defined here" points at where its kernel is now.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..diagnostics.model import Diagnostic, Related, Span
from ..syntax.module import JitFunction, ModuleInfo

SIZE = 64
"""Findings kept, by entries: a key holds the host code's text, so memory stays flat however long the session."""


@dataclass(frozen=True)
class _Entry:
    starts: tuple[int, ...]
    """The first line of each top-level statement when the findings were computed."""
    findings: tuple[tuple[Diagnostic, str | None], ...]
    """Each finding, with the qualname of the local kernel it is about (None: one of another file)."""


_CACHE: OrderedDict[tuple[object, ...], _Entry] = OrderedDict()
_LOCK = threading.Lock()
"""Guards _CACHE and the counters: the language server analyzes in more than one thread."""
hits = 0
misses = 0
"""How often the findings were reused and computed (read by tests, as differences across two analyses)."""


def _header(lines: list[str], at: int, first: int, jit: JitFunction) -> str:
    """A jit function's text from its first decorator to the end of its parameters (`lines[at]` is line `first`):
    all the host check reads of it.  The body's first line is in only when the parameters end on it."""
    node = jit.node
    args = node.args
    parts = [*args.posonlyargs, *args.args, *args.kwonlyargs, *args.defaults,
             *(d for d in args.kw_defaults if d is not None), args.vararg, args.kwarg, node.returns]
    last = max([node.lineno] + [p.end_lineno or p.lineno for p in parts if p is not None])
    if node.body and node.body[0].lineno <= last:
        last = node.body[0].lineno
    return "\n".join(lines[at: at + last - first + 1])


def _first_line(stmt: object) -> int:
    decorators = getattr(stmt, "decorator_list", None)
    line: int = stmt.lineno  # type: ignore[attr-defined]
    return min([line] + [d.lineno for d in decorators]) if decorators else line


def key(module: ModuleInfo, kernels: dict[str, JitFunction], sources: object) -> tuple[tuple[object, ...],
                                                                                      tuple[int, ...]]:
    """The key of the module's findings (see the module docstring), and the first line of each top-level
    statement (to shift findings computed when they were elsewhere)."""
    local = {id(j.node): j for j in module.jit.values()}
    lines = module.positions.lines
    parts: list[str] = []
    flags: list[bool] = []
    starts: list[int] = []
    for stmt in module.tree.body:
        first = _first_line(stmt)
        starts.append(first)
        jit = local.get(id(stmt))
        flags.append(jit is not None)
        if jit is not None:
            parts.append(_header(lines, first - 1, first, jit))
        else:
            parts.append("\n".join(lines[first - 1: stmt.end_lineno or stmt.lineno]))
    names = tuple((name, jit.qualname, jit.module is None) for name, jit in kernels.items())
    foreign = tuple(_header(jit.source.split("\n", 64), 0, _first_line(jit.node), jit)
                    for jit in kernels.values() if jit.module is not None)
    return ((tuple(parts), tuple(flags), names, foreign, tuple(module.constants), tuple(sorted(module.asc_aliases)),
             sources), tuple(starts))


def findings(key: tuple[object, ...], starts: tuple[int, ...], module: ModuleInfo,
             compute: Callable[[], list[tuple[Diagnostic, JitFunction]]]) -> list[Diagnostic]:
    """The findings under `key`: reused (shifted to where their statements are now) or computed and kept."""
    global hits, misses
    with _LOCK:
        entry = _CACHE.get(key)
        if entry is not None:
            _CACHE.move_to_end(key)
            hits += 1
        else:
            misses += 1
    if entry is None:
        entry = _Entry(starts, tuple((d, j.qualname if j.module is None else None) for d, j in compute()))
        with _LOCK:
            _CACHE[key] = entry
            while len(_CACHE) > SIZE:
                _CACHE.popitem(last=False)
    return [_placed(d, qualname, entry.starts, starts, module) for d, qualname in entry.findings]


def _placed(diag: Diagnostic, qualname: str | None, old: tuple[int, ...], new: tuple[int, ...],
            module: ModuleInfo) -> Diagnostic:
    """A kept finding where its statement is now, pointing at where its kernel is defined now."""
    at = bisect_right(old, diag.span.line) - 1
    delta = new[at] - old[at] if at >= 0 else 0
    span = diag.span
    if delta:
        span = Span(span.line + delta, span.col, span.end_line + delta, span.end_col)
    related: tuple[Related, ...] = ()
    if qualname is not None:
        jit = module.jit[qualname]
        related = (Related(module.positions.span(jit.node), f"'{jit.node.name}' is defined here"),)
    return replace(diag, span=span, related=related)


def clear() -> None:
    """Forget every kept finding (tests that count reuse start from here)."""
    with _LOCK:
        _CACHE.clear()
