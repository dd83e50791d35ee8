"""`pyasc run --explain-perf`: the profile's schedule (pyasc.sim.trace) read for a person.  Per kernel launch and per
loop of the user's code: each pipe's busy share, the pipe that bounds it, and, where a pipe mostly waits for another,
the synchronization it waited through (a queue, a flag) with a remedy and the time the remedy would give under the
same model.

A loop is a `for` or `while` of the user's file, found by reading that file's syntax tree (the simulator runs the
user's program, so reading it is allowed here, unlike in the analysis); its events are the calls made on its lines.
The figures are those of the launch's slowest core."""

from __future__ import annotations

import ast
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import pipes, state
from .trace import CoreTimeline, Timeline, pipe_label

S = pipes.S
MIN_WAIT = 0.2
"""A pipe's waiting for another is explained when it is at least this share of the loop."""


@dataclass
class Loop:
    file: str
    line: int
    end: int
    text: str


@lru_cache(maxsize=64)
def _loops(file: str) -> tuple[Loop, ...]:
    try:
        src = Path(file).read_text(encoding="utf-8")
        tree = ast.parse(src)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return ()
    lines = src.splitlines()
    out = [Loop(file, n.lineno, n.end_lineno or n.lineno, lines[n.lineno - 1].strip() if n.lineno <= len(lines) else "")
           for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While, ast.AsyncFor))]
    return tuple(sorted(out, key=lambda lp: lp.line))


@lru_cache(maxsize=256)
def _line(file: str, line: int) -> str:
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return ""
    return lines[line - 1] if 0 < line <= len(lines) else ""


_QUEUE_CALL = re.compile(r"([A-Za-z_]\w*)\s*\.\s*(?:enque|free_tensor)\s*\(")


def queue_name(tl: Timeline, token: state.Token) -> str:
    """The user's name of the queue a wait went through, from the line of its enque or free_tensor."""
    file, line = tl.sites[token.site] if 0 <= token.site < len(tl.sites) else ("", 0)
    m = _QUEUE_CALL.search(_line(file, line))
    if m:
        return m.group(1)
    q = token.queue
    return str(getattr(q, "name", "the queue"))


_FLAG = re.compile(r"set_flag\((\w+), (\d+)\)")
_STAGE = {"MTE2": 1, "AIC MTE2": 1, "MTE1": 2, "V": 3, "M": 3, "AIC M": 3, "MTE3": 4, "FIX": 4, "AIC FIX": 4}
"""The order of the stages a tile goes through: a wait of a later stage for an earlier one is the tile's data
dependence, a wait of an earlier stage for a later one is a buffer's reuse."""

_OVERLAP = {
    ("V", "MTE2"): "copy-in overlaps the previous tile's compute",
    ("MTE2", "V"): "the next tile's copy-in overlaps this tile's compute",
    ("MTE3", "V"): "copy-out overlaps the next tile's compute",
    ("V", "MTE3"): "compute overlaps the previous tile's copy-out",
}


@dataclass
class Wait:
    pipe: str
    on: str
    cycles: float
    via: dict[tuple[Any, ...], float] = field(default_factory=dict)
    """Cycles waited per (what, site, queue id) of the synchronization waited through."""
    tokens: dict[tuple[Any, ...], tuple[Any, ...]] = field(default_factory=dict)
    """The same keys -> (what, site, queue, token)."""


@dataclass
class Section:
    """A kernel's or loop's figures on one core."""

    title: str
    start: float
    end: float
    busy: dict[str, float]
    waits: list[Wait]
    iterations: int = 1
    flag_ids: dict[str, set[int]] = field(default_factory=dict)
    """The event ids each HardEvent's waits used in the section."""

    @property
    def span(self) -> float:
        return max(self.end - self.start, 1e-9)

    def bound(self) -> str:
        return max(self.busy, key=lambda p: self.busy[p]) if self.busy else "S"


