"""Incremental analysis below the kernel: a sequence of edits analyzed with the caches (the per-kernel cache and the
helper specializations reused across analyses) gives, after every edit, what a fresh analysis of the new text
gives: diagnostics, C++, source map and IDE data.  And the edits that leave a helper alone do reuse it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pyasc.compiler.checks import summaries
from pyasc.compiler.lower import cutoff, helper_cache
from pyasc.compiler.pipeline.analysis import Analysis, AnalysisCache, analyze

PROGRAM = Path(__file__).resolve().parents[2] / "bench" / "programs" / "big_kernel.py"


def _view(a: Analysis) -> dict[str, object]:
    """What an editor and the CLI see of an analysis."""
    sm = a.sourcemap
    return {
        "diagnostics": [repr(d) for d in a.diagnostics],
        "cpp": a.cpp,
        "segments": repr(sm.segments) if sm is not None else None,
        "boilerplate": repr(sm.boilerplate) if sm is not None else None,
        # `reanalyzed` says whether this run computed the kernel: what differs by design
        "kernels": [repr(replace(k, reanalyzed=False)) for k in a.kernels],
        "symbols": sorted(repr(s) for s in a.symbols),
        "calls": sorted(repr(c) for c in a.calls),
        "hints": sorted(repr(h) for h in a.hints),
        "expr_types": sorted(repr(e) for e in a.expr_types),
    }


def _fresh(text: str, path: str) -> dict[str, object]:
    with helper_cache.disabled(), summaries.disabled():
        return _view(analyze(text, path))


def _replay(steps: list[str], path: str) -> list[int]:
    """Analyze each text in turn with one cache, as the language server does, and compare each with a fresh
    analysis; returns the helper specializations each step took from the cache."""
    cache = AnalysisCache()
    reused = []
    for i, text in enumerate(steps):
        before = helper_cache.hits
        got = _view(analyze(text, path, cache=cache))
        reused.append(helper_cache.hits - before)
        want = _fresh(text, path)
        for key in want:
            assert got[key] == want[key], f"step {i}: {key} differs from a fresh analysis"
    return reused


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


@pytest.fixture(autouse=True)
def _empty_helper_cache() -> None:
    helper_cache.clear()


def test_edits_of_the_benchmark_program_equal_fresh_analyses() -> None:
    base = PROGRAM.read_text(encoding="utf-8")
    steps = [base]
    steps.append(_edit(steps[-1], "    summary_local.set_value(7, 0.0)", "    summary_local.set_value(7, 5.0)"))
    steps.append(_edit(steps[-1], "        asc.duplicate(work, 2.0, CHUNK)", "        asc.duplicate(work, 3.0, CHUNK)"))
    # a line added inside the kernel, then one above every helper (all of them move)
    steps.append(_edit(steps[-1], "    col_offset = block * HIDDEN\n",
                       "    col_offset = block * HIDDEN\n    spare = 1\n"))
    steps.append(_edit(steps[-1], "STATS_PER_ROW = 8\n", "STATS_PER_ROW = 8\nUNUSED_CONSTANT = 3\n"))
    # a helper's signature changes (its calls no longer bind), then its calls follow
    steps.append(_edit(steps[-1], "low: float, high: float, n: int) -> None:",
                       "low: float, high: float, n: int, step: int) -> None:"))
    steps.append(_edit(steps[-1], "    clamp(y_local, y_local, CLAMP_LOW, CLAMP_HIGH, HIDDEN)",
                       "    clamp(y_local, y_local, CLAMP_LOW, CLAMP_HIGH, HIDDEN, CHUNK)"))
    # constants the helpers read
    steps.append(_edit(steps[-1], "GELU_CUBIC = 0.044715", "GELU_CUBIC = 0.05"))
    steps.append(_edit(steps[-1], "CHUNK = 256\n", "CHUNK = 128\n"))
    # the launch: the dtypes of the kernel's GlobalAddress parameters come from it
    steps.append(_edit(steps[-1], "    gamma = np.ones(HIDDEN, np.float32)", "    gamma = np.ones(HIDDEN, np.float16)"))
    steps.append(_edit(steps[-1], "    gamma = np.ones(HIDDEN, np.float16)", "    gamma = np.ones(HIDDEN, np.float32)"))
    # an error inside a helper, and its fix
    steps.append(_edit(steps[-1], "        asc.mins(dst[base:], dst[base:], high, CHUNK)",
                       "        asc.mins(dst[base:], dst[base:], high, CHUNK, CHUNK)"))
    steps.append(_edit(steps[-1], "        asc.mins(dst[base:], dst[base:], high, CHUNK, CHUNK)",
                       "        asc.mins(dst[base:], dst[base:], high, CHUNK)"))
    reused = _replay(steps, "/bench/big_kernel.py")
    assert reused[0] > 0  # one analysis lowers ceil_div(HIDDEN, CHUNK) once for all its calls
    assert reused[1] >= 10  # an edit inside the kernel reuses each of its ten helper calls
    assert reused[2] > 0  # an edit inside gelu_tanh reuses the helpers it does not reach


HELPERS = '''import asc
import numpy as np

N = 256
SCALE = 2.0


@asc.jit
def scale(t: asc.LocalTensor, n: int) -> None:
    asc.muls(t, t, SCALE, n)


@asc.jit
def fill(t: asc.LocalTensor, value: asc.ConstExpr[int]) -> None:
    asc.duplicate(t, value * 1.0, N)


@asc.jit
def load(t: asc.LocalTensor, g: asc.GlobalTensor, n: int) -> None:
    asc.data_copy(t, g, n)
    scale(t, n)


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    load(t, x_gm, N)
    fill(t, 3)
    scale(t, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


@asc.jit
def other(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    load(t, x_gm, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


def launch():
    x = np.ones(N, np.float32)
    kernel[1](x, np.zeros_like(x))
    other[1](x, np.zeros_like(x))
'''


def test_edits_of_shared_helpers_equal_fresh_analyses() -> None:
    steps = [HELPERS]
    steps.append(_edit(steps[-1], "    fill(t, 3)", "    fill(t, 4)"))  # a ConstExpr value: a new specialization
    steps.append(_edit(steps[-1], "    asc.muls(t, t, SCALE, n)", "    asc.adds(t, t, SCALE, n)"))  # both kernels
    steps.append(_edit(steps[-1], "SCALE = 2.0", "SCALE = 3.0"))
    steps.append(_edit(steps[-1], "    t = q.alloc_tensor(asc.float32)\n    load(t, x_gm, N)\n    fill",
                       "    t = q.alloc_tensor(asc.float16)\n    load(t, x_gm, N)\n    fill"))  # other argument types
    steps.append(_edit(steps[-1], "def scale(t: asc.LocalTensor, n: int)", "def scale(t: asc.LocalTensor)"))
    steps.append(_edit(steps[-1], "def scale(t: asc.LocalTensor)", "def scale(t: asc.LocalTensor, n: int)"))
    steps.append(_edit(steps[-1], "    x = np.ones(N, np.float32)", "    x = np.ones(N, np.float16)"))
    steps.append(_edit(steps[-1], "    other[1](x, np.zeros_like(x))",
                       "    other[1](x.astype(np.int32), np.zeros_like(x))"))
    _replay(steps, "/work/helpers.py")


OPEN = '''import asc

N = 128


@asc.jit
def twice(t: asc.GlobalTensor, o: asc.LocalTensor) -> None:
    asc.data_copy(o, t, N)
    asc.add(o, o, o, N)


@asc.jit
def generic(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(x_gm.dtype)
    twice(x_gm, t)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)
'''


def test_a_helper_given_open_dtypes_is_lowered_with_its_caller() -> None:
    # nothing fixes the dtype before the helper runs: the helper is lowered afresh each time (its body may fix it)
    steps = [OPEN, _edit(OPEN, "    asc.add(o, o, o, N)", "    asc.mul(o, o, o, N)"),
             _edit(OPEN, "    t = q.alloc_tensor(x_gm.dtype)", "    t = q.alloc_tensor(asc.float16)")]
    _replay(steps, "/work/open.py")


def test_an_imported_helper_follows_its_module(tmp_path: Path) -> None:
    common = tmp_path / "common.py"
    common.write_text("import asc\n\nK = 2.0\n\n\n@asc.jit\ndef scale_tile(t: asc.LocalTensor, n: int) -> None:\n"
                      "    asc.muls(t, t, K, n)\n", encoding="utf-8")
    main = tmp_path / "main.py"
    text = HELPERS.replace("import numpy as np\n", "import numpy as np\nfrom common import scale_tile\n").replace(
        "    scale(t, n)\n", "    scale(t, n)\n    scale_tile(t, n)\n")
    cache = AnalysisCache()
    analyze(text, str(main), cache=cache)
    for body in ("    asc.adds(t, t, K, n)\n", "    asc.adds(t, t, K, n, n)\n"):
        common.write_text(common.read_text(encoding="utf-8").replace("    asc.muls(t, t, K, n)\n", body)
                          .replace("    asc.adds(t, t, K, n)\n", body), encoding="utf-8")
        got = _view(analyze(text, str(main), cache=cache))
        assert got == _fresh(text, str(main))


COMMON = """import asc

