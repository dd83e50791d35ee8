"""Per-launch and per-core simulator state: Unified Buffer bytes, pipe clocks, sanitizer shadow memory, profile.

Pipes are modelled with vector clocks.  Every instruction on a pipe increments that pipe's counter; set_flag/wait_flag,
queue enque/deque, free/alloc and barriers join clocks (happens-before edges).  An access races with an earlier one
on another pipe when the earlier stamp is not covered by the accessing pipe's clock.  Shadow memory keeps, per 32-byte
block, the last writer (pipe, stamp, call site) and the last read stamp of each pipe.
"""

from __future__ import annotations

import sys
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np

from ..language import soc as socs
from .findings import Finding, Report, SimulationError
from .pipes import CLIENT_PIPES, MTE2, MTE3, NPIPES, PIPES, S, V
from .sanitizer import Sanitizer, Shadow

L2_LINE = 512
L2_BYTES = {"Ascend910A": 32 << 20, "ascend910": 32 << 20, "Ascend310P": 16 << 20}
"""L2 cache size per SoC for the profile's hit-rate estimate; Ascend910B parts have 192 MiB."""
DEFAULT_L2 = 192 << 20

# Cycle model constants (documented in docs/simulator.md).
MTE_STARTUP = 50
GM_BYTES_PER_CYCLE_HIT = 64.0
GM_BYTES_PER_CYCLE_MISS = 32.0
UB_OUT_BYTES_PER_CYCLE = 64.0
VEC_STARTUP = 8
VEC_BYTES_PER_CYCLE = 256.0
MTE1_STARTUP = 16
L1_TO_L0_BYTES_PER_CYCLE = 256.0
CUBE_STARTUP = 8
"""mmad costs this plus one cycle per 16 x 16 x C0 fractal product."""
FIX_STARTUP = 16
L0C_OUT_BYTES_PER_CYCLE = 64.0
CUBE_PIPES = (4, 5, 6)
"""MTE1, M and FIX: shown in the profile only for kernels that use them."""


@dataclass
class Options:
    """How a launch runs: sync mode, sanitizer, profile, and whether error findings raise."""

    auto_sync: bool = True
    sanitize: bool = True
    profile: bool = False
    collect: bool = False
    soc: str = ""
    """Empty: the `soc_version` of `[tool.pyasc]` in the nearest pyproject.toml (else Ascend910B1)."""
    lockstep: bool = field(default_factory=lambda: _lockstep_default())
    """Run all cores of a launch at once when exact (pyasc.sim.lockstep); False forces the per-core path."""
    cube_only: bool = False
    """The kernel runs on cube (AIC) cores only (`matmul_cube_only=True`, or an AIC kernel_type): there
    `ascend_is_aic()` is true; every other kernel runs on vector (AIV) cores."""
    mix: int = 0
    """A mixed kernel (one that registers a Matmul, or kernel_type MIX_AIC_1_2 / MIX_AIC_1_1): each block runs as
    one cube core and this many vector cores (pyasc.sim.mix); 0 for a kernel of one core type."""


def _lockstep_default() -> bool:
    """PYASC_SIM_LOCKSTEP=0 turns the fast path off by default (`pyasc.sim.settings(lockstep=...)` overrides)."""
    import os

    return os.environ.get("PYASC_SIM_LOCKSTEP", "1").strip().lower() not in ("0", "false", "no", "off")


_SOC_BY_DIR: dict[str, str] = {}


def configured_soc() -> str:
    """The `soc_version` of the project configuration found from the working directory (cached per directory)."""
    import os

    cwd = os.getcwd()
    soc = _SOC_BY_DIR.get(cwd)
    if soc is None:
        from pathlib import Path

        from ..config import load

        try:
            soc = load(Path(cwd))[0].soc_version
        except Exception:  # noqa: BLE001 - a broken configuration must not stop a simulation
            soc = socs.DEFAULT_SOC
        _SOC_BY_DIR[cwd] = soc
    return soc


