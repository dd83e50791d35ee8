"""The rule-derived spec (language/api/rule/): the header reader of scripts/ascendc_api_facts.py on small
header-like snippets of our own, the naming rule, and the committed tables' exact figures (what the rule binds,
what the hand-written 1.1.1 tables already had, and every disagreement with how it is resolved). No Ascend C header
is needed: the facts table is committed."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pyasc.language import registry
from pyasc.language.api.rule.build import build
from pyasc.language.api.rule.names import F, arch_holds, param_name, snake
from pyasc.language.api.rule.store import SPEC_FILE, dump, load

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ascendc_api_facts.py"


@pytest.fixture(scope="module")
def reader() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ascendc_api_facts", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ascendc_api_facts"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


SNIPPET = """\
#ifndef MY_H
#define MY_LONG_MACRO(x) \\
    do { x; } while (0)
#include "kernel_tensor.h"
namespace AscendC {
/* !
 * \\note support data type: half and float
 */
template <typename T, bool isFast = false, const MyConfig& cfg = MY_DEFAULT>
__aicore__ inline void Widget(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
    const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount)
{
    if (calCount > 0) { WidgetImpl<T>(dstTensor, srcTensor); }
}
template <typename T>
__MY_ATTR__(3510, "a message, with a comma")
__aicore__ inline void Gadget(const LocalTensor<T>& dst, uint64_t mask[], const MyShape& shape = {});
__aicore__ inline void WidgetImpl(int x);  // an implementation detail: not an API
struct MyShape {
    uint32_t srcM{0};
    bool onOff = true;
    MyMode mode = MyMode::SLOW;
};
enum class MyMode : uint8_t { FAST = 0, SLOW, TURBO = 7 };
class Holder {
public:
    __aicore__ inline int32_t Count() const;
private:
    __aicore__ inline void Hidden();
};
namespace Internal {
__aicore__ inline void NotPublic();
}
constexpr MyShape MY_SHAPE = {8, false};
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
__aicore__ inline void Flag(uint16_t n, uint32_t stride);
struct MyRepeat {
    uint16_t stride = 0;
};
#else
__aicore__ inline void Flag(uint16_t n, uint16_t stride);
#endif
}  // namespace AscendC
#endif
"""


def test_the_reader_keeps_declarations_and_skips_bodies_macros_and_private_names(reader: ModuleType) -> None:
    facts = reader.extract([("include/adv_api/my/widget.h", SNIPPET)])
    fns = {(f.scope, f.name): f for f in facts.functions}
    assert set(fns) == {("AscendC", "Widget"), ("AscendC", "Gadget"), ("AscendC::Holder", "Count"), ("AscendC", "Flag")}
    widget = fns[("AscendC", "Widget")]
    assert widget.template == (("typename", "T", None), ("bool", "isFast", "false"),
                               ("const MyConfig&", "cfg", "MY_DEFAULT"))
    assert widget.params == (("const LocalTensor<T>&", "dstTensor", None), ("const LocalTensor<T>&", "srcTensor", None),
                             ("const LocalTensor<uint8_t>&", "sharedTmpBuffer", None),
                             ("const uint32_t", "calCount", None))
    assert widget.dtypes == ("float16", "float32") and widget.returns == "void" and widget.line == 9
    gadget = fns[("AscendC", "Gadget")]
    assert gadget.params[1:] == (("uint64_t[]", "mask", None), ("const MyShape&", "shape", "{}"))
    assert gadget.dtypes == ()  # the note is another declaration's
    assert fns[("AscendC::Holder", "Count")].returns == "int32_t"
    assert [(s.name, s.fields) for s in facts.structs] == [
        ("MyShape", [("uint32_t", "srcM", "{0}"), ("bool", "onOff", "true"), ("MyMode", "mode", "MyMode::SLOW")]),
        ("MyRepeat", [("uint16_t", "stride", "0", "(defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510))")])]
    assert [(e.name, e.members, e.scoped, e.base) for e in facts.enums] == [
        ("MyMode", [("FAST", 0), ("SLOW", 1), ("TURBO", 7)], True, "uint8_t")]
    assert [(c.name, c.ctype, c.value) for c in facts.constants] == [("MY_SHAPE", "MyShape", "{8, false}")]


def test_the_reader_keeps_the_architecture_branch_of_each_declaration(reader: ModuleType) -> None:
    """Two architectures' declarations of one function: each with its `#if` condition (the `#else` as the
    negation), so the bundled header keeps only the one for the architecture it checks (a call of both would be
    ambiguous)."""
    facts = reader.extract([("include/basic_api/w.h", SNIPPET)])
    flags = [(f.params[1][0], f.arch) for f in facts.functions if f.name == "Flag"]
    arch = "(defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510))"
    assert flags == [("uint32_t", arch), ("uint16_t", f"(!{arch})")]
    assert [arch_holds(a) for _t, a in flags] == [False, True]
    assert next(f for f in facts.functions if f.name == "Widget").arch == ""
    text, _left = reader.rule_header(json.loads(reader.render(facts)),
                                     "typedef __UINT16_TYPE__ uint16_t;\ntypedef __UINT32_TYPE__ uint32_t;\n")
    assert "Flag(uint16_t n, uint16_t stride);" in text and "uint32_t stride" not in text


def test_the_table_is_json_one_declaration_a_line(reader: ModuleType) -> None:
    import json

    text = reader.render(reader.extract([("include/basic_api/w.h", SNIPPET)]))
    data = json.loads(text)
    assert [f[1] for f in data["functions"]] == ["Widget", "Gadget", "Count", "Flag", "Flag"]
    assert text.count("\n") == (len(data["functions"]) + len(data["structs"]) + len(data["enums"])
                                 + len(data["constants"]) + 10)


@pytest.mark.parametrize(("cpp", "py"), [
    ("SoftmaxFlashV2", "softmax_flash_v2"), ("SwiGLU", "swiglu"), ("GeGLU", "geglu"), ("SoftMax", "softmax"),
    ("RmsNorm", "rmsnorm"), ("DataCopyPad", "data_copy_pad"), ("GetICachePreloadStatus", "get_i_cache_preload_status"),
    ("LoadData3DV2", "load_data3_dv2"), ("Add", "add")])
def test_names_are_snake_cased(cpp: str, py: str) -> None:
    assert snake(cpp) == py


@pytest.mark.parametrize(("cpp", "py"), [
    ("dstTensor", "dst"), ("srcTensor0", "src0"), ("srcLocal", "src"), ("expSumTensor", "exp_sum"),
    ("sharedTmpBuffer", "temp_buffer"), ("calCount", "count"), ("isReuseSource", "is_reuse_source"),
    ("softmaxShapeInfo", "softmax_shape_info"), ("maxTensor", "max"), ("in", "in_")])
def test_parameters_are_named_as_pyasc_names_them(cpp: str, py: str) -> None:
    assert param_name(cpp) == py


def test_the_committed_table_is_what_the_rule_derives() -> None:
    """Run `python scripts/ascendc_api_facts.py --spec` (it writes pyasc/language/api/rule_spec.json) after a change
    of the facts, the rule or the hand-written tables."""
    committed = (Path(registry.__file__).parent / "api" / SPEC_FILE).read_text(encoding="utf-8")
    assert dump(build(*registry.HANDWRITTEN)) == committed


def test_the_figures() -> None:
    facts = F
    assert (len(facts.FUNCTIONS), len({(f[0], f[1]) for f in facts.FUNCTIONS}), len(facts.STRUCTS),
            len(facts.ENUMS), len(facts.CONSTANTS)) == (1097, 573, 120, 68, 76)
    t = registry.RULE
    assert (len(t.apis), len(t.classes), len(t.enums), len(t.methods), len(t.extra_forms)) == (147, 60, 47, 14, 3)
    assert sum(len(a.declared) for a in t.apis) == 256
    assert sum(1 for a in t.apis if a.generated) == 77
    assert len(t.bound) == 258  # Ascend C names the hand-written 1.1.1 tables already bind
    assert len(t.unbound) == 185


DISAGREEMENTS = {
    "AscendQuantConfig": "the hand-written name is kept (CANN's 1.1.1 name)",
    **{n: "the hand-written binding is kept; the rule adds no second name" for n in (
        "AscendQuant", "ReduceMax", "ReduceMin", "ReduceSum", "Select", "Sort", "Transpose", "ICachePreLoad",
        "GetICachePreloadStatus", "SetFixpipePreQuantFlag", "Concat", "Extract", "And", "Or", "Not",
        "TQueBind::EnQue", "TQueBind::DeQue", "TBuf::EnQue", "TBuf::DeQue")},
    "TQueBind::InitStartBufHandle": "the hand-written form is kept (not generated); the rule adds no form",
    "TBuf::InitStartBufHandle": "the hand-written form is kept (not generated); the rule adds no form",
    **{n: "both: the hand-written form first, the rule's keyword form after it" for n in (
        "TPipe::InitBuffer", "TPipe::AllocEventID", "TPipe::FetchEventID")},
}


def test_every_disagreement_with_the_hand_written_tables_is_resolved() -> None:
    assert {name: how for name, _, how in registry.RULE.disagreements} == DISAGREEMENTS
    assert len(registry.RULE.disagreements) == 25


def test_hand_written_entries_override_the_rule() -> None:
    assert not registry.APIS["adv.softmax"].rule and not registry.APIS["add"].rule
    assert registry.CLASSES["adv.SoftmaxTiling"].cpp == "SoftMaxTiling"
    init = registry.method("TPipe", "init_buffer")
    assert init is not None and [o.rule != "" for o in init.overloads] == [False, False, True]
    assert init.overloads[-1].signature == "(self, buf: TBuf, len: int) -> Scalar[bool]"


def test_the_five_entries() -> None:
    flash = registry.APIS["adv.softmax_flash_v2"]
    assert flash.rule == "AscendC::SoftmaxFlashV2 (include/adv_api/activation/softmaxflashv2.h:93)"
    first = flash.overloads[0]
    assert [p.name for p in first.params] == ["dst", "exp_sum", "max", "src", "exp_max", "in_exp_sum", "in_max",
                                              "tiling", "softmax_shape_info", "is_update", "is_reuse_source",
                                              "is_basic_block", "is_data_format_nz", "config"]
    assert [p.name for p in first.params if p.keyword_only] == ["is_update", "is_reuse_source", "is_basic_block",
                                                                "is_data_format_nz", "config"]
    assert first.cpp == (
        "AscendC::SoftmaxFlashV2<{dst.T}{~is_update}{~is_reuse_source}{~is_basic_block}{~is_data_format_nz}"
        "{~config:=AscendC::SOFTMAX_DEFAULT_CFG}>({dst}, {exp_sum}, {max}, {src}, {exp_max}, {in_exp_sum}, {in_max}, "
        "{tiling}{~softmax_shape_info:=AscendC::SoftMaxShapeInfo()})")
    combos = [r for r in flash.dtype_rules if r.combos]
    assert ("float16", "float16", "float32", "float32", "float32", "float32", "float16") in combos[0].combos
    swiglu = registry.APIS["adv.swiglu"]
    assert [o.signature for o in swiglu.overloads][2] == (
        "(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, scalar_value: Number, count: int, *,"
        " is_reuse_source: bool = False) -> None")
    shape = registry.CLASSES["adv.SoftMaxShapeInfo"]
    assert shape.fields == ("src_m", "src_k", "ori_src_m", "ori_src_k") and not shape.constexpr
    config = registry.CLASSES["adv.SoftmaxConfig"]
    # C++ has constructors of one, three and four arguments: a form for each, the first that binds is written
    assert config.constexpr and [c.cpp for c in config.constructors] == [
        "AscendC::SoftmaxConfig({is_check_tiling})",
        "AscendC::SoftmaxConfig({is_check_tiling}, {ori_src_m}, {ori_src_k})",
        "AscendC::SoftmaxConfig({is_check_tiling}, {ori_src_m}, {ori_src_k}, {mode})"]
    loop = registry.CLASSES["LoopModeParams"]  # none or all six
    assert [c.cpp for c in loop.constructors] == ["AscendC::LoopModeParams()", "AscendC::LoopModeParams("
                                                  "{loop1_size}, {loop2_size}, {loop1_src_stride}, {loop1_dst_stride}, "
                                                  "{loop2_src_stride}, {loop2_dst_stride})"]
    assert registry.ENUMS["SoftmaxMode"].members == {"SOFTMAX_NORMAL": 0, "SOFTMAX_OUTPUT_WITHOUT_BRC": 1}


def test_a_broken_table_is_not_a_crash() -> None:
    empty = load('{"apis": [], "classes": [], "enums": [], "methods": [], "extra_forms": [], "bound": {}, '
                      '"disagreements": [], "unbound": []}')
    assert empty.apis == [] and empty.methods == {}


def test_static_asserts_state_dtypes(reader: ModuleType) -> None:
    body = """
    static_assert((std::is_same<T, float>::value || std::is_same<T, half>::value), "half/float only");
    """
    assert reader.asserted_dtypes(body, "T") == ("float32", "float16")
    assert reader.asserted_dtypes('static_assert(SupportType<U, int16_t, uint16_t>(), "x");', "U") == (
        "int16", "uint16")
    assert reader.asserted_dtypes('static_assert(SupportType<U, int16_t>(), "x");', "T") == ()  # another parameter
    assert reader.asserted_dtypes("static_assert(sizeof(T) == 2);", "T") == ()
    snippet = ("namespace AscendC {\ntemplate <typename T>\n__aicore__ inline void Gizmo(const LocalTensor<T>& dst)\n"
               "{\n    static_assert(SupportType<T, half, float>(), \"half or float\");\n}\n}\n")
    [fn] = reader.extract([("include/adv_api/g.h", snippet)]).functions
    assert fn.dtypes == ("float16", "float32")
