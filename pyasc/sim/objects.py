"""Simulator objects behind `asc.GlobalTensor`, `asc.LocalTensor`, `asc.TPipe`, `asc.TQue`, `asc.TBuf`, the
parameter structs and enums.  Methods listed in the API specification are attached from it, so a method call goes
through the same spec binding as a function call and lands in the modules of its family in `pyasc.sim.api`.
"""

from __future__ import annotations

import enum
import sys
from collections import deque
from typing import Any

import numpy as np

from ..language import registry
from ..language.dtypes import DType, lookup
from ..language.spec import POSITION_MEMORY, ClassSpec
from . import dispatch, pipes, state

_NP_STORAGE: dict[str, np.dtype] = {}


def np_dtype(dt: DType) -> np.dtype:
    """Storage dtype of an element type (bfloat16 is kept as its 16 raw bits)."""
    got = _NP_STORAGE.get(dt.name)
    if got is None:
        if dt.name == "bfloat16":
            got = np.dtype(np.uint16)
        elif dt.name == "int1":
            got = np.dtype(np.uint8)
        elif dt.name == "void":
            got = np.dtype(np.uint8)
        else:
            got = np.dtype(dt.numpy)
        _NP_STORAGE[dt.name] = got
    return got


def dtype_of_numpy(npdt: np.dtype) -> DType:
    """The asc dtype of a numpy dtype (launch arguments)."""
    npdt = np.dtype(npdt)
    name = {"bool": "int8", "float16": "float16"}.get(npdt.name, npdt.name)
    dt = lookup(name)
    if dt is None:
        raise TypeError(f"Argument type in JIT function is not supported: numpy {npdt.name}")
    return dt


# ---------------------------------------------------------------------------------------------------------------------
# Enums


class _SimEnum(enum.IntEnum):
    @property
    def enum_name(self) -> str:
        return type(self).__name__


ENUM_CLASSES: dict[str, type[enum.IntEnum]] = {
    e.name: _SimEnum(e.name, dict(e.members))  # type: ignore[call-overload]
    for e in registry.ENUMS.values()
}


def enum_member_name(value: Any, enum_name: str) -> str:
    """`HardEvent.MTE2_V` (or its int value) -> 'MTE2_V'."""
    if isinstance(value, enum.IntEnum):
        return value.name
    cls = ENUM_CLASSES[enum_name]
    return cls(int(value)).name


# ---------------------------------------------------------------------------------------------------------------------
# Global Memory


class GlobalAddress:
    """A typed Global Memory pointer: a kernel's array argument, or one offset by `x + n` elements."""

    spec_name = "GlobalAddress"

    __slots__ = ("buf", "offset", "dtype")

    def __init__(self, buf: state.GmBuffer, offset: int, dtype: DType) -> None:
        self.buf = buf
        self.offset = offset
        self.dtype = dtype

    def __add__(self, n: Any) -> GlobalAddress:
        if not dispatch._is_int(n):
            return NotImplemented
        return GlobalAddress(self.buf, self.offset + int(n) * np_dtype(self.dtype).itemsize, self.dtype)

    __radd__ = __add__

    def __repr__(self) -> str:
        return f"GlobalAddress({self.buf.name}+{self.offset}B, {self.dtype.name})"


class _Methods:
    """Attach the spec's methods of `spec_name` (inherited ones too) as dispatching Python methods."""

    spec_name = ""
    spec_bases: tuple[str, ...] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if not cls.spec_name:
            return
        cs = registry.CLASSES.get(cls.spec_name)
        cls.spec_bases = _all_bases(cls.spec_name)
        for mname, mspec in registry.methods(cls.spec_name).items():
            if mname in cls.__dict__:
                continue
            if all(o.param("self") is None for o in mspec.overloads):  # a preset of the class: FixpipeConfig.cfg_nz()
                setattr(cls, mname, staticmethod(dispatch.ApiFunction(mspec, f"{cls.spec_name}.{mname}")))
                continue
            setattr(cls, mname, _make_method(mspec, f"{cls.spec_name}.{mname}"))
        if cs is not None:
            cls.__doc__ = cls.__doc__ or cs.doc


def _all_bases(name: str) -> tuple[str, ...]:
    cs = registry.CLASSES.get(name)
    if cs is None:
        return ()
    out: list[str] = []
    for b in cs.bases:
        out.append(b)
        out.extend(_all_bases(b))
    return tuple(out)


