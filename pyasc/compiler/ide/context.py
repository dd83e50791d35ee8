"""The text around the cursor, read without parsing it (it is often not valid Python): the `asc` aliases, the enclosing
function, the call being written, the callee it names and its signature."""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass

from ...language import registry
from ...language.spec import REQUIRED, ApiSpec, Overload, Param
from ..pipeline.results import Analysis
from .answers import CompletionItem, ParamLabel

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


IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


IDENT_TAIL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


DOTTED_BEFORE_DOT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*)\s*\.\s*$")


_DEF = re.compile(r"^(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(")


_IMPORT_ALIAS = re.compile(r"^\s*import\s+(?:pyasc|asc)(?:\s+as\s+([A-Za-z_][A-Za-z0-9_]*))?\s*$", re.M)


_TYPE_HEAD = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)")


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


def kernel_scope(text: str, line: int, analysis: Analysis | None) -> str | None:
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


def type_class(type_text: str) -> str | None:
    """The registry class a type string names: `TQue[VECIN, 2]` -> `TQue`, `LocalTensor[float16] @ VECIN` -> ..."""
    m = _TYPE_HEAD.match(type_text or "")
    if m is None:
        return None
    name = m.group(1)
    return name if name in registry.CLASSES else None


def symbol_type(analysis: Analysis | None, name: str, scope: str | None) -> str | None:
    if analysis is None:
        return None
    local = [s for s in analysis.symbols if s.name == name and s.scope == scope]
    module = [s for s in analysis.symbols if s.name == name and s.scope is None]
    for s in local + module:
        if s.type:
            return s.type
    return None


@dataclass(frozen=True)
class CallTarget:
    display: str
    """How the user spells it: `asc.add`, `que.alloc_tensor`, `asc.TQue`."""
    qualname: str
    overloads: tuple[Overload, ...]
    doc: str
    is_method: bool


def resolve_callee(callee: str, aliases: tuple[str, ...], analysis: Analysis | None,
                   scope: str | None) -> CallTarget | None:
    """The API a dotted callee expression names, using symbol types for method receivers."""
    parts = callee.split(".")
    if len(parts) >= 2 and parts[0] in aliases:
        rest = ".".join(parts[1:])
        spec = registry.APIS.get(rest)
        if spec is not None:
            return CallTarget(callee, spec.name, spec.overloads, spec.doc, False)
        cls = registry.CLASSES.get(rest)
        if cls is not None and cls.constructors:
            return CallTarget(callee, cls.name, cls.constructors, cls.doc, False)
        return None
    if len(parts) == 2:
        receiver, meth = parts
        cls_name = type_class(symbol_type(analysis, receiver, scope) or "")
        if cls_name is None:
            return None
        spec = registry.method(cls_name, meth)
        if spec is not None:
            return CallTarget(callee, spec.name, spec.overloads, spec.doc, True)
    return None


def visible_params(ov: Overload) -> list[Param]:
    return [p for p in ov.params if p.name != "self"]


def param_text(p: Param) -> str:
    text = ("*" if p.variadic else "") + p.name + (f": {p.kind}" if p.kind and p.kind != "Any" else "")
    if p.default is not REQUIRED and not p.variadic:
        text += f" = {p.default!r}" if p.kind == "str" else f" = {p.default}"
    return text


def signature_label(display: str, ov: Overload) -> tuple[str, tuple[ParamLabel, ...]]:
    """`asc.add(dst: LocalTensor, ...) -> None` with the offsets of each parameter."""
    label = display + "("
    spans = []
    for i, p in enumerate(visible_params(ov)):
        if i:
            label += ", "
        text = param_text(p)
        spans.append(ParamLabel(p.name, len(label), len(label) + len(text)))
        label += text
    label += ")"
    if ov.returns and ov.returns != "None":
        label += f" -> {ov.returns}"
    return label, tuple(spans)


def api_signature(spec: ApiSpec, display: str) -> str:
    return "\n".join(signature_label(display, ov)[0] for ov in spec.overloads)


ASC_ITEMS: list[CompletionItem] | None = None
"""The items after `asc.`, made once: they come from the API tables alone, which do not change in a process, and
making them (a signature label for each of about 1,200 overloads) took 25-60 ms of every such completion."""
