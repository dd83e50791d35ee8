"""The C++ of the five APIs known by rule (softmax_flash_v2, SoftMaxShapeInfo, SoftmaxConfig, swiglu,
init_buffer(buf=..., len=...)) against the bundled header, whose declarations of them are written from Ascend C's
documentation apart from the rule's spec entries: clang accepts our kernels' C++, and rejects a wrong dtype the
Python side was told to ignore. The other APIs known by rule: the generated include/lib/rule_apis.h is what the facts
script writes, and one form of each is accepted (PA803) or listed with its reason."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from pyasc.compiler.analysis import analyze
from pyasc.compiler.diagnostics import Severity
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


DECLARED = 110
"""Declarations in rule_apis.h."""
LEFT_OUT = 150
"""Facts' declarations left out of it: a type or default the bundled header does not declare."""

LEFT_OUT_OF_THE_HEADER = {
    "adv.softmax_flash_v3": "SoftmaxFlashV3", "adv.cum_sum": "CumSum", "adv.welford_update": "WelfordUpdate",
    "adv.normalize": "Normalize", "adv.welford_finalize": "WelfordFinalize", "adv.broadcast": "Broadcast",
    "adv.ascend_anti_quant": "AscendAntiQuant", "adv.ascend_dequant": "AscendDequant", "adv.sum": "Sum",
    "set_saturation_flag": "SetSaturationFlag", "get_saturation_flag": "GetSaturationFlag",
    "set_saturation_strategy": "SetSaturationStrategy", "get_saturation_strategy": "GetSaturationStrategy",
    "set_loop_mode_para": "SetLoopModePara", "reset_loop_mode_para": "ResetLoopModePara",
    "set_load_data_repeat_with_stride": "SetLoadDataRepeatWithStride",
}
"""APIs known by rule whose every declaration the script leaves out (their types, e.g. SumParams, SaturationMode,
LoopModeParams, are not in the bundled header): clang says 'no member named ...'. The C++ name of each."""

AMBIGUOUS = {"set_fixpipe_nz2_nd_flag": "SetFixpipeNz2ndFlag"}
"""Declared as the headers declare it, but its two declarations (architecture branches of one header) make the
generated call ambiguous."""

METHODS = {"TPipe.init_spm_buffer", "TPipe.write_spm_buffer", "TPipe.read_spm_buffer", "TPipe.destroy_without_pipe_all",
           "TQueBind.free_buffer", "TBuf.free_buffer"}
"""Methods known by rule of classes the hand-written header declares: a separate header cannot add members, so the
generated header declares free functions only."""


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
    assert rejected == set(LEFT_OUT_OF_THE_HEADER) | set(AMBIGUOUS) | METHODS, sorted(
        (by_line[d.span.line].api, d.message[:120]) for d in errors
        if by_line[d.span.line].api not in {*LEFT_OUT_OF_THE_HEADER, *AMBIGUOUS, *METHODS})
    messages = {by_line[d.span.line].api: d.message for d in errors}
    _text, left = _generated()
    left_names = {name.split(" ")[0] for name, _why in left}
    for api, cpp in LEFT_OUT_OF_THE_HEADER.items():
        assert cpp in left_names and "PYASC_PARTIAL(PYASC_RULE_WHY) inline" not in _declared(_text, cpp), api
        assert any(f"no member named '{cpp}'" in d.message or f"no type named '{cpp}'" in d.message
                   for d in errors if by_line[d.span.line].api == api), messages[api]
    for api, cpp in AMBIGUOUS.items():
        assert f"call to '{cpp}' is ambiguous" in messages[api]
    # every call that passes and uses a generated declaration carries PA803 with the generated reason
    partial = [d for d in found if d.code == "PA803"]
    assert partial and all(d.severity == Severity.INFO for d in partial)
    why = _script().PARTIAL_WHY
    assert any(why in d.message for d in partial)
    assert not [d for d in found if d.severity == Severity.WARNING and d.span.line in by_line
                and by_line[d.span.line].api not in rejected]


def _declared(text: str, name: str) -> str:
    return "\n".join(line for line in text.splitlines() if f" {name}(" in line)
