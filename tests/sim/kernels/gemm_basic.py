"""Tiled GEMMs on the basic cube API, GM -> A1/B1 (ND2NZ) -> A2/B2 (load_data) -> mmad -> CO1 -> fixpipe -> GM.

Each core computes a row block of `bm` rows of C = A @ B, walking N in `bn` columns and K in `bk` steps that
accumulate in L0C (cmatrix_init_val only on the first step).  The synchronization between the pipes is written out
(MTE2 -> MTE1 -> M -> FIX and back), so the kernels also run with auto_sync=False.
"""

from __future__ import annotations

import pyasc as asc


@asc.jit
def gemm_f16(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, k: asc.ConstExpr[int],
             n: asc.ConstExpr[int], bm: asc.ConstExpr[int], bn: asc.ConstExpr[int], bk: asc.ConstExpr[int],
             relu: asc.ConstExpr[bool] = False):
    """C (float32, or float16 when c is float16) = A (m x k, float16) @ B (k x n, float16), row-major."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, bm * bk)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, bm * bk * 2, bk * bn)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, bm * bk)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, bk * bn)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    row = asc.get_block_idx() * bm
    quant = asc.QuantModes.F322F16 if c_gm.dtype == asc.float16 else asc.QuantModes.NoQuant
    for j in range(n // bn):
        for kk in range(k // bk):
            asc.data_copy(a1, a_gm[row * k + kk * bk:], asc.Nd2NzParams(1, bm, bk, 0, k, bm, 1, 0))
            asc.data_copy(b1, b_gm[kk * bk * n + j * bn:], asc.Nd2NzParams(1, bk, bn, 0, n, bk, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
            for i in range(bm // 16):  # Nz -> Zz: one row of fractals per call
                asc.load_data(a2[i * bk * 16:], a1[i * 256:],
                              asc.LoadData2DParams(0, bk // 16, bm // 16, 0, 0, False, 0))
            for i in range(bk // 16):  # Nz -> Zn: each fractal transposed
                asc.load_data(b2[i * bn * 16:], b1[i * 256:],
                              asc.LoadData2DParams(0, bn // 16, bk // 16, 0, 0, True, 0))
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
            asc.set_flag(asc.HardEvent.MTE1_M, 0)
            asc.wait_flag(asc.HardEvent.MTE1_M, 0)
            asc.mmad(c1, a2, b2, asc.MmadParams(m=bm, n=bn, k=bk, unit_flag=0, cmatrix_source=False,
                                                cmatrix_init_val=kk == 0))
            asc.set_flag(asc.HardEvent.M_MTE1, 0)
            asc.wait_flag(asc.HardEvent.M_MTE1, 0)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row * n + j * bn:], c1,
                    asc.FixpipeParamsV220(n_size=bn, m_size=bm, src_stride=bm, dst_stride=n, quant_pre=quant,
                                          relu_en=relu))
        asc.set_flag(asc.HardEvent.FIX_M, 0)
        asc.wait_flag(asc.HardEvent.FIX_M, 0)


@asc.jit
def gemm_i8(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress, k: asc.ConstExpr[int],
            n: asc.ConstExpr[int], bm: asc.ConstExpr[int], bn: asc.ConstExpr[int], bk: asc.ConstExpr[int]):
    """C (int32) = A (m x k, int8) @ B, B given transposed (bt: n x k, int8): its ND2NZ blocks are Zn fractals."""
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(bt)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, bm * bk)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, bm * bk, bn * bk)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, bm * bk)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, bk * bn)
    c1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, bm * bn)
    row = asc.get_block_idx() * bm
    for j in range(n // bn):
        for kk in range(k // bk):
            asc.data_copy(a1, a_gm[row * k + kk * bk:], asc.Nd2NzParams(1, bm, bk, 0, k, bm, 1, 0))
            asc.data_copy(b1, b_gm[j * bn * k + kk * bk:], asc.Nd2NzParams(1, bn, bk, 0, k, bn, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
            for i in range(bm // 16):  # 16 x 32 fractals
                asc.load_data(a2[i * bk * 16:], a1[i * 512:],
                              asc.LoadData2DParams(0, bk // 32, bm // 16, 0, 0, False, 0))
            for i in range(bk // 32):  # a column block of B^T's Nz is a row of Zn fractals of B
                asc.load_data(b2[i * bn * 32:], b1[i * bn * 32:], asc.LoadData2DParams(0, bn // 16, 1, 0, 0, False, 0))
            asc.set_flag(asc.HardEvent.MTE1_M, 0)
            asc.wait_flag(asc.HardEvent.MTE1_M, 0)
            asc.mmad(c1, a2, b2, asc.MmadParams(m=bm, n=bn, k=bk, unit_flag=0, cmatrix_source=False,
                                                cmatrix_init_val=kk == 0))
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.fixpipe(c_gm[row * n + j * bn:], c1, asc.FixpipeParamsV220(n_size=bn, m_size=bm, src_stride=bm,
                                                                       dst_stride=n))
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
