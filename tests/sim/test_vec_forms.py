"""trans_data_to_5hd on the simulator (the 16-, 32- and 8-bit block transposes, the address forms and repeats)
and select's register-scalar form, gather_mask, an unset HCCL context."""

from __future__ import annotations

import numpy as np

import pyasc as asc

from .conftest import rng


def _params(**kw):
    return asc.TransDataTo5HDParams(**{"dst_high_half": False, "src_high_half": False, "repeat_times": 1,
                                       "dst_rep_stride": 0, "src_rep_stride": 0, **kw})


def test_half_blocks_are_a_16_by_16_transpose(ub):
    x = rng().standard_normal(256).astype(np.float16)
    src = ub("float16", x)
    dst = ub("float16", np.zeros(256, np.float16))
    asc.trans_data_to_5hd([dst[16 * i:] for i in range(16)], [src[16 * i:] for i in range(16)], _params())
    np.testing.assert_array_equal(dst.view()[:256].reshape(16, 16), x.reshape(16, 16).T)


def test_address_forms_move_half_with_repeats(ub):
    x = rng(1).standard_normal(512).astype(np.float16)
    src = ub("float16", x)
    dst = ub("float16", np.zeros(512, np.float16))
    addrs = ub("uint64", np.zeros(32, np.uint64))
    s = [src.get_phy_addr(16 * i) for i in range(16)]
    d = [dst.get_phy_addr(16 * i) for i in range(16)]
    # block i of each side is i * 32 bytes on; the second repeat moves every block 16 blocks (512 bytes) on
    asc.trans_data_to_5hd(d, s, _params(repeat_times=2, dst_rep_stride=16, src_rep_stride=16))
    want = np.concatenate([x[:256].reshape(16, 16).T.reshape(-1), x[256:].reshape(16, 16).T.reshape(-1)])
    np.testing.assert_array_equal(dst.view()[:512], want)
    for i in range(16):
        addrs.set_value(i, d[i])
        addrs.set_value(16 + i, s[i])
    asc.trans_data_to_5hd(addrs, addrs[16:], _params())  # the uint64 tensors of addresses
    np.testing.assert_array_equal(dst.view()[:256].reshape(16, 16), x[:256].reshape(16, 16).T)


def test_float_blocks_give_two_blocks_per_column(ub):
    x = rng(2).standard_normal(128).astype(np.float32)
    src = ub("float32", x)
    dst = ub("float32", np.zeros(128, np.float32))
    asc.trans_data_to_5hd([dst[8 * i:] for i in range(16)], [src[8 * i:] for i in range(16)], _params())
    # source blocks are the 16 rows of a 16 x 8 matrix; column i fills destination blocks 2i and 2i + 1
    np.testing.assert_array_equal(dst.view()[:128].reshape(8, 16), x.reshape(16, 8).T)


def test_int8_blocks_move_the_chosen_halves(ub):
    x = np.arange(512, dtype=np.int64).astype(np.int8)
    src = ub("int8", x)
    dst = ub("int8", np.full(512, -1, np.int8))
    srcs = [src[32 * i:] for i in range(16)]
    dsts = [dst[32 * i:] for i in range(16)]
    asc.trans_data_to_5hd(dsts, srcs, _params(src_high_half=True, dst_high_half=False))
    got = dst.view()[:512].reshape(16, 32)
    grid = x.reshape(16, 32)
    np.testing.assert_array_equal(got[:, :16], grid[:, 16:].T)  # dst block i, low half = element 16 + i of each
    assert (got[:, 16:] == -1).all()  # the other half is untouched


def test_select_register_scalar_form_takes_the_scalar_from_set_cmp_mask(ub):
    """select(dst, sel_mask, src0, repeat_times, repeat_params): bits from sel_mask, the other value from the
    CMPMASK register that set_cmp_mask loaded (its first element, as dst's type)."""
    x = rng(3).standard_normal(256).astype(np.float16)
    src = ub("float16", x)
    dst = ub("float16", np.zeros(256, np.float16))
    scalar = ub("float16", np.full(16, 7.5, np.float16))
    sel = ub("uint16", np.full(16, 0x00FF, np.uint16))  # per 16 lanes: the first 8 from src0
    asc.set_cmp_mask(scalar)
    asc.select(dst, sel, src, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
    lanes = np.arange(256)
    np.testing.assert_array_equal(dst.view()[:256], np.where(lanes % 16 < 8, x, np.float16(7.5)))


def test_gather_mask_built_in_pattern_in_normal_mode(ub):
    src = ub("float16", np.arange(1, 257, dtype=np.float16))
    dst = ub("float16", np.zeros(256, np.float16))
    kept = asc.gather_mask(dst, src, 2, False, 0, asc.GatherMaskParams(1, 2, 8, 0))  # the odd elements, 2 repeats
    assert kept == 128 and asc.get_gather_mask_remain_count() == 128
    np.testing.assert_array_equal(dst.view()[:128], np.arange(2, 257, 2, dtype=np.float16))
    kept = asc.gather_mask(dst, src, 5, False, 0, asc.GatherMaskParams(1, 1, 8, 0))  # the third of every four
    assert kept == 32
    np.testing.assert_array_equal(dst.view()[:32], np.arange(3, 129, 4, dtype=np.float16))


def test_gather_mask_pattern_tensor_in_counter_mode(ub):
    x = np.arange(256, dtype=np.float32)
    src = ub("float32", x)
    dst = ub("float32", np.zeros(256, np.float32))
    bits = np.zeros(256, bool)
    bits[[0, 3, 35, 69]] = True
    pattern = ub("uint32", np.packbits(bits, bitorder="little").view(np.uint32))
    # 70 elements per repeat, 2 repeats 4 blocks (32 floats) apart, the same pattern bits for both
    kept = asc.gather_mask(dst, src, pattern, True, 70, asc.GatherMaskParams(1, 2, 4, 0))
    assert kept == 8
    np.testing.assert_array_equal(dst.view()[:8], [0, 3, 35, 69, 32, 35, 67, 101])


def test_an_unset_hccl_context_is_a_zeroed_gm_context_per_launch():
    seen = []

    @asc.jit
    def k(x: asc.GlobalAddress):
        ctx = asc.get_hccl_context(1)
        g = asc.GlobalTensor()
        g.set_global_buffer(ctx, 64)
        seen.append((ctx is asc.get_hccl_context(1), int(g.get_value(0)), ctx is asc.get_hccl_context(0)))

    k[1](np.zeros(8, np.float32))
    assert seen == [(True, 0, False)]
