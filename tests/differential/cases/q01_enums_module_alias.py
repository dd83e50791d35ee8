"""A Matmul whose policy comes through aliased modules: `import asc.language.core.enums as enums` binds CANN's
enums module (which alone holds MatmulPolicy), `from asc.language import adv` the advanced API's package and
`import asc.language.fwk.tpipe as tpipe` the module that defines TPipe."""

import asc
import asc.language.core.enums as enums
import asc.language.fwk.tpipe as tpipe
import numpy as np
from asc.language import adv


@asc.jit
def enums_alias_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: adv.TCubeTiling,
                       workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = tpipe.TPipe()
    a_type = adv.MatmulType(enums.TPosition.GM, enums.CubeFormat.ND, asc.float16)
    c_type = adv.MatmulType(enums.TPosition.GM, enums.CubeFormat.ND, asc.float32)
    mm = adv.Matmul(a_type, a_type, c_type, matmul_policy=enums.MatmulPolicy.TrianUpperMatmulPolicy)
    adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


def launch():
    tiling = adv.TCubeTiling(used_core_num=1, m=64, k_a=32, k_b=32, n=64, base_m=32, base_k=32, base_n=32,
                             single_core_m=64, single_core_k=32, single_core_n=64, depth_a1=1, depth_b1=1,
                             step_m=1, step_n=1, is_bias=0, share_mode=0, share_ub_size=0, share_l1_size=0,
                             share_l0c_size=0)
    args = (np.ones(2048, np.float16), np.ones(2048, np.float16), np.zeros(4096, np.float32), tiling,
            np.zeros(1024, np.uint8))
    enums_alias_kernel[1](*args)
