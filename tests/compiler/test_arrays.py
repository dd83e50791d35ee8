"""asc.array as CANN's pyasc makes it, a C array on the device (elements read and written at run time, len() its
Python length), and asc.DataType(name) as a dtype value: diagnostics with their ranges, and the C++."""

from __future__ import annotations

import pytest

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.ide.hover import hover
from pyasc.compiler.pipeline.analysis import analyze

HEAD = """import asc

N = 256


@asc.jit
def k(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
"""
BODY_LINE = HEAD.count("\n") + 1
"""The line of the first statement a test adds to the kernel."""


def _errors(body: str, text: str | None = None) -> list[tuple[str, int, int, int, str]]:
    a = analyze(text if text is not None else HEAD + body, "k.py")
    return [(d.code, d.span.line - BODY_LINE, d.span.col, d.span.end_col, d.message) for d in a.diagnostics
            if d.severity == Severity.ERROR]


def _cpp(body: str, text: str | None = None) -> list[str]:
    a = analyze(text if text is not None else HEAD + body, "k.py")
    errors = [(d.code, d.message) for d in a.diagnostics if d.severity == Severity.ERROR]
    assert errors == []
    return [line.strip() for line in a.cpp.splitlines()]


def test_elements_are_written_and_read_at_run_time_indexes() -> None:
    cpp = _cpp("    offs = asc.array(asc.int32, 4, fill_value=0)\n"
               "    offs[1] = n * 2\n"
               "    offs[2] = offs[1] + asc.get_block_idx()\n"
               "    v = offs[n % 4]\n"
               "    t = q.alloc_tensor(asc.float32)\n"
               "    asc.data_copy(t, x_gm[v:], 64)\n"
               "    q.free_tensor(t)\n")
    assert "int32_t offs[4] = {0, 0, 0, 0};" in cpp
    assert "offs[1] = n * 2;" in cpp
    assert "offs[2] = offs[1] + static_cast<int32_t>(AscendC::GetBlockIdx());" in cpp
    assert "int32_t v = offs[n % 4];" in cpp


def test_initial_values_are_converted_to_the_element_dtype() -> None:
    cpp = _cpp("    a = asc.array(asc.int32, [n, 2.7, True])\n"
               "    b = asc.array(asc.float32, 2, n)\n"
               "    c = asc.array(asc.uint8, 3)\n"
               "    f = asc.number(1.5, asc.float32)\n"
               "    a[0] = f\n"
               "    c[0] = a[1] + b[0]\n"
               "    x_gm.set_value(0, b[1] + a[0])\n")
    assert "int32_t a[3] = {n, 2, 1};" in cpp  # CANN's int() of the Python numbers
    assert "float b[2] = {static_cast<float>(n), static_cast<float>(n)};" in cpp
    assert "uint8_t c[3];" in cpp  # no fill: left uninitialized, as CANN leaves it
    assert "a[0] = static_cast<int32_t>(f);" in cpp


def test_augmented_assignment_len_loops_and_branches() -> None:
    cpp = _cpp("    offs = asc.array(asc.int32, [1, 2, 3])\n"
               "    offs[n % 3] += n\n"
               "    for j in range(len(offs)):\n"
               "        offs[j] = offs[j] * 2\n"
               "    if offs[0] > 1:\n"
               "        offs[2] = 0\n"
               "    x_gm.set_value(0, offs[2])\n")
    assert "offs[n % 3] += n;" in cpp
    assert "for (int32_t j = 0; j < 3; j++) {" in cpp
    assert "offs[j] = offs[j] * 2;" in cpp
    assert "if (offs[0] > 1) {" in cpp


def test_another_name_for_an_array_is_the_same_array() -> None:
    cpp = _cpp("    offs = asc.array(asc.int32, 2, fill_value=0)\n"
               "    b = offs\n"
               "    b[1] = n\n"
               "    x_gm.set_value(0, offs[1])\n")
    assert "offs[1] = n;" in cpp
    assert not any(line.startswith("auto b") or " b[" in line for line in cpp)


def test_an_array_rebound_in_a_branch_is_filled_anew() -> None:
    cpp = _cpp("    offs = asc.array(asc.int32, 2, fill_value=0)\n"
               "    if n > 1:\n"
               "        offs = asc.array(asc.int32, [n, 3])\n"
               "    x_gm.set_value(0, offs[1])\n")
    assert ["if (n > 1) {", "offs[0] = n;", "offs[1] = 3;", "}"] == cpp[cpp.index("if (n > 1) {"):][:4]
    errors = _errors("    offs = asc.array(asc.int32, 2, fill_value=0)\n"
                     "    if n > 1:\n"
                     "        offs = asc.array(asc.int32, 3, fill_value=0)\n")
    assert [e[:4] for e in errors] == [("PA108", 2, 8, 12)]
    assert "Array[int32, 2], now Array[int32, 3]" in errors[0][4]


