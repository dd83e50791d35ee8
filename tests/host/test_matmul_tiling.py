"""The host Matmul tiling: every tiling it returns is valid for its SoC by the documented rules (checked here
independently over many shapes), the settings programs make reach the TCubeTiling, and bad input gets -1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyasc as asc
from pyasc import host
from pyasc.language import soc as socs

BYTES = {host.DataType.DT_FLOAT16: 2, host.DataType.DT_BF16: 2, host.DataType.DT_FLOAT: 4, host.DataType.DT_INT8: 1}
ACC = {host.DataType.DT_FLOAT16: host.DataType.DT_FLOAT, host.DataType.DT_BF16: host.DataType.DT_FLOAT,
       host.DataType.DT_FLOAT: host.DataType.DT_FLOAT, host.DataType.DT_INT8: host.DataType.DT_INT32}


def ceil(a: int, b: int) -> int:
    return -(-a // b)


def violations(t: asc.adv.TCubeTiling, chip: socs.Soc, in_type: host.DataType, bias: bool, cores: int) -> list[str]:
    """The rules a TCubeTiling must keep on `chip`, written from the Matmul API's documentation."""
    out = []
    a_bytes = BYTES[in_type]
    c0 = 32 // a_bytes
    if t.base_m % 16 or t.base_n % 16:
        out.append("base_m and base_n are multiples of 16")
    if t.base_k % c0:
        out.append(f"base_k is a multiple of C0 = {c0}")
    if t.base_m * t.base_k * a_bytes * t.db_l0a > chip.l0a_bytes:
        out.append("A's base tiles fit L0A")
    if t.base_n * t.base_k * a_bytes * t.db_l0b > chip.l0b_bytes:
        out.append("B's base tiles fit L0B")
    if t.base_m * t.base_n * 4 * t.db_l0c > chip.l0c_bytes:
        out.append("the result tile fits L0C")
    l1 = (t.depth_a1 * t.base_m * t.base_k + t.depth_b1 * t.base_n * t.base_k) * a_bytes + (t.base_n * 4 if bias else 0)
    if l1 > chip.l1_bytes or l1 != t.share_l1_size:
        out.append(f"the L1 tiles ({l1} bytes) fit L1 and are what share_l1_size says")
    if t.depth_a1 % t.step_k_a or t.depth_b1 % t.step_k_b:
        out.append("depths are whole numbers of K steps")
    m_dim, n_dim = ceil(t.m, t.single_core_m), ceil(t.n, t.single_core_n)
    if m_dim * n_dim != t.used_core_num or t.used_core_num > cores:
        out.append("the single-core blocks cover M x N with the cores used, at most the cores given")
    if t.single_core_k != t.k_a:
        out.append("K is not split over cores")
    if (t.step_k_a - 1) * t.base_k >= t.single_core_k or (t.step_k_b - 1) * t.base_k >= t.single_core_k:
        out.append("every K step of a pass holds part of K")
    return out


DTYPES = st.sampled_from([host.DataType.DT_FLOAT16, host.DataType.DT_BF16, host.DataType.DT_FLOAT,
                          host.DataType.DT_INT8])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(m=st.integers(1, 8192), n=st.integers(1, 40000), k=st.integers(1, 8192), dtype=DTYPES,
       cores=st.integers(1, 48), bias=st.booleans(), chip=st.sampled_from(["Ascend910B1", "Ascend910A", "Ascend310P"]))
def test_every_tiling_is_valid_for_its_soc(m, n, k, dtype, cores, bias, chip):
    platform = host.PlatformAscendCManager.get_instance(chip)
    tiling = host.MultiCoreMatmulTiling(platform)
    assert tiling.set_dim(cores) == 0
    assert tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False) == 0
    assert tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dtype, True) == 0
    assert tiling.set_c_type(host.TPosition.GM, host.CubeFormat.ND, ACC[dtype]) == 0
    assert tiling.set_shape(m, n, k) == 0 and tiling.set_org_shape(m, n, k) == 0
    assert tiling.enable_bias(bias) == 0
    t = asc.adv.TCubeTiling()
    assert tiling.get_tiling(t) == 0, tiling.problems()
    assert (t.m, t.n, t.k_a, t.k_b, t.is_bias) == (m, n, k, k, int(bias))
    assert violations(t, platform.soc, dtype, bias, cores) == []
    assert tiling.get_core_num() == (cores, ceil(m, t.single_core_m), ceil(n, t.single_core_n))


