"""A kernel's lowering reused after an edit of one of its helpers that leaves what the kernel sees of it as it was
(lower/cutoff.py): the result is always that of an analysis with every cache off, the reuse happens only where the
helper's specializations give back what they gave, and a moved line is named right in a reused message."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyasc.compiler.checks import summaries
from pyasc.compiler.lower import cutoff, helper_cache
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

from .test_summaries import KERNEL as SUMMARIES_KERNEL

PROGRAM = Path(__file__).resolve().parents[2] / "bench" / "programs" / "big_kernel.py"

KERNEL = SUMMARIES_KERNEL.replace("COUNT", "TILE")
"""A kernel calling load (which calls scale) and drain in a loop."""


@pytest.fixture(autouse=True)
def _fresh() -> None:
    helper_cache.clear()
    cutoff.clear()


def _result(text: str, cache: AnalysisCache | None, path: str = "/k/kernel.py") -> tuple[list[str], str]:
    a = analyze(text, path, cache=cache)
    return [repr(d) for d in a.diagnostics], a.cpp


def _fresh_result(text: str, path: str = "/k/kernel.py") -> tuple[list[str], str]:
    with helper_cache.disabled(), summaries.disabled(), cutoff.disabled():
        return _result(text, None, path)


def _step(text: str, cache: AnalysisCache, path: str = "/k/kernel.py") -> int:
    """Analyze `text` with the cache; how many kernel lowerings were reused, after checking the result is the one
    of an analysis with every cache off."""
    before = cutoff.reused
    got = _result(text, cache, path)
    assert got == _fresh_result(text, path)
    return cutoff.reused - before


def test_an_edit_inside_a_helper_reuses_the_kernels_lowering() -> None:
    cache = AnalysisCache()
    assert _step(KERNEL, cache) == 0
    edited = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 3.0, n)")
    assert _step(edited, cache) == 1
    # scale is reached through load: both are lowered again, the kernel is not
    again = edited.replace("asc.muls(t, t, 3.0, n)", "asc.muls(t, t, 4.0, n)  # four")
    assert _step(again, cache) == 1
    assert "4.0" in _result(again, cache)[1]


def test_the_benchmark_programs_helper_edit_reuses_its_kernel() -> None:
    text = PROGRAM.read_text(encoding="utf-8")
    cache = AnalysisCache()
    path = "/bench/big_kernel.py"
    analyze(text, path, cache=cache)
    edited = text.replace("        asc.duplicate(work, 2.0, CHUNK)", "        asc.duplicate(work, 3.0, CHUNK)")
    assert edited != text
    assert _step(edited, cache, path) == 1
    kernel_edit = edited.replace("    summary_local.set_value(7, 0.0)", "    summary_local.set_value(7, 5.0)")
    assert kernel_edit != edited
    assert _step(kernel_edit, cache, path) == 0, "the kernel's own text changed: lowered again"


def test_a_helper_edit_the_kernel_sees_lowers_the_kernel_again() -> None:
    cache = AnalysisCache()
    _step(KERNEL, cache)
    # a new required parameter: the kernel's calls no longer bind
    broken = KERNEL.replace("def load(q: asc.TQue, g: asc.GlobalTensor, n: int)",
                            "def load(q: asc.TQue, g: asc.GlobalTensor, n: int, k: int)")
    assert _step(broken, cache) == 0
    assert any("PA301" in d for d in _result(broken, cache)[0])
    # an overflow inside the helper is the checks' finding, made after the lowering: the kernel's first lowering
    # (kept beside the one whose calls failed) holds again, and the checks over it find the overflow
    overflow = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.0, n * 8)")
    assert _step(overflow, cache) == 1
    assert any("PA611" in d or "PA612" in d for d in _result(overflow, cache)[0])
    # a finding of the helper's lowering is reported into the kernel's sink: what the kernel sees changed
    finding = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.mulz(t, t, 2.0, n)")
    assert _step(finding, cache) == 0
    assert any("mulz" in d for d in _result(finding, cache)[0])


def test_a_helper_whose_parameters_changed_is_not_lowered_for_the_kept_argument_types(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept lowering cannot hold (the call binds to another parameter list): its check ends at once, before a
    specialization of the new helper is made for arguments that may not even bind to it."""
    cache = AnalysisCache()
    _step(KERNEL, cache)
    made: list[str] = []
    real = cutoff._specialization

    def specialization(*args: object, **kwargs: object) -> object:
        made.append(args[3].qualname)  # type: ignore[attr-defined]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cutoff, "_specialization", specialization)
    broken = KERNEL.replace("def drain(q: asc.TQue, g: asc.GlobalTensor)",
                            "def drain(q: asc.TQue, g: asc.GlobalTensor, k: int)")
    assert broken != KERNEL
    assert _step(broken, cache) == 0
    assert made == ["load"], "load's view is checked (it comes first and did not change), drain's is not"
    assert any("PA301" in d for d in _result(broken, cache)[0])


