"""The quantized adv.Matmul: set_quant_scalar / set_quant_vector convert C out of L0C (int8 x int8 -> int32 ->
half or int8, half x half -> float32 -> int8), checked against the QUANT_PRE word's documented fields in numpy."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

M, K, N = 32, 64, 48


def word(scale: float, offset: int = 0, signed: bool = False) -> int:
    """A QUANT_PRE word: the float32 scale's bits (the hardware keeps its top 19), a 9-bit offset at bit 37 and the
    signed-result bit 46."""
    bits = int(np.float32(scale).view(np.uint32))
    return bits | (offset & 0x1FF) << 37 | int(signed) << 46


def kept(scale: float) -> np.ndarray:
    """The scale as the hardware applies it: the float32 with its low 13 bits cleared."""
    return np.array([np.float32(scale).view(np.uint32) & 0xFFFFE000], np.uint32).view(np.float32).astype(np.float64)


def _kernel(in_dt, out_dt, vector: bool, blocks: bool, scalar: int):
    @asc.jit(matmul_cube_only=True)
    def quant_mm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, q: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        q_gm = asc.GlobalTensor()
        q_gm.set_global_buffer(q)
        pipe = asc.TPipe()
        in_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, in_dt)
        mm = asc.adv.Matmul(in_type, in_type, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, out_dt))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if vector:
            mm.set_quant_vector(q_gm)
        else:
            mm.set_quant_scalar(scalar)  # a 64-bit word: a compile-time value, as no int32 parameter holds it
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        if blocks:
            for _ in mm.iterate():
                mm.get_tensor_c(c_gm)
        else:
            mm.iterate_all(c_gm)
        mm.end()

    return quant_mm


def _run(in_dt, out_dt, a, b, q_words, scalar, vector=False, blocks=False, findings=()):
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=M, n=N, k_a=K, k_b=K, single_core_m=M, single_core_n=N,
                                 single_core_k=K, base_m=16, base_n=16, base_k=32)
    c = np.zeros((M, N), np.dtype(out_dt.name))
    with sim.collect() as report:
        _kernel(in_dt, out_dt, vector, blocks, scalar)[1](a, b, c, q_words, tiling, np.zeros(1 << 12, np.uint8))
    assert [(f.severity, f.message) for f in report.findings if f.severity != "note"] == list(findings)
    return c


@pytest.mark.parametrize("blocks", [False, True])
def test_int8_to_half_with_one_scale(blocks):
    rng = np.random.default_rng(3)
    a = rng.integers(-20, 20, (M, K)).astype(np.int8)
    b = rng.integers(-20, 20, (K, N)).astype(np.int8)
    c = _run(asc.int8, asc.float16, a, b, np.zeros(N, np.uint64), word(0.1), blocks=blocks)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(c, (acc * kept(0.1)).astype(np.float16))


def test_int8_to_half_with_a_scale_per_column():
    rng = np.random.default_rng(4)
    a = rng.integers(-20, 20, (M, K)).astype(np.int8)
    b = rng.integers(-20, 20, (K, N)).astype(np.int8)
    scales = [0.5 / (j + 1) for j in range(N)]
    q = np.array([word(s) for s in scales], np.uint64)
    c = _run(asc.int8, asc.float16, a, b, q, 0, vector=True, blocks=True)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    want = acc * np.concatenate([kept(s) for s in scales])[None, :]
    np.testing.assert_array_equal(c, want.astype(np.float16))


def test_half_to_int8_rounds_saturates_and_adds_the_offset():
    rng = np.random.default_rng(6)
    a = rng.integers(-8, 8, (M, K)).astype(np.float16)
    b = rng.integers(-8, 8, (K, N)).astype(np.float16)
    c = _run(asc.float16, asc.int8, a, b, np.zeros(N, np.uint64), word(0.25, offset=-3, signed=True))
    acc = a.astype(np.float64) @ b.astype(np.float64)
    q = np.clip(np.rint(acc * kept(0.25)), -256, 255) - 3
    np.testing.assert_array_equal(c, np.clip(q, -128, 127).astype(np.int8))
    assert (c == -128).any() or (c == 127).any()  # some values saturate


def test_a_type_pair_without_quantization_ignores_the_setting_with_a_warning():
    """half x half -> float32 is no quantization scenario: Ascend C keeps NoQuant, C is the plain product."""
    rng = np.random.default_rng(8)
    a = rng.integers(-4, 4, (M, K)).astype(np.float16)
    b = rng.integers(-4, 4, (K, N)).astype(np.float16)
    warning = ("warning", "Matmul.set_quant_scalar has no effect: float16 inputs (float32 in L0C) into a float32 C are "
               "no quantization scenario (int8 inputs into half, int8 or uint8; half or bfloat16 inputs into int8 or "
               "uint8), so C is written unconverted")
    c = _run(asc.float16, asc.float32, a, b, np.zeros(N, np.uint64), word(0.5), findings=[warning])
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
