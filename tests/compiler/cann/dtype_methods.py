"""DataType methods on a generic tensor's dtype (emitted for the template parameter) and on a known dtype (folded)."""

import asc


@asc.jit
def scale_copy(src: asc.GlobalAddress, dst: asc.GlobalAddress, count: int):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    staging = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(staging, count * src.dtype.sizeof())
    tile = staging.get(src.dtype)
    asc.data_copy(tile, src_gm, count)
    asc.data_copy(dst_gm, tile, count)
    if src.dtype.is_float():
        asc.printf("copied %d floats of %d bytes\n", count, src.dtype.sizeof())
    if asc.uint16.is_signed():
        asc.printf("never emitted\n")
    asc.printf("%d %d\n", asc.float16.sizeof(), asc.int8.is_int())
