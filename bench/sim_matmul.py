"""The matmul rows of bench/sim_speed.py: CANN tutorial 04's shape (m=128, k=64, n=30720, float16 in, float32 out)
on the simulator, through the Matmul API with the host tiling as the tutorial runs it (kernel of our own) and as a
hand-tiled GEMM on the basic cube API, against numpy's matmul of the same arrays in the same run.

    .venv/bin/python bench/sim_speed.py --only matmul
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

import pyasc as asc
from pyasc import host, sim

CORES = 24


@asc.jit(matmul_cube_only=True)
def mm_api(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
           workspace: asc.GlobalAddress):
    """One single-core block of C per core, through adv.Matmul.iterate_all."""
    if asc.ascend_is_aic():
        blocks_m = (tiling.m + tiling.single_core_m - 1) // tiling.single_core_m
        idx = asc.get_block_idx()
        mi = idx % blocks_m
        ni = idx // blocks_m
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + mi * tiling.single_core_m * tiling.k_a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b + ni * tiling.single_core_n)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c + mi * tiling.single_core_m * tiling.n + ni * tiling.single_core_n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_gm.dtype, False),
                            b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_gm.dtype, False),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, c_gm.dtype))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if idx < tiling.used_core_num:
            mm.set_tensor_a(a_gm, False)
            mm.set_tensor_b(b_gm, False)
            mm.set_tail(min(tiling.single_core_m, tiling.m - mi * tiling.single_core_m),
                        min(tiling.single_core_n, tiling.n - ni * tiling.single_core_n), tiling.k_a)
            mm.iterate_all(c_gm)
            mm.end()


@asc.jit(matmul_cube_only=True)
def mm_basic(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, k: asc.ConstExpr[int],
             n: asc.ConstExpr[int], bm: asc.ConstExpr[int], bn: asc.ConstExpr[int], bk: asc.ConstExpr[int],
             per_core_n: asc.ConstExpr[int]):
    """Each core: all bm rows, per_core_n columns, in bn x bk base blocks through L1, L0A/L0B and L0C."""
    col0 = asc.get_block_idx() * per_core_n
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, bm * bk)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, bm * bk * 2, bk * bn)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, bm * bk)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, bk * bn)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    for j in range(per_core_n // bn):
        col = col0 + j * bn
        for kk in range(k // bk):
            asc.data_copy(a1, a_gm[kk * bk:], asc.Nd2NzParams(1, bm, bk, 0, k, bm, 1, 0))
            asc.data_copy(b1, b_gm[kk * bk * n + col:], asc.Nd2NzParams(1, bk, bn, 0, n, bk, 1, 0))
            for i in range(bm // 16):
                asc.load_data(a2[i * bk * 16:], a1[i * 256:],
                              asc.LoadData2DParams(0, bk // 16, bm // 16, 0, 0, False, 0))
            for i in range(bk // 16):
                asc.load_data(b2[i * bn * 16:], b1[i * 256:],
                              asc.LoadData2DParams(0, bn // 16, bk // 16, 0, 0, True, 0))
            asc.mmad(c1, a2, b2, asc.MmadParams(m=bm, n=bn, k=bk, unit_flag=0, cmatrix_source=False,
                                                cmatrix_init_val=kk == 0))
        asc.fixpipe(c_gm[col:], c1, asc.FixpipeParamsV220(n_size=bn, m_size=bm, src_stride=bm, dst_stride=n))


def tutorial_tiling(m: int, n: int, k: int) -> asc.adv.TCubeTiling:
    """The host tiling tutorial 04 computes: 24 cores, float16 A and B, float32 C, no bias."""
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_dim(CORES)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) == 0, api.problems()
    return tiling


def run(best: Callable[..., float], repeat: int = 3) -> None:
    m, k, n = 128, 64, 30720
    rng = np.random.default_rng(0)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)  # as the tutorial's inputs: exact in float32
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    want = a.astype(np.float32) @ b.astype(np.float32)
    t_np = best(lambda: a.astype(np.float32) @ b.astype(np.float32), repeat=repeat)
    macs = m * k * n
    print(f"\nmatmul {m} x {k} x {n}, float16 in, float32 out (CANN tutorial 04); numpy "
          f"a.astype(float32) @ b.astype(float32): {t_np * 1e3:.1f} ms, {macs / t_np / 1e9:.2f} G MAC/s")
    print(f"{'kernel':>34} {'cores':>5} {'ms':>8} {'/ numpy':>8}")
    tiling = tutorial_tiling(m, n, k)
    workspace = np.zeros(16 << 20, np.uint8)
    rows: list[tuple[str, int, Callable[[np.ndarray], object]]] = [
        ("adv.Matmul iterate_all (tiling)", int(tiling.used_core_num),
         lambda c: mm_api[int(tiling.used_core_num)](a, b, c, tiling, workspace)),
        ("basic API, base 128 x 256 x 64", CORES,
         lambda c: mm_basic[CORES](a, b, c, k, n, m, 256, 64, n // CORES)),
    ]
    for name, cores, launch in rows:
        c = np.zeros((m, n), np.float32)
        with sim.settings(sanitize=True):
            t = best(lambda c=c, launch=launch: launch(c), repeat=repeat)
        assert np.array_equal(c, want), name
        print(f"{name:>34} {cores:>5} {t * 1e3:>8.1f} {t / t_np:>7.1f}x")


def _best(fn: Callable[[], object], repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


if __name__ == "__main__":
    run(_best)
