"""Editor queries over an Analysis: completion, signature help, hover, navigation, rename, symbols, generated code.

Answers are plain pyasc dataclasses with 1-based lines and code-point columns, so the language server only converts
them and holds no compiler knowledge.  The text being edited is often not valid Python (`asc.` alone), so the
queries read the characters around the cursor and take types from the last analysis of the document that parsed;
they never run the user's code and never raise for any input.
"""

from __future__ import annotations

import ast
import keyword
import re
from dataclasses import dataclass, field

from ..language import dtypes as _dtypes
from ..language import registry
from ..language.namespaces import ENUMS_MODULE, KERNEL_MODULES, is_adv
from ..language.spec import REQUIRED, ApiSpec, Overload, Param
from .diagnostics import Span, TextEdit
from .results import Analysis, CallInfo, KernelInfo, SymbolInfo
from .sourcemap import MapFlag

LANGUAGE_NAMES: dict[str, str] = {
    "jit": "Decorator that makes a function a kernel (or, called from kernels, a helper).",
    "GlobalAddress": "Annotation of a kernel parameter that is an address in Global Memory.",
    "ConstExpr": "Annotation of a parameter whose value is known when the kernel is compiled.",
    "range": "A runtime loop range: `for i in asc.range(n)`.",
    "static_range": "A loop unrolled at compile time.",
    "adv": "Advanced APIs (`asc.adv.exp`, ...).",
}
"""Public `asc` names that are part of the language itself rather than of the API tables."""

KERNEL_BUILTINS: tuple[str, ...] = ("range", "int", "float", "bool", "len", "min", "max", "True", "False", "None")
"""Plain Python names a kernel body may use."""

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_IDENT_TAIL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_DOTTED_BEFORE_DOT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*\.\s*$")
_DEF = re.compile(r"^(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_IMPORT_ALIAS = re.compile(r"^\s*import\s+(?:pyasc|asc)(?:\s+as\s+([A-Za-z_][A-Za-z0-9_]*))?\s*$", re.M)
_TYPE_HEAD = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)")
_HOVER_CPP = MapFlag.HOVER | MapFlag.STATEMENT


# ---------------------------------------------------------------------------------------------------------------------
# Result types


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


# ---------------------------------------------------------------------------------------------------------------------
# Reading the text around the cursor


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _line_text(text: str, line: int) -> str:
    lines = _lines(text)
    return lines[line - 1] if 1 <= line <= len(lines) else ""


def asc_aliases(text: str, analysis: Analysis | None) -> tuple[str, ...]:
    """Names the file gave pyasc: from the analysis when it has them, else from the import lines."""
    if analysis is not None and analysis.asc_aliases:
        return analysis.asc_aliases
    found = []
    for m in _IMPORT_ALIAS.finditer(text):
        found.append(m.group(1) or m.group(0).split()[-1])
    return tuple(dict.fromkeys(found)) or ("asc",)


def enclosing_function(text: str, line: int) -> tuple[str, bool] | None:
    """(name, is_jit) of the module-level function whose body holds `line`, read from the text alone."""
    lines = _lines(text)
    if not 1 <= line <= len(lines):
        return None
    for i in range(line - 1, -1, -1):
        src = lines[i]
        if not src.strip() or src[0] in " \t" or src.lstrip().startswith("#"):
            continue
        m = _DEF.match(src)
        if m is None:
            if src.startswith("@") or src.startswith(")"):
                continue  # decorator or the closing line of a multi-line signature
            return None
        is_jit = False
        for j in range(i - 1, -1, -1):
            above = lines[j].strip()
            if not above.startswith("@"):
                break
            if "jit" in above:
                is_jit = True
        return m.group(1), is_jit
    return None


def _kernel_scope(text: str, line: int, analysis: Analysis | None) -> str | None:
    """The jit function the cursor is in, or None outside of kernels."""
    found = enclosing_function(text, line)
    if found is None:
        return None
    name, is_jit = found
    if is_jit:
        return name
    if analysis is not None and any(k.name == name for k in analysis.kernels):
        return name
    return None


