"""Hover: the C++ a statement becomes, the inferred dtypes, and an API call's signature and documentation."""

from __future__ import annotations

import ast
import re

from ..codegen.sourcemap import MapFlag
from ..diagnostics.model import Span
from ..pipeline.results import Analysis, CallInfo, SymbolInfo
from .answers import Hover
from .context import _lines

_HOVER_CPP = MapFlag.HOVER | MapFlag.STATEMENT


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
        span = token_span(analysis.text, sym, line, col)
        title = f"({sym.kind}) {sym.name}: {sym.type}" if sym.type else f"({sym.kind}) {sym.name}"
        extra = f" = {sym.value}" if sym.value is not None else ""
        plain = title + extra
        return Hover(span, f"```python\n{plain}\n```", plain)
    if typed is not None:
        span, type_text = typed
        code = span_text(analysis.text, span)
        plain = f"{code}: {type_text}" if code and "\n" not in code and len(code) < 80 else type_text
        return Hover(span, f"```python\n{plain}\n```", plain)
    if call is not None:
        return _call_hover(analysis, call)
    return None


def _call_hover(analysis: Analysis, call: CallInfo) -> Hover:
    callee = call.callee_span
    callee_text = span_text(analysis.text, Span(call.span.line, call.span.col, callee.end_line, callee.end_col))
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
    src = span_text(text, span)
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


def span_text(text: str, span: Span) -> str:
    lines = _lines(text)
    if not (1 <= span.line <= len(lines) and 1 <= span.end_line <= len(lines)):
        return ""
    if span.line == span.end_line:
        return lines[span.line - 1][span.col : span.end_col]
    parts = [lines[span.line - 1][span.col :]] + lines[span.line : span.end_line - 1]
    parts.append(lines[span.end_line - 1][: span.end_col])
    return "\n".join(parts)


def token_span(text: str, sym: SymbolInfo, line: int, col: int) -> Span:
    for s in (sym.def_span, *sym.refs):
        if s.contains(line, col):
            return s
    return sym.def_span
