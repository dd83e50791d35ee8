"""Dtypes from the file's own launch: CANN's tracer types a kernel's GlobalAddress parameters by the arrays of the
launch, so the analysis checks the kernel with those dtypes (launches.py, analysis._check_launches)."""

from __future__ import annotations

import ast

import numpy as np
import pytest

from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze
from pyasc.compiler.syntax.launches import LaunchIndex, gm_param_names
from pyasc.compiler.syntax.module import scan_module

KERNEL = '''import asc
import numpy as np
import torch

N = 256


@asc.jit
def mix(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    a = buf.get_with_offset(N, 0, x_gm.dtype)
    b = buf.get_with_offset(N, N * 4, y_gm.dtype)
    asc.data_copy(a, x_gm, N)
    asc.data_copy(b, y_gm, N)
    asc.OPERATION(a, a, b, N)
    asc.data_copy(z_gm, a, N)

'''
ADD_LINE = 23
"""The line of asc.OPERATION(...) in KERNEL."""


def program(host: str, operation: str = "add") -> str:
    return KERNEL.replace("OPERATION", operation) + host


F32 = "np.zeros(N, np.float32)"


def launching(*dtypes: tuple[str, str, str]) -> str:
    """A host function launching mix once per triple of numpy dtypes."""
    return "def launch():\n" + "".join(
        "    mix[1](" + ", ".join(f"np.zeros(N, np.{d})" for d in triple) + ")\n" for triple in dtypes)


def errors(text: str) -> list[tuple[str, int, str]]:
    return [(d.code, d.span.line, d.message) for d in analyze(text, "k.py").errors]


def read(expr: str, prelude: str = "") -> str | None:
    """The dtype the launch reader gives `expr` as the launch's first argument."""
    text = program(f"def host(arg, path):\n{prelude}    mix[1]({expr}, {F32}, {F32})\n")
    module = scan_module(text, "k.py", None)
    index = LaunchIndex(module.tree, {id(j.node) for j in module.jit.values()}, module.positions.span)
    jit = module.jit["mix"]
    found = index.instances(jit.node, jit.scope, gm_param_names(jit.node))
    got = found[0].get("x") if found else None
    return got.dtype if got is not None else None


NUMPY_FORMS = [
    "np.zeros(N, np.float32)", "np.zeros(N, dtype=np.int32)", "np.ones(N).astype(np.int32)", "np.random.rand(N)",
    "np.zeros(N, dtype='float16')", "np.full(N, 3, np.int8)", "np.zeros_like(np.zeros(N, np.int16))",
    "np.arange(N, dtype=np.uint8)", "np.zeros(N)", "np.empty((2, N), np.float16)[1:]",
    "np.random.rand(N).astype(np.float16)", "np.ones(N, dtype=np.dtype('int64'))", "np.zeros(N, float)",
    "np.random.randn(N).astype('float32')",
]


@pytest.mark.parametrize("expr", NUMPY_FORMS)
def test_numpy_forms_read_as_numpy_makes_them(expr: str) -> None:
    made = eval(expr, {"np": np, "N": 4})  # noqa: S307 - our own test expressions: numpy is the truth
    assert read(expr) == str(made.dtype)


TORCH_FORMS = {
    "torch.rand(N, dtype=torch.float16)": "float16", "torch.zeros(N, 4, dtype=torch.int32)": "int32",
    "torch.rand(N)": "float32", "torch.randn(N).half()": "float16", "torch.ones(N).to(torch.bfloat16)": "bfloat16",
    "torch.rand(N).to('npu')": "float32", "torch.randint(0, 9, (N,))": "int64",
    "torch.rand(N, dtype=torch.float16).npu()": "float16", "torch.zeros(N, dtype=torch.int8).contiguous()": "int8",
    "torch.empty(N).int()": "int32", "torch.ones(N).to(dtype=torch.float16)": "float16",
}


@pytest.mark.parametrize("expr", sorted(TORCH_FORMS))
def test_torch_forms(expr: str) -> None:
    assert read(expr) == TORCH_FORMS[expr]


