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

from . import pipes, state

PIPE_NAMES = pipes.PIPES
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

    cycles: float = 0.0
    """The launch's time: its slowest core's latest event end."""

    def where(self, ev: state.Event) -> tuple[str, int]:
        return self.sites[ev.site] if 0 <= ev.site < len(self.sites) else ("<unknown>", 0)


def from_launch(launch: state.Launch) -> Timeline:
    tl = Timeline(launch.kernel, launch.soc.name, launch.soc.clock_mhz, launch.options.mix, launch.sites)
    tl.cycles = max((st.cycles for st in launch.stats), default=0.0)
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
    return json.loads(to_json(timelines))


def to_json(timelines: list[Timeline], explanation: list[dict[str, Any]] | None = None) -> str:
    """The trace as JSON text.  Written directly, a line per event, from per-call-site prefixes: a trace has an
    event per call of the kernel, and building a dict for each costs more than the profiled run itself."""
    out: list[str] = []
    threads: set[tuple[int, int]] = set()
    pids: dict[tuple[int, str], int] = {}
    offset = 0.0
    flow = 0
    dumps = json.dumps

    def pid_of(li: int, label: str, title: str) -> int:
        key = (li, label)
        pid = pids.get(key)
        if pid is None:
            pid = pids[key] = len(pids) + 1
            out.append(dumps({"name": "process_name", "ph": "M", "pid": pid, "tid": 0, "args": {"name": title}}))
            out.append(dumps({"name": "process_sort_index", "ph": "M", "pid": pid, "tid": 0,
                              "args": {"sort_index": pid}}))
        return pid

    for li, tl in enumerate(timelines):
        mhz = float(tl.clock_mhz)
        for core in tl.cores:
            pid = pid_of(li, core.label, f"{tl.kernel} {core.label}")
            cube_pid = 0
            if tl.ratio and not core.aic:
                block = core.idx // tl.ratio
                cube_pid = pid_of(li, f"AIC{block}", f"{tl.kernel} AIC{block}")
            placed: list[tuple[int, int, float]] = []
            add = out.append
            mark = placed.append
            prefixes: dict[tuple[int, int, int, str], tuple[str, str]] = {}
            for e in core.events:
                pipe, start, end, _, site, api, what, amount, _ = e
                ts = (offset + start) / mhz
                key = (pipe, site, id(api), what)
                prefix = prefixes.get(key)
                if prefix is None:
                    where_pid, tid = (cube_pid, _CUBE_TID[pipe]) if cube_pid and pipe in CUBE_SLOTS else (pid, pipe)
                    if (where_pid, tid) not in threads:
                        threads.add((where_pid, tid))
                        add(dumps({"name": "thread_name", "ph": "M", "pid": where_pid, "tid": tid,
                                   "args": {"name": PIPE_NAMES[tid]}}))
                        add(dumps({"name": "thread_sort_index", "ph": "M", "pid": where_pid, "tid": tid,
                                   "args": {"sort_index": tid}}))
                    prefix = prefixes[key] = _prefix(tl, core, e, where_pid, tid, where_pid != pid)
                mark((prefix[2], prefix[3], ts))
                dur = (end - start) / mhz
                if amount:  # microseconds to the 0.1 ps: fixed-point formatting is cheaper than repr
                    add(f'{prefix[0]},"ts":{ts:.7f},"dur":{dur:.7f},"args":{{{prefix[1]},'
                        f'"{"fractals" if pipe == 5 else "bytes"}":{amount}}}}}')
                else:
                    add(f'{prefix[0]},"ts":{ts:.7f},"dur":{dur:.7f},"args":{{{prefix[1]}}}}}')
            for i, e in enumerate(core.events):
                w = e.wait
                if w is None or not 0 <= w.ev < len(placed):
                    continue
                flow += 1
                spid, stid, sts = placed[w.ev]
                dpid, dtid, dts = placed[i]
                label = dumps(w.what or "wait")
                out.append(f'{{"name":{label},"cat":"wait","ph":"s","id":{flow},"pid":{spid},"tid":{stid},'
                           f'"ts":{sts:.7f}}}')
                out.append(f'{{"name":{label},"cat":"wait","ph":"f","bp":"e","id":{flow},"pid":{dpid},'
                           f'"tid":{dtid},"ts":{dts:.7f}}}')
        offset += tl.cycles
    soc = timelines[0].soc if timelines else ""
    clock = timelines[0].clock_mhz if timelines else 0
    info: dict[str, Any] = {"soc": soc, "clock_mhz": clock, "model": "docs/simulator.md#profile",
                            "kernels": [t.kernel for t in timelines]}
    if explanation is not None:
        info["explanation"] = explanation
    other = dumps(info)
    return '{"traceEvents":[\n' + ",\n".join(out) + f'\n],"displayTimeUnit":"ns","otherData":{other}}}\n'


_CPP: dict[int, str] = {}
"""id(ApiSpec) -> its C++ call (the specs live as long as the process)."""


def _prefix(tl: Timeline, core: CoreTimeline, e: state.Event, pid: int, tid: int,
            served: bool) -> tuple[str, str, int, int]:
    """The constant fields of the events of one call site, API, stage and pipe of a core: the event's head, its
    args (file, line, call, C++ call, stage), its process and thread."""
    api = e.api
    cpp = _CPP.get(id(api))
    if cpp is None:
        cpp = _CPP[id(api)] = cpp_call(api)
    file, line = tl.where(e)
    call = getattr(api, "name", "") if api is not None else ""
    args: dict[str, Any] = {"file": file, "line": line, "call": call, "cpp": cpp}
    if e.what and e.what != call.rpartition(".")[2]:
        args["stage"] = e.what
    if served:
        args["for"] = core.label
    name = cpp or call or e.what or PIPE_NAMES[e.pipe]
    head = f'{{"name":{json.dumps(name)},"cat":"{PIPE_NAMES[tid]}","ph":"X","pid":{pid},"tid":{tid}'
    return head, json.dumps(args)[1:-1], pid, tid


def save(timelines: list[Timeline], path: str | Path, explanation: list[dict[str, Any]] | None) -> None:
    """The trace, with the explanation of pyasc.sim.explain (`notes`) in otherData.explanation (what an editor shows
    on the loops it concerns)."""
    Path(path).write_text(to_json(timelines, explanation))
