"""`pyasc.profile()`: per kernel launch and per core, API calls per pipe, bytes moved, UB peak, an L2 hit-rate
estimate and estimated cycles (the model is described in docs/simulator.md), read from the schedule of the
launch's calls, which `trace=PATH` writes as a timeline (pyasc.sim.trace)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from . import state, trace
from .explain import explain, notes


@dataclass
class CoreProfile:
    core: int
    calls: dict[str, int]
    bytes_gm_to_ub: int
    bytes_ub_to_gm: int
    ub_peak: int
    l2_hit_rate: float
    cycles: float
    pipe_cycles: dict[str, float]
    unit: str = ""
    """"AIC" or "AIV" on a mixed launch (core is then that core's get_block_idx())."""


@dataclass
class KernelProfile:
    kernel: str
    block_num: int
    soc: str
    cores: list[CoreProfile] = field(default_factory=list)

    @property
    def cycles(self) -> float:
        """Cores run in parallel: the launch takes as long as its slowest core."""
        return max((c.cycles for c in self.cores), default=0.0)


def _hit_rate(st: state.CoreStats, footprint: int, l2_bytes: int) -> float:
    if st.l2_accesses == 0:
        return 0.0
    warm = st.l2_accesses - st.l2_cold_misses
    keep = 1.0 if footprint <= l2_bytes else l2_bytes / footprint
    return warm * keep / st.l2_accesses


def from_launch(launch: state.Launch) -> KernelProfile:
    footprint = sum(b.nbytes for b in launch.buffers)
    kp = KernelProfile(launch.kernel, launch.block_num, launch.soc.name)
    for i, st in enumerate(launch.stats):
        kp.cores.append(CoreProfile(st.core if st.unit else i, dict(st.calls), st.bytes_gm_to_ub, st.bytes_ub_to_gm,
                                    st.ub_peak, round(_hit_rate(st, footprint, launch.l2_bytes), 4),
                                    round(st.cycles, 1), {k: round(v, 1) for k, v in st.pipe_cycles.items()},
                                    st.unit))
    return kp


_ACTIVE: list[Profile] = []


def active() -> bool:
    """Is a profiling session open (so launches must collect their counters)?"""
    return bool(_ACTIVE)


def record(launch: state.Launch, forced: bool) -> KernelProfile | None:
    """Called after every launch: hands the profile to each active session (and prints it when forced)."""
    if not _ACTIVE and not forced:
        return None
    kp = from_launch(launch)
    tl = trace.from_launch(launch) if _ACTIVE else None
    for p in _ACTIVE:
        p.kernels.append(kp)
        p.timelines.append(tl)  # type: ignore[arg-type]
    if forced and not _ACTIVE:
        print(format_table([kp]))
    return kp


def format_table(kernels: list[KernelProfile]) -> str:
    """One row per core; the cube pipes (MTE1, M, FIX) get columns when some kernel of the table uses them."""
    cube = [p for p in ("MTE1", "M", "FIX") if any(c.calls.get(p) for k in kernels for c in k.cores)]
    extra = "".join(f" {p:>6}" for p in cube)
    head = (f"{'kernel':<20} {'core':>4} {'MTE2':>6} {'V':>6} {'MTE3':>6} {'S':>6}{extra} {'GM->UB B':>11} "
            f"{'UB->GM B':>11} {'UB peak':>8} {'L2 hit':>7} {'cycles':>10}")
    lines = [head, "-" * len(head)]
    for k in kernels:
        for c in k.cores:
            cells = "".join(f" {c.calls.get(p, 0):>6}" for p in cube)
            who = f"{c.unit}{c.core}"  # AIC0, AIV3 on a mixed launch
            lines.append(f"{k.kernel[:20]:<20} {who:>4} {c.calls.get('MTE2', 0):>6} {c.calls.get('V', 0):>6} "
                         f"{c.calls.get('MTE3', 0):>6} {c.calls.get('S', 0):>6}{cells} {c.bytes_gm_to_ub:>11} "
                         f"{c.bytes_ub_to_gm:>11} {c.ub_peak:>8} {c.l2_hit_rate:>7.1%} {c.cycles:>10.0f}")
        lines.append(f"{k.kernel[:20]:<20} {'all':>4} {'':>6} {'':>6} {'':>6} {'':>6}{' ' * 7 * len(cube)} "
                     f"{sum(c.bytes_gm_to_ub for c in k.cores):>11} {sum(c.bytes_ub_to_gm for c in k.cores):>11} "
                     f"{max((c.ub_peak for c in k.cores), default=0):>8} {'':>7} {k.cycles:>10.0f}")
    return "\n".join(lines)


class Profile:
    """A profiling session: a context manager, or started by `pyasc.profile(fn, *args)`."""

    def __init__(self, output: str | Path | None = None, show: bool = True,
                 trace: str | Path | None = None) -> None:
        self.kernels: list[KernelProfile] = []
        self.timelines: list[trace.Timeline] = []
        """Each launch's schedule, what the totals of `kernels` were read from."""
        self.output = Path(output) if output is not None else None
        self.show = show
        self.trace_path = Path(trace) if trace is not None else None

    def __enter__(self) -> Profile:
        _ACTIVE.append(self)
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> None:
        if self in _ACTIVE:
            _ACTIVE.remove(self)
            if self.show and self.kernels:
                print(self.table())
            if self.output is not None:
                self.save(self.output)
            if self.trace_path is not None:
                self.save_trace(self.trace_path)

    def table(self) -> str:
        return format_table(self.kernels)

    def to_dict(self) -> dict[str, Any]:
        return {"kernels": [{**asdict(k), "cycles": k.cycles} for k in self.kernels],
                "model": "docs/simulator.md#profile"}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n")

    def chrome_trace(self) -> dict[str, Any]:
        """The launches' schedule in the Chrome Trace Event format (pyasc.sim.trace)."""
        return trace.chrome_trace(self.timelines)

    def save_trace(self, path: str | Path) -> None:
        trace.save(self.timelines, path, notes(self.timelines))

    def explain(self) -> str:
        """Per kernel and loop: each pipe's busy share, the bounding pipe, and the cause of a pipe's waiting."""
        return explain(self.timelines)


def profile(fn: Callable[..., Any] | None = None, *args: Any, output: str | Path | None = None,
            show: bool = True, trace: str | Path | None = None, **kwargs: Any) -> Profile:
    """`with pyasc.profile() as p:` or `p = pyasc.profile(run, *args)`: the launches inside are profiled;
    `trace=PATH` writes their timeline (Chrome Trace Event format) when the session ends."""
    p = Profile(output, show, trace)
    if fn is None:
        return p
    with p:
        fn(*args, **kwargs)
    return p


class _Session:
    """A profiling session around `pyasc run`'s program: writes the trace and prints the explanation at close."""

    def __init__(self, trace: str | None, explain_perf: bool) -> None:
        self.explain = explain_perf
        self.prof: Any = None
        if trace is not None or explain_perf:
            self.prof = Profile(show=False, trace=trace)
            self.prof.__enter__()

    def close(self) -> None:
        if self.prof is None:
            return
        try:
            self.prof.stop()
        except OSError as e:  # the trace file could not be written: say so, the program's own result stands
            print(f"pyasc run: error: cannot write the trace {self.prof.trace_path}: {e.strerror or e}",
                  file=sys.stderr)
        if self.explain:
            print(self.prof.explain())


def perf_session(trace: str | None, explain_perf: bool) -> _Session:
    return _Session(trace, explain_perf)
