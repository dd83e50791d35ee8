"""A checker of the Chrome Trace Event format as the profile's trace uses it (the JSON object form of the format:
https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU): what Perfetto and chrome://tracing
need to open the file, and what pyasc promises on top (a user file and line on every complete event).  Times are
compared to 1e-6 us: the trace writes microseconds with 7 decimals."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

META = {"process_name", "thread_name", "process_sort_index", "thread_sort_index"}


def check(trace: Any) -> list[dict[str, Any]]:
    """Assert the trace is valid; returns its complete ("X") events."""
    assert isinstance(trace, dict) and isinstance(trace.get("traceEvents"), list), "an object with traceEvents"
    events = trace["traceEvents"]
    procs: set[int] = set()
    threads: set[tuple[int, int]] = set()
    slices: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    flows: dict[int, dict[str, dict[str, Any]]] = defaultdict(dict)
    xs = []
    for e in events:
        ph = e.get("ph")
        assert ph in ("X", "M", "s", "f"), e
        assert isinstance(e.get("pid"), int) and isinstance(e.get("tid"), int), e
        assert isinstance(e.get("name"), str) and e["name"], e
        if ph == "M":
            assert e["name"] in META, e
            if e["name"] == "process_name":
                assert isinstance(e["args"]["name"], str)
                procs.add(e["pid"])
            elif e["name"] == "thread_name":
                assert isinstance(e["args"]["name"], str)
                threads.add((e["pid"], e["tid"]))
            continue
        assert isinstance(e.get("ts"), (int, float)) and e["ts"] >= 0, e
        if ph == "X":
            assert isinstance(e.get("dur"), (int, float)) and e["dur"] > 0, e
            args = e["args"]
            assert isinstance(args["file"], str) and args["file"].endswith(".py"), e
            assert isinstance(args["line"], int) and args["line"] > 0, e
            slices[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
            xs.append(e)
        else:
            assert isinstance(e.get("id"), int), e
            assert ph not in flows[e["id"]], f"flow {e['id']} has two '{ph}' events"
            flows[e["id"]][ph] = e
            if ph == "f":
                assert e.get("bp") == "e", e
    for key, spans in slices.items():
        assert key in threads and key[0] in procs, f"thread {key} has no thread_name/process_name"
        spans.sort()
        for (a0, a1), (b0, _) in zip(spans, spans[1:], strict=False):
            assert b0 >= a1 - 1e-6, f"events overlap on one pipe {key}: [{a0}, {a1}) and {b0}"
    for fid, pair in flows.items():
        assert set(pair) == {"s", "f"}, f"flow {fid} is not an s/f pair"
        assert pair["s"]["ts"] <= pair["f"]["ts"] + 1e-6, f"flow {fid} goes back in time"
        for ph in ("s", "f"):
            e = pair[ph]
            assert any(a - 1e-6 <= e["ts"] <= b + 1e-6 for a, b in slices[(e["pid"], e["tid"])]), \
                f"flow {fid}'s {ph} is in no slice of its thread"
    return xs
