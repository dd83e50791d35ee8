"""The analysis entry point: incremental per-kernel caching, helpers, imports, aliases, inference and robustness."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

from .conftest import EXAMPLES

KERNEL = """
@asc.jit
def {name}(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, TILE)
    asc.{op}(t, t, t, TILE)
    asc.data_copy(z_gm, t, TILE)
    q.free_tensor(t)
"""


def module(ops: list[str], tile: int = 64) -> str:
    return f"import pyasc as asc\n\nTILE = {tile}\n" + "\n".join(
        KERNEL.format(name=f"k{i}", op=op) for i, op in enumerate(ops))


def test_an_edit_reanalyzes_only_the_kernel_it_touched() -> None:
    cache = AnalysisCache()
    text = module(["add", "mul", "sub"])
    first = analyze(text, "m.py", cache=cache)
    assert [k.reanalyzed for k in first.kernels] == [True, True, True]
    edited = text.replace("asc.mul(t, t, t, TILE)", "asc.max(t, t, t, TILE)")
    second = analyze(edited, "m.py", cache=cache)
    assert [k.reanalyzed for k in second.kernels] == [False, True, False]
    assert "AscendC::Max(t, t, t, TILE)" in second.cpp and "AscendC::Mul" not in second.cpp
    assert second.cpp == analyze(edited, "m.py").cpp


def test_a_kernel_that_moves_is_shifted_not_recomputed() -> None:
    cache = AnalysisCache()
    text = module(["add", "mul"]).replace("asc.add(t, t, t, TILE)", "asc.ad(t, t, t, TILE)")
    analyze(text, "m.py", cache=cache)
    moved = text.replace("TILE = 64\n", "TILE = 64\n\n\n# a comment\n")
    cached = analyze(moved, "m.py", cache=cache)
    fresh = analyze(moved, "m.py")
    assert [k.reanalyzed for k in cached.kernels] == [False, False]
    assert cached.diagnostics == fresh.diagnostics
    assert cached.cpp == fresh.cpp
    assert [(s.cpp_start, s.python) for s in cached.sourcemap.segments] == [
        (s.cpp_start, s.python) for s in fresh.sourcemap.segments]


def test_a_changed_constant_invalidates_the_kernels_that_read_it() -> None:
    cache = AnalysisCache()
    analyze(module(["add"], tile=64), "m.py", cache=cache)
    again = analyze(module(["add"], tile=10), "m.py", cache=cache)
    assert again.kernels[0].reanalyzed
    assert any(d.code == "PA604" for d in again.diagnostics)


def test_import_asc_is_analyzed_as_is() -> None:
    text = module(["add"]).replace("import pyasc as asc", "import asc")
    a = analyze(text, "m.py")
    assert not a.errors and "AscendC::Add" in a.cpp


def test_aliases_and_decorator_forms() -> None:
    text = (
        "import pyasc as p\nfrom pyasc import jit\n\n@jit\ndef a(x: p.GlobalAddress):\n    p.printf('a')\n\n"
        "@p.jit(auto_sync=False)\ndef b(x: p.GlobalAddress):\n    p.printf('b')\n"
    )
    a = analyze(text, "m.py")
    assert [k.name for k in a.kernels] == ["a", "b"]
    assert a.cpp.count('extern "C" __global__ __aicore__ void') == 2


def test_global_address_dtype_is_inferred_from_its_copies() -> None:
    a = analyze(module(["add"]), "m.py")
    params = dict(next(k for k in a.kernels if k.name == "k0").params)
    assert params["x"] == "GlobalAddress[float32]"
    assert "SetGlobalBuffer((__gm__ float*)x)" in a.cpp


def test_helpers_imported_from_another_module(tmp_path: Path) -> None:
    (tmp_path / "shared.py").write_text(
        "import pyasc as asc\n\nTILE = 128\nSCALE = 0.5\n\n@asc.jit\ndef scale(t: asc.LocalTensor, n: int):\n"
        "    asc.muls(t, t, SCALE, n)\n", encoding="utf-8")
    main = tmp_path / "main.py"
    main.write_text(
        "import pyasc as asc\nfrom shared import TILE, scale\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n"
        "    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n    pipe = asc.TPipe()\n"
        "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    pipe.init_buffer(q, 1, TILE * 4)\n"
        "    t = q.alloc_tensor(asc.float32)\n    asc.data_copy(t, g, TILE)\n    scale(t, TILE)\n"
        "    asc.data_copy(g, t, TILE)\n    q.free_tensor(t)\n", encoding="utf-8")
    a = analyze(main.read_text(encoding="utf-8"), str(main))
    assert not a.errors, [d.message for d in a.errors]
    assert "constexpr int32_t TILE = 128;" in a.cpp and "constexpr float SCALE = 0.5f;" in a.cpp
    assert "__aicore__ inline void scale(AscendC::LocalTensor<float> t, int32_t n)" in a.cpp
    # nothing of the other file is mapped onto this one
    lines = main.read_text(encoding="utf-8").count("\n")
    assert all(s.python.line <= lines for s in a.sourcemap.segments)


def test_helper_diagnostics_point_into_the_helper() -> None:
    text = (
        "import pyasc as asc\n\n@asc.jit\ndef helper(t: asc.LocalTensor, n: int):\n    asc.exp(t, t, n, 3)\n"
        "    return n\n\n"
        "@asc.jit\ndef k(x: asc.GlobalAddress):\n    pipe = asc.TPipe()\n    q = asc.TQue(asc.TPosition.VECIN, 1)\n"
        "    pipe.init_buffer(q, 1, 256)\n    t = q.alloc_tensor(asc.float32)\n    m = helper(t, 64)\n"
        "    asc.printf('%d', m)\n    q.free_tensor(t)\n"
    )
    a = analyze(text, "m.py")
    bad = [d for d in a.diagnostics if d.severity == Severity.ERROR]
    assert bad and all(d.span.line == 5 for d in bad)
    assert "__aicore__ inline int32_t helper(" in a.cpp
    kinds = {k.name: k.kind for k in a.kernels}
    assert kinds == {"helper": "helper", "k": "kernel"}


def test_analysis_never_imports_or_executes_the_file(tmp_path: Path) -> None:
    marker = tmp_path / "side_effect"
    text = (
        f"import os\nopen({str(marker)!r}, 'w').write('ran')\nos.system('touch {marker}')\nimport pyasc as asc\n\n"
        "@asc.jit\ndef k(x: asc.GlobalAddress):\n    asc.printf('%d', 1)\n"
    )
    a = analyze(text, str(tmp_path / "evil.py"))
    assert a.kernels and not marker.exists()


def test_garbage_never_crashes() -> None:
    rng = random.Random(7)
    base = EXAMPLES[0].read_text(encoding="utf-8")
    alphabet = "()[]{}:.,=+-*/'\"\\\n\t #@asc_éλ漢0123456789"
    for _ in range(150):
        chars = list(base)
        for _ in range(rng.randint(1, 12)):
            if not chars:
                break
            i = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                del chars[i: i + rng.randint(1, 20)]
            elif op < 0.8:
                chars.insert(i, rng.choice(alphabet))
            else:
                chars = chars[:i]
        text = "".join(chars)
        a = analyze(text, "fuzz.py")
        n_lines = len(text.split("\n"))
        for d in a.diagnostics:
            assert 1 <= d.span.line <= d.span.end_line <= n_lines
            assert d.code != "PA901", d.message


def test_deep_nesting_and_null_bytes() -> None:
    head = "import pyasc as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    n = "
    deep = head + "(" * 500 + "1" + ")" * 500 + "\n"
    a = analyze(deep, "deep.py")
    assert all(d.code != "PA901" for d in a.diagnostics)
    nul = analyze("import pyasc as asc\x00\n", "nul.py")
    assert nul.diagnostics and nul.diagnostics[0].code == "PA100"


def test_every_example_statement_is_mapped() -> None:
    for path in EXAMPLES:
        text = path.read_text(encoding="utf-8")
        a = analyze(text, str(path))
        mapped = {s.python.line for s in a.sourcemap.statements()}
        tree = ast.parse(text)
        for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
            for stmt in ast.walk(fn):
                if isinstance(stmt, ast.stmt) and stmt is not fn and not isinstance(stmt, ast.Pass) and not (
                        isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
                    assert stmt.lineno in mapped, f"{path.name}:{stmt.lineno} has no C++"


def test_incremental_parse_equals_a_full_parse() -> None:
    """Unit-by-unit parsing with reuse gives exactly ast.parse's tree, or declines (and the full parse runs)."""
    import sys

    from pyasc.compiler.syntax.parse import _parse_incremental

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from gen_kernels import source

    rng = random.Random(3)
    base = source(12)
    texts = [base, base.replace("TILE = 256", 'TILE = 256\nDOC = """\nnot a unit\n"""'),
             base.replace("import pyasc as asc", "import pyasc as asc\nif TILE:\n    X = 1\nelse:\n    X = 2")]
    for _ in range(40):
        lines = base.split("\n")
        i = rng.randrange(len(lines))
        lines.insert(i, rng.choice(["", "# note", "    pass", "X = (1,", "@asc.jit", "Y = 2 \\", ")"]))
        texts.append("\n".join(lines))
    declined = 0
    for text in texts:
        tree = _parse_incremental(text)
        try:
            full = ast.parse(text)
        except SyntaxError:
            assert tree is None
            continue
        if tree is None:
            declined += 1
            continue
        assert ast.dump(tree, include_attributes=True) == ast.dump(full, include_attributes=True)
    assert declined < len(texts)


