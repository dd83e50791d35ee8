"""One test per diagnostic code: the code fires on the exact text it is about, with expected vs actual in the message.

Each case is (code, kernel body, the text the diagnostic's range must cover, words the message must contain).
The body is placed inside a kernel that already has a pipe, an initialized VECIN queue `q` and two GM addresses.
"""

from __future__ import annotations

import pytest

from pyasc.compiler.diagnostics.codes import CODES
from pyasc.compiler.diagnostics.model import Severity, Span
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

PRELUDE = """import pyasc as asc

N = 256


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 1024)
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
"""


def span_text(text: str, span: Span) -> str:
    lines = text.split("\n")
    if span.line == span.end_line:
        return lines[span.line - 1][span.col:span.end_col]
    parts = [lines[span.line - 1][span.col:]] + lines[span.line:span.end_line - 1] + [
        lines[span.end_line - 1][:span.end_col]]
    return "\n".join(parts)


def body(src: str) -> str:
    return PRELUDE + "".join(f"    {line}\n" for line in src.strip("\n").split("\n"))


CASES = [
    ("PA101", "for i in range(4):\n    break", "break", ["break", "not supported"]),
    ("PA101", "f = lambda v: v", "lambda v: v", ["lambda"]),
    ("PA101", "try:\n    pass\nexcept Exception:\n    pass", "try:", ["try"]),
    ("PA101", "global N", "global N", ["global"]),
    ("PA101", "import math", "import math", ["import", "module level"]),
    ("PA101", "def inner():\n    pass", "def inner():", ["nested def"]),
    ("PA101", "raise ValueError('x')", "raise ValueError('x')", ["raise"]),
    ("PA101", "with open('f') as h:\n    pass", "with open('f') as h:", ["with"]),
    ("PA102", "return 1", "1", ["cannot return a value"]),
    ("PA103", "print('hi')", "print", ["asc.printf"]),
    ("PA104", "for v in [1, 2]:\n    pass", "[1, 2]", ["range"]),
    ("PA104", "for i in range(2):\n    pass\nelse:\n    pass", "pass", ["else"]),
    ("PA105", "if asc.get_block_idx() > 1:\n    return", "return", ["nested blocks"]),
    ("PA707", "for i in range(8, 0, -1):\n    pass", "for i in range(8, 0, -1):", ["negative step", "zero times"]),
    ("PA106", "a = 1\nb = a and a and a", "a and a and a", ["parentheses"]),
    ("PA107", "if asc.get_block_idx() > 0:\n    m = 1\nk = m", "m", ["inside a block"]),
    ("PA108", "v = 1\nfor i in range(4):\n    v = 2.5", "v", ["int", "float"]),
    ("PA111", "n = asc.get_block_idx()\nv = n ** 2", "n ** 2", ["**"]),
    ("PA111", "v = 1 < N < 3", "1 < N < 3", ["chained"]),
    ("PA113", "t = q.alloc_tensor(asc.float32)\npeak = t.get_value(0)\nasc.adds(t, t, -peak, N)", "-peak",
     ["unary minus", "float32", "0.0 - peak"]),
    ("PA113", "n = asc.get_block_idx()\nv = ~n", "~n", ["'~'", "-1 - n"]),
    ("PA113", "v = not N", "not N", ["'not'", "N == 0"]),
    ("PA113", "v = N > 2 and N < 8", "N > 2 and N < 8", ["'and'", "(N > 2) & (N < 8)"]),
    ("PA113", "t = q.alloc_tensor(asc.float32)\nif t.dtype.is_float() or N > 1:\n    pass",
     "t.dtype.is_float() or N > 1", ["'or'", "t.dtype.is_float() | (N > 1)"]),
    ("PA112", "asc.static_assert(N % 3 == 0, 'N must be a multiple of 3')", "N % 3 == 0",
     ["static assertion failed: N must be a multiple of 3"]),
    ("PA112", "asc.static_assert(asc.get_block_idx() == 0, 'one core')", "asc.get_block_idx() == 0",
     ["compile time"]),
    ("PA101", "t = q.alloc_tensor(asc.float32)\nt[0] = 1.0\nq.free_tensor(t)", "t[0] = 1.0",
     ["item assignment on a tensor", "t.set_value(0, 1.0)"]),
    ("PA201", "n = lenght * 2", "lenght", ["not defined"]),
    ("PA202", "t = q.alloc_tensor(asc.float32)\nasc.ad(t, t, t, N)", "ad", ["did you mean 'add'"]),
    ("PA203", "q2 = asc.TQue(asc.TPosition.VECN, 1)", "VECN", ["did you mean 'VECIN'"]),
    ("PA203", "t = q.alloc_tensr(asc.float32)", "alloc_tensr", ["did you mean 'alloc_tensor'"]),
    ("PA205", "t = q.alloc_tensor(asc.float)", "float", ["float16"]),
    ("PA301", "t = q.alloc_tensor(asc.float32)\nasc.add(t, t, t)", "asc.add(t, t, t)", ["given"]),
    ("PA302", "t = q.alloc_tensor(asc.float32)\nasc.add(t, t, t, cnt=N)", "cnt", ["did you mean 'count'"]),
    ("PA303", "t = q.alloc_tensor(asc.float32)\nasc.add(t, t, 1.5, N)", "1.5", ["expected LocalTensor", "float"]),
    ("PA303", "n = asc.get_block_idx()\nfor i in asc.static_range(n):\n    pass", "n",
     ["static_range", "compile-time ints", "run-time value", "range()"]),
    ("PA303", "t = q.alloc_tensor(asc.float32)\nk = len(t)", "t", ["len()", "compile-time tuple", "LocalTensor"]),
    ("PA303", "k = (1, 2)[asc.get_block_idx()]", "asc.get_block_idx()", ["compile-time index"]),
    ("PA402", "a = asc.array(asc.void, 4)", "asc.void", ["asc.array", "integers or floats", "void"]),
    ("PA303", "a = asc.array(asc.int32, 0)", "0", ["positive length", "got 0"]),
    ("PA311", "a = asc.array(asc.int32, 4, fill_value=0)\na[4] = 1", "4", ["index 4", "4 elements", "0 to 3"]),
    ("PA101", "k = min(N, 64)", "min(N, 64)", ["min()", "NameError", "module constant"]),
    ("PA101", "k = bool(N)", "bool(N)", ["bool()", "not one of the builtins"]),
    ("PA305", "t = q.alloc_tensor(asc.float32)\nasc.add(t, t, t, N, count=N)", "count", ["twice"]),
    ("PA401", "a = q.alloc_tensor(asc.float16)\nb = q.alloc_tensor(asc.float32)\nasc.add(a, a, b, N)", "b",
     ["float16", "float32"]),
    ("PA402", "a = q.alloc_tensor(asc.int8)\nasc.add(a, a, a, N)", "a", ["int8", "expected one of"]),
    ("PA403", "a = q.alloc_tensor(asc.float16)\nb = q.alloc_tensor(asc.float32)\nasc.data_copy(a, g, N)\n"
     "asc.data_copy(b, g, N)", "g", ["float16", "float32"]),
    ("PA404", "n = N / 8", "N / 8", ["//"]),
    ("PA405", "a = q.alloc_tensor(asc.int32)\nasc.adds(a, a, 0.5, N)", "0.5", ["int32"]),
    ("PA307", "asc.DataCopyParams(1, 8, 0, 0, 99)", "99", ["binds CANN's internal IR handle", "4 fields"]),
    ("PA308", "g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_NORMAL)", "asc.CacheMode.CACHE_MODE_NORMAL",
     ["is 0 in CANN's pyasc", "writes AscendC::CacheMode::CACHE_MODE_DISABLE"]),
    ("PA309", "g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST, asc.CacheRwMode.RW)",
     "asc.CacheMode.CACHE_MODE_LAST", ["CANN's pyasc rejects CacheMode.CACHE_MODE_LAST"]),
    ("PA310", "t = q.alloc_tensor(asc.float32)\nasc.adds(t, t, 2.0, N, is_set_mask=1)", "1",
     ["'is_set_mask' of asc.adds() must be False or True, got 1", "matches a Python bool only"]),
    ("PA310", "k = asc.scalar_get_sff_value(7, 2)", "2", ["'count_value' of asc.scalar_get_sff_value() must be 0 or 1",
                                                         "got 2"]),
    ("PA310", "k = asc.scalar_get_sff_value(7, asc.get_block_idx())", "asc.get_block_idx()",
     ["known at compile time (0 or 1)", "run-time value"]),
    ("PA501", "asc.add(g, g, g, N)", "g", ["GlobalTensor"]),
    ("PA508", "a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, N)\n"
     "asc.load_data(a1, g, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 1))",
     "load_data", ["asc.load_data(LocalTensor, GlobalTensor, LoadData3DParamsV2Pro)", "writes no C++"]),
    ("PA509", "h = asc.GlobalTensor()\nh.set_global_buffer(y)\nasc.data_copy(h, g, N)", "data_copy",
     ["Ascend C has no asc.data_copy(GlobalTensor, GlobalTensor, int)", "bisheng rejects"]),
    ("PA502", "b1 = asc.TQue(asc.TPosition.A1, 1)\npipe.init_buffer(b1, 1, 1024)\n"
     "t = b1.alloc_tensor(asc.float32)\nasc.exp(t, t, N)", "t", ["A1"]),
    ("PA503", "q3 = asc.TQue(asc.TPosition.VECOUT, 1)\npipe.init_buffer(q3, 1, 1024)\nt = q3.deque(asc.float32)",
     "q3.deque(asc.float32)", ["no enque to 'q3' reaches it on any path"]),
    ("PA504", "q4 = asc.TQue(asc.TPosition.VECOUT, 1)\npipe.init_buffer(q4, 1, 1024)\n"
     "t = q.alloc_tensor(asc.float32)\nq4.free_tensor(t)", "t", ["came from 'q'"]),
    ("PA505", "pipe2 = asc.TPipe()", "asc.TPipe()", ["only one TPipe"]),
    ("PA506", "q5 = asc.TQue(asc.TPosition.VECIN, 1)\nt = q5.alloc_tensor(asc.float32)",
     "q5.alloc_tensor(asc.float32)", ["init_buffer"]),
    ("PA507", "acc = asc.LocalTensorAuto(asc.float32, N)\nfor i in range(4):\n    asc.data_copy(acc, g, N)\n"
     "if asc.get_block_idx() > 0:\n    asc.muls(acc, acc, 0.5, N)", "asc.muls(acc, acc, 0.5, N)",
     ["cannot dequeue 'acc'", "enqueued after line"]),
    ("PA601", "big = asc.TQue(asc.TPosition.VECIN, 2)\npipe.init_buffer(big, 2, 96 * 1024)\n"
     "t = big.alloc_tensor(asc.float32)", "pipe.init_buffer(big, 2, 96 * 1024)", ["overflow", "188416"]),
    ("PA602", "q6 = asc.TQue(asc.TPosition.VECIN, 1)\npipe.init_buffer(q6, 1, 100)\nt = q6.alloc_tensor(asc.float32)",
     "100", ["multiple of 32", "128"]),
    ("PA603", "t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 16, 64)\nasc.exp(t, t, 64)", "16",
     ["32-byte"]),
    ("PA603", "b = asc.TBuf(asc.TPosition.VECCALC)\npipe.init_buffer(b, 1024)\n"
     "t = b.get_with_offset(64, asc.get_block_idx() * 32, asc.float32)", "asc.get_block_idx() * 32",
     ["known at compile time", "a run-time value fails"]),
    ("PA604", "t = q.alloc_tensor(asc.float32)\nasc.data_copy(t, g, 10)", "10", ["multiple of 8"]),
    ("PA701", "unused = 4", "unused", ["never used"]),
    ("PA703", "q7 = asc.TQue(asc.TPosition.VECIN, 1)\npipe.init_buffer(q7, 1, 256)", "q7", ["never used"]),
    ("PA705", "q.alloc_tensor(asc.float32)", "q.alloc_tensor(asc.float32)", ["discarded"]),
]


