"""Each sanitizer finding on a seeded bug, located at the offending Python line; errors raise SimulationError
unless collected; a race the compiler would fix is a note under auto_sync."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from pyasc import sim

from .kernels import buggy

SOURCE = Path(buggy.__file__).read_text().splitlines()


def bug_line(kernel_name: str) -> tuple[int, str]:
    """Line number and kind of the `# BUG: kind` marker inside the kernel's body."""
    start = next(i for i, line in enumerate(SOURCE) if line.startswith(f"def {kernel_name}("))
    for i in range(start, len(SOURCE)):
        m = re.search(r"# BUG: ([a-z-]+)", SOURCE[i])
        if m:
            return i + 1, m.group(1)
    raise AssertionError(f"no BUG marker in {kernel_name}")


def run(kernel, n: int = 1024):
    x = np.arange(n, dtype=np.float32)
    z = np.zeros(n, dtype=np.float32)
    with sim.collect() as report:
        kernel[1](x, z)
    return report


CASES = ["race_mte2_v", "race_v_mte3", "race_mte3_mte2", "race_v_s", "gm_out_of_bounds", "ub_out_of_bounds",
         "ub_over_capacity", "use_after_free", "deque_empty", "wait_without_set"]


@pytest.mark.parametrize("name", CASES)
def test_seeded_bug_is_reported_at_its_line(name):
    line, kind = bug_line(name)
    report = run(getattr(buggy, name))
    hits = [f for f in report.findings if f.kind == kind]
    assert hits, f"no {kind} finding; got {report}"
    f = hits[0]
    assert f.file == buggy.__file__ and f.line == line and f.core == 0
    assert f.severity == "error"
    assert f.code.startswith("PS1")
    assert str(f).startswith(f"{buggy.__file__}:{line}: error {f.code} [{kind}]")


@pytest.mark.parametrize("name", CASES)
def test_errors_raise_simulation_error_unless_collected(name):
    x = np.arange(1024, dtype=np.float32)
    with pytest.raises(sim.SimulationError) as info:
        getattr(buggy, name)[1](x, np.zeros_like(x))
    assert info.value.finding.line == bug_line(name)[0]


def test_a_partial_block_copy_is_a_warning_and_copies_the_whole_blocks_only():
    """As PA604 says (a warning, with the same words): the hardware moves whole 32-byte blocks."""
    from pyasc.compiler.pipeline.analysis import analyze

    line, kind = bug_line("partial_block_copy")
    report = run(buggy.partial_block_copy)
    [f] = report.of_kind(kind)
    assert (f.line, f.severity, f.code) == (line, "warning", "PS108")
    assert "the last 4 are not copied" in f.message
    static = [d for d in analyze(Path(buggy.__file__).read_text(), buggy.__file__).diagnostics
              if d.code == "PA604" and d.span.line == line]
    assert [d.severity.name for d in static] == ["WARNING"] and "the last 4 are not copied" in static[0].message
    x = np.arange(1024, dtype=np.float32)
    buggy.partial_block_copy[1](x, np.zeros_like(x))  # a warning never raises


def test_an_unaligned_buffer_length_is_rounded_up_with_a_warning_as_pa602_says():
    from pyasc.compiler.pipeline.analysis import analyze

    report = run(buggy.unaligned_buffer_length)
    [f] = report.of_kind("bad-argument")
    assert f.severity == "warning" and "rounds it up to 128" in f.message
    static = [d for d in analyze(Path(buggy.__file__).read_text(), buggy.__file__).diagnostics
              if d.code == "PA602" and d.span.line == f.line]
    assert [d.severity.name for d in static] == ["WARNING"] and "rounds it up to 128" in static[0].message


