"""What CANN's tracer does with Python's statements and expressions in a kernel, reproduced statically: names
re-bound inside run-time if/for/while bodies, `assert`, f-string messages, int()/float(), conditional
expressions (the differential suite checks the same rules against CANN's tracer itself)."""

from __future__ import annotations

import pytest

from pyasc.compiler.pipeline.analysis import analyze

from .edits import apply_fix

KERNEL = "import asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n"
USE = "    asc.printf('%d', a)\n"


def _errors(body: str) -> list[tuple[str, int, str]]:
    """(code, line within the body, the text the finding covers) of every error."""
    text = KERNEL + body
    lines = text.split("\n")
    head = KERNEL.count("\n")
    return [(d.code, d.span.line - head, lines[d.span.line - 1][d.span.col:d.span.end_col])
            for d in analyze(text, "k.py").errors]


def test_a_python_int_updated_in_a_while_or_for_body_is_rejected_however_it_is_updated() -> None:
    assert _errors("    a = 0\n    while a < n:\n        a += 1\n" + USE) == [("PA108", 3, "a")]
    assert _errors("    a = 0\n    for i in range(4):\n        a += i\n" + USE) == [("PA108", 3, "a")]
    assert _errors("    a = asc.number(0, asc.int32)\n    while a < n:\n        a += 1\n" + USE) == []


def test_a_python_int_re_bound_in_a_run_time_if_needs_both_branches() -> None:
    assert _errors("    a = 0\n    if n > 2:\n        a = 1\n" + USE) == [("PA108", 3, "a")]
    assert _errors("    a = 0\n    if n > 2:\n        pass\n    else:\n        a += 1\n" + USE) == [("PA108", 5, "a")]
    assert _errors("    a = 0\n    if n > 2:\n        a = 1\n    else:\n        a = 2\n" + USE) == []
    # after the if it is a run-time value, which asc.static_range cannot take
    body = "    a = 0\n    if n > 2:\n        a = 1\n    else:\n        a = 2\n    for i in asc.static_range(a):\n" \
        "        pass\n"
    assert _errors(body) == [("PA303", 6, "a")]
    # on a compile-time condition only the branch taken exists
    assert _errors("    a = 0\n    if 3 > 2:\n        a = 1\n" + USE) == []


def test_elif_chains_and_run_time_values_re_bound_to_python_numbers_are_rejected_once() -> None:
    body = "    a = 0\n    if n > 8:\n        a = 1\n    elif n > 4:\n        a = 2\n    else:\n        a = 3\n" + USE
    assert _errors(body) == [("PA108", 5, "a")]
    body = "    a = n // 2\n    if n > 8:\n        a = 1\n    elif n > 4:\n        a = 2\n" + USE
    assert _errors(body) == [("PA108", 3, "a")]
    fixed = analyze(KERNEL + "    a = n // 2\n    if n > 8:\n        a = 1\n" + USE, "k.py").errors[0].fixes
    assert [e.new_text for f in fixed for e in f.edits] == ["asc.number(1, asc.int32)"]


def test_assert_is_checked_at_compile_time_as_the_tracer_checks_it() -> None:
    assert _errors("    assert n > 0\n") == [("PA112", 1, "n > 0")]
    assert _errors("    assert 4 > 8, 'too small'\n") == [("PA112", 1, "4 > 8")]
    assert _errors("    assert 4 > 8\n") == [("PA112", 1, "4 > 8")]
    assert _errors("    assert 4\n") == [("PA112", 1, "4")]
    assert _errors("    assert 4 < 8, f'n={n}'\n") == []
    assert _errors("    assert 4 < 8, f'n={n:d}'\n") == [("PA101", 1, "f'n={n:d}'")]
    assert _errors("    asc.static_assert(4 < 8, f'n={n!r}')\n") == []


