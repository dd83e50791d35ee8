"""The framework classes: TPipe, TQue, TBuf and the queue protocol."""

from __future__ import annotations

from ..spec import ClassSpec, api, parse_signature

_QUE_METHODS = {
    "alloc_tensor": api(
        "TQueBind.alloc_tensor",
        "fwk",
        "Take a free buffer of the queue as a LocalTensor of the given dtype.",
        [("(self, dtype: DataType) -> LocalTensor[dtype]", "{self}.AllocTensor<{dtype:type}>()")],
        pipe="S",
    ),
    "enque": api(
        "TQueBind.enque",
        "fwk",
        "Hand a tensor to the queue's consumer; it becomes available to deque once the producing pipe is done.",
        [("(self, tensor: LocalTensor) -> None", "{self}.EnQue({tensor})")],
        pipe="S",
    ),
    "deque": api(
        "TQueBind.deque",
        "fwk",
        "Wait for and take the oldest tensor enqueued to the queue.",
        [("(self, dtype: DataType) -> LocalTensor[dtype]", "{self}.DeQue<{dtype:type}>()")],
        pipe="S",
    ),
    "free_tensor": api(
        "TQueBind.free_tensor",
        "fwk",
        "Return a tensor's buffer to the queue it was allocated from.",
        [("(self, tensor: LocalTensor) -> None", "{self}.FreeTensor({tensor})")],
        pipe="S",
    ),
}

CLASSES: list[ClassSpec] = [
    ClassSpec(
        name="TPipe",
        family="fwk",
        doc="Owns the on-chip memory of a kernel and hands it to queues and buffers; one per kernel.",
        cpp="AscendC::TPipe",
        constructors=(parse_signature("()", "AscendC::TPipe"),),
        methods={
            "init_buffer": api(
                "TPipe.init_buffer",
                "fwk",
                "Give a queue `num` buffers of `len` bytes each, or a TBuf one buffer of `num` bytes.",
                [
                    ("(self, que: TQue, num: int, len: int) -> None", "{self}.InitBuffer({que}, {num}, {len})"),
                    ("(self, buf: TBuf, num: int) -> None", "{self}.InitBuffer({buf}, {num})"),
                ],
                pipe="S",
            ),
        },
        declared=True,
    ),
    ClassSpec(
        name="TQueBind",
        family="fwk",
        doc="A queue between two positions; TQue and TBuf build on it.",
        cpp="AscendC::TQueBind<{src}, {dst}, {depth}>",
        constructors=(parse_signature("(src: TPosition, dst: TPosition, depth: int)", "AscendC::TQueBind"),),
        methods=_QUE_METHODS,
        declared=True,
    ),
    ClassSpec(
        name="TQue",
        family="fwk",
        doc="A queue of `depth` buffers at one position, synchronizing the pipe that enqueues and the one that deques.",
        cpp="AscendC::TQue<{pos}, {depth}>",
        constructors=(parse_signature("(pos: TPosition, depth: int)", "AscendC::TQue"),),
        bases=("TQueBind",),
        declared=True,
    ),
    ClassSpec(
        name="TBuf",
        family="fwk",
        doc="A scratch buffer at one position, without queue synchronization.",
        cpp="AscendC::TBuf<{pos}>",
        constructors=(parse_signature("(pos: TPosition = TPosition.VECCALC)", "AscendC::TBuf"),),
        methods={
            "get": api(
                "TBuf.get",
                "fwk",
                "The whole buffer (or its first `len` elements) as a LocalTensor of the given dtype.",
                [("(self, dtype: DataType, len: Optional[int] = None) -> LocalTensor[dtype]", "{self}.Get<{dtype:type}>({len})")],
                pipe="S",
            ),
        },
        bases=("TQueBind",),
        declared=True,
    ),
]
