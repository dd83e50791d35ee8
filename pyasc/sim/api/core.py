"""Core class semantics: GlobalTensor and LocalTensor methods (GlobalTensor.get_value and LocalTensor.get_value share
`pyasc.sim.api.core:get_value`, so these functions accept either receiver)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes, scalars
from ..objects import GlobalAddress, GlobalTensor, LocalTensor
from ..scalars import DeviceInt
from ._vec import as_dtype, cur, shape_dims

S = pipes.S


def set_global_buffer(self: GlobalTensor, buffer: Any = None, buffer_size: Any = None) -> None:
    """Point the tensor at a GM address; buffer_size (elements) bounds later accesses."""
    core = cur()
    core.scalar_tick()
    if not isinstance(buffer, GlobalAddress):
        core.report("bad-call", "set_global_buffer needs a typed GlobalAddress (a kernel argument, or one plus an "
                                "offset): Either DataType or typed GlobalAddress must be provided")
        return
    avail = (buffer.buf.nbytes - buffer.offset) // _esize(buffer)
    if buffer.offset < 0 or buffer.offset > buffer.buf.nbytes:
        core.report("gm-out-of-bounds", f"set_global_buffer at byte offset {buffer.offset} of '{buffer.buf.name}', "
                                        f"which has {buffer.buf.nbytes} bytes")
    elif buffer_size is not None and int(buffer_size) > avail:
        core.report("gm-out-of-bounds",
                    f"set_global_buffer of {int(buffer_size)} elements at element offset "
                    f"{buffer.offset // _esize(buffer)} of '{buffer.buf.name}' goes past its end: only {avail} "
                    "elements remain")
    self._set(buffer, None if buffer_size is None else int(buffer_size))


def _esize(addr: GlobalAddress) -> int:
    from ..objects import np_dtype

    return np_dtype(addr.dtype).itemsize


def get_value(self: Any, index: Any = None, offset: Any = None) -> Any:
    """A scalar read (S pipe) of one element; returns a numpy scalar of the element type."""
    core = cur()
    i = int(index if index is not None else offset)
    if not core.access(S, ((self, i, i + 1),), (), f"{type(self).__name__}.get_value"):
        return as_dtype(0, self) if isinstance(self, LocalTensor) else np.zeros((), self.npdt)[()]
    v = self.view()[i] if isinstance(self, LocalTensor) else self.view(i, i + 1)[0]
    if self.dtype.name == "bfloat16":
        from .cast import bf16_to_f32

        return bf16_to_f32(np.asarray([v]))[0]
    return v


def set_value(self: Any, index: Any = None, value: Any = None, offset: Any = None) -> None:
    """A scalar write (S pipe) of one element, converted to the element type."""
    core = cur()
    i = int(index if index is not None else offset)
    if not core.access(S, (), ((self, i, i + 1),), f"{type(self).__name__}.set_value"):
        return
    if isinstance(self, LocalTensor):
        with np.errstate(all="ignore"):
            self.view()[i] = np.asarray(value).astype(self.npdt)
    else:
        with np.errstate(all="ignore"):
            self.view(i, i + 1)[0] = np.asarray(value).astype(self.npdt)


def get_size(self: Any) -> int:
    """Elements in the tensor."""
    return int(self.length if isinstance(self, LocalTensor) else self.size)


def get_length(self: LocalTensor) -> int:
    """Bytes of the tensor."""
    return int(self.length * self.esize)


def get_phy_addr(self: Any, offset: Any = 0) -> Any:
    """UB byte address (LocalTensor) or GM address (GlobalTensor) of element `offset`."""
    if isinstance(self, LocalTensor):
        return self.addr + int(offset) * self.esize
    assert self.buf is not None
    return GlobalAddress(self.buf, self.offset + int(offset) * self.esize, self.dtype)


def get_position(self: LocalTensor) -> int:
    return int(self.position)


def set_size(self: Any, size: Any = 0) -> None:
    if isinstance(self, LocalTensor):
        self.length = int(size)
        self._view = None
    else:
        self.size = int(size)


def set_buffer_len(self: LocalTensor, data_len: Any) -> None:
    self.length = int(data_len) // self.esize
    self._view = None


def reinterpret_cast(self: LocalTensor, dtype: Any) -> LocalTensor:
    """The same bytes seen as another element type."""
    return self.reinterpret(dtype)


def set_addr_with_offset(self: LocalTensor, src: LocalTensor, offset: Any) -> None:
    """Make this tensor a view of src starting at element `offset` of src."""
    self.core, self.buffer, self.gen = src.core, src.buffer, src.gen
    self.addr = src.addr + int(offset) * src.esize
    self.length = src.length - int(offset) * src.esize // self.esize
    self._view = None


def get_user_tag(self: LocalTensor) -> int:
    return int(getattr(self, "_tag", 0))


def set_user_tag(self: LocalTensor, tag: Any = 0) -> None:
    self._tag = int(tag)  # type: ignore[attr-defined]


def set_l2_cache_hint(self: GlobalTensor, mode: Any = None, rw_mode: Any = None) -> None:
    """Cache hints do not change results."""
    cur().scalar_tick()


def print(self: LocalTensor, data_len: Any) -> None:  # noqa: A001 - the asc name
    """Print the first data_len elements."""
    import builtins

    builtins.print(self.view()[: int(data_len)])


def __getitem__(self: Any, index: Any) -> Any:
    """t[i] / t[i:]: the sub-tensor starting at element i."""
    return type(self).__getitem__(self, index)


def __call__(self: Any, index: Any) -> Any:
    """t(i): element i as a scalar (a scalar-unit read)."""
    return get_value(self, index)


def get_shape_info(self: Any) -> Any:
    return getattr(self, "_shape_info", None)


def set_shape_info(self: Any, shape_info: Any) -> None:
    self._shape_info = shape_info


def to_file(self: LocalTensor, file_name: str) -> None:
    """Write the tensor's elements as raw bytes (what the CPU debug build of Ascend C does)."""
    self.view().tofile(file_name)