def test_torch_forms_are_what_torch_makes() -> None:
    torch = pytest.importorskip("torch")
    for expr, want in TORCH_FORMS.items():
        made = eval(expr.replace(".to('npu')", "").replace(".npu()", ""), {"torch": torch, "N": 4})  # noqa: S307
        assert str(made.dtype).removeprefix("torch.") == want, expr


@pytest.mark.parametrize("expr, prelude", [
    ("held", "    held = np.ones(N).astype(np.int32)\n"),
    ("held", "    kind = np.int32\n    held = np.zeros(N, kind)\n"),
    ("t", "    t = torch.rand(N, dtype=torch.float16)\n    t2 = t.int()\n"),
    ("np.zeros(N, dtype=first.dtype)", "    first = np.ones(N, np.int32)\n"),
])
def test_names_bound_once_in_the_launching_function(expr: str, prelude: str) -> None:
    assert read(expr, prelude) in ("int32", "float16")


@pytest.mark.parametrize("expr, prelude", [
    ("arg", ""),  # a parameter of the launching function
    ("np.load(path)", ""),  # read from a file
    ("np.zeros(N, np.float32) + 1", ""),
    ("held", "    held = np.zeros(N, np.float32)\n    held = np.zeros(N, np.int32)\n"),  # bound twice
    ("held", "    for held in (np.zeros(N, np.int32),):\n        pass\n"),
    ("np.full(N, 1)", ""),  # numpy picks the dtype from the value
    ("np.zeros(N, np.bool_)", ""),  # no DataType of CANN's is called bool
])
def test_unreadable_arguments(expr: str, prelude: str) -> None:
    assert read(expr, prelude) is None


def test_set_default_dtype_makes_torch_defaults_unreadable() -> None:
    prelude = "    torch.set_default_dtype(torch.float16)\n"
    assert read("torch.rand(N)", prelude) is None
    assert read("torch.rand(N, dtype=torch.int32)", prelude) == "int32"


# -- the kernel checked with the launch's dtypes ----------------------------------------------------------------------


def test_int32_beside_float32_names_both_launch_arguments() -> None:
    text = program(launching(("float32", "int32", "float32")))
    result = analyze(text, "k.py")
    (err,) = result.errors
    assert (err.code, err.span.line) == ("PA401", ADD_LINE)
    assert "expected float32" in err.message and "got int32" in err.message
    launch_line = text.splitlines().index(
        "    mix[1](np.zeros(N, np.float32), np.zeros(N, np.int32), np.zeros(N, np.float32))") + 1
    sites = [(r.span.line, text.splitlines()[r.span.line - 1][r.span.col:r.span.end_col], r.message)
             for r in err.related]
    assert sites[0][:2] == (launch_line, "np.zeros(N, np.float32)")
    assert sites[1][:2] == (launch_line, "np.zeros(N, np.int32)")
    assert "the launch passes an int32 array for 'y'" in sites[1][2]


def test_without_a_launch_the_kernel_stays_generic() -> None:
    result = analyze(program(""), "k.py")
    assert not result.errors
    assert {d.code for d in result.diagnostics} == {"PA406"}
    assert "mix_impl<DTYPE, DTYPE>" in result.cpp or "mix_impl<DTYPE>" in result.cpp


def test_agreeing_launch_keeps_the_cpp_and_instantiates_it_with_the_launch_dtype() -> None:
    generic = analyze(program(""), "k.py").cpp
    result = analyze(program(launching(("float16",) * 3)), "k.py")
    assert not result.diagnostics  # no PA406: the launch fixes every dtype
    assert "mix_impl<half>(x, y, z);" in result.cpp and "DTYPE" not in result.cpp
    body = generic[generic.index("template"):generic.index('extern "C"')]
    assert body in result.cpp  # the kernel's own C++ is unchanged


