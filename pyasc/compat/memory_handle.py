"""`asc.runtime.memory_handle`: how a launch argument reaches device memory and back.  On the simulator device
memory is host memory (asc.lib.runtime.malloc), so these handles copy bytes between host buffers; the simulator's
own launches pass arrays to the kernel directly and do not use them."""

from __future__ import annotations

import abc
import ctypes
from typing import Any, Protocol

import numpy

from .rt import interface as rt

__all__ = ["ByteArrayHandle", "MemoryHandle", "NumpyArrayHandle", "TorchCpuTensorHandle", "TorchNpuTensorArgument",
           "TorchTensor", "resolve_memory_handle"]


class TorchTensor(Protocol):
    """What a handle needs of a torch tensor."""

    nbytes: int

    def data_ptr(self) -> int: ...

    def ravel(self) -> Any: ...


class MemoryHandle(abc.ABC):
    """An argument's memory: copied to the device before a launch, back after it, then released."""

    @abc.abstractmethod
    def copy_to_device(self) -> int:
        """Copy to device memory; returns its address."""

    @abc.abstractmethod
    def copy_from_device(self) -> None:
        """Copy the device memory back."""

    @abc.abstractmethod
    def release_memory(self) -> None:
        """Free the device memory."""


class _Copied(MemoryHandle):
    """A host buffer at `_pointer()` of `_nbytes()` bytes, copied to memory malloc gives and back."""

    handle: ctypes.c_void_p

    def _pointer(self) -> ctypes.c_void_p:
        raise NotImplementedError

    def _nbytes(self) -> int:
        raise NotImplementedError

    def copy_to_device(self) -> int:
        self.handle = rt.copy_data_to_device(self._pointer(), self._nbytes())
        return int(self.handle.value or 0)

    def copy_from_device(self) -> None:
        rt.copy_data_from_device(self._pointer(), self.handle, self._nbytes())

    def release_memory(self) -> None:
        rt.free(self.handle)


class ByteArrayHandle(_Copied):
    def __init__(self, data: bytearray | bytes) -> None:
        self.data = data if isinstance(data, bytearray) else bytearray(data)

    def _pointer(self) -> ctypes.c_void_p:
        return ctypes.c_void_p(ctypes.addressof(ctypes.c_char.from_buffer(self.data)))

    def _nbytes(self) -> int:
        return len(self.data)


class NumpyArrayHandle(_Copied):
    def __init__(self, array: numpy.ndarray) -> None:
        if not array.flags.c_contiguous:
            raise RuntimeError("NumpyArrayHandle needs a C-contiguous array (its bytes are copied back in place)")
        self.array = array

    def _pointer(self) -> ctypes.c_void_p:
        return ctypes.c_void_p(self.array.ctypes.data)

    def _nbytes(self) -> int:
        return int(self.array.nbytes)


class TorchCpuTensorHandle(_Copied):
    def __init__(self, tensor: TorchTensor) -> None:
        if hasattr(tensor, "is_contiguous") and not tensor.is_contiguous():  # type: ignore[attr-defined]
            raise RuntimeError("TorchCpuTensorHandle needs a contiguous tensor (its bytes are copied back in place)")
        self.tensor = tensor

    def _pointer(self) -> ctypes.c_void_p:
        return ctypes.c_void_p(self.tensor.data_ptr())

    def _nbytes(self) -> int:
        return int(self.tensor.nbytes)


class TorchNpuTensorArgument(MemoryHandle):
    """A tensor already in device memory (torch_npu): passed by address, nothing copied.  The simulator has no
    NPU tensors, so this only carries the address of what it is given."""

    def __init__(self, tensor: TorchTensor) -> None:
        self.tensor = tensor

    def copy_to_device(self) -> int:
        return int(self.tensor.data_ptr())

    def copy_from_device(self) -> None:
        return None

    def release_memory(self) -> None:
        return None


def resolve_memory_handle(obj: Any) -> MemoryHandle:
    """The handle for bytes, a numpy array or a torch tensor (CPU: copied; NPU: by address)."""
    if isinstance(obj, MemoryHandle):
        return obj
    if isinstance(obj, (bytes, bytearray)):
        return ByteArrayHandle(obj)
    if isinstance(obj, numpy.ndarray):
        return NumpyArrayHandle(obj)
    if type(obj).__module__.startswith("torch") and hasattr(obj, "data_ptr"):
        if getattr(obj, "is_cpu", False):
            return TorchCpuTensorHandle(obj)
        if getattr(obj, "is_npu", False):
            return TorchNpuTensorArgument(obj)
    raise RuntimeError(f"Unsupported memory handle of type {obj.__class__.__name__}")
