"""load_data as its page writes it: LoadData2DParams from a LocalTensor and from Global Memory,
LoadData3DParamsV1/V2/V2Pro between local tensors; load_data_with_transpose with both parameter structs;
set_load_data_boundary, set_load_data_padding_value (int and float) and set_load_data_repeat."""

import asc
import numpy as np


@asc.jit
def load_data_kernel(x: asc.GlobalAddress) -> None:
    x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=2048)
    y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=2048)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    params = asc.LoadData2DParams(0, 4, 0, 0, 0, 0, 0)
    asc.load_data(y_local, x_local, params)
    asc.load_data(x_local, x_gm, params)
    params_3d_v2_pro = asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 0x10101010101)
    asc.load_data(y_local, x_local, params_3d_v2_pro)
    params_3d_v1 = asc.LoadData3DParamsV1([0, 0, 0, 0], 16, 16, 0, 0, 0, 0, 0, 1, 1, 3, 3, 1, 1, 1, 0, 1, 0, 0)
    asc.load_data(y_local, x_local, params_3d_v1)
    params_3d_v2 = asc.LoadData3DParamsV2([0, 0, 0, 0], 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False, 0, False,
                                          False, False)
    asc.load_data(y_local, x_local, params_3d_v2)
    asc.load_data_with_transpose(y_local, x_local, asc.LoadData2dTransposeParams(0, 4, 0, 0, 0, 0))
    asc.load_data_with_transpose(y_local, x_local, asc.LoadData2dTransposeParamsV2(0, 4, 0, 0, 0, 0, 0))
    asc.set_load_data_boundary(1024)
    asc.set_load_data_padding_value(10)
    asc.set_load_data_padding_value(2.0)
    static_param = asc.LoadDataRepeatParam(repeat_time=4, repeat_stride=8, repeat_mode=0)
    asc.set_load_data_repeat(static_param)


def launch():
    load_data_kernel[1](np.zeros(512, np.float16))
