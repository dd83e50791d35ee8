"""The queue paths of a helper at one call, summarized (summaries.py): a second call with the same entry, in this
analysis or the next, replays what the walk of queue_flow.py did instead of walking the helper again.

The walk of a helper reads, of its caller: the state of the queues it is given (which of its parameters stand for
the same queue of the kernel) and of its own queues (a second call finds what the first left), whether it reports,
whether it is inside a loop of unknown count, its depth, whether its findings are shown at the call (for a helper of
another module: at whichever call it is, the summary holds that place for the replay to fill in), the values of the
peeled first iteration around it and the IR objects of the helpers it reaches. What it does is its summary: the
state of those queues after it (no other queue's state changes: the joins of its paths keep what every path keeps),
the verdicts it noted, the names of its own queues, whether it met a queue it cannot name, the statements it visited
(the walk's budget), and what it did to the values of the peeled iteration (it sets and removes those of its own
symbols only; a loop in it leaves a copy of them as the walk's values).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Protocol

from ..ir import nodes as ir
from ..ir.types import ObjT
from ..ir.walk import calls_and_helpers_in, stmt_exprs, walk_stmts
from . import summaries

QUEUE_CLASSES = ("TQue", "TQueBind", "TBuf")
"""The objects queue_flow.py keys (its _QUEUE_CLASSES)."""
_NONE = (False, False, False, False, False, False, -1)
"""The state of a queue nothing was done to."""
_AT_SITE = "at the call site"
"""A summary's note shown at the call it was walked from (a helper of another module): the replay's call."""


class State(Protocol):
    """queue_flow.State: what the paths did to each queue."""

    may_enq: set[int]
    must_enq: set[int]
    may_init: set[int]
    must_init: set[int]
    ran_enq: set[int]
    ran_init: set[int]
    pending: dict[int, int]


class Flow(Protocol):
    """queue_flow.QueueFlow: the walk whose state a summary reads and sets."""

    helpers: dict[str, tuple[ir.KernelIR, bool]]
    names: dict[int, str]
    env: dict[int, int]
    log: list[tuple]
    visits: int
    opaque: bool
    reach: dict[int, tuple]

    def note(self, code: str, span: object, k: int, local: str, func: str, certain: bool,
             consumed: bool = False) -> None: ...


def own_queues(fn: ir.KernelIR) -> tuple[int, ...]:
    """The symbols (by id) a helper's walk can key a queue by: those of the queues and TBufs it gives init_buffer,
    calls a method of, or passes to a helper (computed once per IR object)."""
    cached: tuple[int, ...] | None = fn.__dict__.get("_queue_names")
    if cached is None:
        out: dict[int, None] = {}
        for e in calls_and_helpers_in(fn):
            if isinstance(e, ir.HelperCall):
                names = list(e.args)
            else:
                names = [e.receiver, e.args.get("que"), e.args.get("buf")]
            for n in names:
                if isinstance(n, ir.Name) and n.symbol is not None and isinstance(n.type, ObjT) and \
                        n.type.cls in QUEUE_CLASSES:
                    out[id(n.symbol)] = None
        cached = fn.__dict__["_queue_names"] = tuple(out)
    return cached


def names_read(fn: ir.KernelIR) -> frozenset[int]:
    """The symbols (by id) whose values in the peeled iteration a helper's walk can read: those it names anywhere
    (computed once per IR object)."""
    cached: frozenset[int] | None = fn.__dict__.get("_names_read")
    if cached is None:
        cached = frozenset(id(e.symbol) for s in walk_stmts(fn.body) for e in stmt_exprs(s)
                           if isinstance(e, ir.Name) and e.symbol is not None)
        cached = cached | frozenset(id(s.var) for s in walk_stmts(fn.body) if isinstance(s, ir.For) and s.var)
        fn.__dict__["_names_read"] = cached
    return cached


def _flags(st: State, k: int) -> tuple:
    """A queue's state: in each of State's sets, and its pending count (-1: none noted)."""
    return (k in st.may_enq, k in st.must_enq, k in st.may_init, k in st.must_init, k in st.ran_enq, k in st.ran_init,
            st.pending.get(k, -1))


def _put(st: State, k: int, f: tuple) -> None:
    """Give a queue the state `f` (in place: no two live states share a set while the walk runs, queue_flow.py)."""
    for on, group in zip(f, (st.may_enq, st.must_enq, st.may_init, st.must_init, st.ran_enq, st.ran_init),
                         strict=False):
        if on:
            group.add(k)
        else:
            group.discard(k)
    if f[6] >= 0:
        st.pending[k] = f[6]
    else:
        st.pending.pop(k, None)


@dataclass(frozen=True)
class Summary:
    bound: tuple[tuple, ...]
    """The state of each queue the call binds, after the walk (in the order of `Entry.bound`)."""
    own: tuple[tuple[int, tuple], ...]
    """The state of the helpers' own queues after it (those with any)."""
    notes: tuple[tuple, ...]
    """The verdicts noted, in order: (code, span, queue (("b", i) bound, ("i", id) own), local, function, certain,
    consumed)."""
    names: tuple[tuple[tuple[str, int], str], ...]
    opaque: bool
    visits: int
    env: tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
    """Values of the peeled iteration set and removed, in the walk's values as they were at the call."""
    replaced: tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None
    """The walk's values after it, as a change of those at the call, when they are another dict than at the call."""
    keep: tuple[ir.KernelIR, ...]