def test_int_and_float_of_a_run_time_value_are_rejected_with_asc_number_as_the_fix() -> None:
    assert _errors("    a = int(n)\n" + USE) == [("PA303", 1, "int(n)")]
    fixes = analyze(KERNEL + "    a = float(n)\n" + USE, "k.py").errors[0].fixes
    assert [e.new_text for f in fixes for e in f.edits] == ["asc.number(n, asc.float32)"]
    assert _errors("    a = int(2.5) + int(float(3))\n" + USE) == []


def test_a_conditional_expression_is_a_run_time_number_of_one_kind() -> None:
    assert _errors("    a = 4 if n > 2 else 8\n" + USE) == []
    assert _errors("    a = 4 if n > 2 else 8.0\n" + USE) == [("PA303", 1, "4 if n > 2 else 8.0")]
    body = "    a = 4 if 3 > 2 else 8\n    for i in asc.static_range(a):\n        pass\n"
    assert _errors(body) == [("PA303", 2, "a")]


def test_minus_of_a_negative_value_is_not_a_decrement_in_cpp() -> None:
    cpp = analyze(KERNEL + "    a = n - -(-1)\n    a = -(-a)\n" + USE, "k.py").cpp
    assert "a = n - -(-1);" in cpp and "a = -(-a);" in cpp


HELPER = "import asc\n\n@asc.jit\ndef scale(t: asc.LocalTensor, n: asc.ConstExpr[int]):\n    asc.muls(t, t, 2.0, n)\n" \
    "\n@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n    pipe = asc.TPipe()\n" \
    "    buf = asc.TBuf(asc.TPosition.VECCALC)\n    pipe.init_buffer(buf, 1024)\n    t = buf.get(asc.float32)\n" \
    "    h = buf.get(asc.float16)\n"


def _helper_findings(calls: str) -> list[tuple[str, str, str]]:
    text = HELPER + calls
    lines = text.split("\n")
    return [(d.code, d.severity.name, lines[d.span.line - 1][d.span.col:d.span.end_col])
            for d in analyze(text, "k.py").diagnostics if d.code in ("PA114", "PA706")]


def test_a_helper_is_compiled_once_per_kernel_from_its_first_call() -> None:
    assert _helper_findings("    scale(t, 64)\n    scale(t[64:], 64)\n") == []
    assert _helper_findings("    scale(t, 64)\n    scale(h, 64)\n") == [("PA114", "ERROR", "scale(h, 64)")]
    assert _helper_findings("    scale(t, 64)\n    scale(t, 128)\n") == [("PA706", "WARNING", "scale(t, 128)")]


def test_return_ends_the_function_outside_run_time_blocks() -> None:
    assert _errors("    if 2 > 1:\n        return\n    a = int(n)\n") == []  # never traced
    assert _errors("    for i in asc.static_range(2):\n        return\n") == []
    assert _errors("    if n > 1:\n        return\n") == [("PA105", 2, "return")]


def test_identity_isinstance_and_strings_are_computed_while_tracing() -> None:
    assert _errors("    v = None\n    if v is None:\n        a = 1\n    if n is not None:\n        a = 2\n") == []
    assert _errors("    if isinstance(n, int):\n        a = int(n)\n") == []  # a run-time int is no Python int
    assert _errors("    if isinstance(x, asc.GlobalAddress) & isinstance(3, (int, float)):\n        a = 1\n") == []
    assert _errors("    if isinstance(x, int):\n        a = int(n)\n") == []
    assert _errors("    mode = 'fast'\n    if mode == 'slow':\n        a = int(n)\n") == []
    assert _errors("    a = len(range(0, 64, 2))\n" + USE) == []


def test_helper_parameters_bind_as_python_binds_them() -> None:
    helper = "import asc\n\n@asc.jit\ndef h(v: int, /, w: int, *, z: float = 1.0):\n    asc.printf('%d', v)\n\n"
    call = "@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n    h({})\n"
    codes = [[d.code for d in analyze(helper + call.format(args), "k.py").errors]
             for args in ("n, 2", "n, w=2, z=2.0", "v=n, w=2", "n, 2, 3.0", "n")]
    assert codes == [[], [], ["PA302"], ["PA301"], ["PA301"]]


