"""Per-helper summaries of the bounds walk and of the queue paths (checks/summaries.py): an edit of the kernel replays
each helper's walk from its summary instead of walking the helper again, an edit of a helper or of the values the
kernel passes it walks it again, and the findings are those of a walk of every helper at every call."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

from pyasc.compiler.checks import summaries
from pyasc.compiler.lower import helper_cache
from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

PROGRAM = Path(__file__).resolve().parents[2] / "bench" / "programs" / "big_kernel.py"
CHECKS = ("bounds", "queues")

KERNEL = '''import asc

N = 1024
TILE = 128


@asc.jit
def scale(t: asc.LocalTensor, n: int) -> None:
    asc.muls(t, t, 2.0, n)


@asc.jit
def load(q: asc.TQue, g: asc.GlobalTensor, n: int) -> None:
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    scale(t, n)
    q.enque(t)


@asc.jit
def drain(q: asc.TQue, g: asc.GlobalTensor) -> None:
    t = q.deque(asc.float32)
    asc.data_copy(g, t, TILE)
    q.free_tensor(t)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for i in range(3):
        load(q, x_gm, COUNT)
        drain(q, y_gm)
'''


@pytest.fixture(autouse=True)
def _fresh_helpers() -> None:
    # summaries live on the helpers' IR, which the helper cache keeps: start without any
    helper_cache.clear()


def _diagnostics(text: str, cache: AnalysisCache | None = None) -> list[str]:
    return [repr(d) for d in analyze(text, "/k/kernel.py", cache=cache).diagnostics]


def _walked(text: str) -> list[str]:
    """The findings of a walk of every helper at every call."""
    with helper_cache.disabled(), summaries.disabled():
        return _diagnostics(text)


def _spare(text: str) -> str:
    """An edit of the kernel that changes nothing its helpers are given."""
    anchor = "    pipe.init_buffer(q, 1, TILE * 4)\n"
    assert anchor in text
    return text.replace(anchor, anchor + "    spare = 1\n")


def _counts() -> dict[str, tuple[int, int]]:
    return {c: summaries.count(c) for c in CHECKS}


def _since(before: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """Summaries (computed, reused) per check since `before`."""
    now = _counts()
    return {c: (now[c][0] - before[c][0], now[c][1] - before[c][1]) for c in CHECKS}


def test_an_edit_of_the_kernel_reuses_every_helper_summary() -> None:
    cache = AnalysisCache()
    base = KERNEL.replace("COUNT", "TILE")
    assert _diagnostics(base, cache) == _walked(base)
    edited = _spare(base)
    assert edited != base
    before = _counts()
    assert _diagnostics(edited, cache) == _walked(edited)
    done = _since(before)
    assert done["bounds"][0] == 0 and done["bounds"][1] >= 2  # load and drain, scale inside load's summary
    assert done["queues"][0] == 0 and done["queues"][1] >= 2


def test_the_benchmark_programs_kernel_edit_walks_no_helper() -> None:
    text = PROGRAM.read_text(encoding="utf-8")
    cache = AnalysisCache()
    analyze(text, "/bench/big_kernel.py", cache=cache)
    before = _counts()
    edited = text.replace("    summary_local.set_value(7, 0.0)", "    summary_local.set_value(7, 5.0)")
    assert edited != text
    got = [repr(d) for d in analyze(edited, "/bench/big_kernel.py", cache=cache).diagnostics]
    done = _since(before)
    assert done["bounds"][0] == 0 and done["bounds"][1] >= 10  # the kernel's ten helper calls, each replayed
    assert done["queues"][0] == 0 and done["queues"][1] >= 5  # those that touch a queue
    with helper_cache.disabled(), summaries.disabled():
        assert got == [repr(d) for d in analyze(edited, "/bench/big_kernel.py").diagnostics]
    # an edit inside gelu_tanh walks it again, and compute_row, which calls it: the other helpers are replayed
    before = _counts()
    again = edited.replace("        asc.duplicate(work, 2.0, CHUNK)", "        asc.duplicate(work, 3.0, CHUNK)")
    assert again != edited
    analyze(again, "/bench/big_kernel.py", cache=cache)
    done = _since(before)
    assert done["bounds"][0] == 2 and done["bounds"][1] > 0
    assert done["queues"][0] >= 1 and done["queues"][1] > 0


def test_other_argument_values_walk_the_helper_again_and_give_its_findings() -> None:
    cache = AnalysisCache()
    clean = KERNEL.replace("COUNT", "TILE")
    assert not any(c in d for d in _diagnostics(clean, cache) for c in ("PA611", "PA612"))
    # 128 + 64 * i floats into a 512-byte buffer: past it in the last iteration, in load's copy and scale's muls
    failing = KERNEL.replace("COUNT", "TILE + i * 64")
    before = _counts()
    got = _diagnostics(failing, cache)
    assert _since(before)["bounds"][0] >= 1
    assert got == _walked(failing)
    assert any("PA611" in d and "last iteration i=2" in d for d in got)
    assert any("PA612" in d for d in got)
    # and back (with another edit of the kernel, so that it is analyzed again): the clean entry's summary is kept
    back = _spare(clean)
    before = _counts()
    assert _diagnostics(back, cache) == _walked(back)
    assert _since(before)["bounds"] == (0, 2)


def test_an_edit_of_a_helper_walks_it_again_and_gives_its_new_findings() -> None:
    cache = AnalysisCache()
    base = KERNEL.replace("COUNT", "TILE")
    _diagnostics(base, cache)
    edited = base.replace("asc.muls(t, t, 2.0, n)", "asc.muls(t, t, 2.0, n + 64)")
    before = _counts()
    got = _diagnostics(edited, cache)
    assert _since(before)["bounds"][0] >= 2  # scale, and load, which calls it
    assert got == _walked(edited)
    assert any("PA612" in d for d in got)


def test_the_callers_queue_state_is_part_of_the_entry() -> None:
    cache = AnalysisCache()
    base = KERNEL.replace("COUNT", "TILE")
    assert not any("PA503" in d for d in _diagnostics(base, cache))
    # drain before any load: the deque in drain waits forever (its summary for an empty queue is another one)
    first = base.replace("    pipe.init_buffer(q, 1, TILE * 4)\n", "    pipe.init_buffer(q, 1, TILE * 4)\n"
                         "    drain(q, y_gm)\n")
    got = _diagnostics(first, cache)
    assert got == _walked(first)
    assert any("PA503" in d and "ERROR" in d for d in got)


def test_two_threads_analyzing_at_once_get_the_walked_findings() -> None:
    texts = [KERNEL.replace("COUNT", "TILE + i * 64"), KERNEL.replace("COUNT", "TILE")]
    want = [_walked(t) for t in texts]
    got: dict[int, list[list[str]]] = {0: [], 1: []}

    def run(i: int) -> None:
        cache = AnalysisCache()
        for _ in range(3):
            got[i].append(_diagnostics(texts[i], cache))

    threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got[0] == [want[0]] * 3 and got[1] == [want[1]] * 3


def test_each_helper_keeps_a_bounded_number_of_summaries() -> None:
    fn = SimpleNamespace()
    for i in range(3 * summaries.LIMIT):
        summaries.put(fn, "bounds", ("entry", i), i)  # type: ignore[arg-type]
    assert len(fn.__dict__["_summaries_bounds"]) == summaries.LIMIT
    assert summaries.get(fn, "bounds", ("entry", 0)) is None  # type: ignore[arg-type]
    assert summaries.get(fn, "bounds", ("entry", 3 * summaries.LIMIT - 1)) == 3 * summaries.LIMIT - 1  # type: ignore


IMPORTED = '''import asc


@asc.jit
def take(q: asc.TQue, g: asc.GlobalTensor) -> None:
    t = q.deque(asc.float32)
    asc.data_copy(g, t, 64)
    q.free_tensor(t)
'''

CALLER = '''import asc

from tiles import take


@asc.jit
def first(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, 256)
    take(q, x_gm)


@asc.jit
def second(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, 256)
    take(q, x_gm)
'''


def test_a_summary_of_a_helper_of_another_module_serves_each_call_at_its_own_place(tmp_path: Path) -> None:
    """Its findings are shown at the call in this file, whichever it is: the replay puts them there."""
    (tmp_path / "tiles.py").write_text(IMPORTED, encoding="utf-8")
    path = str(tmp_path / "main.py")
    before = _counts()
    got = analyze(CALLER, path, cache=AnalysisCache()).diagnostics
    assert _since(before)["queues"] == (1, 1), "walked at the first call, replayed at the second"
    hangs = [(d.code, d.kernel, d.span.line, d.span.col) for d in got if d.code == "PA503"]
    calls = [i + 1 for i, line in enumerate(CALLER.splitlines()) if line == "    take(q, x_gm)"]
    assert hangs == [("PA503", "first", calls[0], 4), ("PA503", "second", calls[1], 4)]
    with helper_cache.disabled(), summaries.disabled():
        assert [repr(d) for d in got] == [repr(d) for d in analyze(CALLER, path).diagnostics]