def _make_method(mspec: Any, display: str) -> Any:
    fast = dispatch.ApiFunction(mspec, display)

    plans = fast.plans
    lsplans = fast.lsplans

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        core = state._CURRENT
        if core is None or kwargs:
            return dispatch.call(mspec, (self, *args), kwargs, display)
        types = (type(self), *map(type, args))
        if core.ls is not None:  # lockstep: no call site needed (see ApiFunction.__call__)
            plan = lsplans.get(types)
            if plan is not None:
                fn, positional, names, defaults = plan
                if positional:
                    return fn(self, *args, **defaults)
                return fn(**dict(zip(names, (self, *args), strict=True)), **defaults)
        f = sys._getframe(1)
        sid = core.launch.code_sites.get((id(f.f_code), f.f_lasti))
        if sid is not None:
            plan = plans.get(types)
            if plan is not None:  # argument types seen before (see ApiFunction.__call__)
                core.site = sid
                core.api = mspec
                fn, positional, names, defaults = plan
                if core.ls is not None:  # lockstep: the same binding, the all-cores implementation
                    fn = core.ls(fn, types)
                    lsplans[types] = (fn, positional, names, defaults)
                if positional:
                    return fn(self, *args, **defaults)
                return fn(**dict(zip(names, (self, *args), strict=True)), **defaults)
        fn = fast._fn
        if sid is None or fn is None:
            fast._fn = fast.fn
            return dispatch.call(mspec, (self, *args), kwargs, display)
        core.site = sid
        core.api = mspec
        bound = dispatch.bind(mspec.overloads, (self, *args), kwargs, mspec.name)
        if bound is None:
            return dispatch.call(mspec, (self, *args), kwargs, display)
        fast.learn((self, *args), fn)
        if core.ls is not None:
            fn = core.ls(fn, types)
        return fn(**bound[1])

    method.__name__ = mspec.name.rsplit(".", 1)[-1]
    method.__doc__ = mspec.doc
    return method


