"""The C++ of the five APIs known by rule (softmax_flash_v2, SoftMaxShapeInfo, SoftmaxConfig, swiglu,
init_buffer(buf=..., len=...)) against the bundled header, whose declarations of them are written from Ascend C's
documentation apart from the rule's spec entries: clang accepts our kernels' C++, and rejects a wrong dtype the
Python side was told to ignore. The other APIs known by rule: the generated include/lib/rule_apis.h is what the facts
script writes (with the structs, enums and constants their declarations name, and rule_members.h the members of the
hand-written classes), and one form of each is accepted (PA803) or listed with the reason the real headers reject
it too."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp
from tests.compiler.synth import synthesize

KERNELS = Path(__file__).resolve().parents[1] / "compiler" / "rule_kernels.py"


@pytest.fixture(autouse=True)
def _fresh_cache():
    CACHE.clear()


def test_the_kernels_cpp_passes_the_bundled_header() -> None:
    analysis = analyze(KERNELS.read_text(encoding="utf-8"), str(KERNELS), Config())
    assert "AscendC::SoftmaxFlashV2<float" in analysis.cpp and "AscendC::SwiGLU<float>" in analysis.cpp
    found = check_cpp(analysis, Config())
    assert [(d.code, d.message) for d in found if d.severity in (Severity.ERROR, Severity.WARNING)] == []


def test_the_bundled_header_checks_swiglu_s_dtype() -> None:
    text = KERNELS.read_text(encoding="utf-8").replace(
        "asc.adv.swiglu(yo, xa, xb, 1.5, N)", "asc.adv.swiglu(yi, ia, ib, 1.5, N)  # pyasc: ignore[PA402]").replace(
        "    yo = q_o.alloc_tensor(asc.float32)\n",
        "    yo = q_o.alloc_tensor(asc.float32)\n    yi = q_o.alloc_tensor(asc.int32)\n"
        "    ia = q_o.alloc_tensor(asc.int32)\n    ib = q_o.alloc_tensor(asc.int32)\n")
    analysis = analyze(text, str(KERNELS), Config())
    assert "AscendC::SwiGLU<int32_t>(yi, ia, ib, 1.5f, N);" in analysis.cpp
    messages = [d.message for d in check_cpp(analysis, Config()) if d.severity == Severity.ERROR]
    assert any("SwiGLU: element type must be half or float" in m for m in messages), messages


TYPES_KERNEL = KERNELS.with_name("rule_types_kernels.py")


def test_the_generated_types_kernel_analyzes_clean_and_passes_the_bundled_header() -> None:
    """Our kernel of the structs, enums, constants, multi-constructor structs, per-architecture declarations and
    class members the facts now give the bundled header: no error or warning in the analysis (PA206 infos only, one
    per name), none from clang (PA803 infos on the generated declarations)."""
    analysis = analyze(TYPES_KERNEL.read_text(encoding="utf-8"), str(TYPES_KERNEL), Config())
    assert {d.code for d in analysis.diagnostics} == {"PA206"}, [(d.code, d.message) for d in analysis.diagnostics]
    for line in ("AscendC::LoopModeParams none = AscendC::LoopModeParams();",
                 "AscendC::LoopModeParams some = AscendC::LoopModeParams(1, 2, 0, 0, 0, 0);",
                 "AscendC::SumParams params = AscendC::SumParams{1, N, N};", "pipe.InitSpmBuffer(N * 4);",
                 "AscendC::SetSaturationFlag<AscendC::SaturationMode::FLOAT>(true);"):
        assert line in analysis.cpp
    found = check_cpp(analysis, Config())
    assert [(d.code, d.message) for d in found if d.severity in (Severity.ERROR, Severity.WARNING)] == []
    assert {d.code for d in found} == {"PA803"}


# ---------------------------------------------------------------------------------------------------------------------
# Every other API known by rule: include/lib/rule_apis.h, generated from the facts table (not from the spec).

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ascendc_api_facts.py"


def _script():  # noqa: ANN202 - the script's module
    spec = importlib.util.spec_from_file_location("ascendc_api_facts", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("ascendc_api_facts", module)
    spec.loader.exec_module(module)
    return module


def _generated() -> tuple[str, list[tuple[str, str]]]:
    s = _script()
    return s.rule_header(json.loads(s.FACTS.read_text(encoding="utf-8")), s.BUNDLED.read_text(encoding="utf-8"))


def test_the_committed_rule_header_is_what_the_script_writes() -> None:
    """Run `python scripts/ascendc_api_facts.py --header` after a change to the facts or the hand-written header."""
    s = _script()
    text, left = _generated()
    assert s.RULE_HEADER.read_text(encoding="utf-8") == text
    assert s.RULE_INCLUDE in s.BUNDLED.read_text(encoding="utf-8")
    assert text.count("PYASC_PARTIAL(PYASC_RULE_WHY)") == DECLARED
    assert len(left) == LEFT_OUT
    assert f"// {DECLARED} declarations; {LEFT_OUT} left out" in text
    members, _left = s.rule_members(json.loads(s.FACTS.read_text(encoding="utf-8")),
                                    s.BUNDLED.read_text(encoding="utf-8"))
    assert s.MEMBERS_HEADER.read_text(encoding="utf-8") == members
    assert members.count("PYASC_PARTIAL(PYASC_RULE_MEMBER_WHY)") == MEMBERS
    assert s.MEMBERS_INCLUDE in s.BUNDLED.read_text(encoding="utf-8")


def test_the_rule_header_defines_the_types_its_declarations_name() -> None:
    """SumParams, SaturationMode, DEFAULT_CLAMP_CONFIG: defined from the facts (not left out), before their use;
    a struct with a constructor keeps it; a declaration of another architecture's branch is not written."""
    text, left = _generated()
    assert "struct SumParams {" in text and "enum class SaturationMode : uint8_t { FLOAT = 0," in text
    assert "constexpr ClampConfig DEFAULT_CLAMP_CONFIG = {false};" in text
    assert text.index("struct SumParams {") < text.index(" Sum(")
    assert "__aicore__ constexpr LoopModeParams() {}" in text
    assert "SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint16_t dstNdStride);" in text
    assert "SetFixpipeNz2ndFlag(uint16_t ndNum, uint16_t srcNdStride, uint32_t dstNdStride);" not in text
    assert "SetScalarCacheMode" not in text  # declared for __NPU_ARCH__ 3510 only
    assert not any(name.startswith(("Sum ", "SetSaturationFlag ", "Fmod ")) for name, _why in left)