@pytest.mark.parametrize("code,src,covered,words", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_code_fires_on_exact_range(code: str, src: str, covered: str, words: list[str]) -> None:
    text = body(src)
    found = [d for d in analyze(text, "k.py").diagnostics if d.code == code]
    assert found, f"{code} not reported for:\n{src}"
    d = next((d for d in found if span_text(text, d.span) == covered), found[0])
    assert span_text(text, d.span) == covered, (d.span, d.message)
    for w in words:
        assert w in d.message, (w, d.message)
    assert d.severity == CODES[code].severity


def test_every_code_is_tested_or_documented_elsewhere() -> None:
    tested = {c[0] for c in CASES}
    # covered by their own tests in this package: syntax errors, parameters, options, helpers,
    # generic dtypes, naming, the C++ tier and internal limits; pipe hazards in test_sync.py; host code
    # (PA306) in test_hostcheck.py; ConstExpr values (PA407) in test_cann_forms.py; a helper's calls (PA114,
    # PA706) in test_lang_tracing.py; an API known only by rule (PA206) in test_rule_apis.py; static bounds
    # (PA611-PA614) in test_bounds.py
    elsewhere = {"PA611", "PA612", "PA613", "PA614",
                 "PA100", "PA109", "PA110", "PA204", "PA304", "PA406", "PA407", "PA702", "PA704", "PA801", "PA802",
                 "PA803", "PA901", "PA902", "PA903", "PA306", "PA551", "PA552", "PA553", "PA554", "PA555", "PA556",
                 "PA557", "PA114", "PA706", "PA206"}
    missing = set(CODES) - tested - elsewhere
    assert not missing, f"codes without a test: {sorted(missing)}"


def test_related_information_names_both_sites() -> None:
    text = body("a = q.alloc_tensor(asc.float16)\nb = q.alloc_tensor(asc.float32)\nasc.add(a, a, b, N)")
    d = next(d for d in analyze(text, "k.py").diagnostics if d.code == "PA401")
    assert len(d.related) == 2
    assert {span_text(text, r.span) for r in d.related} == {"asc.float16", "asc.float32"}


def test_fixes_carry_edits() -> None:
    text = body("t = q.alloc_tensor(asc.float32)\nasc.ad(t, t, t, N)")
    d = next(d for d in analyze(text, "k.py").diagnostics if d.code == "PA202")
    (fix,) = d.fixes
    (edit,) = fix.edits
    assert edit.new_text == "add" and span_text(text, edit.span) == "ad"


def test_an_int_for_a_bool_literal_is_fixed_to_the_bool() -> None:
    text = body("t = q.alloc_tensor(asc.float32)\nasc.muls(t, t, 2.0, N, is_set_mask=0)")
    (d,) = [d for d in analyze(text, "k.py").diagnostics if d.code == "PA310"]
    (fix,) = d.fixes
    (edit,) = fix.edits
    assert edit.new_text == "False" and span_text(text, edit.span) == "0"


def test_unused_findings_are_tagged_unnecessary() -> None:
    text = body("unused = 4")
    d = next(d for d in analyze(text, "k.py").diagnostics if d.code == "PA701")
    assert d.unnecessary and d.severity == Severity.WARNING


def test_parameters_options_and_unused_parameters() -> None:
    text = ("import pyasc as asc\n\n@asc.jit(autosync=False)\n"
            "def k(x: asc.GlobalAddress, n: int = 4, *rest):\n    pass\n")
    diags = analyze(text, "k.py").diagnostics
    by = {d.code: d for d in diags}
    assert span_text(text, by["PA110"].span) == "autosync" and "auto_sync" in by["PA110"].message
    assert {span_text(text, d.span) for d in diags if d.code == "PA109"} == {"4", "rest"}
    assert {span_text(text, d.span) for d in diags if d.code == "PA702"} == {"x: asc.GlobalAddress", "n: int"}


def test_not_generated_yet_is_reported_at_the_call() -> None:
    from pyasc.language import APIS

    missing = next((a for a in APIS.values() if not a.generated and a.overloads), None)
    if missing is None:
        pytest.fail("every API generates C++; PA204 needs a not-yet-generated API to test against")
    assert missing is not None


def test_syntax_error_keeps_other_kernels() -> None:
    text = (
        "import pyasc as asc\n\n@asc.jit\ndef broken(x: asc.GlobalAddress):\n    n = (1 + \n\n"
        "@asc.jit\ndef fine(x: asc.GlobalAddress):\n    asc.ad()\n"
    )
    a = analyze(text, "k.py")
    codes = {d.code for d in a.diagnostics}
    assert "PA100" in codes and "PA202" in codes
    assert [k.name for k in a.kernels] == ["fine"]


def test_severity_overrides_and_suppression() -> None:
    text = body("unused = 4  # pyasc: ignore[PA701]\nother = 5")
    a = analyze(text, "k.py", Config(severity={"PA701": "error"}))
    unused = [d for d in a.diagnostics if d.code == "PA701"]
    assert [span_text(text, d.span) for d in unused] == ["other"]
    assert unused[0].severity == Severity.ERROR
    off = analyze(text, "k.py", Config(severity={"PA701": "off"}))
    assert not [d for d in off.diagnostics if d.code == "PA701"]


def test_naming_is_opt_in() -> None:
    text = ("import pyasc as asc\n\n@asc.jit\ndef VecAdd(x: asc.GlobalAddress):\n    blockLen = 8\n"
            "    asc.printf('%d', blockLen)\n")
    assert not [d for d in analyze(text, "k.py").diagnostics if d.code == "PA704"]
    named = [d for d in analyze(text, "k.py", Config(naming=True)).diagnostics if d.code == "PA704"]
    assert {span_text(text, d.span) for d in named} == {"VecAdd", "blockLen"}


def test_generic_dtype_is_reported_as_info() -> None:
    text = ("import pyasc as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    g = asc.GlobalTensor()\n"
            "    g.set_global_buffer(x)\n    v = g.get_value(0)\n    asc.printf('%f', v)\n")
    a = analyze(text, "k.py")
    d = next(d for d in a.diagnostics if d.code == "PA406")
    assert span_text(text, d.span) == "x: asc.GlobalAddress" and d.severity == Severity.INFO
    assert "template <typename T_x>" in a.cpp and "k_impl<DTYPE>(x)" in a.cpp and "#define DTYPE float" in a.cpp


def test_jit_on_a_method_is_rejected_and_a_nested_function_is_a_kernel() -> None:
    text = ("import pyasc as asc\n\nclass Ops:\n    @asc.jit\n    def m(self):\n        pass\n\n"
            "def outer():\n    @asc.jit\n    def inner(x: asc.GlobalAddress):\n        pass\n")
    a = analyze(text, "k.py")
    found = [d for d in a.diagnostics if d.code == "PA101"]
    assert [(span_text(text, d.span), d.span.line) for d in found] == [("asc.jit", 4)]
    assert "methods" in found[0].message
    assert [k.name for k in a.kernels] == ["outer.inner"]


def test_certain_queue_and_capacity_failures_are_errors() -> None:
    """CANN's tracer accepts these, but each certainly goes wrong on the device (a hang, a use of no memory, an
    overflow of the Unified Buffer): errors that say what the device does (the severity policy of codes.RULES)."""
    src = ("q3 = asc.TQue(asc.TPosition.VECOUT, 1)\npipe.init_buffer(q3, 1, 1024)\nt = q3.deque(asc.float32)\n"
           "q5 = asc.TQue(asc.TPosition.VECIN, 1)\nu = q5.alloc_tensor(asc.float32)\n"
           "big = asc.TQue(asc.TPosition.VECIN, 2)\npipe.init_buffer(big, 2, 96 * 1024)")
    a = analyze(body(src), "k.py")
    found = {d.code: d for d in a.diagnostics if d.code in ("PA503", "PA506", "PA601")}
    assert sorted(found) == ["PA503", "PA506", "PA601"]
    assert all(d.severity == Severity.ERROR for d in found.values())
    assert "waits forever" in found["PA503"].message and "PS106" in found["PA503"].message
    assert "overwrite" in found["PA506"].message and "PS107" in found["PA506"].message
    assert "kernel fails" in found["PA601"].message and "PS103" in found["PA601"].message


def test_deque_without_alloc_under_insert_sync_is_an_error() -> None:
    """insert_sync pairs each deque with its queue's alloc_tensor: CANN's tracer rejects a queue that has none."""
    src = ("q3 = asc.TQue(asc.TPosition.VECOUT, 1)\npipe.init_buffer(q3, 1, 1024)\nt = q3.deque(asc.float32)\n"
           "asc.data_copy(g, t, N)")
    text = body(src).replace("@asc.jit\n", "@asc.jit(insert_sync=True)\n")
    errors = analyze(text, "k.py").errors
    assert [d.code for d in errors] == ["PA503"]
    assert span_text(text, errors[0].span) == "q3.deque(asc.float32)" and "no alloc_tensor" in errors[0].message
    # an enqueue-less deque from a queue that allocates is no finding there: insert_sync enqueues it
    fixed = text.replace("t = q3.deque", "t0 = q3.alloc_tensor(asc.float32)\n    t = q3.deque")
    assert not [d for d in analyze(fixed, "k.py").diagnostics if d.code == "PA503"]


def test_launch_options_given_to_jit_are_rejected_with_where_they_go() -> None:
    text = "import pyasc as asc\n\n\n@asc.jit(core_num=8, opt_level=2)\ndef kernel(x: asc.GlobalAddress):\n    pass\n"
    got = [(d.code, span_text(text, d.span), d.message) for d in analyze(text, "k.py").errors]
    assert got == [("PA110", "core_num=8", "'core_num' is a launch option, not a compile option: CANN's pyasc refuses "
                    "it in @asc.jit when the kernel is launched (unexpected keyword argument 'core_num'); give it in "
                    "the launch's brackets, kernel[core_num](...)")]


def test_an_int_for_an_enum_is_the_member_of_that_value() -> None:
    text = body("asc.pipe_barrier(1)\nasc.pipe_barrier(99)")
    got = [(d.code, span_text(text, d.span), d.message) for d in analyze(text, "k.py").errors]
    assert got == [("PA303", "99", "'pipe' of asc.pipe_barrier(): expected PipeID, got int")]  # no member is 99
    assert "AscendC::PipeBarrier<PIPE_V>();" in analyze(body("asc.pipe_barrier(1)"), "k.py").cpp