def test_run_time_arithmetic_has_the_dtype_of_its_first_run_time_operand() -> None:
    cpp = analyze(KERNEL + "    a = n * 2.5\n    b = n < 2.5\n    asc.printf('%d %d', a, b)\n", "k.py")
    assert "int32_t a = n * 2;" in cpp.cpp and "bool b = n < 2;" in cpp.cpp
    assert [d.code for d in cpp.diagnostics if d.code == "PA405"] == ["PA405", "PA405"]
    text = KERNEL + "    pipe = asc.TPipe()\n    buf = asc.TBuf(asc.TPosition.VECCALC)\n" \
        "    pipe.init_buffer(buf, 256)\n    v = buf.get(asc.float32).get_value(0)\n" \
        "    a = n + v\n    b = v + n\n    asc.printf('%d %f', a, b)\n"
    cpp = analyze(text, "k.py").cpp
    assert "a = n + static_cast<int32_t>(v);" in cpp and "b = v + static_cast<float>(n);" in cpp
    assert _errors("    a = n + 2 ** 31\n" + USE) == [("PA303", 1, "2 ** 31")]
    assert _errors("    for i in range(2 ** 31):\n        pass\n") == [("PA303", 1, "2 ** 31")]


def test_annotations_cann_cannot_test_as_classes_are_rejected() -> None:
    helper = "import asc\n\n@asc.jit\ndef h(v: asc.int32):\n    asc.printf('%d', v)\n\n"
    found = analyze(helper, "k.py").errors
    assert [(d.code, d.span.line) for d in found] == [("PA109", 4)]
    assert [e.new_text for f in found[0].fixes for e in f.edits] == ["int"]
    quoted = "import asc\n\n@asc.jit\ndef k(x: 'asc.GlobalAddress', n: int):\n    pass\n"
    assert [d.code for d in analyze(quoted, "k.py").errors] == ["PA109"]
    future = "from __future__ import annotations\n" + quoted.replace("'asc.GlobalAddress'", "asc.GlobalAddress")
    assert [d.code for d in analyze(future, "k.py").errors] == ["PA109"]


def test_a_loop_with_no_iteration_is_removed_as_cann_removes_it() -> None:
    cpp = analyze(KERNEL + "    for i in range(8, 0, -1):\n        asc.printf('%d', i)\n", "k.py").cpp
    assert "for (" not in cpp


def test_a_run_time_condition_decided_by_a_constant_keeps_the_branch_taken() -> None:
    text = "import asc\n\nDEBUG = False\n\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n" \
        "    if DEBUG and n > 2:\n        asc.printf('a')\n    else:\n        asc.printf('b')\n"
    cpp = analyze(text, "k.py").cpp
    assert 'printf("b")' in cpp and 'printf("a")' not in cpp
    # the branch dropped is still checked, as the tracer traces it
    bad = text.replace("asc.printf('a')", "a = int(n)")
    assert [d.code for d in analyze(bad, "k.py").errors] == ["PA303"]


START_FIXES = [
    # (the kernel's body, the body the fix makes of it)
    ("    a = 0\n    while a < n:\n        a += 1\n",
     "    a = asc.number(0, asc.int32)\n    while a < n:\n        a += 1\n"),
    ("    a = 0\n    for i in range(n):\n        a = a + i\n",
     "    a = asc.number(0, asc.int32)\n    for i in range(n):\n        a = a + i\n"),
    ("    a = 0\n    for i in range(n):\n        a = 3 + i\n",
     "    a = asc.number(0, asc.int32)\n    for i in range(n):\n        a = 3 + i\n"),
    ("    a = 0\n    for i in range(n):\n        a = 3\n",
     "    a = asc.number(0, asc.int32)\n    for i in range(n):\n        a = asc.number(3, asc.int32)\n"),
    ("    a = 0.5\n    if n > 2:\n        a = 1.5\n",
     "    a = asc.number(0.5, asc.float32)\n    if n > 2:\n        a = asc.number(1.5, asc.float32)\n"),
    ("    a = 0\n    if n > 2:\n        pass\n    else:\n        a += 1\n",
     "    a = asc.number(0, asc.int32)\n    if n > 2:\n        pass\n    else:\n        a += 1\n"),
    ("    a = 0\n    if n > 2:\n        a = n\n", "    a = asc.number(0, asc.int32)\n    if n > 2:\n        a = n\n"),
    ("    a = 1\n    if n > 2:\n        a = 2\n    else:\n        a = n\n",
     "    a = asc.number(1, asc.int32)\n    if n > 2:\n        a = asc.number(2, asc.int32)\n    else:\n"
     "        a = n\n"),
    ("    a = 2 * 4\n    while a < n:\n        a += 1\n",
     "    a = asc.number(2 * 4, asc.int32)\n    while a < n:\n        a += 1\n"),
]