@dataclass
class CoreStats:
    """Profile counters of one core."""

    calls: dict[str, int] = field(default_factory=lambda: {p: 0 for p in ("MTE2", "V", "MTE3", "S")})
    bytes_gm_to_ub: int = 0
    bytes_ub_to_gm: int = 0
    ub_peak: int = 0
    l2_accesses: int = 0
    l2_cold_misses: int = 0
    cycles: float = 0.0
    pipe_cycles: dict[str, float] = field(default_factory=dict)
    core: int = -1
    unit: str = ""
    """get_block_idx() and "AIC"/"AIV" of a mixed launch's core (the profile's rows say which)."""
    events: list[Event] | None = None
    """The core's schedule (profiling): what the totals above were read from, and what a trace shows."""
    aic: bool = False
    """A cube core (its pipes are the AIC's)."""


class GmBuffer:
    """One Global Memory allocation (a launch argument) as flat bytes, with its shadow for the sanitizer."""

    def __init__(self, name: str, u8: np.ndarray, dtype: np.dtype) -> None:
        self.name = name
        self.u8 = u8
        self.nbytes = int(u8.nbytes)
        self.dtype = dtype
        self.lines: np.ndarray | None = None
        self.shadow: Shadow | None = None


class Launch:
    """One kernel launch: its options, report, GM buffers and per-core statistics."""

    def __init__(self, kernel: str, block_num: int, options: Options) -> None:
        self.kernel = kernel
        self.block_num = block_num
        self.options = options
        self.report = Report()
        self.stats: list[CoreStats] = []
        self.buffers: list[GmBuffer] = []
        soc = socs.find(options.soc or configured_soc()) or socs.find(socs.DEFAULT_SOC)
        assert soc is not None
        self.soc = soc
        self.l2_bytes = L2_BYTES.get(soc.name, DEFAULT_L2)
        self.sites: list[tuple[str, int]] = [("<unknown>", 0)]
        self.site_ids: dict[tuple[str, int], int] = {}
        self.code_sites: dict[tuple[int, int], int] = {}
        self.spans: dict[int, tuple[int, int, int]] = {}
        """Site id -> (col, end_line, end_col) of the call expression."""
        self.codes: list[Any] = []
        self.seen: set[tuple[Any, ...]] = set()

    def site_id(self, file: str, line: int) -> int:
        key = (file, line)
        sid = self.site_ids.get(key)
        if sid is None:
            sid = len(self.sites)
            self.sites.append(key)
            self.site_ids[key] = sid
        return sid



class Token:
    """A happens-before edge in flight: the clock and time of what was issued before the signal, and (profiling)
    the event whose end the waiting pipe waits for and the queue it went through."""

    __slots__ = ("clock", "time", "site", "what", "ev", "queue")

    def __init__(self, clock: list[int], time: float, site: int, what: str, ev: int = -1, queue: Any = None) -> None:
        self.clock = clock
        self.time = time
        self.site = site
        self.what = what
        self.ev = ev
        self.queue = queue


class Event(NamedTuple):
    """One call as the profile scheduled it on its pipe (pyasc.sim.trace writes them; the totals are read from
    them).  Times are cycles from the core's start."""

    pipe: int
    start: float
    end: float
    issue: float
    """When the scalar unit issued it (an S event: its own start)."""
    site: int
    """The call site (Launch.sites: the user's file and line)."""
    api: Any
    """The ApiSpec of the user's call that made it (its C++ call), None outside one."""
    what: str
    amount: int
    """Bytes moved (MTE2, MTE3, MTE1, FIX), bytes of the largest operand (V), fractal products (M); 0 for S."""
    wait: Token | None
    """The latest wait this instruction honoured (Token.ev is the event waited on), None when it waited for none."""


_new = tuple.__new__
"""Event(...) without NamedTuple's Python-level __new__: the profile makes one per call."""


