"""Which core a simulated kernel runs on: cube-only kernels (matmul_cube_only=True, an AIC kernel_type) see
ascend_is_aic(); every other kernel runs on vector cores."""

from __future__ import annotations

import numpy as np

import pyasc as asc


def _kernel(**options):
    @asc.jit(**options)
    def which(out: asc.GlobalAddress):
        out_gm = asc.GlobalTensor()
        out_gm.set_global_buffer(out, 8)
        if asc.ascend_is_aic():
            out_gm.set_value(0, 1)
        if asc.ascend_is_aiv():
            out_gm.set_value(1, 1)

    return which


def test_cube_only_kernels_run_on_cube_cores_and_others_on_vector_cores():
    for options, expected in (({}, [0, 1]), ({"matmul_cube_only": True}, [1, 0]),
                              ({"kernel_type": "KernelType.AIC_ONLY"}, [1, 0])):
        out = np.zeros(8, dtype=np.int32)
        _kernel(**options)[1](out)
        assert out[:2].tolist() == expected, options
