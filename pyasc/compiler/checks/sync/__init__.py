"""Static pipe-hazard analysis of kernels that synchronize by hand (`auto_sync=False`, or explicit flags).

One job per module: `lin` (comparable integers), `access` (a call's pipe and byte ranges, from the spec),
`machine` (pipe clocks, flags, last accesses: the sanitizer's model), `interp` (runs the typed IR on it, through
helpers, branches and a few iterations of each loop), `report` (codes, both sites and the fix). It runs inside the
per-kernel analysis (`analysis._analyze_unit`), so the CLI, pyasc-check and the language server see the same findings
and an edit re-runs it only for the kernel it touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...diagnostics.model import Diagnostic, DiagnosticSink, Related, Severity
from ...ir import nodes as ir
from ...ir.walk import calls_in
from ..queues import inserts_sync
from ..summaries import helper_map

if TYPE_CHECKING:
    from ...lower import LowerResult


def _uses_flags(kernels: list[ir.KernelIR]) -> bool:
    for k in kernels:
        for call in calls_in(k):
            assert call.api is not None
            if call.api.name in ("set_flag", "wait_flag"):
                return True
    return False


def check_insert_sync(lowered: LowerResult, sink: DiagnosticSink) -> None:
    """PA507: an enqueue insert_sync cannot pair with a dequeue (CANN's compiler rejects the kernel)."""
    from ...ir.auto_tensors import materialize
    from .insert import plan

    k = lowered.kernel
    helpers = {key: fn for key, (fn, _) in helper_map(lowered.helpers).items()}
    found = plan(k, materialize(k, helpers, True), helpers, True)
    for enq, use, tensor in found.unplaceable:
        sink.add(Diagnostic(
            "PA507", Severity.ERROR,
            f"insert_sync cannot dequeue '{tensor.name}' here: it is enqueued after line {enq.span.line}, inside a "
            f"loop or branch that this block is not part of, and CANN's compiler rejects the kernel; use "
            f"'{tensor.name}' once after that loop or branch, before this block", use.span,
            related=(Related(enq.span, f"'{tensor.name}' is written and enqueued here"),)))


def check_sync(lowered: LowerResult, sink: DiagnosticSink, alias: str = "asc") -> None:
    """PA551-PA557 for one kernel and the helpers it calls; PA507 under insert_sync."""
    k = lowered.kernel
    if inserts_sync(k, {h.kernel.name: h.kernel for h in lowered.helpers}):
        check_insert_sync(lowered, sink)
        return  # insert_sync replaces the kernel's flags by its own (sync/insert.py): none of them is run
    manual = k.options.get("auto_sync", True) is False
    helpers = helper_map(lowered.helpers)
    if not manual and not _uses_flags([k] + [h for h, _ in helpers.values()]):
        return
    # Imported here, by the first kernel that synchronizes by hand: most kernels never get this far, and the
    # compiler's import (on every language-server start) need not pay for the interpreter.
    from .interp import Interp, OutOfBudget
    from .machine import Machine
    from .report import Reporter, hard_events

    interp = Interp(helpers)
    machine = Machine()
    try:
        interp.run(k.body, {}, machine)
    except OutOfBudget:
        pass
    else:
        machine.finish()
    findings = machine.shared.findings
    if not manual:
        # under automatic synchronization the compiler orders the pipes; only the flags the user wrote are checked
        findings = [f for f in findings if f.kind != "race"]
    for d in Reporter(alias, interp.used, hard_events()).diagnostics(findings):
        sink.add(d)
