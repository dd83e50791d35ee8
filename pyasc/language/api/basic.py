"""Basic API: vector arithmetic, data movement, synchronization and system variables."""

from __future__ import annotations

from ..dtypes import BINARY
from ..spec import ApiSpec, api, same, ub

_BIN_FORMS = [
    ("(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: int) -> None", "AscendC::{Cpp}({dst}, {src0}, {src1}, {count})"),
    (
        "(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, mask: int, repeat_times: int,"
        " repeat_params: BinaryRepeatParams, is_set_mask: bool = True) -> None",
        "AscendC::{Cpp}<{T}, {is_set_mask}>({dst}, {src0}, {src1}, {mask}, {repeat_times}, {repeat_params})",
    ),
]


def _binary(name: str, cpp: str, doc: str) -> ApiSpec:
    return api(
        name,
        "basic.vec_binary",
        doc,
        [(sig, tpl.replace("{Cpp}", cpp)) for sig, tpl in _BIN_FORMS],
        dtypes=[same("dst", "src0", "src1", allowed=BINARY)],
        positions=ub("dst", "src0", "src1"),
        pipe="V",
        reads=("src0", "src1"),
        writes=("dst",),
    )


APIS: list[ApiSpec] = [
    _binary("add", "Add", "dst = src0 + src1, elementwise."),
    api(
        "data_copy",
        "basic.data_copy",
        "Copy `count` elements between Global Memory and the Unified Buffer (or within it), in 32-byte blocks.",
        [
            ("(dst: LocalTensor, src: GlobalTensor, count: int) -> None", "AscendC::DataCopy({dst}, {src}, {count})"),
            ("(dst: LocalTensor, src: LocalTensor, count: int) -> None", "AscendC::DataCopy({dst}, {src}, {count})"),
            ("(dst: GlobalTensor, src: LocalTensor, count: int) -> None", "AscendC::DataCopy({dst}, {src}, {count})"),
        ],
        dtypes=[same("dst", "src")],
        pipe="MTE2",
        reads=("src",),
        writes=("dst",),
    ),
    api(
        "get_block_idx",
        "basic.sys_var",
        "Index of the core running this kernel instance, 0 <= idx < block_num.",
        [("() -> Scalar[int]", "AscendC::GetBlockIdx()")],
        pipe="S",
    ),
    api(
        "set_flag",
        "basic.block_sync",
        "Signal `event` (SRC_DST) from the source pipe; the destination pipe waits for it with wait_flag.",
        [("(event: HardEvent, event_id: int = 0) -> None", "AscendC::SetFlag<{event}>({event_id})")],
        pipe="S",
    ),
    api(
        "wait_flag",
        "basic.block_sync",
        "Make the destination pipe of `event` wait until the source pipe has signalled it.",
        [("(event: HardEvent, event_id: int = 0) -> None", "AscendC::WaitFlag<{event}>({event_id})")],
        pipe="S",
    ),
    api(
        "pipe_barrier",
        "basic.block_sync",
        "Wait until every instruction already issued to `pipe` has finished.",
        [("(pipe: PipeID) -> None", "AscendC::PipeBarrier<{pipe}>()")],
        pipe="S",
    ),
]
