"""The answers of the editor queries: plain dataclasses with 1-based lines and code-point columns, which the language
server converts."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics.model import Span, TextEdit


@dataclass(frozen=True)
class CompletionItem:
    label: str
    kind: str
    """'function', 'class', 'enum', 'member', 'method', 'field', 'keyword_argument', 'dtype', 'module',
    'constant', 'variable', 'parameter', 'kernel', 'helper', 'builtin'."""
    detail: str = ""
    doc: str = ""
    insert_text: str | None = None
    sort_text: str | None = None


@dataclass(frozen=True)
class Completions:
    items: list[CompletionItem]
    replace: Span
    """The partial identifier the items replace (empty at the cursor when nothing is typed yet)."""


@dataclass(frozen=True)
class ParamLabel:
    name: str
    start: int
    end: int
    """Character offsets of the parameter inside its signature's label."""


@dataclass(frozen=True)
class Signature:
    label: str
    doc: str
    params: tuple[ParamLabel, ...]


@dataclass(frozen=True)
class SignatureHelp:
    signatures: list[Signature]
    active_signature: int
    active_parameter: int | None


@dataclass(frozen=True)
class Hover:
    span: Span
    markdown: str
    plain: str


@dataclass(frozen=True)
class Location:
    path: str
    span: Span


@dataclass(frozen=True)
class RenameResult:
    edits: list[TextEdit] = field(default_factory=list)
    error: str | None = None


@dataclass(frozen=True)
class DocumentSymbol:
    name: str
    kind: str
    """'kernel', 'helper', 'constant', 'pipe', 'queue', 'buffer'."""
    span: Span
    selection: Span
    detail: str = ""
    children: tuple[DocumentSymbol, ...] = ()


@dataclass(frozen=True)
class CodeMapping:
    python: Span
    cpp_start: tuple[int, int]
    cpp_end: tuple[int, int]
    """0-based (line, column) in the C++ text, columns in code points."""
    statement: bool


@dataclass(frozen=True)
class GeneratedCode:
    text: str
    mappings: list[CodeMapping]
    kernels: list[tuple[str, Span, tuple[int, int], tuple[int, int]]]
    """(name, Python span, C++ start, C++ end) of each jit function."""
