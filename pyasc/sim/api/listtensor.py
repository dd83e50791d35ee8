"""ListTensorDesc and TensorDesc on the simulator: a list of tensors packed into one Global Memory argument.

The packed list is 64-bit words (Ascend C's ListTensorDesc documentation and its AddN example): word 0 is the byte
offset from the list's start to its array of data pointers; then one record per tensor, a word with the tensor's
dimension count in the low 32 bits and its index in the high 32 bits followed by its `dim` extents; then the data
pointers, one word per tensor.  A list of pointers only has dim 0 and the single record (count in the high 32 bits,
0xffffffff) so that the pointers start at byte 24.  The tensor count is the high half of the first record when it is
not 0, else the last record's index + 1.  The decode checks the layout as the device's asserts do, and `length` /
`shape_size` when both are given.

On the host the list is an array of uint64 words whose pointers are host addresses (`arr.ctypes.data`,
`tensor.data_ptr()`): pyasc.sim.hostmem follows them into the arrays it can name, and a pointer into anything else
is reported.  Reads of the list are scalar reads (pipe S).

A TensorDesc holds the shape `get_desc` copies out.  Ascend C writes it through the pointer `set_shape_addr` gave
(a null pointer when none was given); the simulator has no memory behind a plain pointer, so it keeps the shape in
the TensorDesc and checks only that an address was set and is not null.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import hostmem, pipes, state
from ..objects import GlobalAddress, GlobalTensor, Struct, lookup
from ..scalars import of
from ._vec import cur

S = pipes.S
U64 = lookup("uint64")
NO_CHECK = 0xFFFFFFFF
"""`length` and `shape_size` at this value (their default) are not checked."""


def _u64(x: Any) -> int:
    return int(x) & 0xFFFFFFFFFFFFFFFF


class TensorDesc(Struct):
    """`asc.TensorDesc(dtype)`: one tensor of a list, filled by ListTensorDesc.get_desc."""

    spec_name = "TensorDesc"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.dim = 0
        self.index = 0
        self.shape: list[int] = []
        self.ptr: int | None = None
        self.shape_addr: int | None = None
        """What set_shape_addr gave; None: never called (a null pointer on the device)."""


class ListTensorDesc(Struct):
    """`asc.ListTensorDesc(data, length, shape_size)`: decodes the list at construction, as Ascend C's does."""

    spec_name = "ListTensorDesc"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.words: GlobalTensor | None = None
        self.count = 0
        self.dim = 0
        self.record = 0
        self.pointers = 0
        """Word index of the first data pointer."""
        data = getattr(self, "data", None)
        core = state.maybe_current()
        if data is not None and core is not None:
            core.site = core.launch.site_id(*state.caller_site(2))
            _decode(self, data, getattr(self, "length", NO_CHECK), getattr(self, "shape_size", NO_CHECK))


def _word(core: state.Core, words: GlobalTensor, i: int, what: str) -> int | None:
    """Word i of the list (a scalar read), None when outside the argument (reported)."""
    if not core.access(S, ((words, i, i + 1),), (), what):
        return None
    return int(words.view(i, i + 1)[0])


def _bad(core: state.Core, what: str, why: str) -> None:
    core.report("bad-argument", f"{what}: {why}")


def _decode(self: ListTensorDesc, data: Any, length: Any, shape_size: Any) -> None:
    core = cur()
    core.scalar_tick()
    what = "ListTensorDesc"
    self.words = None
    if not isinstance(data, GlobalAddress):
        _bad(core, what, f"data must be a Global Memory address (a kernel's array argument), not "
                         f"{type(data).__name__}")
        return
    words = GlobalTensor()
    words._set(GlobalAddress(data.buf, data.offset, U64), None)
    head = _word(core, words, 0, what)
    first = _word(core, words, 1, what) if head is not None else None
    if head is None or first is None:
        return
    dim, high = first & 0xFFFFFFFF, first >> 32
    record = 2 if dim == 0 else 1 + dim
    pointers = head // 8
    if high != 0:
        count = high
    else:
        last = _word(core, words, pointers - record, what) if pointers >= record else None
        if last is None:
            if pointers < record:
                _bad(core, what, f"the pointer offset {head} (word 0) leaves no room for a tensor record of "
                                 f"{record} words: this array is not a packed tensor list")
            return
        count = (last >> 32) + 1
    if dim != 0:
        ok = count == (head - 8) // (record * 8) if head >= 8 else False
        layout = (f"{count} record(s) of {record} words (dim {dim}) after word 0 put the pointers at byte "
                  f"{8 + count * record * 8}, word 0 says {head}")
    else:
        tail = _word(core, words, 2, what)
        if tail is None:
            return
        ok = tail == 0xFFFFFFFF and head == 24
        layout = ("a list of pointers only (dim 0) has word 2 = 0xffffffff and its pointers at byte 24; this one "
                  f"has {tail:#x} and {head}")
    if not ok:
        _bad(core, what, f"the array is not a packed tensor list (the device's decode asserts): {layout}")
        return
    length, shape_size = _u64(length) & 0xFFFFFFFF, _u64(shape_size) & 0xFFFFFFFF
    if length != NO_CHECK and shape_size != NO_CHECK:
        if count != shape_size:
            _bad(core, what, f"shape_size is {shape_size}, the list holds {count} tensor(s)")
            return
        if length != head + count * 8:
            _bad(core, what, f"length is {length} bytes, the list takes {head + count * 8} (pointer offset "
                             f"{head} + {count} pointer(s) of 8 bytes)")
            return
    self.words, self.count, self.dim, self.record, self.pointers = words, count, dim, record, pointers