def test_a_missing_specialization_is_lowered_for_the_kept_argument_types() -> None:
    cache = AnalysisCache()
    _step(KERNEL, cache)
    helper_cache.clear()  # as if the helper cache had dropped every specialization meanwhile
    edited = KERNEL.replace("    asc.data_copy(g, t, TILE)", "    asc.data_copy(g, t, TILE)  # out")
    assert _step(edited, cache) == 1


def test_a_kernel_edit_and_a_moved_kernel_are_lowered_again() -> None:
    cache = AnalysisCache()
    _step(KERNEL, cache)
    assert _step(KERNEL.replace("for i in range(3):", "for i in range(2):"), cache) == 0
    # a line above the kernel moves it: its spans are its own inputs
    moved = KERNEL.replace("TILE = 128\n", "TILE = 128\nSPARE = 0\n")
    assert _step(moved, cache) == 0


def test_a_helper_called_in_a_branch_never_traced_leaves_the_lowering_unkept() -> None:
    dead = KERNEL.replace("    for i in range(3):\n", "    if N < 0:\n        drain(q, y_gm)\n    for i in range(3):\n")
    cache = AnalysisCache()
    _step(dead, cache)
    assert _step(dead.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 3.0, n)"), cache) == 0


def test_a_helper_of_another_module_is_checked_as_the_files_own(tmp_path: Path) -> None:
    # drain comes from common.py (as `empty`): an edit of scale, or one of drain's body, keeps the kernel's lowering
    start, end = KERNEL.index("@asc.jit\ndef drain"), KERNEL.index("@asc.jit\ndef kernel")
    common = tmp_path / "common.py"
    module = "import asc\n\nTILE = 128\n\n\n" + KERNEL[start:end]
    common.write_text(module, encoding="utf-8")
    main = KERNEL[:start].replace("import asc\n", "import asc\n\nfrom common import drain as empty\n", 1) + \
        KERNEL[end:].replace("drain(q, y_gm)", "empty(q, y_gm)")
    path = str(tmp_path / "main.py")
    cache = AnalysisCache()
    _step(main, cache, path)
    assert _step(main.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 3.0, n)"), cache, path) == 1
    common.write_text(module.replace("    q.free_tensor(t)\n", "    q.free_tensor(t)  # back\n"), encoding="utf-8")
    assert _step(main, cache, path) == 1
    # what the kernel sees of it changes: a parameter more (PA301 in the kernel's own lowering)
    common.write_text(module.replace("g: asc.GlobalTensor)", "g: asc.GlobalTensor, k: int)"), encoding="utf-8")
    assert _step(main, cache, path) == 0
    # a local helper of the same name as the imported one's own does not stand in for it
    local = "@asc.jit\ndef drain(q: asc.TQue, g: asc.GlobalTensor, k: int) -> None:\n    t = q.deque(asc.float32)\n"
    twin = main.replace("@asc.jit\ndef kernel", local + "    q.free_tensor(t)\n\n\n@asc.jit\ndef kernel")
    _step(twin, cache, path)
    common.write_text(module, encoding="utf-8")
    _step(twin, cache, path)


def test_a_moved_unit_names_its_lines_where_they_are_now() -> None:
    # a finding whose message names a line of its kernel ("init_buffer at line N"), taken from the per-kernel cache
    # after a line above the kernel moved it down
    failing = KERNEL.replace("load(q, x_gm, TILE)", "load(q, x_gm, TILE * 4)")
    cache = AnalysisCache()
    first = _result(failing, cache)[0]
    assert any("init_buffer at line 35" in d for d in first), first
    moved = failing.replace("@asc.jit\ndef scale", "# scaling\n@asc.jit\ndef scale")
    got = _result(moved, cache)[0]
    assert got == _fresh_result(moved)[0]
    assert any("init_buffer at line 36" in d for d in got), got


