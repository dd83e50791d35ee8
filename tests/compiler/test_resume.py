"""A kernel's lowering resumed at the statement an edit begins in (lower/resume.py): after every edit of a sequence,
the analysis with the caches equals a fresh one (diagnostics, C++, source map, IDE data), resumes where it can and
lowers from the top where it must; and the analysis that took a checkpoint keeps its own result untouched."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pyasc.compiler.checks import summaries
from pyasc.compiler.lower import cutoff, helper_cache, resume
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze, prepare_next

from .test_incremental import _view

PROGRAM = Path(__file__).resolve().parents[2] / "bench" / "programs" / "big_kernel.py"
PATH = "/k/big_kernel.py"


@pytest.fixture(autouse=True)
def _empty() -> None:
    helper_cache.clear()
    cutoff.clear()
    resume.clear()


def _fresh(text: str, path: str = PATH) -> dict[str, object]:
    with helper_cache.disabled(), summaries.disabled(), cutoff.disabled(), resume.disabled():
        return _view(analyze(text, path))


def _edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


class Session:
    """An editor's session: each text analyzed with one cache, checked against a fresh analysis."""

    def __init__(self, path: str = PATH) -> None:
        self.cache = AnalysisCache()
        self.path = path

    def step(self, text: str) -> tuple[int, int]:
        """(lowerings resumed, checkpoints taken) by this analysis, after checking it."""
        before = resume.resumed, resume.taken
        got = _view(analyze(text, self.path, cache=self.cache))
        counts = resume.resumed - before[0], resume.taken - before[1]
        want = _fresh(text, self.path)
        for key in want:
            assert got[key] == want[key], f"{key} differs from a fresh analysis"
        return counts


def _edited_once() -> tuple[Session, str]:
    """A session on the benchmark program after one edit inside its kernel: a checkpoint taken before it."""
    s = Session()
    text = PROGRAM.read_text(encoding="utf-8")
    s.step(text)
    text = _edit(text, "summary_local.set_value(7, 0.0)", "summary_local.set_value(7, 1.0)")
    assert s.step(text) == (0, 1)
    return s, text


def test_edits_at_one_statement_resume_there_and_others_resume_or_start_over() -> None:
    s = Session()
    text = PROGRAM.read_text(encoding="utf-8")
    assert s.step(text) == (0, 0)  # the first lowering: no edit to place a checkpoint by
    text = _edit(text, "summary_local.set_value(7, 0.0)", "summary_local.set_value(7, 1.0)")
    assert s.step(text) == (0, 1)  # lowered whole, checkpoint taken before the edited statement
    text = _edit(text, "summary_local.set_value(7, 1.0)", "summary_local.set_value(7, 2.0)")
    assert s.step(text) == (1, 0)  # resumed there
    # later, inside the last loop: resumed at the checkpoint before it, a new one taken at the loop
    text = _edit(text, "centred[tail_base:], TAIL)\n        out_queue.free_tensor",
                 "centred[tail_base:], TAIL - 1)\n        out_queue.free_tensor")
    assert s.step(text) == (1, 1)
    # an earlier statement: no checkpoint at or before it holds, lowered whole, a checkpoint taken there
    text = _edit(text, "inv_rows = 1.0 / rows", "inv_rows = 2.0 / rows")
    assert s.step(text) == (0, 1)
    # back at the first place: the checkpoint there was taken before the last edit, which changed what comes before
    # it; the one at inv_rows holds (it is kept with the statements it follows)
    text = _edit(text, "summary_local.set_value(7, 2.0)", "summary_local.set_value(7, 3.0)")
    assert s.step(text) == (1, 1)
    text = _edit(text, "summary_local.set_value(7, 3.0)", "summary_local.set_value(7, 4.0)")
    assert s.step(text) == (1, 0)


def test_errors_and_dtypes_after_the_checkpoint_equal_a_fresh_analysis() -> None:
    s = Session()
    text = PROGRAM.read_text(encoding="utf-8")
    s.step(text)
    first = _edit(text, "summary_local.set_value(6, 0.0)", "summary_local.set_value(6, 1.0)")
    assert s.step(first) == (0, 1)
    # an undefined name, then a dtype the statements before leave open bound otherwise (the summary's GM dtype)
    broken = _edit(first, "summary_local.set_value(6, 1.0)", "summary_local.set_value(6, missing_value)")
    assert s.step(broken) == (1, 0)
    assert any("PA201" in d for d in _fresh(broken)["diagnostics"])  # type: ignore[union-attr]
    half = _edit(first, "summary_local.set_value(6, 1.0)\n", "summary_local.set_value(6, 1.0)\n"
                 "    summary_half = half_buf.get(asc.float16)\n"
                 "    asc.data_copy(summary_gm, summary_half, SUMMARY_PER_CORE)\n")
    assert s.step(half) == (1, 0)
    assert _fresh(half)["diagnostics"] != _fresh(first)["diagnostics"]
    # a line added above the checkpoint moves the statements after it: lowered whole
    moved = _edit(half, "    inv_rows = 1.0 / rows\n", "    inv_rows = 1.0 / rows\n    # the inverse\n")
    assert s.step(moved)[0] == 0


