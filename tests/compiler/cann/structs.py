"""Struct parameters: a user Struct with a nested StructField, and the Matmul tiling struct of the headers."""

import asc
from asc.language.core.struct import Field, Struct, StructField


class Window(Struct):
    start = Field(asc.int32, 0)
    length = Field(asc.int32, 64, name="len")


class Layout(Struct):
    rows = Field(asc.int32, 1)
    window = StructField(Window)


@asc.jit
def window_end(win: Window) -> int:
    return win.start + win.length


@asc.jit
def copy_window(src: asc.GlobalAddress, dst: asc.GlobalAddress, layout: Layout, tiling: asc.adv.TCubeTiling):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    staging = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(staging, 4096)
    tile = staging.get(asc.float32)
    count = layout.window.length
    asc.data_copy(tile, src_gm[layout.window.start:], count)
    asc.data_copy(dst_gm, tile, count)
    tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)
    layout.rows = layout.rows + 1
    last = window_end(layout.window)
    local = Window(length=count * 2)
    asc.printf("%d %d %d %d\n", last, local.length, tiling.single_core_m, layout.rows)
