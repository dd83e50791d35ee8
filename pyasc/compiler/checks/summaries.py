"""Per-helper summaries for the checks that walk each helper at its calls (the bounds walk, bounds/summary.py; the
queue paths, queue_summary.py): what one walk of a helper specialization did, keyed by everything that walk read at
its entry, so that the next call with the same entry (the same call in the next analysis, when an edit of the kernel
left the helper's lowering as it was) replays it instead of walking the helper again.

A summary is kept on the helper's IR object, which helper_cache.py hands to every analysis that reuses the
specialization: nothing changes that IR after its lowering (the checks and the code generator only read it, and add
caches of what they derive from it), so a summary stays true while its IR lives and goes with it when the helper
cache drops the specialization.  A helper lowered afresh is a new IR object with no summaries.  The helper cache
reuses an IR only where the helper stands (its key holds the places of the helper and of those it reaches), so the
spans a summary's findings hold are right wherever it is replayed; what they say of the caller (an init_buffer's
line, a window's size) comes from the values the key describes.  Each IR object keeps
at most LIMIT summaries per check, least recently used dropped first, so a long session whose edits change the
values a helper is called with does not grow them.  The checks' results are the same with and without summaries
(`disabled()` turns them off in a thread, for a test to compare).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import Any

from ..ir import nodes as ir
from ..switch import Switch

LIMIT = 24
"""Summaries kept per helper IR object and check: the benchmark program calls each helper at a few sites, each with
its own entry."""

_LOCK = threading.Lock()
_SWITCH = Switch()
computed: dict[str, int] = {}
"""Helper walks that made a summary so far, per check (the tests read the differences)."""
reused: dict[str, int] = {}
"""Helper walks replaced by a summary so far, per check."""


disabled = _SWITCH.disabled
"""Walk every helper at its calls in this thread while the block runs (the result to compare with)."""
enabled = _SWITCH.enabled


def helper_map(results: Iterable[Any]) -> dict[str, tuple[ir.KernelIR, bool]]:
    """The checks' map of a kernel's helper specializations (lower.LowerResult): by each one's own key
    (ir.HelperCall.spec), and by name for a call without one (the last specialization of the name)."""
    out: dict[str, tuple[ir.KernelIR, bool]] = {}
    for h in results:
        out[h.kernel.name] = (h.kernel, h.foreign)
        if h.spec:
            out[h.spec] = (h.kernel, h.foreign)
    return out


def helper_names(fn: ir.KernelIR) -> tuple[str, ...]:
    """The helpers `fn` calls, by their keys in the checks' map (helper_map; computed once per IR object)."""
    cached: tuple[str, ...] | None = fn.__dict__.get("_helper_names")
    if cached is None:
        from ..ir.walk import calls_and_helpers_in

        cached = tuple(dict.fromkeys(e.spec or e.name for e in calls_and_helpers_in(fn)
                                     if isinstance(e, ir.HelperCall)))
        fn.__dict__["_helper_names"] = cached
    return cached


class Token:
    """A part of a key hashed once (a tuple's hash is computed again at each lookup): equal to another of equal
    parts."""

    __slots__ = ("parts", "hash")

    def __init__(self, parts: tuple) -> None:
        self.parts = parts
        self.hash = hash(parts)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is Token and self.hash == other.hash and self.parts == other.parts)


def reach(fn: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]]
          ) -> tuple[Token, tuple[ir.KernelIR, ...]]:
    """The helpers `fn` reaches through `helpers` (directly or through others), as a key (each name with the id of
    its IR object and whether it is of another module), and those objects in order."""
    parts: list[Hashable] = []
    keep: list[ir.KernelIR] = []
    seen = {id(fn)}
    todo = list(helper_names(fn))
    names_done: set[str] = set()
    while todo:
        name = todo.pop(0)
        if name in names_done:
            continue
        names_done.add(name)
        found = helpers.get(name)
        if found is None:
            parts.append((name, None))
            continue
        g, foreign = found
        parts.append((name, id(g), foreign))
        if id(g) not in seen:
            seen.add(id(g))
            keep.append(g)
            todo.extend(helper_names(g))
    return Token(tuple(parts)), tuple(keep)


def get(fn: ir.KernelIR, check: str, key: Hashable) -> object | None:
    """The summary of `check` kept on `fn` for this entry, if any."""
    with _LOCK:
        memo: OrderedDict[Hashable, object] | None = fn.__dict__.get("_summaries_" + check)
        if memo is None:
            return None
        got = memo.get(key)
        if got is not None:
            memo.move_to_end(key)
            reused[check] = reused.get(check, 0) + 1
        return got


def put(fn: ir.KernelIR, check: str, key: Hashable, summary: object) -> None:
    with _LOCK:
        memo: OrderedDict[Hashable, object] | None = fn.__dict__.get("_summaries_" + check)
        if memo is None:
            memo = fn.__dict__["_summaries_" + check] = OrderedDict()
        memo[key] = summary
        memo.move_to_end(key)
        while len(memo) > LIMIT:
            memo.popitem(last=False)
        computed[check] = computed.get(check, 0) + 1


def count(check: str) -> tuple[int, int]:
    """(summaries computed, summaries reused) of `check` so far."""
    with _LOCK:
        return computed.get(check, 0), reused.get(check, 0)
