"""CANN's kernel modules under asc, bound by any import form (`import asc.language.core.enums as enums`, `from
asc.language.core import enums as e`), mean what the attribute chain from asc means; one resolver serves both."""

from __future__ import annotations

import pytest

from pyasc.compiler.pipeline.analysis import analyze

_KERNEL = """import asc
{imports}


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    pipe = {tpipe}()
    buf = asc.TBuf({pos}.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get({dtype}.float16)
    {add}(t, t, t, 128)
    asc.data_copy(x_gm, t, 128)
"""

_CHAIN = dict(imports="", tpipe="asc.language.fwk.tpipe.TPipe", pos="asc.language.core.enums.TPosition",
              dtype="asc.language.core.dtype", add="asc.language.basic.vec_binary.add")

_FORMS = {
    "import as": dict(imports="import asc.language.core.enums as enums\nimport asc.language.fwk.tpipe as tp\n"
                              "import asc.language.core.dtype as dt\nimport asc.language.basic as basic",
                      tpipe="tp.TPipe", pos="enums.TPosition", dtype="dt", add="basic.add"),
    "from import": dict(imports="from asc.language.core import enums as e, dtype\nfrom asc.language.fwk import tpipe\n"
                                "from asc.language import basic",
                        tpipe="tpipe.TPipe", pos="e.TPosition", dtype="dtype", add="basic.vec_binary.add"),
    "package": dict(imports="import asc.language as lang\nfrom asc import language",
                    tpipe="lang.fwk.TPipe", pos="language.core.enums.TPosition", dtype="lang.core.dtype",
                    add="language.basic.add"),
    "pyasc root": dict(imports="import pyasc.language.core.enums as enums", tpipe="asc.TPipe", pos="enums.TPosition",
                       dtype="asc", add="asc.add"),
}


def _body(cpp: str) -> str:
    return cpp[cpp.index("extern"):]


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_an_aliased_module_means_the_attribute_chain(form: str) -> None:
    chain = analyze(_KERNEL.format(**_CHAIN), "k.py")
    aliased = analyze(_KERNEL.format(**_FORMS[form]), "k.py")
    assert [d.code for d in chain.errors] == [] and [d.code for d in aliased.errors] == []
    assert _body(aliased.cpp) == _body(chain.cpp)
    assert "AscendC::Add(t, t, t, 128);" in aliased.cpp


def test_matmul_policy_through_an_aliased_enums_module() -> None:
    """CANN's asc does not export MatmulPolicy; its enums module, under any name, does."""
    text = ("import asc\nimport asc.language.core.enums as enums\nfrom asc.language import adv\n\n\n@asc.jit\n"
            "def k(x: asc.GlobalAddress) -> None:\n"
            "    t = adv.MatmulType(enums.TPosition.GM, enums.CubeFormat.ND, asc.float16)\n"
            "    mm = adv.Matmul(t, t, t, matmul_policy=enums.MatmulPolicy.TrianLowerMatmulPolicy)\n    mm.end()\n")
    a = analyze(text, "k.py")
    assert [d.code for d in a.errors] == []
    assert "AscendC::Impl::Detail::TrianLowerMatmulPolicy> mm;" in a.cpp


def test_a_member_the_enums_module_lacks_is_named_with_a_fix() -> None:
    text = _KERNEL.format(**{**_FORMS["import as"], "pos": "enums.TPositon"})
    (d,) = analyze(text, "k.py").errors
    assert d.code == "PA202" and d.message.startswith("asc.language.core.enums has no enum named 'TPositon'")
    assert [e.new_text for f in d.fixes for e in f.edits] == ["TPosition"]
    assert text.split("\n")[d.span.line - 1][d.span.col:d.span.end_col] == "TPositon"


def test_a_name_that_is_a_module_and_an_api_is_the_api() -> None:
    """CANN's packages bind data_copy, dump_tensor, fixpipe, array and range over their modules of those names."""
    text = _KERNEL.format(**{**_CHAIN, "imports": "import asc.language.basic.data_copy as copy_out"}).replace(
        "    asc.data_copy(x_gm, t, 128)\n",
        "    for _i in asc.language.core.range(2):\n        asc.language.basic.data_copy(t, x_gm, 128)\n"
        "    copy_out(x_gm, t, 128)\n")
    a = analyze(text, "k.py")
    assert [d.code for d in a.errors] == []
    assert a.cpp.count("AscendC::DataCopy(") == 2 and "for (int32_t _i = 0; _i < 2; _i++) {" in a.cpp


def test_a_loop_over_a_name_that_is_an_error_reports_it_once() -> None:
    text = _KERNEL.format(**_CHAIN).replace("    asc.data_copy(x_gm, t, 128)\n",
                                            "    for _i in asc.rnge(2):\n        pass\n")
    assert [d.code for d in analyze(text, "k.py").errors] == ["PA202"]