def _index(core: state.Core, self: ListTensorDesc, index: Any, what: str) -> int | None:
    if self.words is None:
        _bad(core, what, "the ListTensorDesc holds no list (construct it with data=, or call init, first; or its "
                         "decode failed)")
        return None
    i = int(index)
    if not 0 <= i < self.count:
        _bad(core, what, f"index {i} is outside the list's {self.count} tensor(s)")
        return None
    return i


def resolve(core: state.Core, ptr: int, dtype: Any, what: str) -> GlobalAddress | None:
    """The launch argument a data pointer points into, as a typed address; None (reported) when it is none."""
    found = hostmem.find(core.launch, ptr) if ptr else None
    if found is not None:
        return GlobalAddress(found[0], found[1], dtype)
    why = "a null pointer" if ptr == 0 else (f"{ptr:#x}, which points into no array the simulator knows (a launch "
                                             "argument, or a numpy array or CPU torch tensor the launching program "
                                             "holds in a variable)")
    _bad(core, what, f"the data pointer is {why}")
    return None


def init(self: Any, data: Any, length: Any = NO_CHECK, shape_size: Any = NO_CHECK) -> None:
    """ListTensorDesc.init: decode the list at `data` (as the constructor does)."""
    _decode(self, data, length, shape_size)


def get_size(self: Any) -> Any:
    core = cur()
    core.scalar_tick()
    if self.words is None:
        _index(core, self, 0, "ListTensorDesc.get_size")
    return of(lookup("uint32"))(self.count)


def get_desc(self: Any, desc: Any, index: Any) -> None:
    """Copy tensor `index`'s dimension count, index, extents and data pointer into `desc`."""
    core = cur()
    core.scalar_tick()
    what = "ListTensorDesc.get_desc"
    i = _index(core, self, index, what)
    if i is None:
        return
    if self.dim == 0:
        _bad(core, what, "the list holds data pointers only (dim 0): it has no shapes to describe; use "
                         "get_data_ptr(index, dtype)")
        return
    if desc.shape_addr is None:
        _bad(core, what, "the TensorDesc has no shape address: Ascend C writes the extents through the pointer "
                         "set_shape_addr gives (a null pointer without one); call desc.set_shape_addr(...) first")
        return
    words = self.words
    ptr = _word(core, words, self.pointers + i, what)
    rec = 1 + i * self.record
    shape = [_word(core, words, rec + 1 + d, what) for d in range(self.dim)]
    if ptr is None or None in shape:
        return
    desc.dim, desc.index, desc.ptr = self.dim, i, ptr
    desc.shape = [int(s) for s in shape if s is not None]


def get_data_ptr(self: Any, index: Any = None, dtype: Any = None) -> Any:
    """ListTensorDesc.get_data_ptr(index, dtype) or TensorDesc.get_data_ptr(): the tensor's typed GM address."""
    core = cur()
    core.scalar_tick()
    if isinstance(self, TensorDesc):
        what = "TensorDesc.get_data_ptr"
        if self.ptr is None:
            _bad(core, what, "the TensorDesc has no data pointer yet (a null pointer): fill it with "
                             "ListTensorDesc.get_desc first")
            return None
        return resolve(core, self.ptr, getattr(self, "dtype", None) or lookup("float32"), what)
    what = "ListTensorDesc.get_data_ptr"
    i = _index(core, self, index, what)
    if i is None:
        return None
    ptr = _word(core, self.words, self.pointers + i, what)
    return None if ptr is None else resolve(core, ptr, dtype, what)


def get_data_obj(self: Any) -> Any:
    """A GlobalTensor over the tensor's data.  Ascend C sizes it sizeof(T) * the product of the extents (elements,
    as set_global_buffer counts them), which the simulator keeps; accesses past the array are caught as ever."""
    addr = get_data_ptr(self)
    if addr is None:
        return None
    g = GlobalTensor()
    g._set(addr, None)
    g.size = int(np.prod(self.shape, dtype=np.int64)) * g.esize
    return g


def set_shape_addr(self: Any, shape_ptr: Any) -> None:
    core = cur()
    core.scalar_tick()
    if _u64(shape_ptr) == 0:
        _bad(core, "TensorDesc.set_shape_addr", "the shape address is a null pointer (Ascend C asserts that it is "
                                                "not): give the address of room for the tensor's extents")
        return
    self.shape_addr = _u64(shape_ptr)


def get_dim(self: Any) -> Any:
    cur().scalar_tick()
    return of(U64)(self.dim)


def get_index(self: Any) -> Any:
    cur().scalar_tick()
    return of(U64)(self.index)


def get_shape(self: Any, offset: Any) -> Any:
    core = cur()
    core.scalar_tick()
    i = int(offset)
    if not 0 <= i < self.dim:
        _bad(core, "TensorDesc.get_shape", f"dimension {i} is outside the tensor's {self.dim} (Ascend C asserts "
                                           "offset < dim)")
        return of(lookup("int64"))(0)
    return of(lookup("int64"))(self.shape[i])
