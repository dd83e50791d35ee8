"""The caches a long editing session fills stay bounded: after many distinct analyses, each holds no more than its
bound (entries, and what they weigh), whatever the text analyzed.  Sizes are asserted, not memory."""

from __future__ import annotations

import pytest

from pyasc.compiler.ide import completion, hover
from pyasc.compiler.pipeline import analysis
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.compiler.pipeline.results import Analysis
from pyasc.compiler.syntax import module as syntax_module
from pyasc.compiler.syntax import parse as syntax_parse
from pyasc_lsp import server

HELPER = '''

@asc.jit
def scale_{i}(dst: asc.LocalTensor, src: asc.LocalTensor, n: int):
    asc.muls(dst, src, 2.0, n)
    asc.adds(dst, dst, 1.0, n)
'''

KERNEL = '''

@asc.jit
def big(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    edit_probe = {value}
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qz = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, 512)
    pipe.init_buffer(qz, 2, 512)
    xl = qx.alloc_tensor(asc.float32)
    asc.data_copy(xl, x_gm, 128)
    qx.enque(xl)
    xl = qx.deque(asc.float32)
    zl = qz.alloc_tensor(asc.float32)
{calls}
    qz.enque(zl)
    qx.free_tensor(xl)
    zl = qz.deque(asc.float32)
    asc.data_copy(z_gm, zl, 128)
    qz.free_tensor(zl)
'''


def program(value: int, helpers: int = 6) -> str:
    head = "import pyasc as asc\n"
    calls = "\n".join(f"    scale_{i}(zl, xl, 128)\n    asc.adds(zl, zl, {i}.0, 128)" for i in range(helpers))
    return head + "".join(HELPER.format(i=i) for i in range(helpers)) + KERNEL.format(value=value, calls=calls)


def test_the_kernel_cache_is_bounded_in_what_its_entries_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    cache = server.make_cache()
    assert cache is not None
    one = analyze(program(0), "/w/k.py", None, server.make_cache(), early=lambda _d: None)
    weight = server.unit_weight(type("U", (), {name: getattr(one, name) for name in
                                               ("expr_types", "calls", "symbols", "hints")})())
    budget = 3 * weight  # room for about three versions of the kernel
    monkeypatch.setattr(server, "CACHE_ITEMS", budget)
    for value in range(1, 40):
        result = analyze(program(value), "/w/k.py", None, cache, early=lambda _d: None)
        assert not result.errors
        assert len(cache._items) <= cache.size
        assert cache.weight() <= budget or len(cache._items) <= server.CACHE_KEEP
    assert 1 <= len(cache._items) <= 4, len(cache._items)
    # the entry of the current text is still there: the next analysis of it reuses it
    hits = cache.hits
    analyze(program(39), "/w/k.py", None, cache)
    assert cache.hits > hits


def test_the_identifier_caches_are_bounded_in_entries_and_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(syntax_module, "NAMES_MAX_CHARS", 20_000)
    for value in range(60):
        analyze(program(1000 + value, helpers=2), "/w/names.py", None, None)
        for cache in (syntax_module._NAMES, syntax_module._EXACT_NAMES):
            assert len(cache) <= syntax_module.NAMES_MAX_ENTRIES
            assert sum(map(len, cache)) <= syntax_module.NAMES_MAX_CHARS


def test_the_other_per_text_caches_keep_their_bounds_over_many_distinct_analyses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Fresh process-wide caches: texts an earlier test analyzed would be answered without a parse, and what an earlier
    # test's larger file left is bounded by that file's size, not this one's.
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE", type(syntax_parse._UNIT_CACHE)())
    monkeypatch.setattr(analysis, "_KEYS", type(analysis._KEYS)())
    cache = analysis.AnalysisCache(size=16)
    big = program(0, helpers=1) + "".join(f"\nX{i} = {i}\n" for i in range(200))  # long enough to parse by unit
    for value in range(120):
        analyze(big.replace("edit_probe = 0", f"edit_probe = {value}"), "/w/units.py", None, cache)
        assert len(cache._items) <= 16
        assert len(syntax_parse._UNIT_CACHE) <= max(syntax_parse._UNIT_CACHE_MIN, 2 * 210)
        assert len(analysis._KEYS) <= 1024


