"""The bundled kernel_operator.h: sample kernels in the generator's style parse cleanly, and the documented rules
(dtype constraints, exact scalar types, no GM->GM copy, explicit AllocTensor<T>) are enforced by clang."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.model import Severity
from pyasc.toolchain import headers, locate, runner

SAMPLES = Path(__file__).parent / "samples"


@pytest.fixture(scope="module")
def tools():
    lib = locate.find_libclang()
    assert lib.ok, lib.error
    return lib, locate.resource_dir(lib)


def _parse(tools, text: str, tmp_path: Path, name: str = "unit.cpp", extra: list[str] | None = None):
    lib, res = tools
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return runner.parse(lib, str(path), text, headers.bundled().compile_args() + (extra or []), res)


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.cpp")))
def test_samples_parse_cleanly(tools, tmp_path, sample):
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    found = _parse(tools, text, tmp_path, sample)
    assert found == [], [f"{f.where}: {f.message}" for f in found]


@pytest.mark.parametrize("dtype", ["half", "int16_t", "int32_t"])
def test_template_sample_instantiates_for_other_dtypes(tools, tmp_path, dtype):
    text = (SAMPLES / "scaled_copy_template.cpp").read_text(encoding="utf-8")
    text = text.replace("AscendC::Abs(t, t, TILE);", "")  # Abs is half/float only
    found = _parse(tools, text, tmp_path, extra=[f"-DDTYPE={dtype}"])
    assert found == [], [f.message for f in found]


KERNEL = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, int32_t n) {
    AscendC::GlobalTensor<half> x_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, n);
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 2> q;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(q, 2, 256);
    pipe.InitBuffer(buf, 256);
    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
    AscendC::LocalTensor<float> f = buf.Get<float>();
    AscendC::LocalTensor<int8_t> b = buf.Get<int8_t>();
    BODY
    q.FreeTensor(t);
}
"""