def get_cur_addr(self: Any) -> int:
    """LocalMemAllocator: the next free byte address."""
    return int(getattr(self, "_next", 0))


def alloc(self: Any, pos: Any, data_type: Any, tile_size: Any) -> LocalTensor:
    """LocalMemAllocator: a tensor of tile_size elements at the next free (32-byte aligned) address."""
    core = cur()
    addr = int(getattr(self, "_next", 0))
    t = LocalTensor.make(core, addr, data_type, int(tile_size), pos, None)
    end = addr + int(tile_size) * t.esize
    self._next = -(-end // 32) * 32
    mem = t.mem
    cap = core.mem_capacity(mem)
    if mem == "UB":
        core.stats.ub_peak = max(core.stats.ub_peak, end)
    if end > cap:
        core.report("ub-over-capacity", f"LocalMemAllocator.alloc ends at {mem} byte {end}, beyond the {cap} "
                                        f"usable bytes of {core.launch.soc.name}'s {mem}")
    return t


def shape(self: Any, dim: Any) -> int:
    """ShapeInfo.shape(dim)."""
    return shape_dims(getattr(self, "shape", None))[int(dim)]


def original_shape(self: Any, dim: Any) -> int:
    dims = shape_dims(getattr(self, "original_shape", None)) or shape_dims(getattr(self, "shape", None))
    return dims[int(dim)]


def get_shape_size(shape_info: Any) -> int:
    """Product of a ShapeInfo's dims."""
    out = 1
    for d in shape_dims(getattr(shape_info, "shape", None)):
        out *= d
    return out


def cfg_nz() -> Any:
    from ..objects import CLASSES, ENUM_CLASSES

    return CLASSES["FixpipeConfig"](ENUM_CLASSES["CO2Layout"]["NZ"])


def cfg_row_major() -> Any:
    from ..objects import CLASSES, ENUM_CLASSES

    return CLASSES["FixpipeConfig"](ENUM_CLASSES["CO2Layout"]["ROW_MAJOR"])


class Array:
    """What asc.array makes: a fixed-length C array of one dtype on the device (`values` holds its elements).  Its
    elements are read as run-time scalars of that dtype and written converted to it; an index outside it is a
    sanitizer finding (on the device it reads or writes memory that is not the array's)."""

    spec_name = "Array"
    spec_bases: tuple[str, ...] = ()

    def __init__(self, dtype: Any, values: np.ndarray) -> None:
        self.dtype = dtype
        self.values = values

    def __len__(self) -> int:
        return len(self.values)

    def _index(self, i: Any, what: str) -> int | None:
        from ..lanevalues import uniform

        if isinstance(i, slice):
            raise TypeError("an asc.array is indexed by one int, not a slice")
        k = int(uniform(i))
        if 0 <= k < len(self.values):
            return k
        core = cur()
        _locate(core)
        core.report("array-out-of-bounds", f"{what} asc.array element {k}: the array has {len(self.values)} "
                    f"elements (0 to {len(self.values) - 1})")
        return None

    def __getitem__(self, i: Any) -> Any:
        k = self._index(i, "read of")
        v = self.values[k] if k is not None else np.zeros((), self.values.dtype)[()]
        if self.dtype.kind in ("int", "uint"):
            return scalars.of(self.dtype)(int(v))
        return v

    def __setitem__(self, i: Any, v: Any) -> None:
        from ..lanevalues import uniform

        k = self._index(i, "write of")
        if k is None:
            return
        v = uniform(v)
        with np.errstate(all="ignore"):  # C's conversions: integers wrap, floats truncate toward zero
            self.values[k] = np.asarray(int(v) if self.dtype.kind in ("int", "uint") and not isinstance(
                v, (float, np.floating)) else v).astype(self.values.dtype)

    def __iter__(self) -> Any:
        raise TypeError("an asc.array is not iterable in a kernel: index it in a range(len(a)) loop")

    def __repr__(self) -> str:
        return f"Array[{self.dtype}]({self.values.tolist()})"


def _locate(core: Any) -> None:
    """Make the Python line that indexes the array the current site (its findings are reported there)."""
    import sys

    from ..dispatch import _remember_span

    f = sys._getframe(3)
    launch = core.launch
    key = (id(f.f_code), f.f_lasti)
    sid = launch.code_sites.get(key)
    if sid is None:
        launch.codes.append(f.f_code)
        sid = launch.code_sites[key] = launch.site_id(f.f_code.co_filename, f.f_lineno)
        _remember_span(launch, sid, f.f_code, f.f_lasti)
    core.site = sid


def array(dtype: Any, length_or_values: Any = None, fill_value: Any = None) -> Array:
    """asc.array: a C array of dtype, `length_or_values` long (filled with fill_value; CANN leaves it
    uninitialized otherwise: zeros here), or holding the values given."""
    from ..lanevalues import uniform
    from ..objects import np_dtype

    if isinstance(length_or_values, (list, tuple)):
        data = np.asarray([uniform(v) for v in length_or_values])
    else:
        data = np.full(int(length_or_values), uniform(fill_value) if fill_value is not None else 0)
    with np.errstate(all="ignore"):  # C's conversions: integers wrap
        return Array(dtype, data.astype(np_dtype(dtype)))


def number(value: Any, dtype: Any) -> Any:
    """A scalar of the given dtype."""
    from ..objects import np_dtype

    with np.errstate(all="ignore"):
        return np.asarray(value).astype(np_dtype(dtype))[()]


PROPERTY_VALUES = {"DEFAULT_C0_SIZE": 32, "ONE_BLK_SIZE": 32, "TOTAL_L1_SIZE": 524288, "TOTAL_L0C_SIZE": 131072}


def property(prop: Any) -> int:  # noqa: A001 - the asc name
    """The value of a hardware constant (Ascend910B values): a run-time integer of the property's dtype, as CANN's
    asc.property gives (ONE_BLK_SIZE is an int16)."""
    from ...language.dtypes import DTYPES
    from ...language.registry import CONSTANTS

    spec = CONSTANTS.get(getattr(prop, "const_name", ""))
    d = DTYPES.get(spec.dtype) if spec is not None else None
    return scalars.of(d)(int(prop)) if d is not None and d.kind in ("int", "uint") else int(prop)


def ceildiv(x: Any, y: Any) -> int:
    """Compile-time ints give an int; a run-time operand gives a run-time int of its type (`n.ceildiv(y)`)."""
    for v in (x, y):
        if isinstance(v, DeviceInt):
            return type(v)(x).ceildiv(y)
    return -(-int(x) // int(y))


def inline(code: Any, args: Any = None, before_function: bool = False) -> None:
    """C++ text the kernel carries verbatim: the simulator cannot run it, and says so where a run may differ."""
    cur().report("unsupported", f"asc.inline C++ is not run by the simulator ({str(code)[:80]!r}): what it "
                 "computes or synchronizes is left out of this run", severity="warning")


# DataType methods: a dtype on the simulator is pyasc's DType, whose predicates answer both spellings
# (`d.is_float` and CANN's `d.is_float()`); these are the spec's pointers to them.


def is_int(self: Any) -> bool:
    return bool(self.is_int)


def is_float(self: Any) -> bool:
    return bool(self.is_float)


def is_numeric(self: Any) -> bool:
    return bool(self.is_numeric)


def is_signed(self: Any) -> bool:
    return bool(self.is_signed)


def is_unsigned(self: Any) -> bool:
    return bool(self.is_unsigned)


def is_void(self: Any) -> bool:
    return bool(self.is_void)


def sizeof(self: Any) -> int:
    return int(self.sizeof())


def static_assert(test: Any, message: Any = None) -> None:
    """Checked when the kernel's Python runs, as CANN's tracer checks it at trace time."""
    if not bool(test):
        raise AssertionError(f"asc.static_assert failed: {message}" if message else "asc.static_assert failed")