def test_the_parsed_unit_cache_holds_few_versions_of_a_large_edited_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    # many small units and one large one edited again and again: a bound on units alone would keep a version of the
    # large one per small unit; the bound on characters keeps the text parsed last and a few older versions
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE", type(syntax_parse._UNIT_CACHE)())
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE_MIN_CHARS", 20_000)
    body = "".join(f"    v{i} = x_gm.get_value({i})\n" for i in range(300))
    text = "import pyasc as asc\n" + "".join(f"\nC{i} = {i}\n" for i in range(100)) + (
        "\n\n@asc.jit\ndef big(x: asc.GlobalAddress):\n    x_gm = asc.GlobalTensor()\n"
        "    x_gm.set_global_buffer(x, 1024)\n    probe = 0\n" + body)
    limit = max(syntax_parse._UNIT_CACHE_MIN_CHARS, 2 * len(text))
    for value in range(60):
        edited = text.replace("probe = 0", f"probe = {value}")
        syntax_parse.parse_module(edited)
        held = [t for t, _ in syntax_parse._UNIT_CACHE]
        assert sum(map(len, held)) <= limit
        assert sum("probe = " in t for t in held) <= limit // len(body)
        # the units of the text parsed last are all there: the next parse of it reuses every one
        assert sum(f"probe = {value}\n" in t for t in held) == 1
        assert all(f"\nC{i} = {i}" in "\n" + "\n".join(held) for i in range(100))


def test_hover_reads_an_index_built_once_per_analysis() -> None:
    text = program(0)
    result = analyze(text, "/w/k.py", None, None)
    lines = text.split("\n")
    line = next(i for i, t in enumerate(lines) if "asc.data_copy(xl" in t) + 1
    col = lines[line - 1].index("data_copy")
    first = hover.hover(result, line, col)
    assert first is not None and "data_copy" in first.plain
    index = result.__dict__["_line_index"]
    assert set(index) == {"calls", "symbols", "expr_types"}
    assert hover.hover(result, line, col) == first
    assert result.__dict__["_line_index"] is index
    # the index agrees with a scan of the lists, position by position
    for ln in range(1, len(lines) + 1):
        for c in range(0, len(lines[ln - 1]) + 1, 3):
            scan = Analysis(path=result.path, text=result.text, calls=list(result.calls),
                            symbols=list(result.symbols), expr_types=list(result.expr_types))
            assert result.call_at(ln, c) == _scan_call(scan, ln, c)
            assert result.symbol_at(ln, c) == next((s for s in scan.symbols if s.def_span.contains(ln, c)
                                                    or any(r.contains(ln, c) for r in s.refs)), None)
            assert result.type_at(ln, c) == _scan_type(scan, ln, c)


def _scan_call(a: Analysis, line: int, col: int) -> object:
    hits = [c for c in a.calls if c.span.contains(line, col)]
    return min(hits, key=lambda c: c.span.size) if hits else None


def _scan_type(a: Analysis, line: int, col: int) -> object:
    ordered = sorted(a.expr_types, key=lambda st: (st[0].line, st[0].col))
    hits = [(s, t) for s, t in ordered if s.contains(line, col)]
    return min(hits, key=lambda h: h[0].size) if hits else None


def test_completion_after_asc_is_made_once() -> None:
    first = completion.complete("asc.", 1, 4, None)
    assert first is not None and any(i.label == "add" for i in first.items)
    cached = completion.ASC_ITEMS
    second = completion.complete("asc.", 1, 4, None)
    assert completion.ASC_ITEMS is cached and second is not None
    assert [i.label for i in second.items] == [i.label for i in first.items]
