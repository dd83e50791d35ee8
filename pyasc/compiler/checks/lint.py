"""Lint over a kernel's IR: unused variables, parameters, queues and buffers, and results nobody reads."""

from __future__ import annotations

from ..diagnostics.model import Diagnostic, DiagnosticSink, Severity
from ..ir import nodes as ir
from ..ir.walk import calls_in


def check_unused(kernel: ir.KernelIR, sink: DiagnosticSink) -> None:
    """PA701 unused variables, PA702 unused parameters, PA703 unused queues and buffers (Unnecessary tag)."""
    init_only: dict[str, int] = {}
    for call in calls_in(kernel):
        if call.api.leaf == "init_buffer":
            for name in ("que", "buf"):
                arg = call.args.get(name)
                if isinstance(arg, ir.Name) and arg.symbol is not None:
                    init_only[arg.symbol.name] = init_only.get(arg.symbol.name, 0) + 1
    seen: set[int] = set()
    for sym in kernel.symbols:
        if id(sym) in seen or sym.name.startswith("_") or sym.item_of:
            continue
        seen.add(id(sym))
        if sym.kind == "parameter":
            if sym.reads == 0:
                sink.add(Diagnostic("PA702", Severity.WARNING, f"parameter '{sym.name}' is never used",
                                    sym.def_span, unnecessary=True))
            continue
        if sym.kind in ("queue", "buffer"):
            if sym.reads <= init_only.get(sym.name, 0):
                sink.add(Diagnostic("PA703", Severity.WARNING,
                                    f"{sym.kind} '{sym.name}' is created but never used", sym.def_span,
                                    unnecessary=True))
            continue
        if sym.kind == "pipe":
            continue
        if sym.reads == 0:
            sink.add(Diagnostic("PA701", Severity.WARNING, f"'{sym.name}' is assigned but never used",
                                sym.def_span, unnecessary=True))
