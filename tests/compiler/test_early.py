"""analyze(early=...): the diagnostics go to the caller before the C++ of the analyzed kernels is generated, and
they are the result's diagnostics except where generating the C++ adds one."""

from __future__ import annotations

import pytest

from pyasc.compiler.pipeline import backend
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

KERNEL = """

@asc.jit
def k{i}(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    t = q.alloc_tensor(asc.float16)
    asc.data_copy(t, x_gm, 128)
    asc.{op}(t, t, t, 128)
    asc.data_copy(z_gm, t, 128)
    q.free_tensor(t)
"""
# k1 calls an API that does not exist: an error the early diagnostics must already hold
TEXT = "import pyasc as asc\n" + KERNEL.format(i=0, op="add") + KERNEL.format(i=1, op="ad") + \
    KERNEL.format(i=2, op="mul")
# no dtype fixes x: the emitter makes the kernel a template, which PA406 reports
OPEN = """import pyasc as asc


@asc.jit
def copy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
"""


class Recorder:
    def __init__(self) -> None:
        self.events: list[str] = []
        self.diagnostics: list[list] = []

    def __call__(self, diagnostics: list) -> None:
        self.events.append("early")
        self.diagnostics.append(diagnostics)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()
    real = backend.generate

    def generate(*args: object, **kwargs: object) -> object:
        rec.events.append("generate")
        return real(*args, **kwargs)

    monkeypatch.setattr(backend, "generate", generate)
    return rec


def test_early_diagnostics_come_before_the_cpp_and_equal_the_result(recorder: Recorder) -> None:
    result = analyze(TEXT, "k.py", None, AnalysisCache(), early=recorder)
    assert recorder.events == ["early", "generate", "generate", "generate"]
    [early] = recorder.diagnostics
    assert early == result.diagnostics
    assert [d.code for d in early if d.severity.name == "ERROR"] == ["PA202"], early
    assert result.cpp.count('extern "C"') == 3


def test_an_edit_sends_early_only_the_kernel_it_reanalyzes(recorder: Recorder) -> None:
    cache = AnalysisCache()
    analyze(TEXT, "k.py", None, cache)
    recorder.events.clear()
    edited = TEXT.replace("asc.mul(t, t, t, 128)", "asc.sub(t, t, t, 128)")
    result = analyze(edited, "k.py", None, cache, early=recorder)
    assert recorder.events == ["early", "generate"]
    assert recorder.diagnostics == [result.diagnostics]
    assert [k.reanalyzed for k in result.kernels] == [False, False, True]


def test_nothing_early_when_every_kernel_is_cached(recorder: Recorder) -> None:
    cache = AnalysisCache()
    first = analyze(TEXT, "k.py", None, cache)
    recorder.events.clear()
    again = analyze(TEXT, "k.py", None, cache, early=recorder)
    assert recorder.events == [] and again.diagnostics == first.diagnostics


def test_a_kernel_whose_diagnostics_need_its_cpp_is_generated_first(recorder: Recorder) -> None:
    result = analyze(OPEN + KERNEL.format(i=0, op="add"), "k.py", None, AnalysisCache(), early=recorder)
    assert recorder.events == ["generate", "early", "generate"]
    assert [d.code for d in recorder.diagnostics[0]] == ["PA406", "PA406"]  # x and z
    assert recorder.diagnostics == [result.diagnostics]
    alone = analyze(OPEN, "k.py", None, AnalysisCache(), early=recorder)
    assert recorder.diagnostics == [result.diagnostics], "nothing left to generate after it: no early call"
    assert [d.code for d in alone.diagnostics] == ["PA406", "PA406"]


# x's dtype is left open by a helper call that fails to bind (a required parameter is missing): the failed call
# reports it, so no PA406 can follow and nothing needs the C++ before the diagnostics go out
LOST = """import pyasc as asc


@asc.jit
def fill(g: asc.GlobalTensor, n: int, factor: int):
    pass


@asc.jit
def broken(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    fill(x_gm, n)
"""


def test_a_dtype_a_failed_call_left_open_needs_no_cpp_first(recorder: Recorder) -> None:
    result = analyze(LOST, "k.py", None, AnalysisCache(), early=recorder)
    assert recorder.events == ["early", "generate"]
    assert recorder.diagnostics == [result.diagnostics]
    assert [d.code for d in result.diagnostics if d.severity.name == "ERROR"] == ["PA301"]
    assert "PA406" not in {d.code for d in result.diagnostics}
    fixed = analyze(LOST.replace("fill(x_gm, n)", "fill(x_gm, n, 2)"), "k.py", None, AnalysisCache())
    assert [d.code for d in fixed.diagnostics if d.code == "PA406"] == ["PA406"], "bound, x's dtype is open for real"


def test_a_failure_while_generating_is_in_the_result_not_early(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("emitter bug")

    monkeypatch.setattr(backend, "generate", broken)
    rec = Recorder()
    result = analyze(TEXT, "k.py", None, AnalysisCache(), early=rec)
    [early] = rec.diagnostics
    assert "PA901" not in {d.code for d in early}
    assert [d.code for d in result.diagnostics if d.code == "PA901"] == ["PA901"] * 3
    assert early != result.diagnostics, "the caller sees the difference and publishes the result's"


def test_a_failing_hook_does_not_stop_the_analysis() -> None:
    def hook(diagnostics: list) -> None:
        raise ValueError("caller bug")

    result = analyze(TEXT, "k.py", None, AnalysisCache(), early=hook)
    assert result.diagnostics == analyze(TEXT, "k.py", None).diagnostics
    assert result.cpp.count('extern "C"') == 3


LAZY_PROBE = """
import sys

from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

GENERATOR = ("pyasc.compiler.pipeline.backend", "pyasc.compiler.codegen.kernel", "pyasc.compiler.codegen.auto")
before = [m for m in GENERATOR if m in sys.modules]
at_early = []
result = analyze(sys.stdin.read(), "k.py", None, AnalysisCache(),
                 early=lambda d: at_early.extend(m for m in GENERATOR if m in sys.modules))
after = [m for m in GENERATOR if m in sys.modules]
print(before, at_early, after, result.cpp.count('extern "C"'), "pyasc.compiler.checks.sync.interp" in sys.modules)
"""


def test_the_code_generator_is_imported_only_after_the_early_diagnostics() -> None:
    """The boundary that keeps the language server's start cheap: importing the compiler and the first diagnostics
    of a file need no code generator; the C++ after them imports it.  The hazard analysis's interpreter waits for
    a kernel that synchronizes by hand (these do not).  In a fresh interpreter, as the server starts."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", LAZY_PROBE], input=TEXT, capture_output=True, text=True, check=True)
    generator = ["pyasc.compiler.pipeline.backend", "pyasc.compiler.codegen.kernel", "pyasc.compiler.codegen.auto"]
    assert out.stdout.split("\n")[0] == f"[] [] {generator} 3 False"
