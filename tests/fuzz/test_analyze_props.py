"""In-process properties of `analyze()` under random edits of real kernels: it never raises and never reports an
internal error, every span it returns lies inside the text it was given, and the per-kernel cache never changes a
result (an edit sequence analyzed with one shared cache ends where a cold analysis of the final text does)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given

from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze
from pyasc.compiler.pipeline.results import Analysis

from .strategies import KERNELS, LONG, edit_sequence, fuzz_settings, nested, texts_of

PATH = "/nonexistent-pyasc-fuzz/kernel.py"
"""A path with no project around it, so no sibling module is read."""


def span_problem(lines: list[str], span: Span) -> str | None:
    """Why `span` (1-based lines, code-point columns) is not inside the text of `lines` (split where pyasc, Python
    and LSP end a line)."""
    for line, col in ((span.line, span.col), (span.end_line, span.end_col)):
        if not 1 <= line <= len(lines):
            return f"line {line} outside 1..{len(lines)}"
        if not 0 <= col <= len(lines[line - 1]):
            return f"column {col} outside 0..{len(lines[line - 1])} of line {line}"
    if (span.line, span.col) > (span.end_line, span.end_col):
        return "start after end"
    return None


def all_spans(a: Analysis) -> list[tuple[str, Span]]:
    """Every span of the analysis that points into its own text."""
    out: list[tuple[str, Span]] = []
    for d in a.diagnostics:
        out.append((f"{d.code} {d.message}", d.span))
        out += [(f"{d.code} related", r.span) for r in d.related if r.path is None]
        out += [(f"{d.code} fix", e.span) for f in d.fixes for e in f.edits]
    for k in a.kernels:
        out += [(f"kernel {k.name}", k.span), (f"kernel name {k.name}", k.name_span)]
    for s in a.symbols:
        if s.scope is not None or s.kind in ("kernel", "helper", "constant"):
            out += [(f"symbol {s.name}", s.def_span)] + [(f"ref {s.name}", r) for r in s.refs]
    for c in a.calls:
        out += [(f"call {c.api}", c.span), (f"callee {c.api}", c.callee_span)]
    out += [(f"type {t}", s) for s, t in a.expr_types]
    out += [(f"hint {h.label}", Span(h.line, h.col, h.line, h.col)) for h in a.hints]
    return out


def check_analysis(text: str, a: Analysis) -> None:
    internal = [d for d in a.diagnostics if d.code == "PA901"]
    assert not internal, f"internal error on {text!r}: {internal[0].message}"
    assert a.text == text
    # Lines end at \r\n, a lone \r or \n, as in Python and LSP; a span never covers a line end.
    lines = re.split(r"\r\n|\r|\n", text)
    bad = [(what, span, why) for what, span in all_spans(a) if (why := span_problem(lines, span))]
    assert not bad, f"spans outside the text: {bad[:5]}"
    for seg in a.sourcemap.segments if hasattr(a.sourcemap, "segments") else []:
        assert 0 <= seg.cpp_start <= seg.cpp_end <= len(a.cpp), seg


def comparable(a: Analysis) -> tuple:
    """What a consumer sees of an analysis; `reanalyzed` only says where the result came from."""
    return (a.diagnostics, [replace(k, reanalyzed=True) for k in a.kernels], a.cpp, a.symbols, a.calls, a.hints,
            a.expr_types, a.module_names)


@pytest.mark.timeout(3600 if LONG else 600)  # the long run takes more than the default
@fuzz_settings(ci=120, long=5000)
@given(edit_sequence())
def test_analyze_never_fails_and_cache_changes_nothing(seq: tuple) -> None:
    start, edits = seq
    cache = AnalysisCache(size=8)
    versions = texts_of(start, edits)
    for text in versions:
        check_analysis(text, analyze(text, PATH, None, cache))
    final = versions[-1]
    warm = analyze(final, PATH, None, cache)
    cold = analyze(final, PATH)
    assert comparable(warm) == comparable(cold)


def test_pathological_inputs() -> None:
    """The extreme inputs (a 50,000-line file, deep nesting), each analyzed cold and then warm from the cache."""
    kernel = KERNELS[0]
    big = "\n".join(f"X{i} = {i}" for i in range(50_000)) + "\n" + kernel
    cases = {
        "empty": "",
        "50,000 lines": big,
        "deep parens": kernel + "\n" + f"y = {nested(5000, 'paren')}\n",
        "deep calls in a kernel": kernel.replace("    pipe = asc.TPipe()", f"    q = {nested(150, 'call')}\n"
                                                 "    pipe = asc.TPipe()"),
        "long binop in a kernel": kernel.replace("    pipe = asc.TPipe()", f"    q = {nested(800, 'binop')}\n"
                                                  "    pipe = asc.TPipe()"),
        "CRLF": kernel.replace("\n", "\r\n"),
        "form feed and U+2028": kernel.replace("\n\n", "\n\x0c\n").replace('"""', '"""\u2028', 1),
        "BOM": "\ufeff" + kernel,
        "NUL": kernel[:200] + "\x00" + kernel[200:],
        "astral identifiers": kernel.replace("offset", "𝔬ffset"),
        "lone surrogate": kernel + "\ns = '\udc80'\n",
    }
    for name, text in cases.items():
        cache = AnalysisCache()
        cold = analyze(text, PATH, None, cache)
        check_analysis(text, cold)
        warm = analyze(text, PATH, None, cache)
        assert comparable(warm) == comparable(cold), name
