"""CANN's language semantics the front end reproduces statically: one kernel file per point under lang/ (its exact
diagnostics and a golden C++ in goldens/lang/), and the cases around each point written inline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

from .test_goldens import GOLDENS, check_kernel_file

HERE = Path(__file__).parent / "lang"
FILES = sorted(HERE.glob("*.py"))

EXPECTED: dict[str, list[tuple[str, int]]] = {
    # (code, line) of every diagnostic of the file
    "nested_kernels": [],
    "int_division": [("PA404", 17), ("PA404", 21)],
    "compile_time_values": [],
    "helper_specialization": [],
    "matmul_kernels": [("PA406", 12)] * 4 + [("PA406", 13)] + [("PA406", 43)] * 3 + [("PA406", 44)],
    "matmul_config": [],
    "rebinding": [],
    "static_range": [],
    "pure_constants": [],
}
KERNELS: dict[str, list[str]] = {
    "nested_kernels": ["scale", "test_scale_half.kernel", "test_scale_float.kernel"],
    "int_division": ["halve"],
    "compile_time_values": ["convert"],
    "helper_specialization": ["tile_range", "scale_rows_transposed_false_factor_2p0",
                              "scale_rows_transposed_true_factor_0p5", "rows"],
    "matmul_kernels": ["gemm_bias", "gemm_blocks"],
    "matmul_config": ["gemm_configured", "gemm_presets", "batched"],
    "rebinding": ["widen"],
    "static_range": ["stages"],
    "pure_constants": ["gelu_like"],
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_diagnostics_and_cpp(path: Path, update_goldens: bool) -> None:
    check_kernel_file(path, EXPECTED[path.stem], KERNELS[path.stem], GOLDENS / "lang", update_goldens)


def test_every_file_has_expectations() -> None:
    assert sorted(EXPECTED) == sorted(KERNELS) == [p.stem for p in FILES]


# -- point 4: integer division -----------------------------------------------------------------------------------------

def test_division_of_run_time_integers_is_an_integer_and_of_constants_a_float() -> None:
    text = (HERE / "int_division.py").read_text(encoding="utf-8")
    got = _messages(text)
    assert got == [
        ("PA404", "n / 2", "'/' between run-time integers divides integers, as in CANN's pyasc (Python would give "
         "a float); write '//' to say so"),
        ("PA404", "TILE / 8", "'/' between compile-time integers gives Python's float (64.0), as in CANN's pyasc; "
         "write '//' for an integer"),
    ]
    a = analyze(text, "k.py")
    assert "int32_t half_ = n / 2;" in a.cpp and "static_cast<float>(TILE) / 8" in a.cpp
    fix = a.diagnostics[0].fixes[0]
    assert fix.title == "Use integer division '//'" and [e.new_text for e in fix.edits] == ["//"]


# -- point 1: jit functions inside ordinary functions ----------------------------------------------------------------

def _messages(text: str, errors_only: bool = False) -> list[tuple[str, str, str]]:
    a = analyze(text, "k.py")
    lines = text.split("\n")
    return [(d.code, lines[d.span.line - 1][d.span.col:d.span.end_col], d.message)
            for d in (a.errors if errors_only else a.diagnostics)]


NESTED = '''import asc

def launch(n):
    length = 64

    @asc.jit
    def fill(t: asc.LocalTensor):
        asc.duplicate(t, 1.0, 64)

    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, 64)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 256)
        t = buf.get(asc.float32)
        asc.data_copy(t, x_gm, length)
        fill(t)
        asc.data_copy(x_gm, t, n)
'''


def test_a_nested_kernel_sees_module_names_only_as_cann_does() -> None:
    # CANN's tracer resolves a kernel's names in its module's globals: a local of the enclosing function, its
    # parameters and a jit function defined beside the kernel are all NameErrors there.
    got = _messages(NESTED, errors_only=True)
    why = ("a jit function sees only module-level names (CANN's pyasc resolves them in the module's globals); move "
           "it to module level or pass it as a parameter")
    assert got == [
        ("PA201", "length", f"'length' is not defined here: it is a local of 'launch', and {why}"),
        ("PA201", "fill", f"'fill' is not defined here: it is a local of 'launch', and {why}"),
        ("PA201", "n", f"'n' is not defined here: it is a local of 'launch', and {why}"),
    ]


def test_a_module_name_wins_over_a_local_of_the_enclosing_function() -> None:
    text = "LENGTH = 64\n" + NESTED.replace("    length = 64\n", "    LENGTH = 8\n").replace(
        "x_gm, length)", "x_gm, LENGTH)").replace("        fill(t)\n", "").replace("t, n)", "t, 64)")
    a = analyze(text, "k.py")
    assert [d.code for d in a.errors] == []
    assert "AscendC::DataCopy(t, x_gm, LENGTH);" in a.cpp and "constexpr int32_t LENGTH = 64;" in a.cpp


def test_jit_on_a_method_stays_an_error() -> None:
    text = "import asc\n\nclass Ops:\n    @asc.jit\n    def run(self, x: asc.GlobalAddress):\n        pass\n"
    assert _messages(text) == [("PA101", "asc.jit", "@asc.jit is not supported on methods; define the kernel as "
                                "a function (at module level or inside another function)")]


def test_nested_kernels_are_cached_per_kernel_and_shifted() -> None:
    text = (HERE / "nested_kernels.py").read_text(encoding="utf-8")
    cache = AnalysisCache()
    first = analyze(text, "k.py", cache=cache)
    moved = analyze("# a comment line\n" + text, "k.py", cache=cache)
    assert [k.reanalyzed for k in moved.kernels] == [False, False, False]
    assert [k.span.line - 1 for k in moved.kernels] == [k.span.line for k in first.kernels]
    edited = analyze(text.replace("scale(t, 0.5)", "scale(t, 0.25)"), "k.py", cache=cache)
    assert [(k.name, k.reanalyzed) for k in edited.kernels] == [
        ("scale", True), ("test_scale_half.kernel", False), ("test_scale_float.kernel", True)]
    assert "scale(t, 0.25f);" in edited.cpp


# -- pyasc --kernel: one kernel alone ----------------------------------------------------------------------------------

BROKEN = '''

def test_broken():
    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        asc.no_such_api(x)
'''


def test_analyzing_one_kernel_keeps_its_helpers_and_ignores_the_others() -> None:
    text = (HERE / "nested_kernels.py").read_text(encoding="utf-8") + BROKEN
    full = analyze(text, "k.py")
    assert [d.code for d in full.errors] == ["PA202"]
    one = analyze(text, "k.py", kernel="test_scale_float.kernel")
    assert one.diagnostics == [] and [k.name for k in one.kernels] == ["scale", "test_scale_float.kernel"]
    assert "void test_scale_float_kernel(GM_ADDR x)" in one.cpp and "test_scale_half_kernel" not in one.cpp
    assert "scale(AscendC::LocalTensor<float> t" in one.cpp and "LocalTensor<half>" not in one.cpp
    assert [k.name for k in analyze(text, "k.py", kernel="scale").kernels] == ["scale"]  # a unique plain name
    assert analyze(text, "k.py", kernel="kernel").kernels == []  # three are called so: outer.name is needed


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyasc.cli.main", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def test_cli_builds_one_nested_kernel_of_a_file_with_errors_elsewhere(tmp_path: Path) -> None:
    src = tmp_path / "tests.py"
    src.write_text((HERE / "nested_kernels.py").read_text(encoding="utf-8") + BROKEN, encoding="utf-8")
    out = tmp_path / "k.kernel"
    r = _cli("--input", str(src), "--output", str(out), "--kernel", "test_scale_half.kernel", "--keep-intermediate",
             "--no-cpp")
    assert r.returncode == 0, r.stderr
    cpp = out.with_suffix(".cpp").read_text(encoding="utf-8")
    assert 'extern "C" __global__ __aicore__ void test_scale_half_kernel(GM_ADDR x)' in cpp
    assert "test_scale_float_kernel" not in cpp and "no_such_api" not in cpp
    r = _cli("--input", str(src), "--output", str(out), "--kernel", "kernel", "--no-cpp")
    assert r.returncode == 2
    assert r.stderr == (f"pyasc: error: --kernel: no kernel 'kernel' in {src} (kernels: test_scale_half.kernel, "
                        "test_scale_float.kernel, test_broken.kernel; where a name repeats, give outer.name)\n")


# -- point 2: compile-time values --------------------------------------------------------------------------------------

def test_names_bound_to_dtypes_enums_and_lists_are_no_cpp_variables() -> None:
    a = analyze((HERE / "compile_time_values.py").read_text(encoding="utf-8"), "k.py")
    assert "auto " not in a.cpp and "src_type" not in a.cpp and "mode" not in a.cpp
    # `low` is a run-time int64_t in the C++: converted explicitly (a narrowing conversion in braces is an error)
    assert "uint64_t mask_list0[] = {FULL, static_cast<uint64_t>(low)};" in a.cpp
    assert "constexpr uint64_t FULL = 18446744073709551615ULL;" in a.cpp
    assert "AscendC::Cast(b, a, AscendC::RoundMode::CAST_RINT, 256);" in a.cpp


KERNEL = "import asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n"


def test_the_branch_a_constant_rules_out_is_only_checked_for_asc_names() -> None:
    # CANN never traces it, but resolves every asc.<name> of the function first
    text = KERNEL + "    if 2 > 1:\n        v = 1\n    else:\n        v = undefined_here\n        w = asc.no_such\n" \
        "    asc.printf('%d', v)\n"
    assert _messages(text, errors_only=True) == [
        ("PA202", "no_such", "asc has no function, class or dtype named 'no_such'")]


def test_an_if_on_a_dtype_is_rejected_as_cann_does() -> None:
    text = KERNEL + "    d = asc.float16\n    if d:\n        asc.printf('%d', n)\n"
    assert _messages(text, errors_only=True) == [
        ("PA303", "d", "an if condition must be a number, a bool or a run-time value, not dtype float16 (CANN's "
         "pyasc tests only those)")]


def test_power_of_run_time_values_stays_an_error() -> None:
    assert _messages(KERNEL + "    v = n ** 2\n    asc.printf('%d', v)\n", errors_only=True) == [
        ("PA111", "n ** 2", "operator '**' is not supported in a jit function; multiply explicitly (n * n)")]


# -- point 5: helpers returning tuples, helpers with Python defaults ---------------------------------------------------

def test_a_tuple_result_goes_through_out_parameters() -> None:
    a = analyze((HERE / "helper_specialization.py").read_text(encoding="utf-8"), "k.py")
    assert "__aicore__ inline void tile_range(int32_t index, int32_t size, int32_t& out_0, int32_t& out_1) {" \
        in a.cpp
    assert "    out_0 = first; out_1 = first + size;\n" in a.cpp
    assert "int32_t begin; int32_t end; tile_range(static_cast<int32_t>(AscendC::GetBlockIdx()), TILE, begin, " \
        "end);" in a.cpp


def test_a_defaulted_parameter_specializes_the_helper_and_its_if_folds() -> None:
    a = analyze((HERE / "helper_specialization.py").read_text(encoding="utf-8"), "k.py")
    assert "void scale_rows_transposed_true_factor_0p5(AscendC::LocalTensor<float> t, int32_t count) {\n" \
        "    AscendC::Muls(t, t, 0.5f, count);\n}" in a.cpp


HELPERS = "import asc\n\n@asc.jit\ndef pair(n: int):\n    return n, n + 1\n\n" \
    "@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n"


def test_unpacking_a_tuple_into_the_wrong_number_of_names_is_an_error() -> None:
    text = HELPERS + "    a, b, c = pair(n)\n"
    assert _messages(text, errors_only=True) == [("PA303", "a, b, c = pair(n)", "3 names are assigned 2 values")]


def test_a_run_time_value_for_a_defaulted_parameter_stays_a_parameter() -> None:
    text = ("import asc\n\n@asc.jit\ndef add(t: asc.LocalTensor, v: float = 1.0):\n    asc.adds(t, t, v, 64)\n\n"
            "@asc.jit\ndef k(x: asc.GlobalAddress, s: float) -> None:\n    pipe = asc.TPipe()\n"
            "    buf = asc.TBuf(asc.TPosition.VECCALC)\n    pipe.init_buffer(buf, 256)\n"
            "    t = buf.get(asc.float32)\n    add(t, s)\n    add(t)\n")
    a = analyze(text, "k.py")
    assert [d.code for d in a.errors] == []
    assert "__aicore__ inline void add(AscendC::LocalTensor<float> t, float v) {" in a.cpp
    assert "__aicore__ inline void add_v_1p0(AscendC::LocalTensor<float> t) {" in a.cpp
    assert "    add(t, s);\n    add_v_1p0(t);\n" in a.cpp


# -- point 6: the Matmul object -------------------------------------------------------------------------------------

_MM_HEAD = ("import asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress, flag: bool, depth: int) -> None:\n"
            "    x_gm = asc.GlobalTensor()\n    x_gm.set_global_buffer(x)\n"
            "    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)\n")


def test_matmul_policy_is_the_class_template_argument_ascend_c_takes() -> None:
    """The default policy (a member or CANN's int 0) writes nothing, as CANN does; another is the last template
    argument after the configuration and callback Ascend C defaults to; CANN's asc does not export MatmulPolicy."""
    head = _MM_HEAD.replace("import asc\n", "import asc\nfrom asc.language.core.enums import MatmulPolicy\n")
    for policy in ("0", "MatmulPolicy.MatmulPolicy"):
        a = analyze(head + f"    mm = asc.adv.Matmul(t, t, t, matmul_policy={policy})\n    mm.end()\n", "k.py")
        assert not a.errors and "AscendC::Matmul<t, t, t> mm;" in a.cpp
    for policy in ("1", "MatmulPolicy.TrianUpperMatmulPolicy"):
        a = analyze(head + f"    mm = asc.adv.Matmul(t, t, t, matmul_policy={policy})\n    mm.end()\n", "k.py")
        assert not a.errors
        assert ("AscendC::Matmul<t, t, t, t, CFG_NORM, AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>, "
                "AscendC::Impl::Detail::TrianUpperMatmulPolicy> mm;") in a.cpp
    a = analyze(head + "    mm = asc.adv.Matmul(t, t, t, matmul_policy=depth)\n    mm.end()\n", "k.py")
    assert [(d.code, d.span.line) for d in a.errors] == [("PA303", 10)]
    a = analyze(_MM_HEAD + "    mm = asc.adv.Matmul(t, t, t, matmul_policy=asc.MatmulPolicy.MatmulPolicy)\n", "k.py")
    assert [d.code for d in a.errors] == ["PA202"]
    assert "from asc.language.core.enums import MatmulPolicy" in a.errors[0].message


def test_matmul_policy_named_through_asc_language_core_enums() -> None:
    """`asc.language.core.enums.MatmulPolicy.X` (CANN's tracer accepts the chain) means what the import means."""
    head = _MM_HEAD.replace("import asc\n", "import asc\nfrom asc.language.core.enums import MatmulPolicy\n")
    imported = analyze(head + "    mm = asc.adv.Matmul(t, t, t, matmul_policy=MatmulPolicy.TrianLowerMatmulPolicy)\n"
                       "    mm.end()\n", "k.py")
    chained = analyze(_MM_HEAD + "    mm = asc.adv.Matmul(t, t, t, matmul_policy=asc.language.core.enums."
                      "MatmulPolicy.TrianLowerMatmulPolicy)\n    mm.end()\n", "k.py")
    assert not imported.errors and not chained.errors
    assert "AscendC::Impl::Detail::TrianLowerMatmulPolicy> mm;" in chained.cpp
    assert chained.cpp.split("__aicore__")[1:] == imported.cpp.split("__aicore__")[1:]
    a = analyze(_MM_HEAD + "    p = asc.language.core.TPosition.VECIN\n    q = asc.language.fwk.TPipe()\n", "k.py")
    assert not a.errors
    a = analyze(_MM_HEAD + "    mm = asc.adv.Matmul(t, t, t, matmul_policy=asc.language.core.enums."
                "MatmulPolicyy.TrianLowerMatmulPolicy)\n", "k.py")
    assert [(d.code, d.span.line, d.fixes[0].edits[0].new_text if d.fixes else None) for d in a.errors] == \
        [("PA202", 9, "MatmulPolicy")]


def test_matmul_config_is_a_constexpr_record_the_matmul_type_names() -> None:
    cpp = analyze((HERE / "matmul_config.py").read_text(encoding="utf-8"), "matmul_config.py").cpp
    # the fields given and those whose C++ default (zero) is not the language's (do_norm, batch_mode), in order
    assert ("    constexpr static MatmulConfig only_iterate_all = {.doNorm = true, .batchMode = "
            "BatchMode::BATCH_LESS_THAN_L1, .enableSetTail = false, .iterateMode = IterateMode::ITERATE_MODE_ALL};\n"
            "    AscendC::Matmul<half_nd, half_nd, float_nd, float_nd, only_iterate_all> mm;\n") in cpp
    # a configuration written inline is declared first; the bias type defaults to C's before it
    assert "    AscendC::Matmul<half_nd, half_nd, float_nd, float_nd, by_cols_cfg> by_cols;\n" in cpp
    assert ".iterateOrder = IterateOrder::ORDER_N, .scheduleType = ScheduleType::INNER_PRODUCT};" in cpp
    assert ("constexpr static MatmulConfig fixed = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(shape, features);"
            in cpp)
    assert "constexpr static MatmulFuncParams features = {.enableReuse = false};" in cpp
    assert ("constexpr static MatmulApiStaticTiling static_tiling = AscendC::GetMatmulApiTiling<half_nd, half_nd, "
            "float_nd, float_nd>(fixed, 524288);") in cpp


def test_matmul_get_config_helpers_build_the_record_cann_builds() -> None:
    text = _MM_HEAD + ("    c = asc.adv.get_mdl_config()\n    asc.adv.get_mm_config()\n"
                       "    b = asc.adv.MatmulBatchParams(True)\n")
    cpp = analyze(text, "k.py").cpp
    # CANN's pyasc keeps do_norm in get_mdl_config's MatmulConfig (Ascend C's GetMDLConfig() would not)
    assert ("constexpr static MatmulConfig c = MatmulConfig{.doNorm = true, .intrinsicsCheck = false, "
            ".isNBatch = false, .enVecND2NZ = false, .doMTE2Preload = 0, .enUnitFlag = false, .isPerTensor = false, "
            ".hasAntiQuantOffset = false, .batchMode = BatchMode::BATCH_LESS_THAN_L1, .enableReuse = true, "
            ".enableUBReuse = true, .enableL1CacheUB = false, .enableMixDualMaster = false, "
            ".enableKdimReorderLoad = false};") in cpp
    assert "GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulBiasParams{});" in cpp
    assert ("constexpr static MatmulBatchParams b = {.isNBatch = true, .batchMode = BatchMode::BATCH_LESS_THAN_L1, "
            ".isBiasBatch = false};") in cpp


def test_matmul_compile_time_arguments_must_be_known() -> None:
    text = _MM_HEAD + ("    cfg = asc.adv.MatmulConfig(step_m=depth)\n    normal = asc.adv.get_normal_config(flag)\n"
                       "    mm = asc.adv.Matmul(t, t, t)\n    mm.iterate_all(x_gm, sync=flag)\n")
    got = [(d.code, d.span.line, d.message) for d in analyze(text, "k.py").errors]
    assert got == [
        ("PA303", 9, "'step_m' of asc.adv.MatmulConfig() must be known at compile time (a literal, a module constant "
         "or a ConstExpr parameter): the C++ takes it as a compile-time value"),
        ("PA303", 10, "'intrinsics_limit' of asc.adv.get_normal_config() must be known at compile time (a literal, a "
         "module constant or a ConstExpr parameter): the C++ takes it as a compile-time value"),
        ("PA303", 12, "'sync' of iterate_all() must be known at compile time (a literal, a module constant or a "
         "ConstExpr parameter): the C++ takes it as a compile-time value")]


def test_matmul_sync_and_trailing_arguments_as_cann_engineers_write_them() -> None:
    cpp = analyze((HERE / "matmul_config.py").read_text(encoding="utf-8"), "matmul_config.py").cpp
    assert "    mm.IterateAll<false>(out_gm, 0, false, true);\n    mm.WaitIterateAll();\n" in cpp
    assert "for (int32_t count = 0; by_rows.Iterate<false>(); ++count) {" in cpp
    assert "        by_rows.GetTensorC<false>(out_gm);\n" in cpp
    assert "    mm.IterateBatch(out_gm, 2, 2, false);\n" in cpp
    assert "    mm.IterateBatch<false, true>(out_gm, 2, 2, false, 0, 0, BLOCK_N);\n    mm.WaitIterateBatch();\n" in cpp
    assert "    mm.IterateNBatch<false>(4, 2, 2, false);\n" in cpp
    # the result of get_batch_tensor_c has C's element type
    assert "    AscendC::GlobalTensor<float> first = mm.GetBatchTensorC<false>(2, 2);\n" in cpp


def test_matmul_tensors_take_the_operand_types() -> None:
    text = _MM_HEAD + ("    ft = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)\n"
                       "    mm = asc.adv.Matmul(t, t, ft)\n    mm.set_tensor_a(x_gm)\n    mm.iterate_all(x_gm)\n"
                       "    with mm.iterate() as n:\n        ...\n")
    a = analyze(text, "k.py")
    assert "AscendC::GlobalTensor<half> x_gm;" in a.cpp  # from A's MatmulType
    assert [(d.code, d.span.line, d.message) for d in a.errors] == [
        ("PA403", 12, "iterate_all() takes the C matrix of float32, as the Matmul's MatmulType says, but this tensor "
         "is float16")]


def test_matmul_scalars_and_single_dtype_tensors_get_their_types() -> None:
    text = _MM_HEAD.replace("flag: bool", "q: asc.GlobalAddress, flag: bool") + (
        "    mm = asc.adv.Matmul(t, t, t)\n    mm.set_tensor_a(8)\n"
        "    q_gm = asc.GlobalTensor()\n    q_gm.set_global_buffer(q)\n    mm.set_quant_vector(q_gm)\n")
    a = analyze(text, "k.py")
    assert a.errors == []
    assert "    mm.SetTensorA(static_cast<half>(8.0f));\n" in a.cpp  # A's element type: the int is not ambiguous
    assert "AscendC::GlobalTensor<uint64_t> q_gm;" in a.cpp  # the one dtype set_quant_vector takes


def test_matmul_calls_as_cann_engineers_write_them() -> None:
    cpp = analyze((HERE / "matmul_kernels.py").read_text(encoding="utf-8"), "matmul_kernels.py").cpp
    assert '#include "lib/matmul_intf.h"' in cpp
    assert "REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling);" in cpp
    assert "REGIST_MATMUL_OBJ(&pipe, workspace, mm);\n    mm.Init(&tiling);" in cpp
    assert "AscendC::Matmul<left, right, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, T_out, false, " \
           "LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, T_b, false, " \
           "LayoutMode::NONE>> mm;" in cpp
    assert "for (int32_t count = 0; mm.Iterate(); ++count) {" in cpp


def test_matmul_cube_only_defines_ascendc_cube_only_for_the_file() -> None:
    kernel = ("@asc.jit{opts}\ndef k(x: asc.GlobalAddress, workspace: asc.GlobalAddress,"
              " tiling: asc.adv.TCubeTiling) -> None:\n"
              "    x_gm = asc.GlobalTensor()\n    x_gm.set_global_buffer(x)\n    pipe = asc.TPipe()\n"
              "    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)\n"
              "    mm = asc.adv.Matmul(t, t, t)\n    asc.adv.register_matmul(pipe, workspace, mm, tiling)\n"
              "    mm.set_tensor_a(x_gm)\n    mm.end()\n")
    cube_only = analyze("import asc\n\n\n" + kernel.format(opts="(matmul_cube_only=True)"), "k.py").cpp
    mixed = analyze("import asc\n\n\n" + kernel.format(opts=""), "k.py").cpp
    assert '#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n' in cube_only
    assert "ASCENDC_CUBE_ONLY" not in mixed
    # matmul_kernels.py has a cube-only kernel and a mixed one: the file-wide define would be wrong for one of them
    assert "ASCENDC_CUBE_ONLY" not in analyze((HERE / "matmul_kernels.py").read_text(encoding="utf-8"), "m.py").cpp


# -- point 3: re-binding -----------------------------------------------------------------------------------------------

def test_straight_line_rebinding_declares_a_new_variable() -> None:
    a = analyze((HERE / "rebinding.py").read_text(encoding="utf-8"), "k.py")
    assert "AscendC::LocalTensor<float> t_2 = b_buf.Get<float>();" in a.cpp
    assert "AscendC::Cast(t_2, half_t, AscendC::RoundMode::CAST_NONE, 128);" in a.cpp
    assert "float step_2 = 0.25f;" in a.cpp and "AscendC::Muls(t_2, t_2, step_2, 128);" in a.cpp


def test_rebinding_to_another_type_in_a_loop_and_a_python_int_carried_by_a_loop_are_errors() -> None:
    text = KERNEL + "    v = n\n    w = 0\n    for i in range(n):\n        v = 1.5\n        w = w + i\n" \
        "    asc.printf('%f %d', v, w)\n"
    assert _messages(text, errors_only=True) == [
        ("PA108", "v", "'v' is re-assigned to a value of another type inside an if/for/while body: it was int, now "
         "float = 1.5 (CANN's pyasc rejects this; use a new name)"),
        ("PA108", "w", "'w' holds the compile-time value 0 and is re-bound inside a loop; CANN's pyasc cannot carry "
         "a Python value through a loop: give it a run-time start (e.g. w = asc.number(0, asc.int32))"),
    ]


# -- point 13: @asc.jit options ----------------------------------------------------------------------------------------

def test_a_parameter_named_like_a_jit_option_is_rejected_as_cann_does() -> None:
    text = "import asc\n\n@asc.jit(auto_sync=False, opt_level=2)\ndef k(x: asc.GlobalAddress, debug: int) -> None:\n" \
        "    asc.printf('%d', debug)\n"
    assert _messages(text, errors_only=True) == [
        ("PA109", "debug: int", "parameter 'debug' has the name of an @asc.jit option, which CANN's pyasc rejects; "
         "rename it")]


# -- point 2: asc.static_range, pure module constants, builtins ------------------------------------------------------

UNROLL = '''import asc
import math
from math import sqrt

SCALE = 1 / sqrt(2)
HALF = math.floor(5 / 2)


@asc.jit
def k(x: asc.GlobalAddress, n: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(asc.float32)
{body}
'''


def _unroll(body: str) -> tuple[list[tuple[str, str, str]], str]:
    text = UNROLL.format(body="".join(f"    {line}\n" for line in body.strip("\n").split("\n")))
    return _messages(text, errors_only=True), analyze(text, "k.py").cpp


def test_static_range_over_a_constexpr_without_a_value_stays_a_loop_over_it() -> None:
    errors, cpp = _unroll("for i in asc.static_range(n):\n    asc.adds(t, t, 1.0, 64)")
    assert errors == []
    assert "for (int32_t i = 0; i < n; i++) {" in cpp


def test_static_range_unrolls_with_the_launch_value_of_a_constexpr() -> None:
    text = UNROLL.format(body="    for i in asc.static_range(n):\n        asc.adds(t, t, 1.0, 32 * (i + 1))\n") + \
        "\n\ndef launch(x):\n    k[1](x, 2)\n"
    cpp = analyze(text, "k.py").cpp
    assert "// i = 0 (asc.static_range, unrolled)\n    AscendC::Adds(t, t, 1.0f, 32);\n" \
           "    // i = 1 (asc.static_range, unrolled)\n    AscendC::Adds(t, t, 1.0f, 64);" in cpp


def test_static_range_longer_than_the_limit_is_cut_with_a_warning() -> None:
    text = UNROLL.format(body="    for i in asc.static_range(1000):\n        asc.adds(t, t, 1.0, 64)\n")
    got = [(c, m) for c, _, m in _messages(text) if c == "PA902"]
    assert got == [("PA902", "asc.static_range unrolls 1000 copies of its body, more than the 256 this analysis "
                    "unrolls; use range() for a long loop")]
    assert analyze(text, "k.py").cpp.count("AscendC::Adds") == 256


def test_math_functions_give_module_constants_but_not_kernel_references() -> None:
    errors, cpp = _unroll("asc.muls(t, t, SCALE * HALF, 64)\nasc.muls(t, t, math.pi, 64)")
    assert errors == []
    assert "constexpr float SCALE = 0.7071067811865475f;\nconstexpr int32_t HALF = 2;" in cpp
    assert "AscendC::Muls(t, t, SCALE * HALF, 64);" in cpp
    assert "AscendC::Muls(t, t, 3.141592653589793f, 64);" in cpp
    errors, _ = _unroll("asc.muls(t, t, sqrt(2.0), 64)")
    assert errors == [("PA101", "sqrt", "math.sqrt is a Python function, which CANN's pyasc refuses to reference in "
                       "a jit function (Unsupported function referenced); compute the value in a module constant "
                       "(VALUE = math.sqrt(...)), where math applies")]


def test_module_constants_call_only_the_allow_list() -> None:
    text = UNROLL.replace("HALF = math.floor(5 / 2)", "HALF = math.floor(5 / 2)\nHOME = __import__('os').getcwd()"
                          "\nBIG = math.factorial(10**7)")
    module = analyze(text.format(body="    pass"), "k.py")
    assert "HOME" not in module.cpp and "BIG" not in module.cpp
    assert "constexpr int32_t HALF = 2;" not in module.cpp  # not read by the kernel: not emitted


SEQUENCES = '''import asc
import numpy as np
from asc.language.fwk.tpipe import TQueBind

@asc.jit
def k() -> None:
    que = TQueBind(src=asc.TPosition.VECIN, dst=asc.TPosition.VECOUT, depth=1)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
    params = asc.InitConstValueParams(repeat_times=1, block_num=2, dst_gap=0, init_value=np.float16(2.2))
    asc.init_const_value(dst, params)
    sizes = (16,) + (32, 64)
    asc.printf("%d", sizes[2] * len([0] * 3))
    ...
{extra}'''


def test_submodule_imports_numpy_scalars_sequences_and_ellipsis() -> None:
    text = SEQUENCES.format(extra="")
    assert _messages(text, errors_only=True) == []
    cpp = analyze(text, "k.py").cpp
    assert "AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> que;" in cpp
    assert "static_cast<half>(2.2f)" in cpp
    assert 'AscendC::printf("%d", 192);' in cpp
    got = _messages(SEQUENCES.format(extra="    z = np.zeros(4)\n"), errors_only=True)
    assert got == [("PA101", "zeros", "numpy.zeros cannot be used in a jit function: CANN's pyasc lets a kernel use "
                    "numpy's scalar types only (np.float16(2.2)); compute other values on the host or in a module "
                    "constant")]


# -- point 6: ConstExpr parameters of helpers -------------------------------------------------------------------------

CONST_HELPER = '''import asc

TILE = 64


@asc.jit
def part(t: asc.LocalTensor, count: asc.ConstExpr[int], twice: asc.ConstExpr[bool]) -> None:
    if twice:
        asc.muls(t, t, 2.0, count)
    else:
        asc.adds(t, t, 1.0, count)


@asc.jit
def k(x: asc.GlobalAddress, n: asc.ConstExpr[int]) -> None:
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = buf.get(asc.float32)
{body}

def launch(x):
    k[1](x, 32)
'''


def test_helper_constexpr_parameters_specialize_the_helper_per_value() -> None:
    text = CONST_HELPER.format(body="    part(t, TILE, True)\n    part(t, n, False)\n    part(t, TILE, True)\n")
    assert _messages(text, errors_only=True) == []
    cpp = analyze(text, "k.py").cpp
    assert "__aicore__ inline void part_count_64_twice_true(AscendC::LocalTensor<float> t) {\n" \
           "    AscendC::Muls(t, t, 2.0f, TILE);\n}" in cpp
    assert "__aicore__ inline void part_count_32_twice_false(AscendC::LocalTensor<float> t) {\n" \
           "    AscendC::Adds(t, t, 1.0f, 32);\n}" in cpp
    assert cpp.count("inline void part_") == 2
    assert "    part_count_64_twice_true(t);\n    part_count_32_twice_false(t);\n" \
           "    part_count_64_twice_true(t);" in cpp


def test_helper_constexpr_parameter_takes_a_python_number_however_it_is_spelled() -> None:
    """Arithmetic of module constants, and a local bound to a Python number, are Python ints while CANN's pyasc
    traces the call (it accepts them): the helper is specialized for their value."""
    text = CONST_HELPER.format(body="    part(t, TILE * 2, True)\n    half = TILE // 2\n    part(t, half, True)\n")
    assert _messages(text, errors_only=True) == []
    cpp = analyze(text, "k.py").cpp
    assert "__aicore__ inline void part_count_128_twice_true(AscendC::LocalTensor<float> t) {\n" \
           "    AscendC::Muls(t, t, 2.0f, 128);\n}" in cpp
    assert "__aicore__ inline void part_count_32_twice_true(AscendC::LocalTensor<float> t) {\n" \
           "    AscendC::Muls(t, t, 2.0f, 32);\n}" in cpp
    assert "    part_count_128_twice_true(t);\n    int32_t half_ = TILE / 2;\n    part_count_32_twice_true(t);" in cpp


def test_helper_constexpr_parameter_needs_a_compile_time_value_of_its_kind() -> None:
    got = _messages(CONST_HELPER.format(body="    part(t, asc.get_block_idx(), True)\n"), errors_only=True)
    assert [(c, s) for c, s, _ in got] == [("PA303", "asc.get_block_idx()")]
    assert "needs a compile-time int" in got[0][2] and "ConstExpr[int] is required" in got[0][2]
    got = _messages(CONST_HELPER.format(body="    part(t, 2.5, True)\n"), errors_only=True)
    assert got == [("PA303", "2.5", "the ConstExpr[int] parameter 'count' of part() needs a compile-time int, got "
                    "float 2.5 (CANN's pyasc: ConstExpr[int] is required); pass a literal, a module constant or a "
                    "ConstExpr of the caller")]


def test_a_helper_taking_a_matmul_is_a_template_of_its_type() -> None:
    """Kernels may build their Matmul from other types and configurations: the helper deduces the Matmul's type, and
    calls its member templates as `mm.template F<...>()`."""
    text = (_MM_HEAD + "    mm = asc.adv.Matmul(t, t, t)\n    run(mm, x_gm)\n\n\n"
            "@asc.jit\ndef run(mm: asc.adv.Matmul, c: asc.GlobalTensor) -> None:\n"
            "    mm.iterate_all(c, sync=False)\n    mm.end()\n")
    a = analyze(text, "k.py")
    assert not a.errors
    assert "template <class MM_T>\n__aicore__ inline void run(MM_T& mm, " in a.cpp
    assert "    mm.template IterateAll<false>(c);\n" in a.cpp


def test_module_constants_bound_by_unpacking() -> None:
    text = ("import asc\n\nM, N = 128, 2 * 32\nA, B = (1, M // 64)\n\n\n"
            "@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n"
            "    x_gm = asc.GlobalTensor()\n    x_gm.set_global_buffer(x, M * N + A + B)\n")
    a = analyze(text, "k.py")
    assert not a.errors
    assert "M * N + A + B" in a.cpp and "constexpr int32_t N = 64;" in a.cpp


def test_an_address_passed_to_a_helper_stays_a_gm_addr() -> None:
    """A helper's GlobalAddress parameter is a GM_ADDR like the kernel's: the kernel's typed view of it (the cast
    its own element accesses need) is not what the helper takes."""
    text = ("import asc\n\n@asc.jit\ndef load(src: asc.GlobalAddress, n: int) -> None:\n"
            "    g = asc.GlobalTensor()\n    g.set_global_buffer(src, n)\n\n"
            "@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n    g = asc.GlobalTensor()\n"
            "    g.set_global_buffer(x, 64)\n    load(x, 64)\n    load(x + 32, 32)\n"
            "    pipe = asc.TPipe()\n    buf = asc.TBuf(asc.TPosition.VECCALC)\n    pipe.init_buffer(buf, 256)\n"
            "    t = buf.get(asc.float32)\n    asc.data_copy(t, g, 64)\n")
    a = analyze(text, "k.py")
    assert not a.errors
    assert "    load(x, 64);\n" in a.cpp
    assert "    load((GM_ADDR)((__gm__ float*)x + 32), 32);\n" in a.cpp
