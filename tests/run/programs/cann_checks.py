"""Tests in CANN's style, for `pyasc run -m pytest`: nested kernels, numpy launches, LocalTensorAuto, ConstExpr
parameters, dtype methods and tuple-returning helpers."""

import asc
import asc.lib.runtime as rt
import asc.runtime.config as config
import numpy as np
import pytest


@pytest.fixture(autouse=True)
def model_backend():
    config.set_platform(config.Backend.Model)


@asc.jit
def halves(n: int):
    return n // 2, n - n // 2


def test_nested_kernel_with_auto_tensors_and_closure():
    offset_value = 3.0

    @asc.jit(insert_sync=True)
    def shift(src: asc.GlobalAddress, dst: asc.GlobalAddress, n: asc.ConstExpr[int], tiles: asc.ConstExpr[int]):
        s = asc.GlobalTensor()
        d = asc.GlobalTensor()
        s.set_global_buffer(src + asc.get_block_idx() * n * tiles)
        d.set_global_buffer(dst + asc.get_block_idx() * n * tiles)
        for i in range(tiles):
            a = asc.LocalTensorAuto(src.dtype, n)
            b = asc.LocalTensorAuto(dst.dtype, [n // 8, 8])
            asc.data_copy(a, s[i * n:], count=n)
            asc.adds(b, a, offset_value, n)
            asc.data_copy(d[i * n:], b, count=n)

    x = np.arange(2 * 4 * 128, dtype=np.float32)
    y = np.zeros_like(x)
    shift[2, rt.current_stream()](x, y, 128, 4)
    np.testing.assert_array_equal(y, x + 3.0)


def test_dtype_methods_and_tuple_helper():
    def make():
        @asc.jit
        def fill(dst: asc.GlobalAddress, n: asc.ConstExpr[int]):
            d = asc.GlobalTensor()
            d.set_global_buffer(dst)
            first, second = halves(n)
            t = asc.LocalTensorAuto(dst.dtype, n)
            width = dst.dtype.sizeof()
            flag = 1 if dst.dtype.is_float() else 0
            asc.duplicate(t, float(width * 10 + flag), first)
            asc.duplicate(t[first:], float(second), second)
            asc.data_copy(d, t, count=n)

        return fill

    out = np.zeros(64, dtype=np.float16)
    make()[1](out, 64)
    np.testing.assert_array_equal(out, np.array([21.0] * 32 + [32.0] * 32, dtype=np.float16))


def test_npu_backend_says_how_to_run_here():
    with pytest.raises(RuntimeError, match="Backend.Model"):
        config.set_platform(config.Backend.NPU)
