"""Real Python kernels through analyze() + check_cpp(): errors the Python side lets through (or that the user
suppressed) are caught by clang against the independent header and land on the Python line that caused them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp

from .support import line_of

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

TEMPLATE = """import pyasc as asc

TILE = 128

@asc.jit
def seeded(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    pipe = asc.TPipe()
    queue = asc.TQue(asc.TPosition.VECIN, DEPTH)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(queue, 2, TILE * 2)
    pipe.init_buffer(buf, TILE * 4)
    t = queue.alloc_tensor(asc.float16)
    f = buf.get(asc.float32)
    b = buf.get(asc.int8)
    asc.data_copy(t, x_gm[0:], TILE)
    STATEMENT
    queue.free_tensor(t)
"""


def source(statement: str = "pass", depth: str = "2") -> str:
    text = TEMPLATE.replace("STATEMENT", statement)
    if depth != "2":  # a runtime depth, with the Python-side error suppressed on its line
        return text.replace("DEPTH)", f"{depth})  # pyasc: ignore[PA303]")
    return text.replace("DEPTH", depth)


def run(text: str, config: Config | None = None):
    analysis = analyze(text, "/tmp/seeded.py", config or Config())
    assert analysis.cpp, "the code generator emitted no C++"
    return analysis, check_cpp(analysis, config or Config())


@pytest.fixture(autouse=True)
def _fresh_cache():
    CACHE.clear()


CASES = {
    # family: (source, marker of the Python line, expected message part)
    "vector op dtype (mixed operands)": (source("asc.add(f, t, t, TILE)  # pyasc: ignore[PA401]"), "asc.add(",
                                         "no matching function for call to 'Add'"),
    "vector op dtype (unsupported dtype)": (source("asc.exp(b, b, TILE)  # pyasc: ignore[PA402]"), "asc.exp(",
                                            "Exp: element type must be half or float"),
    "data copy": (source("asc.data_copy(f, t, TILE)  # pyasc: ignore[PA401]"), "asc.data_copy(f",
                  "no matching function for call to 'DataCopy'"),
    "queues": (source(depth="n"), "asc.TQue(", "not a constant expression"),
    "sync templates": (source("asc.sync_all(x_gm, t)  # pyasc: ignore[PA402]"), "asc.sync_all(",
                       "no matching function for call to 'SyncAll'"),
}


@pytest.mark.parametrize("family", sorted(CASES))
def test_error_behind_the_python_checks_maps_to_its_line(family):
    text, marker, expected = CASES[family]
    analysis, diags = run(text)
    errors = [d for d in diags if d.severity == Severity.ERROR]
    assert len(errors) == 1, [(d.code, d.span, d.message) for d in diags]
    err = errors[0]
    assert (err.source, err.code, err.kernel) == ("clang", "clang-error", "seeded")
    assert expected in err.message
    assert err.span.line == line_of(text, marker)
    assert all(d.code != "PA801" for d in diags)


def test_clean_kernel_has_no_cpp_findings():
    _, diags = run(source("asc.adds(t, t, 1.5, TILE)\n    asc.data_copy(x_gm[0:], t, TILE)"))
    assert [d for d in diags if d.severity >= Severity.WARNING and d.code not in ("-Wunused-variable",)] == []


def test_python_side_unused_findings_are_not_repeated():
    text = source()  # f and b are unused: PA701 on the Python side
    analysis, diags = run(text)
    assert {d.code for d in analysis.diagnostics} >= {"PA701"}
    assert [d.code for d in diags] == []


def test_naming_check_maps_to_python_definitions():
    text = source("asc.adds(t, t, 1.5, TILE)")
    analysis, diags = run(text, Config(tidy_checks="-*,readability-identifier-length"))
    short = {d.message.split("'")[1]: d.span for d in diags if d.code == "readability-identifier-length"}
    py_lines = text.split("\n")
    def_line = line_of(text, "def seeded(")
    x_col = py_lines[def_line - 1].index("x:")
    assert (short["x"].line, short["x"].col) == (def_line, x_col)  # the parameter `x: asc.GlobalAddress`
    for name in ("t", "f", "b"):
        line = line_of(text, f"    {name} = ")
        assert short[name].line == line and short[name].col == 4, (name, short[name])


KERNEL_EXAMPLES = sorted(p.name for p in EXAMPLES.glob("*.py") if "@asc.jit" in p.read_text(encoding="utf-8"))


def test_examples_with_kernels_exist():
    assert len(KERNEL_EXAMPLES) >= 3


@pytest.mark.parametrize("example", KERNEL_EXAMPLES)
def test_examples_are_clean_in_cpp(example):
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    analysis = analyze(text, str(EXAMPLES / example), Config())
    assert analysis.kernels and analysis.cpp
    diags = check_cpp(analysis, Config())
    assert [(d.code, d.span, d.message) for d in diags if d.code != "PA803"] == []
    # The one finding allowed: the honest note on each Matmul call the bundled header checks only in part.
    partial = [d for d in diags if d.code == "PA803"]
    assert all(d.severity == Severity.INFO and "AscendC::Matmul only in part" in d.message for d in partial)
    objects = re.findall(r"(\w+) = asc\.adv\.Matmul\(", text)
    matmul_lines = {i for i, line in enumerate(text.splitlines(), 1)
                    if "asc.adv.Matmul(" in line or "register_matmul(" in line
                    or any(f"{o}." in line for o in objects)}
    assert {d.span.line for d in partial} <= matmul_lines
    assert bool(partial) == ("register_matmul" in text)


def test_clang_error_on_a_line_the_python_side_already_flags_is_not_repeated():
    text = source("asc.exp(b, b, TILE)")  # PA402 on the Python side, not suppressed
    analysis, diags = run(text)
    line = line_of(text, "asc.exp(")
    assert any(d.code == "PA402" and d.span.line == line for d in analysis.diagnostics)
    assert [d for d in diags if d.span.line == line] == []
    # Suppressing the Python finding hands the line to clang again.
    analysis, diags = run(source("asc.exp(b, b, TILE)  # pyasc: ignore[PA402]"))
    assert [(d.code, d.span.line) for d in diags] == [("clang-error", line)]


def test_run_time_values_in_a_list_argument_are_converted_to_its_element_type():
    """`asc.ShapeInfo(asc.array(asc.int32, (rows, n)))` with `n` a run-time int: the uint32_t array's braces would
    narrow an int32_t, which clang (and bisheng) reject, so the generator converts it."""
    text = source("rows = n // 2\n    shape = asc.ShapeInfo(asc.array(asc.int32, (rows, 16)))\n    "
                  "t.set_shape_info(shape)")
    analysis, diags = run(text)
    assert "uint32_t shape_list0[] = {static_cast<uint32_t>(rows), 16};" in analysis.cpp
    assert [d for d in diags if d.severity == Severity.ERROR] == []


def test_math_inf_and_nan_are_known_to_the_cpp_check():
    """math.inf and math.nan become INFINITY and NAN (as with <cmath>, which the real headers include)."""
    text = "import math\n\nLOW = -math.inf\n" + source(
        "asc.duplicate(f, LOW, TILE)\n    asc.duplicate(f, math.inf, TILE)\n    asc.duplicate(f, math.nan, TILE)")
    analysis, diags = run(text)
    assert "constexpr float LOW = -INFINITY;" in analysis.cpp and "AscendC::Duplicate(f, NAN, TILE);" in analysis.cpp
    assert [(d.code, d.message) for d in diags if d.severity == Severity.ERROR] == []
