"""The source map: Python -> C++ -> Python round trips, token precision, boilerplate, and the v3 export."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pyasc.compiler.codegen.sourcemap import MapFlag, decode_v3
from pyasc.compiler.pipeline.analysis import analyze

from .conftest import EXAMPLES

ANALYSES = {p.stem: (p.read_text(encoding="utf-8"), analyze(p.read_text(encoding="utf-8"), str(p))) for p in EXAMPLES}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ANALYSES)), st.integers(min_value=0, max_value=10**6))
def test_every_statement_round_trips(name: str, pick: int) -> None:
    """Python statement -> its C++ -> back to exactly that Python statement."""
    _, a = ANALYSES[name]
    stmts = a.sourcemap.statements()
    seg = stmts[pick % len(stmts)]
    forward = a.sourcemap.to_cpp(seg.python.line, seg.python.col, MapFlag.NAVIGATION)
    assert any(s.cpp_start == seg.cpp_start for s in forward)
    # the first character of the C++ statement maps back to the statement (or a token inside it)
    back = a.sourcemap.to_python(seg.cpp_start, MapFlag.NAVIGATION)
    assert back is not None and seg.python.encloses(back.python)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ANALYSES)), st.integers(min_value=0, max_value=10**6))
def test_tokens_map_inside_their_statement(name: str, pick: int) -> None:
    text, a = ANALYSES[name]
    segs = a.sourcemap.segments
    seg = segs[pick % len(segs)]
    mid = (seg.cpp_start + seg.cpp_end - 1) // 2
    hit = a.sourcemap.to_python(mid, MapFlag.NAVIGATION)
    assert hit is not None
    assert seg.python.encloses(hit.python) or hit.python.encloses(seg.python)


def test_token_precision_for_api_calls() -> None:
    text, a = ANALYSES["add_custom"]
    cpp = a.cpp
    offset = cpp.index("AscendC::Add(") + len("AscendC::Add(")
    seg = a.sourcemap.to_python(offset, MapFlag.NAVIGATION)
    assert seg is not None
    line = text.split("\n")[seg.python.line - 1]
    assert line[seg.python.col:seg.python.end_col] == "z_local"
    callee = a.sourcemap.to_python(cpp.index("AscendC::Add("), MapFlag.NAVIGATION)
    assert callee is not None
    assert text.split("\n")[callee.python.line - 1][callee.python.col:callee.python.end_col] == "add"


def test_boilerplate_is_never_mapped() -> None:
    _, a = ANALYSES["add_custom"]
    include = a.cpp.index('#include "kernel_operator.h"')
    assert a.sourcemap.to_python(include) is None
    closing = a.cpp.rindex("}")
    assert a.sourcemap.to_python(closing) is None
    assert any(start <= include < end for start, end, _ in a.sourcemap.boilerplate)


def test_v3_export_decodes_to_the_segments() -> None:
    text, a = ANALYSES["softmax"]
    doc = json.loads(a.sourcemap.to_v3("softmax.py", "softmax.cpp", text))
    assert doc["version"] == 3 and doc["sources"] == ["softmax.py"] and doc["sourcesContent"] == [text]
    decoded = decode_v3(doc["mappings"])
    starts = {(a.sourcemap.position(s.cpp_start).line, a.sourcemap.position(s.cpp_start).col,
               s.python.line - 1, s.python.col) for s in a.sourcemap.segments}
    got = {(line, col, sl, sc) for line, row in enumerate(decoded) for col, _, sl, sc in row}
    assert got == starts