def test_a_helper_the_statements_before_call_changed_lowers_the_kernel_whole() -> None:
    s, text = _edited_once()
    # row_sum is called before the checkpoint: its new specialization is another entry of the helper cache
    text = text.replace("def row_sum(src: asc.LocalTensor, work: asc.LocalTensor, acc: asc.LocalTensor, n: int) -> "
                        "float:\n", "def row_sum(src: asc.LocalTensor, work: asc.LocalTensor, acc: asc.LocalTensor, "
                        "n: int) -> float:\n    asc.duplicate(acc, 0.0, 8)\n", 1)
    text = _edit(text, "summary_local.set_value(7, 1.0)", "summary_local.set_value(7, 2.0)")
    assert s.step(text)[0] == 0


UNANNOTATED = """import asc

LENGTH = 512


@asc.jit
def fill_out(src, dst: asc.GlobalAddress):
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(dst, LENGTH)
    tpipe = asc.TPipe()
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    tpipe.init_buffer(scratch, LENGTH * 4)
    work = scratch.get(asc.float32)
    asc.duplicate(work, 1.0, LENGTH)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(out_gm, work, LENGTH)
"""


def test_a_parameter_the_statements_after_use_as_an_address_lowers_the_kernel_whole() -> None:
    """`src` has no annotation: whether it is an address is read from the whole body, before the first statement."""
    s = Session("/k/fill_out.py")
    s.step(UNANNOTATED)
    text = _edit(UNANNOTATED, "asc.duplicate(work, 1.0, LENGTH)", "asc.duplicate(work, 2.0, LENGTH)")
    assert s.step(text) == (0, 1)
    text = _edit(text, "asc.duplicate(work, 2.0, LENGTH)", "asc.duplicate(work, 3.0, LENGTH)")
    assert s.step(text) == (1, 0)
    text = text + "    in_gm = asc.GlobalTensor()\n    in_gm.set_global_buffer(src, LENGTH)\n"
    text = _edit(text, "asc.duplicate(work, 3.0, LENGTH)", "asc.duplicate(work, 4.0, LENGTH)")
    assert s.step(text)[0] == 0


def test_a_prepared_copy_is_used_once_and_prepared_again() -> None:
    s = Session()
    text = PROGRAM.read_text(encoding="utf-8")
    s.step(text)
    assert prepare_next() == 0  # nothing to prepare: no checkpoint yet
    text = _edit(text, "summary_local.set_value(7, 0.0)", "summary_local.set_value(7, 1.0)")
    s.step(text)
    assert prepare_next() == 1
    assert prepare_next() == 0  # one copy ahead
    text = _edit(text, "summary_local.set_value(7, 1.0)", "summary_local.set_value(7, 2.0)")
    assert s.step(text) == (1, 0)
    assert prepare_next() == 1


def test_the_analysis_that_took_a_checkpoint_is_left_as_it_was() -> None:
    """The resumed lowering works on a copy: the previous version's result (hover, the C++ panel, an undo's cache
    entry) is not changed by the lowering of the next."""
    cache = AnalysisCache()
    text = PROGRAM.read_text(encoding="utf-8")
    analyze(text, PATH, cache=cache)
    first = _edit(text, "summary_local.set_value(7, 0.0)", "summary_local.set_value(7, 1.0)")
    kept = analyze(first, PATH, cache=cache)
    before = _view(kept)
    prepare_next()
    nxt = _edit(first, "summary_local.set_value(7, 1.0)\n", "summary_local.set_value(7, 1.0)\n"
                "    summary_half = half_buf.get(asc.float16)\n"
                "    asc.data_copy(summary_gm, summary_half, SUMMARY_PER_CORE)\n")
    resumed = resume.resumed
    analyze(nxt, PATH, cache=cache)
    assert resume.resumed == resumed + 1
    assert _view(kept) == before


def test_off_in_a_disabled_block() -> None:
    s, text = _edited_once()
    text = _edit(text, "summary_local.set_value(7, 1.0)", "summary_local.set_value(7, 2.0)")
    with resume.disabled():
        assert s.step(text) == (0, 0)


def _numbers(stmt: ast.stmt) -> ast.Constant | None:
    """The first number of a statement written on one line (the value an edit changes)."""
    for n in ast.walk(stmt):
        if isinstance(n, ast.Constant) and type(n.value) in (int, float) and n.end_lineno == n.lineno:
            return n
    return None


def _with_value(text: str, c: ast.Constant, value: object) -> str:
    lines = text.split("\n")
    line = lines[c.lineno - 1]
    lines[c.lineno - 1] = line[:c.col_offset] + repr(value) + line[c.end_col_offset:]  # type: ignore[operator]
    return "\n".join(lines)


ROOT = Path(__file__).resolve().parents[2]
OWN_KERNELS = sorted([*ROOT.glob("examples/*.py"), *ROOT.glob("tests/compiler/cann/*.py"),
                      *ROOT.glob("tests/compiler/lang/*.py")])