def _bind_ctor(class_name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    cs = registry.CLASSES.get(class_name)
    if cs is None or not cs.constructors:
        return dict(kwargs)
    got = dispatch.bind(cs.constructors, args, kwargs, f"{class_name}.__init__")
    if got is None:
        given = ", ".join(dispatch.describe(a) for a in args)
        forms = "; ".join(f"{class_name}{o.signature.split('->')[0].strip()}" for o in cs.constructors)
        core = state.maybe_current()
        msg = f"no constructor of {class_name} accepts ({given}); expected one of: {forms}"
        if core is not None:
            core.site = core.launch.site_id(*state.caller_site(3))
            core.report("bad-call", msg)
        raise TypeError(msg)
    return got[1]


class GlobalTensor(_Methods):
    """A typed view of Global Memory; its size (for bounds checks) is what set_global_buffer was given."""

    spec_name = "GlobalTensor"
    buffer = None
    length = 0
    """Until set_global_buffer gives it memory a GlobalTensor looks to Core.access like a LocalTensor of no
    elements, which Core.check_local reports."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _bind_ctor("GlobalTensor", args, kwargs)
        self.buf: state.GmBuffer | None = None
        self.offset = 0
        self.dtype: DType = lookup("float32")  # type: ignore[assignment]
        self.npdt = np.dtype(np.float32)
        self.esize = 4
        self.size = 0
        self.lanes: np.ndarray | None = None
        """Lockstep only: per-core byte offsets minus core 0's (`offset` is core 0's), None when all agree."""
        self.lstep: int | None = None
        """Lockstep only: the common difference of `lanes` when they are an arithmetic progression."""

    def _set(self, addr: GlobalAddress, size: int | None) -> None:
        self.lanes = None
        self.lstep = None
        self.buf = addr.buf
        self.offset = addr.offset
        self.dtype = addr.dtype
        self.npdt = np_dtype(addr.dtype)
        self.esize = self.npdt.itemsize
        remaining = (addr.buf.nbytes - addr.offset) // self.esize
        self.size = remaining if size is None else int(size)

    def _sub(self, i: int) -> GlobalTensor:
        g = GlobalTensor.__new__(GlobalTensor)
        g.buf, g.dtype, g.npdt, g.esize = self.buf, self.dtype, self.npdt, self.esize
        g.lanes, g.lstep = self.lanes, self.lstep
        g.offset = self.offset + i * self.esize
        g.size = self.size - i
        return g

    def __getitem__(self, key: Any) -> GlobalTensor:
        if isinstance(key, slice):
            if key.stop is not None or key.step is not None:
                raise RuntimeError("Slice operation with provided stop and step is not supported: use gm[start:]")
            return self._sub(int(key.start or 0))
        return self._sub(int(key))

    def view(self, lo: int, hi: int) -> np.ndarray:
        """Elements [lo, hi) as a numpy view of the GM bytes (clipped to the underlying allocation)."""
        assert self.buf is not None
        a = self.offset + lo * self.esize
        b = min(self.offset + hi * self.esize, self.buf.nbytes)
        a = max(0, min(a, b))
        b -= (b - a) % self.esize
        return self.buf.u8[a:b].view(self.npdt)

    def __repr__(self) -> str:
        name = self.buf.name if self.buf is not None else "?"
        return f"GlobalTensor[{self.dtype.name}]({name}+{self.offset}B, size={self.size})"


# ---------------------------------------------------------------------------------------------------------------------
# Unified Buffer


class Buffer:
    """One queue or TBuf buffer in the Unified Buffer; `gen` changes at every free to catch stale tensors."""

    __slots__ = ("addr", "nbytes", "gen", "allocated", "freed_site", "free_token", "queue", "views")

    def __init__(self, addr: int, nbytes: int, queue: Any) -> None:
        self.addr = addr
        self.nbytes = nbytes
        self.gen = 0
        self.allocated = False
        self.freed_site = 0
        self.free_token: state.Token | None = None
        self.queue = queue
        self.views: dict[tuple[str, Any], tuple[np.dtype, int, int, str, np.ndarray]] = {}
        """(element type, position) -> what LocalTensor._init and view() derive for a tensor over the whole buffer
        (storage dtype, element size, length, memory, numpy view): alloc_tensor makes one such tensor per call."""


class LocalTensor(_Methods):
    """A tensor at an absolute Unified Buffer byte address of the running core; reads and writes are numpy views."""

    spec_name = "LocalTensor"
    buf = None
    """Never a GM buffer: lets the sanitizer tell Local from Global tensors with one attribute read."""

    __slots__ = ("core", "addr", "dtype", "npdt", "esize", "length", "position", "buffer", "gen", "_view", "mem",
                 "_shape_info")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        b = _bind_ctor("LocalTensor", args, kwargs)
        core = state.current()
        dt = b.get("dtype") or lookup("float32")
        pos = b.get("pos")
        pos = ENUM_CLASSES["TPosition"]["VECIN"] if pos is None else pos
        addr = int(b.get("addr") or 0)
        n = int(b.get("tile_size") or 0)
        self._init(core, addr, dt, n, pos, None)
        end = addr + n * self.esize
        cap = core.mem_capacity(self.mem)
        if self.mem == "UB":
            core.stats.ub_peak = max(core.stats.ub_peak, end)
        if addr % 32:
            core.site = core.launch.site_id(*state.caller_site(2))
            core.report("bad-argument", f"LocalTensor address {addr} is not 32-byte aligned; use a multiple of 32")
        if end > cap:
            core.site = core.launch.site_id(*state.caller_site(2))
            core.report("ub-over-capacity",
                        f"LocalTensor at {self.mem} bytes [{addr}, {end}) ends beyond the {cap} usable bytes of "
                        f"{core.launch.soc.name}'s {self.mem}")

    def _init(self, core: state.Core, addr: int, dt: DType, n: int, pos: Any, buffer: Buffer | None) -> None:
        self.core = core
        self.addr = addr
        self.dtype = dt
        self.npdt = np_dtype(dt)
        self.esize = self.npdt.itemsize
        self.length = n
        self.position = pos
        self.buffer = buffer
        self.gen = buffer.gen if buffer is not None else 0
        self._view: np.ndarray | None = None
        self.mem = memory_of(pos)

    @classmethod
    def make(cls, core: state.Core, addr: int, dt: DType, n: int, pos: Any, buffer: Buffer | None) -> LocalTensor:
        t = cls.__new__(cls)
        t._init(core, addr, dt, n, pos, buffer)
        return t

    @classmethod
    def of_buffer(cls, core: state.Core, buffer: Buffer, dt: DType, pos: Any) -> LocalTensor:
        """A tensor over a whole queue buffer; equal to make(core, buffer.addr, dt, <whole buffer>, pos, buffer)
        with the numpy view already built, the derived facts being computed once per buffer and element type."""
        key = (dt.name, pos)
        facts = buffer.views.get(key)
        if facts is None:
            t = cls.make(core, buffer.addr, dt, buffer.nbytes // np_dtype(dt).itemsize, pos, buffer)
            buffer.views[key] = (t.npdt, t.esize, t.length, t.mem, t.view())
            return t
        t = cls.__new__(cls)
        t.core = core
        t.addr = buffer.addr
        t.dtype = dt
        t.npdt, t.esize, t.length, t.mem, t._view = facts
        t.position = pos
        t.buffer = buffer
        t.gen = buffer.gen
        return t

    def view(self) -> np.ndarray:
        """All elements as a numpy view into the core's UB bytes (clipped to the physical UB)."""
        v = self._view
        if v is None:
            ub = self.core.ub if self.mem == "UB" else self.core.mem(self.mem)
            if ub.ndim == 2:  # lockstep: one row per core
                end = min(self.addr + self.length * self.esize, ub.shape[1])
                start = min(self.addr, end)
                end -= (end - start) % self.esize
                v = self._view = ub[:, start:end].view(self.npdt)
                return v
            end = min(self.addr + self.length * self.esize, len(ub))
            start = min(self.addr, end)
            end -= (end - start) % self.esize
            v = self._view = ub[start:end].view(self.npdt)
        return v

    def _sub(self, i: int) -> LocalTensor:
        return LocalTensor.make(self.core, self.addr + i * self.esize, self.dtype, self.length - i, self.position,
                                self.buffer)._with_gen(self.gen)

    def _with_gen(self, gen: int) -> LocalTensor:
        self.gen = gen
        return self

    def __getitem__(self, key: Any) -> LocalTensor:
        if isinstance(key, slice):
            if key.step not in (None, 1):
                raise RuntimeError("LocalTensor slices take no step: use t[start:] or t[start:stop]")
            start = int(key.start or 0)
            t = self._sub(start)
            if key.stop is not None:
                t.length = int(key.stop) - start
            return t
        return self._sub(int(key))

    def reinterpret(self, dt: DType) -> LocalTensor:
        nbytes = self.length * self.esize
        t = LocalTensor.make(self.core, self.addr, dt, 0, self.position, self.buffer)
        t.length = nbytes // t.esize
        t.gen = self.gen
        return t

    def __repr__(self) -> str:
        return f"LocalTensor[{self.dtype.name}](UB+{self.addr}B, {self.length} elements)"


