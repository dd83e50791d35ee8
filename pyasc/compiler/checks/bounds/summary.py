"""The bounds walk of a helper at one call, summarized (checks/summaries.py): a second call with the same entry, in
this analysis or the next, replays what the walk did instead of walking the helper again.

What the walk of a helper reads at its entry is its key: the values bound to its parameters (their descriptions,
with which of them are the same queue or TBuf, whose memory the helper may give), whether a run-time branch is
around the call, the nesting depth, whether the count mode is set, whether the helper is of another module, the
values the launches give, the kernel the findings are reported for, the IR objects of the helpers it reaches, the
last iterations recorded for the loop variables its arguments name (the messages say "last iteration" from them),
and, on the lines of the helper and of those it reaches, the findings already reported (each is reported once) and
the errors (a loop whose body has one may end early).  What it does is its summary: the findings it adds, the
loop iterations it records, the count mode after it, and the memory init_buffer gave to a queue or TBuf of the
caller.  Nothing else of the caller's state is reachable from the helper's frame.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ...diagnostics.model import Diagnostic, DiagnosticSink, Severity, Span
from ...ir import nodes as ir
from .. import summaries
from .interval import Iv
from .values import Addr, Global, Local, Memory, Struct, Value, Window

_ABSENT = "-"
"""A parameter the call binds no value to."""


class _Unknown(Exception):
    """A value of a kind the key does not describe: the call is walked, not summarized."""


@dataclass(frozen=True)
class Summary:
    diagnostics: tuple[Diagnostic, ...]
    reported: tuple[tuple[str, Span], ...]
    last: tuple[tuple[str, int], ...]
    counter_mode: bool
    memories: tuple[tuple[int, int | None, int], ...]
    """(index among the entry's queues and TBufs, its bytes, the init_buffer line) for each the helper gave memory."""
    keep: tuple[ir.KernelIR, ...]
    """The IR objects of the helpers it reaches, whose ids the key names: alive as long as the summary."""


@dataclass
class Entry:
    """One call's key, with what the summary refers to and what the walk is compared with afterwards."""

    key: Hashable
    memories: list[Memory]
    keep: tuple[ir.KernelIR, ...]
    items: int = 0
    reported: frozenset[tuple[str, Span]] = frozenset()
    last: dict[str, int] | None = None
    memory_before: tuple[tuple[int | None, int], ...] = ()


def _iv(v: Iv, names: set[str]) -> tuple:
    if v.at_lo or v.at_hi:
        names.update(n for n, _ in v.at_lo)
        names.update(n for n, _ in v.at_hi)
    return (v.lo, v.hi, v.exact, v.at_lo, v.at_hi)


def describe(v: Value, names: set[str], memories: list[Memory]) -> Hashable:
    """A value as the key holds it (loop variable names it carries added to `names`, queues and TBufs by their
    place in `memories`, since the helper's init_buffer gives memory to the caller's object)."""
    t = type(v)
    if v is None:
        return None
    if t is Iv:
        return _iv(v, names)  # type: ignore[arg-type]
    if t is Local:
        return ("L", v.name, v.length, v.esize, v.dtype, v.origin, _iv(v.off, names))  # type: ignore[union-attr]
    if t is Global:
        return ("G", describe(v.window, names, memories), v.esize, v.dtype,  # type: ignore[union-attr]
                _iv(v.off, names))  # type: ignore[union-attr]
    if t is Window:
        size = _iv(v.size, names) if v.size is not None else None  # type: ignore[union-attr]
        return ("W", v.name, size, v.line, describe(v.array, names, memories))  # type: ignore[union-attr]
    if t is Addr:
        return ("A", v.name, v.length, _iv(v.off, names))  # type: ignore[union-attr]
    if t is Memory:
        index = next((i for i, m in enumerate(memories) if m is v), None)
        if index is None:
            index = len(memories)
            memories.append(v)  # type: ignore[arg-type]
        return ("M", index, v.name, v.nbytes, v.line)  # type: ignore[union-attr]
    if t is Struct:
        return ("S", v.cls, tuple((k, None if x is None else _iv(x, names))  # type: ignore[union-attr]
                                  for k, x in v.fields.items()))  # type: ignore[union-attr]
    raise _Unknown


class _Context:
    """What the keys of one kernel's walk share: its constant parts, the helpers each helper reaches, the lines
    with errors so far."""

    def __init__(self, sink: DiagnosticSink, known: dict[str, int]) -> None:
        self.fixed = summaries.Token((sink.kernel, tuple(sorted(known.items()))))
        self.reach: dict[int, tuple[Hashable, tuple[tuple[int, int], ...], tuple[ir.KernelIR, ...]]] = {}
        self.errors: list[int] = []
        self.scanned = 0


class HelperSummaries:
    """The summary of a helper's walk at a call: its key (`summary_entry`), what the walk added (`summarize`), and
    the replay of a kept one (`replay`); mixed into the bounds walk, whose state it reads and sets."""

    sink: DiagnosticSink
    known: dict[str, int]
    helpers: dict[str, tuple[ir.KernelIR, bool]]
    reported: set[tuple[str, Span]]
    last: dict[str, int]
    guarded: int
    depth: int
    counter_mode: bool
    _summary_context: _Context | None = None

    def summary_entry(self, fn: ir.KernelIR, env: dict[int, Value], site: ir.HelperCall | None) -> Entry | None:
        """The key of this call of `fn` with the values `env` binds to its parameters; None when summaries are off
        or a value is of a kind the key does not describe.  `site`: for a helper of another module, the call in this
        file its findings go to (part of the key)."""
        if not summaries.enabled():
            return None
        ctx = self._summary_context
        if ctx is None:
            ctx = self._summary_context = _Context(self.sink, self.known)
        names: set[str] = set()
        memories: list[Memory] = []
        described: list[Hashable] = []
        try:
            for p in fn.params:
                v = env.get(id(p), _ABSENT)
                if v is None or v is _ABSENT:
                    described.append(v)
                elif type(v) is Iv:
                    described.append(_iv(v, names))  # type: ignore[arg-type]
                else:
                    described.append(describe(v, names, memories))  # type: ignore[arg-type]
        except _Unknown:
            return None
        params = tuple(described)
        got = ctx.reach.get(id(fn))
        if got is None:
            reach_key, keep = summaries.reach(fn, self.helpers)
            lines = tuple((g.span.line, g.span.end_line) for g in (fn, *keep))
            got = ctx.reach[id(fn)] = (reach_key, lines, keep)
        reach_key, lines, keep = got
        items = self.sink.items
        if ctx.scanned > len(items):
            ctx.errors, ctx.scanned = [], 0
        for d in items[ctx.scanned:]:
            if d.severity is Severity.ERROR:
                ctx.errors.append(d.span.line)
        ctx.scanned = len(items)
        errors = tuple(n for n in ctx.errors if any(a <= n <= b for a, b in lines)) if ctx.errors else ()
        reported = frozenset(r for r in self.reported if any(a <= r[1].line <= b for a, b in lines)) \
            if self.reported else frozenset()
        last = tuple((n, self.last.get(n)) for n in sorted(names)) if names else ()
        at = site.span if site is not None else None
        key = (ctx.fixed, reach_key, params, bool(self.guarded), self.depth, self.counter_mode, at, last, reported,
               errors)
        return Entry(key, memories, keep)

    def mark(self, entry: Entry) -> None:
        """Note the state a summary is the difference from (before the walk)."""
        entry.items = len(self.sink.items)
        entry.reported = frozenset(self.reported)
        entry.last = dict(self.last)
        entry.memory_before = tuple((m.nbytes, m.line) for m in entry.memories)

    def summarize(self, entry: Entry) -> Summary:
        """What the walk since `mark` did to the caller's state."""
        before = entry.last or {}
        return Summary(tuple(self.sink.items[entry.items:]), tuple(self.reported - entry.reported),
                       tuple((k, v) for k, v in self.last.items() if before.get(k) != v), self.counter_mode,
                       tuple((i, m.nbytes, m.line) for i, m in enumerate(entry.memories)
                             if (m.nbytes, m.line) != entry.memory_before[i]), entry.keep)

    def replay(self, done: Summary, entry: Entry) -> None:
        """Do to the caller's state what the walk did."""
        self.sink.items.extend(done.diagnostics)
        self.reported.update(done.reported)
        self.last.update(done.last)
        self.counter_mode = done.counter_mode
        for i, nbytes, line in done.memories:
            m = entry.memories[i]
            m.nbytes, m.line = nbytes, line
