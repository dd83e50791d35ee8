"""What one analysis produces: the data every consumer (CLI, pyasc-check, language server) reads.

Plain frozen dataclasses, no protocol types: the language server converts them in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..codegen.sourcemap import SourceMap
from ..diagnostics.model import Diagnostic, Span


@dataclass(frozen=True)
class GmParam:
    """A Global Memory parameter of a kernel, as an operator project needs it."""

    name: str
    cpp_type: str
    """Its element type in the C++: `half`, `float`, or the template parameter of a generic kernel (`T_x`)."""
    dtype: str | None
    """The asc dtype name when the analysis fixed it (`float16`), None when the kernel is generic in it."""
    read: bool
    written: bool
    cpp_name: str = ""
    """Its name in the C++ (cppnames.py), `new_` for a parameter named `new`."""


@dataclass(frozen=True)
class KernelInfo:
    """A jit function of the file."""

    name: str
    kind: str
    """'kernel' (launched from the host) or 'helper' (called from kernels; emitted as __aicore__ inline)."""
    name_span: Span
    """The function's name in its `def` line: where findings that cannot be mapped exactly go."""
    span: Span
    """The whole function, decorators included."""
    params: tuple[tuple[str, str], ...]
    """(name, inferred type) of each parameter."""
    cpp_start: int = 0
    cpp_end: int = 0
    """Character range of its C++ in `Analysis.cpp`."""
    reanalyzed: bool = True
    """False when this kernel's result came from the per-kernel cache."""
    cpp_params: tuple[tuple[str, str], ...] = ()
    """(C++ name, C++ type) of each parameter as the kernel's entry declares it."""
    gm_params: tuple[GmParam, ...] = ()
    """The GM parameters with their element type and whether the kernel reads and writes them."""
    auto_sync: bool = True
    """False for @asc.jit(auto_sync=False): the kernel synchronizes by hand, and is built without the compiler's."""
    apis: frozenset[str] = frozenset()
    """The asc APIs it calls, in its jit helpers too (qualified names: `add`, `adv.register_matmul`)."""
    cpp_name: str = ""
    """Its C++ name (cppnames.py): a kernel's extern "C" entry, what the host launches and export wraps."""


@dataclass(frozen=True)
class SymbolInfo:
    """A name the user defined: a module constant, a kernel, a parameter, a local, a queue or buffer."""

    name: str
    kind: str
    """'kernel', 'helper', 'constant', 'parameter', 'variable', 'pipe', 'queue', 'buffer', 'tensor'."""
    type: str
    def_span: Span
    refs: tuple[Span, ...]
    scope: str | None
    """Kernel name for locals and parameters, None for module-level names."""
    value: str | None = None
    """The folded value of a constant."""


@dataclass(frozen=True)
class CallInfo:
    """An `asc` API call, for hover and signature help."""

    span: Span
    callee_span: Span
    api: str
    """Qualified API name: `add`, `adv.exp`, `TQue.alloc_tensor`."""
    signature: str
    """The overload chosen (or the first one, when none matched)."""
    overload_index: int
    doc: str
    args: tuple[tuple[str, str], ...]
    """(parameter name, inferred type) of the arguments given."""
    cpp: str
    """The C++ statement emitted for it ('' when none was)."""
    kernel: str


@dataclass(frozen=True)
class InlayHint:
    """An inferred type shown after a name that does not spell it: `x_local: LocalTensor[float16] @ VECIN`."""

    line: int
    col: int
    label: str


@dataclass
class Analysis:
    """Everything known about one document version."""

    path: str
    text: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    kernels: list[KernelInfo] = field(default_factory=list)
    cpp: str = ""
    sourcemap: SourceMap = field(default_factory=lambda: SourceMap(""))
    symbols: list[SymbolInfo] = field(default_factory=list)
    calls: list[CallInfo] = field(default_factory=list)
    hints: list[InlayHint] = field(default_factory=list)
    expr_types: list[tuple[Span, str]] = field(default_factory=list)
    """Inferred type of every name and call expression, for hover."""
    asc_aliases: tuple[str, ...] = ()
    """Names under which the file imported pyasc/asc (`asc`, `pyasc`)."""
    module_aliases: dict[str, str] = field(default_factory=dict)
    """Names bound to CANN's kernel modules under asc (`enums` -> `asc.language.core.enums`)."""
    module_names: dict[str, str] = field(default_factory=dict)
    """Module-level names (constants, jit functions, imports) -> kind, for completion."""
    reads: tuple[tuple[str, str], ...] = ()
    """Every other file the analysis looked for (project modules), with its state then (`pyasc.reads.state`): the
    result holds while each is still in that state."""

    @classmethod
    def failed(cls, path: str, text: str, exc: Exception) -> Analysis:
        """The result of an analysis that raised: its one diagnostic says so (the entry points never raise)."""
        from ..diagnostics.model import Severity

        return cls(path=path, text=text, diagnostics=[Diagnostic(
            "PA901", Severity.ERROR, f"internal error while analyzing this file: {type(exc).__name__}: {exc}",
            Span(1, 0, 1, 0))])

    @property
    def has_kernels(self) -> bool:
        return bool(self.kernels)

    @property
    def errors(self) -> list[Diagnostic]:
        from ..diagnostics.model import Severity

        return [d for d in self.diagnostics if d.severity == Severity.ERROR]

    def kernel_at(self, line: int) -> KernelInfo | None:
        """The jit function whose text contains `line` (1-based)."""
        for k in self.kernels:
            if k.span.line <= line <= k.span.end_line:
                return k
        return None

    def call_at(self, line: int, col: int) -> CallInfo | None:
        """The innermost API call whose span contains the position."""
        hits = [c for c in self._by_line("calls").get(line, ()) if c.span.contains(line, col)]
        return min(hits, key=lambda c: c.span.size) if hits else None

    def symbol_at(self, line: int, col: int) -> SymbolInfo | None:
        """The symbol defined or referenced at the position (the first of the list, as a scan of it finds)."""
        hits = [(i, s) for i, span, s in self._by_line("symbols").get(line, ()) if span.contains(line, col)]
        return min(hits, key=lambda h: h[0])[1] if hits else None

    def type_at(self, line: int, col: int) -> tuple[Span, str] | None:
        """The innermost typed expression at the position (of equal sizes, the one that starts first)."""
        hits = [(s, t) for s, t in self._by_line("expr_types").get(line, ()) if s.contains(line, col)]
        return min(hits, key=lambda h: h[0].size) if hits else None

    def _by_line(self, name: str) -> dict[int, list[Any]]:
        """Hover's lookups by line, built once per list instead of a scan (and a sort) of the whole file's calls,
        symbols and typed expressions on every request: a 1,000-line kernel has thousands of each.  Rebuilt when
        the list changed length (the analysis fills them before anyone asks)."""
        items = getattr(self, name)
        index = self.__dict__.setdefault("_line_index", {})
        hit = index.get(name)
        if hit is not None and hit[0] == len(items):
            return hit[1]
        by_line: dict[int, list[Any]] = {}
        if name == "symbols":
            for i, sym in enumerate(items):
                for span in (sym.def_span, *sym.refs):
                    for line in range(span.line, span.end_line + 1):
                        by_line.setdefault(line, []).append((i, span, sym))
        else:
            ordered = items if name == "calls" else sorted(items, key=lambda st: (st[0].line, st[0].col))
            for item in ordered:
                span = item.span if name == "calls" else item[0]
                for line in range(span.line, span.end_line + 1):
                    by_line.setdefault(line, []).append(item)
        index[name] = (len(items), by_line)
        return by_line
