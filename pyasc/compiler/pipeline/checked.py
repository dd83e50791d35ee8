"""The checks over one lowering of a kernel (queues, memory, unused names, synchronization, bounds, naming), and
their findings kept on the kernel's IR: a lowering reused as it was (lower/cutoff.py: a helper edited, or its
parameters changed while the kernel's call still fails) is checked again only where what the checks read differs,
which is the IR itself, its helpers' IRs (the same objects), the settings they take, and where the lowering's own
errors are (the bounds check stays silent on a line with one)."""

from __future__ import annotations

from collections.abc import Hashable

from ...config import Config
from ..checks.bounds import check_bounds
from ..checks.lint import check_unused
from ..checks.memory import check_memory
from ..checks.queues import check_queues
from ..checks.summaries import helper_map
from ..checks.sync import check_sync
from ..diagnostics.model import DiagnosticSink
from ..lower import LowerResult, check_naming

KEPT = 2
"""Findings kept per kernel IR: the newest, and those of the helpers before (an edit taken back)."""


def run_checks(lowered: LowerResult, sink: DiagnosticSink, kind: str, config: Config, alias: str,
               known: tuple[tuple[str, int], ...]) -> None:
    """Every check of the kernel `lowered` into `sink` (after the lowering's own findings)."""
    key: Hashable = (kind, config.soc_version, config.naming, alias, known,
                     tuple((d.severity, d.span.line, d.span.end_line) for d in sink.items))
    helpers = tuple(lowered.helpers)
    memo: list[tuple[Hashable, tuple[LowerResult, ...], list]] = lowered.kernel.__dict__.setdefault("_checked", [])
    for got_key, got_helpers, found in memo:
        if got_key == key and len(got_helpers) == len(helpers) and all(
                a is b for a, b in zip(got_helpers, helpers, strict=True)):
            sink.items.extend(found)
            return
    start = len(sink.items)
    by_name = helper_map(lowered.helpers)
    check_queues(lowered.kernel, sink, by_name)
    check_memory(lowered.kernel, sink, config.soc_version, by_name)
    check_unused(lowered.kernel, sink)
    if kind == "kernel":
        check_sync(lowered, sink, alias)
        check_bounds(lowered.kernel, by_name, sink, dict(known))
    if config.naming:
        check_naming(lowered.kernel, sink)
    memo.insert(0, (key, helpers, sink.items[start:]))
    del memo[KEPT:]
