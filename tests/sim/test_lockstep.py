"""Lockstep (all cores at once) gives the per-core path's results bit for bit and the same findings: where it cannot
be exact it falls back, restoring GM first."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim
from pyasc.sim import lanevalues, lockstep, state

from .kernels import buggy

ROOT = Path(__file__).resolve().parents[2]


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"_lockstep_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


EX = {name: _load(ROOT / "examples" / f"{name}.py") for name in
      ("add_custom", "softmax", "fused_layernorm", "mixed_precision", "vec_add_sync")}
BENCH = _load(ROOT / "bench" / "sim_speed.py")


def launch(kernel, cores, args, lockstep_on, collect=True):
    """Run on copies of the array arguments; returns (arrays after the run, findings as text, lockstep info)."""
    run_args = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    with sim.settings(lockstep=lockstep_on):
        if collect:
            with sim.collect() as report:
                kernel[cores](*run_args)
        else:
            report = kernel[cores](*run_args)
    info = sim.lockstep_info()
    info = lockstep.Info(info.attempted, info.lockstep, info.reason)
    return [a for a in run_args if isinstance(a, np.ndarray)], [str(f) for f in report.findings], info


def assert_same(kernel, cores, args, expect_lockstep=True):
    """Per-core and lockstep runs agree bit for bit (arrays and findings); returns the lockstep run's info."""
    ref, ref_findings, ref_info = launch(kernel, cores, args, False)
    got, got_findings, info = launch(kernel, cores, args, True)
    assert not ref_info.attempted
    for a, b in zip(ref, got, strict=True):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
    assert got_findings == ref_findings
    assert info.lockstep is expect_lockstep, info
    return info


def rng(seed=0):
    return np.random.default_rng(seed)


# ---------------------------------------------------------------------------------------------------------------------
# Every example and the benchmark kernels


