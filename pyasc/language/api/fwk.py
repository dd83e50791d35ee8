"""The framework classes: TPipe, TQue, TQueBind, TBuf, TBufPool and the queue protocol."""

from __future__ import annotations

from ..spec import ApiSpec, ClassSpec, api, parse_signature


def _m(cls: str, name: str, doc: str, forms: list[tuple[str, str | None]]) -> ApiSpec:
    return api(f"{cls}.{name}", "fwk", doc, forms, pipe="S")


_QUE_METHODS = {
    "alloc_tensor": _m(
        "TQueBind", "alloc_tensor",
        "Take a free buffer of the queue as a LocalTensor of the given dtype (or into an existing tensor).",
        [("(self, dtype: DataType) -> LocalTensor[dtype]", "{self}.AllocTensor<{dtype:type}>()"),
         ("(self, tensor: LocalTensor) -> None", "{self}.AllocTensor<{tensor.T}>({tensor})")]),
    "enque": _m(
        "TQueBind", "enque",
        "Hand a tensor to the queue's consumer; it becomes available to deque once the producing pipe is done.",
        [("(self, tensor: LocalTensor) -> None", "{self}.EnQue({tensor})"),
         ("(self, tensor: LocalTensor, src_user_pos: TPosition, dst_user_pos: TPosition) -> None",
          "{self}.EnQue<{src_user_pos}, {dst_user_pos}>({tensor})")]),
    "deque": _m(
        "TQueBind", "deque",
        "Wait for and take the oldest tensor enqueued to the queue (or into an existing tensor).",
        [("(self, dtype: DataType) -> LocalTensor[dtype]", "{self}.DeQue<{dtype:type}>()"),
         ("(self, tensor: LocalTensor) -> None", "{self}.DeQue<{tensor.T}>({tensor})"),
         ("(self, dtype: DataType, src_user_pos: TPosition, dst_user_pos: TPosition) -> LocalTensor[dtype]",
          "{self}.DeQue<{src_user_pos}, {dst_user_pos}, {dtype:type}>()")]),
    "free_tensor": _m(
        "TQueBind", "free_tensor", "Return a tensor's buffer to the queue it was allocated from.",
        [("(self, tensor: LocalTensor) -> None", "{self}.FreeTensor({tensor})")]),
    "free_all_event": _m("TQueBind", "free_all_event", "Release the queue's synchronization events.",
                         [("(self) -> None", "{self}.FreeAllEvent()")]),
    "get_tensor_count_in_que": _m("TQueBind", "get_tensor_count_in_que", "Number of tensors waiting in the queue.",
                                  [("(self) -> Scalar[int]", "{self}.GetTensorCountInQue()")]),
    "has_idle_buffer": _m("TQueBind", "has_idle_buffer", "True when alloc_tensor would not wait.",
                          [("(self) -> Scalar[bool]", "{self}.HasIdleBuffer()")]),
    "has_tensor_in_que": _m("TQueBind", "has_tensor_in_que", "True when deque would not wait.",
                            [("(self) -> Scalar[bool]", "{self}.HasTensorInQue()")]),
    "vacant_in_que": _m("TQueBind", "vacant_in_que", "True when enque would not exceed the queue depth.",
                        [("(self) -> Scalar[bool]", "{self}.VacantInQue()")]),
    "init_buf_handle": _m(
        "TQueBind", "init_buf_handle", "Initialize one buffer handle of the queue from a buffer pool (advanced).",
        [("(self, buf_pool: TBufPool, index: int, buf_handle: TBufHandle, cur_pool_addr: TBufHandle, len: int)"
          " -> None", None)]),
    "init_start_buf_handle": _m(
        "TQueBind", "init_start_buf_handle", "Initialize the queue's first buffer handle (advanced).",
        [("(self, start_buf_handle: TBufHandle, num: int, len: int) -> None", None)]),
}

_INIT_BUFFER = [
    ("(self, que: TQue, num: int = 0, len: int = 0) -> None", "{self}.InitBuffer({que}, {num}, {len})"),
    ("(self, buf: TBuf, num: int = 0) -> None", "{self}.InitBuffer({buf}, {num})"),
]

_POOL_INIT_BUFFER = [_INIT_BUFFER[0], ("(self, buf: TBuf, len: int = 0) -> None", "{self}.InitBuffer({buf}, {len})")]
"""A pool's buffer form takes the length as `len` (the pipe's takes it as `num`), as in CANN's pyasc."""

_INIT_BUF_POOL = [("(self, buf_pool: TBufPool, len: int = 0, share_buf: Optional[TBufPool] = None) -> None",
                   "{self}.InitBufPool({buf_pool}, {len}{,share_buf})")]

