"""APIs CANN declares `(*args, **kwargs)` and dispatches by the arguments' types (get_mm_config): the mode and
the parameter records bind in any order, by keyword too; comparisons of ConstExpr values fill compile-time fields."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.language import registry
from pyasc.language.spec import Param, bind_by_type

HEAD = """import asc


@asc.jit
def k(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, m: asc.ConstExpr[int],
      n: asc.ConstExpr[int]) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    shape = asc.adv.MatmulShapeParams(128, 128, 64, 64, 64, 32)
    funcs = asc.adv.MatmulFuncParams(enable_reuse=False)
"""
TAIL = """    mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, cfg)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.end()
"""


def _cfg_line(body: str) -> str:
    a = analyze(HEAD + body + TAIL, "k.py")
    assert [d for d in a.diagnostics if d.severity == Severity.ERROR] == []
    return next(line.strip() for line in a.cpp.splitlines() if "MatmulConfig cfg" in line)


def test_the_mode_binds_wherever_it_is_written() -> None:
    want = "constexpr static MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(shape, funcs);"
    assert _cfg_line("    cfg = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL, shape, funcs)\n") == want
    assert _cfg_line("    cfg = asc.adv.get_mm_config(shape, asc.MatmulConfigMode.CONFIG_MDL, funcs)\n") == want
    assert _cfg_line("    cfg = asc.adv.get_mm_config(shape, funcs, asc.MatmulConfigMode.CONFIG_MDL)\n") == want


def test_records_alone_take_the_default_mode_and_keywords_bind_by_type() -> None:
    assert _cfg_line("    cfg = asc.adv.get_mm_config(funcs, shape)\n") == \
        "constexpr static MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(funcs, shape);"
    assert _cfg_line("    cfg = asc.adv.get_mm_config(shape=shape, config_mode=asc.MatmulConfigMode.CONFIG_MDL)\n") \
        == "constexpr static MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(shape);"
    assert _cfg_line("    cfg = asc.adv.get_mm_config()\n") == \
        "constexpr static MatmulConfig cfg = GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulBiasParams{});"


def test_the_spec_declares_the_binding_by_type() -> None:
    api = registry.APIS["adv.get_mm_config"]
    assert api.by_type and all(o.by_type for o in api.overloads)
    params = (Param("mode", "MatmulConfigMode"), Param("rest", "Any", variadic=True))
    bound, rest = bind_by_type(params, ["shape", "MODE", "funcs"], [], lambda a, kind: a == "MODE" and
                               kind == "MatmulConfigMode")
    assert bound == {"mode": "MODE"} and rest == ["shape", "funcs"]


def test_comparisons_of_constexpr_values_fill_compile_time_fields() -> None:
    # the ConstExprs have no value here (no launch): the comparisons are compile-time values all the same
    line = _cfg_line("    wide = m > n\n"
                     "    cfg = asc.adv.get_normal_config(batch_loop=wide, intrinsics_limit=n == 512)\n")
    assert ".intrinsicsCheck = n == 512" in line and ".isNBatch = wide" in line


def test_and_not_of_constexpr_comparisons_are_one_error_each() -> None:
    for expr, code in (("(m > n) and (n == 64)", "PA113"), ("not (m > n)", "PA113")):
        a = analyze(HEAD + f"    cfg = asc.adv.get_normal_config(batch_loop={expr})\n" + TAIL, "k.py")
        assert [d.code for d in a.diagnostics if d.severity == Severity.ERROR] == [code]