def _strip_strings(src: str) -> str:
    """Blank out string literal contents so brackets and commas inside them are not counted."""
    out = []
    quote: str | None = None
    escaped = False
    for ch in src:
        if quote is not None:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = None
                out.append(ch)
                continue
            out.append(" " if ch != "\n" else "\n")
            continue
        if ch in "\"'":
            quote = ch
        elif ch == "#":
            quote = "\n"  # a comment runs to the end of the line
            out.append(" ")
            continue
        out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class CallContext:
    callee: str
    """The dotted expression before the open parenthesis: `asc.add`, `que.alloc_tensor`."""
    positional: int
    """Positional arguments before the cursor's argument."""
    keywords: tuple[str, ...]
    """Keyword names already given."""
    active_keyword: str | None
    """The keyword the cursor's argument is written with, if any."""
    open_line: int
    open_col: int


def call_context(text: str, line: int, col: int, max_lines: int = 30) -> CallContext | None:
    """The call whose argument list holds the cursor, found by matching brackets backwards."""
    lines = _lines(text)
    if not 1 <= line <= len(lines):
        return None
    first = max(0, line - 1 - max_lines)
    chunk = lines[first : line - 1] + [lines[line - 1][:col]]
    src = _strip_strings("\n".join(chunk))
    depth = 0
    for i in range(len(src) - 1, -1, -1):
        ch = src[i]
        if ch in ")]}":
            depth += 1
        elif ch in "([{":
            if depth == 0:
                if ch != "(":
                    return None
                head = src[:i].rstrip()
                m = re.search(r"([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)$", head)
                if m is None:
                    return None
                callee = re.sub(r"\s+", "", m.group(1))
                if keyword.iskeyword(callee.split(".")[-1]):
                    return None
                args_text = src[i + 1 :]
                parts = _split_top_level(args_text)
                done, current = parts[:-1], parts[-1]
                kw_done = tuple(k for k in (_keyword_of(p) for p in done) if k)
                positional = sum(1 for p in done if _keyword_of(p) is None)
                before = src[:i]
                open_line = first + before.count("\n") + 1
                open_col = len(before) - (before.rfind("\n") + 1)
                return CallContext(callee, positional, kw_done, _keyword_of(current), open_line, open_col)
            depth -= 1
    return None


def _split_top_level(src: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(src):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(src[start:i])
            start = i + 1
    parts.append(src[start:])
    return parts


def _keyword_of(arg: str) -> str | None:
    m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)", arg)
    return m.group(1) if m else None


# ---------------------------------------------------------------------------------------------------------------------
# Types and API lookups


def type_class(type_text: str) -> str | None:
    """The registry class a type string names: `TQue[VECIN, 2]` -> `TQue`, `LocalTensor[float16] @ VECIN` -> ..."""
    m = _TYPE_HEAD.match(type_text or "")
    if m is None:
        return None
    name = m.group(1)
    return name if name in registry.CLASSES else None


def _symbol_type(analysis: Analysis | None, name: str, scope: str | None) -> str | None:
    if analysis is None:
        return None
    local = [s for s in analysis.symbols if s.name == name and s.scope == scope]
    module = [s for s in analysis.symbols if s.name == name and s.scope is None]
    for s in local + module:
        if s.type:
            return s.type
    return None


@dataclass(frozen=True)
class _Callable:
    display: str
    """How the user spells it: `asc.add`, `que.alloc_tensor`, `asc.TQue`."""
    qualname: str
    overloads: tuple[Overload, ...]
    doc: str
    is_method: bool


def resolve_callee(callee: str, aliases: tuple[str, ...], analysis: Analysis | None,
                   scope: str | None) -> _Callable | None:
    """The API a dotted callee expression names, using symbol types for method receivers."""
    parts = callee.split(".")
    if len(parts) >= 2 and parts[0] in aliases:
        rest = ".".join(parts[1:])
        spec = registry.APIS.get(rest)
        if spec is not None:
            return _Callable(callee, spec.name, spec.overloads, spec.doc, False)
        cls = registry.CLASSES.get(rest)
        if cls is not None and cls.constructors:
            return _Callable(callee, cls.name, cls.constructors, cls.doc, False)
        return None
    if len(parts) == 2:
        receiver, meth = parts
        cls_name = type_class(_symbol_type(analysis, receiver, scope) or "")
        if cls_name is None:
            return None
        spec = registry.method(cls_name, meth)
        if spec is not None:
            return _Callable(callee, spec.name, spec.overloads, spec.doc, True)
    return None