CASES = {
    "float scalar on half tensor": ("AscendC::Adds(t, t, 1.0f, 128);", "deduced conflicting types"),
    "double literal on half": ("AscendC::Muls(t, t, 2.0, 128);", "no matching function for call to 'Muls'"),
    "Add on int8_t": ("AscendC::Add(b, b, b, 128);", "Add: element type must be half, float, int16_t or int32_t"),
    "Exp on int8_t": ("AscendC::Exp(b, b, 128);", "Exp: element type must be half or float"),
    "mixed element types": ("AscendC::Add(f, t, t, 128);", "no matching function for call to 'Add'"),
    "GM to GM copy": ("AscendC::DataCopy(x_gm, x_gm, 128);", "no matching function for call to 'DataCopy'"),
    "copy of different dtypes": ("AscendC::DataCopy(f, x_gm, 128);", "no matching function for call to 'DataCopy'"),
    "AllocTensor without type": ("AscendC::LocalTensor<half> u = q.AllocTensor();", "couldn't infer template"),
    "DeQue without type": ("AscendC::LocalTensor<half> u = q.DeQue();", "couldn't infer template argument 'T'"),
    "InitBuffer of a TBuf with a count": ("pipe.InitBuffer(buf, 2, 256);", "a TBuf takes InitBuffer(buf, len)"),
    "TQue without depth": ("AscendC::TQue<AscendC::TPosition::VECIN> q2;", "too few template arguments"),
    "PipeBarrier of an event": ("AscendC::PipeBarrier<AscendC::HardEvent::V_S>();", "no matching function"),
    "SetFlag without an event": ("AscendC::SetFlag(0);", "no matching function for call to 'SetFlag'"),
    "ReduceMax with a mismatched tmp": ("AscendC::ReduceMax(t, t, f, 128, false);", "no matching function"),
    "Cast without a round mode": ("AscendC::Cast(f, t, 128);", "no matching function for call to 'Cast'"),
    "GetBlockIdx narrowing in braces": ("int32_t i{AscendC::GetBlockIdx()};", "cannot be narrowed"),
    # T is deduced from the tensor and the scalar together: a scalar of another type matches no form
    "int literal on float Duplicate": ("AscendC::Duplicate(f, 0, 128);", "deduced conflicting types"),
    "int literal on half Maxs": ("AscendC::Maxs(t, t, 0, 128);", "deduced conflicting types"),
    "int variable on float Adds": ("AscendC::Adds(f, f, n, 128);", "deduced conflicting types"),
    "int scalar on float CompareScalar": ("AscendC::CompareScalar(b, f, n, AscendC::CMPMODE::LT, 128);",
                                          "no matching function for call to 'CompareScalar'"),
    "float scalar on half Axpy": ("AscendC::Axpy(t, t, 2.0f, 128);", "no matching function for call to 'Axpy'"),
    "Compare into a half tensor": ("AscendC::Compare(t, f, f, AscendC::CMPMODE::LT, 128);",
                                   "Compare: the result tensor holds the bits as uint8_t"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_seeded_errors_are_reported_on_the_user_line(tools, tmp_path, case):
    body, expected = CASES[case]
    text = KERNEL.replace("BODY", body)
    found = _parse(tools, text, tmp_path)
    errors = [f for f in found if f.severity == Severity.ERROR]
    assert errors, f"{case}: no error"
    body_line = text.split("\n").index("    " + body)
    assert errors[0].line == body_line, (case, errors[0])
    assert expected in errors[0].message, errors[0].message
    assert "_Float16" not in errors[0].message


def test_valid_forms_compile(tools, tmp_path):
    body = "\n".join([
        "AscendC::Adds(t, t, static_cast<half>(1.0f), 128);",
        "AscendC::Adds<half>(t, t, 1.0f, 128);",
        "AscendC::Adds<half, false>(t, t, static_cast<half>(2), 64, 2, AscendC::UnaryRepeatParams());",
        "AscendC::Cast(f, t, AscendC::RoundMode::CAST_NONE, 128);",
        "half v = t.GetValue(0);",
        "t.SetValue(1, v);",
        "AscendC::PipeBarrier<PIPE_ALL>();",
        "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(n);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(n);",
        "int64_t idx = AscendC::GetBlockIdx() + AscendC::GetBlockNum();",
        "AscendC::LocalTensor<int16_t> bits = t.ReinterpretCast<int16_t>();",
        "AscendC::And(bits, bits, bits, 128);",
        "AscendC::DataCopy(x_gm[idx], t, 128);",
        "AscendC::DataCopy(t, x_gm[16], AscendC::DataCopyParams(1, 8, 0, 0));",
        # Compare packs its bits into any of these (the real headers' dav_c220 assertion: uint8/16/32/64_t)
        "AscendC::Compare(b, f, f, AscendC::CMPMODE::LT, 128);",
        "AscendC::Compare(buf.Get<uint16_t>(), f, f, AscendC::CMPMODE::LT, 128);",
        "AscendC::Compare(buf.Get<uint32_t>(), f, f, AscendC::CMPMODE::LT, 128);",
    ])
    found = _parse(tools, KERNEL.replace("BODY", body), tmp_path)
    assert [f for f in found if f.severity == Severity.ERROR] == []


def test_warnings_come_with_their_flag(tools, tmp_path):
    text = KERNEL.replace("BODY", "int32_t spare = 3;")
    found = _parse(tools, text, tmp_path)
    spare = [f for f in found if "'spare'" in f.message]
    assert [(f.code, f.severity, f.line) for f in spare] == [
        ("-Wunused-variable", Severity.WARNING, text.split("\n").index("    int32_t spare = 3;"))]
    assert spare[0].col == len("    int32_t ")


HELPERS = """#include "kernel_operator.h"
__aicore__ inline void by_reference(AscendC::LocalTensor<half>& t) { AscendC::Abs(t, t, 64); }
__aicore__ inline void by_value(AscendC::LocalTensor<half> t) { AscendC::Abs(t, t, 64); }
__aicore__ inline void by_const(const AscendC::LocalTensor<half>& t) { AscendC::Abs(t, t, 64); }
__aicore__ inline void gm_by_value(AscendC::GlobalTensor<half> g, AscendC::LocalTensor<half> t) {
    AscendC::DataCopy(t, g, 64);
}
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
    AscendC::GlobalTensor<half> x_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, 256);
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
    pipe.InitBuffer(q, 1, 512);
    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
    CALL
    q.FreeTensor(t);
}
"""


@pytest.mark.parametrize(("call", "ok"), [
    ("by_reference(t);", True), ("by_value(t[64]);", True), ("by_const(t[64]);", True),
    ("gm_by_value(x_gm[64], t[64]);", True),
    ("by_reference(t[64]);", False),  # a slice is a temporary: a non-const reference does not bind it
])
def test_a_slice_binds_to_a_value_or_const_reference_parameter_only(tools, tmp_path, call, ok):
    found = [f for f in _parse(tools, HELPERS.replace("CALL", call), tmp_path) if f.severity == Severity.ERROR]
    if ok:
        assert found == [], [f.message for f in found]
    else:
        assert found and "no matching function for call to 'by_reference'" in found[0].message, found