@pytest.mark.parametrize(("body", "fixed"), START_FIXES, ids=[str(i) for i in range(len(START_FIXES))])
def test_pa108_fix_gives_the_python_number_a_run_time_start(body: str, fixed: str) -> None:
    text = KERNEL + body + USE
    [d] = analyze(text, "k.py").errors
    assert d.code == "PA108"
    [fix] = d.fixes
    assert fix.title.startswith("Start 'a' as a run-time value: a = asc.number(")
    assert apply_fix(text, fix) == KERNEL + fixed + USE
    assert analyze(apply_fix(text, fix), "k.py").errors == []


def test_pa108_start_fix_spells_asc_as_the_file_imports_it() -> None:
    text = KERNEL.replace("import asc\n", "import asc as ac\n").replace("asc.", "ac.") + \
        "    a = 0\n    for i in range(n):\n        a = 3\n" + USE.replace("asc.", "ac.")
    [d] = analyze(text, "k.py").errors
    assert [e.new_text for e in d.fixes[0].edits] == ["ac.number(0, ac.int32)", "ac.number(3, ac.int32)"]
    assert "give it a run-time start (e.g. a = ac.number(0, ac.int32))" in d.message
    assert analyze(apply_fix(text, d.fixes[0]), "k.py").errors == []


def test_pa108_start_fix_covers_the_branches_seen_and_leaves_a_later_one_to_its_own_fix() -> None:
    body = "    a = 0\n    if n > 8:\n        a = 1\n    elif n > 4:\n        a = 2\n    else:\n        a = 3\n"
    text = KERNEL + body + USE
    [d] = analyze(text, "k.py").errors
    assert [e.new_text for e in d.fixes[0].edits] == ["asc.number(0, asc.int32)", "asc.number(1, asc.int32)",
                                                      "asc.number(2, asc.int32)"]
    [after] = analyze(apply_fix(text, d.fixes[0]), "k.py").errors  # `a = 3`: a run-time value re-bound to 3
    assert after.code == "PA108" and after.span.line == d.span.line + 2
    assert analyze(apply_fix(apply_fix(text, d.fixes[0]), after.fixes[0]), "k.py").errors == []


def test_pa108_has_no_start_fix_where_none_is_right() -> None:
    # a bool: asc exports no 1-bit dtype to start it with
    [d] = analyze(KERNEL + "    a = False\n    for i in range(n):\n        a = i > 2\n" + USE, "k.py").errors
    assert d.code == "PA108" and d.fixes == ()
    # a ConstExpr parameter has no assignment to rewrite
    text = KERNEL.replace("n: int", "n: int, m: asc.ConstExpr[int]") + \
        "    for i in range(n):\n        m += 1\n    asc.printf('%d', m)\n"
    [d] = analyze(text, "k.py").errors
    assert d.code == "PA108" and d.fixes == ()
    # a start over two lines
    body = "    a = (1 +\n         2)\n    while a < n:\n        a += 1\n"
    [d] = analyze(KERNEL + body + USE, "k.py").errors
    assert d.code == "PA108" and d.fixes == ()