def _visible_params(ov: Overload) -> list[Param]:
    return [p for p in ov.params if p.name != "self"]


def _param_text(p: Param) -> str:
    text = ("*" if p.variadic else "") + p.name + (f": {p.kind}" if p.kind and p.kind != "Any" else "")
    if p.default is not REQUIRED and not p.variadic:
        text += f" = {p.default!r}" if p.kind == "str" else f" = {p.default}"
    return text


def signature_label(display: str, ov: Overload) -> tuple[str, tuple[ParamLabel, ...]]:
    """`asc.add(dst: LocalTensor, ...) -> None` with the offsets of each parameter."""
    label = display + "("
    spans = []
    for i, p in enumerate(_visible_params(ov)):
        if i:
            label += ", "
        text = _param_text(p)
        spans.append(ParamLabel(p.name, len(label), len(label) + len(text)))
        label += text
    label += ")"
    if ov.returns and ov.returns != "None":
        label += f" -> {ov.returns}"
    return label, tuple(spans)


def api_signature(spec: ApiSpec, display: str) -> str:
    return "\n".join(signature_label(display, ov)[0] for ov in spec.overloads)


# ---------------------------------------------------------------------------------------------------------------------
# Completion


def complete(text: str, line: int, col: int, analysis: Analysis | None) -> Completions | None:
    """Completion items at the cursor, or None when the position is plain Python (the server then asks jedi).

    `analysis` should be the last analysis of the document that parsed: types of names come from it.
    """
    src = _line_text(text, line)
    col = max(0, min(col, len(src)))
    before = src[:col]
    word_m = _IDENT_TAIL.search(before)
    word = word_m.group(0) if word_m else ""
    start_col = col - len(word)
    replace = Span(line, start_col, line, col)
    head = before[:start_col]
    if _in_string_or_comment(before):
        return None
    aliases = asc_aliases(text, analysis)
    scope = _kernel_scope(text, line, analysis)
    dotted = _DOTTED_BEFORE_DOT.search(head)
    if dotted is not None:
        receiver = re.sub(r"\s+", "", dotted.group(1))
        items = _member_items(receiver, aliases, analysis, scope)
        return None if items is None else Completions(items, replace)
    if head.rstrip().endswith("."):
        return None  # a member of something that is not a name (a call result, a literal)
    if scope is None:
        return None
    items = []
    ctx = call_context(text, line, start_col)
    if ctx is not None:
        target = resolve_callee(ctx.callee, aliases, analysis, scope)
        if target is not None:
            items += _keyword_items(target, ctx)
    items += _scope_items(analysis, scope, aliases)
    return Completions(items, replace)


def _in_string_or_comment(before: str) -> bool:
    """True when the cursor (at the end of `before`, one line) is inside a string literal or a comment."""
    quote: str | None = None
    for ch in before:
        if quote is None and ch == "#":
            return True
        if ch in "\"'":
            if quote is None:
                quote = ch
            elif quote == ch:
                quote = None
    return quote is not None


