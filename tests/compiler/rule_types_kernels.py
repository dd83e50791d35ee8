"""Our kernel for the forms the rule's generated types make work: APIs known by rule whose declarations name a
struct, enum or constant the bundled header now defines from the facts (SumParams, CumSumInfo with CumSumConfig's
default constant, SaturationMode, LoopModeParams and DataCopyMVType), a struct of several C++ constructors
(SoftmaxConfig of one, three and four arguments; LoopModeParams of none or six), a function with one declaration
per architecture (SetFixpipeNz2ndFlag) and a member of a hand-written class (TPipe.init_spm_buffer). Read by
tests/toolchain/test_rule_apis_cpp.py (analysis and the bundled header) and tests/sim/test_rule_apis.py is not
needed: the simulator models none of them, a PS110 finding per call."""

import asc
import numpy as np

N = 256


@asc.jit
def types_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    pipe = asc.TPipe()
    q_in = asc.TQue(asc.TPosition.VECIN, 1)
    q_out = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(q_in, 1, N * 4)
    pipe.init_buffer(q_out, 1, N * 4)
    pipe.init_buffer(tmp, N * 4)
    pipe.init_spm_buffer(N * 4)
    asc.set_saturation_flag(True, mode=asc.SaturationMode.FLOAT)
    asc.set_fixpipe_nz2_nd_flag(1, 2, 3)
    src = q_in.alloc_tensor(asc.float32)
    asc.data_copy(src, x_gm, N)
    q_in.enque(src)
    src = q_in.deque(asc.float32)
    dst = q_out.alloc_tensor(asc.float32)
    work = tmp.get(asc.uint8)
    params = asc.adv.SumParams(1, N, N)
    asc.adv.sum(dst, src, work, params)
    last = tmp.get(asc.float32)
    info = asc.adv.CumSumInfo(1, N)
    asc.adv.cum_sum(dst, last, src, info)
    q_out.enque(dst)
    q_in.free_tensor(src)
    dst = q_out.deque(asc.float32)
    asc.data_copy(y_gm, dst, N)
    q_out.free_tensor(dst)
    none = asc.LoopModeParams()
    some = asc.LoopModeParams(1, 2)
    asc.set_loop_mode_para(none, asc.DataCopyMVType.UB_TO_OUT)
    asc.set_loop_mode_para(some, asc.DataCopyMVType.OUT_TO_UB)
    asc.reset_loop_mode_para(asc.DataCopyMVType.UB_TO_OUT)


def launch() -> None:
    x = np.random.default_rng(0).random(N, dtype=np.float32)
    y = np.zeros(N, dtype=np.float32)
    types_kernel[1](x, y)
