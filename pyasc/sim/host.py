"""The host API of the seed: Tensor, from_numpy/to_numpy, Stream and Kernel, running kernels on the simulator.

Binding of a Kernel's settings to the kernel function's parameters (documented in docs/simulator.md):
  1. GM parameters (annotated `asc.GlobalAddress`, in declaration order) take the inputs (set_input, by index),
     then the outputs (set_output), then the workspaces (set_workspace with a non-zero size).
  2. Other parameters named by set_attr take those values.
  3. The remaining parameters take tiling[1:] in order; tiling[0] is the block dim (number of cores).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..language import hostbind
from ..language.dtypes import DType, lookup
from .findings import Report
from .objects import np_dtype


class Tensor:
    """A device tensor of the simulator (host memory standing in for Global Memory)."""

    def __init__(self, shape: Sequence[int] | int, dtype: DType | str | None = None,
                 data: np.ndarray | None = None) -> None:
        if data is not None:
            self._array = data
        else:
            dt = _dtype(dtype)
            dims = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)
            self._array = np.zeros(dims, dtype=np_dtype(dt))

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self._array.shape)

    @property
    def dtype(self) -> DType:
        from .objects import dtype_of_numpy

        return dtype_of_numpy(self._array.dtype)

    @property
    def size(self) -> int:
        return int(self._array.size)

    def numpy(self) -> np.ndarray:
        return self._array.copy()

    def __pyasc_array__(self) -> np.ndarray:
        return self._array

    def __repr__(self) -> str:
        return f"Tensor(shape={list(self.shape)}, dtype={self.dtype.name})"


def _dtype(dtype: DType | str | None) -> DType:
    if dtype is None:
        return lookup("float32")  # type: ignore[return-value]
    if isinstance(dtype, DType):
        return dtype
    found = lookup(str(dtype))
    if found is None:
        raise TypeError(f"unknown dtype {dtype!r}")
    return found


def from_numpy(array: np.ndarray) -> Tensor:
    """Copy a numpy array to a device tensor."""
    return Tensor(array.shape, data=np.ascontiguousarray(array).copy())


def to_numpy(tensor: Tensor) -> np.ndarray:
    """Copy a device tensor back to a numpy array."""
    return tensor.numpy()


class Kernel:
    """A kernel with its launch settings: `Kernel(fn)` or `Kernel("registered_name")`."""

    def __init__(self, kernel: Any) -> None:
        from .jit import KERNELS, JITFunction

        if isinstance(kernel, str):
            found = KERNELS.get(kernel, {})
            if not found:
                known = ", ".join(sorted(KERNELS)) or "none yet (import the module that defines it)"
                raise KeyError(f"no @asc.jit kernel named '{kernel}'; known: {known}")
            if len(found) > 1:
                raise KeyError(f"several @asc.jit kernels are named '{kernel}' (in {', '.join(sorted(found))}): "
                               "pass the function itself, Kernel(module.kernel)")
            kernel = next(iter(found.values()))
        if not isinstance(kernel, JITFunction):
            raise TypeError("Kernel() takes an @asc.jit function or the name of one")
        self.jit = kernel
        self.tiling: list[Any] = [1]
        self.inputs: dict[int, Any] = {}
        self.outputs: dict[int, Any] = {}
        self.workspaces: dict[int, int] = {}
        self.attrs: dict[str, Any] = {}

    def set_tiling(self, tiling: Sequence[Any]) -> None:
        if not tiling:
            raise ValueError("set_tiling needs at least the block dim: [block_dim, ...]")
        self.tiling = list(tiling)

    def set_input(self, index: int, tensor: Any) -> None:
        self.inputs[int(index)] = tensor

    def set_output(self, index: int, tensor: Any) -> None:
        self.outputs[int(index)] = tensor

    def set_workspace(self, index: int, nbytes: int) -> None:
        self.workspaces[int(index)] = int(nbytes)

    def set_attr(self, name: str, value: Any) -> None:
        self.attrs[str(name)] = value

    def arguments(self) -> tuple[int, list[Any]]:
        """(block_dim, positional arguments) by the binding rules of pyasc.language.hostbind."""
        sig = self.jit.signature.parameters
        params = [hostbind.Param(n, self.jit.param_kinds.get(n) == "gm", p.default is not p.empty)
                  for n, p in sig.items()]
        gm_values: list[Any] = [self.inputs[i] for i in sorted(self.inputs)]
        gm_values += [self.outputs[i] for i in sorted(self.outputs)]
        gm_values += [np.zeros(n, dtype=np.uint8) for i, n in sorted(self.workspaces.items()) if n > 0]
        attrs = list(self.attrs)
        tiling = self.tiling[1:]
        for err in (hostbind.gm_error(self.jit.__name__, params, len(gm_values)),
                    hostbind.attr_error(self.jit.__name__, params, attrs),
                    hostbind.tiling_error(self.jit.__name__, params, len(gm_values), attrs, len(tiling))):
            if err is not None:
                raise TypeError(f"{err}: {tiling}" if "set_tiling" in err else err)
        values: dict[str, Any] = dict(zip(hostbind.gm_params(params, len(gm_values)), gm_values, strict=True))
        values.update(self.attrs)
        values.update(zip(hostbind.tiling_params(params, len(gm_values), attrs), tiling, strict=True))
        return int(self.tiling[0]), [values[p] for p in sig if p in values]


class Stream:
    """An execution stream: launches run synchronously on the simulator, in order."""

    def __init__(self) -> None:
        self.reports: list[Report] = []

    def launch(self, kernel: Kernel) -> Report:
        block_dim, args = kernel.arguments()
        rep = kernel.jit[block_dim, self](*args)
        self.reports.append(rep)
        return rep

    def synchronize(self) -> None:
        """Every launch has already finished when launch returns."""
        return None


def current_stream() -> Stream:
    return Stream()
