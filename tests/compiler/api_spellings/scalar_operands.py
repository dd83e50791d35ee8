"""Tensor-scalar operations: the headers deduce the element type from the scalar as from the tensors, so a literal
on a 16-bit (or unsigned) tensor is cast to the element type; on an int32 tensor it stays a bare literal."""

import asc

LANES = 256


@asc.jit
def bit_fields(words: asc.GlobalAddress, flags: asc.GlobalAddress, shift: int):
    words_gm = asc.GlobalTensor()
    words_gm.set_global_buffer(words, LANES)
    flags_gm = asc.GlobalTensor()
    flags_gm.set_global_buffer(flags, LANES)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, LANES * 8)
    w = buf.get(asc.int16)
    u = buf.get(asc.uint16)[LANES:]
    wide = buf.get(asc.int32)[LANES:]
    asc.data_copy(w, words_gm, LANES)
    asc.data_copy(u, flags_gm, LANES)
    asc.shift_left(w, w, 2, count=LANES)
    asc.shift_right(u, u, 1, count=LANES)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.shift_left(u, u, 3, mask=128, repeat_times=1, repeat_params=params)
    asc.shift_right(w, w, shift, mask=[0, 2**64 - 1], repeat_times=1, repeat_params=params)
    asc.adds(w, w, 7, LANES)
    asc.muls(wide, wide, 3, LANES // 2)
    asc.data_copy(words_gm, w, LANES)
