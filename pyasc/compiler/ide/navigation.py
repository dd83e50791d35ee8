"""Navigation over an analysis: definition (also into imported modules), references, rename, document symbols, the
generated code panel."""

from __future__ import annotations

import ast
import keyword
import re

from ..codegen.sourcemap import MapFlag
from ..diagnostics.model import Span, TextEdit
from ..pipeline.results import Analysis, KernelInfo, SymbolInfo
from .answers import CodeMapping, DocumentSymbol, GeneratedCode, Location, RenameResult
from .context import IDENT, _line_text
from .hover import span_text, token_span


def definition(analysis: Analysis, line: int, col: int) -> list[Location]:
    """Where the name at the cursor is defined: a helper, a module constant, a local or a parameter, or a constant
    or helper imported from another module of the same project."""
    sym = analysis.symbol_at(line, col)
    if sym is not None:
        return [Location(getattr(sym, "path", None) or analysis.path, sym.def_span)]
    name = _word_at(analysis.text, line, col)
    if name and name in analysis.module_names:
        found = _imported_definition(analysis, name)
        return [found] if found is not None else []
    return []


def _word_at(text: str, line: int, col: int) -> str:
    src = _line_text(text, line)
    for m in IDENT.finditer(src):
        if m.start() <= col <= m.end():
            return m.group(0)
    return ""


def _imported_definition(analysis: Analysis, name: str) -> Location | None:
    """Follow `from consts import NAME` to NAME's assignment or def in that file, the way the analysis resolved it
    (read as text, never imported)."""
    from pathlib import Path

    from ...reads import read_source
    from ..syntax.module import scan_module
    from ..syntax.project import project_reader

    if analysis.path.startswith("<"):
        return None
    here = scan_module(analysis.text, analysis.path, project_reader(Path(analysis.path).parent))
    target = here.project_imports.get(name)
    if target is None:
        return None
    other_path, other_name = target
    other_text = read_source(Path(other_path))  # as the analysis read it (an editor's open buffer, when active)
    if other_text is None:
        return None
    other = scan_module(other_text, other_path, project_reader(Path(other_path).parent))
    node = other.constant_nodes.get(other_name)
    if isinstance(node, ast.Assign) and node.targets:
        return Location(other_path, other.positions.span(node.targets[0]))
    if isinstance(node, ast.AnnAssign):
        return Location(other_path, other.positions.span(node.target))
    jit = other.jit.get(other_name)
    if jit is not None:
        fn = jit.node
        src = other.positions.line_text(fn.lineno)
        at = re.search(rf"\bdef\s+({re.escape(fn.name)})\b", src)
        if at is not None:
            return Location(other_path, Span(fn.lineno, at.start(1), fn.lineno, at.end(1)))
    return None


def _name_span(text: str, span: Span, name: str) -> Span | None:
    """The part of `span` that spells `name`: a parameter's span covers its annotation (`x: asc.GlobalAddress`)."""
    written = span_text(text, span)
    if written == name:
        return span
    if written.startswith(name) and not (written[len(name):len(name) + 1].isalnum()
                                         or written[len(name):len(name) + 1] == "_"):
        return Span(span.line, span.col, span.line, span.col + len(name))
    return None


def _name_spans(analysis: Analysis, sym: SymbolInfo, include_declaration: bool = True) -> list[Span]:
    spans = ([sym.def_span] if include_declaration else []) + [r for r in sym.refs if r != sym.def_span]
    named = (_name_span(analysis.text, s, sym.name) for s in spans)
    return _unique([s for s in named if s is not None])


def references(analysis: Analysis, line: int, col: int, include_declaration: bool = True) -> list[Location]:
    sym = analysis.symbol_at(line, col)
    if sym is None:
        return []
    return [Location(analysis.path, s) for s in _name_spans(analysis, sym, include_declaration)]


_RENAMABLE = ("constant", "parameter", "variable", "pipe", "queue", "buffer", "tensor", "helper", "kernel")


def prepare_rename(analysis: Analysis, line: int, col: int) -> tuple[Span, str] | None:
    """The name under the cursor and its text when it can be renamed."""
    sym = analysis.symbol_at(line, col)
    if sym is None or sym.kind not in _RENAMABLE:
        return None
    span = _name_span(analysis.text, token_span(analysis.text, sym, line, col), sym.name)
    if span is None:
        return None
    return span, sym.name


def rename(analysis: Analysis, line: int, col: int, new_name: str) -> RenameResult:
    """Edits renaming a kernel-local name or a module constant everywhere it is used."""
    sym = analysis.symbol_at(line, col)
    if sym is None or sym.kind not in _RENAMABLE:
        return RenameResult(error="Nothing to rename here: place the cursor on a local, parameter or module constant.")
    if not new_name.isidentifier() or keyword.iskeyword(new_name):
        return RenameResult(error=f"'{new_name}' is not a valid Python identifier.")
    if new_name == sym.name:
        return RenameResult()
    clash = [s for s in analysis.symbols if s.name == new_name and (s.scope == sym.scope or s.scope is None
                                                                    or sym.scope is None)]
    if clash:
        other = clash[0]
        return RenameResult(error=f"'{new_name}' already names a {other.kind} (line {other.def_span.line}).")
    return RenameResult(edits=[TextEdit(s, new_name) for s in _name_spans(analysis, sym)])


def _unique(spans: list[Span]) -> list[Span]:
    return sorted(set(spans))


_CHILD_KINDS = ("pipe", "queue", "buffer")


def document_symbols(analysis: Analysis) -> list[DocumentSymbol]:
    """Module constants, then kernels and helpers with their pipes, queues and buffers."""
    out: list[DocumentSymbol] = []
    for s in analysis.symbols:
        if s.scope is None and s.kind == "constant":
            detail = f"= {s.value}" if s.value is not None else s.type
            out.append(DocumentSymbol(s.name, "constant", s.def_span, s.def_span, detail))
    for k in analysis.kernels:
        out.append(_kernel_symbol(analysis, k))
    out.sort(key=lambda d: (d.span.line, d.span.col))
    return out


def _kernel_symbol(analysis: Analysis, k: KernelInfo) -> DocumentSymbol:
    children = tuple(
        DocumentSymbol(s.name, s.kind, s.def_span, s.def_span, s.type)
        for s in analysis.symbols
        if s.scope == k.name and s.kind in _CHILD_KINDS and k.span.encloses(s.def_span)
    )
    params = ", ".join(f"{n}: {t}" if t else n for n, t in k.params)
    return DocumentSymbol(k.name, k.kind, k.span, k.name_span, f"({params})", children)


def generated_code(analysis: Analysis) -> GeneratedCode:
    """The C++ of the document with every mapping (statements and tokens) and each kernel's ranges."""
    smap = analysis.sourcemap
    mappings = []
    for seg in smap.segments:
        if not seg.flags & MapFlag.NAVIGATION and not seg.flags & MapFlag.STATEMENT:
            continue
        a, b = smap.cpp_range(seg)
        mappings.append(CodeMapping(seg.python, (a.line, a.col), (b.line, b.col), bool(seg.flags & MapFlag.STATEMENT)))
    kernels = []
    for k in analysis.kernels:
        a, b = smap.position(k.cpp_start), smap.position(k.cpp_end)
        kernels.append((k.name, k.span, (a.line, a.col), (b.line, b.col)))
    return GeneratedCode(analysis.cpp, mappings, kernels)


def parsed(analysis: Analysis) -> bool:
    """True when the text parsed (no syntax error): such an analysis carries symbol types for completion."""
    return not any(d.code == "PA100" for d in analysis.diagnostics)