CLASSES: list[ClassSpec] = [
    ClassSpec(
        name="TPipe",
        family="fwk",
        doc="Owns the on-chip memory of a kernel and hands it to queues and buffers; one per kernel.",
        cpp="AscendC::TPipe",
        constructors=(parse_signature("()", "AscendC::TPipe"),),
        methods={
            "init_buffer": _m("TPipe", "init_buffer",
                              "Give a queue `num` buffers of `len` bytes each, or a TBuf one buffer of `num` bytes.",
                              _INIT_BUFFER),
            "init_buf_pool": _m("TPipe", "init_buf_pool", "Give a buffer pool `len` bytes (or share another's).",
                                _INIT_BUF_POOL),
            "alloc_event_id": _m("TPipe", "alloc_event_id", "Allocate an event id for set_flag/wait_flag of `event`.",
                                 [("(self, event: HardEvent = HardEvent.V_S) -> Scalar[int]",
                                   "{self}.AllocEventID<{event}>()")]),
            "fetch_event_id": _m("TPipe", "fetch_event_id", "An event id for `event` without reserving it.",
                                 [("(self, event: HardEvent = HardEvent.V_S) -> Scalar[int]",
                                   "{self}.FetchEventID<{event}>()")]),
            "release_event_id": _m("TPipe", "release_event_id", "Release an event id taken with alloc_event_id.",
                                   [("(self, id: int, event: HardEvent = HardEvent.V_S) -> None",
                                     "{self}.ReleaseEventID<{event}>({id})")]),
            "get_base_addr": _m("TPipe", "get_base_addr", "Base address of a logical position's memory.",
                                [("(self, logic_pos: TPosition) -> Scalar[int]",
                                  "reinterpret_cast<uint64_t>({self}.GetBaseAddr(static_cast<int8_t>({logic_pos})))"),
                                 ("(self) -> Scalar[int]", None)]),
            "init": _m("TPipe", "init", "Initialize the pipe's memory management.", [("(self) -> None",
                                                                                    "{self}.Init()")]),
            "reset": _m("TPipe", "reset", "Release every buffer so the memory can be handed out again.",
                        [("(self) -> None", "{self}.Reset()")]),
            "destroy": _m("TPipe", "destroy", "Release the pipe's resources.", [("(self) -> None",
                                                                                  "{self}.Destroy()")]),
        },
        declared=True,
    ),
    ClassSpec(
        name="TQueBind",
        family="fwk",
        doc="A queue between two positions; TQue and TBuf build on it.",
        cpp="AscendC::TQueBind<{src}, {dst}, {depth}{,mask}>",
        constructors=(parse_signature(
            "(src: TPosition = TPosition.VECIN, dst: TPosition = TPosition.VECIN, depth: int = 0, mask: int = 0)",
            "AscendC::TQueBind"),),
        methods=_QUE_METHODS,
        declared=True,
    ),
    ClassSpec(
        name="TQue",
        family="fwk",
        doc="A queue of `depth` buffers at one position, synchronizing the pipe that enqueues and the one that deques.",
        cpp="AscendC::TQue<{pos}, {depth}>",
        constructors=(parse_signature("(pos: TPosition = TPosition.VECIN, depth: int = 1)", "AscendC::TQue"),),
        bases=("TQueBind",),
        cpp_by_position={"VECCALC": "AscendC::TQueBind<{pos}, {pos}, {depth}>"},
        declared=True,
    ),
    ClassSpec(
        name="TBuf",
        family="fwk",
        doc="A scratch buffer at one position, without queue synchronization.",
        cpp="AscendC::TBuf<{pos}>",
        constructors=(parse_signature("(pos: TPosition = TPosition.VECCALC)", "AscendC::TBuf"),),
        methods={
            "get": _m("TBuf", "get", "The whole buffer (or its first `len` elements) as a LocalTensor of the dtype.",
                      [("(self, dtype: DataType, shape: Optional[IntList] = None) -> LocalTensor[dtype]",
                        "{self}.Get<{dtype:type}>()"),
                       ("(self, dtype: DataType, len: int, shape: Optional[IntList] = None) -> LocalTensor[dtype]",
                        "{self}.Get<{dtype:type}>({len})")]),
            "get_with_offset": _m("TBuf", "get_with_offset",
                                  "`size` elements starting `buf_offset` bytes (a multiple of 32) into the buffer.",
                                  [("(self, size: int, buf_offset: int, dtype: DataType) -> LocalTensor[dtype]",
                                    "{self}.GetWithOffset<{dtype:type}>({size}, {buf_offset})")]),
        },
        bases=("TQueBind",),
        declared=True,
    ),
    ClassSpec(
        name="TBufPool",
        family="fwk",
        doc="A sub-pool of the pipe's memory that queues and buffers can be carved from, and reset as a whole.",
        cpp="AscendC::TBufPool<{pos}, {buf_id_size}>",
        constructors=(parse_signature("(pos: TPosition, buf_id_size: int = 4)", "AscendC::TBufPool"),),
        methods={
            "init_buffer": _m("TBufPool", "init_buffer", "Carve queue or buffer memory from the pool.",
                              _POOL_INIT_BUFFER),
            "init_buf_pool": _m("TBufPool", "init_buf_pool", "Carve a nested pool (or share another's memory).",
                                _INIT_BUF_POOL),
            "reset": _m("TBufPool", "reset", "Release every buffer of the pool.", [("(self) -> None",
                                                                                   "{self}.Reset()")]),
        },
        declared=True,
    ),
    ClassSpec(
        name="TBufHandle", family="fwk", doc="An opaque buffer handle of a queue (advanced buffer management).",
        cpp="AscendC::TBufHandle",
    ),
]

APIS: list[ApiSpec] = [
    api("get_tpipe_ptr", "fwk", "The kernel's TPipe (the one created with asc.TPipe()).",
        [("() -> TPipe", "(*GetTPipePtr())")], pipe="S"),
]
