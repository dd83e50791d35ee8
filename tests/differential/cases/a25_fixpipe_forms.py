"""fixpipe from CO1 to Global Memory: FixpipeParamsV220 by keyword as on its page (no quantization, F322F16), the
default row-major config, FixpipeConfig(CO2Layout.NZ) and the class's presets cfg_nz() and
cfg_row_major(), and the form with a cbuf_workspace of quantization parameters
in A1 (VDEQF16 on int32 results)."""

import asc
import numpy as np

M = 16
N = 16


@asc.jit
def fixpipe_kernel(c: asc.GlobalAddress, d: asc.GlobalAddress) -> None:
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, M * N)
    d_gm = asc.GlobalTensor()
    d_gm.set_global_buffer(d, M * N)
    pipe = asc.TPipe()
    co1 = asc.TBuf(asc.TPosition.CO1)
    pipe.init_buffer(co1, M * N * 4)
    c_local = co1.get(asc.float32)
    params = asc.FixpipeParamsV220(
        n_size=N, m_size=M, src_stride=M, dst_stride=N,
        quant_pre=asc.QuantModes.F322F16, deq_scalar=0,
        nd_num=1, src_nd_stride=0, dst_nd_stride=0,
        relu_en=False, unit_flag=0, is_channel_split=False,
    )
    asc.fixpipe(c_gm, c_local, params)
    asc.fixpipe(c_gm, c_local, params, asc.FixpipeConfig(asc.CO2Layout.NZ))
    asc.fixpipe(c_gm, c_local, params, asc.FixpipeConfig.cfg_nz())
    asc.fixpipe(c_gm, c_local, params, config=asc.FixpipeConfig.cfg_row_major())
    acc = co1.get(asc.int32)
    a1 = asc.TBuf(asc.TPosition.A1)
    pipe.init_buffer(a1, 1024)
    workspace = a1.get(asc.uint64)
    quant = asc.FixpipeParamsV220(N, M, M, N, quant_pre=asc.QuantModes.VDEQF16)
    asc.fixpipe(d_gm, acc, workspace, quant)


def launch():
    fixpipe_kernel[1](np.zeros(M * N, np.float16), np.zeros(M * N, np.float16))
