"""Simulator speed: elements per second for a 16M-element float32 vector add over 8 cores and for a row softmax,
against numpy's own `a + b` and softmax measured in the same run, on the per-core path (lockstep off) and in
lockstep (all cores at once, the default); CANN tutorial 04's matmul (bench/sim_matmul.py) against numpy's; and
the cost of a trace: the same launch profiled with and without writing its timeline.

Times are CPU seconds of this process (time.process_time), best of a few runs, so that other work on a shared
machine does not distort the ratio.

    .venv/bin/python bench/sim_speed.py [--quick] [--only vadd|softmax|matmul|trace]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

import numpy as np
import sim_matmul  # bench/ is the script's folder

import pyasc as asc
from pyasc import sim


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
         tile: asc.ConstExpr[int], bufs: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, bufs)
    qy = asc.TQue(asc.TPosition.VECIN, bufs)
    qz = asc.TQue(asc.TPosition.VECOUT, bufs)
    pipe.init_buffer(qx, bufs, tile * 4)
    pipe.init_buffer(qy, bufs, tile * 4)
    pipe.init_buffer(qz, bufs, tile * 4)
    for i in range(block_length // tile):
        xl = qx.alloc_tensor(asc.float32)
        yl = qy.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[i * tile:], tile)
        asc.data_copy(yl, y_gm[i * tile:], tile)
        qx.enque(xl)
        qy.enque(yl)
        xl = qx.deque(asc.float32)
        yl = qy.deque(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.add(zl, xl, yl, tile)
        qz.enque(zl)
        qx.free_tensor(xl)
        qy.free_tensor(yl)
        zl = qz.deque(asc.float32)
        asc.data_copy(z_gm[i * tile:], zl, tile)
        qz.free_tensor(zl)


@asc.jit
def softmax_rows(x: asc.GlobalAddress, y: asc.GlobalAddress, rows_per_core: int, cols: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * rows_per_core * cols
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, rows_per_core * cols)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, rows_per_core * cols)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 2)
    qo = asc.TQue(asc.TPosition.VECOUT, 2)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    acc_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qi, 2, cols * 4)
    pipe.init_buffer(qo, 2, cols * 4)
    pipe.init_buffer(tmp_buf, cols * 4)
    pipe.init_buffer(acc_buf, 64)
    tmp = tmp_buf.get(asc.float32)
    acc = acc_buf.get(asc.float32)
    for r in range(rows_per_core):
        xl = qi.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[r * cols:], cols)
        qi.enque(xl)
        xl = qi.deque(asc.float32)
        yl = qo.alloc_tensor(asc.float32)
        asc.reduce_max(acc, xl, tmp, cols, False)
        asc.adds(yl, xl, 0.0 - acc.get_value(0), cols)
        asc.exp(yl, yl, cols)
        asc.reduce_sum(acc, yl, tmp, cols)
        asc.muls(yl, yl, 1.0 / acc.get_value(0), cols)
        qi.free_tensor(xl)
        qo.enque(yl)
        yl = qo.deque(asc.float32)
        asc.data_copy(y_gm[r * cols:], yl, cols)
        qo.free_tensor(yl)


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def np_softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


HEAD = (f"{'tile x buffers':>15} {'sanitizer':>9} {'per-core M/s':>13} {'/ numpy':>8} {'lockstep M/s':>13} "
        f"{'/ numpy':>8}")
CORES = 8


def bench_vadd(quick: bool) -> None:
    n = (1 << 20) if quick else (16 << 20)
    cores = CORES
    rng = np.random.default_rng(0)
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    c = np.empty_like(a)
    t_np = best(lambda: np.add(a, b, out=c))
    print(f"vector add, {n} float32 over {cores} cores; numpy a + b: {n / t_np / 1e6:,.0f} M elem/s")
    print("per-core: lockstep off (the kernel's Python runs once per core); lockstep: once for all cores")
    print(HEAD)
    for tile, bufs in ((1024, 2), (4096, 2), (8192, 1)):
        for sanitize in (True, False):
            cells = []
            for lockstep in (False, True):
                z = np.zeros_like(a)
                with sim.settings(sanitize=sanitize, lockstep=lockstep):
                    t = best(lambda tile=tile, bufs=bufs, z=z: vadd[cores](a, b, z, n // cores, tile, bufs),
                             repeat=3)
                    assert sim.lockstep_info().lockstep == lockstep, sim.lockstep_info()
                assert np.array_equal(z, a + b)
                cells.append(f"{n / t / 1e6:>13,.1f} {t / t_np:>7.1f}x")
            print(f"{f'{tile} x {bufs}':>15} {'on' if sanitize else 'off':>9} {' '.join(cells)}")


def bench_softmax(quick: bool) -> None:
    cores = CORES
    rng = np.random.default_rng(1)
    rows, cols = (1024, 1024) if quick else (8192, 1024)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    t_np = best(lambda: np_softmax(x))
    rate = rows * cols / t_np / 1e6
    print(f"\nsoftmax, {rows} rows x {cols} float32 over {cores} cores; numpy: {rate:,.0f} M elem/s")
    print(HEAD)
    for sanitize in (True, False):
        cells = []
        for lockstep in (False, True):
            y = np.zeros_like(x)
            with sim.settings(sanitize=sanitize, lockstep=lockstep):
                t = best(lambda y=y: softmax_rows[cores](x, y, rows // cores, cols), repeat=3)
                assert sim.lockstep_info().lockstep == lockstep, sim.lockstep_info()
            assert np.allclose(y, np_softmax(x), rtol=1e-4, atol=1e-6)
            cells.append(f"{rows * cols / t / 1e6:>13,.1f} {t / t_np:>7.1f}x")
        print(f"{f'row {cols}':>15} {'on' if sanitize else 'off':>9} {' '.join(cells)}")


def bench_trace(quick: bool) -> None:
    """Profiled launches (per core: profiling turns lockstep off) without and with a trace written to a file."""
    cores = CORES
    rng = np.random.default_rng(2)
    n = (1 << 20) if quick else (4 << 20)
    a = rng.random(n, dtype=np.float32)
    b = rng.random(n, dtype=np.float32)
    rows, cols = (256, 1024) if quick else (1024, 1024)
    x = rng.standard_normal((rows, cols), dtype=np.float32)
    cases = [
        (f"vector add {n >> 20}M, tile 4096 x 2", lambda z: vadd[cores](a, b, z, n // cores, 4096, 2), a),
        (f"vector add {n >> 20}M, tile 1024 x 2", lambda z: vadd[cores](a, b, z, n // cores, 1024, 2), a),
        (f"softmax {rows} x {cols}", lambda y: softmax_rows[cores](x, y, rows // cores, cols), x),
    ]
    print("\ntrace: CPU seconds of a profiled launch, best of 3, without and with writing its trace (JSON file)")
    print(f"{'kernel':>30} {'profile s':>10} {'+ trace s':>10} {'trace / profile':>16} {'events':>8} {'MB':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "trace.json")
        for name, launch, like in cases:
            out = np.zeros_like(like)
            t_prof = best(lambda launch=launch, out=out: asc.profile(launch, out, show=False))
            t_trace = best(lambda launch=launch, out=out: asc.profile(launch, out, show=False, trace=path))
            with open(path) as f:
                events = sum(1 for e in json.load(f)["traceEvents"] if e["ph"] == "X")
            mb = os.path.getsize(path) / 1e6
            print(f"{name:>30} {t_prof:>10.2f} {t_trace:>10.2f} {t_trace / t_prof:>15.2f}x {events:>8} {mb:>6.1f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="1M elements instead of 16M")
    ap.add_argument("--only", choices=("vadd", "softmax", "matmul", "trace"), help="run one kernel's rows")
    args = ap.parse_args()
    if args.only in (None, "vadd"):
        bench_vadd(args.quick)
    if args.only in (None, "softmax"):
        bench_softmax(args.quick)
    if args.only in (None, "matmul"):
        sim_matmul.run(best)
    if args.only in (None, "trace"):
        bench_trace(args.quick)


if __name__ == "__main__":
    main()
