"""Cube semantics of the basic API against numpy: ND2NZ/NZ2ND copies, load_data 2D/3D, mmad (float16, bfloat16,
float32 and int8 inputs, L0C accumulation, bias), fixpipe conversions and layouts, and the sanitizer and profile on
the cube's memories and pipes."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

from .conftest import rng
from .kernels.gemm_basic import gemm_f16, gemm_i8


def _nz(x: np.ndarray, c0: int) -> np.ndarray:
    """Reference Nz of a row-major matrix: column blocks of c0, each rows x c0 (the tail zero-padded)."""
    r, d = x.shape
    dp = -(-d // c0) * c0
    p = np.zeros((r, dp), x.dtype)
    p[:, :d] = x
    return p.reshape(r, dp // c0, c0).transpose(1, 0, 2).ravel()


def test_tiled_gemm_float16_matches_numpy_over_cores_and_k_steps():
    a = rng(1).standard_normal((64, 96)).astype(np.float16)
    b = rng(2).standard_normal((96, 80)).astype(np.float16)
    c = np.zeros((64, 80), np.float32)
    report = gemm_f16[2](a, b, c, 96, 80, 32, 16, 32, auto_sync=False)
    assert report.findings == []
    want = a.astype(np.float64) @ b.astype(np.float64)
    # each k step is exact and rounded once to float32; three steps accumulate in float32
    np.testing.assert_allclose(c, want, rtol=1e-6, atol=1e-5)
    small_a = rng(3).integers(-4, 5, (32, 32)).astype(np.float16)
    small_b = rng(4).integers(-4, 5, (32, 16)).astype(np.float16)
    small_c = np.zeros((32, 16), np.float32)
    gemm_f16[1](small_a, small_b, small_c, 32, 16, 32, 16, 16)
    np.testing.assert_array_equal(small_c, small_a.astype(np.float32) @ small_b.astype(np.float32))


def test_fixpipe_f322f16_rounds_to_nearest_even_and_relu_clamps():
    a = rng(5).standard_normal((32, 32)).astype(np.float16)
    b = rng(6).standard_normal((32, 32)).astype(np.float16)
    c = np.zeros((32, 32), np.float16)
    gemm_f16[1](a, b, c, 32, 32, 32, 32, 32, True)
    acc = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(c, np.maximum(acc, 0).astype(np.float16))


def test_tiled_gemm_int8_accumulates_exactly_in_int32():
    a = rng(7).integers(-128, 128, (32, 128)).astype(np.int8)
    b = rng(8).integers(-128, 128, (128, 48)).astype(np.int8)
    c = np.zeros((32, 48), np.int32)
    gemm_i8[2](a, np.ascontiguousarray(b.T), c, 128, 48, 16, 16, 64)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))


def _l0(core_dtype, pos, n, addr=0):
    return asc.LocalTensor(core_dtype, pos, addr, n)


def _zz(x: np.ndarray, c0: int) -> np.ndarray:
    """Reference Zz (L0A) of an m x k matrix whose sides are whole fractals."""
    m, k = x.shape
    return x.reshape(m // 16, 16, k // c0, c0).transpose(0, 2, 1, 3).ravel()


def _zn(x: np.ndarray, c0: int) -> np.ndarray:
    """Reference Zn (L0B) of a k x n matrix: fractals in row-major order, each stored column by column."""
    k, n = x.shape
    return x.reshape(k // c0, c0, n // 16, 16).transpose(0, 2, 3, 1).ravel()


def _c_of(l0c: np.ndarray, m: int, n: int) -> np.ndarray:
    m1 = -(-m // 16)
    return l0c[:m1 * 16 * n].reshape(n // 16, m1 * 16, 16).transpose(1, 0, 2).reshape(m1 * 16, n)[:m]


@pytest.mark.parametrize("dtype,c0", [("float32", 8), ("bfloat16", 16)])
def test_mmad_float32_and_bfloat16_inputs(dtype, c0):
    x = rng(9).standard_normal((16, 2 * c0)).astype(np.float32)
    y = rng(10).standard_normal((2 * c0, 32)).astype(np.float32)
    with sim.interactive():
        dt = getattr(asc, dtype)
        a2 = _l0(dt, asc.TPosition.A2, x.size)
        b2 = _l0(dt, asc.TPosition.B2, y.size)
        c1 = _l0(asc.float32, asc.TPosition.CO1, 16 * 32)
        if dtype == "bfloat16":  # stored as the upper 16 bits; these inputs are rounded by truncation
            x = (x.view(np.uint32) & 0xFFFF0000).view(np.float32)
            y = (y.view(np.uint32) & 0xFFFF0000).view(np.float32)
            a2.view()[:] = (_zz(x, c0).view(np.uint32) >> 16).astype(np.uint16)
            b2.view()[:] = (_zn(y, c0).view(np.uint32) >> 16).astype(np.uint16)
        else:
            a2.view()[:] = _zz(x, c0)
            b2.view()[:] = _zn(y, c0)
        asc.mmad(c1, a2, b2, asc.MmadParams(m=16, n=32, k=2 * c0, unit_flag=0, cmatrix_source=False,
                                            cmatrix_init_val=True))
        got = _c_of(c1.view(), 16, 32)
    np.testing.assert_array_equal(got, (x.astype(np.float64) @ y.astype(np.float64)).astype(np.float32))


def test_mmad_partial_sums_bias_and_unaligned_m():
    x = rng(11).integers(-3, 4, (20, 16)).astype(np.float16)  # m = 20: two row blocks, the second partial
    y = rng(12).integers(-3, 4, (16, 16)).astype(np.float16)
    xp = np.zeros((32, 16), np.float16)
    xp[:20] = x
    with sim.interactive():
        a2 = _l0(asc.float16, asc.TPosition.A2, 512)
        b2 = _l0(asc.float16, asc.TPosition.B2, 256)
        c1 = _l0(asc.float32, asc.TPosition.CO1, 512)
        bias = _l0(asc.float32, asc.TPosition.C2, 16)
        a2.view()[:] = _zz(xp, 16)
        b2.view()[:] = _zn(y, 16)
        bias.view()[:] = np.arange(16, dtype=np.float32)
        prod = x.astype(np.float32) @ y.astype(np.float32)
        asc.mmad(c1, a2, b2, asc.MmadParams(m=20, n=16, k=16, unit_flag=0, cmatrix_source=False,
                                            cmatrix_init_val=True))
        np.testing.assert_array_equal(_c_of(c1.view(), 20, 16), prod)
        asc.mmad(c1, a2, b2, asc.MmadParams(m=20, n=16, k=16, unit_flag=0, cmatrix_source=False,
                                            cmatrix_init_val=False))
        np.testing.assert_array_equal(_c_of(c1.view(), 20, 16), 2 * prod)
        asc.mmad(c1, a2, b2, bias, asc.MmadParams(m=20, n=16, k=16))
        np.testing.assert_array_equal(_c_of(c1.view(), 20, 16), prod + np.arange(16, dtype=np.float32))


def test_mmad_rejects_a_type_combination_the_cube_lacks():
    with sim.collect() as report, sim.interactive():
        a2 = _l0(asc.float16, asc.TPosition.A2, 256)
        b2 = _l0(asc.float16, asc.TPosition.B2, 256)
        c1 = _l0(asc.float16, asc.TPosition.CO1, 256)
        asc.mmad(c1, a2, b2, asc.MmadParams(m=16, n=16, k=16))
    (f,) = report.findings
    assert f.kind == "bad-argument" and "float16 x float16 into float16" in f.message
    assert "float16 x float16 -> float32" in f.message and f.line > 0


def _gm(core, arr: np.ndarray):
    """A GlobalTensor over `arr` on the interactive core (as a launch argument would be)."""
    from pyasc.sim import jit

    g = asc.GlobalTensor()
    g.set_global_buffer(jit._gm(core.launch, "gm", arr, []))
    return g


def test_nd2nz_pads_the_last_block_with_zeros(core):
    x = rng(13).standard_normal((2, 5, 23)).astype(np.float16)  # two 5 x 23 matrices
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * 16 * 32)
    l1.view()[:] = 7
    # matrix i at 512 * i; column blocks 16 rows apart; rows one block apart
    asc.data_copy(l1, _gm(core, x.ravel()), asc.Nd2NzParams(2, 5, 23, 5 * 23, 23, 16, 1, 512))
    for i in range(2):
        got = l1.view()[i * 512:(i + 1) * 512].reshape(2, 16, 16)
        np.testing.assert_array_equal(got[:, :5].ravel(), _nz(x[i], 16))
        assert (got[:, 5:] == 7).all()  # rows past n_value are not written


def test_nd2nz_of_a_column_slice_with_row_stride(core):
    x = rng(16).integers(-100, 100, (8, 64)).astype(np.int8)
    l1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 0, 8 * 32)
    asc.data_copy(l1, _gm(core, x.ravel())[16:], asc.Nd2NzParams(1, 8, 32, 0, 64, 8, 1, 0))
    np.testing.assert_array_equal(l1.view(), _nz(x[:, 16:48], 32))


def test_nz2nd_from_the_unified_buffer(core):
    x = rng(14).standard_normal((2, 4, 32)).astype(np.float32)
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 512)
    for i in range(2):  # matrix i at 256 * i; its two column blocks of 16 are 4 rows apart
        src.view()[i * 256:i * 256 + 128] = _nz(x[i], 16)
    out = np.zeros((2, 4, 40), np.float32)
    g = _gm(core, out)
    asc.data_copy(g, src, asc.Nz2NdParamsFull(2, 4, 32, 1, 4, 40, 160))
    np.testing.assert_array_equal(out[:, :, :32], x)
    assert (out[:, :, 32:] == 0).all()


def test_fixpipe_nz_layout_and_scalar_dequant(core):
    vals = rng(15).integers(-1000, 1000, (16, 32)).astype(np.int32)
    c1 = _l0(asc.int32, asc.TPosition.CO1, 512)
    c1.view()[:] = _nz(vals, 16)
    out = np.zeros(512, np.float16)
    scale = np.float32(0.125).view(np.uint32)
    params = asc.FixpipeParamsV220(n_size=32, m_size=16, src_stride=16, dst_stride=16,
                                   quant_pre=asc.QuantModes.DEQF16, deq_scalar=int(scale), relu_en=True)
    asc.fixpipe(_gm(core, out), c1, params, asc.FixpipeConfig(asc.CO2Layout.NZ))
    # Nz out: column blocks of 16 halves, dst_stride = 16 blocks of 32 bytes apart
    np.testing.assert_array_equal(out, _nz(np.maximum(vals, 0).astype(np.float32) * 0.125, 16).astype(np.float16))


def test_fixpipe_req8_with_per_channel_scales_and_offset(core):
    vals = rng(17).integers(-3000, 3000, (16, 16)).astype(np.int32)
    c1 = _l0(asc.int32, asc.TPosition.CO1, 256)
    c1.view()[:] = _nz(vals, 16)
    scales = np.linspace(0.01, 0.2, 16).astype(np.float32)
    words = scales.view(np.uint32).astype(np.uint64) | (np.uint64(1) << np.uint64(46)) | (np.uint64(3) << np.uint64(37))
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 0, 16)
    ws.view()[:] = words
    out = np.zeros((16, 16), np.int8)
    params = asc.FixpipeParamsV220(n_size=16, m_size=16, src_stride=16, dst_stride=16,
                                   quant_pre=asc.QuantModes.VREQ8)
    asc.fixpipe(_gm(core, out), c1, ws, params)
    cut = (scales.view(np.uint32) & 0xFFFFE000).view(np.float32).astype(np.float64)  # 10 mantissa bits
    want = np.clip(np.clip(np.rint(vals * cut[None, :]), -256, 255) + 3, -128, 127).astype(np.int8)
    np.testing.assert_array_equal(out, want)


def test_fixpipe_float_to_half_without_quant_pre_is_reported():
    out = np.zeros(256, np.float16)
    with sim.collect() as report, sim.interactive() as core:
        c1 = _l0(asc.float32, asc.TPosition.CO1, 256)
        asc.fixpipe(_gm(core, out), c1, asc.FixpipeParamsV220(n_size=16, m_size=16, src_stride=16, dst_stride=16))
    (f,) = report.findings
    assert f.kind == "bad-argument" and "quant_pre=asc.QuantModes.F322F16" in f.message


def test_data_copy_from_l0c_uses_the_pre_quant_flag(core):
    vals = rng(18).integers(-50, 50, (16, 16)).astype(np.int32)
    c1 = _l0(asc.int32, asc.TPosition.CO1, 256)
    c1.view()[:] = _nz(vals, 16)
    asc.set_fix_pipe_pre_quant_flag(int(np.float32(0.5).view(np.uint32)))
    out = np.zeros((16, 16), np.float16)
    asc.data_copy(_gm(core, out), c1, asc.DataCopyCO12DstParams(16, 16, 16, 16, asc.QuantModes.DEQF16, 0, False,
                                                                True))
    np.testing.assert_array_equal(out, (vals * 0.5).astype(np.float16))


def test_load_data_2d_decreasing_addresses_and_gaps():
    with sim.collect() as report, sim.interactive():
        _load_2d_checks()
    assert [f.kind for f in report.findings] == ["bad-argument"] and "2-byte" in report.findings[0].message


def _load_2d_checks() -> None:
    l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 128 * 8)
    l1.view()[:] = np.arange(1024, dtype=np.float32)
    l0 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 0, 128 * 6)
    asc.load_data(l0, l1, asc.LoadData2DParams(6, 3, 2, 0, 1, False, 1))  # fractals 6, 4, 2 to 0, 2, 4
    for r, f in enumerate((6, 4, 2)):
        np.testing.assert_array_equal(l0.view()[2 * r * 128:(2 * r + 1) * 128], np.arange(f * 128, (f + 1) * 128))
    before = l0.view().copy()
    asc.load_data(l0, l1, asc.LoadData2DParams(0, 1, 0, 0, 0, True, 0))  # float32 fractals do not transpose
    np.testing.assert_array_equal(l0.view(), before)


def _im2col(fmap: np.ndarray, fh: int, fw: int, stride: int, pad: int, pad_value: float) -> np.ndarray:
    """Reference im2col of a [C1][H][W][C0] feature map: rows (ho, wo), columns (c1, kh, kw, c0)."""
    c1, h, w, c0 = fmap.shape
    p = np.full((c1, h + 2 * pad, w + 2 * pad, c0), pad_value, fmap.dtype)
    p[:, pad:pad + h, pad:pad + w] = fmap
    ho = (h + 2 * pad - fh) // stride + 1
    wo = (w + 2 * pad - fw) // stride + 1
    rows = []
    for oy in range(ho):
        for ox in range(wo):
            rows.append(np.concatenate([p[c, oy * stride + ky, ox * stride + kx]
                                        for c in range(c1) for ky in range(fh) for kx in range(fw)]))
    return np.array(rows)


def test_load_data_3d_unfolds_windows_into_zz_and_zn(core):
    fmap = rng(19).integers(-9, 9, (2, 5, 6, 16)).astype(np.float16)  # C1=2, H=5, W=6, C0=16
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, fmap.size)
    l1.view()[:] = fmap.ravel()
    ref = _im2col(fmap, 3, 3, 1, 1, -1.0)  # 30 rows x 288 columns
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 32 * 64)
    params = asc.LoadData3DParamsV2([1, 1, 1, 1], 5, 6, 32, 64, 30, 32, 0, 1, 1, 3, 3, 1, 1, False, -1)
    asc.load_data(a2, l1, params)
    want = np.zeros((32, 64), np.float16)
    want[:30] = ref[:, 32:96]
    got = a2.view().reshape(2, 4, 16, 16).transpose(0, 2, 1, 3).reshape(32, 64)  # Zz
    np.testing.assert_array_equal(got[:30], want[:30])
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 32 * 64)
    asc.load_data(b2, l1, params)
    got = b2.view().reshape(2, 4, 16, 16).transpose(0, 3, 1, 2).reshape(32, 64)  # [m1][k1][k0][m0]
    np.testing.assert_array_equal(got[:30], want[:30])


def test_capacity_and_bounds_findings_name_the_memory_and_line():
    @asc.jit
    def k(x: asc.GlobalAddress):
        asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 40 * 1024)  # 80 KiB > 64 KiB of L0A
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 512)
        asc.mmad(c1, b2, b2, asc.MmadParams(m=32, n=16, k=16))  # b2 used as A: 32 rows need 512 elements

    x = np.zeros(8, np.float32)
    with sim.collect() as report:
        k[1](x)
    over, oob = report.findings
    assert (over.kind, oob.kind) == ("ub-over-capacity", "ub-out-of-bounds")
    assert "L0A bytes [0, 81920)" in over.message and "65536 usable bytes of Ascend910B1's L0A" in over.message
    assert "mmad accesses elements [0, 512)" in oob.message and "L0B" in oob.message
    assert over.file == __file__ and oob.line == over.line + 3


def test_profile_counts_the_cube_pipes():
    a = np.ones((32, 32), np.float16)
    b = np.ones((32, 32), np.float16)
    c = np.zeros((32, 32), np.float32)
    with asc.profile(show=False) as prof:
        gemm_f16[1](a, b, c, 32, 32, 32, 32, 32)
    (core,) = prof.kernels[0].cores
    assert (core.calls["MTE2"], core.calls["MTE1"], core.calls["M"], core.calls["FIX"]) == (2, 4, 1, 1)
    assert set(core.pipe_cycles) >= {"MTE1", "M", "FIX"}
    assert "MTE1" in prof.table() and (c == 32).all()


def test_missing_mte1_to_m_sync_is_a_race_with_auto_sync_off():
    @asc.jit(auto_sync=False)
    def k(x: asc.GlobalAddress):
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))
        asc.mmad(c1, a2, b2, asc.MmadParams(m=16, n=16, k=16))

    with sim.collect() as report:
        k[1](np.zeros(8, np.float32))
    (f,) = report.findings
    assert f.kind == "race" and f.severity == "error" and "MTE1_M" in f.message and "L0A" in f.message


def test_l0_tensors_must_start_on_a_fractal():
    with sim.collect() as report, sim.interactive():
        l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
        asc.load_data(a2[128:], l1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))  # byte 256 of L0A
        asc.load_data(a2[256:], l1, asc.LoadData2DParams(0, 1, 0, 0, 0, False, 0))  # byte 512: fine
    (f,) = report.findings
    assert f.kind == "bad-argument" and "L0A byte 256" in f.message and "multiple of 256 float16" in f.message


def test_forms_only_cann_has_do_nothing_or_are_reported():
    """load_data from Global Memory with 3D parameters: CANN's pyasc writes no C++ for it (PA508), so nothing is
    loaded; data_copy from Global Memory to Global Memory has no Ascend C overload (PA509): a bad-call finding."""
    src = np.arange(256, dtype=np.float16)
    out = np.zeros(256, np.float16)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 256)
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 256)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
        asc.load_data(a1, xg, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 1))
        asc.data_copy(zg, xg, 256)

    with sim.collect() as report:
        k[1](src, out)
    assert [f.kind for f in report.findings] == ["bad-call"]
    assert "Ascend C has no asc.data_copy(dst: GlobalTensor, src: GlobalTensor, count: int)" in \
        report.findings[0].message
    assert not out.any()


def test_nz2nd_params_given_an_ir_handle_build_nothing():
    """Nz2NdParamsFull with an eighth positional argument: CANN binds it to its IR handle and builds nothing (the
    compiler's PA307), so the kernel runs on; the data_copy given that value fits no overload (a bad-call finding)
    and copies nothing, while the same call with the seven fields copies."""
    out = np.zeros((2, 16), np.float32)

    @asc.jit
    def k(z: asc.GlobalAddress):
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 32)
        src = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 32)
        asc.duplicate(src, 3.0, 32)
        unbuilt = asc.Nz2NdParamsFull(1, 1, 1, 1, 1, 1, 1, 1)
        asc.data_copy(zg, src, unbuilt)
        asc.data_copy(zg[16:], src, asc.Nz2NdParamsFull(1, 1, 16, 1, 1, 16, 1))

    with sim.collect() as report:
        k[1](out)
    # the note: the copy after duplicate gets its V-to-MTE3 synchronization from auto_sync
    assert [(f.kind, f.severity) for f in report.findings] == [("bad-call", "error"), ("race", "note")]
    f = report.findings[0]
    assert f.line == report.findings[1].line - 1
    assert "Nz2NdParamsFull never built (its last positional argument bound CANN's IR handle)" in f.message
    assert not out[0].any() and (out[1] == 3.0).all()
    with sim.interactive():
        unbuilt = asc.Nz2NdParamsFull(1, 1, 1, 1, 1, 1, 1, 1)
        assert repr(unbuilt) == "Nz2NdParamsFull(<not built: IR handle 1>)"
        with pytest.raises(AttributeError, match="never built"):
            _ = unbuilt.nd_num