def test_a_helper_takes_the_array_itself() -> None:
    text = HEAD.replace("@asc.jit\ndef k(", "@asc.jit\ndef fill(a, v: int):\n    for j in range(len(a)):\n"
                        "        a[j] = v\n    return a[0]\n\n\n@asc.jit\ndef k(") + \
        "    offs = asc.array(asc.int32, 4)\n    s = fill(offs, n)\n    x_gm.set_value(0, s + offs[3])\n"
    cpp = _cpp("", text)
    assert "__aicore__ inline int32_t fill(int32_t a[4], int32_t v) {" in cpp
    assert "for (int32_t j = 0; j < 4; j++) {" in cpp
    assert "int32_t s = fill(offs, n);" in cpp


def test_shape_info_takes_the_array_or_a_copy_of_its_type() -> None:
    cpp = _cpp("    dims = asc.array(asc.int32, [16, 16])\n"
               "    dims[1] = n\n"
               "    udims = asc.array(asc.uint32, [8, 8])\n"
               "    x_gm.set_shape_info(asc.ShapeInfo(dims))\n"
               "    x_gm.set_shape_info(asc.ShapeInfo(udims, udims))\n"
               "    x_gm.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, 2, fill_value=4)))\n")
    assert "uint32_t shape_list0[] = {static_cast<uint32_t>(dims[0]), static_cast<uint32_t>(dims[1])};" in cpp
    assert "x_gm.SetShapeInfo(AscendC::ShapeInfo(2, shape_list0, AscendC::DataFormat::ND));" in cpp
    assert "x_gm.SetShapeInfo(AscendC::ShapeInfo(2, udims, 2, udims, AscendC::DataFormat::ND));" in cpp
    assert "uint32_t shape_list1[] = {4, 4};" in cpp


def test_hover_names_the_array_type() -> None:
    text = HEAD + "    offs = asc.array(asc.int16, 3, fill_value=0)\n    offs[0] = n\n"
    h = hover(analyze(text, "k.py"), BODY_LINE, 5)
    assert h is not None and "offs: Array[int16, 3]" in h.plain


@pytest.mark.parametrize(("body", "expected", "words"), [
    ("    a = asc.array(asc.int32, 4, fill_value=0)\n    v = a[4]\n", ("PA311", 1, 10, 11),
     ["index 4", "4 elements", "0 to 3"]),
    ("    a = asc.array(asc.int32, [1, 2])\n    a[-1] = 0\n", ("PA311", 1, 6, 8), ["index -1", "2 elements"]),
    ("    a = asc.array(asc.int32, [1, 2])\n    v = a[0:1]\n", ("PA303", 1, 10, 13), ["one int", "slice"]),
    ("    a = asc.array(asc.int32, [1, 2])\n    v = a[1.0]\n", ("PA303", 1, 10, 13), ["integer", "float"]),
    ("    f = asc.number(1.0, asc.float32)\n    a = asc.array(asc.int32, [1, 2])\n    v = a[f]\n",
     ("PA303", 2, 10, 11), ["integer", "float"]),
    ("    a = asc.array(asc.int32, [1, 2], fill_value=0)\n", ("PA301", 0, 48, 49),
     ["fill_value", "together with initial values"]),
    ("    a = asc.array(asc.int32, 0)\n", ("PA303", 0, 29, 30), ["positive length", "got 0"]),
    ("    a = asc.array(asc.int32, n)\n", ("PA303", 0, 29, 30), ["known at compile time", "run-time value"]),
    ("    a = asc.array(asc.int32, 4.0)\n", ("PA303", 0, 29, 32), ["expected int", "float"]),
    ("    a = asc.array(asc.void, 4)\n", ("PA402", 0, 18, 26), ["integers or floats", "void"]),
    ("    a = asc.array('int32', 4)\n", ("PA303", 0, 18, 25), ["DataType", "str"]),
    ("    a = asc.array(asc.int32, length=4)\n", ("PA302", 0, 29, 35), ["length", "length_or_values"]),
    ("    a = asc.array(asc.uint8, [300, 1])\n", ("PA303", 0, 30, 33), ["300", "uint8"]),
    ("    a = asc.array(asc.float16, 2, fill_value=0)\n    a[0] = n\n", ("PA402", 1, 11, 12),
     ["int32 run-time value", "float16", "Arithmetic cast from int32 to float16 is not supported"]),
    ("    f = asc.number(1.0, asc.float32)\n    a = asc.array(asc.int16, [f, 1])\n", ("PA402", 1, 30, 31),
     ["float32", "int16"]),
    # one width, unsigned <-> float: CANN makes the cast and its lowering passes fail
    ("    f = asc.number(1.0, asc.float32)\n    a = asc.array(asc.uint32, [f, 1])\n", ("PA402", 1, 31, 32),
     ["float32", "uint32"]),
    ("    u = asc.number(1, asc.uint16)\n    a = asc.array(asc.float16, [u, 1])\n", ("PA402", 1, 32, 33),
     ["uint16", "float16"]),
    ("    a = asc.array(asc.int32, [1, 2])\n    for v in a:\n        pass\n", ("PA104", 1, 13, 14), ["range"]),
    ("    s = asc.ShapeInfo([16, 16])\n", ("PA303", 0, 22, 30), ["expected Array", "list"]),
    ("    a = asc.array(asc.int32, [1, 2])\n    b = a == a\n", ("PA303", 1, 8, 9), ["Array[int32, 2]"]),
])
def test_what_cann_rejects_is_an_error_at_its_range(body: str, expected: tuple[str, int, int, int],
                                                      words: list[str]) -> None:
    errors = _errors(body)
    assert [e[:4] for e in errors] == [expected], errors
    for word in words:
        assert word in errors[0][4]


