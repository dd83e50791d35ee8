"""No cascades (issue 24, family 6): after a call that failed to bind, the one error of that call is all that is
reported; nothing more about the objects it would have set up (a queue given memory, a dtype fixed, a flag set)."""

from __future__ import annotations

import pytest

from pyasc.compiler.pipeline.analysis import analyze

BASE = '''import asc

N = 256


@asc.jit
def init_queue(pipe: asc.TPipe, q: asc.TQue):
    pipe.init_buffer(q, 1, N * 4)


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    init_queue(pipe, q)
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, N * 4)
    t = q.alloc_tensor(asc.float32)
    w = b.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.adds(w, t, 1.0, N)
    asc.data_copy(z_gm, w, N)
    q.free_tensor(t)
'''

FAILED = {
    # what fails: (the line as written, the failing form), the code it gets
    "init_buffer keyword": ("pipe.init_buffer(b, N * 4)", "pipe.init_buffer(b, size=N * 4)", "PA302"),
    "init_buffer argument type": ("pipe.init_buffer(b, N * 4)", 'pipe.init_buffer(b, "x")', "PA303"),
    "helper call keyword": ("init_queue(pipe, q)", "init_queue(pipe, q, depth=2)", "PA302"),
    "helper call arity": ("init_queue(pipe, q)", "init_queue(pipe, q, 2)", "PA301"),
    "queue constructor": ("q = asc.TQue(asc.TPosition.VECIN, 1)", "q = asc.TQue(asc.TPosition.VECIN, 1, 2, 3)",
                          "PA301"),
    "buffer constructor": ("b = asc.TBuf(asc.TPosition.VECCALC)", "b = asc.TBuf(asc.TPosition.VECCALC, 3, 4)",
                           "PA301"),
    "pipe constructor": ("pipe = asc.TPipe()", "pipe = asc.TPipe(5)", "PA301"),
    "GlobalTensor constructor": ("x_gm = asc.GlobalTensor()", "x_gm = asc.GlobalTensor(1, 2, 3)", "PA301"),
    "set_global_buffer keyword": ("x_gm.set_global_buffer(x, N)", "x_gm.set_global_buffer(x, N, size=4)", "PA302"),
    "alloc_tensor keyword": ("t = q.alloc_tensor(asc.float32)", "t = q.alloc_tensor(asc.float32, shape=4)",
                             "PA302"),
    "alloc_tensor argument type": ("t = q.alloc_tensor(asc.float32)", 't = q.alloc_tensor("f32")', "PA303"),
    "get keyword": ("w = b.get(asc.float32)", "w = b.get(asc.float32, n=3)", "PA302"),
}


def _found(text: str) -> list[tuple[str, int]]:
    return sorted((d.code, d.span.line) for d in analyze(text, "k.py").diagnostics)


def test_the_base_kernel_is_clean() -> None:
    assert _found(BASE) == []


@pytest.mark.parametrize("case", sorted(FAILED))
def test_a_failed_call_is_the_only_finding(case: str) -> None:
    good, bad, code = FAILED[case]
    assert BASE.count(good) == 1
    text = BASE.replace(good, bad)
    line = text.split("\n").index(next(s for s in text.split("\n") if s.strip() == bad)) + 1
    assert _found(text) == [(code, line)]


SYNC = '''import asc

N = 256


@asc.jit(auto_sync=False)
def ks(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(t, t, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)
'''

FAILED_SYNC = {
    # a set_flag that failed is not followed by PA556 at its wait; a wait_flag that failed by PA555 at its set and a
    # race (PA551) after it
    "set_flag keyword": ("asc.set_flag(asc.HardEvent.MTE2_V, 0)", "asc.set_flag(asc.HardEvent.MTE2_V, 0, pipe=1)",
                         "PA302"),
    "set_flag event type": ("asc.set_flag(asc.HardEvent.V_MTE3, 0)", 'asc.set_flag("V_MTE3", 0)', "PA303"),
    "wait_flag keyword": ("asc.wait_flag(asc.HardEvent.MTE2_V, 0)", "asc.wait_flag(asc.HardEvent.MTE2_V, 0, pipe=1)",
                          "PA302"),
    "wait_flag arity": ("asc.wait_flag(asc.HardEvent.V_MTE3, 0)", "asc.wait_flag()", "PA301"),
    "buffer get keyword": ("t = buf.get(asc.float32)", "t = buf.get(asc.float32, n=4)", "PA302"),
}


def test_the_synchronized_kernel_is_clean() -> None:
    assert _found(SYNC) == []


@pytest.mark.parametrize("case", sorted(FAILED_SYNC))
def test_a_failed_flag_call_is_the_only_finding(case: str) -> None:
    good, bad, code = FAILED_SYNC[case]
    assert SYNC.count(good) == 1
    text = SYNC.replace(good, bad)
    line = text.split("\n").index("    " + bad) + 1
    assert _found(text) == [(code, line)]


def test_a_failed_flag_call_does_not_hide_the_findings_of_other_events() -> None:
    """Only the failed call's event is trusted from there on: a wait for another event never set is still PA556."""
    text = SYNC.replace("asc.set_flag(asc.HardEvent.MTE2_V, 0)", "asc.set_flag(asc.HardEvent.MTE2_V, 0, pipe=1)")
    text = text.replace("    asc.set_flag(asc.HardEvent.V_MTE3, 0)\n", "")
    lines = text.split("\n")
    assert _found(text) == sorted([("PA302", lines.index("    asc.set_flag(asc.HardEvent.MTE2_V, 0, pipe=1)") + 1),
                                   ("PA556", lines.index("    asc.wait_flag(asc.HardEvent.V_MTE3, 0)") + 1)])


def test_insert_sync_does_not_call_a_queue_without_alloc_tensor_after_a_failed_one() -> None:
    """Under insert_sync a deque from a queue with no alloc_tensor is PA503; an alloc_tensor that failed counts."""
    text = '''import asc

N = 256


@asc.jit(insert_sync=True)
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32, shape=4)
    asc.data_copy(t, x_gm, N)
    q.enque(t)
    u = q.deque(asc.float32)
    asc.data_copy(z_gm, u, N)
    q.free_tensor(u)
'''
    lines = text.split("\n")
    assert _found(text) == [("PA302", lines.index("    t = q.alloc_tensor(asc.float32, shape=4)") + 1)]