def test_queue_passed_to_a_helper_that_enqueues_is_not_a_deadlock() -> None:
    text = (
        "import pyasc as asc\n\n@asc.jit\ndef copy_in(q: asc.TQue, g: asc.GlobalTensor, n: int):\n"
        "    t = q.alloc_tensor(asc.float32)\n    asc.data_copy(t, g, n)\n    q.enque(t)\n\n"
        "@asc.jit\ndef k(x: asc.GlobalAddress):\n    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n"
        "    pipe = asc.TPipe()\n    q = asc.TQue(asc.TPosition.VECIN, 2)\n    pipe.init_buffer(q, 2, 1024)\n"
        "    copy_in(q, g, 256)\n    t = q.deque(asc.float32)\n    q.free_tensor(t)\n"
    )
    a = analyze(text, "k.py")
    assert not a.diagnostics, [(d.code, d.message) for d in a.diagnostics]
    assert "__aicore__ inline void copy_in(AscendC::TQue<AscendC::TPosition::VECIN, 2>& q," in a.cpp


def test_a_tque_at_veccalc_is_declared_as_the_tquebind_ascend_c_accepts() -> None:
    """Ascend C's TQue asserts its position is not VECCALC (CANN's scratch-queue examples use one): the kernel and a
    helper taking the queue both get TQueBind<VECCALC, VECCALC, depth>; other positions stay TQue."""
    src = """import asc

@asc.jit
def scratch(q: asc.TQue) -> None:
    t = q.alloc_tensor(asc.uint8)
    q.free_tensor(t)

@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    tmp_q = asc.TQue(asc.TPosition.VECCALC, 2)
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(tmp_q, 2, 1024)
    pipe.init_buffer(q_in, 1, 1024)
    scratch(tmp_q)
    t = q_in.alloc_tensor(asc.float32)
    q_in.free_tensor(t)
"""
    result = analyze(src, "veccalc.py")
    assert not result.errors
    bind = "AscendC::TQueBind<AscendC::TPosition::VECCALC, AscendC::TPosition::VECCALC, 2>"
    assert f"{bind} tmp_q;" in result.cpp
    assert f"{bind}& q" in result.cpp
    assert "AscendC::TQue<AscendC::TPosition::VECIN, 1> q_in;" in result.cpp
    assert "TQue<AscendC::TPosition::VECCALC" not in result.cpp


