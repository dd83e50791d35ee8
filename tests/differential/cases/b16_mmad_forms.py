"""mmad without and with bias (MmadParams positional), mmad_with_sparse with MmadParams by keyword,
load_data_with_sparse by keyword, and load_image_to_local, on tensors at the cube positions as the pages do."""

import asc


@asc.jit
def mmad_kernel() -> None:
    dst = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=1024)
    fm = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=1024)
    filter = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.B2, addr=0, tile_size=1024)
    params = asc.MmadParams(4, 4, 4)
    asc.mmad(dst, fm, filter, params)
    bias = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.C2, addr=0, tile_size=256)
    asc.mmad(dst, fm, filter, bias, params)
    dst_i = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.CO1, addr=0, tile_size=400)
    fm_i = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A2, addr=0, tile_size=400)
    filter_i = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B2, addr=0, tile_size=400)
    mmad_params = asc.MmadParams(m=20, n=20, k=20, is_bias=False, fm_offset=0, en_ssparse=False,
                                 en_winograd_a=False, en_winograd_b=False)
    asc.mmad_with_sparse(dst_i, fm_i, filter_i, mmad_params)
    b2 = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B2, addr=0, tile_size=512)
    b1 = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B1, addr=0, tile_size=512)
    idx = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.B1, addr=512, tile_size=512)
    ld = asc.LoadData2DParams(repeat_times=1, src_stride=0, if_transpose=False)
    asc.load_data_with_sparse(dst=b2, src=b1, idx=idx, load_data_params=ld)
    a1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
    asc.load_image_to_local(a1, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))


def launch():
    mmad_kernel[1]()
