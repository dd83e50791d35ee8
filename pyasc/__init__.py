"""pyasc: write Ascend C kernels as Python functions.

`import pyasc as asc` gives the kernel API (`asc.add`, `asc.TPipe`, ...), the dtypes and enums, `asc.jit`, and the
host API that runs kernels on the simulator (`asc.Tensor`, `asc.Stream`, `asc.Kernel`, `asc.profile`).  The names are
resolved lazily so that importing pyasc for analysis costs nothing.
"""

from __future__ import annotations

import importlib
from typing import Any

from .log import LOG_LEVEL, set_log_level

__version__ = "0.1.0"

__all__ = ["LOG_LEVEL", "__version__", "set_log_level"]

_SUBMODULES = frozenset({"cli", "compiler", "config", "diagstore", "language", "log", "reads", "runtime", "sim",
                         "toolchain"})
"""Submodules an attribute access (`from pyasc import diagstore`) imports; any other name is a language name that
the runtime resolves, which imports the API tables."""


def __getattr__(name: str) -> Any:
    """Resolve kernel API, dtype, enum and host names from the runtime on first use."""
    if name.startswith("__") or name in _SUBMODULES:
        if name in _SUBMODULES:
            return importlib.import_module(f"{__name__}.{name}")
        raise AttributeError(name)
    runtime = importlib.import_module(f"{__name__}.runtime")
    try:
        return runtime.resolve(name)
    except KeyError:
        raise AttributeError(f"module 'pyasc' has no attribute '{name}'") from None