def test_add_custom_example():
    n = 8 * 1024
    x = rng().random(n).astype(np.float16)
    y = rng(1).random(n).astype(np.float16)
    assert_same(EX["add_custom"].add_custom, 8, [x, y, np.zeros_like(x), n // 8])


def test_softmax_example():
    m = EX["softmax"]
    x = rng().standard_normal((4 * m.ROWS_PER_CORE, m.COLS)).astype(np.float32)
    assert_same(m.softmax, 4, [x, np.zeros_like(x)])


def test_fused_layernorm_example():
    m = EX["fused_layernorm"]
    x = rng().standard_normal((4 * m.ROWS_PER_CORE, m.HIDDEN)).astype(np.float32)
    gamma = rng(1).standard_normal(m.HIDDEN).astype(np.float32)
    beta = rng(2).standard_normal(m.HIDDEN).astype(np.float32)
    assert_same(m.fused_layernorm, 4, [x, gamma, beta, np.zeros_like(x), 1e-5])


def test_mixed_precision_example():
    m = EX["mixed_precision"]
    n = 4 * 2 * m.TILE
    x = (rng().standard_normal(n) * 100).astype(np.float16)
    y = (rng(1).standard_normal(n) * 100).astype(np.float16)
    assert_same(m.scaled_add_fp16, 4, [x, y, np.zeros_like(x), n // 4, 0.37])


def test_vec_add_sync_example():
    m = EX["vec_add_sync"]
    n = 3 * m.BLOCK_LENGTH
    x = rng().random(n).astype(np.float32)
    assert_same(m.vec_add_sync, 3, [x, rng(1).random(n).astype(np.float32), np.zeros_like(x)])


@pytest.mark.parametrize("tile,bufs", [(256, 2), (1024, 1)])
@pytest.mark.parametrize("sanitize", [True, False])
def test_bench_vector_add(tile, bufs, sanitize):
    n = 8 * 4 * 1024
    a = rng().random(n, dtype=np.float32)
    b = rng(1).random(n, dtype=np.float32)
    with sim.settings(sanitize=sanitize):
        assert_same(BENCH.vadd, 8, [a, b, np.zeros_like(a), n // 8, tile, bufs])


def test_bench_softmax():
    x = rng().standard_normal((64, 512), dtype=np.float32)
    x[3, 7] = np.nan
    x[9] = 0.0
    assert_same(BENCH.softmax_rows, 8, [x, np.zeros_like(x), 8, 512])


# ---------------------------------------------------------------------------------------------------------------------
# Kernels exercising more of the lockstep implementations


@asc.jit
def many_ops(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * 4 * n, 4 * n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q, 1, n * 4)
    pipe.init_buffer(out, 1, 4 * n * 4)
    pipe.init_buffer(buf, 3 * n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, n)
    q.enque(t)
    t = q.deque(asc.float32)
    w = buf.get(asc.float32)
    o = out.alloc_tensor(asc.float32)
    asc.abs(w, t, n)
    asc.sqrt(w, w, n)
    asc.ln(w[n:], w, n)
    asc.reduce_min(w[2 * n:], t, w[n:], n, True)
    low = w.get_value(2 * n)
    asc.maxs(o, t, low * 0.5 + idx, n)
    asc.mins(o, o, 2.5, n)
    asc.mul(o, o, w, n)
    asc.sub(o[n:], o, t, n)
    asc.div(o[2 * n:], o[n:], w, n)
    asc.duplicate(o[3 * n:], idx * 1.5 - low, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    w.set_value(5, idx + 0.25)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(o[3 * n:], w, 8)
    asc.exp(o, o, n)
    asc.reduce_max(w, o, w[n:], n)
    asc.muls(o, o, 1.0 / w.get_value(0), n)
    out.enque(o)
    o = out.deque(asc.float32)
    asc.data_copy(z_gm, o, 4 * n)
    out.free_tensor(o)
    q.free_tensor(t)


def test_more_ops_with_per_core_scalars():
    n = 256
    x = rng().standard_normal(6 * n).astype(np.float32)
    x[17] = -0.0
    assert_same(many_ops, 6, [x, np.zeros(6 * 4 * n, np.float32), n])


@asc.jit
def casts(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    off = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + off, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + off, n)
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, n * 12)
    wide = b.get(asc.float32)
    half = b.get_with_offset(n, n * 4, asc.float16)
    ints = b.get_with_offset(n, n * 8, asc.int32)
    asc.data_copy(half, x_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.cast(wide, half, asc.RoundMode.CAST_NONE, n)
    asc.muls(wide, wide, 3.3, n)
    asc.cast(ints, wide, asc.RoundMode.CAST_ROUND, n)
    asc.adds(ints, ints, asc.get_block_idx(), n)
    asc.cast(half, ints, asc.RoundMode.CAST_NONE, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, half, n)


def test_casts_and_integer_scalars():
    n = 512
    x = (rng().standard_normal(4 * n) * 50).astype(np.float16)
    assert_same(casts, 4, [x, np.zeros_like(x), n])


# ---------------------------------------------------------------------------------------------------------------------
# Fallbacks


@asc.jit
def branchy(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Writes its output, then core 0 alone overwrites its first block: lockstep diverges after GM writes."""
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * n, n)
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, n * 4)
    t = b.get(asc.float32)
    asc.data_copy(t, z_gm, n)  # z += x: a second application would show
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, n * 4, n)
    asc.data_copy(u, x_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(t, t, u, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, t, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    if idx == 0:
        asc.duplicate(t, 7.0, 8)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(z_gm, t, 8)


@pytest.mark.parametrize("start", [0.0, 1.0])  # the undo log keeps zero ranges without their bytes
def test_non_uniform_branch_falls_back_after_writing_and_gm_is_restored(start):
    n = 256
    x = rng().random(4 * n).astype(np.float32)
    z = np.full(4 * n, start, np.float32)
    before = lockstep.COUNTERS.fallbacks
    info = assert_same(branchy, 4, [x, z, n], expect_lockstep=False)
    assert info.attempted and "differs between cores" in info.reason
    assert lockstep.COUNTERS.fallbacks == before + 1
    got, _, _ = launch(branchy, 4, [x, z, n], True)
    want = (z + x).astype(np.float32)
    want[:8] = 7.0
    np.testing.assert_array_equal(got[1], want)  # z + x once: the lockstep writes were undone before the rerun


@asc.jit
def rotate(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, cores: int):
    """Core i reads block (i + 1) % cores of x and writes block i of z; with x and z the same array the last core
    reads what core 0 wrote (cores run one after another on the per-core path)."""
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + ((idx + 1) % cores) * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * n, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, n)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.adds(t, t, 1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, t, n)
    q.free_tensor(t)


def test_disjoint_permuted_offsets_run_in_lockstep():
    n = 64
    x = rng().random(4 * n).astype(np.float32)
    assert_same(rotate, 4, [x, np.zeros_like(x), n, 4])


def test_cross_core_overlap_falls_back():
    n = 64
    a = rng().random(4 * n).astype(np.float32)
    ref = a.copy()
    with sim.settings(lockstep=False):
        rotate[4](ref, ref, n, 4)
    got = a.copy()
    rotate[4](got, got, n, 4)
    info = sim.lockstep_info()
    assert info.attempted and not info.lockstep and "another" in info.reason
    assert got.tobytes() == ref.tobytes()
    one = np.float32(1.0)
    np.testing.assert_array_equal(got[3 * n:], (a[n:2 * n] + one) + one)  # core 3 read what core 0 had written


@asc.jit
def shared_write(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, n)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.data_copy(z_gm, t, n)
    q.free_tensor(t)


def test_every_core_writing_the_same_range_falls_back():
    n = 64
    x = rng().random(3 * n).astype(np.float32)
    info = assert_same(shared_write, 3, [x, np.zeros(n, np.float32), n], expect_lockstep=False)
    assert "same GM range" in info.reason or "finding" in info.reason


@asc.jit
def atomic_sum(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, n)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(z_gm, t, n)
    asc.set_atomic_none()
    q.free_tensor(t)


def test_atomics_fall_back():
    n = 64
    x = rng().random(4 * n).astype(np.float32)
    info = assert_same(atomic_sum, 4, [x, np.zeros(n, np.float32), n], expect_lockstep=False)
    assert "set_atomic_add" in info.reason


def test_profile_and_single_core_and_switches_use_the_per_core_path(monkeypatch, capsys):
    n = 8 * 1024
    args = [np.ones(n, np.float32), np.ones(n, np.float32), np.zeros(n, np.float32), n // 8, 256, 2]
    BENCH.vadd[8](*args, profile=True)
    assert "profile" in sim.lockstep_info().reason or "profiling" in sim.lockstep_info().reason
    capsys.readouterr()
    BENCH.vadd[1](*args[:3], n, 256, 2)
    assert sim.lockstep_info().reason == "a single core"
    BENCH.vadd[8](*args, lockstep=False)
    assert not sim.lockstep_info().attempted
    BENCH.vadd[8](*args)
    assert sim.lockstep_info().lockstep
    monkeypatch.setenv("PYASC_SIM_LOCKSTEP", "0")
    assert state.Options().lockstep is False
    monkeypatch.setenv("PYASC_SIM_LOCKSTEP", "1")
    assert state.Options().lockstep is True


SEEN: list[int] = []


@asc.jit
def prints(x: asc.GlobalAddress, z: asc.GlobalAddress):
    print("block", asc.get_block_idx())


@asc.jit
def appends(x: asc.GlobalAddress, z: asc.GlobalAddress):
    SEEN.append(asc.get_block_idx())


def test_python_side_effects_keep_the_per_core_path(capsys):
    x = np.zeros(64, np.float32)
    prints[3](x, x)
    assert capsys.readouterr().out.split("\n")[:3] == ["block 0", "block 1", "block 2"]
    assert not sim.lockstep_info().attempted and "print" in sim.lockstep_info().reason
    SEEN.clear()
    appends[3](x, x)
    assert SEEN == [0, 1, 2]
    assert not sim.lockstep_info().attempted and "SEEN" in sim.lockstep_info().reason


# ---------------------------------------------------------------------------------------------------------------------
# The sanitizer's seeded bugs, on several cores with per-core GM offsets: the same findings either way


def _multi(name: str):
    inner = getattr(buggy, name)

    def body(x: asc.GlobalAddress, z: asc.GlobalAddress):
        off = asc.get_block_idx() * 1024
        inner.fn(x + off, z + off)

    body.__name__ = f"multi_{name}"
    return asc.jit(auto_sync=inner.auto_sync)(body)


@pytest.mark.parametrize("name", ["race_mte2_v", "race_mte2_v_auto", "race_v_mte3", "race_mte3_mte2", "race_v_s",
                                  "gm_out_of_bounds", "ub_out_of_bounds", "ub_over_capacity", "use_after_free",
                                  "deque_empty", "partial_block_copy", "wait_without_set"])
def test_seeded_bugs_give_the_same_findings(name):
    kernel = _multi(name)
    x = np.arange(3 * 1024, dtype=np.float32)
    ref, ref_findings, _ = launch(kernel, 3, [x, np.zeros_like(x)], False)
    got, findings, info = launch(kernel, 3, [x, np.zeros_like(x)], True)
    assert ref_findings and findings == ref_findings
    assert [a.tobytes() for a in got] == [a.tobytes() for a in ref]
    assert info.attempted and not info.lockstep and info.reason.startswith("finding")
    if name not in ("race_mte2_v_auto", "partial_block_copy"):  # a note and a warning do not raise
        with sim.settings(lockstep=True), pytest.raises(sim.SimulationError) as err:
            kernel[3](x, np.zeros_like(x))
        assert err.value.finding.core == 0 and str(err.value.finding) == ref_findings[0]


def test_clean_multi_core_kernel_from_the_seeded_set_runs_in_lockstep():
    kernel = _multi("synced_v_s")
    x = np.arange(3 * 1024, dtype=np.float32)
    assert_same(kernel, 3, [x, np.zeros_like(x)])


# ---------------------------------------------------------------------------------------------------------------------
# Per-core values


def test_lanes_apply_python_semantics_per_core():
    idx = lanevalues.lanes([0, 1, 2, 3])
    off = idx * 10 + 1
    assert isinstance(off, lanevalues.Lanes) and off.v == [1, 11, 21, 31]
    assert (idx / 2).v == [0.0, 0.5, 1.0, 1.5]
    assert (7 - idx).v == [7, 6, 5, 4] and (idx % 2).v == [0, 1, 0, 1]
    f = lanevalues.lanes([np.float32(1.5), np.float32(-2.0)])
    half = 1.0 / f
    assert [type(v) for v in half.v] == [np.float32, np.float32] and half.v == [np.float32(1 / 1.5), -0.5]
    twice = np.float32(2.0) * f  # a numpy scalar on the left defers to the per-core values
    assert isinstance(twice, lanevalues.Lanes) and twice.v == [np.float32(3.0), np.float32(-4.0)]
    assert lanevalues.lanes([3, 3, 3]) == 3 and type(lanevalues.lanes([3, 3, 3])) is int
    assert isinstance(lanevalues.lanes([0.0, -0.0]), lanevalues.Lanes)  # equal but not the same value
    assert idx * 0 == 0 and int(idx * 0) == 0
    with pytest.raises(lanevalues.Diverged):
        bool(idx == 1)
    with pytest.raises(lanevalues.Diverged):
        range(idx)
    with pytest.raises(lanevalues.Diverged):
        f"{idx}"


# ---------------------------------------------------------------------------------------------------------------------
# Layouts: core counts, element types, in-place and non-contiguous arguments, unaligned per-core offsets


@asc.jit
def scale_add(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, tile: int, dt: asc.ConstExpr[object],
              pad: int = 0):
    off = asc.get_block_idx() * (n + pad)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + off, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + off, n)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    qo = asc.TQue(asc.TPosition.VECOUT, 2)
    esize = 2 if dt is asc.float16 else 4
    pipe.init_buffer(qi, 2, tile * esize)
    pipe.init_buffer(qo, 2, tile * esize)
    for i in range(n // tile):
        t = qi.alloc_tensor(dt)
        asc.data_copy(t, x_gm[i * tile:], tile)
        qi.enque(t)
        t = qi.deque(dt)
        o = qo.alloc_tensor(dt)
        asc.muls(o, t, 3, tile)
        asc.add(o, o, t, tile)
        asc.adds(o, o, asc.get_block_idx() - i, tile)
        qi.free_tensor(t)
        qo.enque(o)
        o = qo.deque(dt)
        asc.data_copy(z_gm[i * tile:], o, tile)
        qo.free_tensor(o)


@pytest.mark.parametrize("cores", [2, 3, 5, 8])
@pytest.mark.parametrize("dt", ["float16", "float32", "int32"])
def test_core_counts_and_element_types(cores, dt):
    n, tile = 256, 64
    x = (rng(cores).standard_normal(cores * n) * 1000).astype(dt)
    assert_same(scale_add, cores, [x, np.zeros_like(x), n, tile, getattr(asc, dt)])


def test_in_place_and_non_contiguous_arguments():
    n, tile, cores = 256, 64, 4
    x = rng().standard_normal(cores * n).astype(np.float32)
    assert_same(scale_add, cores, [x, x, n, tile, asc.float32])  # read and write the same block of one array
    ref = np.zeros(2 * cores * n, np.float32)
    with sim.settings(lockstep=False):
        scale_add[cores](x, ref[::2], n, tile, asc.float32)
    got = np.zeros(2 * cores * n, np.float32)
    scale_add[cores](x, got[::2], n, tile, asc.float32)
    assert sim.lockstep_info().lockstep
    assert got.tobytes() == ref.tobytes()


def test_per_core_offsets_off_the_32_byte_grid_fall_back():
    n, tile, cores, pad = 64, 8, 3, 4  # cores 16 bytes off the grid: blocks would be shared between neighbours
    x = rng().standard_normal(cores * (n + pad)).astype(np.float32)
    info = assert_same(scale_add, cores, [x, np.zeros_like(x), n, tile, asc.float32, pad], expect_lockstep=False)
    assert "32-byte" in info.reason


@asc.jit
def synced(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, sync: int = 1):
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * n, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, n)
    q.enque(t)
    t = q.deque(asc.float32)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, t, n)
    if sync:
        asc.sync_all()
    q.free_tensor(t)


def test_cross_core_synchronization_falls_back():
    n = 64
    x = rng().random(4 * n).astype(np.float32)
    info = assert_same(synced, 4, [x, np.zeros_like(x), n], expect_lockstep=False)
    assert "sync_all" in info.reason


@asc.jit
def fails_late(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    synced.fn(x, z, n, 0)
    if asc.get_block_idx() * 0 == 0:
        raise ValueError("kernel gave up")


def test_a_python_error_after_gm_writes_leaves_gm_as_the_per_core_path_does():
    n = 64
    x = rng().random(4 * n).astype(np.float32)
    outs = []
    for on in (False, True):
        z = np.zeros_like(x)
        with sim.settings(lockstep=on), pytest.raises(ValueError, match="kernel gave up"):
            fails_late[4](x, z, n)
        outs.append(z)
        assert sim.lockstep_info().lockstep is False
    assert "ValueError" in sim.lockstep_info().reason
    assert outs[0].tobytes() == outs[1].tobytes()
    np.testing.assert_array_equal(outs[1][:n], x[:n])  # core 0 copied its block, then raised
    assert not outs[1][n:].any()


# ---------------------------------------------------------------------------------------------------------------------
# Random programs of the lockstep instructions with per-core scalars, compared bit for bit


BINARY = ("add", "sub", "mul", "div", "max", "min")
UNARY = ("exp", "abs", "sqrt", "ln", "relu", "reciprocal", "rsqrt")
SCALAR = ("adds", "muls", "maxs", "mins")
REDUCE = ("reduce_sum", "reduce_max", "reduce_min")


@asc.jit
def program(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, prog: asc.ConstExpr[tuple],
            dt: asc.ConstExpr[object], esize: asc.ConstExpr[int]):
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * n, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 3 * n * esize + 64)
    a = buf.get_with_offset(n, 0, dt)
    b = buf.get_with_offset(n, n * esize, dt)
    c = buf.get_with_offset(n, 2 * n * esize, dt)
    r = buf.get_with_offset(32 // esize, 3 * n * esize, dt)
    asc.data_copy(a, x_gm, n)
    asc.data_copy(b, x_gm, n)
    s = idx
    for op, name, m, rep, strides in prog:
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        mask = list(m) if isinstance(m, tuple) else m
        if op == "bin":
            getattr(asc, name)(c, a, b, n)
        elif op == "un":
            getattr(asc, name)(c, a, n)
        elif op == "scal":
            getattr(asc, name)(c, a, s, n)
        elif op == "dup":
            asc.duplicate(c, s, n)
        elif op == "bin_m":
            getattr(asc, name)(c, a, b, mask, rep, asc.BinaryRepeatParams(*strides))
        elif op == "un_m":
            getattr(asc, name)(c, a, mask, rep, asc.UnaryRepeatParams(*strides[:2], *strides[3:5]))
        elif op == "scal_m":
            getattr(asc, name)(c, a, s, mask, rep, asc.UnaryRepeatParams(*strides[:2], *strides[3:5]))
        elif op == "dup_m":
            asc.duplicate(c, s, mask, rep, strides[0], strides[3])
        else:
            getattr(asc, name)(r, a, c, n)
            s = r.get_value(0) * 0.5 + idx
            continue
        a, b, c = c, a, b
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, a, n)


@pytest.mark.parametrize("dt", ["float32", "float16", "int32"])
@pytest.mark.parametrize("seed", range(40))
def test_random_programs(seed, dt):
    g = rng(100 + seed)
    tables = {"bin": BINARY, "un": UNARY, "scal": SCALAR, "dup": ("duplicate",), "red": REDUCE}
    if dt == "int32":
        tables = {**tables, "bin": ("add", "sub", "mul", "max", "min"), "un": ("abs", "relu")}
    cores = int(g.integers(2, 7))
    esize = np.dtype(dt).itemsize
    n = (32 // esize) * int(g.integers(8, 130))
    epr = 256 // esize
    ops = []
    for _ in range(int(g.integers(4, 14))):
        kind = str(g.choice(["bin", "un", "scal", "dup", "red"], p=[0.3, 0.25, 0.25, 0.05, 0.15]))
        name = str(g.choice(tables[kind]))
        if kind != "red" and g.random() < 0.4:  # the mask/repeat form, inside the n elements
            kind += "_m"
            if g.random() < 0.5:
                mask: object = int(g.integers(1, epr + 1))
            else:
                mask = tuple(int(w) for w in g.integers(0, 1 << 62, size=2))
            rep = int(g.integers(0, n * esize // 256 + 1))
            strides = tuple(int(g.choice([0, 1])) for _ in range(3)) + tuple(int(g.choice([0, 4, 8]))
                                                                            for _ in range(3))
            ops.append((kind, name, mask, rep, strides))
        else:
            ops.append((kind, name, 0, 0, ()))
    x = (g.standard_normal(cores * n) * 4).astype(dt)
    assert_same(program, cores, [x, np.zeros_like(x), n, tuple(ops), getattr(asc, dt), esize])


@asc.jit
def scatter_rotated(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, cores: int, give_up: int):
    """Core i writes block (i + 1) % cores: per-core offsets that are no arithmetic progression (fancy indexing)."""
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + ((idx + 1) % cores) * n, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, z_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, n * 4, n)
    asc.data_copy(u, x_gm, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(t, t, u, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, t, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    z_gm.set_value(1, idx * 2.0)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    q.free_tensor(t)
    if give_up and idx == 1:
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@pytest.mark.parametrize("give_up", [0, 1])
def test_gathered_writes_run_and_are_undone(give_up):
    n, cores = 64, 4
    x = rng().random(cores * n).astype(np.float32)
    z = rng(1).random(cores * n).astype(np.float32)
    info = assert_same(scatter_rotated, cores, [x, z, n, cores, give_up], expect_lockstep=not give_up)
    got, _, _ = launch(scatter_rotated, cores, [x, z, n, cores, give_up], True)
    want = z.copy()
    for i in range(cores):
        j = (i + 1) % cores
        want[j * n:(j + 1) * n] = z[j * n:(j + 1) * n] + x[i * n:(i + 1) * n]
        want[j * n + 1] = np.float32(i * 2.0)
    assert got[1].tobytes() == want.tobytes()
    assert info.lockstep or "differs between cores" in info.reason


def test_on_chip_memories_keep_one_alignment_per_core_row():
    """numpy may pick a different NaN depending on alignment: every core's UB (its own, or its lockstep row) and
    every other on-chip memory starts on a 4 KiB boundary."""
    with sim.interactive() as core:
        assert core.ub.ctypes.data % 4096 == 0 and core.ub.size == 2 * core.capacity
        assert core.mem("L1").ctypes.data % 4096 == 0
    launch_ = state.Launch("k", 3, state.Options())
    rows = lockstep.LockstepCore(launch_, 3).ub
    assert rows.shape == (3, 2 * launch_.soc.ub_bytes)
    assert all(rows[k].ctypes.data % 4096 == 0 for k in range(3))


@asc.jit
def bursts(x: asc.GlobalAddress, w: asc.GlobalAddress, z: asc.GlobalAddress, n: int, bc: int, bl: int, ss: int,
           ds: int):
    """DataCopyParams both ways and inside the UB, with a weight row every core reads."""
    idx = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + idx * n, n)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + idx * n, n)
    pipe = asc.TPipe()
    b = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(b, 3 * n * 4)
    t = b.get_with_offset(n, 0, asc.float32)
    u = b.get_with_offset(n, n * 4, asc.float32)
    v = b.get_with_offset(n, 2 * n * 4, asc.float32)
    asc.duplicate(t, idx * 1.0, n)
    asc.duplicate(u, -1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(t, x_gm, asc.DataCopyParams(bc, bl, ss, ds))
    asc.data_copy(v, w_gm, asc.DataCopyParams(bc, bl, ds, ss))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.add(t, t, v, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(u, t, asc.DataCopyParams(bc, bl, ds, ss))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm, u, asc.DataCopyParams(bc, bl, ss, ds))


@pytest.mark.parametrize("bc,bl,ss,ds", [(1, 4, 0, 0), (3, 2, 1, 0), (4, 1, 0, 2), (2, 3, 2, 1)])
def test_data_copy_params(bc, bl, ss, ds):
    n, cores = 256, 4
    x = rng().standard_normal(cores * n).astype(np.float32)
    w = rng(1).standard_normal(n).astype(np.float32)
    z = rng(2).standard_normal(cores * n).astype(np.float32)
    assert_same(bursts, cores, [x, w, z, n, bc, bl, ss, ds])
