"""The queue protocol over a kernel's IR: deque without enque, a tensor freed to another queue, a second TPipe, whether
insert_sync runs; the paths through branches and helpers are queue_flow.py's."""

from __future__ import annotations

from ..diagnostics.model import Diagnostic, DiagnosticSink, Severity
from ..ir import nodes as ir
from ..ir.types import ObjT, TensorT
from ..ir.walk import calls_and_helpers_in, calls_in, set_up_by_failed_calls


def _recv_name(call: ir.Call) -> str | None:
    r = call.receiver
    if isinstance(r, ir.Name) and r.symbol is not None:
        return r.symbol.name
    return None


def inserts_sync(kernel: ir.KernelIR, helpers: dict[str, ir.KernelIR] | None = None) -> bool:
    """CANN's insert_sync: `@asc.jit(insert_sync=True)`, or left unset in a kernel with a LocalTensorAuto (in its
    body or in a helper it calls: CANN inlines helpers before it looks)."""
    from ..ir.auto_tensors import auto_symbols

    option = kernel.options.get("insert_sync")
    if option is not None:
        return option is True
    return bool(auto_symbols(kernel)) or any(_has_auto(h) for h in (helpers or {}).values())


def _has_auto(helper: ir.KernelIR) -> bool:
    """Whether a helper makes a LocalTensorAuto (computed once per IR object: a helper's IR is reused across
    edits, helper_cache.py)."""
    cached: bool | None = helper.__dict__.get("_has_auto")
    if cached is None:
        from ..ir.auto_tensors import auto_symbols

        cached = helper.__dict__["_has_auto"] = bool(auto_symbols(helper))
    return cached


def check_queues(kernel: ir.KernelIR, sink: DiagnosticSink,
                 helpers: dict[str, tuple[ir.KernelIR, bool]] | None = None) -> None:
    """PA503 deque without enque, PA504 free/enque to another queue, PA506 use before init_buffer.

    PA503 and PA506 follow the paths of the kernel and of the helpers it calls (queue_flow): an error when no path
    enqueues (or gives memory), a certain hang (or a use of no memory) on the device; a warning when only some do.
    With insert_sync CANN replaces every enque/deque by its own, and rejects a deque from a queue that has no
    alloc_tensor (PA503 error).
    """
    from ..diagnostics.codes import severity_for
    from .queue_flow import queue_findings

    allocated: set[str] = set()
    all_calls = list(calls_in(kernel))
    sync = inserts_sync(kernel, {n: h for n, (h, _) in (helpers or {}).items()})
    for e in calls_and_helpers_in(kernel):
        if isinstance(e, ir.HelperCall):
            for a in e.args:
                if isinstance(a, ir.Name) and a.symbol is not None and isinstance(a.type, ObjT):
                    allocated.add(a.symbol.name)
    allocated |= set_up_by_failed_calls(kernel)
    # A tensor given to an inplace alloc_tensor(t) / deque(t) takes that queue's buffer: its origin is per call then,
    # not per variable, so the PA504 check leaves it alone.
    rebound: set[str] = set()
    for call in all_calls:
        inplace = call.args.get("tensor") if call.api.leaf in ("alloc_tensor", "deque") else None
        if isinstance(inplace, ir.Name) and inplace.symbol is not None:
            rebound.add(inplace.symbol.name)
        if call.api.leaf == "alloc_tensor" and (q := _recv_name(call)):
            allocated.add(q)
    for call in all_calls:
        leaf = call.api.leaf
        q = _recv_name(call)
        if q is None or call.receiver is None or not isinstance(call.receiver.type, ObjT):
            continue
        if call.receiver.type.cls not in ("TQue", "TQueBind", "TBuf"):
            continue
        if leaf == "deque" and sync and q not in allocated:
            sink.add(Diagnostic("PA503", Severity.ERROR,
                                f"deque from '{q}', which has no alloc_tensor: insert_sync replaces each deque by "
                                f"the tensor the queue allocated, and '{q}' allocates none; call "
                                f"{q}.alloc_tensor(...) first", call.span))
        if leaf in ("free_tensor", "enque"):
            t = call.args.get("tensor")
            if isinstance(t, ir.Name) and t.symbol is not None and t.symbol.name in rebound:
                continue
            if t is not None and isinstance(t.type, TensorT) and t.type.origin and t.type.origin != q:
                verb = "freed to" if leaf == "free_tensor" else "enqueued to"
                sink.add(Diagnostic("PA504", Severity.ERROR,
                                    f"this tensor came from '{t.type.origin}' but is {verb} '{q}'; use "
                                    f"{t.type.origin}.{leaf}(...)", t.span))
    reported_init: set[str] = set()
    for f in queue_findings(kernel, helpers or {}):
        where = f"'{f.local}'" if f.local == f.queue else f"'{f.local}' (the kernel's '{f.queue}', in {f.func})"
        if f.code == "PA503" and not sync:
            if f.certain and f.consumed:
                msg = (f"deque from {where}, but on every path the tensors enqueued to '{f.queue}' were already "
                       f"dequeued: 0 are left for this deque, which waits forever on the device (the simulator "
                       f"stops there, PS106); enqueue a tensor before each deque ({f.local}.enque(t))")
            elif f.certain:
                msg = (f"deque from {where}, but no enque to '{f.queue}' reaches it on any path: on the device "
                       f"this waits forever (the simulator stops there, PS106); enqueue a tensor first "
                       f"({f.local}.enque(t))")
            else:
                msg = (f"deque from {where}, but only some paths enqueue to '{f.queue}' before it (an if on a "
                       f"run-time value, or a loop that may run zero times): on the others it waits forever on the "
                       f"device (PS106 on the simulator); enqueue on every path ({f.local}.enque(t))")
            sink.add(Diagnostic("PA503", severity_for("PA503", f.certain), msg, f.span))  # type: ignore[arg-type]
        elif f.code == "PA506" and f.queue not in reported_init:
            reported_init.add(f.queue)
            if f.certain:
                msg = (f"{where} is used before it has memory: no pipe.init_buffer({f.queue}, ...) reaches this "
                       f"use on any path, so on the device its tensors have no buffer of their own and overwrite "
                       f"whatever the Unified Buffer holds there (the simulator stops there, PS107); call "
                       f"pipe.init_buffer({f.local}, ...) first")
            else:
                msg = (f"{where} may be used before it has memory: pipe.init_buffer({f.queue}, ...) runs on some "
                       f"paths to this use only (an if on a run-time value, or a loop that may run zero times); on "
                       f"the others its tensors have no buffer (PS107 on the simulator); call init_buffer on every "
                       f"path")
            sink.add(Diagnostic("PA506", severity_for("PA506", f.certain), msg, f.span))  # type: ignore[arg-type]