@pytest.mark.parametrize("path", [p for p in OWN_KERNELS if "@asc.jit" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.name)
def test_edits_of_each_statement_of_our_kernels_equal_fresh_analyses(path: Path) -> None:
    """Two edits of a number in the first, middle and last statement of each jit function, then the text as it was:
    every analysis equals a fresh one, and where the first edit took a checkpoint the second resumes at it."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    s = Session(f"/k/{path.name}")
    s.step(text)
    fns = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
           and any("jit" in ast.unparse(d) for d in n.decorator_list)]
    for fn in fns:
        for i in sorted({1, len(fn.body) // 2, len(fn.body) - 1} & set(range(len(fn.body)))):
            c = _numbers(fn.body[i])
            if c is None:
                continue
            _, took = s.step(_with_value(text, c, c.value + 1))  # type: ignore[operator]
            resumed, _ = s.step(_with_value(text, c, c.value + 2))  # type: ignore[operator]
            assert resumed == 1 or not took  # (with none taken, it may resume at an earlier one)
            s.step(text)


HELPERS = """import asc

TILE = 256


@asc.jit
def fill(t: asc.LocalTensor, value: float, n: int) -> None:
    asc.duplicate(t, value, n)
"""

IMPORTING = """import asc

from helpers import TILE, fill


@asc.jit
def kernel(y: asc.GlobalAddress) -> None:
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, TILE)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    t = q.alloc_tensor(asc.float32)
    fill(t, 1.0, TILE)
    asc.adds(t, t, 1.0, TILE)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(y_gm, t, TILE)
    q.free_tensor(t)
"""


def test_a_helper_of_another_module_holds_the_checkpoint_until_its_file_changes(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text(HELPERS, encoding="utf-8")
    path = str(tmp_path / "main.py")
    (tmp_path / "main.py").write_text(IMPORTING, encoding="utf-8")
    s = Session(path)
    s.step(IMPORTING)
    text = _edit(IMPORTING, "asc.adds(t, t, 1.0, TILE)", "asc.adds(t, t, 2.0, TILE)")
    assert s.step(text) == (0, 1)
    text = _edit(text, "asc.adds(t, t, 2.0, TILE)", "asc.adds(t, t, 3.0, TILE)")
    assert s.step(text) == (1, 0)  # fill() is called before the checkpoint: its specialization is the same entry
    (tmp_path / "helpers.py").write_text(HELPERS.replace("asc.duplicate(t, value, n)",
                                                         "asc.duplicate(t, value, n)\n    asc.adds(t, t, 0.5, n)"),
                                         encoding="utf-8")
    text = _edit(text, "asc.adds(t, t, 3.0, TILE)", "asc.adds(t, t, 4.0, TILE)")
    assert s.step(text)[0] == 0  # fill() changed on disk: another specialization


def test_a_helper_edit_the_kernel_sees_resumes_before_the_kernels_first_helper_call() -> None:
    """The statements before the first helper call read no helper: a checkpoint there holds whatever the helper
    becomes, so each edit of the helper that changes what the kernel sees of it lowers only the rest."""
    single = HELPERS.replace("import asc\n", "") + IMPORTING.replace("from helpers import TILE, fill\n", "")
    single = "import asc\n" + single
    s = Session("/k/single.py")
    s.step(single)
    broken = _edit(single, "def fill(t: asc.LocalTensor, value: float, n: int)",
                   "def fill(t: asc.LocalTensor, value: float, n: int, step: int)")
    assert s.step(broken) == (0, 1)  # lowered whole (its call is wrong now), a checkpoint taken before the call
    assert any("PA301" in d for d in _fresh(broken, "/k/single.py")["diagnostics"])  # type: ignore[union-attr]
    # the call still fails, with another finding: the kept lowering holds with it (lower/cutoff.py), none resumes
    reused = cutoff.reused
    assert s.step(broken.replace("step: int", "stride: int")) == (0, 0)
    assert cutoff.reused == reused + 1
    assert s.step(broken.replace("step: int", "pitch: int = 1")) == (1, 0)  # (and correct again)
    assert not _fresh(broken.replace("step: int", "pitch: int = 1"), "/k/single.py")["diagnostics"]


def test_every_kernel_lowered_last_gets_a_copy_ahead() -> None:
    """An edit of a helper two kernels call lowers both again: the next one resumes both, each from its copy."""
    kernel = IMPORTING.replace("from helpers import TILE, fill\n", "")
    single = "import asc\n" + HELPERS.replace("import asc\n", "") + kernel
    two = single + "\n\n" + single[single.index("@asc.jit\ndef kernel"):].replace("def kernel(", "def kernel_b(")
    s = Session("/k/two.py")
    s.step(two)
    broken = _edit(two, "def fill(t: asc.LocalTensor, value: float, n: int)",
                   "def fill(t: asc.LocalTensor, value: float, n: int, step: int)")
    assert s.step(broken) == (0, 2)
    assert prepare_next() == 2
    assert s.step(broken.replace("step: int", "step: int = 1")) == (2, 0)  # (bound again, to another list)
