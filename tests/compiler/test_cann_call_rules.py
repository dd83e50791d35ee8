"""Rules of CANN's tracer the spec and the operators carry: run-time unsigned scalars take no arithmetic,
enum members compare as their values, positional-only and keyword-only parameters, conversion tables and the
enum members a parameter takes."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze

HEAD = """import asc


@asc.jit
def k(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    u = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECCALC, addr=1024, tile_size=64)
    m = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECCALC, addr=2048, tile_size=64)
"""


def _errors(body: str) -> list[tuple[str, str]]:
    a = analyze(HEAD + body, "k.py")
    return [(d.code, d.message) for d in a.diagnostics if d.severity == Severity.ERROR]


def test_arithmetic_and_comparison_on_run_time_unsigned_scalars_are_pa113() -> None:
    for expr, dtype in (("t.get_length() + 1", "uint32"), ("x_gm.get_size() > 3", "uint64"),
                        ("t.get_phy_addr() - 32", "uint64"), ("u.get_value(0) * 2", "uint32")):
        errors = _errors(f"    r = {expr}\n    asc.printf('%d', r)\n")
        assert [c for c, _ in errors] == ["PA113"], expr
        assert f"run-time {dtype} value" in errors[0][1]


def test_unsigned_scalars_passed_on_and_signed_results_are_accepted() -> None:
    assert _errors("    n = t.get_length()\n    s = t.get_size()\n    asc.printf('%u %d', n, s + 1)\n") == []


def test_augmented_assignment_of_an_unsigned_scalar_is_pa113() -> None:
    assert [c for c, _ in _errors("    n = t.get_length()\n    n += 1\n")] == ["PA113"]


def test_an_enum_member_compared_with_a_run_time_int_is_its_value() -> None:
    a = analyze(HEAD + "    if t.get_position() == asc.TPosition.VECIN:\n        asc.duplicate(t, 1.0, 16)\n", "k.py")
    assert [d for d in a.diagnostics if d.severity == Severity.ERROR] == []
    assert "t.GetPosition() == 9" in a.cpp


def test_positional_only_and_keyword_only_parameters() -> None:
    def first_line(body: str) -> list[tuple[str, str]]:
        return [(c, m.splitlines()[0]) for c, m in _errors(body)]

    assert first_line("    asc.set_vector_mask(length=64, dtype=asc.float16, mode=asc.MaskMode.NORMAL)\n") == [
        ("PA301", "asc.set_vector_mask() takes 'length' by position, not by keyword; its forms are:")]
    assert first_line("    asc.set_vector_mask(64, asc.float16, asc.MaskMode.NORMAL)\n") == [
        ("PA301", "asc.set_vector_mask() takes dtype, mode by keyword only (dtype=...); its forms are:")]
    assert _errors("    asc.set_vector_mask(64, dtype=asc.float16, mode=asc.MaskMode.NORMAL)\n") == []
    assert first_line("    asc.select(t, sel_mask=m, src0=t, src1=1.0, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE, "
                      "count=64)\n") == [
        ("PA301", "asc.select() takes 'sel_mask' by position, not by keyword; its forms are:")]


def test_a_conversion_table_rejects_a_pair_each_of_whose_dtypes_it_allows() -> None:
    errors = _errors("    asc.mul_cast(t, t, t, 64)\n")
    assert errors == [("PA402", "asc.mul_cast() does not convert (dst, src0, src1) = (float16, float16, float16): "
                                "expected one of (int8, float16, float16), (uint8, float16, float16)")]
    assert _errors("    asc.mul_cast(m, t, t, 64)\n") == []


def test_a_parameter_that_takes_some_enum_members_only() -> None:
    assert _errors("    asc.set_pad_value(1, asc.TPosition.VECCALC)\n") == [
        ("PA303", "'pos' of asc.set_pad_value() must be one of TPosition.MAX, TPosition.VECIN, TPosition.VECOUT, "
                  "got TPosition.VECCALC")]
    assert _errors("    asc.set_pad_value(1, asc.TPosition.VECIN)\n") == []


def test_a_dtype_parameter_that_takes_some_dtypes_only() -> None:
    assert _errors("    v = asc.scalar_cast(2.5, asc.uint32, asc.RoundMode.CAST_ROUND)\n    asc.printf('%u', v)\n") == [
        ("PA402", "asc.scalar_cast() takes float16 or int32 for 'dtype', got uint32")]
    assert _errors("    v = asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_ROUND)\n    asc.printf('%d', v)\n") == []



def test_compile_time_literals_are_checked_and_written_as_template_arguments() -> None:
    """is_set_mask is a Python bool and count_value 0 or 1 (PA310); any compile-time form of them is a constant
    expression in the C++ (a local or a comparison is written as its value, a module constant by its name)."""
    assert _errors("    asc.adds(t, t, 1.0, 64, 1, asc.UnaryRepeatParams(1, 1, 8, 8), 1)\n") == [
        ("PA310", "'is_set_mask' of asc.adds() must be False or True, got 1: CANN's pyasc matches a Python bool "
                  "only here")]
    assert _errors("    asc.copy(t, t, 64, 1, asc.CopyRepeatParams(1, 1, 8, 8), 1)\n") == []
    assert _errors("    v = asc.scalar_get_sff_value(12, -1)\n    asc.printf('%d', v)\n") == [
        ("PA310", "'count_value' of asc.scalar_get_sff_value() must be 0 or 1, got -1")]
    text = ("import asc\n\nN = 64\nKEEP = False\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress, w: int):\n"
            "    t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)\n"
            "    p = asc.UnaryRepeatParams(1, 1, 8, 8)\n    flag = True\n    bit = 1\n"
            "    asc.adds(t, t, 1.0, N, 1, p, is_set_mask=N > 32)\n    asc.muls(t, t, 2.0, N, 1, p, is_set_mask=flag)\n"
            "    asc.maxs(t, t, 0.0, N, 1, p, is_set_mask=KEEP)\n"
            "    asc.printf('%d', asc.scalar_get_sff_value(w, bit))\n")
    a = analyze(text, "k.py")
    assert [d.code for d in a.errors] == []
    assert "AscendC::Adds<half, true>(t, t, static_cast<half>(1.0f), N, 1, p);" in a.cpp
    assert "AscendC::Muls<half, true>(t, t, static_cast<half>(2.0f), N, 1, p);" in a.cpp
    assert "AscendC::Maxs<half, KEEP>(t, t, static_cast<half>(0.0f), N, 1, p);" in a.cpp
    assert "AscendC::ScalarGetSFFValue<1>(w)" in a.cpp