def test_a_comment_in_each_helper_of_the_benchmark_program_reuses_its_kernel() -> None:
    text = PROGRAM.read_text(encoding="utf-8")
    tree = ast.parse(text)
    helpers = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.decorator_list
               and n.name != "fused_block_epilogue"]
    assert len(helpers) == 20
    cache = AnalysisCache()
    path = "/bench/big_kernel.py"
    analyze(text, path, cache=cache)
    lines = text.split("\n")
    for fn in helpers:
        last = fn.body[-1].end_lineno or fn.body[-1].lineno
        edited = "\n".join(lines[:last - 1] + [lines[last - 1] + f"  # {fn.name} edited"] + lines[last:])
        assert _step(edited, cache, path) == 1, fn.name  # a comment changes nothing the kernel sees


SCRATCH = '''import asc

N = 1024


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 512)
    t = scratch(buf)
    asc.duplicate(t, 1.0, 128)


@asc.jit
def scratch(buf: asc.TBuf) -> asc.LocalTensor:
    t = buf.get(asc.float32)
    return t
'''


def test_a_returned_value_made_elsewhere_in_the_helper_lowers_the_kernel_again() -> None:
    # the kernel is above its helper, so a line added in the helper moves only where the returned tensor is made
    cache = AnalysisCache()
    _step(SCRATCH, cache)
    moved = SCRATCH.replace("    t = buf.get(asc.float32)\n", "    # the scratch slot\n    t = buf.get(asc.float32)\n")
    assert _step(moved, cache) == 0
    assert _step(moved.replace("    return t\n", "    return t  # the slot\n"), cache) == 1


LAUNCHED = '''import asc
import numpy as np

N = 256


@asc.jit
def scratch(buf: asc.TBuf) -> asc.LocalTensor:
    t = buf.get_with_offset(N, N * 4, asc.float32)
    return t


@asc.jit
def bump(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    a = buf.get_with_offset(N, 0, x_gm.dtype)
    asc.data_copy(a, x_gm, N)
    w = scratch(buf)
    asc.duplicate(w, 1.0, N)
    asc.data_copy(z_gm, a, N)


def run():
    x = np.zeros(N, np.DTYPE)
    z = np.zeros(N, np.DTYPE)
    bump[1](x, z)
'''


def test_a_launch_with_other_dtypes_lowers_the_kernel_again() -> None:
    # the checks after the lowering write the launches' dtypes into the kernel's IR: the C++ instantiates them
    cache = AnalysisCache()
    _step(LAUNCHED.replace("DTYPE", "float32"), cache)
    assert cutoff.holds(("/k/kernel.py", "bump"))
    half = LAUNCHED.replace("DTYPE", "float16")
    assert _step(half, cache) == 0
    assert "half" in _result(half, cache)[1]
    assert _step(half.replace("    return t\n", "    return t  # the slot\n"), cache) == 1
    gone = half.replace("    bump[1](x, z)\n", "")  # no launch left: nothing may instantiate float16 now
    assert _step(gone, cache) == 0
    assert "half" not in _result(gone, cache)[1]


def test_a_default_naming_a_module_value_is_part_of_what_the_kernel_saw() -> None:
    # a left-out argument's default is lowered in the kernel's lowering (drain's k here): the module value it names
    # is checked before the kept lowering is reused, though the kernel's own text does not name it
    head = "def drain(q: asc.TQue, g: asc.GlobalTensor"
    text = KERNEL.replace("TILE = 128\n", "TILE = 128\nSCALE = 2\n").replace(
        head + ")", head + ", k: int = int(SCALE))"
    ).replace("asc.data_copy(g, t, TILE)", "asc.data_copy(g, t, TILE * k // 2)")
    cache = AnalysisCache()
    _step(text, cache)
    assert cutoff.holds(("/k/kernel.py", "kernel"))
    assert _step(text.replace("SCALE = 2", "SCALE = 1"), cache) == 0
    assert _step(text.replace("SCALE = 2", "SCALE = 1").replace("    q.enque(t)\n", "    q.enque(t)  # in\n"),
                 cache) == 1


def _helpers_step(text: str, cache: AnalysisCache, path: str = "/k/kernel.py") -> tuple[int, int]:
    """_step, and how many helper specializations were reused the same way."""
    before = cutoff.reused_helpers
    kernels = _step(text, cache, path)
    return kernels, cutoff.reused_helpers - before


