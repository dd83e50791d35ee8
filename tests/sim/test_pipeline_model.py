"""The profile's schedule makes sense as a pipeline: double buffering overlaps copy-in with compute and a single
buffer does not, a flag orders the pipes it joins, time grows linearly with the tiles, and --explain-perf names the
cause of a single-buffered loop's waiting and predicts the time of its double-buffered twin."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyasc as asc
from pyasc.sim import pipes, state
from pyasc.sim.explain import estimates, explain

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
sys.path.insert(0, str(EXAMPLES))

from softsign_depth1 import softsign_depth1  # noqa: E402
from softsign_depth2 import softsign_depth2  # noqa: E402
from vec_add_sync import vec_add_sync  # noqa: E402

MTE2, V, MTE3 = pipes.MTE2, pipes.V, pipes.MTE3


def _run(kernel, per_core: int, cores: int = 1):
    x = np.random.default_rng(1).standard_normal(cores * per_core).astype(np.float32)
    y = np.zeros_like(x)
    prof = asc.profile(lambda: kernel[cores](x, y, per_core), show=False)
    np.testing.assert_allclose(y, x / (1 + np.abs(x)), rtol=1e-6)
    return prof


def _on(prof, pipe: int) -> list[state.Event]:
    return [e for e in prof.timelines[0].cores[0].events if e.pipe == pipe]


def _overlap(a: list[state.Event], b: list[state.Event]) -> float:
    return sum(max(0.0, min(x.end, y.end) - max(x.start, y.start)) for x in a for y in b)


def _busy(prof, pipe: int) -> float:
    return sum(e.end - e.start for e in _on(prof, pipe))


def test_double_buffering_overlaps_copy_in_with_compute_and_beats_the_sum_of_the_pipes():
    prof = _run(softsign_depth2, 16 * 1024)
    assert _overlap(_on(prof, MTE2), _on(prof, V)) > 0
    total = _busy(prof, MTE2) + _busy(prof, V) + _busy(prof, MTE3)
    assert prof.kernels[0].cycles < 0.8 * total


def test_a_single_buffered_twin_never_overlaps_copy_in_with_compute():
    prof = _run(softsign_depth1, 16 * 1024)
    assert _overlap(_on(prof, MTE2), _on(prof, V)) == 0
    # every tile's compute starts after its copy-in has ended
    for copy, first_v in zip(_on(prof, MTE2), _on(prof, V)[::3], strict=True):
        assert first_v.start >= copy.end
    assert prof.kernels[0].cycles > _run(softsign_depth2, 16 * 1024).kernels[0].cycles


def test_pipes_separated_by_a_flag_never_overlap_across_it():
    x = np.ones(2048, np.float32)
    z = np.zeros_like(x)
    prof = asc.profile(lambda: vec_add_sync[1](x, x, z), show=False)
    events = prof.timelines[0].cores[0].events
    # set_flag(MTE2_V)/wait_flag before each add, set_flag(V_MTE3)/wait_flag before each copy-out: whatever was
    # issued on the signalling pipe before the wait has ended when the waiting pipe starts
    for later, earlier in ((V, MTE2), (MTE3, V)):
        for e in (e for e in events if e.pipe == later):
            before = [b for b in events if b.pipe == earlier and b.issue < e.issue]
            assert before and all(b.end <= e.start for b in before)
            assert e.wait is not None and e.wait.what.startswith("set_flag")


@pytest.mark.parametrize("kernel", [softsign_depth1, softsign_depth2], ids=lambda k: k.__name__)
def test_time_grows_linearly_with_the_tile_count(kernel):
    cycles = [_run(kernel, tiles * 1024).kernels[0].cycles for tiles in (4, 8, 16)]
    step = cycles[1] - cycles[0]  # 4 tiles more
    assert step > 0
    assert cycles[2] - cycles[1] == pytest.approx(2 * step, rel=0.02)


def test_explain_names_the_depth_1_queue_and_predicts_the_double_buffered_time():
    single = _run(softsign_depth1, 16 * 1024, cores=2)
    text = explain(single.timelines)
    assert "V waits for MTE2" in text and "in_queue_x has depth 1" in text
    assert "with depth 2 copy-in overlaps the previous tile's compute" in text
    assert "out_queue_y has depth 1" in text
    assert "loop at softsign_depth1.py:26" in text
    (predicted,) = estimates(single.timelines[0])
    double = _run(softsign_depth2, 16 * 1024, cores=2)
    assert double.kernels[0].cycles == pytest.approx(predicted, rel=0.10)
    assert double.kernels[0].cycles < 0.85 * single.kernels[0].cycles
    # the twin has nothing a deeper queue would fix
    again = explain(double.timelines)
    assert "depth 1" not in again and not estimates(double.timelines[0])
    assert "bounded by MTE2" in again


def test_explain_names_a_flag_and_a_barrier():
    x = np.ones(2048, np.float32)
    z = np.zeros_like(x)
    prof = asc.profile(lambda: vec_add_sync[1](x, x, z), show=False)
    text = prof.explain()
    assert "V waits for MTE2" in text and "set_flag(MTE2_V, 0) at vec_add_sync.py:30" in text
    assert "V needs its tile's MTE2 result" in text  # the data dependence is not the cause: the barrier is
    assert "MTE2 waits for MTE3" in text and "pipe_barrier(PIPE_ALL) at vec_add_sync.py:36" in text
    assert "a flag per buffer in its place" in text


def test_pyasc_run_explain_perf(tmp_path):
    got = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", "--explain-perf",
                          str(EXAMPLES / "run_softsign_depth1.py"), "--cores", "2"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, check=False)
    assert got.returncode == 0, got.stderr
    lines = got.stdout.splitlines()
    assert lines[0].startswith("softsign_depth1[2] on 32768 float32: matches numpy")  # the program's own output
    assert any("in_queue_x has depth 1" in ln for ln in lines)
    assert any(ln.strip().startswith("estimate with depth 2") for ln in lines)


@asc.jit(auto_sync=False)
def _two_ids_at_once(x: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, tiles * 512)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, tiles * 512)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * 512)
    out = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 2 * 512)
    for i in range(tiles):
        b = i % 2
        asc.data_copy(buf[b * 512:], x_gm[i * 512:], 512)
        asc.set_flag(asc.HardEvent.MTE2_V, b)
        asc.wait_flag(asc.HardEvent.MTE2_V, b)
        asc.muls(out[b * 512:], buf[b * 512:], 2.0, 512)
        asc.set_flag(asc.HardEvent.V_MTE3, b)
        asc.wait_flag(asc.HardEvent.V_MTE3, b)
        asc.data_copy(z_gm[i * 512:], out[b * 512:], 512)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)


def test_explain_sees_alternating_event_ids_waited_for_at_once():
    x = np.arange(8 * 512, dtype=np.float32)
    z = np.zeros_like(x)
    prof = asc.profile(lambda: _two_ids_at_once[1](x, z, 8), show=False)
    np.testing.assert_array_equal(z, 2 * x)
    text = prof.explain()
    assert "MTE2 waits for MTE3" in text and "the loop alternates event ids [0, 1]" in text
    assert "V needs its tile's MTE2 result" in text


def test_explain_names_a_scalar_read_that_holds_back_the_next_copy_in(capsys):
    import run_softmax

    with asc.profile(show=False) as prof:
        assert run_softmax.main(["--cores", "1"]) == 0
    capsys.readouterr()
    text = prof.explain()
    assert "MTE2 waits for S" in text
    assert "before issuing these it waited for V (a reduction's result read by the scalar unit at softmax.py:" in text


def test_a_matmul_runs_its_stages_in_order_on_a_cube_core(capsys):
    import run_linear_bias

    with asc.profile(show=False) as prof:
        assert run_linear_bias.main(["--cores", "2", "--m", "64", "--n", "64", "--k", "64"]) == 0
    capsys.readouterr()
    core = prof.timelines[0].cores[0]
    assert core.aic
    by = {p: [e for e in core.events if e.pipe == pipes.PIPE[p]] for p in ("MTE2", "MTE1", "M", "FIX")}
    assert all(by.values()), {p: len(v) for p, v in by.items()}
    # the loads, then L1 -> L0, then the mmad, then the write of C: each stage after the one before it ends
    assert min(e.start for e in by["MTE1"]) >= max(e.end for e in by["MTE2"])
    assert min(e.start for e in by["M"]) >= max(e.end for e in by["MTE1"])
    assert min(e.start for e in by["FIX"]) >= max(e.end for e in by["M"])
    # 64 x 64 x 64 in 16 x 16 x 16 float16 fractal products, split over the two cores
    fractals = [sum(e.amount for e in c.events if e.pipe == pipes.PIPE["M"]) for c in prof.timelines[0].cores]
    assert sum(fractals) == 4 * 4 * 4 and all(fractals)


def test_the_trace_file_carries_the_explanation_per_loop(tmp_path):
    import json

    single = _run(softsign_depth1, 8 * 1024)
    single.save_trace(tmp_path / "t.json")
    notes = json.loads((tmp_path / "t.json").read_text())["otherData"]["explanation"]
    assert notes[0]["kernel"] == "softsign_depth1" and "line" not in notes[0]  # the launch's heading
    (loop,) = [n for n in notes if "line" in n]
    assert (loop["line"], Path(loop["file"]).name) == (26, "softsign_depth1.py") and loop["end_line"] > 26
    assert any("in_queue_x has depth 1" in t for t in loop["lines"])
