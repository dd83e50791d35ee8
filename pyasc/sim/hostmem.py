"""Host addresses found in Global Memory (the data pointers of a ListTensorDesc) -> the launch's GM buffers.

On the device such a pointer is a device address the host wrote into an argument.  On the simulator the host's
arrays are the device memory, so the pointer is a host address (`arr.ctypes.data`, `tensor.data_ptr()`).  The
simulator follows it only into memory it can name: a launch argument, or a numpy array or CPU torch tensor the
launching program holds (a variable of a calling frame or of its module, or an element of a list, tuple or dict held
there).  Such an array joins the launch as one more GM buffer (its writes are the array's).  Anything else, a stale
or made-up address, is never read: the caller reports it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

from . import state

MAX_OBJECTS = 20000
"""How many objects one search looks at before it gives up (a frame holding a huge list)."""


def _base(buf: state.GmBuffer) -> int:
    return int(buf.u8.__array_interface__["data"][0])


def find(launch: state.Launch, ptr: int) -> tuple[state.GmBuffer, int] | None:
    """(the buffer, the byte offset in it) that `ptr` points into, or None."""
    for buf in launch.buffers:
        base = _base(buf)
        if base <= ptr < base + buf.nbytes:
            return buf, ptr - base
    arr = _held_array(ptr)
    if arr is None:
        return None
    u8 = arr.reshape(-1).view(np.uint8)
    buf = state.GmBuffer(f"array at {_base_of(u8):#x}", u8, arr.dtype)
    launch.buffers.append(buf)
    return buf, ptr - _base(buf)


def _base_of(a: np.ndarray) -> int:
    return int(a.__array_interface__["data"][0])


def _as_array(obj: Any) -> np.ndarray | None:
    """The contiguous, writeable memory behind a numpy array or CPU torch tensor (its whole base array)."""
    if isinstance(obj, np.ndarray):
        a = obj
        while isinstance(a.base, np.ndarray):
            a = a.base
        return a if a.flags.c_contiguous and a.flags.writeable and a.nbytes else None
    if type(obj).__module__.startswith("torch") and hasattr(obj, "data_ptr") and hasattr(obj, "numpy"):
        try:
            if obj.device.type != "cpu" or not obj.is_contiguous():
                return None
            return _as_array(obj.detach().numpy())
        except (RuntimeError, TypeError, AttributeError):
            return None
    return None


def _candidates() -> Iterator[Any]:
    """The values the running program holds: locals and module globals of every frame of the program (not the
    simulator's own, whose memories are no host arrays), and one level inside the lists, tuples and dicts among
    them."""
    seen: set[int] = set()
    f = sys._getframe(1)
    count = 0
    while f is not None:
        if str(f.f_globals.get("__name__", "")).startswith("pyasc."):
            f = f.f_back
            continue
        for scope in (f.f_locals, f.f_globals):
            for v in list(scope.values()):
                for item in (v, *(_inside(v))):
                    if id(item) in seen:
                        continue
                    seen.add(id(item))
                    count += 1
                    if count > MAX_OBJECTS:
                        return
                    yield item
        f = f.f_back


def _inside(v: Any) -> tuple[Any, ...]:
    if isinstance(v, (list, tuple)):
        return tuple(v[:MAX_OBJECTS])
    if isinstance(v, dict):
        return tuple(list(v.values())[:MAX_OBJECTS])
    return ()


def _held_array(ptr: int) -> np.ndarray | None:
    for obj in _candidates():
        a = _as_array(obj)
        if a is not None and _base_of(a) <= ptr < _base_of(a) + a.nbytes:
            return a
    return None
