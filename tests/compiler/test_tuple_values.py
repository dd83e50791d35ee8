"""Tuples as values: a helper's results held in one name, tuples built in a kernel, read at compile time
(unpacking, indexing, slicing, len), and the forms CANN's tracer rejects, each reported once."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze

HEAD = """import asc


@asc.jit
def bounds(i: int, tile: int):
    return i * tile, (i + 1) * tile


@asc.jit
def k(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 1024)
    t = q.alloc_tensor(asc.float32)
"""
TAIL = "    q.free_tensor(t)\n"


def _analyze(body: str):  # noqa: ANN202
    return analyze(HEAD + body + TAIL, "k.py")


def _errors(body: str) -> list[tuple[str, str, str]]:
    """(code, the text the range covers, message) of each error."""
    text = HEAD + body + TAIL
    lines = text.splitlines()
    out = []
    for d in analyze(text, "k.py").diagnostics:
        if d.severity != Severity.ERROR or d.kernel == "bounds":  # (not called, it is checked as a kernel)
            continue
        s = d.span
        assert s.line == s.end_line
        out.append((d.code, lines[s.line - 1][s.col:s.end_col], d.message))
    return out


def _kernel_cpp(body: str) -> list[str]:
    a = _analyze(body)
    assert [d for d in a.diagnostics if d.severity == Severity.ERROR and d.kernel != "bounds"] == []
    return [line.strip() for line in a.cpp.splitlines()]


def test_held_results_are_one_variable_each_and_unpacked_later() -> None:
    cpp = _kernel_cpp("    offs = bounds(asc.get_block_idx(), 64)\n"
                      "    a, b = offs\n"
                      "    asc.data_copy(t, x_gm[a:], b - a)\n")
    assert "int32_t offs_0; int32_t offs_1; bounds(static_cast<int32_t>(AscendC::GetBlockIdx()), 64, offs_0, " \
           "offs_1);" in cpp
    assert "int32_t a = offs_0;" in cpp and "int32_t b = offs_1;" in cpp


def test_held_results_index_slice_and_len_at_compile_time() -> None:
    cpp = _kernel_cpp("    offs = bounds(asc.get_block_idx(), 64)\n"
                      "    asc.static_assert(len(offs) == 2)\n"
                      "    tail = offs[1:]\n"
                      "    asc.data_copy(t, x_gm[offs[-1]:], offs[0] + tail[0])\n")
    assert "int32_t tail_0 = offs_1;" in cpp  # the slice bound to a name is a tuple of its own
    assert "AscendC::DataCopy(t, x_gm[offs_1], offs_0 + tail_0);" in cpp


def test_a_tuple_built_in_the_kernel_holds_the_values_of_then() -> None:
    cpp = _kernel_cpp("    s = asc.get_block_idx() * 64\n"
                      "    p = (s, 64)\n"
                      "    nested = ((s, 64), 2)\n"
                      "    s = s + 1\n"
                      "    asc.data_copy(t, x_gm[p[0]:], nested[0][1])\n"
                      "    asc.data_copy(t, x_gm[s:], nested[1])\n")
    assert "int32_t p_0 = s;" in cpp and "int32_t nested_0_0 = s;" in cpp
    assert "AscendC::DataCopy(t, x_gm[p_0], 64);" in cpp
    assert "AscendC::DataCopy(t, x_gm[s], 2);" in cpp


def test_item_assignment_on_held_results_assigns_the_item() -> None:
    cpp = _kernel_cpp("    offs = bounds(asc.get_block_idx(), 64)\n"
                      "    first = offs[0]\n"
                      "    offs[0] = offs[1] + 64\n"
                      "    asc.data_copy(t, x_gm[offs[0]:], first)\n")
    assert "int32_t first = offs_0;" in cpp and "offs_0 = offs_1 + 64;" in cpp
    assert "AscendC::DataCopy(t, x_gm[offs_0], first);" in cpp


def test_a_wrong_count_is_one_error_and_the_names_stay_defined() -> None:
    errors = _errors("    offs = bounds(n, 64)\n"
                     "    a, b, c = offs\n"
                     "    asc.data_copy(t, x_gm[a:], c)\n")
    assert errors == [("PA303", "a, b, c = offs", "3 names are assigned 2 values")]


def test_a_star_target_is_one_error_and_the_names_stay_defined() -> None:
    errors = _errors("    p = (n, 64, 2)\n"
                     "    a, *rest = p\n"
                     "    asc.data_copy(t, x_gm[a:], rest[0])\n")
    assert [(c, s) for c, s, _ in errors] == [("PA101", "a, *rest")]


def test_a_run_time_index_and_an_index_out_of_range_are_errors() -> None:
    errors = _errors("    offs = bounds(n, 64)\n"
                     "    asc.data_copy(t, x_gm[offs[n]:], 64)\n"
                     "    asc.data_copy(t, x_gm[offs[2]:], 64)\n")
    assert [(c, s) for c, s, _ in errors] == [("PA303", "n"), ("PA303", "offs[2]")]
    assert "needs a compile-time index" in errors[0][2]
    assert "index 2 is out of range" in errors[1][2]


def test_item_assignment_on_a_tuple_built_in_the_kernel_is_an_error() -> None:
    errors = _errors("    p = (n, 64)\n"
                     "    p[0] = 0\n")
    assert [(c, s) for c, s, _ in errors] == [("PA303", "p[0] = 0")]
    assert "no item assignment" in errors[0][2]


def test_a_tuple_passed_to_a_helper_is_an_error() -> None:
    text = HEAD.replace("@asc.jit\ndef k(", "@asc.jit\ndef use(span):\n    a, b = span\n\n\n@asc.jit\ndef k(")
    text += "    offs = bounds(n, 64)\n    use(offs)\n" + TAIL
    errors = [d for d in analyze(text, "k.py").diagnostics if d.severity == Severity.ERROR]
    assert [d.code for d in errors] == ["PA303"]
    line = text.splitlines()[errors[0].span.line - 1]
    assert line[errors[0].span.col:errors[0].span.end_col] == "offs"
    assert "Unsupported value type for materialization" in errors[0].message


def test_a_compile_time_binding_made_in_a_run_time_block_is_not_seen_after_it() -> None:
    errors = _errors("    if n > 2:\n"
                     "        span = (n, 64)\n"
                     "        d = asc.float32\n"
                     "    else:\n"
                     "        span = (n, 32)\n"
                     "        d = asc.float32\n"
                     "    asc.data_copy(t, x_gm[span[0]:], 64)\n"
                     "    u = q.alloc_tensor(d)\n"
                     "    q.free_tensor(u)\n")
    assert [(c, s) for c, s, _ in errors] == [("PA107", "span"), ("PA107", "d")]
    assert "NameError: span is not defined" in errors[0][2]


def test_a_binding_made_before_a_block_and_read_in_it_and_after_is_fine() -> None:
    cpp = _kernel_cpp("    span = (n, 64)\n"
                      "    if n > 2:\n"
                      "        asc.data_copy(t, x_gm[span[0]:], span[1])\n"
                      "    asc.data_copy(t, x_gm[span[0]:], 64)\n")
    assert "int32_t span_0 = n;" in cpp


def test_a_call_indexed_directly_writes_its_results_before_the_statement() -> None:
    cpp = _kernel_cpp("    a, b = bounds(1, 64)[0], bounds(2, 64)[1]\n"
                      "    asc.static_assert(len(bounds(n, 2)) == 2)\n"
                      "    asc.data_copy(t, x_gm[a:], b)\n")
    assert "int32_t bounds_0; int32_t bounds_1; bounds(1, 64, bounds_0, bounds_1);" in cpp
    assert "int32_t bounds_0_2; int32_t bounds_1_2; bounds(2, 64, bounds_0_2, bounds_1_2);" in cpp
    assert "int32_t a = bounds_0;" in cpp and "int32_t b = bounds_1_2;" in cpp
    # len() of a call still makes the call
    assert "int32_t bounds_0_3; int32_t bounds_1_3; bounds(n, 2, bounds_0_3, bounds_1_3);" in cpp


FILL = """