def _section(tl: Timeline, core: CoreTimeline, events: list[state.Event], title: str) -> Section:
    start = min(e.start for e in events)
    end = max(e.end for e in events)
    busy: dict[str, float] = defaultdict(float)
    for e in events:
        busy[pipe_label(tl, core, e.pipe)] += e.end - e.start
        if e.pipe != S:
            busy["S"] += 1.0  # the scalar unit issues it
    waits: dict[tuple[str, str], Wait] = {}
    prev: dict[int, float] = {}
    every = core.events
    scalar_wait: state.Token | None = None  # the scalar unit's latest wait: it delays what it issues after it
    for e in events:  # in program order (the order the scalar unit issued them)
        gap = e.start - prev.get(e.pipe, start)
        prev[e.pipe] = e.end
        w = e.wait
        bound = w is not None and abs(w.time - e.start) < 1e-6 and 0 <= w.ev < len(every)
        if e.pipe == S and w is not None and 0 <= w.ev < len(every):
            scalar_wait = w  # its issue ticks may follow the wait: any wait of S counts
        if gap <= 1e-9:
            continue
        if bound:
            assert w is not None
            on = pipe_label(tl, core, every[w.ev].pipe)
            via: tuple[Any, ...] = (w.what, w.site, w.queue, w)
            vk: tuple[Any, ...] = (w.what, w.site, id(w.queue))
        elif abs(e.issue - e.start) < 1e-6 and e.pipe != S:
            on, via, vk = "S", ("issue", 0, None, scalar_wait), ("issue", id(scalar_wait))
        else:
            continue
        key = (pipe_label(tl, core, e.pipe), on)
        wt = waits.get(key)
        if wt is None:
            wt = waits[key] = Wait(key[0], on, 0.0)
        wt.cycles += gap
        wt.via[vk] = wt.via.get(vk, 0.0) + gap
        wt.tokens[vk] = via
    counts = Counter(e.site for e in events if e.pipe != S)
    iters = max(counts.values(), default=1)
    flags: dict[str, set[int]] = defaultdict(set)
    for e in events:
        m = _FLAG.match(e.wait.what) if e.wait is not None else None
        if m:
            flags[m.group(1)].add(int(m.group(2)))
    return Section(title, start, end, dict(busy), sorted(waits.values(), key=lambda w: -w.cycles), iters,
                   dict(flags))


def _top_via(w: Wait) -> tuple[Any, ...] | None:
    """(what, site, queue, token) of the synchronization the pipe waited through the longest."""
    if not w.via:
        return None
    return w.tokens[max(w.via, key=lambda k: w.via[k])]


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def predict_overlap(sec: Section) -> float:
    """The loop's time once its pipes overlap fully under the model: the busiest pipe's time plus one iteration of
    the others (the pipeline's fill and drain)."""
    pipes = {p: b for p, b in sec.busy.items() if p != "S"}
    if not pipes:
        return sec.span
    bound = max(pipes, key=lambda p: pipes[p])
    fill = sum(b for p, b in pipes.items() if p != bound) / max(sec.iterations, 1)
    return max(pipes[bound] + fill, sec.busy.get("S", 0.0))


def _at(tl: Timeline, site: int) -> str:
    file, line = tl.sites[site] if 0 <= site < len(tl.sites) else ("", 0)
    return f"{Path(file).name}:{line}"


def _cause(tl: Timeline, core: CoreTimeline, sec: Section, w: Wait) -> tuple[str, bool]:
    """One sentence on a wait: what it went through and the remedy; True when the remedy is a deeper queue."""
    share = w.cycles / sec.span
    word = "kernel" if sec.title == "kernel" else "loop"
    events = core.events
    head = f"{w.pipe} waits for {w.on} {_pct(share)} of the {word}"
    via = _top_via(w)
    if via is None:
        return head, False
    what, site, queue, token = via
    if what == "issue":
        if token is None or not 0 <= token.ev < len(events):
            return f"{head}: the scalar unit issues every instruction in program order", False
        src = pipe_label(tl, core, events[token.ev].pipe)
        return (f"{head}: the scalar unit issues in program order, and before issuing these it waited for {src} "
                f"({token.what or 'a barrier'} at {_at(tl, token.site)}); issued before that wait, the next "
                f"tile's {w.pipe} work would overlap it"), False
    at = _at(tl, site)
    if queue is not None:
        name = queue_name(tl, token)
        depth = int(getattr(queue, "depth", 0) or 0)
        if depth == 1:
            how = _OVERLAP.get((w.pipe, w.on), f"{w.on}'s work on the next tile overlaps {w.pipe}'s on this one")
            return f"{head}: {name} has depth 1 ({what} at {at}); with depth 2 {how}", True
        bound = sec.bound()
        busy = _pct(sec.busy.get(bound, 0.0) / sec.span)
        if bound == w.on:
            return (f"{head} through {name} (depth {depth}, {what} at {at}): {w.on} bounds the {word} (busy {busy}); "
                    f"a deeper queue will not help, less {w.on} work per tile will"), False
        return (f"{head} through {name} (depth {depth}, {what} at {at}): {w.on} works at the pace of {bound}, "
                f"which bounds the {word} (busy {busy})"), False
    if what.startswith("set_flag"):
        m = _FLAG.match(what)
        ids = sec.flag_ids.get(m.group(1), set()) if m else set()
        forward = _STAGE.get(w.on, 0) < _STAGE.get(w.pipe, 0)
        if forward and any(_STAGE.get(x.on, 0) > _STAGE.get(x.pipe, 0) for x in sec.waits
                           if x.cycles / sec.span >= MIN_WAIT):
            return (f"{head}: {what} at {at}: {w.pipe} needs its tile's {w.on} result, and the next tile's "
                    f"{w.on} starts late because of the wait below"), False
        if len(ids) > 1:
            return (f"{head}: {what} at {at}: the loop alternates event ids {sorted(ids)}, yet each wait_flag comes "
                    f"before the very next tile's {w.pipe} work, which uses the other buffer; wait for a buffer's "
                    f"flag just before the {w.pipe} work that reuses that buffer, so that it overlaps the {w.on} "
                    f"work on the other one"), False
        return (f"{head}: {what} at {at} orders each tile's {w.pipe} after its {w.on}; with two buffers and two "
                f"event ids (ping-pong) the next tile's {w.on} overlaps this tile's {w.pipe}"), False
    if what == "pipe_barrier(PIPE_ALL)":
        return (f"{head}: {what} at {at} makes every pipe wait for all the work issued before it, so the next "
                f"tile's {w.pipe} cannot overlap this tile's {w.on}; with two buffers, a flag per buffer in its "
                f"place (set after the {w.on} work, waited for before the {w.pipe} work that reuses the buffer) "
                f"lets them overlap"), False
    return f"{head} ({what or 'a barrier'} at {at})", False