def test_datatype_of_a_name_is_that_dtype() -> None:
    cpp = _cpp("    dt = asc.DataType('int32')\n"
               "    t = q.alloc_tensor(dt)\n"
               "    h = q.alloc_tensor(asc.DataType('float16'))\n"
               "    asc.static_assert(h.dtype == asc.DataType('float16'), 'half')\n"
               "    asc.static_assert(dt != asc.float32, 'int32')\n"
               "    asc.static_assert(dt.sizeof() == 4, 'int32')\n"
               "    a = asc.array(asc.DataType('int16'), 2, fill_value=1)\n"
               "    v = asc.number(3, asc.DataType('float16'))\n"
               "    asc.duplicate(h, v, 64)\n"
               "    t.set_value(0, a[1])\n"
               "    q.free_tensor(t)\n"
               "    q.free_tensor(h)\n")
    assert "AscendC::LocalTensor<int32_t> t = q.AllocTensor<int32_t>();" in cpp
    assert "AscendC::LocalTensor<half> h = q.AllocTensor<half>();" in cpp
    assert "int16_t a[2] = {1, 1};" in cpp
    assert "half v = static_cast<half>(3);" in cpp


@pytest.mark.parametrize("name", ["bfloat16", "half", "int4"])
def test_a_datatype_name_cann_cannot_use_lists_the_names(name: str) -> None:
    errors = _errors(f"    t = q.alloc_tensor(asc.DataType('{name}'))\n")
    assert [e[:4] for e in errors] == [("PA303", 0, 36, 38 + len(name))]
    assert f"Unsupported DataType name: {name}" in errors[0][4]
    assert "int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64" in errors[0][4]


def test_a_helper_returns_an_array_into_the_callers_array() -> None:
    text = HEAD.replace("@asc.jit\ndef k(", "@asc.jit\ndef make(step: int):\n    return asc.array(asc.int32, [step, 2])"
                        "\n\n\n@asc.jit\ndef scaled(a, f: int):\n    b = asc.array(asc.int32, 2)\n"
                        "    for j in range(len(a)):\n        b[j] = a[j] * f\n    return b\n\n\n@asc.jit\ndef k(") + \
        "    offs = make(n)\n    s = scaled(offs, 3)\n    scaled(offs, 2)\n    x_gm.set_value(0, s[1])\n"
    cpp = _cpp("", text)
    assert "__aicore__ inline void make(int32_t step, int32_t out_0[2]) {" in cpp
    assert "out_0[0] = step; out_0[1] = 2;" in cpp
    assert "__aicore__ inline void scaled(int32_t a[2], int32_t f, int32_t out_0[2]) {" in cpp
    assert "for (int32_t out_i = 0; out_i < 2; out_i++) { out_0[out_i] = b[out_i]; }" in cpp
    assert "int32_t offs[2]; make(n, offs);" in cpp
    assert "int32_t s[2]; scaled(offs, 3, s);" in cpp
    assert "{ int32_t unused_0[2]; scaled(offs, 2, unused_0); }" in cpp


def test_values_of_a_module_constant_and_a_constexpr_length() -> None:
    text = "import asc\n\nSHAPE = (16, 8)\n\n\n@asc.jit\n" \
        "def k(x: asc.GlobalAddress, n: int, m: asc.ConstExpr[int]):\n" \
        "    x_gm = asc.GlobalTensor()\n    x_gm.set_global_buffer(x, 256)\n    a = asc.array(asc.int32, SHAPE)\n" \
        "    b = asc.array(asc.int32, m, fill_value=n)\n    x_gm.set_value(0, a[1] + b[m - 1] + len(b))\n"
    cpp = _cpp("", text)
    assert "int32_t a[2] = {16, 8};" in cpp
    assert "int32_t b[m]; for (int32_t b_i = 0; b_i < m; b_i++) { b[b_i] = n; }" in cpp
    assert "x_gm.SetValue(0, static_cast<T_x>(a[1] + b[m - 1] + m));" in cpp