def _member_items(receiver: str, aliases: tuple[str, ...], analysis: Analysis | None,
                  scope: str | None) -> list[CompletionItem] | None:
    parts = receiver.split(".")
    module = "asc" if parts[0] in aliases else analysis.module_aliases.get(parts[0]) if analysis else None
    if module is not None:
        rest = parts[1:]
        while rest and f"{module}.{rest[0]}" in KERNEL_MODULES:  # `asc.language.core.enums.`, `enums.`
            module = f"{module}.{rest.pop(0)}"
        if not rest and module == ENUMS_MODULE:
            return [CompletionItem(e.name, "enum", f"enum {e.name}", e.doc) for e in registry.ENUMS.values()]
        if not rest and is_adv(module):
            return [_api_item(spec, spec.name.split(".", 1)[1], f"{receiver}.") for spec in registry.APIS.values()
                    if spec.name.startswith("adv.")]
        if not rest:
            return _asc_items()
        if len(rest) == 1 and rest[0] in registry.ENUMS:
            enum = registry.ENUMS[rest[0]]
            return [CompletionItem(m, "member", f"{enum.name}.{m} = {v}", enum.doc, sort_text=f"{v:04d}")
                    for m, v in enum.members.items()]
        return []
    if len(parts) == 1:
        type_text = _symbol_type(analysis, parts[0], scope)
        if type_text is None:
            return None if scope is None else []
        cls_name = type_class(type_text)
        if cls_name is None:
            return []
        items = [_api_item(spec, name, f"{parts[0]}.") for name, spec in sorted(registry.methods(cls_name).items())]
        cls = registry.CLASSES[cls_name]
        items += [CompletionItem(f, "field", f"{cls_name}.{f}", cls.doc) for f in cls.fields]
        return items
    return None


def _api_item(spec: ApiSpec, label: str, prefix: str) -> CompletionItem:
    kind = "method" if "." in spec.name and not spec.name.startswith("adv.") else "function"
    return CompletionItem(label, kind, api_signature(spec, prefix + label), spec.doc)


_ASC_ITEMS: list[CompletionItem] | None = None
"""The items after `asc.`, made once: they come from the API tables alone, which do not change in a process, and
making them (a signature label for each of about 1,200 overloads) took 25-60 ms of every such completion."""


def _asc_items() -> list[CompletionItem]:
    global _ASC_ITEMS
    if _ASC_ITEMS is None:
        _ASC_ITEMS = _make_asc_items()
    return list(_ASC_ITEMS)


def _make_asc_items() -> list[CompletionItem]:
    items = [_api_item(spec, spec.name, "asc.") for spec in registry.APIS.values() if "." not in spec.name]
    for cls in registry.CLASSES.values():
        detail = "\n".join(signature_label(f"asc.{cls.name}", ov)[0] for ov in cls.constructors) or f"class {cls.name}"
        items.append(CompletionItem(cls.name, "class", detail, cls.doc))
    for enum in registry.ENUMS.values():
        items.append(CompletionItem(enum.name, "enum", f"enum {enum.name}", enum.doc))
    for name in _dtypes.EXPORTED:
        dt = _dtypes.lookup(name)
        detail = f"dtype {dt.name} (C++ {dt.cpp})" if dt is not None else "dtype"
        items.append(CompletionItem(name, "dtype", detail, "", sort_text=f"~{name}"))
    for name, doc in LANGUAGE_NAMES.items():
        if not any(i.label == name for i in items):
            items.append(CompletionItem(name, "module" if name == "adv" else "function", f"asc.{name}", doc))
    return items


def _keyword_items(target: _Callable, ctx: CallContext) -> list[CompletionItem]:
    seen: dict[str, CompletionItem] = {}
    for ov in target.overloads:
        params = _visible_params(ov)
        for i, p in enumerate(params):
            if p.variadic or p.name in ctx.keywords or i < ctx.positional or p.name in seen:
                continue
            seen[p.name] = CompletionItem(f"{p.name}=", "keyword_argument", _param_text(p),
                                          f"Parameter of {target.display}.", insert_text=f"{p.name}=",
                                          sort_text=f"0{i:02d}")
    return list(seen.values())


def _scope_items(analysis: Analysis | None, scope: str, aliases: tuple[str, ...]) -> list[CompletionItem]:
    items: dict[str, CompletionItem] = {}
    if analysis is not None:
        for s in analysis.symbols:
            if s.scope == scope or s.scope is None:
                kind = s.kind if s.kind in ("constant", "parameter", "kernel", "helper") else "variable"
                items.setdefault(s.name, CompletionItem(s.name, kind, f"{s.name}: {s.type}" if s.type else s.name,
                                                        sort_text=f"1{s.name}"))
        for name, kind in analysis.module_names.items():
            items.setdefault(name, CompletionItem(name, kind if kind in ("constant", "kernel", "helper") else
                                                  "variable", kind, sort_text=f"2{name}"))
    for alias in aliases:
        items.setdefault(alias, CompletionItem(alias, "module", "pyasc", sort_text=f"3{alias}"))
    for name in KERNEL_BUILTINS:
        items.setdefault(name, CompletionItem(name, "builtin", "", sort_text=f"4{name}"))
    return list(items.values())