K = 2.0
TILE = 128


@asc.jit
def bump(t: asc.LocalTensor, n: int) -> None:
    asc.adds(t, t, K, n)


@asc.jit
def load_tile(q: asc.TQue, g: asc.GlobalTensor, n: int) -> None:
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    bump(t, n)
    q.enque(t)


@asc.jit
def store_tile(q: asc.TQue, g: asc.GlobalTensor, n: int) -> None:
    t = q.deque(asc.float32)
    asc.data_copy(g, t, n)
    q.free_tensor(t)
"""

IMPORTER = """import asc

from common import TILE, load_tile, store_tile


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILE * 4)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, TILE * 4)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for i in range(4):
        load_tile(q, x_gm[i * TILE:], TILE)
        store_tile(q, y_gm[i * TILE:], TILE)
"""


def test_a_helper_of_another_module_is_reused_while_its_text_holds(tmp_path: Path) -> None:
    # the helpers load_tile (which calls bump) and store_tile live in common.py: an edit of the kernel takes both
    # from the cache; an edit in common.py lowers again only the helpers whose text or names it reaches, and the
    # kernel not at all while what it sees of them holds (lower/cutoff.py)
    common = tmp_path / "common.py"
    main = str(tmp_path / "main.py")
    cache = AnalysisCache()
    cutoff.clear()

    def step(module: str, kernel: str) -> tuple[int, int]:
        """Specializations taken from the cache, and kernel lowerings reused, by this analysis."""
        common.write_text(module, encoding="utf-8")
        before, kept = helper_cache.hits, cutoff.reused
        got = _view(analyze(kernel, main, cache=cache))
        counts = helper_cache.hits - before, cutoff.reused - kept
        assert got == _fresh(kernel, main)
        return counts

    assert step(COMMON, IMPORTER) == (0, 0)
    probe = IMPORTER.replace("    pipe = asc.TPipe()\n", "    pipe = asc.TPipe()\n    probe = 1\n")
    assert step(COMMON, probe) == (2, 0)
    assert step(COMMON.replace("asc.adds(t, t, K, n)", "asc.muls(t, t, K, n)"), probe) == (1, 1)  # bump's body
    assert step(COMMON.replace("K = 2.0", "K = 3.0"), probe) == (1, 1)  # a value bump names
    # a comment: every specialization is found again (a key holds a helper's text without its comments)
    assert step(COMMON.replace("    q.free_tensor(t)\n", "    q.free_tensor(t)  # done\n"), probe) == (2, 1)
    # a required parameter more: the call is an error in the importer (findings inside it are common.py's); the
    # kept lowering is checked (load_tile taken once for it) and the kernel lowered again
    broken = COMMON.replace("def store_tile(q: asc.TQue, g: asc.GlobalTensor, n: int)",
                            "def store_tile(q: asc.TQue, g: asc.GlobalTensor, n: int, k: int)")
    assert step(broken, probe) == (2, 0)
    codes = sorted(d.code for d in analyze(probe, main, cache=cache).diagnostics)
    assert codes == ["PA301", "PA701"]  # (and the tile load_tile enqueued is never dequeued now)
    # an imported constant the kernel names is part of its own inputs
    assert step(COMMON.replace("TILE = 128", "TILE = 64"), probe) == (0, 0)


def test_strings_over_column_zero_lines_keep_the_parse_incremental() -> None:
    """A module docstring (or a string constant) whose lines start in column 0 is one unit with the units up to its
    closing quotes: the file is still parsed unit by unit, and the tree is ast.parse's."""
    import ast
    import random

    from pyasc.compiler.syntax.parse import _parse_incremental

    base = PROGRAM.read_text(encoding="utf-8")
    assert _parse_incremental(base) is not None
    rng = random.Random(5)
    texts = [base, base.replace('HIDDEN = 1088\n', "HIDDEN = 1088\nDOC = '''\nx = 1\n'''\n"),
             base.replace('HIDDEN = 1088\n', 'HIDDEN = 1088\nDOC = """a\n""" + """\nb = 2\n"""\n'),
             base.replace('HIDDEN = 1088\n', 'HIDDEN = 1088\nDOC = """\nnever closed\n')]
    for _ in range(30):
        lines = base.split("\n")
        lines.insert(rng.randrange(len(lines)), rng.choice(['"""', "'''", 'S = """', 'x = 1 """', "# \"\"\""]))
        texts.append("\n".join(lines))
    for text in texts:
        tree = _parse_incremental(text)
        try:
            full = ast.parse(text)
        except SyntaxError:
            assert tree is None
            continue
        if tree is not None:
            assert ast.dump(tree, include_attributes=True) == ast.dump(full, include_attributes=True)


