"""adv.Matmul operands in their stored forms: A and B transposed (set_tensor_a/b(t, True)) and in NZ format, each
core's block of a larger matrix, checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc

M, K, N = 64, 48, 40  # the whole problem; two cores split M
SINGLE_M = M // 2


def _kernel(fmt_a, fmt_b, trans_a: bool, trans_b: bool):
    @asc.jit
    def stored_forms(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                     workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        """C's rows [idx * single_m, + single_m) from A's matching rows (columns when A is stored transposed)."""
        idx = asc.get_block_idx()
        a_gm = asc.GlobalTensor()
        if trans_a:
            a_gm.set_global_buffer(a + idx * tiling.single_core_m)  # [K, M]: the core's columns
        elif fmt_a == asc.CubeFormat.NZ:
            a_gm.set_global_buffer(a + idx * tiling.single_core_m * 16)  # rows of 16 halves in each column block
        else:
            a_gm.set_global_buffer(a + idx * tiling.single_core_m * tiling.k_a)
        b_gm = asc.GlobalTensor()
        b_gm.set_global_buffer(b)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c + idx * tiling.single_core_m * tiling.n)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, fmt_a, asc.float16, trans_a),
                            b=asc.adv.MatmulType(asc.TPosition.GM, fmt_b, asc.float16, trans_b),
                            c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm, trans_a)
        mm.set_tensor_b(b_gm, trans_b)
        mm.iterate_all(c_gm)
        mm.end()

    return stored_forms


def nz(x: np.ndarray) -> np.ndarray:
    """A row-major matrix in NZ: column blocks of 16 halves, rows padded to 16, each block row-major."""
    rows, cols = x.shape
    rp, cp = -(-rows // 16) * 16, -(-cols // 16) * 16
    padded = np.zeros((rp, cp), x.dtype)
    padded[:rows, :cols] = x
    return padded.reshape(rp, cp // 16, 16).transpose(1, 0, 2).copy()


@pytest.mark.parametrize("fmt", ["ND", "NZ"])
@pytest.mark.parametrize(("trans_a", "trans_b"), [(False, False), (True, False), (False, True), (True, True)])
def test_transposed_and_nz_operands_compute_a_at_b(fmt, trans_a, trans_b):
    rng = np.random.default_rng(5)
    a = rng.integers(-4, 5, (M, K)).astype(np.float16)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    a_stored = a.T if trans_a else a
    b_stored = b.T if trans_b else b
    if fmt == "NZ":
        a_stored, b_stored = nz(a_stored), nz(b_stored)
    cores = 1 if fmt == "NZ" and trans_a else 2  # a transposed NZ A is not split along M by an offset
    tiling = asc.adv.TCubeTiling(used_core_num=cores, m=M, n=N, k_a=K, k_b=K, single_core_m=M // cores,
                                 single_core_n=N, single_core_k=K, base_m=32, base_n=16, base_k=16)
    c = np.zeros((M, N), np.float32)
    kernel = _kernel(getattr(asc.CubeFormat, fmt), getattr(asc.CubeFormat, fmt), trans_a, trans_b)
    report = kernel[cores](np.ascontiguousarray(a_stored), np.ascontiguousarray(b_stored), c,
                           np.zeros(1 << 12, np.uint8), tiling, kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    assert report.findings == []


def test_a_c_in_nz_is_not_modelled_and_says_so():
    @asc.jit
    def c_nz(a: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling):
        a_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        c_gm = asc.GlobalTensor()
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        mm = asc.adv.Matmul(a=t, b=t, c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.NZ, asc.float32))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(a_gm)
        mm.iterate_all(c_gm)

    tiling = asc.adv.TCubeTiling(m=16, n=16, k_a=16, k_b=16, single_core_m=16, single_core_n=16, single_core_k=16,
                                 base_m=16, base_n=16, base_k=16)
    c = np.zeros((16, 16), np.float32)
    with asc.sim.collect() as report:
        c_nz[1](np.ones((16, 16), np.float16), c, np.zeros(64, np.uint8), tiling, kernel_type="KernelType.MIX_AIC_1_1")
    assert [f.code for f in report.findings] == ["PS110"]
    assert "CubeFormat.NZ" in report.findings[0].message
    assert not c.any()


@asc.jit
def scalar_a(b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling):
    """set_tensor_a(3): A is the constant matrix of 3s."""
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(a=t, b=t, c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(3)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)


def test_a_scalar_operand_is_a_constant_matrix():
    rng = np.random.default_rng(1)
    b = rng.integers(-4, 5, (K, N)).astype(np.float16)
    tiling = asc.adv.TCubeTiling(m=SINGLE_M, n=N, k_a=K, k_b=K, single_core_m=SINGLE_M, single_core_n=N,
                                 single_core_k=K, base_m=32, base_n=16, base_k=16)
    c = np.zeros((SINGLE_M, N), np.float32)
    report = scalar_a[1](b, c, np.zeros(64, np.uint8), tiling, kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, np.full((SINGLE_M, K), 3, np.float32) @ b.astype(np.float32))
    assert report.findings == []


@pytest.mark.parametrize("basic", [None, (32, 32, 32)])
def test_a_static_tiling_fixes_what_its_configuration_fixes(basic):
    """get_matmul_api_tiling: a configuration's basic block replaces the run-time tiling's base shape; what it
    leaves unset (-1) comes from the tiling register_matmul gives.  Either way C is A @ B."""

    @asc.jit
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          workspace: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm.set_global_buffer(b)
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        cfg = asc.adv.get_normal_config() if basic is None else asc.adv.get_basic_config(*basic)
        static = asc.adv.get_matmul_api_tiling(cfg, a_type, a_type, c_type, c_type, 524288)
        seen.append((static.base_m, static.base_k, static.m))
        mm = asc.adv.Matmul(a_type, a_type, c_type, c_type, static)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        with mm.iterate() as count:
            mm.get_tensor_c(c_gm)
            blocks.append(count)
        mm.end()

    seen = []
    blocks = []
    rng = np.random.default_rng(7)
    a = rng.integers(-3, 4, (128, 64)).astype(np.float16)
    b = rng.integers(-3, 4, (64, 128)).astype(np.float16)
    c = np.zeros((128, 128), np.float32)
    tiling = asc.adv.TCubeTiling(used_core_num=1, m=128, k_a=64, k_b=64, n=128, base_m=64, base_k=32, base_n=64,
                                 single_core_m=128, single_core_k=64, single_core_n=128, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1)
    report = k[1](a, b, c, tiling, np.zeros(1024, np.uint8), kernel_type="KernelType.MIX_AIC_1_1")
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    # the base block of 64 x 64 gives 4 blocks of C; the configuration's 32 x 32 gives 16
    # the cube core and the vector core each run the kernel up to register_matmul
    assert set(seen) == {(-1, -1, -1) if basic is None else (32, 32, -1)} and report.errors == []
    assert len(blocks) == (4 if basic is None else 16)


def test_while_iterate_is_a_finding_not_an_endless_loop():
    @asc.jit
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          workspace: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a)
        b_gm.set_global_buffer(b)
        c_gm.set_global_buffer(c)
        pipe = asc.TPipe()
        a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(a_type, a_type, c_type)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(b_gm)
        while mm.iterate():
            mm.get_tensor_c(c_gm)
        mm.end()

    tiling = asc.adv.TCubeTiling(used_core_num=1, m=32, k_a=32, k_b=32, n=32, base_m=32, base_k=32, base_n=32,
                                 single_core_m=32, single_core_k=32, single_core_n=32, depth_a1=1, depth_b1=1,
                                 step_m=1, step_n=1)
    with asc.sim.collect() as report:
        k[1](np.zeros(1024, np.float16), np.zeros(1024, np.float16), np.zeros(1024, np.float32), tiling,
             np.zeros(1024, np.uint8), kernel_type="KernelType.MIX_AIC_1_1")
    assert [f.code for f in report.errors] == ["PS109"]
    assert "with mm.iterate() as count:" in report.errors[0].message
