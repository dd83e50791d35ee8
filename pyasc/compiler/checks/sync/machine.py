"""The abstract core the hazard analysis runs a kernel on: pipe clocks, pending flags and the last accesses.

It is the simulator's sanitizer model (docs/simulator.md) over static values: every instruction on a pipe ticks that
pipe's counter; set_flag/wait_flag, queue enque/deque and PIPE_ALL barriers carry one pipe's knowledge to another
(vector clocks); an access races with an earlier access of another pipe to overlapping bytes that the accessing pipe
has not been ordered after. What it cannot decide (offsets whose difference is not a constant) is no race.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...diagnostics.model import Span
from .access import Range
from .lin import difference

PIPES = ("S", "MTE2", "V", "MTE3", "MTE1", "M", "FIX")
PIPE = {n: i for i, n in enumerate(PIPES)}
_MAX_RECORDS = 48
"""Accesses remembered per memory region: enough for the unrolled iterations of a loop body."""


@dataclass(frozen=True)
class Site:
    """Where an instruction comes from: the call, and the statement a fix inserts before."""

    span: Span
    stmt: Span
    fixable: bool = True
    what: str = ""
    event_span: Span | None = None
    """The HardEvent argument of a set_flag/wait_flag (what a wrong-pair fix replaces)."""


@dataclass(frozen=True)
class Record:
    """One access remembered for race detection: its pipe and that pipe's clock, where, what bytes, in order."""

    pipe: int
    stamp: int
    site: Site
    range: Range
    seq: int


@dataclass(frozen=True)
class Token:
    """What a set_flag or enque sends: the sender's vector clock, for the wait_flag or deque that receives it."""

    clock: tuple[int, ...]
    site: Site
    seq: int


@dataclass
class Finding:
    """A raw result; report.py turns it into a diagnostic."""

    kind: str
    """race, wait-never-set, set-never-waited, event-reused."""
    site: Site
    other: Site | None = None
    event: str = ""
    event_id: object = 0
    pipes: tuple[str, str] = ("", "")
    """(earlier pipe, later pipe) of a race."""
    hazard: str = ""
    """RAW, WAR or WAW."""
    carried: bool = False
    """The earlier access is in an earlier iteration of a loop."""
    wrong_wait: tuple[Site, Site, str] | None = None
    """A wait_flag between the two accesses for another pipe pair: (its set site, its wait site, its event)."""


@dataclass
class Shared:
    """State every branch of one run shares."""

    findings: list[Finding] = field(default_factory=list)
    seq: int = 0