def test_the_arch_conditions() -> None:
    from pyasc.language.api.rule.names import arch_holds, at_arch

    assert arch_holds("") is True
    assert arch_holds("(defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510 || __NPU_ARCH__ == 5102))") is False
    assert arch_holds("(!((__NPU_ARCH__ == 3510) || (__NPU_ARCH__ == 5102)))") is True
    assert arch_holds("(defined(__NPU_ARCH__) && (__NPU_ARCH__ != 1001))") is True
    assert arch_holds("(defined(ASCENDC_CPU_DEBUG) && __NPU_ARCH__ == 2201)") is None
    assert at_arch([("float", "a", None), ("float", "b", None, "(__NPU_ARCH__ == 3510)")]) == (("float", "a", None),)


DECLARED = 187
"""Declarations in rule_apis.h."""
LEFT_OUT = 52
"""Facts' declarations left out of it: a type or default the bundled header does not declare and the facts do not
define (e.g. LogSoftMaxTiling, a host tiling struct), or a parameter pack."""
MEMBERS = 13
"""Member declarations in rule_members.h."""

TRUE_ERRORS = {
    "adv.ascend_dequant": "src is LocalTensor<int32_t> in the form the synthesized call takes; it passes a float32",
    "adv.welford_finalize": "para is a non-const WelfordFinalizePara&: the synthesized call passes a temporary",
    "set_scalar_cache_mode": "declared only for __NPU_ARCH__ 3510", "get_scalar_cache_mode": "the same",
}
"""APIs known by rule whose synthesized call the real headers (for __NPU_ARCH__ 2201, CANN 8.x) reject too, with
the reason: clang's errors on them are true ones."""


def _first_forms():  # noqa: ANN202 - (api, class name or None, overload index, overload)
    from pyasc.language import APIS
    from pyasc.language.registry import CLASSES

    def first(api):  # noqa: ANN001, ANN202
        return next(((i, ov) for i, ov in enumerate(api.overloads) if ov.cpp is not None and not ov.cann_only), None)

    for api in APIS.values():
        if api.rule and (form := first(api)) is not None:
            yield api, None, *form
    for cls in CLASSES.values():
        for api in cls.methods.values():
            if api.rule and (form := first(api)) is not None:
                yield api, cls.name, *form


def test_every_api_known_by_rule_passes_the_bundled_header_or_is_listed() -> None:
    """One call of a form of each API known by rule with a C++ template (as tests/compiler/synth.py synthesizes
    calls): clang accepts it, with PA803 on the generated declarations' calls, or it is listed above."""
    forms = list(_first_forms())
    assert len(forms) == 83
    text, cases = synthesize(overloads=forms)
    a = analyze(text, "rule_apis.py", Config())
    by_line = {c.line: c for c in cases}
    assert [d.message for d in a.diagnostics if d.severity == Severity.ERROR] == []
    found = check_cpp(a, Config(tidy_checks="-*"), timeout=300)
    errors = [d for d in found if d.severity == Severity.ERROR]
    assert all(d.span.line in by_line for d in errors), [d.message for d in errors if d.span.line not in by_line]
    rejected = {by_line[d.span.line].api for d in errors}
    assert rejected == set(TRUE_ERRORS), sorted((by_line[d.span.line].api, d.message[:120]) for d in errors)
    messages = [(by_line[d.span.line].api, d.message) for d in errors]
    assert ("set_scalar_cache_mode", "no member named 'SetScalarCacheMode' in namespace 'AscendC'") in messages
    assert any(api == "adv.welford_finalize" and "WelfordFinalize" in m for api, m in messages)
    # every call that passes and uses a generated declaration carries PA803 with the generated reason
    partial = [d for d in found if d.code == "PA803"]
    assert partial and all(d.severity == Severity.INFO for d in partial)
    why = _script().PARTIAL_WHY
    assert any(why in d.message for d in partial)
    # the methods of hand-written classes (rule_members.h) and the functions naming generated types among them
    partial_apis = {by_line[d.span.line].api for d in partial if d.span.line in by_line}
    assert {"TPipe.init_spm_buffer", "TPipe.destroy_without_pipe_all", "TQueBind.free_buffer",
            "adv.sum", "set_saturation_flag", "set_loop_mode_para", "set_fixpipe_nz2_nd_flag"} <= partial_apis
    assert not [d for d in found if d.severity == Severity.WARNING and d.span.line in by_line
                and by_line[d.span.line].api not in rejected]

