"""The im2col forms of load_data beyond LoadData3DParamsV2: V2Pro (the window packed into two words, the feature map
taken from the FMATRIX register a V2 load sets) and V1 (a form of other SoCs), against a numpy im2col."""

from __future__ import annotations

import numpy as np

import pyasc as asc
from pyasc import sim

from .conftest import rng
from .test_cube import _im2col


def ext_config(k_ext: int, m_ext: int, k_start: int, m_start: int) -> int:
    return k_ext | m_ext << 16 | k_start << 32 | m_start << 48


def filter_config(stride: int, fh: int, fw: int, dilation: int = 1) -> int:
    return stride | stride << 8 | fw << 16 | fh << 24 | dilation << 32 | dilation << 40


def _fmap(seed: int) -> tuple[np.ndarray, asc.LocalTensor]:
    fmap = rng(seed).integers(-9, 9, (2, 5, 6, 16)).astype(np.float16)  # C1=2, H=5, W=6, C0=16
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, fmap.size)
    l1.view()[:] = fmap.ravel()
    return fmap, l1


def _zz(t: asc.LocalTensor, rows: int, cols: int) -> np.ndarray:
    return t.view()[:rows * cols].reshape(rows // 16, cols // 16, 16, 16).transpose(0, 2, 1, 3).reshape(rows, cols)


def _set_fmatrix(l1: asc.LocalTensor, pad: int, pad_value: int) -> None:
    """A V2 load of one fractal: it sets FMATRIX (5 x 6, pad on every side) and the padding value."""
    scratch = asc.LocalTensor(asc.float16, asc.TPosition.A2, 16384, 256)
    asc.load_data(scratch, l1, asc.LoadData3DParamsV2([pad] * 4, 5, 6, 32, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False,
                                                      pad_value))


def test_v2pro_takes_its_window_from_the_config_words_and_the_map_from_fmatrix(core):
    fmap, l1 = _fmap(23)
    _set_fmatrix(l1, 1, -1)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 32 * 64)
    # rows [0, 30) x columns [32, 96) of the 3 x 3, stride 1, pad 1 unfolding: 30 x 288
    asc.load_data(a2, l1, asc.LoadData3DParamsV2Pro(32, False, False, False, False, False,
                                                    ext_config(64, 30, 32, 0), filter_config(1, 3, 3)))
    ref = _im2col(fmap, 3, 3, 1, 1, -1.0)
    np.testing.assert_array_equal(_zz(a2, 32, 64)[:30], ref[:, 32:96])


def test_v2pro_with_stride_2_a_row_offset_and_the_padding_register(core):
    fmap, l1 = _fmap(29)
    _set_fmatrix(l1, 1, -1)
    asc.set_load_data_padding_value(7)  # replaces the V2 load's -1
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 16 * 32)
    ref = _im2col(fmap, 3, 3, 2, 1, 7.0)  # stride 2: 3 x 3 windows, 9 rows x 288 columns
    asc.load_data(b2, l1, asc.LoadData3DParamsV2Pro(32, False, False, False, False, False,
                                                    ext_config(32, 5, 0, 4), filter_config(2, 3, 3)))
    got = b2.view().reshape(1, 2, 16, 16).transpose(0, 3, 1, 2).reshape(16, 32)  # Zn: [m1][k1][k0][m0]
    np.testing.assert_array_equal(got[:5], ref[4:9, :32])
    assert (ref[4:9, :32] == 7).any()  # the window covers padding


def test_v2pro_with_a_zero_filter_loads_nothing(core):
    _, l1 = _fmap(31)
    _set_fmatrix(l1, 1, 0)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    a2.view()[:] = 5
    asc.load_data(a2, l1, asc.LoadData3DParamsV2Pro(32, False, False, False, False, False,
                                                    ext_config(16, 16, 0, 0), 0))
    assert (a2.view() == 5).all()


def test_v2pro_before_anything_set_fmatrix_is_reported():
    with sim.collect() as report, sim.interactive():
        _, l1 = _fmap(37)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        asc.load_data(a2, l1, asc.LoadData3DParamsV2Pro(32, False, False, False, False, False,
                                                        ext_config(16, 16, 0, 0), filter_config(1, 1, 1)))
    (f,) = report.findings
    assert f.code == "PS109" and "FMATRIX register, which nothing set" in f.message


def test_v1_is_the_form_of_other_socs():
    with sim.collect() as report, sim.interactive():
        _, l1 = _fmap(41)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        asc.load_data(a2, l1, asc.LoadData3DParamsV1([0, 0, 0, 0], 5, 6, 0, 0, 0, 0, 0, 1, 1, 3, 3, 1, 1, 1, 0, 1,
                                                     0, 0))
    (f,) = report.findings
    assert f.code == "PS110"
    assert "Ascend910B1 has no such load (use LoadData3DParamsV2)" in f.message


def test_the_right_fmatrix_is_reported_as_not_supported():
    with sim.collect() as report, sim.interactive():
        _, l1 = _fmap(43)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
        asc.load_data(a2, l1, asc.LoadData3DParamsV2Pro(32, False, False, False, False, True,
                                                        ext_config(16, 16, 0, 0), filter_config(1, 1, 1)))
    (f,) = report.findings
    assert f.message == ("load_data with LoadData3DParamsV2Pro(f_matrix_ctrl=True): only the left matrix's FMATRIX "
                         "(f_matrix_ctrl=False) is supported")
