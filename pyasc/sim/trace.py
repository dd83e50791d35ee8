"""The profile's schedule as a timeline: each launch's per-core events (pyasc.sim.state.Event) with the call sites
they came from, written in the Chrome Trace Event format that Perfetto and chrome://tracing open as it is.

One process per core (a mixed launch's cube core is a process of its own, and the Matmul work a vector core sends
it is drawn there), one thread per pipe, a complete event ("ph": "X") per call with its user file and line, and a
flow (an "s"/"f" pair) from the event a wait waited for to the instruction that honoured the wait.  Launches follow
one another on the time axis, as a program's launches on one stream do."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import state

PIPE_NAMES = state.PIPES
CUBE_SLOTS = (4, 5, 6)
"""On a mixed launch's vector core, the clock slots of the block's cube core (its MTE2, M and FIX)."""
_CUBE_TID = {4: 1, 5: 5, 6: 6}
"""Where those slots go on the cube core's process: its MTE2, M and FIX threads."""


@dataclass
class CoreTimeline:
    label: str
    """"AIV3", "AIC0": the unit and get_block_idx() of the core."""
    idx: int
    aic: bool
    events: list[state.Event]


@dataclass
class Timeline:
    """One launch's schedule."""

    kernel: str
    soc: str
    clock_mhz: int
    ratio: int
    """Vector cores per block of a mixed launch (0: one core type)."""
    sites: list[tuple[str, int]]
    cores: list[CoreTimeline] = field(default_factory=list)

    @property
    def cycles(self) -> float:
        return max((e.end for c in self.cores for e in c.events), default=0.0)

    def where(self, ev: state.Event) -> tuple[str, int]:
        return self.sites[ev.site] if 0 <= ev.site < len(self.sites) else ("<unknown>", 0)


def from_launch(launch: state.Launch) -> Timeline:
    tl = Timeline(launch.kernel, launch.soc.name, launch.soc.clock_mhz, launch.options.mix, launch.sites)
    for i, st in enumerate(launch.stats):
        aic = st.aic
        idx = st.core if st.unit else i
        tl.cores.append(CoreTimeline(f"{'AIC' if aic else 'AIV'}{idx}", idx, aic, st.events or []))
    return tl


_CPP_CALL = re.compile(r"((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*(?:<[^()]*>)?\s*\(")


def cpp_call(api: Any) -> str:
    """The C++ call the generated code makes for an API (`AscendC::DataCopy`, `TQue::EnQue`), from its spec."""
    if api is None:
        return ""
    name = getattr(api, "name", "")
    for o in getattr(api, "overloads", ()):
        cpp = getattr(o, "cpp", None)
        if not cpp:
            continue
        m = _CPP_CALL.search(cpp.replace("{self}.", ""))
        if m:
            fn = m.group(1)
            if cpp.startswith("{self}."):
                owner = name.partition(".")[0]
                return f"{owner.removesuffix('Bind')}::{fn}" if owner else fn
            return fn
    return name


def pipe_label(tl: Timeline, core: CoreTimeline, pipe: int) -> str:
    """The pipe as the core names it (a mixed launch's vector core: slots 4-6 are the cube core's)."""
    if tl.ratio and not core.aic and pipe in CUBE_SLOTS:
        return "AIC " + PIPE_NAMES[_CUBE_TID[pipe]]
    return PIPE_NAMES[pipe]


def chrome_trace(timelines: list[Timeline]) -> dict[str, Any]:
    """The Chrome Trace Event format object ({"traceEvents": [...]}) of these launches, one after the other."""
    out: list[dict[str, Any]] = []
    names: dict[tuple[int, int], str] = {}
    pids: dict[tuple[int, str], int] = {}
    offset = 0.0
    flow = 0
    cpp_of: dict[int, str] = {}

    def pid_of(li: int, label: str, title: str) -> int:
        key = (li, label)
        pid = pids.get(key)
        if pid is None:
            pid = pids[key] = len(pids) + 1
            out.append({"name": "process_name", "ph": "M", "pid": pid, "tid": 0, "args": {"name": title}})
            out.append({"name": "process_sort_index", "ph": "M", "pid": pid, "tid": 0, "args": {"sort_index": pid}})
        return pid

    def thread(pid: int, tid: int, name: str) -> None:
        if (pid, tid) not in names:
            names[(pid, tid)] = name
            out.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": tid, "args": {"name": name}})
            out.append({"name": "thread_sort_index", "ph": "M", "pid": pid, "tid": tid,
                        "args": {"sort_index": tid}})

    for li, tl in enumerate(timelines):
        mhz = float(tl.clock_mhz)
        for core in tl.cores:
            pid = pid_of(li, core.label, f"{tl.kernel} {core.label}")
            cube_pid = 0
            if tl.ratio and not core.aic:
                block = core.idx // tl.ratio
                cube_pid = pid_of(li, f"AIC{block}", f"{tl.kernel} AIC{block}")
            placed: list[tuple[int, int, float]] = []
            for e in core.events:
                if cube_pid and e.pipe in CUBE_SLOTS:
                    where_pid, tid = cube_pid, _CUBE_TID[e.pipe]
                else:
                    where_pid, tid = pid, e.pipe
                placed.append((where_pid, tid, (offset + e.start) / mhz))
                thread(where_pid, tid, PIPE_NAMES[tid])
                api = e.api
                key = id(api)
                cpp = cpp_of.get(key)
                if cpp is None:
                    cpp = cpp_of[key] = cpp_call(api)
                file, line = tl.where(e)
                call = getattr(api, "name", "") if api is not None else ""
                args: dict[str, Any] = {"file": file, "line": line, "call": call, "cpp": cpp,
                                        "cycles": [e.start, e.end]}
                if e.what and e.what != call.rpartition(".")[2]:
                    args["stage"] = e.what
                if e.amount:
                    args["fractals" if e.pipe == 5 else "bytes"] = e.amount
                if where_pid != pid:
                    args["for"] = core.label
                out.append({"name": cpp or call or e.what or PIPE_NAMES[e.pipe], "cat": PIPE_NAMES[tid], "ph": "X",
                            "ts": placed[-1][2], "dur": (e.end - e.start) / mhz, "pid": where_pid, "tid": tid,
                            "args": args})
            for i, e in enumerate(core.events):
                w = e.wait
                if w is None or not 0 <= w.ev < len(placed):
                    continue
                flow += 1
                spid, stid, sts = placed[w.ev]
                dpid, dtid, dts = placed[i]
                label = w.what or "wait"
                out.append({"name": label, "cat": "wait", "ph": "s", "id": flow, "pid": spid, "tid": stid,
                            "ts": sts})
                out.append({"name": label, "cat": "wait", "ph": "f", "bp": "e", "id": flow, "pid": dpid,
                            "tid": dtid, "ts": dts})
        offset += tl.cycles
    soc = timelines[0].soc if timelines else ""
    clock = timelines[0].clock_mhz if timelines else 0
    return {"traceEvents": out, "displayTimeUnit": "ns",
            "otherData": {"soc": soc, "clock_mhz": clock, "model": "docs/simulator.md#profile",
                          "kernels": [t.kernel for t in timelines]}}


def save(timelines: list[Timeline], path: str | Path) -> None:
    Path(path).write_text(json.dumps(chrome_trace(timelines), separators=(",", ":")) + "\n")
