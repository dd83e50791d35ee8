"""Simulator semantics of forms CANN's kernels use: LocalTensorAuto, asc.array/ShapeInfo with adv.softmax, struct
arguments, dtype methods and BilinearInterpolation."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim
from pyasc.sim.structs import Field, Struct


def test_local_tensor_auto_regions_are_reused_and_bounded():
    seen = []

    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], tiles: asc.ConstExpr[int]):
        g = asc.GlobalTensor()
        o = asc.GlobalTensor()
        g.set_global_buffer(x)
        o.set_global_buffer(y)
        for i in range(tiles):
            a = asc.LocalTensorAuto(x.dtype, n)
            b = asc.LocalTensorAuto(x.dtype, (n // 16, 16))
            seen.append((a.addr, b.addr))
            asc.data_copy(a, g[i * n:], n)
            asc.muls(b, a, 2.0, n)
            asc.data_copy(o[i * n:], b, n)

    x = np.arange(4 * 1024, dtype=np.float32)
    y = np.zeros_like(x)
    report = k[1](x, y, 1024, 4)
    np.testing.assert_array_equal(y, x * 2)
    cap = 184 * 1024
    # the first tile's tensors sit at the top of UB; a new tensor is made before the old one bound to the same name
    # is released, so the tiles rotate through three regions
    assert seen[0] == (cap - 4096, cap - 8192)
    assert {addr for pair in seen for addr in pair} == {cap - 4096, cap - 8192, cap - 12288}
    assert [f for f in report.findings if f.severity == "error"] == []

    @asc.jit
    def too_big(x: asc.GlobalAddress):
        a = asc.LocalTensorAuto(x.dtype, 100 * 1024 // 4)
        b = asc.LocalTensorAuto(x.dtype, 100 * 1024 // 4)
        asc.duplicate(a, 0.0, 8)
        asc.duplicate(b, 0.0, 8)

    with sim.collect() as rep:
        too_big[1](x)
    assert [f.kind for f in rep.findings] == ["ub-over-capacity"]
    assert "LocalTensorAuto of 102400 bytes does not fit" in rep.findings[0].message


def test_softmax_rows_come_from_the_shape_info():
    @asc.jit(insert_sync=True)
    def k(src: asc.GlobalAddress, dst: asc.GlobalAddress, rows: asc.ConstExpr[int], cols: asc.ConstExpr[int]):
        s = asc.GlobalTensor()
        d = asc.GlobalTensor()
        s.set_global_buffer(src)
        d.set_global_buffer(dst)
        x = asc.LocalTensorAuto(src.dtype, rows * cols)
        y = asc.LocalTensorAuto(src.dtype, rows * cols)
        total = asc.LocalTensorAuto(src.dtype, rows * 8)
        peak = asc.LocalTensorAuto(src.dtype, rows * 8)
        asc.data_copy(x, s, rows * cols)
        x.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (rows, cols))))
        asc.adv.softmax(y, total, peak, x, asc.adv.SoftmaxTiling())
        asc.data_copy(d, y, rows * cols)

    x = np.random.default_rng(1).random((4, 64), dtype=np.float32)
    y = np.zeros_like(x)
    k[1](x, y, 4, 64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-6)


def test_array_holds_values_of_its_dtype():
    with sim.interactive():
        a = asc.array(asc.int16, [1, 2, 70000])
        b = asc.array(asc.float32, 3, 1.5)
    assert a.values.dtype == np.int16 and a.values.tolist() == [1, 2, 70000 - 65536]
    assert b.values.tolist() == [1.5, 1.5, 1.5] and len(b) == 3


class Cfg(Struct):
    n = Field(asc.int32, default=0)
    scale = Field(asc.float32, default=1.0)


def test_struct_arguments_are_copied_per_launch():
    got = []

    @asc.jit
    def k(x: asc.GlobalAddress, cfg: Cfg):
        got.append((cfg.n, cfg.scale))
        cfg.n = cfg.n + 1

    cfg = Cfg(n=5, scale=0.1)
    k[2](np.zeros(8, np.float32), cfg, lockstep=False)
    assert got == [(5, float(np.float32(0.1)))] * 2  # each core's copy starts from the host's values
    assert cfg.n == 5


def test_dtype_methods_answer_both_spellings():
    assert asc.float16.sizeof() == 2 and asc.int64.sizeof() == 8
    assert asc.float32.is_float() and asc.float32.is_float and not asc.int32.is_float()
    assert asc.uint8.is_unsigned() and asc.int8.is_signed() and asc.void.is_void() and asc.int16.is_numeric()
    with pytest.raises(ValueError, match="whole bytes"):
        asc.int1.sizeof()


def _bilinear_reference(src0, offsets, src1, h, v, repeat_mode, v_r_offset, n_dst):
    blocks = np.concatenate([src0[o // 2:o // 2 + 16] for o in offsets[:h * v * 8]]).reshape(h * v, 128)
    if repeat_mode:
        w = np.repeat(src1[:h * v * 8].reshape(h * v, 8), 16, axis=1)
    else:
        w = src1[:h * v].reshape(h * v, 1)
    prod = (blocks * w).astype(np.float16).reshape(v, h, 128)
    dst = np.zeros(n_dst, np.float16)
    for i in range(v):
        acc = prod[i, 0]
        for j in range(1, h):
            acc = (acc + prod[i, j]).astype(np.float16)
        dst[i * v_r_offset:i * v_r_offset + 128] = acc
    return dst


@pytest.mark.parametrize("repeat_mode", [False, True])
def test_bilinear_interpolation_gathers_weights_and_sums(repeat_mode):
    rng = np.random.default_rng(3)
    h, v = 2, 2
    src0 = rng.uniform(-4, 4, 512).astype(np.float16)
    offsets = (rng.permutation(32) * 32).astype(np.uint32)  # blocks gathered out of order
    src1 = rng.uniform(-2, 2, 32).astype(np.float16)

    @asc.jit
    def k(a: asc.GlobalAddress, o: asc.GlobalAddress, w: asc.GlobalAddress, z: asc.GlobalAddress,
          mode: asc.ConstExpr[bool]):
        a_gm = asc.GlobalTensor()
        o_gm = asc.GlobalTensor()
        w_gm = asc.GlobalTensor()
        z_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        o_gm.set_global_buffer(o)
        w_gm.set_global_buffer(w)
        z_gm.set_global_buffer(z)
        ta = asc.LocalTensorAuto(asc.half, 512)
        to = asc.LocalTensorAuto(asc.uint32, 32)
        tw = asc.LocalTensorAuto(asc.half, 32)
        tz = asc.LocalTensorAuto(asc.half, 256)
        tmp = asc.LocalTensorAuto(asc.uint8, 1024)
        asc.data_copy(ta, a_gm, 512)
        asc.data_copy(to, o_gm, 32)
        asc.data_copy(tw, w_gm, 32)
        asc.bilinear_interpolation(tz, ta, to, tw, 128, 2, mode, 1, 128, 2, tmp)
        asc.data_copy(z_gm, tz, 256)

    z = np.zeros(256, np.float16)
    k[1](src0, offsets, src1, z, repeat_mode)
    np.testing.assert_array_equal(z, _bilinear_reference(src0, offsets, src1, h, v, repeat_mode, 128, 256))


def test_ceildiv_on_the_host_and_on_struct_fields_in_a_kernel():
    assert asc.ceildiv(130, 64) == 3  # host code sizes its launch with it, as in CANN
    got = []

    @asc.jit
    def k(x: asc.GlobalAddress, cfg: Cfg):
        got.append(cfg.n.ceildiv(4))

    k[1](np.zeros(8, np.float32), Cfg(n=9))
    assert got == [3]