def test_race_messages_name_both_pipes_and_the_other_access():
    f = run(buggy.race_mte2_v).of_kind("race")[0]
    assert "pipe V" in f.message and "MTE2" in f.message and "HardEvent.MTE2_V" in f.message
    what, file, line = f.related[0]
    assert what == "MTE2 wrote it here" and file == buggy.__file__
    assert "asc.data_copy(x_local, x_gm, N)" in SOURCE[line - 1]
    assert "MTE3 read it" in run(buggy.race_mte3_mte2).of_kind("race")[0].related[0][0]
    assert "V wrote it" in run(buggy.race_v_s).of_kind("race")[0].related[0][0]


def test_race_is_a_note_under_auto_sync():
    report = run(buggy.race_mte2_v_auto)
    races = report.of_kind("race")
    assert races and all(f.severity == "note" for f in races)
    assert "compiler inserts" in races[0].message
    x = np.arange(1024, dtype=np.float32)
    z = np.zeros_like(x)
    buggy.race_mte2_v_auto[1](x, z)  # notes never raise
    np.testing.assert_array_equal(z[:256], np.abs(x[:256]))
    assert sim.last_report().notes


def test_synchronized_scalar_read_is_clean():
    assert run(buggy.synced_v_s).findings == []


def test_deadlock_reports_the_queue_history():
    f = run(buggy.deque_empty).of_kind("deadlock")[0]
    events = [what for what, _, _ in f.related]
    assert events == ["alloc_tensor on this queue", "enque on this queue", "deque on this queue",
                      "deque on this queue"]
    assert "no tensor enqueued" in f.message


def test_use_after_free_points_at_the_free():
    f = run(buggy.use_after_free).of_kind("use-after-free")[0]
    assert f.related and "free_tensor" in SOURCE[f.related[0][2] - 1]


def test_bounds_messages_give_expected_and_actual():
    gm = run(buggy.gm_out_of_bounds).of_kind("gm-out-of-bounds")[0]
    assert "[0, 512)" in gm.message and "256 elements" in gm.message
    ub = run(buggy.ub_out_of_bounds).of_kind("ub-out-of-bounds")[0]
    assert "[0, 512)" in ub.message and "256 elements" in ub.message
    cap = run(buggy.ub_over_capacity).of_kind("ub-over-capacity")[0]
    assert "204800" in cap.message and str(184 * 1024) in cap.message and "Ascend910B1" in cap.message


def test_collected_errors_skip_the_bad_access_and_go_on():
    report = run(buggy.gm_out_of_bounds)
    assert [f.kind for f in report.findings] == ["gm-out-of-bounds"]


def test_report_serializes_to_json():
    import json

    data = json.loads(run(buggy.race_v_s).to_json())
    assert data[0]["kind"] == "race" and data[0]["code"] == "PS104" and data[0]["core"] == 0


def test_cube_positions_use_their_own_memories():
    import pyasc as asc

    x = np.zeros(64, np.float32)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        pipe = asc.TPipe()
        l1 = asc.TQue(asc.TPosition.A1, 1)
        vec = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(l1, 1, 400 * 1024)  # fits L1 (512 KiB), would not fit UB
        pipe.init_buffer(vec, 1, 180 * 1024)
        a = l1.alloc_tensor(asc.float16)
        v = vec.alloc_tensor(asc.float16)
        assert a.mem == "L1" and v.mem == "UB" and a.addr == 0 and v.addr == 0
        l1.free_tensor(a)
        vec.free_tensor(v)

    assert k[1](x, x).findings == []


def test_alloc_with_every_buffer_taken_is_a_deadlock():
    import pyasc as asc

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 2)
        pipe.init_buffer(q, 2, 256)
        q.alloc_tensor(asc.float32)
        q.alloc_tensor(asc.float32)
        q.alloc_tensor(asc.float32)

    report = run(k)
    f = report.of_kind("deadlock")[0]
    assert "all 2 buffers are allocated" in f.message and len(f.related) == 3


def test_findings_carry_the_call_range():
    line, _ = bug_line("ub_out_of_bounds")
    f = run(buggy.ub_out_of_bounds).findings[0]
    text = SOURCE[line - 1]
    assert f.end_line == line
    assert text[f.col:f.end_col] == "asc.duplicate(t, 1.0, 2 * N)"
