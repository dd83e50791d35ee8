"""Framework semantics: TPipe.init_buffer, queue alloc/enque/deque/free and TBuf.get, with the happens-before edges
the hardware gets from them (EnQue/DeQue: producer -> consumer pipe; FreeTensor/AllocTensor: consumer -> producer)."""

from __future__ import annotations

from typing import Any

from .. import state
from ..objects import Buffer, LocalTensor, TBuf, TPipe, TQueBind, memory_of
from ._vec import cur


def init_buffer(self: TPipe, que: Any = None, num: Any = 0, len: Any = 0, buf: Any = None) -> None:  # noqa: A002
    """Carve `num` buffers of `len` bytes (rounded up to 32) for a queue, or one of `num` bytes for a TBuf."""
    core = cur()
    core.scalar_tick()
    if not _has_memory(core, self, "init_buffer"):
        return
    target = que if que is not None else buf
    if isinstance(target, TBuf) and (buf is not None or int(len or 0) == 0):
        count, size = 1, int(num) or int(len or 0)  # TPipe's (buf, num) and TBufPool's (buf, len) forms
    else:
        count, size = int(num), int(len)
    if size % 32:  # as PA602 says: InitBuffer rounds the length up, which is valid but not what was written
        core.report("bad-argument", f"buffer length {size} bytes is not a multiple of 32: InitBuffer rounds it up to "
                                    f"{-(-size // 32) * 32}", severity="warning")
    size = -(-size // 32) * 32
    if target.buffers:
        core.report("queue-misuse", f"{target.name} was already given buffers by init_buffer")
        return
    if not hasattr(self, "targets"):
        self.targets = []
    self.targets.append(target)  # what reset() and destroy() take the buffers back from
    mem = memory_of(target.position)
    if mem != "UB" and isinstance(self, TPipe):  # L1 / L0 buffers come from their own address space
        addr = self.next_by_mem.get(mem, 0)
        for _ in range(count):
            target.buffers.append(Buffer(addr, size, target))
            addr += size
        self.next_by_mem[mem] = addr
        target.free.extend(target.buffers)
        cap = core.mem_capacity(mem)
        if addr > cap:
            core.report("ub-over-capacity", f"init_buffer brings the pipe's {mem} buffers to {addr} bytes, over the "
                                            f"{cap} bytes of {core.launch.soc.name}'s {mem}")
        return
    for _ in range(count):
        target.buffers.append(Buffer(self.next_addr, size, target))
        self.next_addr += size
    target.free.extend(target.buffers)
    core.stats.ub_peak = max(core.stats.ub_peak, self.next_addr)
    if self.next_addr > core.capacity:
        core.report("ub-over-capacity",
                    f"init_buffer brings the pipe's buffers to {self.next_addr} bytes, over the {core.capacity} "
                    f"usable bytes of {core.launch.soc.name}'s Unified Buffer: use smaller tiles or fewer buffers")


def _has_memory(core: Any, owner: Any, what: str) -> bool:
    """A TPipe has its memory; a TBufPool only once init_buf_pool gave it a range (else a finding, not a crash)."""
    if isinstance(owner, TPipe) or hasattr(owner, "next_addr"):
        return True
    core.report("queue-misuse", f"{what} on a TBufPool that init_buf_pool has not given memory yet: call "
                                "pipe.init_buf_pool(pool, len) first")
    return False


def _tensor_of(q: TQueBind, buf: Buffer, dtype: Any) -> LocalTensor:
    return LocalTensor.of_buffer(q.core, buf, dtype, q.position)


def _into(tensor: Any, t: LocalTensor) -> LocalTensor:
    """The inplace forms (`que.alloc_tensor(t)`, `que.deque(t)`): the caller's tensor object becomes `t`, as Ascend C
    assigns the queue's buffer to the tensor passed by reference."""
    if tensor is None or tensor is t:
        return t
    for slot in LocalTensor.__slots__:
        try:
            setattr(tensor, slot, getattr(t, slot))
        except AttributeError:  # a slot t never set (its shape info)
            try:
                delattr(tensor, slot)
            except AttributeError:
                pass
    return tensor


def alloc_tensor(self: TQueBind, dtype: Any = None, tensor: Any = None) -> LocalTensor | None:
    """Take the oldest free buffer; its producer pipe waits until the last consumer of the buffer is done."""
    core = cur()
    core.scalar_tick()
    self.history.append(("alloc_tensor", core.site))  # TQueBind.log, inlined
    if not self.free:
        if not self.buffers:
            core.report("queue-misuse", f"alloc_tensor on {self.name} before pipe.init_buffer gave it buffers")
        else:
            core.report("deadlock", f"alloc_tensor on {self.name} waits forever: all {len(self.buffers)} buffers "
                                    "are allocated and none will be freed; free_tensor each tensor after its last use",
                        related=tuple((f"{ev} on this queue", sid) for ev, sid in self.history_text()))
        return None
    buf = self.free.popleft()
    buf.allocated = True
    if buf.free_token is not None:
        core.join(self.producer, buf.free_token)
    t = _tensor_of(self, buf, dtype if dtype is not None else tensor.dtype)
    return _into(tensor, t)


def enque(self: TQueBind, tensor: LocalTensor, src_user_pos: Any = None, dst_user_pos: Any = None) -> None:
    """Hand a tensor to the consumer: everything issued before this becomes visible to the consumer's deque."""
    core = cur()
    core.scalar_tick()
    self.history.append(("enque", core.site))  # TQueBind.log, inlined
    buf = tensor.buffer
    if buf is None or buf.queue is not self:
        core.report("queue-misuse", f"enque on {self.name} of a tensor that was not allocated from this queue")
        return
    if tensor.gen != buf.gen or not buf.allocated:
        core.report("use-after-free", f"enque on {self.name} of a tensor whose buffer was freed",
                    related=(("freed here", buf.freed_site),))
        return
    if len(self.fifo) >= max(self.depth, 1):
        core.report("queue-misuse", f"enque on {self.name} exceeds its depth {self.depth}: deque before "
                                    "enqueueing more, or declare a deeper queue")
    token = core.snapshot(None, "enque", time_of=self.producer)
    token.queue = self  # the profile's explanation names the queue a wait went through
    self.fifo.append((tensor, token))


def deque(self: TQueBind, dtype: Any = None, tensor: Any = None, src_user_pos: Any = None,
          dst_user_pos: Any = None) -> LocalTensor | None:
    """Take the oldest enqueued tensor; the consumer pipe waits for what was issued before its enque."""
    core = cur()
    core.scalar_tick()
    self.history.append(("deque", core.site))  # TQueBind.log, inlined
    if not self.fifo:
        core.report("deadlock", f"deque on {self.name} with no tensor enqueued: the kernel would hang; enque a "
                                "tensor before each deque",
                    related=tuple((f"{ev} on this queue", sid) for ev, sid in self.history_text()))
        return None
    t, token = self.fifo.popleft()
    core.join(self.consumer, token)
    if dtype is not None and dtype is not t.dtype:
        t = t.reinterpret(dtype)
    return _into(tensor, t)


def free_tensor(self: TQueBind, tensor: LocalTensor) -> None:
    """Return the tensor's buffer; later alloc_tensor of it waits for the accesses issued before this."""
    core = cur()
    core.scalar_tick()
    self.history.append(("free_tensor", core.site))  # TQueBind.log, inlined
    buf = tensor.buffer
    if buf is None or buf.queue is not self:
        core.report("queue-misuse", f"free_tensor on {self.name} of a tensor that was not allocated from it")
        return
    if not buf.allocated or tensor.gen != buf.gen:
        core.report("use-after-free", f"free_tensor on {self.name} of a tensor that is already free (double free)",
                    related=(("freed here", buf.freed_site),))
        return
    buf.allocated = False
    buf.gen += 1
    buf.freed_site = core.site
    buf.free_token = core.snapshot(None, "free_tensor", time_of=self.consumer)
    buf.free_token.queue = self
    self.free.append(buf)


def get(self: TBuf, dtype: Any, len: Any = None, shape: Any = None) -> LocalTensor | None:  # noqa: A002
    """The TBuf's whole buffer (or its first `len` elements) as a tensor of `dtype`."""
    core = cur()
    core.scalar_tick()
    if not self.buffers:
        core.report("queue-misuse", f"get on {self.name} before pipe.init_buffer gave it a buffer")
        return None
    t = _tensor_of(self, self.buffers[0], dtype)
    if len is not None:
        if not _piece_fits(core, self, 0, int(len), t.esize):
            return None
        t.length = int(len)
        t._view = None  # the whole buffer's view was attached: view() must clip to the new length
    return t


def _piece_fits(core: Any, tbuf: TBuf, offset: int, n: int, esize: int) -> bool:
    """Whether the piece [offset, offset + n * esize) in bytes lies inside the TBuf's buffer (else PS102: a piece
    past its end is memory of other buffers, even before any access through it)."""
    nbytes = tbuf.buffers[0].nbytes
    if offset >= 0 and n >= 0 and offset + n * esize <= nbytes:
        return True
    core.report("ub-out-of-bounds", f"a piece of {tbuf.name} of {n} elements ({n * esize} bytes) at byte offset "
                f"{offset} reaches byte {offset + n * esize}, past the {nbytes}-byte buffer init_buffer gave it")
    return False


def get_with_offset(self: TBuf, size: Any, buf_offset: Any, dtype: Any) -> LocalTensor | None:
    """`size` elements of `dtype` starting `buf_offset` bytes (a multiple of 32) into the TBuf."""
    core = cur()
    if int(buf_offset) % 32:
        core.report("bad-argument", f"buf_offset {int(buf_offset)} must be aligned to 32 bytes")
        return None
    t = get(self, dtype)
    if t is None or not _piece_fits(core, self, int(buf_offset), int(size), t.esize):
        return None
    t = t[int(buf_offset) // t.esize:]
    t.length = int(size)
    return t


def has_tensor_in_que(self: TQueBind) -> bool:
    return bool(self.fifo)


def get_tensor_count_in_que(self: TQueBind) -> int:
    return len(self.fifo)


def has_idle_buffer(self: TQueBind) -> bool:
    return bool(self.free)


def vacant_in_que(self: TQueBind) -> bool:
    return len(self.fifo) < self.depth


def free_all_event(self: TQueBind) -> None:
    cur().scalar_tick()


def init(self: TPipe) -> None:
    """TPipe.init (after destroy): the pipe is the kernel's again (get_tpipe_ptr) with all its memory free."""
    core = cur()
    core.scalar_tick()
    _release(self)
    self.next_addr = 0
    self.next_by_mem.clear()
    core.tpipe = self


def _release(self: Any) -> None:
    """Take back every buffer init_buffer gave through this pipe or pool: the queues and TBufs can be initialized
    again, and a tensor still holding one of them is stale (use after free)."""
    for target in getattr(self, "targets", ()):
        for b in target.buffers:
            b.gen += 1
            b.allocated = False
            b.freed_site = cur().site
        target.buffers.clear()
        target.free.clear()
        target.fifo.clear()
    self.targets = []


def reset(self: Any) -> None:
    """TPipe.reset / TBufPool.reset: the buffers are taken back and handed out again from the start."""
    cur().scalar_tick()
    _release(self)
    if isinstance(self, TPipe):
        self.next_addr = 0
        self.next_by_mem.clear()
    elif hasattr(self, "base"):
        self.next_addr = self.base


def destroy(self: TPipe) -> None:
    core = cur()
    _release(self)
    self.next_addr = 0
    self.next_by_mem.clear()
    if core.tpipe is self:
        core.tpipe = None


def alloc_event_id(self: TPipe, event: Any = None) -> int:
    n = getattr(self, "_next_event", 0)
    self._next_event = n + 1  # type: ignore[attr-defined]
    return n


def fetch_event_id(self: TPipe, event: Any = None) -> int:
    return getattr(self, "_next_event", 0)


def release_event_id(self: TPipe, id: Any, event: Any = None) -> None:  # noqa: A002
    return None


def get_base_addr(self: TPipe, logic_pos: Any = None) -> int:
    return 0


def get_tpipe_ptr() -> TPipe | None:
    """The kernel's TPipe."""
    core = cur()
    if core.tpipe is None:
        core.report("bad-call", "get_tpipe_ptr before a TPipe was created: create asc.TPipe() first")
    return core.tpipe


def init_buf_pool(self: Any, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> None:  # noqa: A002
    """Reserve `len` bytes of the pipe (or of a parent pool) for a TBufPool; queues initialized through the pool
    take their buffers from that range (a shared pool reuses share_buf's range)."""
    core = cur()
    core.scalar_tick()
    if not _has_memory(core, self, "init_buf_pool") or (
            share_buf is not None and not _has_memory(core, share_buf, "init_buf_pool's share_buf")):
        return
    size = -(-int(len) // 32) * 32
    if share_buf is not None:
        buf_pool.next_addr = share_buf.base
        buf_pool.base, buf_pool.limit = share_buf.base, share_buf.limit
        return
    start = self.next_addr
    self.next_addr += size
    buf_pool.base, buf_pool.next_addr, buf_pool.limit = start, start, start + size
    core.stats.ub_peak = max(core.stats.ub_peak, self.next_addr)
    limit = getattr(self, "limit", core.capacity)
    if self.next_addr > limit:
        core.report("ub-over-capacity", f"init_buf_pool of {size} bytes ends at {self.next_addr}, beyond the "
                                        f"{limit} bytes available to it")


_ = state