class Machine:
    """One abstract AI core; `fork` and `merge` follow a runtime `if`."""

    def __init__(self, shared: Shared | None = None) -> None:
        self.shared = shared or Shared()
        self.counters = [0] * len(PIPES)
        self.clocks = [[0] * len(PIPES) for _ in PIPES]
        self.flags: dict[tuple[str, object], list[Token]] = {}
        self.unsure: set[tuple[str, object]] = set()
        """Flags whose pending count differs between paths: waits on them are trusted, nothing is reported."""
        self.lost: set[str] = set()
        """Events of a flag call that failed to bind (reported there; `*`: its event is unknown): every flag of
        them is trusted from there on, nothing more is reported about them."""
        self.shadow: dict[object, list[Record]] = {}
        self.fifos: dict[object, list[tuple[object, tuple[int, ...]]]] = {}
        self.waits: list[tuple[int, str, Site, Site, int]] = []
        """(seq, event, wait site, set site, set seq) of recent waits that ordered nothing new: a race across one
        of them names the wrong pair."""

    # -- forking ------------------------------------------------------------------------------------------------------
    def fork(self) -> Machine:
        m = Machine(self.shared)
        m.counters = list(self.counters)
        m.clocks = [list(c) for c in self.clocks]
        m.flags = {k: list(v) for k, v in self.flags.items()}
        m.unsure = set(self.unsure)
        m.lost = set(self.lost)
        m.shadow = {k: list(v) for k, v in self.shadow.items()}
        m.fifos = {k: list(v) for k, v in self.fifos.items()}
        m.waits = list(self.waits)
        return m

    def merge(self, other: Machine) -> None:
        """Join another path into this one: ordered on either path counts as ordered (precision first)."""
        self.counters = [max(a, b) for a, b in zip(self.counters, other.counters, strict=True)]
        self.clocks = [[max(a, b) for a, b in zip(x, y, strict=True)] for x, y in zip(self.clocks, other.clocks,
                                                                                         strict=True)]
        for key in set(self.flags) | set(other.flags):
            mine, theirs = self.flags.get(key, []), other.flags.get(key, [])
            if [t.site for t in mine] != [t.site for t in theirs]:
                self.unsure.add(key)
                self.flags.pop(key, None)
        self.unsure |= other.unsure
        self.lost |= other.lost
        for mem, recs in other.shadow.items():
            have = self.shadow.setdefault(mem, [])
            seen = {id(r) for r in have}
            have += [r for r in recs if id(r) not in seen]
        for q, fifo in other.fifos.items():
            if self.fifos.get(q) != fifo:
                self.fifos[q] = []
        self.waits = sorted(set(self.waits) | set(other.waits), key=lambda w: w[0])[-16:]

    # -- instructions -------------------------------------------------------------------------------------------------
    def _seq(self) -> int:
        self.shared.seq += 1
        return self.shared.seq

    def access(self, pipe_name: str, ranges: list[Range], site: Site) -> None:
        pipe = PIPE.get(pipe_name)
        if pipe is None or not ranges:
            return
        seq = self._seq()
        self.counters[pipe] += 1
        stamp = self.counters[pipe]
        clock = self.clocks[pipe]
        clock[pipe] = stamp
        for r in ranges:
            recs = self.shadow.setdefault(r.view.mem, [])
            # newest first: the last write to these bytes and the reads after it, as the sanitizer keeps them
            for rec in reversed(recs):
                if not overlaps(rec.range, r):
                    continue
                if rec.pipe == pipe or not (rec.range.write or r.write) or rec.stamp <= clock[rec.pipe]:
                    if rec.range.write:
                        break
                    continue
                hazard = "WAW" if rec.range.write and r.write else "RAW" if rec.range.write else "WAR"
                self._race(rec, pipe, hazard, site)
                if rec.range.write:
                    break
            recs.append(Record(pipe, stamp, site, r, seq))
            if len(recs) > _MAX_RECORDS:
                self._prune(recs)

    def _race(self, rec: Record, pipe: int, hazard: str, site: Site) -> None:
        wrong = None
        for seq, event, wait_site, set_site, set_seq in reversed(self.waits):
            if seq < rec.seq:
                break
            src, _, dst = event.partition("_")
            # a pair placed between the two accesses, made for this consumer, but from another producer
            if dst == PIPES[pipe] and src != PIPES[rec.pipe] and set_seq > rec.seq:
                wrong = (set_site, wait_site, event)
                break
        carried = (rec.site.span.line, rec.site.span.col) >= (site.span.line, site.span.col)
        self.shared.findings.append(Finding("race", site, rec.site, pipes=(PIPES[rec.pipe], PIPES[pipe]),
                                            hazard=hazard, carried=carried, wrong_wait=wrong))
        # as the simulator does: one report per unordered pair, then the pipes count as ordered
        clock = self.clocks[pipe]
        clock[rec.pipe] = max(clock[rec.pipe], rec.stamp)

    def _prune(self, recs: list[Record]) -> None:
        """Forget accesses every other pipe is ordered after, then the oldest."""
        keep = [r for r in recs if any(q != r.pipe and self.clocks[q][r.pipe] < r.stamp for q in range(len(PIPES)))]
        recs[:] = keep[-_MAX_RECORDS:]

    def set_flag(self, event: str, event_id: object, site: Site) -> None:
        src = PIPE.get(event.partition("_")[0])
        if src is None:
            return
        key = (event, event_id)
        pending = self.flags.setdefault(key, [])
        if pending and key not in self.unsure and not self.is_lost(event):
            self.shared.findings.append(Finding("event-reused", site, pending[-1].site, event=event,
                                                event_id=event_id))
        pending.append(Token(tuple(self.clocks[src]), site, self._seq()))

    def wait_flag(self, event: str, event_id: object, site: Site) -> None:
        src, _, dst_name = event.partition("_")
        dst, src_i = PIPE.get(dst_name), PIPE.get(src)
        if dst is None or src_i is None:
            return
        key = (event, event_id)
        pending = self.flags.get(key)
        if pending:
            token = pending.pop(0)
            mine = self.clocks[dst]
            if all(v <= mine[i] for i, v in enumerate(token.clock)):
                # it orders nothing the pipe did not already wait for: perhaps meant for another pair
                self.waits.append((self._seq(), event, site, token.site, token.seq))
                self.waits = self.waits[-16:]
            self._join(dst, token.clock)
            return
        if key not in self.unsure and not self.is_lost(event):
            self.shared.findings.append(Finding("wait-never-set", site, event=event, event_id=event_id))
        # trusted (or already reported): the destination pipe counts as ordered after the source
        self._join(dst, tuple(self.clocks[src_i]))

    def is_lost(self, event: str) -> bool:
        return bool(self.lost) and (event in self.lost or "*" in self.lost)

    def failed_flag_call(self, event: str | None) -> None:
        """A set_flag/wait_flag (or barrier) that failed to bind, already reported: what it would have ordered is
        unknown, so every pipe counts as ordered after what came before, the flags set so far are trusted, and the
        flags of its event (of every event when that is unknown) are never reported from here on."""
        self.barrier()
        self.trust_all()
        self.lost.add(event or "*")

    def trust_all(self) -> None:
        """A flag id the analysis cannot evaluate: every flag is trusted from here on."""
        self.unsure |= set(self.flags)
        self.flags.clear()

    def barrier(self) -> None:
        """PIPE_ALL: every pipe waits for everything issued so far."""
        top = tuple(max(c[i] for c in self.clocks) for i in range(len(PIPES)))
        for p in range(len(PIPES)):
            self._join(p, top)

    def enque(self, queue: object, value: object) -> None:
        top = tuple(max(c[i] for c in self.clocks) for i in range(len(PIPES)))
        self.fifos.setdefault(queue, []).append((value, top))

    def deque(self, queue: object) -> object:
        """The oldest enqueued tensor; every pipe is ordered after what was issued before its enque (the consumer
        pipe is, on hardware; counting all of them ordered can only hide a race, never invent one)."""
        fifo = self.fifos.get(queue)
        if not fifo:
            return None
        value, token = fifo.pop(0)
        for p in range(len(PIPES)):
            self._join(p, token)
        return value

    def _join(self, pipe: int, token: tuple[int, ...]) -> None:
        mine = self.clocks[pipe]
        for i, v in enumerate(token):
            if v > mine[i]:
                mine[i] = v

    def finish(self) -> None:
        """Flags set and never waited, at the end of the kernel."""
        for key, pending in self.flags.items():
            if key in self.unsure or self.is_lost(key[0]):
                continue
            for token in pending:
                self.shared.findings.append(Finding("set-never-waited", token.site, event=key[0], event_id=key[1]))


def overlaps(a: Range, b: Range) -> bool:
    """True only when the two ranges certainly share a byte."""
    if a.view.mem != b.view.mem or a.lo is None or b.lo is None:
        return False
    d = difference(b.lo, a.lo)
    if d is None:
        return False
    la = difference(a.hi, a.lo) if a.hi is not None else None
    lb = difference(b.hi, b.lo) if b.hi is not None else None
    if la is None or lb is None:
        return d == 0 and (la is None or la > 0) and (lb is None or lb > 0)
    return la > 0 and lb > 0 and d < la and -d < lb