def explain_timeline(tl: Timeline) -> list[str]:
    return [line for _, lines in explain_sections(tl) for line in lines]


def explain_sections(tl: Timeline) -> list[tuple[Loop | None, list[str]]]:
    """The explanation in parts: the launch's heading and kernel figures (no loop), then each loop's lines."""
    cores = [c for c in tl.cores if c.events]
    if not cores:
        return [(None, [f"{tl.kernel}: no calls were scheduled"])]
    core = max(cores, key=lambda c: max(e.end for e in c.events))
    cycles = max(e.end for e in core.events)
    us = cycles / tl.clock_mhz
    out = [f"{tl.kernel} on {len(tl.cores)} core{'s' * (len(tl.cores) != 1)} ({tl.soc} at {tl.clock_mhz} MHz): "
           f"{cycles:.0f} cycles = {us:.2f} us; figures of the slowest core, {core.label}"]
    sections: list[tuple[Section, Loop | None]] = [(_section(tl, core, core.events, "kernel"), None)]
    by_file: dict[str, list[state.Event]] = defaultdict(list)
    for e in core.events:
        by_file[tl.where(e)[0]].append(e)
    for file, evs in by_file.items():
        for lp in _loops(file):
            inside = [e for e in evs if lp.line <= tl.where(e)[1] <= lp.end]
            if inside:
                sections.append((_section(tl, core, inside, f"loop at {Path(file).name}:{lp.line}"), lp))
    parts: list[tuple[Loop | None, list[str]]] = [(None, out)]
    for sec, lp in sections:
        if lp is not None:
            out = []
            parts.append((lp, out))
        shares = ", ".join(f"{p} {_pct(b / sec.span)}" for p, b in sorted(sec.busy.items(), key=lambda kv: -kv[1]))
        bound = sec.bound()
        what = (f"  {sec.title} (`{lp.text}`, {sec.iterations} iterations, {sec.span:.0f} cycles)" if lp else
                f"  {sec.title} ({sec.span:.0f} cycles)")
        out.append(f"{what}: busy {shares}; bounded by {bound}")
        deeper = False
        for w in sec.waits:
            if w.cycles / sec.span < MIN_WAIT or (lp is None and len(sections) > 1):
                continue  # a kernel with loops: its waits are told per loop
            text, deep = _cause(tl, core, sec, w)
            deeper = deeper or deep
            out.append(f"    {text}")
        if deeper and lp is not None:
            new = predict_overlap(sec)
            total = cycles - sec.span + new
            out.append(f"    estimate with depth 2: the loop {new:.0f} cycles (now {sec.span:.0f}), the kernel "
                       f"{total:.0f} cycles (now {cycles:.0f})")
    return parts


def notes(timelines: list[Timeline]) -> list[dict[str, Any]]:
    """The explanation as the trace carries it (otherData.explanation) for an editor to show on the loops: per
    launch its heading, then per loop its file, first and last line and text."""
    out: list[dict[str, Any]] = []
    for tl in timelines:
        for lp, lines in explain_sections(tl):
            item: dict[str, Any] = {"kernel": tl.kernel, "lines": [ln.strip() for ln in lines]}
            if lp is not None:
                item.update(file=lp.file, line=lp.line, end_line=lp.end)
            out.append(item)
    return out


def estimates(tl: Timeline) -> list[float]:
    """The kernel times the explanation predicts for its depth-2 remedies, one per loop that has one (tests)."""
    lines = explain_timeline(tl)
    return [float(m.group(1)) for ln in lines for m in [re.search(r"the kernel (\d+) cycles", ln)] if m]


def explain(timelines: list[Timeline]) -> str:
    if not timelines:
        return "no kernel was launched"
    return "\n".join(line for tl in timelines for line in explain_timeline(tl))