@dataclass
class Entry:
    key: Hashable
    bound: list[int]
    own: tuple[int, ...]
    keep: tuple[ir.KernelIR, ...]
    visits: int = 0
    notes: int = 0
    names: int = 0
    opaque: bool = False
    env: dict[int, int] | None = None
    env_dict: dict[int, int] = field(default_factory=dict)
    own_before: frozenset[int] = frozenset()
    """The helpers' own queues with a state at the call."""
    site: object = None
    """Where the call's findings are shown (the call in this file of a helper of another module), or None."""


def entry(flow: Flow, fn: ir.KernelIR, binds: dict[int, int | None], st: State, report: bool, in_loop: bool,
          depth: int, site: object) -> Entry | None:
    """The key of a call of `fn` whose parameters stand for the queues `binds` gives, from state `st`; None when
    summaries are off."""
    if not summaries.enabled():
        return None
    bound: list[int] = []
    pattern = []
    for k in binds.values():
        if k is None:
            pattern.append(-1)
            continue
        if k not in bound:
            bound.append(k)
        pattern.append(bound.index(k))
    memo = flow.reach
    got = memo.get(id(fn))
    if got is None:
        reach_key, keep = summaries.reach(fn, flow.helpers)
        own = tuple(dict.fromkeys(k for g in (fn, *keep) for k in own_queues(g)))
        read = frozenset().union(*(names_read(g) for g in (fn, *keep)))
        got = memo[id(fn)] = (reach_key, keep, own, read)
    reach_key, keep, own, read = got
    own_state = tuple((k, f) for k in own if (f := _flags(st, k)) != _NONE) if own else ()
    env = flow.env
    # the walk reads the peeled iteration's values of its own symbols only, and whether there are any
    values = (True, tuple(sorted((k, v) for k, v in env.items() if k in read))) if env else ()
    # whether the findings go to a call site, not which one: each of them is shown there, so a summary serves
    # every call of the helper with that state (its notes hold the place, `_AT_SITE`, the replay puts it back)
    key = (reach_key, tuple(pattern), tuple(_flags(st, k) for k in bound), own_state, report, in_loop, depth,
           site is not None, values)
    return Entry(key, bound, own, keep, own_before=frozenset(k for k, _ in own_state), site=site)


def mark(flow: Flow, e: Entry) -> None:
    e.visits = flow.visits
    e.notes = len(flow.log)
    e.names = len(flow.names)
    e.opaque = flow.opaque
    e.env_dict = flow.env
    e.env = dict(flow.env)


def _diff(before: dict[int, int], after: dict[int, int]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    return (tuple((k, v) for k, v in after.items() if before.get(k, None) != v or k not in before),
            tuple(k for k in before if k not in after))


def _apply(d: dict[int, int], change: tuple[tuple[tuple[int, int], ...], tuple[int, ...]]) -> None:
    for k in change[1]:
        d.pop(k, None)
    d.update(change[0])


def summarize(flow: Flow, e: Entry, st: State) -> Summary | None:
    """What the walk since `mark` did; None when it keyed a queue the entry does not describe."""
    def canon(k: int) -> tuple[str, int] | None:
        if k in e.bound:
            return ("b", e.bound.index(k))
        return ("i", k) if k in e.own else None

    notes = []
    for code, span, k, local, func, certain, consumed in flow.log[e.notes:]:
        c = canon(k)
        if c is None:
            return None
        if e.site is not None:
            if span != e.site:
                return None  # (every finding below a call site is shown at it)
            span = _AT_SITE
        notes.append((code, span, c, local, func, certain, consumed))
    names = []
    for k, name in list(flow.names.items())[e.names:]:
        c = canon(k)
        if c is None:
            return None
        names.append((c, name))
    before = e.env or {}
    now = flow.env
    return Summary(tuple(_flags(st, k) for k in e.bound),
                   tuple((k, f) for k in e.own if (f := _flags(st, k)) != _NONE or k in e.own_before),
                   tuple(notes), tuple(names),
                   flow.opaque and not e.opaque, flow.visits - e.visits,
                   _diff(before, e.env_dict), None if now is e.env_dict else _diff(before, now), e.keep)


def replay(flow: Flow, done: Summary, e: Entry, st: State) -> None:
    """Do to the walk's state what the helper's walk did (after the budget is counted, by the caller)."""
    if done.opaque:
        flow.opaque = True
    bound = e.bound
    names = flow.names
    for c, name in done.names:
        names.setdefault(bound[c[1]] if c[0] == "b" else c[1], name)
    for k, f in zip(bound, done.bound, strict=True):
        _put(st, k, f)
    for k, f in done.own:
        _put(st, k, f)
    note = flow.note
    for code, span, c, local, func, certain, consumed in done.notes:
        note(code, e.site if span is _AT_SITE else span, bound[c[1]] if c[0] == "b" else c[1], local, func,
             certain, consumed)
    env = flow.env
    at_call = dict(env) if done.replaced is not None else None
    _apply(env, done.env)
    if at_call is not None and done.replaced is not None:
        _apply(at_call, done.replaced)
        flow.env = at_call