def test_an_edit_of_a_helper_keeps_its_callers_lowering_too() -> None:
    # scale is called by load, which the kernel calls: neither load nor the kernel is lowered again
    cache = AnalysisCache()
    _step(KERNEL, cache)
    assert _helpers_step(KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.5, n)"), cache) == (1, 1)
    # a comment: scale's specialization is found again (its key is its text without comments), and load's with it
    assert _helpers_step(KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.5, n)  # x2.5"), cache) == (1, 0)
    # what load sees of scale changes (scale's lowering reports an error, into load's findings): load is lowered
    # again, and the kernel with it
    finding = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.0)")
    assert _helpers_step(finding, cache) == (0, 0)
    assert any("PA301" in d for d in _result(finding, cache)[0])
    # a finding of the checks after the lowering (the bounds walk over scale's new IR) needs no new lowering: the
    # lowering that saw load's error was not kept (none with an error is), and it left the one kept before it,
    # which holds again (the revert to KERNEL is answered from the file's cache); load's kept lowering is KERNEL's
    past = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.0, n * 8)")
    _step(KERNEL, cache)
    assert _helpers_step(past, cache) == (1, 1)
    assert any("PA612" in d for d in _result(past, cache)[0])
    assert _helpers_step(past.replace("2.0, n * 8)", "4.0, n * 8)"), cache) == (1, 1)
    # the benchmark program: an edit inside gelu_tanh keeps compute_row's lowering, which calls it, and the kernel's
    text = PROGRAM.read_text(encoding="utf-8")
    path = "/bench/big_kernel.py"
    analyze(text, path, cache=cache)
    edited = text.replace("        asc.duplicate(work, 2.0, CHUNK)", "        asc.duplicate(work, 3.0, CHUNK)")
    assert _helpers_step(edited, cache, path) == (1, 1)


LOAD = "def load(q: asc.TQue, g: asc.GlobalTensor, n: int) -> None:"


def test_a_call_that_still_fails_keeps_the_kernels_lowering_with_its_finding_now() -> None:
    """A parameter being typed into a helper: each keystroke leaves the kernel's call unbound, with a message that
    names what is typed so far; the kernel's lowering (read nothing of the helper but that the call failed) holds."""
    cache = AnalysisCache()
    _step(KERNEL, cache)
    typed = [KERNEL.replace(LOAD, LOAD.replace("n: int", f"n: int, {name}: int")) for name in ("f", "fa", "fac")]
    assert _step(typed[0], cache) == 0  # (the call bound before: lowered again)
    for text, name in zip(typed[1:], ("fa", "fac"), strict=True):
        assert _step(text, cache) == 1
        found = [d for d in _result(text, cache)[0] if "PA301" in d]
        assert len(found) == 1 and f"missing arguments: {name} (4 parameters, 3 arguments given)" in found[0]
    # taken away again (and another constant in a helper, so that no cache of whole kernels answers): the lowering
    # of the calls that bound, kept beside the other, holds again
    fixed = KERNEL.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 3.0, n)")
    assert _step(fixed, cache) == 1
    assert not any("PA301" in d for d in _result(fixed, cache)[0])
    # and added again under another name: the failed calls' lowering holds, its finding naming it
    again = fixed.replace(LOAD, LOAD.replace("n: int", "n: int, gain: int"))
    assert _step(again, cache) == 1
    assert any("missing arguments: gain" in d for d in _result(again, cache)[0])


def test_a_keyword_that_fits_no_parameter_keeps_failing_the_same_way() -> None:
    keyword = KERNEL.replace("load(q, x_gm, TILE)", "load(q, x_gm, n=TILE)")
    renamed = keyword.replace(LOAD, LOAD.replace("n: int", "count: int"))
    cache = AnalysisCache()
    _step(renamed, cache)
    assert any("PA302" in d and "no parameter 'n'" in d for d in _result(renamed, cache)[0])
    again = renamed.replace("count: int", "size: int")
    assert _step(again, cache) == 1  # PA302 names the keyword, not the parameters: the same finding
    # the keyword fits a parameter again: the call binds, and the kernel is lowered again
    fits = renamed.replace("count: int", "n: int")
    assert _step(fits, cache) == 0
    assert not any("PA30" in d for d in _result(fits, cache)[0])


def test_a_comment_under_a_helpers_def_line_leaves_its_parameter_list_as_it_was() -> None:
    """What a call binds to is the parameter list's syntax with its places: a comment between the `def` line and
    the body changes no node of it."""
    cache = AnalysisCache()
    _step(KERNEL, cache)
    commented = KERNEL.replace(LOAD, LOAD + "  # loads a tile")
    assert cutoff.signature(_jit(commented, "load")) == cutoff.signature(_jit(KERNEL, "load"))
    assert _step(commented, cache) == 1
    moved = KERNEL.replace(LOAD, LOAD.replace("n: int", "\n        n: int"))
    assert cutoff.signature(_jit(moved, "load")) != cutoff.signature(_jit(KERNEL, "load"))


