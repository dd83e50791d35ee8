"""The forms of CANN's pyasc language our static front end speaks: one kernel file per form under cann/, each
analyzed with its exact diagnostics and its C++ compared with a golden (tests/compiler/goldens/cann/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import analyze

from .test_goldens import GOLDENS, _check

HERE = Path(__file__).parent / "cann"
FORMS = sorted(HERE.glob("*.py"))

EXPECTED: dict[str, list[tuple[str, int]]] = {
    # (code, line) of every diagnostic of the file
    "dtype_methods": [("PA406", 7), ("PA406", 7)],
    "structs": [],
    "language_helpers": [("PA406", 10), ("PA406", 10)],
    "constexpr_params": [("PA407", 13)],
    "auto_tensors": [],
}


@pytest.mark.parametrize("form", FORMS, ids=lambda p: p.stem)
def test_form_diagnostics_and_cpp(form: Path, update_goldens: bool) -> None:
    text = form.read_text(encoding="utf-8")
    analysis = analyze(text, str(form))
    got = sorted((d.code, d.span.line) for d in analysis.diagnostics)
    assert got == sorted(EXPECTED[form.stem]), [(d.code, d.span.line, d.message) for d in analysis.diagnostics]
    _check(GOLDENS / "cann" / f"{form.stem}.cpp", analysis.cpp, update_goldens)


def test_every_form_has_expectations() -> None:
    assert sorted(EXPECTED) == [p.stem for p in FORMS]


STRUCT_PRELUDE = """import asc
from asc.language.core.struct import Field, Struct


class Pair(Struct):
    left = Field(asc.int32, 0)
    right = Field(asc.int32, 0)


@asc.jit
def kernel(p: Pair, tiling: asc.adv.TCubeTiling):
"""

STRUCT_ERRORS = [
    ("PA203", "    asc.printf('%d', p.lfet)\n", "lfet", "Pair has no field 'lfet'; did you mean 'left'?"),
    ("PA203", "    asc.printf('%d', tiling.single_core)\n", "single_core",
     "adv.TCubeTiling has no field 'single_core'; did you mean 'single_core_n'?"),
    ("PA303", "    p.left = tiling\n", "tiling", "field 'left' is int, got adv.TCubeTiling"),
    ("PA301", "    q = Pair(1, 2)\n    asc.printf('%d', q.left)\n", "1",
     "Pair() takes its fields by keyword (left, right)"),
    ("PA101", "    p.left += 1\n", "p.left",
     "augmented assignment to this target is not supported in a jit function; write s.field = s.field + value"),
    ("PA302", "    q = Pair(middle=1)\n    asc.printf('%d', q.left)\n", "middle",
     "Pair has no field 'middle' (fields: left, right)"),
]


@pytest.mark.parametrize(("code", "body", "covered", "message"), STRUCT_ERRORS, ids=[c[3] for c in STRUCT_ERRORS])
def test_struct_errors(code: str, body: str, covered: str, message: str) -> None:
    text = STRUCT_PRELUDE + body
    errors = [d for d in analyze(text, "k.py").diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.message) for d in errors] == [(code, message)]
    line = text.split("\n")[errors[0].span.line - 1]
    assert line[errors[0].span.col:errors[0].span.end_col] == covered


def test_struct_definitions_follow_the_module_and_key_the_cache() -> None:
    first = analyze(STRUCT_PRELUDE + "    asc.printf('%d', p.left)\n", "k.py")
    assert "struct Pair {\n    int32_t left;\n    int32_t right;\n};" in first.cpp
    widened = analyze(STRUCT_PRELUDE.replace("left = Field(asc.int32", "left = Field(asc.int64")
                      + "    asc.printf('%d', p.left)\n", "k.py")
    assert "    int64_t left;" in widened.cpp and not widened.errors


def test_constexpr_values_from_the_cli_win_and_feed_the_checks() -> None:
    from pyasc.config import Config

    text = (HERE / "constexpr_params.py").read_text(encoding="utf-8")
    plain = analyze(text, "k.py")
    assert "    constexpr int32_t stages = 2;\n    constexpr int32_t tile = 64;\n" in plain.cpp
    assert "    constexpr int32_t rounds = 1;\n" in plain.cpp
    pa407 = [d for d in plain.diagnostics if d.code == "PA407"]
    assert [d.message for d in pa407] == [
        "no value for the ConstExpr 'rounds' (no pyasc --const rounds=VALUE, no launch in this file with a "
        "literal): the C++ uses 1"]
    given = analyze(text, "k.py", Config(consts={"rounds": "3", "tile": "0x40000"}))
    assert "    constexpr int32_t rounds = 3;\n" in given.cpp and not [d for d in given.diagnostics
                                                                    if d.code == "PA407"]
    # a tile of 256 Ki elements is known now: the Unified Buffer check sees the two 512 KiB buffers, a certain
    # overflow (an error), where the default of the plain analysis is not known (no finding)
    assert [(d.code, d.severity.name) for d in given.diagnostics if d.code.startswith("PA6")] == [("PA601", "ERROR")]
    assert not [d for d in plain.diagnostics if d.code == "PA601"]


def test_pyasc_const_option(tmp_path: Path) -> None:
    from pyasc.cli.main import main

    src = tmp_path / "k.py"
    src.write_text((HERE / "constexpr_params.py").read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "k.kernel"
    assert main(["-i", str(src), "-o", str(out), "--no-cpp", "--keep-intermediate", "--const", "rounds=4"]) == 0
    assert "constexpr int32_t rounds = 4;" in (tmp_path / "k.cpp").read_text(encoding="utf-8")
    assert main(["-i", str(src), "-o", str(out), "--no-cpp", "--const", "rounds"]) == 2


def test_auto_tensors_count_in_the_unified_buffer() -> None:
    text = (HERE / "auto_tensors.py").read_text(encoding="utf-8").replace("BLOCK = 128", "BLOCK = 65536")
    found = [d for d in analyze(text, "k.py").diagnostics if d.code.startswith("PA6")]
    assert [(d.code, d.severity.name) for d in found] == [("PA601", "ERROR")]
    assert "LocalTensorAuto of 65536 float16: 131072 bytes" in [r.message for r in found[0].related]


def test_insert_sync_replaces_the_kernels_own_synchronization() -> None:
    """insert_sync: the kernel's flags and enques go, a deque names the allocated tensor, CANN's own order comes."""
    text = (HERE.parent.parent / "differential" / "cases" / "p13_insert_sync_queues.py").read_text(encoding="utf-8")
    cpp = analyze(text, "k.py").cpp
    body = [line.strip() for line in cpp[cpp.index("AscendC::LocalTensor<float> a ="):].splitlines()]
    assert body[:8] == ["AscendC::LocalTensor<float> a = q_in.AllocTensor<float>();",
                        "AscendC::DataCopy(a, x_gm, N);", "q_in.EnQue(a);", "AscendC::LocalTensor<float> b = a;",
                        "b = q_in.DeQue<float>();", "AscendC::Exp(tmp, b, N);", "AscendC::PipeBarrier<PIPE_V>();",
                        "AscendC::LocalTensor<float> c = q_out.AllocTensor<float>();"]
    assert "SetFlag" not in cpp and cpp.count("PipeBarrier<PIPE_ALL>") == 1
    assert body[-3:] == ["q_out.FreeTensor(d);", "AscendC::PipeBarrier<PIPE_ALL>();", "}"]
