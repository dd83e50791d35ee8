"""API calls spelled as the Ascend C headers declare them: one kernel file per family under api_spellings/ (its exact
diagnostics and a golden C++ in goldens/api_spellings/; tests/toolchain parses the same files against the bundled
header), and the cases around each family written inline."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import analyze

from .test_goldens import GOLDENS, check_kernel_file

HERE = Path(__file__).parent / "api_spellings"
FILES = sorted(HERE.glob("*.py"))

EXPECTED: dict[str, list[tuple[str, int]]] = {
    # (code, line) of every diagnostic of the file
    "workspaces": [],
    "scalar_operands": [],
    "member_templates": [("PA406", 8), ("PA406", 8), ("PA308", 11)],
    "mem_allocator": [],
    "queue_helpers": [("PA407", 25)],
    "helper_results": [],
}
KERNELS: dict[str, list[str]] = {
    "workspaces": ["ordered_accumulate", "warm_table"],
    "scalar_operands": ["bit_fields"],
    "member_templates": ["hinted_copy"],
    "mem_allocator": ["staged_scale"],
    "queue_helpers": ["stage_in", "stage_out", "relay", "relay_fixed"],
    "helper_results": ["split_range", "bounds", "defaults", "tiles"],
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_diagnostics_and_cpp(path: Path, update_goldens: bool) -> None:
    check_kernel_file(path, EXPECTED[path.stem], KERNELS[path.stem], GOLDENS / "api_spellings", update_goldens)


def test_every_file_has_expectations() -> None:
    assert sorted(EXPECTED) == sorted(KERNELS) == [p.stem for p in FILES]


# -- APIs taking one element type: it types the tensor --------------------------------------------------------------

def test_single_dtype_apis_type_an_untyped_address() -> None:
    cpp = analyze((HERE / "workspaces.py").read_text(encoding="utf-8"), "k.py").cpp
    assert "template <" not in cpp and "DTYPE" not in cpp
    assert "ws_gm.SetGlobalBuffer((__gm__ int32_t*)workspace, CORES * 8);" in cpp
    assert "AscendC::GlobalTensor<uint64_t> table_gm;" in cpp


SYNC_ON = """import asc


@asc.jit
def k(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    ub = buf.get(asc.int32)
    TYPED
    asc.sync_all(x_gm, ub)
"""


def test_a_tensor_typed_otherwise_keeps_its_dtype_and_the_error() -> None:
    typed = SYNC_ON.replace("TYPED", "f = buf.get(asc.float32)\n    asc.data_copy(f, x_gm, 64)")
    errors = [d for d in analyze(typed, "k.py").diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.message) for d in errors] == [
        ("PA402", "asc.sync_all() does not support float32 for 'gm_workspace': expected one of int32")]
    untyped = analyze(SYNC_ON.replace("TYPED", "pass"), "k.py")
    assert not untyped.errors and "AscendC::SyncAll<true>(x_gm, ub, 0);" in untyped.cpp


# -- tensor-scalar operations: the scalar has exactly the element type ---------------------------------------------

def test_literal_scalars_take_the_element_type_and_int32_stays_bare() -> None:
    cpp = analyze((HERE / "scalar_operands.py").read_text(encoding="utf-8"), "k.py").cpp
    assert "AscendC::ShiftLeft(w, w, static_cast<int16_t>(2), LANES);" in cpp
    assert "AscendC::ShiftLeft<uint16_t, true>(u, u, static_cast<uint16_t>(3), 128, 1, params);" in cpp
    assert "AscendC::ShiftRight<int16_t, true>(w, w, static_cast<int16_t>(shift), mask_list0, 1, params);" in cpp
    assert "AscendC::Muls(wide, wide, 3, LANES / 2);" in cpp


# -- member templates of a dependent tensor --------------------------------------------------------------------------

def test_member_templates_of_a_generic_tensor_say_template() -> None:
    text = (HERE / "member_templates.py").read_text(encoding="utf-8")
    generic = analyze(text, "k.py").cpp
    # CANN writes the Ascend C enumerator of its value 0 (PA308)
    assert "src_gm.template SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_DISABLE);" \
        in generic
    assert "AscendC::LocalTensor<uint8_t> raw = tile.template ReinterpretCast<uint8_t>();" in generic
    assert "que.AllocTensor<T_dst>()" in generic  # the queue's type does not depend on T: no `template` there
    typed_text = text.replace("src.dtype.sizeof()", "2").replace("(src.dtype)", "(asc.float16)")
    typed = analyze(typed_text, "k.py").cpp
    assert "src_gm.SetL2CacheHint<AscendC::CacheRwMode::READ>(" in typed and ".template " not in typed


# -- helpers taking queues of a depth not known here ----------------------------------------------------------------

def test_a_queue_of_unknown_depth_is_a_deduced_template_parameter_of_the_helper() -> None:
    cpp = analyze((HERE / "queue_helpers.py").read_text(encoding="utf-8"), "k.py").cpp
    assert ("template <int32_t depth_que>\n__aicore__ inline void stage_in(AscendC::GlobalTensor<half> src_gm, "
            "AscendC::TQue<AscendC::TPosition::VECIN, depth_que>& que, int32_t offset) {\n"
            "    AscendC::LocalTensor<half> tile = que.template AllocTensor<half>();\n") in cpp
    assert "que.template DeQue<half>();" in cpp and "None" not in cpp
    # the queue of depth 2 is passed as its type, and its member templates need no `template`
    assert ("__aicore__ inline void stage_out(AscendC::GlobalTensor<half> dst_gm, "
            "AscendC::TQue<AscendC::TPosition::VECIN, 2>& que, int32_t offset) {\n"
            "    AscendC::LocalTensor<half> tile = que.DeQue<half>();\n") in cpp


# -- helpers returning several values ----------------------------------------------------------------------------------

def test_results_of_a_call_made_for_its_effects_get_variables_and_a_list_returns_its_items() -> None:
    cpp = analyze((HERE / "helper_results.py").read_text(encoding="utf-8"), "k.py").cpp
    assert "    { int32_t unused_0; int32_t unused_1; split_range(total, 4, unused_0, unused_1); }\n" in cpp
    assert "    { int32_t unused_0; bool unused_1; defaults(unused_0, unused_1); }\n" in cpp
    assert ("__aicore__ inline void bounds(int32_t lo, int32_t hi, int32_t& out_0, int32_t& out_1, int32_t& out_2) {\n"
            "    out_0 = lo; out_1 = hi; out_2 = hi - lo;\n}") in cpp
    assert "int32_t lo; int32_t hi; int32_t width; bounds(step, last, lo, hi, width);" in cpp
