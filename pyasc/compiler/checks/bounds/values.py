"""What the bounds check knows of a kernel's objects: the memory of queues and TBufs, the window of each
GlobalTensor, LocalTensor and GlobalTensor views with their offsets, and parameter structs.

The sizes follow the simulator's sanitizer, so that the static and the dynamic rule mean the same thing: a queue's
or TBuf's buffer is its init_buffer length rounded up to 32 bytes; a tensor over it holds that many bytes; `t[a:]`
holds the tensor's length less a; a GlobalTensor holds the elements set_global_buffer gives it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .interval import Iv, const


@dataclass(eq=False)
class Memory:
    """A queue's buffers or a TBuf's buffer, as init_buffer gives them (None until then or when not known)."""

    name: str
    nbytes: int | None = None
    """Bytes of each buffer, rounded up to 32 as InitBuffer does."""
    line: int = 0


@dataclass(slots=True)
class Addr:
    """A GlobalAddress into the array a launch passes: the array's element count, and the offset from its start."""

    name: str
    length: int
    off: Iv


@dataclass(eq=False)
class Window:
    """The Global Memory a GlobalTensor may access: set_global_buffer's element count, and the launch's array it
    points into (when known)."""

    name: str
    size: Iv | None = None
    line: int = 0
    array: Addr | None = None


@dataclass(slots=True)
class Local:
    """A LocalTensor view: `length` elements from the start of its tensor (known exactly), seen from `off`."""

    name: str
    length: int
    esize: int
    dtype: str
    origin: str
    """Where the length comes from, for the message: "a 256-byte buffer (init_buffer at line 15)"."""
    off: Iv = field(default_factory=lambda: const(0))


@dataclass(slots=True)
class Global:
    """A GlobalTensor view: its window, seen from element offset `off`."""

    window: Window
    esize: int
    dtype: str
    off: Iv = field(default_factory=lambda: const(0))


@dataclass(frozen=True)
class Struct:
    """A parameter struct built in the kernel (`asc.BinaryRepeatParams(...)`): its fields' values."""

    cls: str
    fields: dict[str, Iv | None]


Value = Iv | Memory | Window | Local | Global | Struct | Addr | None