class CubeLanes:
    """The cube core of one block of a mixed launch, shared by the vector cores it serves: each request is put on
    its pipe at the first time it is free for the request's length, no earlier than the request is ready (the
    vector cores run one after the other on the simulator, so a later core's requests fill the gaps)."""

    def __init__(self, block: int) -> None:
        self.block = block
        self.busy: dict[int, list[tuple[float, float]]] = {}

    def place(self, pipe: int, ready: float, cost: float) -> float:
        iv = self.busy.setdefault(pipe, [])
        i = bisect_left(iv, (ready,))
        t = ready
        if i > 0 and iv[i - 1][1] > t:
            t = iv[i - 1][1]
        while i < len(iv) and iv[i][0] < t + cost:
            t = max(t, iv[i][1])
            i += 1
        iv.insert(i, (t, t + cost))
        return t


class Core(Sanitizer):
    """One AI core running the kernel: its Unified Buffer, pipes and shadow memory."""

    ls: Any = None
    """In lockstep (pyasc.sim.lockstep.LockstepCore): maps a simulator function to its lockstep implementation."""

    def __init__(self, launch: Launch, idx: int, aic: bool | None = None, sub: int = 0) -> None:
        self.launch = launch
        self.idx = idx
        """get_block_idx(): the block on a cube core or a one-type launch; block * ratio + sub on a mixed launch's
        vector core."""
        self.aic = launch.options.cube_only if aic is None else aic
        """A cube (AIC) core: ascend_is_aic() is true."""
        self.sub = sub
        """get_sub_block_idx(): which vector core of its block (0 on a cube core)."""
        self.unit = ("AIC" if self.aic else "AIV") if launch.options.mix else ""
        self.pipe_names = CLIENT_PIPES if self.unit == "AIV" else PIPES
        """How findings name the pipes: on a mixed kernel's vector core the cube pipes are the block's cube core
        serving its Matmul calls (pyasc.sim.api.matmul)."""
        self.options = launch.options
        self.sanitize = launch.options.sanitize
        self.profiling = launch.options.profile
        """Collect the profile's counters (only when a profile was asked for: they cost time on every call)."""
        self.capacity = launch.soc.ub_bytes
        self.ub = aligned_zeros(1, self.capacity * 2)[0]
        self.mems: dict[str, np.ndarray] = {"UB": self.ub}
        self.shadows: dict[str, Shadow] = {}
        self.counters = [0] * NPIPES
        self.clocks = [[0] * NPIPES for _ in range(NPIPES)]
        self.times = [0.0] * NPIPES
        self.shadow = Shadow()
        self.shadows["UB"] = self.shadow
        self.flags: dict[tuple[str, int], list[Token]] = {}
        self.site = 0
        self.tpipe: Any = None
        self.stats = CoreStats(core=idx, unit=self.unit)
        self.api: Any = None
        """The ApiSpec of the user's call being run (set by pyasc.sim.dispatch with the site)."""
        self.events: list[Event] | None = [] if self.profiling else None
        """The profile's schedule, one Event per call (profiling only)."""
        self.last = [-1] * NPIPES
        """Index in events of each pipe's latest event."""
        self.waits: list[Token | None] = [None] * NPIPES
        """Per pipe, the latest-ending wait its next instruction honours."""
        self.cube: CubeLanes | None = None
        """A mixed launch's vector core (profiling): the block's cube core, whose pipes its Matmul work is put on."""
        self.mask: tuple[int, int] | int | None = None
        self.mask_counter = False
        self.scalar_state: dict[str, Any] = {}

    def mem(self, name: str) -> np.ndarray:
        """The byte array of an on-chip memory (UB, L1, L0A, L0B, L0C, BT), created on first use."""
        arr = self.mems.get(name)
        if arr is None:
            arr = self.mems[name] = aligned_zeros(1, self.mem_capacity(name) * 2)[0]
            self.shadows[name] = Shadow()
        return arr

    def mem_capacity(self, name: str) -> int:
        if name == "UB":
            return self.capacity
        soc = self.launch.soc
        # the table's L1 is what the Matmul client leaves (128 bytes less on Ascend910B); the basic API has it all
        return {"L1": -(-soc.l1_bytes // 4096) * 4096, "L0A": soc.l0a_bytes, "L0B": soc.l0b_bytes, "L0C": soc.l0c_bytes,
                "BT": soc.bt_bytes or (1 << 10)}.get(name, self.capacity)

    # -- findings ---------------------------------------------------------------------------------------------------
    def where(self, sid: int | None = None) -> tuple[str, int]:
        return self.launch.sites[self.site if sid is None else sid]

    def report(self, kind: str, message: str, severity: str = "error",
               related: tuple[tuple[str, int], ...] = ()) -> bool:
        """Record a finding at the current call site; raise for errors unless collecting.  False means 'skip'.

        `related` holds (what, site id) pairs for the other side of the problem."""
        file, line = self.where()
        rel = tuple((what, *self.launch.sites[sid]) for what, sid in related)
        col, end_line, end_col = self.launch.spans.get(self.site, (0, 0, 0))
        finding = Finding(kind, message, file, line, self.idx, severity, rel, col, end_line, end_col, self.unit)
        key = (kind, file, line, message)
        if key not in self.launch.seen:
            self.launch.seen.add(key)
            self.launch.report.findings.append(finding)
        if severity == "error" and not self.options.collect:
            raise SimulationError(finding, self.launch.report)
        return severity != "error"

    # -- clocks -----------------------------------------------------------------------------------------------------
    def snapshot(self, pipe: int | None = None, what: str = "", time_of: int | None = None) -> Token:
        """Everything issued so far (or on one pipe) as a token another pipe can wait for.

        For the profile's timing the token carries the end time of `time_of` (the pipe that signals), else of all
        pipes."""
        if pipe is None:
            # no pipe knows more of pipe p than p itself, so the join of all clocks is the counters
            clock = list(self.counters)
            t = max(self.times) if time_of is None else self.times[time_of]
        else:
            clock = list(self.clocks[pipe])
            t = self.times[pipe]
        if self.events is None:
            return Token(clock, t, self.site, what)
        if pipe is None and time_of is None:
            times = self.times
            src = max(range(NPIPES), key=times.__getitem__)
        else:
            src = pipe if pipe is not None else time_of  # type: ignore[assignment]
        return Token(clock, t, self.site, what, self.last[src])

    def join(self, pipe: int, token: Token) -> None:
        mine = self.clocks[pipe]
        other = token.clock
        if other != mine:  # element-wise max, spelled out for the 7 pipes (a loop costs twice as much)
            if other[0] > mine[0]:
                mine[0] = other[0]
            if other[1] > mine[1]:
                mine[1] = other[1]
            if other[2] > mine[2]:
                mine[2] = other[2]
            if other[3] > mine[3]:
                mine[3] = other[3]
            if other[4] > mine[4]:
                mine[4] = other[4]
            if other[5] > mine[5]:
                mine[5] = other[5]
            if other[6] > mine[6]:
                mine[6] = other[6]
        if token.time > self.times[pipe]:
            self.times[pipe] = token.time
        if token.ev >= 0:  # profiling: the next instruction of the pipe honours this wait
            w = self.waits[pipe]
            if w is None or token.time >= w.time:
                self.waits[pipe] = token

    def barrier_all(self, what: str = "") -> None:
        token = self.snapshot(None, what)
        for p in range(NPIPES):
            self.join(p, token)

    def scalar_tick(self) -> None:
        """An instruction of the scalar unit (queue bookkeeping, flags, scalar reads): one cycle."""
        t = self.times[S]
        self.times[S] = t + 1.0
        events = self.events
        if events is not None:
            w = self.waits[S]
            if w is not None:
                self.waits[S] = None
            events.append(_new(Event, (S, t, t + 1.0, t, self.site, self.api, "", 0, w)))
            self.last[S] = len(events) - 1

    # -- memory access ----------------------------------------------------------------------------------------------
    def access(self, pipe: int, reads: tuple[tuple[Any, int, int], ...], writes: tuple[tuple[Any, int, int], ...],
               what: str, cost_bytes: int = 0) -> bool:
        """Check and record one instruction's accesses; False when it must be skipped (a collected error)."""
        ok = True
        for t, lo, hi in reads + writes:
            if hi <= lo:
                continue
            if t.buf is None:
                buf = t.buffer
                if (buf is not None and t.gen != buf.gen) or lo < 0 or hi > t.length:
                    ok = self.check_local(t, lo, hi, what) and ok
            elif lo < 0 or hi > t.size or t.offset + hi * t.esize > t.buf.nbytes:
                ok = self.check_global(t, lo, hi, what) and ok
        if not ok:
            return False
        self.counters[pipe] += 1
        stamp = self.counters[pipe]
        self.clocks[pipe][pipe] = stamp
        times = self.times
        profiling = self.profiling
        # issue order: the pipe cannot start before the scalar unit issued it (a time only the profile uses)
        start = max(times[pipe], times[S]) if profiling else 0.0
        issue = times[S]
        times[S] = issue + 1.0
        if self.sanitize:
            track = self._track
            for t, lo, hi in reads:
                if hi > lo:
                    track(pipe, stamp, t, lo, hi, False, what)
            for t, lo, hi in writes:
                if hi > lo:
                    track(pipe, stamp, t, lo, hi, True, what)
            if profiling:
                start = max(start, times[pipe])
        if profiling:
            self._account(pipe, reads, writes, start, cost_bytes, what, issue)
        return True

    # -- profile ----------------------------------------------------------------------------------------------------
    def _account(self, pipe: int, reads: tuple[tuple[Any, int, int], ...], writes: tuple[tuple[Any, int, int], ...],
                 start: float, cost_bytes: int, what: str, issue: float) -> None:
        """The instruction's cost on its pipe from the model's table (docs/simulator.md), and its Event."""
        st = self.stats
        cost = 1.0
        nbytes = 0
        if pipe == MTE2:
            nbytes = 0
            miss = 0
            for t, lo, hi in reads:
                if t.buf is not None:
                    n = (hi - lo) * t.esize
                    nbytes += n
                    miss += self._l2(t, lo, hi)
            st.bytes_gm_to_ub += nbytes
            hit_bytes = max(0, nbytes - miss * L2_LINE)
            cost = MTE_STARTUP + hit_bytes / GM_BYTES_PER_CYCLE_HIT + min(nbytes, miss * L2_LINE) / \
                GM_BYTES_PER_CYCLE_MISS
        elif pipe == MTE3:
            nbytes = sum((hi - lo) * t.esize for t, lo, hi in writes if t.buf is not None)
            for t, lo, hi in writes:
                if t.buf is not None:
                    self._l2(t, lo, hi)
            st.bytes_ub_to_gm += nbytes
            cost = MTE_STARTUP + nbytes / UB_OUT_BYTES_PER_CYCLE
        elif pipe == V:
            nbytes = cost_bytes or max((hi - lo) * t.esize for t, lo, hi in reads + writes)
            cost = VEC_STARTUP + -(-nbytes // VEC_BYTES_PER_CYCLE)
        elif pipe == 4:  # MTE1: L1 -> L0A/L0B (cost_bytes: the Matmul object's moves, which name no tensor)
            nbytes = cost_bytes or sum((hi - lo) * t.esize for t, lo, hi in writes)
            cost = MTE1_STARTUP + nbytes / L1_TO_L0_BYTES_PER_CYCLE
        elif pipe == 5:  # M: cost_bytes carries the number of fractal products
            nbytes = cost_bytes
            cost = CUBE_STARTUP + cost_bytes
        elif pipe == 6:  # FIX: out of L0C (cost_bytes: the bytes a Matmul object's write reads from L0C)
            nbytes = cost_bytes or sum((hi - lo) * t.esize for t, lo, hi in reads[:1])
            for t, lo, hi in writes:
                if t.buf is not None:  # out to GM: counted with the MTE3 bytes, through L2
                    st.bytes_ub_to_gm += (hi - lo) * t.esize
                    self._l2(t, lo, hi)
            cost = FIX_STARTUP + nbytes / L0C_OUT_BYTES_PER_CYCLE
        if self.cube is not None and pipe >= 4:  # the block's cube core serves this vector core and its siblings
            start = self.cube.place(pipe, start, cost)
        end = start + cost
        self.times[pipe] = end
        events = self.events
        if events is not None:
            w = self.waits[pipe]
            if w is not None:
                self.waits[pipe] = None
            events.append(_new(Event, (pipe, start, end, issue, self.site, self.api, what, int(nbytes), w)))
            self.last[pipe] = len(events) - 1

    def _l2(self, t: Any, lo: int, hi: int) -> int:
        """Touch the 512-byte lines of a GM range; returns the number of cold misses."""
        buf = t.buf
        if buf.lines is None:
            buf.lines = np.zeros(-(-buf.nbytes // L2_LINE) + 1, dtype=bool)
        a = (t.offset + lo * t.esize) // L2_LINE
        b = -(-(t.offset + hi * t.esize) // L2_LINE)
        seg = buf.lines[a:b]
        miss = int(seg.size - np.count_nonzero(seg))
        seg[:] = True
        self.stats.l2_accesses += b - a
        self.stats.l2_cold_misses += miss
        return miss

    def finish(self) -> None:
        """The core's totals: from its events when profiling (calls and the latest end per pipe; S is also busy
        one cycle per instruction it issues), else from the pipe clocks."""
        if self.events is None:
            self.stats.cycles = max(self.times)
            self.stats.pipe_cycles = {PIPES[i]: self.times[i] for i in range(NPIPES) if i < 4 or self.counters[i]}
            return
        counts = [0] * NPIPES
        ends = [0.0] * NPIPES
        issue_end = 0.0
        for e in self.events:
            counts[e.pipe] += 1
            if e.end > ends[e.pipe]:
                ends[e.pipe] = e.end
            if e.issue >= issue_end:
                issue_end = e.issue + 1.0
        ends[S] = max(ends[S], issue_end)
        order = (1, 2, 3, 0, 4, 5, 6)  # the table's order: MTE2, V, MTE3, S, then the cube pipes
        self.stats.calls = {PIPES[i]: counts[i] for i in order if i < 4 or counts[i]}
        self.stats.pipe_cycles = {PIPES[i]: ends[i] for i in range(NPIPES) if i < 4 or counts[i]}
        self.stats.cycles = max(ends)
        self.stats.events = self.events
        self.stats.aic = self.aic


MEM_ALIGN = 4096


def aligned_zeros(rows: int, nbytes: int) -> np.ndarray:
    """(rows, nbytes) zero bytes, each row starting on a 4 KiB boundary.

    numpy's loops may treat a NaN differently depending on where an element falls relative to their vector width,
    so on-chip memories sit at a fixed alignment: the same on every launch, and the same for each core's row in
    lockstep as for a core of its own."""
    width = -(-nbytes // MEM_ALIGN) * MEM_ALIGN
    raw = np.zeros(rows * width + MEM_ALIGN, dtype=np.uint8)
    start = -raw.ctypes.data % MEM_ALIGN
    return raw[start:start + rows * width].reshape(rows, width)[:, :nbytes]


_CURRENT: Core | None = None


def current() -> Core:
    """The core running the kernel; an error when asc APIs are called outside a launch."""
    core = _CURRENT
    if core is None:
        raise RuntimeError(
            "asc kernel APIs run only inside a kernel launch: decorate the kernel with @asc.jit and call it as "
            "kernel[core_num](args...)")
    return core


def maybe_current() -> Core | None:
    return _CURRENT


def set_current(core: Core | None) -> None:
    global _CURRENT
    _CURRENT = core


def caller_site(depth: int = 2) -> tuple[str, int]:
    f = sys._getframe(depth)
    return f.f_code.co_filename, f.f_lineno