def test_a_cached_kernel_follows_the_helpers_and_constants_of_the_modules_it_imports(tmp_path: Path) -> None:
    """The per-kernel cache key covers what an imported helper reads in its own module (and the modules that one
    imports): a changed constant there is new C++ here; an edit of a helper the kernel does not reach is a hit."""
    shared = tmp_path / "shared.py"
    base = tmp_path / "base.py"
    base.write_text("SCALE = 2\n", encoding="utf-8")
    text = ("import pyasc as asc\nfrom base import SCALE\n\nK = 1\n\n@asc.jit\ndef scale(t: asc.LocalTensor, n: int):\n"
            "    asc.muls(t, t, SCALE, n * K)\n\n@asc.jit\ndef other(t: asc.LocalTensor, n: int):\n"
            "    asc.muls(t, t, 3.0, n)\n")
    shared.write_text(text, encoding="utf-8")
    main = tmp_path / "main.py"
    source = ("import pyasc as asc\nfrom shared import scale\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n"
              "    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n    pipe = asc.TPipe()\n"
              "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    pipe.init_buffer(q, 1, 512)\n"
              "    t = q.alloc_tensor(asc.float32)\n    asc.data_copy(t, g, 128)\n    scale(t, 128)\n"
              "    asc.data_copy(g, t, 128)\n    q.free_tensor(t)\n")
    cache = AnalysisCache()

    def cpp() -> str:
        cached = analyze(source, str(main), None, cache).cpp
        assert cached == analyze(source, str(main)).cpp, "the cache gave what a fresh analysis does not"
        return cached

    assert "constexpr int32_t K = 1;" in cpp()
    shared.write_text(text.replace("K = 1", "K = 2"), encoding="utf-8")
    assert "constexpr int32_t K = 2;" in cpp()
    base.write_text("SCALE = 5\n", encoding="utf-8")  # two modules away
    assert "constexpr int32_t SCALE = 5;" in cpp()
    hits = cache.hits
    shared.write_text(text.replace("K = 1", "K = 2").replace("3.0", "4.0"), encoding="utf-8")
    analyze(source, str(main), None, cache)
    assert cache.hits == hits + 1, "an edit of a helper k does not call keeps k's cached analysis"
