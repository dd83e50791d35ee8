"""PA306: host code checked against the kernel it launches, before it runs."""

from __future__ import annotations

from pathlib import Path

from pyasc.compiler.diagnostics.codes import CODES
from pyasc.compiler.pipeline.analysis import analyze

KERNEL = """import pyasc as asc


@asc.jit
def kern(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, eps: float, n: int, m: int = 2):
    pass

"""


def findings(text: str, path: str = "host.py") -> list[tuple[int, str, str]]:
    lines = text.split("\n")
    out = []
    for d in analyze(text, path).diagnostics:
        if d.code == "PA306":
            line = lines[d.span.line - 1]
            out.append((d.span.line, line[d.span.col:d.span.end_col] if d.span.end_line == d.span.line else line,
                        d.message))
    return out


def host(body: str) -> str:
    return KERNEL + "\n\ndef run(a, b, c):\n" + "".join(f"    {line}\n" for line in body.strip().split("\n"))


def test_the_codes_examples():
    code = CODES["PA306"]
    bad = findings("import pyasc as asc\n\n" + code.bad)
    assert [(text, msg) for _, text, msg in bad] == [
        ("[8]", "kernel 'kernel' takes 1 tiling values after the block dim (n) but set_tiling gives 0")]
    assert findings("import pyasc as asc\n\n" + code.fixed) == []


def test_tiling_gm_and_attr_mismatches_and_the_right_settings():
    ok = "k = asc.Kernel('kern')\nk.set_input(0, a)\nk.set_input(1, b)\nk.set_output(0, c)\nk.set_workspace(0, 0)\n" \
         "k.set_attr('eps', 1e-5)\nk.set_tiling([8, 64])\nasc.Stream().launch(k)"
    assert findings(host(ok)) == []
    got = findings(host(ok.replace("[8, 64]", "[8, 1, 64]")))
    assert [(t, m) for _, t, m in got] == [
        ("[8, 1, 64]", "kernel 'kern' takes 1 tiling values after the block dim (n) but set_tiling gives 2")]
    got = findings(host(ok.replace("k.set_input(1, b)\n", "")))
    assert [(t, m) for _, t, m in got] == [("asc.Stream().launch(k)", "kernel 'kern' has 3 GM parameters (x, y, z) "
                                            "but 2 inputs, outputs and workspaces were set")]
    got = findings(host(ok.replace("'eps'", "'epsilon'")))
    assert [(t, m) for _, t, m in got] == [("'epsilon'", "set_attr names no parameter of 'kern': epsilon "
                                            "(parameters: x, y, z, eps, n, m)")]
    # a workspace of non-zero size binds a GM parameter too
    got = findings(host(ok.replace("k.set_workspace(0, 0)", "k.set_workspace(0, 64)")))
    assert [m for _, _, m in got] == ["kernel 'kern' has 3 GM parameters (x, y, z) but 4 inputs, outputs and "
                                      "workspaces were set"]


def test_settings_not_known_from_the_text_are_not_guessed():
    assert findings(host("k = asc.Kernel(kern)\nk.set_input(0, a)\nk.set_tiling(make())\nasc.Stream().launch(k)")) \
        == []
    assert findings(host("k = asc.Kernel(kern)\nk.set_tiling([1])\nconfigure(k)\nasc.Stream().launch(k)")) == []
    assert findings(host("k = asc.Kernel(kern)\nk.set_tiling([1])")) == []  # never launched here


def test_bracket_launches():
    assert findings(host("kern[8](a, b, c, 1.0, 4)")) == []
    assert findings(host("kern[8, s](a, b, c, eps=1.0, n=4, profile=True)")) == []
    got = findings(host("kern[8](a, b, c, 1.0, 4, 2, 9)"))
    assert [m for _, _, m in got] == ["'kern' takes 6 arguments (x, y, z, eps, n, m) but the launch passes 7"]
    got = findings(host("kern[8](a, b, c, 1.0)"))
    assert [m for _, _, m in got] == ["the launch of 'kern' leaves n without a value: it takes x, y, z, eps, n, m"]
    got = findings(host("kern[8](a, b, c, 1.0, 4, size=3)"))
    assert [t for _, t, _ in got] == ["size=3"]