@asc.jit
def fill(t: asc.LocalTensor, count: asc.ConstExpr[int]):
    asc.duplicate(t, 1.0, count)
"""


def test_a_helpers_result_is_a_run_time_value_even_from_constants() -> None:
    """CANN's tracer compiles a helper as a function of its own: what it returns is a run-time value (a
    PlainValue), which a ConstExpr parameter refuses, though `bounds(2, 64)` computes it from constants."""
    text = HEAD.replace("import asc\n", "import asc\n" + FILL) + "    lo, hi = bounds(2, 64)\n    fill(t, lo)\n" + TAIL
    lines = text.splitlines()
    errors = [(d.code, lines[d.span.line - 1][d.span.col:d.span.end_col], d.message)
              for d in analyze(text, "k.py").diagnostics if d.severity == Severity.ERROR and d.kernel != "bounds"]
    assert errors == [("PA303", "lo", "the ConstExpr[int] parameter 'count' of fill() needs a compile-time int, got "
                       "a run-time int (CANN's pyasc: ConstExpr[int] is required); pass a literal, a module constant "
                       "or a ConstExpr of the caller")]
    ok = HEAD.replace("import asc\n", "import asc\n" + FILL) + "    fill(t, 128)\n" + TAIL
    assert [d for d in analyze(ok, "k.py").diagnostics if d.severity == Severity.ERROR and d.kernel != "bounds"] == []
