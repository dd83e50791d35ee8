"""APIs known by rule from the Ascend C headers (language/api/rule/): our kernels using the five CANN's pyasc 1.1.1
lacks analyze clean but for one PA206 info per name, which `cann_version = "1.1.1"` makes the error 1.1.1's tracer
gives; their C++ calls the Ascend C declarations they came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import CANN_VERSIONS, Config, from_mapping

KERNELS = Path(__file__).with_name("rule_kernels.py")

FIVE = {
    "TPipe.init_buffer(buf, len)": 32,
    "asc.adv.SoftMaxShapeInfo": 36,
    "asc.adv.SoftmaxConfig": 37,
    "asc.adv.softmax_flash_v2": 45,
    "asc.adv.swiglu": 85,
}
"""Each name's first use (line) in rule_kernels.py."""


def _analysis(config: Config | None = None):
    return analyze(KERNELS.read_text(encoding="utf-8"), str(KERNELS), config or Config())


def _rule_uses(a) -> dict[str, object]:  # noqa: ANN001
    return {d.message.split(" is known by rule")[0]: d for d in a.diagnostics if d.code == "PA206"}


def test_the_five_are_one_info_each_and_nothing_else() -> None:
    a = _analysis()
    assert [d for d in a.diagnostics if d.code != "PA206"] == []
    uses = _rule_uses(a)
    assert {name: d.span.line for name, d in uses.items()} == FIVE
    assert all(d.severity == Severity.INFO for d in uses.values())
    flash = uses["asc.adv.softmax_flash_v2"]
    assert [r.span.line for r in flash.related] == [47]  # its second call: one finding, the other use related
    assert "AscendC::SoftmaxFlashV2 (include/adv_api/activation/softmaxflashv2.h:93)" in flash.message
    assert "module 'asc.language.adv' has no attribute 'softmax_flash_v2'" in flash.message
    init = uses["TPipe.init_buffer(buf, len)"]
    assert "AscendC::TPipe::InitBuffer (include/basic_api/kernel_tpipe.h:462)" in init.message
    assert "expected one of (que, num, len), (buf, num)" in init.message


def test_cann_version_1_1_1_makes_them_the_tracers_errors() -> None:
    a = _analysis(Config(cann_version="1.1.1"))
    uses = _rule_uses(a)
    assert set(uses) == set(FIVE)
    assert all(d.severity == Severity.ERROR for d in uses.values())
    assert {d.code for d in a.errors} == {"PA206"}
    assert len(a.errors) == 5


def test_hand_written_forms_are_not_reported() -> None:
    text = KERNELS.read_text(encoding="utf-8").replace("pipe.init_buffer(buf=stats, len=3 * ROWS * BLK * 4)",
                                                      "pipe.init_buffer(stats, 3 * ROWS * BLK * 4)")
    a = analyze(text, str(KERNELS), Config(cann_version="1.1.1"))
    assert "TPipe.init_buffer(buf, len)" not in _rule_uses(a)
    assert "pipe.InitBuffer(stats, 3 * ROWS * BLK * 4);" in a.cpp


def test_the_cpp_calls_the_ascend_c_declarations() -> None:
    cpp = _analysis().cpp
    for line in (
        "pipe.InitBuffer(stats, 3 * ROWS * BLK * 4);",
        "AscendC::SoftMaxShapeInfo shape = AscendC::SoftMaxShapeInfo{ROWS, COLS, ROWS, COLS};",
        "constexpr static AscendC::SoftmaxConfig config = AscendC::SoftmaxConfig(false);",
        "AscendC::SoftmaxFlashV2<float, false, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(dst, sums, maxs, "
        "src, exp_max, sums, maxs, tiling, shape);",
        "AscendC::SoftmaxFlashV2<float, true, false, false, false, config>(dst, sums, maxs, src, exp_max, sums, maxs,"
        " tiling, shape);",
        "AscendC::SwiGLU<float>(yo, xa, xb, 1.5f, N);",
    ):
        assert line in cpp, line


def test_template_arguments_stop_at_the_last_one_passed() -> None:
    text = KERNELS.read_text(encoding="utf-8").replace(
        "asc.adv.softmax_flash_v2(dst, sums, maxs, src, exp_max, sums, maxs, tiling, shape, is_update=False)",
        "asc.adv.softmax_flash_v2(dst, sums, maxs, src, exp_max, sums, maxs, tiling)")
    cpp = analyze(text, str(KERNELS)).cpp
    assert "AscendC::SoftmaxFlashV2<float>(dst, sums, maxs, src, exp_max, sums, maxs, tiling);" in cpp


def test_a_rule_api_of_a_wrong_dtype_is_an_error() -> None:
    text = KERNELS.read_text(encoding="utf-8").replace("yo = q_o.alloc_tensor(asc.float32)",
                                                      "yo = q_o.alloc_tensor(asc.int32)")
    a = analyze(text, str(KERNELS))
    # its documented dtypes (half and float), and dst, src0 and src1 of one dtype
    assert [(d.code, d.message) for d in a.errors] == [
        ("PA402", "asc.adv.swiglu() does not support int32 for 'dst': expected one of float16, float32"),
        ("PA401", "asc.adv.swiglu() needs 'dst' and 'src0' of one dtype: expected int32 (like 'dst'), got float32"),
        ("PA401", "asc.adv.swiglu() needs 'dst' and 'src1' of one dtype: expected int32 (like 'dst'), got float32")]


@pytest.mark.parametrize(("value", "ok"), [("1.1.1", True), ("latest", True), ("1.2", False), (111, False)])
def test_cann_version_setting(value: object, ok: bool) -> None:
    cfg, errors = from_mapping({"cann_version": value})
    assert (errors == []) is ok
    assert cfg.cann_version == (value if ok else "latest")
    if not ok:
        assert errors == [f"unknown cann_version {value!r} (known: {', '.join(CANN_VERSIONS)})"]
    editor, errors = from_mapping({"cannVersion": "1.1.1"})  # the editor's camelCase setting
    assert editor.cann_version == "1.1.1" and errors == []
    assert Config(cann_version="1.1.1").key() != Config().key()


def test_a_rule_class_named_at_asc_top_level_points_to_asc_adv() -> None:
    text = "import asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    s = asc.SoftMaxShapeInfo(8, 64, 8, 64)\n"
    found = [d for d in analyze(text, "k.py").errors if d.code == "PA202"]
    assert [d.message for d in found] == [
        "asc has no function, class or dtype named 'SoftMaxShapeInfo'; it is in asc.adv: asc.adv.SoftMaxShapeInfo"]


def test_a_method_known_only_by_rule() -> None:
    text = ("import asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    pipe = asc.TPipe()\n"
            "    pipe.destroy_without_pipe_all()\n    pipe.destroy_without_pipe_all()\n")
    found = [d for d in analyze(text, "k.py").diagnostics if d.code == "PA206"]
    assert [(d.span.line, d.severity, [r.span.line for r in d.related]) for d in found] == [(7, Severity.INFO, [8])]
    assert found[0].message == (
        "TPipe.destroy_without_pipe_all is known by rule, from Ascend C's AscendC::TPipe::DestroyWithoutPipeAll "
        "(include/basic_api/kernel_tpipe.h:512): CANN's pyasc 1.1.1 has no method of this name (its tracer: 'TPipe' "
        "object has no attribute 'destroy_without_pipe_all'); expected a name 1.1.1 binds, got one newer pyasc binds")
