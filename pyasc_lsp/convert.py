"""The only place pyasc data (Span, Diagnostic, ide results) becomes LSP types, and LSP positions become pyasc ones.

pyasc counts lines from 1 and columns in code points; LSP counts lines from 0 and columns in the negotiated
encoding's code units (UTF-16 unless the client offered UTF-8 or UTF-32).  Everything that crosses that boundary
goes through `Positions`, so a non-ASCII character can shift a column in one place only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.uris import from_fs_path

from pyasc.compiler.diagnostics.model import Diagnostic, Severity, Span, TextEdit
from pyasc.compiler.pipeline.results import InlayHint

from .newlines import lsp_newlines

if TYPE_CHECKING:  # imported by the features that use it, after the first diagnostics
    from pyasc.compiler.ide.answers import Completions, DocumentSymbol, GeneratedCode, Hover, SignatureHelp

_UTF8 = "utf-8"
_UTF32 = "utf-32"


def _units(text: str, encoding: str) -> int:
    """Length of `text` in the encoding's code units."""
    if text.isascii() or encoding == _UTF32:
        return len(text)
    if encoding == _UTF8:
        return len(text.encode("utf-8"))
    return len(text.encode("utf-16-le")) // 2


class Positions:
    """Converts positions of one text between pyasc (1-based lines, code points) and LSP (0-based, code units)."""

    def __init__(self, text: str, encoding: str = "utf-16") -> None:
        self.lines = lsp_newlines(text).split("\n")
        self.encoding = str(getattr(encoding, "value", encoding))

    def _line(self, index: int) -> str:
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def position(self, line: int, col: int) -> types.Position:
        """pyasc (line, col) -> LSP Position; columns past the end of the line are clamped to it."""
        index = max(0, line - 1)
        src = self._line(index)
        col = max(0, min(col, len(src)))
        return types.Position(line=index, character=_units(src[:col], self.encoding))

    def cpp_position(self, line0: int, col: int) -> types.Position:
        """0-based (line, code-point column), as SourceMap.position gives for C++ text -> LSP Position."""
        return self.position(line0 + 1, col)

    def range(self, span: Span) -> types.Range:
        return types.Range(start=self.position(span.line, span.col), end=self.position(span.end_line, span.end_col))

    def from_position(self, pos: types.Position) -> tuple[int, int]:
        """LSP Position -> pyasc (line, col); a column inside a multi-unit character lands before it."""
        src = self._line(pos.line)
        target = max(0, pos.character)
        if src.isascii() or self.encoding == _UTF32:
            return pos.line + 1, min(target, len(src))
        units = 0
        for i, ch in enumerate(src):
            if units >= target:
                return pos.line + 1, i
            units += _units(ch, self.encoding)
            if units > target:
                return pos.line + 1, i
        return pos.line + 1, len(src)

    def offset(self, pos: types.Position) -> int:
        """Character offset in the text of an LSP position (clamped to the text)."""
        if pos.line >= len(self.lines):
            return sum(map(len, self.lines)) + len(self.lines) - 1
        line, col = self.from_position(pos)
        return sum(map(len, self.lines[:line - 1])) + (line - 1) + col  # each earlier line and its \n

    def span(self, rng: types.Range) -> Span:
        a = self.from_position(rng.start)
        b = self.from_position(rng.end)
        return Span(a[0], a[1], b[0], b[1])


def apply_changes(text: str, changes: Sequence[Any], encoding: str) -> str:
    """The text after didChange's content changes, in order, with LSP's line rules (\n, \r\n, \r only)."""
    for change in changes:
        rng = getattr(change, "range", None)
        if rng is None:
            text = change.text
            continue
        pos = Positions(text, encoding)
        start, end = pos.offset(rng.start), pos.offset(rng.end)
        text = text[:start] + change.text + text[max(start, end):]
    return text


# ---------------------------------------------------------------------------------------------------------------------
# Diagnostics

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

_TIDY_DOCS = "https://clang.llvm.org/extra/clang-tidy/checks/{group}/{check}.html"


