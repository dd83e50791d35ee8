"""C++ of the template forms beyond plain arguments: out-arguments (`{out:T}`), typed list arrays (`{p:uint16_t}`),
a scalar's own type (`{p.T}`), class presets as defaults and constructors in the C++ argument order."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze

KERNEL = '''\
import pyasc as asc


@asc.jit
def forms(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 16384)
    src = b.get_with_offset(256, 0, asc.float32)
    dst = b.get_with_offset(256, 1024, asc.float32)
    bits = b.get_with_offset(64, 2048, asc.uint32)
    params = asc.GatherMaskParams(1, 1, 8, 0)
    kept = asc.gather_mask(dst, src, bits, True, 64, params)
    asc.gather_mask(dst, src, 1, False, 64, params)
    total = kept + asc.gather_mask(dst, src, 2, False, 64, params)
    lists = asc.MrgSortSrcList(asc.float32, src, dst, src, dst)
    asc.mrg_sort(dst, lists, [32, 32, 32, 32], [0, 0, 0, 0], 15, 1)
    asc.mrg_sort(dst, lists, asc.MrgSort4Info([16, 16, 16, 16], valid_bit=7))
    asc.set_pad_value(7)
    asc.set_pad_value(0.5, asc.TPosition.VECIN)
    co1 = asc.TBuf(asc.TPosition.CO1)
    pipe.init_buffer(co1, 4096)
    acc = co1.get(asc.float32)
    asc.fixpipe(gx, acc, asc.FixpipeParamsV220(16, 16, 16, 16, relu_en=True))
    asc.data_copy(gx, dst, total)
'''


def _body() -> list[str]:
    a = analyze(KERNEL, "forms.py")
    assert not [d for d in a.diagnostics if d.severity == Severity.ERROR], a.diagnostics
    return [line.strip() for line in a.cpp.splitlines()]


def test_an_out_argument_result_is_declared_and_passed_before_its_statement() -> None:
    body = _body()
    i = body.index("uint64_t gather_mask_out0 = 0;")
    assert body[i + 1:i + 3] == [
        "AscendC::GatherMask<float, uint32_t>(dst, src, bits, true, 64, params, gather_mask_out0);",
        "int32_t kept = gather_mask_out0;"]
    j = body.index("uint64_t gather_mask_out1 = 0;")  # a bare call statement leaves nothing behind
    assert body[j + 1:j + 3] == [
        "AscendC::GatherMask<float>(dst, src, static_cast<uint8_t>(1), false, 64, params, gather_mask_out1);",
        "uint64_t gather_mask_out2 = 0;"]
    assert "int32_t total = kept + gather_mask_out2;" in body


def test_list_arguments_become_arrays_of_the_element_type_the_template_names() -> None:
    body = _body()
    i = next(n for n, line in enumerate(body) if line.startswith("uint16_t element_count_list_list"))
    assert body[i].endswith("[] = {32, 32, 32, 32};") and body[i + 1].startswith("uint32_t sorted_num_list")
    assert body[i + 2].startswith("AscendC::MrgSort<float, false>(dst, lists, element_count_list_list")
    assert "AscendC::MrgSortSrcList<float> lists = AscendC::MrgSortSrcList<float>(src, dst, src, dst);" in body
    k = next(n for n, line in enumerate(body) if line.startswith("uint16_t element_lengths_list"))
    name = body[k].split()[1].removesuffix("[]")
    assert body[k].endswith("[] = {16, 16, 16, 16};")
    assert body[k + 1] == f"AscendC::MrgSort(dst, lists, AscendC::MrgSort4Info({name}, false, 7, 1));"


def test_scalar_types_presets_and_constructor_order() -> None:
    body = _body()
    assert "AscendC::SetPadValue<int32_t, AscendC::TPosition::MAX>(7);" in body
    assert "AscendC::SetPadValue<float, AscendC::TPosition::VECIN>(0.5f);" in body
    assert ("AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(gx, acc, AscendC::FixpipeParamsV220(16, 16, 16,"
            " 16, true, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false));") in body


GATHER_MASK = '''\
import pyasc as asc


@asc.jit
def patterns(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 4096)
    h = b.get_with_offset(256, 0, asc.float16)
    bits = b.get_with_offset(64, 1024, asc.{bits})
    params = asc.GatherMaskParams(1, 1, 8, 0)
    asc.gather_mask(h, h, {pattern}, False, 0, params)
'''


def _errors(src: str) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in analyze(src, "patterns.py").diagnostics if d.severity is Severity.ERROR]


def test_a_built_in_gather_mask_pattern_is_one_to_seven() -> None:
    assert _errors(GATHER_MASK.format(bits="uint16", pattern="7")) == []
    assert _errors(GATHER_MASK.format(bits="uint16", pattern="8")) == [
        ("PA303", "'src1_pattern' of asc.gather_mask() must be 1 to 7, got 8")]


def test_a_gather_mask_pattern_tensor_has_a_bit_per_element() -> None:
    assert _errors(GATHER_MASK.format(bits="uint16", pattern="bits")) == []
    [(code, message)] = _errors(GATHER_MASK.format(bits="uint32", pattern="bits"))
    assert code == "PA402" and "(float16, uint32)" in message


def test_a_class_preset_is_called_on_the_class() -> None:
    """asc.FixpipeConfig.cfg_nz() (a classmethod in CANN) is the preset's C++ constant."""
    src = KERNEL.replace("asc.FixpipeParamsV220(16, 16, 16, 16, relu_en=True))",
                         "asc.FixpipeParamsV220(16, 16, 16, 16), asc.FixpipeConfig.cfg_nz())")
    analysis = analyze(src, "forms.py")
    assert [d.message for d in analysis.diagnostics if d.severity is Severity.ERROR] == []
    assert ("AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(gx, acc, AscendC::FixpipeParamsV220(16, 16, 16, 16,"
            " false, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false));") in analysis.cpp