# ---------------------------------------------------------------------------------------------------------------------
# Signature help


def signature_help(text: str, line: int, col: int, analysis: Analysis | None,
                   current: Analysis | None = None) -> SignatureHelp | None:
    """Overloads of the API whose argument list holds the cursor, with the active one and its active parameter.

    `analysis` gives types (the last analysis that parsed); `current`, when it is the analysis of `text` itself,
    gives the overload the checker chose.
    """
    ctx = call_context(text, line, col)
    if ctx is None:
        return None
    aliases = asc_aliases(text, analysis)
    scope = _kernel_scope(text, line, analysis)
    target = resolve_callee(ctx.callee, aliases, analysis, scope)
    if target is None:
        return None
    sigs = []
    for ov in target.overloads:
        label, labels = signature_label(target.display, ov)
        sigs.append(Signature(label, target.doc, labels))
    active = _choose_overload(target.overloads, ctx)
    if current is not None:
        call = current.call_at(ctx.open_line, ctx.open_col)
        if call is not None and call.api == target.qualname and 0 <= call.overload_index < len(sigs):
            active = call.overload_index
    params = _visible_params(target.overloads[active])
    if ctx.active_keyword is not None:
        names = [p.name for p in params]
        active_param: int | None = names.index(ctx.active_keyword) if ctx.active_keyword in names else None
    else:
        active_param = min(ctx.positional, len(params) - 1) if params else None
        if params and ctx.positional >= len(params) and not params[-1].variadic:
            active_param = None
    return SignatureHelp(sigs, active, active_param)


def _choose_overload(overloads: tuple[Overload, ...], ctx: CallContext) -> int:
    """The first form that can take the arguments written so far (the shortest such form for ties)."""
    best: tuple[int, int] | None = None
    for i, ov in enumerate(overloads):
        params = _visible_params(ov)
        names = {p.name for p in params}
        fits = (ctx.positional < len(params) or any(p.variadic for p in params)) and all(
            k in names for k in ctx.keywords)
        if ctx.active_keyword is not None and ctx.active_keyword not in names:
            fits = False
        if fits and (best is None or len(params) < best[1]):
            best = (i, len(params))
    return best[0] if best is not None else 0


# ---------------------------------------------------------------------------------------------------------------------
# Hover


def hover(analysis: Analysis, line: int, col: int) -> Hover | None:
    """API call hover (signature, doc, argument types, emitted C++) or the inferred type of a name."""
    call = analysis.call_at(line, col)
    sym = analysis.symbol_at(line, col)
    typed = analysis.type_at(line, col)
    on_callee = call is not None and call.callee_span.contains(line, col)
    # The call itself is the innermost thing under the cursor unless a name or sub-expression inside it is.
    call_innermost = call is not None and sym is None and (typed is None or typed[0].encloses(call.span))
    if call is not None and (on_callee or call_innermost):
        return _call_hover(analysis, call)
    if sym is not None:
        span = _token_span(analysis.text, sym, line, col)
        title = f"({sym.kind}) {sym.name}: {sym.type}" if sym.type else f"({sym.kind}) {sym.name}"
        extra = f" = {sym.value}" if sym.value is not None else ""
        plain = title + extra
        return Hover(span, f"```python\n{plain}\n```", plain)
    if typed is not None:
        span, type_text = typed
        code = _span_text(analysis.text, span)
        plain = f"{code}: {type_text}" if code and "\n" not in code and len(code) < 80 else type_text
        return Hover(span, f"```python\n{plain}\n```", plain)
    if call is not None:
        return _call_hover(analysis, call)
    return None


