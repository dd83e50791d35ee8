"""A kernel's analysis as the per-kernel cache keeps it (`KernelUnit`), and what moves it when only its lines
moved.  Shared by the front half of the analysis (analysis.py) and its back half (backend.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..codegen.sourcemap import Code
from ..diagnostics.model import Diagnostic, Span
from .results import CallInfo, InlayHint, KernelInfo, SymbolInfo


@dataclass
class KernelUnit:
    """Everything computed for one jit function, cacheable and position-independent up to a line shift."""

    name: str
    kind: str
    base_line: int
    info: KernelInfo
    diagnostics: list[Diagnostic]
    helpers_code: list[tuple[KernelInfo, Code]]
    code: Code
    symbols: list[SymbolInfo]
    calls: list[CallInfo]
    hints: list[InlayHint]
    expr_types: list[tuple[Span, str]]
    constants_read: set[str]
    generic: bool
    foreign_constants: dict[str, object] = field(default_factory=dict)
    """Constants read by helpers imported from other modules, with their values there."""
    module_refs: dict[str, list[Span]] = field(default_factory=dict)
    """References to module-level names from inside this kernel and its helpers."""
    clocked: bool = False
    """The result depends on the clock (PA902 at the time ceiling): never cached, since one slow moment must not
    outlive the text it happened on."""

    def shifted(self, delta: int) -> KernelUnit:
        if delta == 0:
            return self
        return KernelUnit(
            self.name, self.kind, self.base_line + delta,
            replace(self.info, name_span=_sh(self.info.name_span, delta), span=_sh(self.info.span, delta),
                    reanalyzed=False),
            [_shift_diag(d, delta) for d in self.diagnostics],
            [(replace(i, name_span=_sh(i.name_span, delta), span=_sh(i.span, delta), reanalyzed=False),
              _shift_code(c, delta)) for i, c in self.helpers_code],
            _shift_code(self.code, delta),
            [replace(s, def_span=_sh(s.def_span, delta), refs=tuple(_sh(r, delta) for r in s.refs))
             for s in self.symbols],
            [replace(c, span=_sh(c.span, delta), callee_span=_sh(c.callee_span, delta)) for c in self.calls],
            [replace(h, line=h.line + delta) for h in self.hints],
            [(_sh(s, delta), t) for s, t in self.expr_types],
            self.constants_read, self.generic, self.foreign_constants,
            {n: [_sh(r, delta) for r in refs] for n, refs in self.module_refs.items()},
        )


def _sh(s: Span, d: int) -> Span:
    return Span(s.line + d, s.col, s.end_line + d, s.end_col)


LINE_REF = re.compile(r"\b((?:at|after) line )(\d+)\b")
"""How the checks' messages name another line of the same kernel or its helpers ("init_buffer at line 12",
"enqueued after line 30"): it moves with the unit, as its spans do."""


def _shift_diag(diag: Diagnostic, d: int) -> Diagnostic:
    message = diag.message
    if " line " in message:
        message = LINE_REF.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + d}", message)
    return replace(
        diag, span=_sh(diag.span, d), message=message,
        related=tuple(replace(r, span=_sh(r.span, d)) if r.path is None else r for r in diag.related),
        fixes=tuple(replace(f, edits=tuple(replace(e, span=_sh(e.span, d)) for e in f.edits)) for f in diag.fixes),
    )


def _shift_code(c: Code, d: int) -> Code:
    return Code(c.text, [replace(s, python=_sh(s.python, d)) for s in c.segments], c.boilerplate)


def dedupe(items: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[str, Span, str]] = set()
    out = []
    for d in items:
        key = (d.code, d.span, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


