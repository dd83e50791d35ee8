"""Point 8: a user Struct with Fields (one nested) as a kernel parameter; its fields are read in the kernel."""

import asc
import numpy as np
from asc.language.core.struct import Field, Struct, StructField


class Tile(Struct):
    length = Field(dtype=asc.int32, default=0)
    count = Field(dtype=asc.int32, default=0)


class Plan(Struct):
    total = Field(dtype=asc.int32, default=0)
    tile = StructField(Tile)


@asc.jit
def kernel(x: asc.GlobalAddress, plan: Plan) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, plan.total)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    t = buf.get(asc.float32)
    for i in range(plan.tile.count):
        asc.data_copy(t, x_gm[i * plan.tile.length:], plan.tile.length)
        asc.adds(t, t, 1.0, plan.tile.length)
        asc.data_copy(x_gm[i * plan.tile.length:], t, plan.tile.length)


def launch():
    plan = Plan(total=1024, tile=Tile(length=256, count=4))
    kernel[1](np.zeros(1024, np.float32), plan)
