"""load_data with LoadData2DParamsV2 (the Ascend 950 form; the simulator's default SoC has no such load) from a
LocalTensor and from Global Memory, as the page writes it."""

import asc
import numpy as np


@asc.jit
def load_data_v2_kernel(x: asc.GlobalAddress) -> None:
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    params_v2 = asc.LoadData2DParamsV2(0, 0, 16, 16, 0, 0, False, 0)
    asc.load_data(y_local, x_local, params_v2)
    asc.load_data(x_local, x_gm, params_v2)


def launch():
    load_data_v2_kernel[1](np.zeros(512, np.float16))
