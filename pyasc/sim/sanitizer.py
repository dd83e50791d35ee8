"""The sanitizer's memory checks: shadow memory per 32-byte block (the last writer and each pipe's last read, with
their call sites), the races an access makes with an earlier one on another pipe its clock does not cover, and the
bounds and lifetime of the tensors it touches.  `Sanitizer` is a part of `pyasc.sim.state.Core`, which records
accesses through it; it knows tensors only by the attributes it reads (`LocalView`, `GlobalView`)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np

from .pipes import BLOCK, NPIPES, PIPES


class LocalView(Protocol):
    """What the checks read of a LocalTensor."""

    buffer: Any
    gen: int
    length: int
    dtype: Any
    mem: str
    addr: int
    esize: int


class GlobalView(Protocol):
    """What the checks read of a GlobalTensor."""

    buf: Any
    offset: int
    esize: int
    size: int


class Segment:
    """Shadow state of a run of 32-byte blocks: the last writer and the last read of each pipe."""

    __slots__ = ("end", "wp", "ws", "wsite", "rs", "rsite")

    def __init__(self, end: int) -> None:
        self.end = end
        self.wp = -1
        self.ws = 0
        self.wsite = 0
        self.rs = [0] * NPIPES
        self.rsite = [0] * NPIPES

    def split(self, at: int) -> Segment:
        """Cut at block `at`; returns the upper part (a copy of this state)."""
        other = Segment(self.end)
        other.wp, other.ws, other.wsite = self.wp, self.ws, self.wsite
        other.rs, other.rsite = list(self.rs), list(self.rsite)
        self.end = at
        return other


class Shadow:
    """Sanitizer shadow of one memory as sorted, non-overlapping segments of blocks.

    Kernels access whole queue buffers again and again, so an access usually matches one existing segment exactly:
    checking it is a few Python comparisons instead of per-block array work."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.segs: dict[int, Segment] = {}

    def cover(self, a: int, b: int) -> list[Segment]:
        """The segments exactly tiling blocks [a, b), splitting and creating as needed."""
        starts, segs = self.starts, self.segs
        seg = segs.get(a)
        if seg is not None and seg.end == b:
            return [seg]
        if seg is None and (not starts or segs[starts[-1]].end <= a):
            # past every known segment (a kernel walking its GM slice tile by tile): one new segment at the end
            seg = segs[a] = Segment(b)
            starts.append(a)
            return [seg]
        i = bisect_right(starts, a) - 1
        if i >= 0:
            s0 = starts[i]
            first = segs[s0]
            if s0 < a < first.end:
                segs[a] = first.split(a)
                starts.insert(i + 1, a)
        j = bisect_left(starts, a)
        out: list[Segment] = []
        pos = a
        while pos < b:
            if j < len(starts) and starts[j] == pos:
                seg = segs[pos]
                if seg.end > b:
                    segs[b] = seg.split(b)
                    starts.insert(j + 1, b)
            else:
                nxt = starts[j] if j < len(starts) else b
                seg = Segment(min(nxt, b))
                segs[pos] = seg
                starts.insert(j, pos)
            out.append(seg)
            pos = seg.end
            j += 1
        return out


