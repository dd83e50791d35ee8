"""A deque no enque reaches (PA503) and a queue or TBuf used before init_buffer gives it memory (PA506), followed
through branches, loops and jit helpers: an error when no path does it (certain on the device: a hang, PS106; no
memory, PS107), a warning when only some paths do, nothing when every path does; and `pyasc --input` refuses the
errors (no .kernel)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.model import Diagnostic, Severity
from pyasc.compiler.pipeline.analysis import analyze

HEAD = """import pyasc as asc

N = 256
TILE = 128


"""
KERNEL = """@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    buf = asc.TBuf(asc.TPosition.VECCALC)
"""
HELPERS = """@asc.jit
def fill(q: asc.TQue, g: asc.GlobalTensor):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, TILE)
    q.enque(t)


@asc.jit
def drain(q: asc.TQue, g: asc.GlobalTensor):
    t = q.deque(asc.float32)
    asc.data_copy(g, t, TILE)
    q.free_tensor(t)


@asc.jit
def setup(pipe: asc.TPipe, q: asc.TQue):
    pipe.init_buffer(q, 1, TILE * 4)


"""


def program(body: str, helpers: bool = False) -> str:
    return HEAD + (HELPERS if helpers else "") + KERNEL + "".join(f"    {ln}\n" for ln in body.strip("\n").split("\n"))


def found(text: str, code: str) -> list[Diagnostic]:
    return [d for d in analyze(text, "k.py").diagnostics if d.code == code]


def line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), start=1) if needle in ln)


INIT = "pipe.init_buffer(q, 1, TILE * 4)\npipe.init_buffer(out, 1, TILE * 4)\npipe.init_buffer(buf, TILE * 4)\n"
FILL = "t = q.alloc_tensor(asc.float32)\nasc.data_copy(t, x_gm, TILE)\n"
DRAIN = "u = q.deque(asc.float32)  # here\nasc.data_copy(y_gm, u, TILE)\nq.free_tensor(u)\n"

# (name, body, helpers, code, expected severity or None for no finding)
CASES = [
    ("no-enque", INIT + FILL + DRAIN, False, "PA503", Severity.ERROR),
    ("enque", INIT + FILL + "q.enque(t)\n" + DRAIN, False, "PA503", None),
    ("enque-other-queue-only", INIT + FILL + "q.free_tensor(t)\nv = out.alloc_tensor(asc.float32)\nout.enque(v)\n"
     + DRAIN, False, "PA503", Severity.ERROR),
    ("enque-in-branch", INIT + FILL + "if n > 0:\n    q.enque(t)\n" + DRAIN, False, "PA503", Severity.WARNING),
    ("enque-in-both-branches", INIT + FILL + "if n > 0:\n    q.enque(t)\nelse:\n    q.enque(t)\n" + DRAIN, False,
     "PA503", None),
    ("enque-in-run-time-loop", INIT + "for i in range(n):\n    " + FILL.replace("\n", "\n    ") + "q.enque(t)\n"
     + DRAIN, False, "PA503", Severity.WARNING),
    ("enque-in-constant-loop", INIT + "for i in range(2):\n    " + FILL.replace("\n", "\n    ") + "q.enque(t)\n"
     + DRAIN, False, "PA503", None),
    ("loops-of-one-count", INIT + "for i in range(n):\n    " + FILL.replace("\n", "\n    ") + "q.enque(t)\n"
     "for i in range(n):\n    " + DRAIN.replace("\n", "\n    "), False, "PA503", None),
    ("deque-of-the-previous-iteration", INIT + "for i in range(4):\n    if i > 0:\n"
     + "".join(f"        {ln}\n" for ln in DRAIN.splitlines()) + "".join(f"    {ln}\n" for ln in FILL.splitlines())
     + "    q.enque(t)\n", False, "PA503", None),
    ("second-deque-of-one-enque", INIT + FILL + "q.enque(t)\nw = q.deque(asc.float32)\nq.free_tensor(w)\n" + DRAIN,
     False, "PA503", Severity.ERROR),
    ("deque-in-helper", INIT + "drain(q, y_gm)\n", True, "PA503", Severity.ERROR),
    ("helpers-fill-then-drain", INIT + "for i in range(n):\n    fill(q, x_gm)\n    drain(q, y_gm)\n", True, "PA503",
     None),
    ("helper-fills-another-queue", INIT + "fill(out, x_gm)\ndrain(q, y_gm)\n", True, "PA503", Severity.ERROR),
    ("alloc-before-init", FILL + INIT + "q.free_tensor(t)\n", False, "PA506", Severity.ERROR),
    ("tbuf-get-before-init", "t = buf.get(asc.float32)\npipe.init_buffer(buf, TILE * 4)\n"
     "asc.data_copy(t, x_gm, TILE)\n", False, "PA506", Severity.ERROR),
    ("tbuf-get-with-offset-before-init", "t = buf.get_with_offset(64, 0, asc.float32)\n"
     "pipe.init_buffer(buf, TILE * 4)\nasc.data_copy(t, x_gm, 64)\n", False, "PA506", Severity.ERROR),
    ("tbuf-init-in-branch", "if n > 0:\n    pipe.init_buffer(buf, TILE * 4)\nt = buf.get(asc.float32)\n"
     "asc.data_copy(t, x_gm, TILE)\n", False, "PA506", Severity.WARNING),
    ("init-in-helper", "setup(pipe, q)\n" + FILL + "q.free_tensor(t)\n", True, "PA506", None),
    ("init-after-in-helper", FILL + "setup(pipe, q)\nq.free_tensor(t)\n", True, "PA506", Severity.ERROR),
    # the first iteration of a loop that runs is judged on its own, its loop variable at the start
    ("tbuf-get-before-lazy-init", "for i in range(4):\n    t = buf.get(asc.float32)  # here\n    if i == 0:\n"
     "        pipe.init_buffer(buf, TILE * 4)\n    asc.data_copy(t, x_gm, TILE)\n", False, "PA506", Severity.ERROR),
    ("tbuf-lazy-init-then-get", "for i in range(4):\n    if i == 0:\n        pipe.init_buffer(buf, TILE * 4)\n"
     "    t = buf.get(asc.float32)\n    asc.data_copy(t, x_gm, TILE)\n", False, "PA506", None),
    ("tbuf-lazy-init-below-one", "for i in range(2, 6):\n    if i < 3:\n        pipe.init_buffer(buf, TILE * 4)\n"
     "    t = buf.get(asc.float32)\n    asc.data_copy(t, x_gm, TILE)\n", False, "PA506", None),
    ("tbuf-init-after-first-iteration", "for i in range(4):\n    if i > 0:\n        pipe.init_buffer(buf, TILE * 4)\n"
     "    t = buf.get(asc.float32)  # here\n    asc.data_copy(t, x_gm, TILE)\n", False, "PA506", Severity.ERROR),
    ("deque-before-its-enque-in-loop", INIT + "for i in range(4):\n"
     + "".join(f"    {ln}\n" for ln in DRAIN.splitlines()) + "".join(f"    {ln}\n" for ln in FILL.splitlines())
     + "    q.enque(t)\n", False, "PA503", Severity.ERROR),
    ("deque-of-the-previous-iteration-computed", INIT + "for i in range(4):\n    j = i - 1\n    if j >= 0:\n"
     + "".join(f"        {ln}\n" for ln in DRAIN.splitlines()) + "".join(f"    {ln}\n" for ln in FILL.splitlines())
     + "    q.enque(t)\n", False, "PA503", None),
    ("deque-of-a-prologue-enque-in-loop", INIT + FILL + "q.enque(t)\nfor i in range(4):\n"
     + "".join(f"    {ln}\n" for ln in DRAIN.splitlines()) + "    if i < 3:\n"
     + "".join(f"        {ln}\n" for ln in FILL.splitlines()) + "        q.enque(t)\n", False, "PA503", None),
]


@pytest.mark.parametrize("name,body,helpers,code,severity", CASES, ids=[c[0] for c in CASES])
def test_queue_paths(name: str, body: str, helpers: bool, code: str, severity: Severity | None) -> None:
    text = program(body, helpers)
    diags = found(text, code)
    others = [d for d in analyze(text, "k.py").errors if d.code != code]
    assert others == [], [d.message for d in others]
    if severity is None:
        assert diags == [], [d.message for d in diags]
        return
    assert [d.severity for d in diags] == [severity], [(d.severity, d.message) for d in diags]


def test_deque_error_is_on_the_deque_and_names_the_queue() -> None:
    text = program(INIT + FILL + DRAIN)
    (d,) = found(text, "PA503")
    assert d.span.line == line_of(text, "# here") and text.splitlines()[d.span.line - 1][d.span.col:].startswith(
        "q.deque(asc.float32)")
    assert "no enque to 'q' reaches it on any path" in d.message and "PS106" in d.message


def test_deque_in_helper_names_the_kernels_queue() -> None:
    text = program(INIT + "drain(out, y_gm)\n", helpers=True)
    (d,) = found(text, "PA503")
    assert d.span.line == line_of(text, "t = q.deque(asc.float32)")
    assert "the kernel's 'out', in drain" in d.message


def test_second_deque_says_the_tensors_were_taken() -> None:
    text = program(INIT + FILL + "q.enque(t)\nw = q.deque(asc.float32)\nq.free_tensor(w)\n" + DRAIN)
    (d,) = found(text, "PA503")
    assert d.span.line == line_of(text, "# here") and "already dequeued" in d.message


@pytest.mark.parametrize("name", ["tbuf-get-before-lazy-init", "tbuf-init-after-first-iteration",
                                  "deque-before-its-enque-in-loop"])
def test_first_iteration_finding_is_on_its_line(name: str) -> None:
    case = next(c for c in CASES if c[0] == name)
    text = program(case[1], case[2])
    assert [d.span.line for d in found(text, case[3])] == [line_of(text, "# here")]


def test_use_before_memory_is_on_the_use_line() -> None:
    text = program("t = buf.get(asc.float32)\npipe.init_buffer(buf, TILE * 4)\nasc.data_copy(t, x_gm, TILE)\n")
    (d,) = found(text, "PA506")
    assert d.span.line == line_of(text, "t = buf.get") and "'buf'" in d.message and "PS107" in d.message


def test_a_helper_checked_on_its_own_trusts_its_queues() -> None:
    """A jit function that takes a queue is checked as its own unit too: its caller sets the queue up."""
    text = HEAD + HELPERS
    assert found(text, "PA503") == [] and found(text, "PA506") == []


def test_insert_sync_keeps_its_own_rule() -> None:
    """Under insert_sync CANN places every enque and deque: a deque with no enque of ours is not a hang."""
    text = program(INIT + FILL + DRAIN).replace("@asc.jit\ndef kernel", "@asc.jit(insert_sync=True)\ndef kernel")
    assert found(text, "PA503") == []


def test_wait_without_set_stays_an_error() -> None:
    text = HEAD + ("@asc.jit(auto_sync=False)\ndef kernel(x: asc.GlobalAddress):\n"
                   "    asc.wait_flag(asc.HardEvent.MTE2_V, 1)\n")
    assert [(d.code, d.severity) for d in analyze(text, "k.py").diagnostics if d.code == "PA556"] == [
        ("PA556", Severity.ERROR)]


@pytest.mark.parametrize("name", [c[0] for c in CASES if c[4] is Severity.ERROR])
def test_pyasc_refuses_each_certain_failure(name: str, tmp_path: Path) -> None:
    from pyasc.cli.main import main

    case = next(c for c in CASES if c[0] == name)
    src = tmp_path / "k.py"
    src.write_text(program(case[1], case[2]), encoding="utf-8")
    out = tmp_path / "k.kernel"
    assert main(["--input", str(src), "--output", str(out), "--no-cpp"]) != 0
    assert not out.exists()


def test_a_function_with_no_pipe_is_a_fragment() -> None:
    """No TPipe anywhere: nothing is set up to run (a test of one API call), so what is missing is a warning."""
    text = HEAD + ("@asc.jit\ndef kernel():\n    q = asc.TQue(asc.TPosition.VECIN, 1)\n"
                   "    t = q.alloc_tensor(asc.float16)\n    u = q.deque(asc.float16)\n")
    assert [d.severity for d in found(text, "PA506")] == [Severity.WARNING]
    assert [d.severity for d in found(text, "PA503")] == [Severity.WARNING]


UB_HEAD = """import pyasc as asc