def test_tutorial_shape_uses_the_largest_base_block_and_every_core():
    platform = host.PlatformAscendCManager.get_instance("Ascend910B1")
    tiling = host.MultiCoreMatmulTiling(platform)
    tiling.set_dim(24)
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling.set_shape(128, 30720, 64)
    t = asc.adv.TCubeTiling()
    assert tiling.get_tiling(t) == 0
    assert (t.used_core_num, t.single_core_m, t.single_core_n, t.single_core_k) == (24, 128, 1280, 64)
    assert (t.base_m, t.base_n, t.base_k) == (128, 256, 64)
    assert (t.step_k_a, t.step_k_b, t.depth_a1, t.depth_b1, t.db_l0a, t.db_l0b, t.db_l0c) == (1, 1, 2, 2, 2, 2, 1)
    assert t.share_l1_size == 2 * (128 * 64 + 256 * 64) * 2 and t.share_l0c_size == 128 * 256 * 4


def test_a_fixed_base_block_prefers_the_core_split_it_divides():
    """1024 x 640 on 2 cores: 1024 x 320 and 512 x 640 are the same size, but base_n = 128 leaves a tail in 320."""
    tiling = host.MultiCoreMatmulTiling(host.PlatformAscendCManager.get_instance("Ascend910B1"))
    tiling.set_dim(2)
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling.set_shape(1024, 640, 256)
    tiling.set_fix_split(256, 128, -1)
    t = asc.adv.TCubeTiling()
    assert tiling.get_tiling(t) == 0
    assert (t.used_core_num, t.single_core_m, t.single_core_n, t.base_m, t.base_n) == (2, 512, 640, 256, 128)


def test_settings_reach_the_tiling():
    p = host.get_ascendc_platform("Ascend910B2")
    assert p.get_soc_version() == "Ascend910B2" and p.get_core_num_aic() == 24
    t = asc.adv.TCubeTiling()
    single = host.MatmulApiTiling(p)
    assert single.set_org_shape(48, 24, 40, 20) == 0
    assert single.get_tiling(t) == 0 and (t.m, t.n, t.k_a, t.k_b, t.used_core_num) == (48, 24, 40, 20, 1)
    fixed = host.MultiCoreMatmulTiling(p)
    fixed.set_shape(64, 64, 64)
    assert fixed.set_fix_split(64, 32, 16) == 0 and fixed.set_single_shape(64, 32, 64) == 0
    assert (fixed.get_base_m(), fixed.get_base_n(), fixed.get_base_k()) == (64, 32, 16)
    assert fixed.get_tiling(t) == 0 and (t.single_core_m, t.single_core_n, t.used_core_num) == (64, 32, 2)
    assert fixed.get_single_shape() == (64, 32, 64)
    batch = host.BatchMatmulTiling(p)
    batch.set_shape(16, 16, 16)
    assert batch.set_a_layout(2, 16, 1, 4, 16) == 0 and batch.set_c_layout(2, 16, 1, 4, 16) == 0
    assert batch.set_batch_num(4) == 0
    assert batch.get_tiling(t) == 0
    assert (t.a_layout_info_b, t.a_layout_info_g, t.c_layout_info_s2, t.batch_num) == (2, 4, 16, 4)
    assert batch.get_core_num() == (1, 1, 1, 1, 1)
    traversed = host.MatmulApiTiling(p)
    traversed.set_shape(32, 32, 32)
    assert traversed.set_traverse(host.MatrixTraverse.FIRSTN) == 0
    assert traversed.get_tiling(t) == 0 and t.iterate_order == 1
    cfg = host.MatmulConfigParams(1, False, host.ScheduleType.OUTER_PRODUCT, host.MatrixTraverse.FIRSTM)
    assert traversed.set_matmul_config_params(cfg) is None and traversed.get_tiling(t) == 0 and t.iterate_order == 0


def test_invalid_input_returns_minus_one_and_says_why():
    p = host.get_ascendc_platform()
    t = asc.adv.TCubeTiling()
    empty = host.MultiCoreMatmulTiling(p)
    assert empty.get_tiling(t) == -1 and empty.problems() == ["no shape: call set_shape or set_org_shape"]
    assert empty.set_shape(0, 4, 4) == -1 and empty.set_dim(0) == -1 and empty.set_fix_split(0, 16, 16) == -1
    small = host.MultiCoreMatmulTiling(p)
    small.set_shape(256, 256, 64)
    small.set_dim(2)
    small.set_single_shape(64, 64, 64)
    assert small.get_tiling(t) == -1
    assert small.problems() == ["the single-core shape 64x64 needs 16 cores, more than the 2 set"]
    tiny_l1 = host.MatmulApiTiling(p)
    tiny_l1.set_shape(128, 128, 128)
    tiny_l1.set_buffer_space(1024)
    assert tiny_l1.get_tiling(t) == -1 and "do not fit L1 (1024 bytes)" in tiny_l1.problems()[0]
    with pytest.raises(ValueError, match="unknown SoC 'Ascend999'"):
        host.PlatformAscendCManager.get_instance("Ascend999")