class Sanitizer:
    """The memory checks of a core (mixed into `pyasc.sim.state.Core`, whose state they read and update)."""

    clocks: list[list[int]]
    times: list[float]
    site: int
    shadow: Shadow
    shadows: dict[str, Shadow]
    options: Any
    pipe_names: tuple[str, ...]
    report: Callable[..., bool]
    """Core.report: record a finding at the current call site (False: skip the instruction)."""
    mem: Callable[[str], np.ndarray]
    """Core.mem: the byte array of an on-chip memory, its shadow made with it."""

    def check_local(self, t: LocalView, lo: int, hi: int, what: str) -> bool:
        if type(t).__name__ == "GlobalTensor":  # a GlobalTensor with no memory reaches here (buf None)
            return self.report("gm-out-of-bounds", f"{what} accesses a GlobalTensor that has no memory: "
                               "set_global_buffer never gave it an address (a kernel's array argument)")
        buf = t.buffer
        if buf is not None and t.gen != buf.gen:
            rel = (("freed here", buf.freed_site),) if buf.freed_site else ()
            return self.report("use-after-free",
                               f"{what} uses a LocalTensor whose buffer was returned with free_tensor; allocate "
                               "a new tensor (alloc_tensor or deque) after the free", related=rel)
        if lo < 0 or hi > t.length:
            return self.report(
                "ub-out-of-bounds",
                f"{what} accesses elements [{lo}, {hi}) of a {t.dtype.name} LocalTensor of {t.length} elements "
                f"({t.mem} bytes [{t.addr + lo * t.esize}, {t.addr + hi * t.esize}), buffer [{t.addr}, "
                f"{t.addr + t.length * t.esize}))")
        return True

    def check_global(self, g: GlobalView, lo: int, hi: int, what: str) -> bool:
        held = (g.buf.nbytes - g.offset) // g.esize  # what the launch's array holds from the tensor's start
        limit = min(g.size, held)
        if lo < 0 or hi > limit:
            beyond = (f"; set_global_buffer gave it {g.size}, more than the array passed at launch holds"
                      if held < g.size else "")
            return self.report(
                "gm-out-of-bounds",
                f"{what} accesses elements [{lo}, {hi}) of GlobalTensor over '{g.buf.name}' that has {limit} "
                f"elements from its start (offset {g.offset // g.esize} of {g.buf.nbytes // g.esize}){beyond}")
        return True

    def _track(self, pipe: int, stamp: int, t: Any, lo: int, hi: int, write: bool, what: str) -> None:
        if t.buf is None:  # a LocalTensor (GlobalTensors carry their GmBuffer)
            a = t.addr + lo * t.esize
            b = t.addr + hi * t.esize
            if t.mem == "UB":
                shadow = self.shadow
            else:
                self.mem(t.mem)
                shadow = self.shadows[t.mem]
        else:
            a = t.offset + lo * t.esize
            b = t.offset + hi * t.esize
            shadow = t.buf.shadow
            if shadow is None:
                shadow = t.buf.shadow = Shadow()
        clock = self.clocks[pipe]
        ab = a // BLOCK
        bb = -(-b // BLOCK)
        seg = shadow.segs.get(ab)
        if seg is not None and seg.end == bb:
            # the usual case: the access covers exactly one known segment (a whole queue buffer again); the same
            # checks and updates as below, with the read-stamp scan skipped when no pipe's read is unseen
            wp = seg.wp
            if wp >= 0 and wp != pipe and seg.ws > clock[wp]:
                self._race(pipe, wp, seg.ws, seg.wsite, what, _mem(t, a, b), "write" if write else "read", "wrote")
            if write:
                rs = seg.rs
                if (rs[1] > clock[1] or rs[2] > clock[2] or rs[3] > clock[3] or rs[4] > clock[4]
                        or rs[5] > clock[5] or rs[6] > clock[6]):
                    for q in range(1, NPIPES):
                        if q != pipe and rs[q] > clock[q]:
                            self._race(pipe, q, rs[q], seg.rsite[q], what, _mem(t, a, b), "write", "read")
                seg.wp = pipe
                seg.ws = stamp
                seg.wsite = self.site
            else:
                seg.rs[pipe] = stamp
                seg.rsite[pipe] = self.site
            return
        segs = shadow.cover(ab, bb)
        for seg in segs:
            wp = seg.wp
            if wp >= 0 and wp != pipe and seg.ws > clock[wp]:
                self._race(pipe, wp, seg.ws, seg.wsite, what, _mem(t, a, b), "write" if write else "read", "wrote")
            if write:
                rs = seg.rs
                for q in range(1, NPIPES):  # q = 0 is S: a scalar read completes before anything after it issues
                    if q != pipe and rs[q] > clock[q]:
                        self._race(pipe, q, rs[q], seg.rsite[q], what, _mem(t, a, b), "write", "read")
        site = self.site
        if write:
            for seg in segs:
                seg.wp = pipe
                seg.ws = stamp
                seg.wsite = site
        else:
            for seg in segs:
                seg.rs[pipe] = stamp
                seg.rsite[pipe] = site

    def _race(self, pipe: int, other: int, other_stamp: int, other_site: int, what: str, mem: str, verb: str,
              other_verb: str) -> None:
        auto = self.options.auto_sync
        names = self.pipe_names
        event = f"{PIPES[other]}_{PIPES[pipe]}"
        if names[pipe] != PIPES[pipe] or names[other] != PIPES[other]:
            # one side is the block's cube core serving this vector core's Matmul: the compiler's synchronization
            # is within a core, so this is an error in both modes
            auto = False
            fix = (f"make the vector core's {names[other]} work visible before the Matmul call, e.g. "
                   "asc.pipe_barrier(asc.PipeID.PIPE_ALL) before it"
                   if names[pipe] != PIPES[pipe] else
                   "call the Matmul synchronously (sync=True) or wait for it (wait_iterate_all, wait_iterate_batch, "
                   "wait_get_tensor_c) before this")
        else:
            fix = (f"the compiler inserts SetFlag/WaitFlag<HardEvent::{event}> here because auto_sync is on"
                   if auto else
                   f"enque/deque the tensor through a TQue, or call asc.set_flag(asc.HardEvent.{event}) after the "
                   f"{PIPES[other]} instruction and asc.wait_flag(asc.HardEvent.{event}) before this one")
        msg = (f"{what} on pipe {names[pipe]} may {verb} {mem} before the {names[other]} instruction that "
               f"{other_verb} it has finished: no synchronization from {names[other]} to {names[pipe]} between "
               f"them; {fix}")
        # make the two sides ordered from now on, as the inserted (or missing) wait would
        clock = self.clocks[pipe]
        if clock[other] < other_stamp:
            clock[other] = other_stamp
        self.times[pipe] = max(self.times[pipe], self.times[other])
        self.report("race", msg, "note" if auto else "error",
                    related=((f"{names[other]} {other_verb} it here", other_site),))


def _mem(t: Any, a: int, b: int) -> str:
    return f"{t.mem} bytes [{a}, {b})" if t.buf is None else f"GM '{t.buf.name}' bytes [{a}, {b})"