def test_a_broken_text_reuses_the_units_that_parse_and_recovers_as_a_fresh_parse(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A keystroke that breaks one function: the recovery parse takes the other units from the unit cache (the same
    statements a text that parses took), and its tree and syntax errors are those of a parse with an empty cache."""
    import ast

    from pyasc.compiler.syntax import parse as syntax_parse

    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE", type(syntax_parse._UNIT_CACHE)())
    base = PROGRAM.read_text(encoding="utf-8")
    good, _, _ = syntax_parse.parse_module(base)
    lines = base.split("\n")
    at = next(i for i, t in enumerate(lines) if t.startswith("    summary_local.set_value(7,"))
    broken_text = "\n".join(lines[:at + 1] + ["    col_sum."] + lines[at + 1:])
    tree, diags, broken = syntax_parse.parse_module(broken_text)
    assert [d.code for d in diags] == ["PA100"] and diags[0].span.line == at + 2
    assert len(broken) == 1 and broken[0].line <= at + 2 <= broken[0].end_line
    assert len(tree.body) == len(good.body) - 1  # all but the broken kernel
    before = [s for s in good.body if s.lineno < broken[0].line]
    assert before and all(a is b for a, b in zip(before, tree.body, strict=False))  # the same statements, not parsed
    monkeypatch.setattr(syntax_parse, "_UNIT_CACHE", type(syntax_parse._UNIT_CACHE)())
    fresh, fresh_diags, fresh_broken = syntax_parse.parse_module(broken_text)
    assert ast.dump(tree, include_attributes=True) == ast.dump(fresh, include_attributes=True)
    assert diags == fresh_diags and broken == fresh_broken


@pytest.mark.parametrize("head", ['"""A module docstring\nwhose lines start\nin column 0.\n"""\n',
                                  "NOTE = '''\nx = (\n'''\n"])
def test_one_broken_function_is_one_syntax_error_after_a_string_over_column_zero_lines(head: str) -> None:
    """The lines of a triple-quoted string in column 0 are not units of their own when a later function does not
    parse: the one error is on the broken line, and the rest of the file is analyzed."""
    text = head + "import pyasc as asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    t = (\n\n\n" \
        "@asc.jit\ndef fine(x: asc.GlobalAddress):\n    pass\n"
    result = analyze(text, "/w/broken.py", None, None)
    syntax = [d for d in result.diagnostics if d.code == "PA100"]
    assert len(syntax) == 1
    assert syntax[0].span.line == text.split("\n").index("    t = (") + 1


SHARED_KERNEL = """

@asc.jit
def {name}(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    widen(t, N)
    asc.data_copy(x_gm, t, N)
    q.free_tensor(t)
"""
SHARED = """import asc

N = 128


@asc.jit
def widen(t: asc.LocalTensor, n: int) -> None:
    spare = n * 2
    asc.adds(t, t, 1.0, n)

""" + "".join(SHARED_KERNEL.format(name=name) for name in ("first", "second"))
"""Two kernels that call widen() alike (the same argument types); widen has an unused local (PA701, line 8)."""


def test_kernels_calling_a_helper_alike_share_its_lowering_and_each_names_its_findings() -> None:
    before = helper_cache.hits
    a = analyze(SHARED, "/work/shared.py")
    # the second kernel's call is the first one's specialization: one lowering of widen for both
    assert helper_cache.hits - before == 1
    # (a finding of a helper two kernels call is shown once, as the first kernel's)
    assert [(d.kernel, d.span.line) for d in a.diagnostics if d.code == "PA701"] == [("first", 8)]
    assert _view(a) == _fresh(SHARED, "/work/shared.py")
    # the second kernel alone takes the specialization the first one's lowering left, under its own name
    before = helper_cache.hits
    alone = analyze(SHARED, "/work/shared.py", kernel="second")
    assert helper_cache.hits - before == 1
    assert [(d.kernel, d.span.line) for d in alone.diagnostics if d.code == "PA701"] == [("second", 8)]
    # an edit of widen's body: each kernel sees it again, with its own name on the finding
    steps = [SHARED, _edit(SHARED, "    spare = n * 2", "    spare = n * 3"),
             _edit(SHARED, "    spare = n * 2\n", "")]
    _replay(steps, "/work/shared.py")