def _jit(text: str, name: str):  # noqa: ANN202 - a JitFunction
    from pyasc.compiler.syntax.module import scan_module

    return scan_module(text, "/k/kernel.py").jit[name]


def test_a_lowering_reused_as_it_was_is_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks read the IR, its helpers' IRs and where the lowering's errors are: a kernel whose lowering holds
    with the same helpers (the same objects) takes the findings kept on its IR; other helpers check it again."""
    from pyasc.compiler.pipeline import checked

    runs: list[str] = []
    real = checked.check_queues

    def counted(kernel: object, sink: object, helpers: object = None) -> None:
        runs.append(kernel.name)  # type: ignore[attr-defined]
        real(kernel, sink, helpers)  # type: ignore[arg-type]

    monkeypatch.setattr(checked, "check_queues", counted)
    cache = AnalysisCache()
    typed = [KERNEL.replace(LOAD, LOAD.replace("n: int", f"n: int, {name}: int")) for name in ("f", "fa")]
    _result(typed[0], cache)
    runs.clear()
    reused = cutoff.reused
    got = _result(typed[1], cache)
    assert cutoff.reused == reused + 1
    assert runs == []  # the same IR and helpers (drain's specialization found again): its findings as they were
    assert got == _fresh_result(typed[1])
    # drain's body changed: the call of load still fails and drain gives back what it gave, so the lowering holds,
    # but drain's specialization is another object: the checks, which look into it, run again
    other = typed[1].replace("asc.data_copy(g, t, TILE)", "asc.data_copy(g, t, TILE // 2)")
    runs.clear()
    got = _result(other, cache)
    assert cutoff.reused == reused + 2
    assert runs == ["kernel"]
    assert got == _fresh_result(other)


def test_a_parameter_typed_into_each_helper_of_the_benchmark_program_gives_the_analysis_without_caches() -> None:
    """Each helper only the kernel calls gets a required parameter typed in, a keystroke at a time, then taken away:
    every step is the analysis with every cache off; from the second keystroke on the kernel's lowering holds, and
    so it does once the parameter is gone.  (A helper that other helpers call makes their lowerings fail: those
    are not kept, as no lowering with an error is.  compute_row is the one that fixes the dtypes of the tensors
    copy_out_row is given next: with its call failed they stay open, and a call with an open dtype is not noted, so
    that lowering is not kept either.)"""
    holds = {"copy_in_row": 1, "copy_out_row": 1, "load_params": 1, "compute_row": 0}
    text = PROGRAM.read_text(encoding="utf-8")
    tree = ast.parse(text)
    jits = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.decorator_list]

    def callees(fn: ast.FunctionDef) -> set[str]:
        return {c.func.id for c in ast.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}

    kernel = next(n for n in jits if n.name == "fused_block_epilogue")
    by_helpers = set().union(*(callees(n) for n in jits if n is not kernel))
    helpers = [n for n in jits if n.name in callees(kernel) - by_helpers]
    assert [n.name for n in helpers] == ["copy_in_row", "copy_out_row", "load_params", "compute_row"]
    cache = AnalysisCache()
    path = "/bench/big_kernel.py"
    analyze(text, path, cache=cache)
    lines = text.split("\n")
    for fn in helpers:
        head = lines[fn.lineno - 1]
        at = head.index("(") + 1
        steps = ["\n".join(lines[:fn.lineno - 1] + [head[:at] + f"{name}: int, " + head[at:]] + lines[fn.lineno:])
                 for name in ("e", "ex", "extra")]
        assert _step(steps[0], cache, path) == 0, fn.name  # (its calls bound before)
        for step in steps[1:]:
            assert _step(step, cache, path) == holds[fn.name], fn.name
            found = [d for d in _result(step, cache, path)[0] if "PA301" in d]
            assert found and all(f"{fn.name}() is missing arguments" in d for d in found), fn.name
        # taken away, with a comment left where it was typed: the lowering of the calls that bound holds again
        back = "\n".join(lines[:fn.lineno - 1] + [head + "  # no extra"] + lines[fn.lineno:])
        assert _step(back, cache, path) == 1, fn.name