def test_held_in_variables_and_torch_tensors() -> None:
    host = ("def launch():\n    a = np.random.rand(N).astype(np.float16)\n"
            "    b = torch.ones(N, dtype=torch.int16)\n    mix[1](a, b, torch.zeros(N).half())\n")
    assert [(c, line) for c, line, _ in errors(program(host))] == [("PA401", ADD_LINE)]


def test_unreadable_launch_keeps_the_generic_rule() -> None:
    host = "def run(a, b, path):\n    mix[1](a, b, np.load(path))\n"
    result = analyze(program(host), "k.py")
    assert not result.errors
    assert analyze(program(""), "k.py").cpp.replace("\n", "") in result.cpp.replace("\n", "")


def test_several_launches_each_checked_and_reported_once() -> None:
    host = ("def launch():\n"
            "    mix[1](np.zeros(N, np.float32), np.zeros(N, np.float32), np.zeros(N, np.float32))\n"
            "    mix[1](np.zeros(N, np.float16), np.zeros(N, np.int16), np.zeros(N, np.float16))\n"
            "    mix[1](np.zeros(N, np.float32), np.zeros(N, np.int32), np.zeros(N, np.float32))\n"
            "    mix[1](np.zeros(N, np.float16), np.zeros(N, np.int16), np.zeros(N, np.float16))\n")
    text = program(host)
    found = errors(text)
    assert [(c, line) for c, line, _ in found] == [("PA401", ADD_LINE)] * 2
    first = text.splitlines().index(host.splitlines()[2]) + 1
    assert found[0][2].endswith("; in the kernel compiled for the launch with x: float16, y: int16, z: float16")
    assert found[1][2].endswith("; in the kernel compiled for the launch with x: float32, y: int32, z: float32")
    launches = [r.span.line for d in analyze(text, "k.py").errors for r in d.related if "launch with" in r.message]
    assert launches == [first, first + 1]


def test_several_valid_launches_give_one_entry_per_signature() -> None:
    host = ("def launch():\n"
            "    mix[1](np.zeros(N, np.float32), np.zeros(N, np.float32), np.zeros(N, np.float32))\n"
            "    mix[1](np.zeros(N, np.float16), np.zeros(N, np.float16), np.zeros(N, np.float16))\n"
            "    mix[1](np.zeros(N, np.float32), np.zeros(N, np.float32), np.zeros(N, np.float32))\n")
    result = analyze(program(host), "k.py")
    assert not result.diagnostics
    entries = [line for line in result.cpp.splitlines() if line.startswith('extern "C"')]
    assert [e.split("void ")[1].split("(")[0] for e in entries] == ["mix", "mix_float16"]
    assert "mix_impl<float>(x, y, z);" in result.cpp and "mix_impl<half>(x, y, z);" in result.cpp
    assert result.kernels[0].cpp_name == "mix"


def test_float_only_api_on_the_launch_int32() -> None:
    host = "def launch():\n    mix[1](np.ones(N, np.int32), np.ones(N, np.int32), np.zeros(N, np.int32))\n"
    found = errors(program(host, "div"))
    assert {c for c, _, _ in found} == {"PA402"}
    assert all(line == ADD_LINE and "does not support int32" in m for _, line, m in found)
    assert not errors(program(host.replace("int32", "float32"), "div"))


def test_nested_kernel_and_launch_in_a_test_function() -> None:
    text = '''import asc
import numpy as np


def test_it():
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, 64)
        y_gm = asc.GlobalTensor()
        y_gm.set_global_buffer(y, 64)
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 512)
        a = buf.get(x_gm.dtype)
        asc.data_copy(a, x_gm, 64)
        asc.exp(a, a, 64)
        asc.data_copy(y_gm, a, 64)

    k[1](np.zeros(64, np.int32), np.zeros(64, np.int32))
'''
    assert {c for c, _, _ in errors(text)} == {"PA402"}