def test_a_kernel_in_an_imported_module_is_found_by_name(tmp_path: Path):
    (tmp_path / "kmod.py").write_text(KERNEL)
    text = "import pyasc\nimport kmod\n\n\ndef run(a, b, c):\n    k = pyasc.Kernel('kern')\n" \
           "    k.set_input(0, a)\n    k.set_input(1, b)\n    k.set_output(0, c)\n    k.set_tiling([32, 1, 2])\n" \
           "    pyasc.Stream().launch(k)\n"
    assert findings(text, str(tmp_path / "host.py")) == []
    got = findings(text.replace("[32, 1, 2]", "[32, 1]"), str(tmp_path / "host.py"))
    assert [(t, m) for _, t, m in got] == [
        ("[32, 1]", "kernel 'kern' takes 2 tiling values after the block dim (eps, n) but set_tiling gives 1")]


def test_a_tiling_list_bound_to_a_name():
    base = "k = asc.Kernel(kern)\nk.set_input(0, a)\nk.set_input(1, b)\nk.set_output(0, c)\nk.set_attr('eps', 1.0)\n"
    got = findings(host(base + "tiling = [8, 1, 2]\nk.set_tiling(tiling)\nasc.Stream().launch(k)"))
    assert [(t, m) for _, t, m in got] == [
        ("tiling", "kernel 'kern' takes 1 tiling values after the block dim (n) but set_tiling gives 2")]
    appended = base + "tiling = [8]\ntiling.append(64)\nk.set_tiling(tiling)\nasc.Stream().launch(k)"
    assert findings(host(appended)) == []


CONST_KERNEL = """import numpy as np
import torch
import pyasc as asc


@asc.jit
def kc(x: asc.GlobalAddress, n: asc.ConstExpr[int]):
    pass

"""


def const_host(body: str) -> str:
    return CONST_KERNEL + "\n\ndef run():\n" + "".join(f"    {line}\n" for line in body.strip().split("\n"))


def test_launch_options_as_cann_reads_them():
    for ok in ("kc[8](np.zeros(8), 4)", "kc[8, None](np.zeros(8), 4)", "kc[()](np.zeros(8), 4)",
               "kc[[2]](np.zeros(8), 4)", "kc[8](np.zeros(8), n=4, opt_level=2)"):
        assert findings(const_host(ok)) == [], ok
    cases = [
        ("kc[1.5](np.zeros(8), 4)", "1.5", "the launch's brackets take core_num or (core_num, stream), not 1.5: "
         "CANN's pyasc cannot parse it (Parse user launch options failed)"),
        ("kc[8, None, 1](np.zeros(8), 4)", "8, None, 1", "the launch's brackets take at most core_num and stream, "
         "here 3 values: CANN's pyasc cannot parse them (Parse user launch options failed)"),
        ("kc[8](np.zeros(8), 4, stream=None)", "stream=None", "'stream' is given in the launch's brackets, "
         "kernel[core_num, stream](...), not as a keyword: CANN's pyasc passes keywords to the kernel, which has "
         "no parameter 'stream'"),
        ("kc(np.zeros(8), 4)", "kc", "'kc' is a jit function: the host launches it as kc[core_num](...) (called "
         "without the brackets, CANN's pyasc runs its Python body on the host, which fails)"),
    ]
    for src, covered, message in cases:
        assert [(t, m) for _, t, m in findings(const_host(src))] == [(covered, message)], src


def test_an_array_for_a_constexpr_parameter():
    message = ("the ConstExpr parameter 'n' of 'kc' is given an array ({}): a ConstExpr takes a Python value (an "
               "int, float, bool or dtype) that the kernel is compiled for; pass the value, or make the parameter a "
               "GlobalAddress")
    got = findings(const_host("x = np.zeros(8)\nkc[1](x, x)"))
    assert [(t, m) for _, t, m in got] == [("x", message.format("x"))]
    got = findings(const_host("kc[1](np.zeros(8), n=torch.ones(2).half())"))
    assert [(t, m) for _, t, m in got] == [("torch.ones(2).half()", message.format("torch.ones(2).half()"))]
    # a name bound to an array once and to a number after is no array any more
    assert findings(const_host("x = np.zeros(8)\nn = x.size\nkc[1](x, n)")) == []
    assert findings(const_host("x = np.zeros(8)\nx = 4\nkc[1](np.zeros(8), x)")) == []
