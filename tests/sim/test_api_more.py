"""Semantics of the remaining generated APIs: copies with params, DEQ casts, CMPMASK, transposes, sorting and
proposals, cube fractal loads, scalar helpers and tensor methods."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

from .conftest import rng


def test_copy_with_copy_repeat_params(ub):
    src = ub("float32", np.arange(256, dtype=np.float32))
    dst = ub("float32", np.zeros(256, np.float32))
    asc.copy(dst, src, 16, 2, asc.CopyRepeatParams(1, 2, 8, 16))  # src blocks 2 apart, src repeats 16 blocks apart
    want = np.zeros(256, np.float32)
    for r in range(2):
        for j in range(16):
            want[r * 64 + (j // 8) * 8 + j % 8] = r * 128 + (j // 8) * 16 + j % 8
    np.testing.assert_array_equal(dst.view(), want)


def test_data_copy_pad_moves_byte_lengths_and_pads_rows():
    src = np.arange(40, dtype=np.float32)
    out = np.zeros(40, np.float32)

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, 40)
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 40)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        asc.duplicate(t, -1.0, 64)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        # 2 rows of 5 floats (20 bytes) each, GM rows 20 bytes apart; UB rows padded to 32 bytes with 7.0
        asc.data_copy_pad(t, xg, asc.DataCopyParams(2, 20, 0, 0), asc.DataCopyPadParams(True, 0, 3, 7))
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(zg, t, 16)

    k[1](src, out)
    np.testing.assert_array_equal(out[:16], [0, 1, 2, 3, 4, 7, 7, 7, 5, 6, 7, 8, 9, 7, 7, 7])


def test_cast_deq_and_add_deq_relu_use_the_deq_scale(ub):
    a = ub("int16", np.array([-300, -5, 0, 7, 100, 1000] * 3, dtype=np.int16))
    d = ub("int8", n=18)
    asc.set_deq_scale(0.5)
    asc.cast_deq(d, a, 18)
    np.testing.assert_array_equal(d.view()[:6], [-128, -2, 0, 4, 50, 127])
    x = ub("int32", np.array([1, -10, 20, 3] * 4, dtype=np.int32))
    y = ub("int32", np.array([2, 2, 2, 2] * 4, dtype=np.int32))
    h = ub("float16", n=16)
    asc.add_deq_relu(h, x, y, 16)
    np.testing.assert_array_equal(h.view()[:4], np.array([1.5, 0, 11, 2.5], np.float16))


def test_compare_to_register_then_select_and_get_cmp_mask(ub):
    a = ub("float32", np.arange(64, dtype=np.float32))
    b = ub("float32", np.full(64, 20, np.float32))
    asc.compare(a, b, asc.CMPMODE.LT, 64, asc.BinaryRepeatParams())
    out = ub("float32", n=64)
    asc.select(out, a, b, repeat_times=1, repeat_params=asc.BinaryRepeatParams(), sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    np.testing.assert_array_equal(out.view(), np.where(np.arange(64) < 20, np.arange(64), 20))
    m = ub("uint8", n=32)
    asc.get_cmp_mask(m)
    bits = np.unpackbits(m.view()[:8], bitorder="little").astype(bool)
    np.testing.assert_array_equal(bits, np.arange(64) < 20)
    m.view()[:16] = 0xFF
    asc.set_cmp_mask(m)
    asc.select(out, a, b, repeat_times=1, repeat_params=asc.BinaryRepeatParams(), sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    np.testing.assert_array_equal(out.view(), np.arange(64))


def test_select_with_a_scalar_and_a_mask_in_repeat_form(ub):
    a = ub("float16", np.arange(128, dtype=np.float16))
    sel = ub("uint8", np.full(32, 0b01010101, np.uint8))
    out = ub("float16", np.zeros(128, np.float16))
    asc.select(out, sel, a, -1.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 128, 1, asc.BinaryRepeatParams())
    np.testing.assert_array_equal(out.view(), np.where(np.arange(128) % 2 == 0, np.arange(128), -1).astype(np.float16))


def test_transpose_16x16_and_nchw(ub):
    x = rng(1).integers(0, 100, 256).astype(np.float16)
    src, dst = ub("float16", x), ub("float16", n=256)
    asc.transpose(dst, src)
    np.testing.assert_array_equal(dst.view(), x.reshape(16, 16).T.ravel())
    y = np.arange(2 * 3 * 16, dtype=np.float16)
    s2, d2, tmp = ub("float16", y), ub("float16", n=96), ub("uint8", n=512)
    asc.transpose(d2, s2, tmp, asc.TransposeParamsExt(2, 3, 4, 4, asc.TransposeType.TRANSPOSE_NCHW2NHWC))
    np.testing.assert_array_equal(d2.view(), y.reshape(2, 3, 16).transpose(0, 2, 1).ravel())


def test_mrg_sort_merges_sorted_lists(ub):
    lists = []
    for seed in range(2):
        v = np.sort(rng(seed).uniform(0, 10, 32).astype(np.float32))[::-1].copy()
        rec = ub("float32", n=64)
        rec.view()[0::2] = v
        rec.view().view(np.uint32)[1::2] = np.arange(32) + 100 * seed
        lists.append((rec, v))
    dst = ub("float32", n=128)
    src = asc.MrgSortSrcList(asc.float32, lists[0][0], lists[1][0])
    asc.mrg_sort(dst, src, asc.MrgSort4Info([32, 32, 0, 0], False, 3, 1))
    merged = np.sort(np.concatenate([lists[0][1], lists[1][1]]))[::-1]
    np.testing.assert_array_equal(dst.view()[0::2], merged)


def test_proposals_concat_extract_and_sort(ub):
    scores = rng(2).permutation(16).astype(np.float16)
    src = ub("float16", scores)
    props = ub("float16", np.zeros(128, np.float16))
    asc.proposal_concat(props, src, 1, 4)
    back = ub("float16", n=16)
    asc.proposal_extract(back, props, 1, 4)
    np.testing.assert_array_equal(back.view(), scores)
    out = ub("float16", n=128)
    asc.rp_sort16(out, props, 1)
    np.testing.assert_array_equal(out.view()[4::8], np.sort(scores)[::-1])


def test_adv_concat_extract_roundtrip_and_sort(ub):
    vals = ub("float32", rng(3).uniform(-1, 1, 32).astype(np.float32))
    rec = ub("float32", n=64)
    tmp = ub("float32", n=64)
    asc.adv.concat(rec, vals, tmp, 1)
    v2, i2 = ub("float32", n=32), ub("uint32", n=32)
    asc.adv.extract(v2, i2, rec, 1)
    np.testing.assert_array_equal(v2.view(), vals.view())
    idx = ub("uint32", np.arange(32, dtype=np.uint32))
    sorted_ = ub("float32", n=64)
    asc.sort(sorted_, vals, idx, tmp, 1, True)
    asc.adv.extract(v2, i2, sorted_, 1)
    np.testing.assert_array_equal(v2.view(), np.sort(vals.view())[::-1])
    np.testing.assert_array_equal(vals.view()[i2.view()], v2.view())


def test_repeat_reduce_sum_gather_b_and_init_const_value(ub):
    x = rng(4).uniform(-1, 1, 128).astype(np.float32)
    src, dst = ub("float32", x), ub("float32", n=8)
    asc.repeat_reduce_sum(dst, src, 2, 64, 1, 1, 1, 8)
    np.testing.assert_allclose(dst.view()[:2], x.reshape(2, 64).sum(axis=1), rtol=1e-5)
    blocks = ub("float32", np.arange(128, dtype=np.float32))
    offs = ub("uint32", (np.array([15, 0, 1, 2, 3, 4, 5, 6]) * 32).astype(np.uint32))
    g = ub("float32", n=64)
    asc.gatherb(g, blocks, offs, 1, asc.GatherRepeatParams(1, 8))
    np.testing.assert_array_equal(g.view()[:8], np.arange(120, 128))
    np.testing.assert_array_equal(g.view()[8:16], np.arange(0, 8))
    c = ub("float16", n=64)
    asc.init_const_value(c, asc.InitConstValueParams(2, 2, 0, 3))
    assert (c.view()[:64] == 3).all()


def test_load_data_copies_fractals():
    with sim.interactive():
        l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
        l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 512)
        l1.view()[:] = np.arange(1024, dtype=np.float16)
        asc.load_data(l0, l1, asc.LoadData2DParams(1, 2, 2, 0, 0, False, 0))
        np.testing.assert_array_equal(l0.view()[:256], np.arange(256, 512, dtype=np.float16))
        np.testing.assert_array_equal(l0.view()[256:512], np.arange(768, 1024, dtype=np.float16))
        asc.load_data(l0, l1, asc.LoadData2DParams(0, 1, 0, 0, 0, True, 0))
        np.testing.assert_array_equal(l0.view()[:256], np.arange(256, dtype=np.float16).reshape(16, 16).T.ravel())
        assert l0.mem == "L0A" and l1.mem == "L1"


def test_scalar_helpers_and_constants():
    with sim.interactive(block_num=4, core=2):
        assert asc.get_block_idx() == 2 and asc.get_block_num() == 4
        assert asc.scalar_count_leading_zero(1) == 63
        assert asc.scalar_get_count_of_value(0b1011, 1) == 3
        assert asc.scalar_get_sff_value(0b1000, 1) == 3
        assert asc.count_bits_cnt_same_as_sign_bit(1) == 62
        assert asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_ROUND) == 3
        assert asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_RINT) == 2
        assert asc.ceildiv(10, 4) == 3 and asc.property(asc.ONE_BLK_SIZE) == 32
        assert asc.number(1.5, asc.float16) == np.float16(1.5)
        assert asc.ascend_is_aiv() and not asc.ascend_is_aic()


def test_tensor_methods(ub):
    t = ub("float32", np.arange(64, dtype=np.float32))
    assert t.get_size() == 64 and t.get_length() == 256
    assert t[8:].get_phy_addr() == t.get_phy_addr() + 32
    r = t.reinterpret_cast(asc.int32)
    assert r.get_size() == 64 and r.get_value(1) == np.float32(1).view(np.int32)
    t.set_user_tag(5)
    assert t.get_user_tag() == 5
    assert t.get_position() == int(asc.TPosition.VECCALC)


def test_local_mem_allocator_and_tbuf_offsets():
    with sim.interactive() as core:
        alloc = asc.LocalMemAllocator()
        a = alloc.alloc(asc.TPosition.VECIN, asc.float32, 100)
        b = alloc.alloc(asc.TPosition.VECIN, asc.float16, 16)
        assert a.addr == 0 and b.addr == 416 and alloc.get_cur_addr() == 448
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 1024)
        part = buf.get_with_offset(64, 256, asc.float32)
        assert part.addr == buf.get(asc.float32).addr + 256 and part.get_size() == 64
        assert core.stats.ub_peak >= 1024
        with pytest.raises(sim.SimulationError, match="aligned to 32"):
            buf.get_with_offset(8, 10, asc.float32)


def test_overlapping_local_tensors_share_bytes(ub):
    with sim.collect():
        whole = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 64)
        half = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4096, 128)
        asc.duplicate(whole, 1.0, 64)
        assert half.view()[1] == whole.view()[:1].view(np.float16)[1]
        asc.duplicate(half[64:], 0.0, 64)
        assert (whole.view()[:32] == 1).all() and not whole.view()[32:].any()


def test_sort_sizes_and_pad_value():
    out = np.zeros(8, np.int32)

    @asc.jit
    def k(z: asc.GlobalAddress):
        zg = asc.GlobalTensor()
        zg.set_global_buffer(z, 8)
        asc.set_pad_value(3)
        t = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 0, 8)
        t.set_value(0, asc.get_sort_len(100))
        t.set_value(1, asc.get_sort_offset(10))
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(zg, t, 8)

    with sim.collect() as rep:
        k[1](out)
    assert out[:2].tolist() == [200, 20]  # sorted (value, index) structures are two floats each
    assert rep.findings == []