def test_early_diagnostics_are_the_final_ones() -> None:
    host = "def launch():\n    mix[1](np.zeros(N, np.float32), np.zeros(N, np.int32), np.zeros(N, np.float32))\n"
    seen: list[list[object]] = []
    result = analyze(program(host), "k.py", early=lambda diags: seen.append(list(diags)))
    assert all(s == result.diagnostics for s in seen)
    text = program(host).replace("asc.TBuf(asc.TPosition.VECCALC)\n", "asc.TBuf(asc.TPosition.VECCALC)\n    "
                                 "asc.data_copy(buf.get(asc.float32), x_gm, N)\n")
    seen.clear()
    result = analyze(text, "k.py", early=lambda diags: seen.append(list(diags)))  # no open dtype: early diagnostics
    assert seen == [result.diagnostics] and result.errors


# -- caching ---------------------------------------------------------------------------------------------------------


def test_editing_the_launch_line_rechecks_the_kernel() -> None:
    cache = AnalysisCache()
    good = program(launching(("float32",) * 3))
    assert not analyze(good, "k.py", cache=cache).errors
    bad = good.replace("np.zeros(N, np.float32), np.zeros(N, np.float32), np.zeros",
                       "np.zeros(N, np.float32), np.zeros(N, np.int32), np.zeros")
    result = analyze(bad, "k.py", cache=cache)
    assert result.kernels[0].reanalyzed
    assert [(d.code, d.span.line) for d in result.errors] == [("PA401", ADD_LINE)]
    again = analyze(good, "k.py", cache=cache)  # back to the first text: from the cache
    assert not again.kernels[0].reanalyzed and not again.errors


def test_moving_the_launch_away_from_the_kernel_keeps_related_spans_right() -> None:
    cache = AnalysisCache()
    host = "def launch():\n    mix[1](np.zeros(N, np.float32), np.zeros(N, np.int32), np.zeros(N, np.float32))\n"
    text = program(host)
    analyze(text, "k.py", cache=cache)
    for edited in ("# a comment above\n" + text, text.replace("def launch():", "\n\ndef launch():")):
        result = analyze(edited, "k.py", cache=cache)
        (err,) = result.errors
        lines = edited.splitlines()
        for r in err.related:
            assert lines[r.span.line - 1][r.span.col:r.span.end_col].startswith("np.zeros(N, np.")
        fresh = analyze(edited, "k.py")
        assert result.diagnostics == fresh.diagnostics


def test_reader_walks_host_code_only() -> None:
    """A `k[...](...)` inside a jit function is kernel code (a helper's subscript call), never a launch."""
    text = program(launching(("float16",) * 3))
    module = scan_module(text, "k.py", None)
    index = LaunchIndex(module.tree, {id(j.node) for j in module.jit.values()}, module.positions.span)
    assert list(index.calls) == ["mix"]
    call, _ = index.calls["mix"][0]
    assert isinstance(call, ast.Call) and call.lineno == len(text.splitlines())


def test_a_launch_reading_one_parameter_of_a_dtype_instantiates_it() -> None:
    """x, y and z share one template parameter; the launch fixes only x (y and z come from the host function's
    parameters): the entry is instantiated with x's dtype."""
    host = "def run(b, c):\n    mix[1](np.zeros(N, np.float16), b, c)\n"
    result = analyze(program(host), "k.py")
    assert not result.diagnostics
    assert "mix_impl<half>(x, y, z);" in result.cpp


def test_pyasc_check_reports_the_launch_conflict(tmp_path, capsys) -> None:  # noqa: ANN001 - pytest fixtures
    """pyasc-check runs the same analyze(): the finding, and none once the launch line is fixed."""
    from pyasc.cli import check

    path = tmp_path / "k.py"
    path.write_text(program(launching(("float32", "int32", "float32"))), encoding="utf-8")
    assert check.main(["--no-cpp", "--no-cache", "--format", "json", str(path)]) == 1
    assert '"PA401"' in capsys.readouterr().out
    path.write_text(program(launching(("float32",) * 3)), encoding="utf-8")
    assert check.main(["--no-cpp", "--no-cache", str(path)]) == 0