def _call_hover(analysis: Analysis, call: CallInfo) -> Hover:
    callee = call.callee_span
    callee_text = _span_text(analysis.text, Span(call.span.line, call.span.col, callee.end_line, callee.end_col))
    if not callee_text or "\n" in callee_text or "(" in callee_text:
        callee_text = call.api
    head = re.sub(r"^\(self,?\s*", "(", call.signature)
    if head.startswith("("):
        head = callee_text + head
    md = [f"```python\n{head}\n```"]
    plain = [head]
    if call.doc:
        md.append(call.doc)
        plain.append(call.doc)
    arg_texts = _argument_texts(analysis.text, call.span)
    if call.args:
        rows = []
        for i, (pname, ptype) in enumerate(call.args):
            given = arg_texts.get(pname) or (arg_texts.get(i) if isinstance(arg_texts.get(i), str) else None)
            lhs = f"{pname} = {given}" if given and given != pname else pname
            rows.append(f"{lhs}: {ptype}")
        md.append("Arguments:\n\n" + "\n".join(f"- `{r}`" for r in rows))
        plain.append("Arguments:\n" + "\n".join(f"  {r}" for r in rows))
    cpp = call.cpp or _statement_cpp(analysis, call.span)
    if cpp:
        md.append(f"Ascend C:\n```cpp\n{cpp}\n```")
        plain.append(f"Ascend C:\n{cpp}")
    return Hover(call.span, "\n\n".join(md), "\n\n".join(plain))


def _statement_cpp(analysis: Analysis, span: Span) -> str:
    segs = [s for s in analysis.sourcemap.to_cpp(span.line, span.col, MapFlag.HOVER) if s.flags & _HOVER_CPP]
    if not segs:
        return ""
    seg = segs[0]
    return analysis.sourcemap.cpp[seg.cpp_start : seg.cpp_end].strip()


def _argument_texts(text: str, span: Span) -> dict[object, str]:
    """Source text of each argument of the call at `span`, by position index and by keyword name."""
    src = _span_text(text, span)
    out: dict[object, str] = {}
    try:
        node = ast.parse(src.strip(), mode="eval").body
    except SyntaxError:
        return out
    if not isinstance(node, ast.Call):
        return out
    body = src.strip()
    for i, a in enumerate(node.args):
        seg = ast.get_source_segment(body, a)
        if seg is not None:
            out[i] = seg
    for kw in node.keywords:
        seg = ast.get_source_segment(body, kw.value)
        if seg is not None and kw.arg:
            out[kw.arg] = seg
    return out


def _span_text(text: str, span: Span) -> str:
    lines = _lines(text)
    if not (1 <= span.line <= len(lines) and 1 <= span.end_line <= len(lines)):
        return ""
    if span.line == span.end_line:
        return lines[span.line - 1][span.col : span.end_col]
    parts = [lines[span.line - 1][span.col :]] + lines[span.line : span.end_line - 1]
    parts.append(lines[span.end_line - 1][: span.end_col])
    return "\n".join(parts)


def _token_span(text: str, sym: SymbolInfo, line: int, col: int) -> Span:
    for s in (sym.def_span, *sym.refs):
        if s.contains(line, col):
            return s
    return sym.def_span


# ---------------------------------------------------------------------------------------------------------------------
# Navigation and rename


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
    for m in _IDENT.finditer(src):
        if m.start() <= col <= m.end():
            return m.group(0)
    return ""


def _imported_definition(analysis: Analysis, name: str) -> Location | None:
    """Follow `from consts import NAME` to NAME's assignment or def in that file, the way the analysis resolved it
    (read as text, never imported)."""
    from pathlib import Path

    from ..reads import read_source
    from .syntax import project_reader, scan_module

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
    written = _span_text(text, span)
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
    span = _name_span(analysis.text, _token_span(analysis.text, sym, line, col), sym.name)
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


# ---------------------------------------------------------------------------------------------------------------------
# Document symbols


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


# ---------------------------------------------------------------------------------------------------------------------
# Generated code


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


__all__ = [
    "CallContext", "CodeMapping", "CompletionItem", "Completions", "DocumentSymbol", "GeneratedCode", "Hover",
    "Location", "ParamLabel", "RenameResult", "Signature", "SignatureHelp", "asc_aliases", "call_context", "complete",
    "definition", "document_symbols", "enclosing_function", "generated_code", "hover", "parsed",
    "prepare_rename", "references", "rename", "resolve_callee", "signature_help", "type_class",
]
