"""AIPP: set_aipp_functions + load_image_to_local crop an image from Global Memory into L1 with its preprocessing
(channel order and swaps, the uint8 -> int8/half conversion, channel and spatial padding), against numpy."""

from __future__ import annotations

import numpy as np

import pyasc as asc
from pyasc import sim

H, W = 6, 8


def _run(fmt, config, params, planes, out_dtype, n_out):
    """Launch one load; the L1 result (n_out elements) comes back through `got`."""
    got: list[np.ndarray] = []

    @asc.jit
    def aipp(y: asc.GlobalAddress, uv: asc.GlobalAddress):
        y_gm = asc.GlobalTensor()
        y_gm.set_global_buffer(y)
        uv_gm = asc.GlobalTensor()
        uv_gm.set_global_buffer(uv)
        if fmt == asc.AippInputFormat.YUV420SP_U8:
            asc.set_aipp_functions(y_gm, uv_gm, fmt, config())
        else:
            asc.set_aipp_functions(y_gm, fmt, config())
        dst = asc.LocalTensor(out_dtype, asc.TPosition.A1, 0, n_out)
        dst.view()[:] = 99
        asc.load_image_to_local(dst, params)
        got.append(dst.view().copy())

    with sim.collect() as report:
        aipp[1](*planes)
    return got[0] if got else None, [(f.code, f.message) for f in report.findings if f.severity == "error"]


def test_rgb888_to_int8_swaps_subtracts_the_mean_and_pads():
    img = np.random.default_rng(1).integers(0, 256, (H, W, 3)).astype(np.uint8)

    def config():
        return asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True),
                              padding_params=asc.AippPaddingParams(padding_mode=0, padding_value_ch0=-5,
                                                                   padding_value_ch1=-6, padding_value_ch2=-7),
                              dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=100, dtc_mean_ch1=50,
                                                                    dtc_mean_ch2=10),
                              c_padding_params=asc.AippChannelPaddingParams(c_padding_mode=0, c_padding_value=3))

    # a 3 x 4 crop at row 2, column 2, one column of padding left and two right: 3 x 7 pixels of 32 channels
    params = asc.LoadImageToLocalParams(horiz_size=4, vert_size=3, horiz_start_pos=2, vert_start_pos=1,
                                        src_horiz_size=W, left_pad_size=1, right_pad_size=2)
    out, errs = _run(asc.AippInputFormat.RGB888_U8, config, params, (img.reshape(-1), np.zeros(2, np.uint8)),
                     asc.int8, 3 * 7 * 32)
    assert errs == []
    crop = img[1:4, 2:6, ::-1].astype(np.int64) - np.array([100, 50, 10])
    want = np.full((3, 7, 32), 3, np.int64)
    want[:, 1:5, :3] = np.clip(crop, -128, 127)
    want[:, [0, 5, 6], :3] = [-5, -6, -7]
    want[:, [0, 5, 6], 3] = 0  # padding_value_ch3
    np.testing.assert_array_equal(out.reshape(3, 7, 32), want)


def test_yuv420sp_to_half_normalizes_swaps_uv_and_replicates_edges():
    y = np.random.default_rng(2).integers(0, 256, (H, W)).astype(np.uint8)
    uv = np.random.default_rng(3).integers(0, 256, (H // 2, W)).astype(np.uint8)  # U, V interleaved per 2 x 2

    def config():
        return asc.AippParams(asc.float16, padding_params=asc.AippPaddingParams(padding_mode=1),
                              swap_params=asc.AippSwapParams(is_swap_uv=True),
                              dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=16, dtc_mean_ch1=128,
                                                                    dtc_mean_ch2=128, dtc_min_ch0=0.5,
                                                                    dtc_var_ch0=0.00390625, dtc_var_ch1=0.125,
                                                                    dtc_var_ch2=0.25),
                              c_padding_params=asc.AippChannelPaddingParams(c_padding_mode=1, c_padding_value=-1.0))

    params = asc.LoadImageToLocalParams(horiz_size=4, vert_size=4, horiz_start_pos=2, vert_start_pos=2,
                                        src_horiz_size=W, top_pad_size=1, left_pad_size=2)
    out, errs = _run(asc.AippInputFormat.YUV420SP_U8, config, params, (y.reshape(-1), uv.reshape(-1)),
                     asc.float16, 5 * 6 * 4)
    assert errs == []
    r, c = np.mgrid[2:6, 2:6]
    yuv = np.stack([y[r, c], uv[r // 2, (c // 2) * 2 + 1], uv[r // 2, (c // 2) * 2]], axis=-1).astype(np.int64)
    mean = np.array([16, 128, 128])
    v = ((yuv - mean).astype(np.float16) - np.array([0.5, 0, 0], np.float16)) * np.array([0.00390625, 0.125, 0.25],
                                                                                        np.float16)
    crop = np.full((4, 4, 4), -1.0, np.float16)
    crop[:, :, :3] = v
    want = np.pad(crop, ((1, 0), (2, 0), (0, 0)), mode="edge")
    np.testing.assert_array_equal(out.reshape(5, 6, 4), want)


def test_xrgb_with_x_first_and_a_single_line():
    img = np.random.default_rng(4).integers(0, 256, (H, W, 4)).astype(np.uint8)

    def config():
        return asc.AippParams(asc.float16, swap_params=asc.AippSwapParams(is_swap_ax=True),
                              single_line_params=asc.AippSingleLineParams(is_single_line_copy=True))

    params = asc.LoadImageToLocalParams(horiz_size=6, vert_size=4, horiz_start_pos=0, vert_start_pos=3,
                                        src_horiz_size=W)
    out, errs = _run(asc.AippInputFormat.XRGB8888_U8, config, params, (img.reshape(-1), np.zeros(2, np.uint8)),
                     asc.float16, 6 * 16 + 16)
    assert errs == []
    want = np.zeros((1, 6, 16), np.float16)
    want[0, :, :3] = img[3, 0:6, 1:4]  # XRGB -> RGBX, X dropped; one row: vert_size does not count
    np.testing.assert_array_equal(out[:96].reshape(1, 6, 16), want)
    assert (out[96:] == 99).all()


def test_what_the_device_rejects_or_the_simulator_does_not_model_is_reported():
    img = np.zeros(H * W * 3, np.uint8)
    params = asc.LoadImageToLocalParams(horiz_size=2, vert_size=2, src_horiz_size=W, top_pad_size=1)

    def constant_top():
        return asc.AippParams(asc.int8)

    _, errs = _run(asc.AippInputFormat.RGB888_U8, constant_top, params, (img, np.zeros(2, np.uint8)), asc.int8, 512)
    assert errs == [("PS108", "load_image_to_local: padding mode 0 (constant) pads left and right only; top_pad_size "
                              "and bot_pad_size need mode 1")]

    def csc():
        return asc.AippParams(asc.int8, csc_params=asc.AippColorSpaceConvParams(is_enable_csc=True))

    _, errs = _run(asc.AippInputFormat.RGB888_U8, csc, asc.LoadImageToLocalParams(2, 2, 0, 0, W), (img, img),
                   asc.int8, 512)
    assert errs == [("PS110", "load_image_to_local: the colour space conversion (is_enable_csc) is not modelled by "
                              "the simulator")]