def code_href(code: str, docs_uri: str | None) -> str | None:
    """Where a code is documented: docs/diagnostics.md#<code> for pyasc codes, clang-tidy's pages for its checks."""
    if code.startswith("PA") and code[2:].isdigit():
        return f"{docs_uri}#{code.lower()}" if docs_uri else None
    group, _, rest = code.partition("-")
    if rest and group.isalpha() and group.islower():
        return _TIDY_DOCS.format(group=group, check=rest)
    return None


def uri_for(path: str | None, doc_uri: str, doc_path: str) -> str:
    if not path or path == doc_path:
        return doc_uri
    return from_fs_path(path) or doc_uri


def diagnostic(
    diag: Diagnostic,
    pos: Positions,
    doc_uri: str,
    doc_path: str,
    docs_uri: str | None,
    other_positions: Any = None,
) -> types.Diagnostic:
    """A pyasc Diagnostic as LSP sends it: code, href, severity, related sites, Unnecessary tag."""
    href = code_href(diag.code, docs_uri)
    related = []
    for rel in diag.related:
        rel_pos = pos if not rel.path or rel.path == doc_path else (other_positions(rel.path) if other_positions
                                                                     else pos)
        related.append(types.DiagnosticRelatedInformation(
            location=types.Location(uri=uri_for(rel.path, doc_uri, doc_path), range=rel_pos.range(rel.span)),
            message=rel.message,
        ))
    return types.Diagnostic(
        range=pos.range(diag.span),
        message=diag.message,
        severity=_SEVERITY.get(diag.severity, types.DiagnosticSeverity.Error),
        code=diag.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=diag.source,
        tags=[types.DiagnosticTag.Unnecessary] if diag.unnecessary else None,
        related_information=related or None,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Edits


def text_edits(edits: Sequence[TextEdit], pos: Positions) -> list[types.TextEdit]:
    return [types.TextEdit(range=pos.range(e.span), new_text=e.new_text) for e in edits]


def workspace_edit(uri: str, edits: Sequence[TextEdit], pos: Positions, version: int | None,
                   document_changes: bool) -> types.WorkspaceEdit:
    """A WorkspaceEdit for one document, as `documentChanges` (with the version) when the client takes them."""
    lsp_edits = text_edits(edits, pos)
    if document_changes:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
            edits=lsp_edits,  # type: ignore[arg-type]
        )])
    return types.WorkspaceEdit(changes={uri: lsp_edits})


# ---------------------------------------------------------------------------------------------------------------------
# Features


def markup(markdown: str, plain: str, markdown_ok: bool) -> types.MarkupContent:
    if markdown_ok:
        return types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown)
    return types.MarkupContent(kind=types.MarkupKind.PlainText, value=plain)


def hover(info: Hover, pos: Positions, markdown_ok: bool) -> types.Hover:
    return types.Hover(contents=markup(info.markdown, info.plain, markdown_ok), range=pos.range(info.span))


_COMPLETION_KIND = {
    "function": types.CompletionItemKind.Function,
    "class": types.CompletionItemKind.Class,
    "enum": types.CompletionItemKind.Enum,
    "member": types.CompletionItemKind.EnumMember,
    "method": types.CompletionItemKind.Method,
    "field": types.CompletionItemKind.Field,
    "keyword_argument": types.CompletionItemKind.Variable,
    "dtype": types.CompletionItemKind.TypeParameter,
    "module": types.CompletionItemKind.Module,
    "constant": types.CompletionItemKind.Constant,
    "variable": types.CompletionItemKind.Variable,
    "parameter": types.CompletionItemKind.Variable,
    "kernel": types.CompletionItemKind.Function,
    "helper": types.CompletionItemKind.Function,
    "builtin": types.CompletionItemKind.Keyword,
}


