"""set_aipp_functions with one and with two GlobalTensors, with AippParams of int8 and float16 built from
AippSwapParams, AippChannelPaddingParams, AippPaddingParams and AippSingleLineParams (keywords and defaults),
then load_image_to_local into an A1 tensor."""

import asc
import numpy as np


@asc.jit
def aipp_kernel(rgb: asc.GlobalAddress, y_plane: asc.GlobalAddress, uv_plane: asc.GlobalAddress) -> None:
    rgb_gm = asc.GlobalTensor()
    rgb_gm.set_global_buffer(rgb)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y_plane)
    uv_gm = asc.GlobalTensor()
    uv_gm.set_global_buffer(uv_plane)
    swap_settings = asc.AippSwapParams(is_swap_rb=True)
    cpad_settings = asc.AippChannelPaddingParams(c_padding_mode=0, c_padding_value=-1)
    aipp_config_int8 = asc.AippParams(dtype=asc.int8, swap_params=swap_settings, c_padding_params=cpad_settings)
    asc.set_aipp_functions(rgb_gm, asc.AippInputFormat.RGB888_U8, aipp_config_int8)
    padding = asc.AippPaddingParams(padding_mode=1, padding_value_ch0=0.5)
    line = asc.AippSingleLineParams(is_single_line_copy=False)
    aipp_config_half = asc.AippParams(asc.float16, padding, asc.AippSwapParams(), line)
    asc.set_aipp_functions(y_gm, uv_gm, asc.AippInputFormat.YUV420SP_U8, aipp_config_half)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
    asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))


def launch():
    aipp_kernel[1](np.zeros(192, np.uint8), np.zeros(64, np.uint8), np.zeros(32, np.uint8))