# ---------------------------------------------------------------------------------------------------------------------
# Framework: TPipe, queues and buffers


_MEMORY = POSITION_MEMORY


_MEMORY_OF: dict[tuple[type, int], str] = {}


def memory_of(pos: Any) -> str:
    """The on-chip memory of a TPosition: the Unified Buffer unless it is a cube position.

    Every tensor creation asks this, so the answer for an int or enum member is kept per (type, value)."""
    key = (type(pos), pos) if type(pos) is int or isinstance(pos, enum.IntEnum) else None
    if key is not None:
        got = _MEMORY_OF.get(key)
        if got is not None:
            return got
    try:
        name = enum_member_name(pos, "TPosition")
    except (ValueError, KeyError):
        mem = "UB"
    else:
        mem = _MEMORY.get(name, "UB")
    if key is not None:
        _MEMORY_OF[key] = mem
    return mem


def _pipes_of(src: str, dst: str) -> tuple[int, int]:
    """(producer pipe, consumer pipe) of a queue from its positions: data enters VECIN from GM (MTE2) and leaves
    VECOUT to GM (MTE3); the vector unit produces VECOUT/VECCALC data and consumes VECIN/VECCALC data; on the cube
    side MTE2 fills L1 (A1/B1/C1) for MTE1, MTE1 fills L0A/L0B (A2/B2) for the cube (M), and M fills L0C (CO1) for
    FIX."""
    if src in ("A1", "B1", "C1") or dst in ("A1", "B1", "C1"):
        return pipes.MTE2, pipes.PIPE["MTE1"]
    if src in ("A2", "B2") or dst in ("A2", "B2"):  # L1 -> L0A/L0B by load_data, read by mmad
        return pipes.PIPE["MTE1"], pipes.PIPE["M"]
    if src == "CO1" or dst == "CO1":  # written by mmad, moved out by fixpipe
        return pipes.PIPE["M"], pipes.PIPE["FIX"]
    producer = pipes.MTE2 if src in ("GM", "VECIN") else pipes.V
    consumer = pipes.MTE3 if dst in ("GM", "VECOUT") else pipes.V
    return producer, consumer


class TPipe(_Methods):
    """Owns the on-chip memory: init_buffer carves queue and TBuf buffers out of the Unified Buffer in order."""

    spec_name = "TPipe"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _bind_ctor("TPipe", args, kwargs)
        core = state.current()
        if core.tpipe is not None:
            core.site = core.launch.site_id(*state.caller_site(2))
            core.report("bad-call", "TPipe instance is already created: a kernel has one TPipe; pass it to helpers")
        core.tpipe = self
        self.core = core
        self.next_addr = 0
        self.next_by_mem: dict[str, int] = {}