def completion_list(result: Completions, pos: Positions, markdown_ok: bool,
                    lazy_docs: bool = False, default_range: bool = False) -> types.CompletionList:
    """The items as LSP's.  With `lazy_docs` each item carries its index (`data`) instead of its detail and
    documentation, which completionItem/resolve adds (`completion_doc`) when the client shows that item: the list
    after `asc.` is 450 items, whose overload signatures alone are 67 KB.  With `default_range` (the client takes
    `itemDefaults.editRange`) the range every item replaces is sent once, not once per item."""
    rng = pos.range(result.replace)
    items = []
    for i, item in enumerate(result.items):
        lazy = lazy_docs and bool(item.doc or item.detail)
        new_text = item.insert_text or item.label
        items.append(types.CompletionItem(
            label=item.label,
            kind=_COMPLETION_KIND.get(item.kind, types.CompletionItemKind.Text),
            detail=None if lazy else (item.detail or None),
            documentation=markup(item.doc, item.doc, markdown_ok) if item.doc and not lazy else None,
            sort_text=item.sort_text,
            text_edit=None if default_range else types.TextEdit(range=rng, new_text=new_text),
            text_edit_text=new_text if default_range and new_text != item.label else None,
            data=i if lazy else None,
        ))
    defaults = types.CompletionItemDefaults(edit_range=rng) if default_range else None
    return types.CompletionList(is_incomplete=False, items=items, item_defaults=defaults)


def completion_doc(item: types.CompletionItem, result: Completions | None, markdown_ok: bool) -> None:
    """Fill in the detail and documentation `completion_list` left out of `item`, from the list it came from."""
    index = item.data
    if result is None or not isinstance(index, int) or not 0 <= index < len(result.items):
        return
    source = result.items[index]
    if source.label != item.label:
        return
    if source.detail and not item.detail:
        item.detail = source.detail
    if source.doc:
        item.documentation = markup(source.doc, source.doc, markdown_ok)


def signature_help(help_: SignatureHelp, markdown_ok: bool, label_offsets: bool) -> types.SignatureHelp:
    sigs = []
    for sig in help_.signatures:
        params = [
            types.ParameterInformation(label=(p.start, p.end) if label_offsets else sig.label[p.start : p.end])
            for p in sig.params
        ]
        sigs.append(types.SignatureInformation(
            label=sig.label,
            documentation=markup(sig.doc, sig.doc, markdown_ok) if sig.doc else None,
            parameters=params,
        ))
    return types.SignatureHelp(signatures=sigs, active_signature=help_.active_signature,
                               active_parameter=help_.active_parameter)


_SYMBOL_KIND = {
    "kernel": types.SymbolKind.Function,
    "helper": types.SymbolKind.Function,
    "constant": types.SymbolKind.Constant,
    "pipe": types.SymbolKind.Object,
    "queue": types.SymbolKind.Variable,
    "buffer": types.SymbolKind.Variable,
}


def document_symbol(sym: DocumentSymbol, pos: Positions) -> types.DocumentSymbol:
    return types.DocumentSymbol(
        name=sym.name,
        kind=_SYMBOL_KIND.get(sym.kind, types.SymbolKind.Variable),
        range=pos.range(sym.span),
        selection_range=pos.range(sym.selection),
        detail=sym.detail or None,
        children=[document_symbol(c, pos) for c in sym.children],
    )


def inlay_hint(hint: InlayHint, pos: Positions) -> types.InlayHint:
    label = hint.label if hint.label.startswith(":") else f": {hint.label}"
    return types.InlayHint(position=pos.position(hint.line, hint.col), label=label, kind=types.InlayHintKind.Type)


def _plain_range(r: types.Range) -> dict[str, dict[str, int]]:
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}


def generated_code(code: GeneratedCode, pos: Positions, encoding: str) -> dict[str, Any]:
    """The `pyasc/generatedCode` result: C++ text, Python<->C++ range pairs and each kernel's ranges (JSON-ready)."""
    cpp = Positions(code.text, encoding)
    mappings = []
    for m in code.mappings:
        c = types.Range(start=cpp.cpp_position(*m.cpp_start), end=cpp.cpp_position(*m.cpp_end))
        mappings.append({"python": _plain_range(pos.range(m.python)), "cpp": _plain_range(c)})
    kernels = []
    for name, span, a, b in code.kernels:
        c = types.Range(start=cpp.cpp_position(*a), end=cpp.cpp_position(*b))
        kernels.append({"name": name, "range": _plain_range(pos.range(span)), "cppRange": _plain_range(c)})
    return {"text": code.text, "mappings": mappings, "kernels": kernels}