ROWS = 64
COLS = 256


@asc.jit
def give(pipe: asc.TPipe, a: asc.TQue, b: asc.TQue, nbytes: int):
    pipe.init_buffer(a, 1, nbytes)  # here: the third queue, of the second call
    pipe.init_buffer(b, 1, nbytes)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q1 = asc.TQue(asc.TPosition.VECIN, 1)
    q2 = asc.TQue(asc.TPosition.VECIN, 1)
    q3 = asc.TQue(asc.TPosition.VECOUT, 1)
    q4 = asc.TQue(asc.TPosition.VECOUT, 1)
"""

# (name, kernel body, expected PA601 severity or None): each queue takes ROWS * COLS * 4 = 64 KiB per call below
UB_CASES = [
    ("helper-sets-up-past-the-buffer", "give(pipe, q1, q2, ROWS * COLS * 4)\ngive(pipe, q3, q4, ROWS * COLS * 4)\n",
     Severity.ERROR),
    ("helper-sets-up-within-the-buffer", "give(pipe, q1, q2, ROWS * COLS * 2)\ngive(pipe, q3, q4, ROWS * COLS * 2)\n",
     None),
    ("helper-again-with-the-same-queues", "give(pipe, q1, q2, ROWS * COLS * 4)\ngive(pipe, q1, q2, ROWS * COLS * 4)\n",
     None),
    ("helper-and-own-init-of-one-queue", "pipe.init_buffer(q1, 1, ROWS * COLS * 4)\n"
     "give(pipe, q1, q2, ROWS * COLS * 4)\n", None),
    ("helper-on-some-paths", "give(pipe, q1, q2, ROWS * COLS * 4)\nif n > 0:\n"
     "    give(pipe, q3, q4, ROWS * COLS * 4)\n", Severity.WARNING),
    ("helper-size-not-known", "give(pipe, q1, q2, n)\ngive(pipe, q3, q4, n)\n", None),
]


@pytest.mark.parametrize("name,body,severity", UB_CASES, ids=[c[0] for c in UB_CASES])
def test_ub_capacity_through_helpers(name: str, body: str, severity: Severity | None) -> None:
    """PA601 sums what the helpers a kernel calls set up, with the call's sizes, each queue once."""
    text = UB_HEAD + "".join(f"    {ln}\n" for ln in body.strip("\n").split("\n"))
    diags = [d for d in analyze(text, "k.py").diagnostics if d.code == "PA601"]
    if severity is None:
        assert diags == [], [d.message for d in diags]
        return
    assert [d.severity for d in diags] == [severity], [d.message for d in diags]
    assert diags[0].span.line == line_of(text, "# here") and "196608 bytes" in diags[0].message