class TQueBind(_Methods):
    """A queue of buffers between two positions, with the happens-before edges of EnQue/DeQue and Free/Alloc."""

    spec_name = "TQueBind"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        b = _bind_ctor(self.spec_name, args, kwargs)
        if self.spec_name == "TQueBind":
            src = enum_member_name(b.get("src"), "TPosition")
            dst = enum_member_name(b.get("dst"), "TPosition")
        else:
            pos = b.get("pos")
            src = dst = enum_member_name(pos if pos is not None else 11, "TPosition")
        self._setup(src, dst, int(b.get("depth") or 1))

    def _setup(self, src: str, dst: str, depth: int) -> None:
        self.core = state.current()
        self.src = src
        self.dst = dst
        self.position = ENUM_CLASSES["TPosition"][dst if dst != "GM" else src]
        self.depth = depth
        self.producer, self.consumer = _pipes_of(src, dst)
        self.buffers: list[Buffer] = []
        self.free: deque[Buffer] = deque()
        self.fifo: deque[tuple[LocalTensor, state.Token]] = deque()
        self.history: deque[tuple[str, int]] = deque(maxlen=8)
        self.name = f"{type(self).__name__}<{dst}, {depth}>"

    def log(self, event: str) -> None:
        """Keep the queue's last events for deadlock reports."""
        self.history.append((event, self.core.site))

    def history_text(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.history)


class TQue(TQueBind):
    spec_name = "TQue"


class TBuf(TQueBind):
    spec_name = "TBuf"


# ---------------------------------------------------------------------------------------------------------------------
# Parameter structs and other classes, generated from the spec.


class Struct(_Methods):
    """A parameter struct (BinaryRepeatParams, DataCopyParams, ...): fields bound from the spec's constructor."""

    spec_fields: tuple[str, ...] = ()
    ir_handle_at: int | None = None

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls.ir_handle_at is not None and len(args) == cls.ir_handle_at + 1:
            return Unbuilt(cls.spec_name, args[-1])  # not an instance of cls: __init__ does not run
        return super().__new__(cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        bound = _bind_ctor(self.spec_name, args, kwargs)
        if state.maybe_current() is not None:  # made in a kernel: its integers are device scalars (.ceildiv)
            from .scalars import DeviceInt

            bound = {k: DeviceInt(v) if type(v) is int and -(2 ** 31) <= v < 2 ** 31 else v for k, v in bound.items()}
        for f in self.spec_fields:
            setattr(self, f, bound.get(f))
        for k, v in bound.items():
            setattr(self, k, v)

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f, None)!r}" for f in self.spec_fields)
        return f"{self.spec_name}({inner})"


class Unbuilt:
    """A parameter struct given one positional argument past its fields: CANN's constructor binds that argument to
    its internal IR handle and builds nothing (the compiler's PA307), so there is no value; an API given it reports
    a bad-call finding (its type fits no overload) and reading a field fails as it does in CANN."""

    __slots__ = ("class_name", "handle")

    def __init__(self, class_name: str, handle: Any) -> None:
        self.class_name = class_name
        self.handle = handle

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"this {self.class_name} was never built: its last positional argument bound CANN's "
                             f"internal IR handle, so it has no '{name}'; remove that argument")

    def __repr__(self) -> str:
        return f"{self.class_name}(<not built: IR handle {self.handle!r}>)"


_HAND_WRITTEN: dict[str, type] = {
    "GlobalTensor": GlobalTensor, "LocalTensor": LocalTensor, "TPipe": TPipe, "TQueBind": TQueBind,
    "TQue": TQue, "TBuf": TBuf,
}


def _make_class(cs: ClassSpec) -> type:
    return type(cs.name, (Struct,), {"spec_name": cs.name, "spec_fields": tuple(cs.fields), "__doc__": cs.doc,
                                     "ir_handle_at": cs.ir_handle_at, "__module__": __name__})


CLASSES: dict[str, type] = {
    name: _HAND_WRITTEN.get(name) or _make_class(cs) for name, cs in registry.CLASSES.items()
}
CLASSES.update({k: v for k, v in _HAND_WRITTEN.items() if k not in CLASSES})


class Property(int):
    """A named hardware constant (`asc.ONE_BLK_SIZE`): an int that asc.property also accepts."""

    spec_name = "Property"
    spec_bases: tuple[str, ...] = ()

    def __new__(cls, name: str, value: int) -> Property:
        obj = super().__new__(cls, value)
        obj.const_name = name  # type: ignore[attr-defined]
        return obj

dispatch.register_kinds(LocalTensor, GlobalTensor, GlobalAddress, Unbuilt, ENUM_CLASSES)
