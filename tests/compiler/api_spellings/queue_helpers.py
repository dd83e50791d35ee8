"""Helpers taking queues: a queue whose depth is a ConstExpr with no value in this file reaches the helper as a
deduced template parameter (`TQue<VECIN, depth_que>& que`, its member templates called as `que.template F<T>()`);
a queue of a known depth is passed as its type."""

import asc

TILE = 256


@asc.jit
def stage_in(src_gm: asc.GlobalTensor, que: asc.TQue, offset: int):
    tile = que.alloc_tensor(asc.float16)
    asc.data_copy(tile, src_gm[offset:], TILE)
    que.enque(tile)


@asc.jit
def stage_out(dst_gm: asc.GlobalTensor, que: asc.TQue, offset: int):
    tile = que.deque(asc.float16)
    asc.data_copy(dst_gm[offset:], tile, TILE)
    que.free_tensor(tile)


@asc.jit
def relay(src: asc.GlobalAddress, dst: asc.GlobalAddress, stages: asc.ConstExpr[int]):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, stages)
    pipe.init_buffer(que, stages, TILE * 2)
    for i in range(4):
        stage_in(src_gm, que, i * TILE)
        stage_out(dst_gm, que, i * TILE)


@asc.jit
def relay_fixed(src: asc.GlobalAddress, dst: asc.GlobalAddress):
    src_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src)
    dst_gm = asc.GlobalTensor()
    dst_gm.set_global_buffer(dst)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 2)
    pipe.init_buffer(que, 2, TILE * 2)
    stage_in(src_gm, que, 0)
    stage_out(dst_gm, que, 0)
