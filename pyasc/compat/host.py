"""`asc.lib.host`: CANN's host-side tiling API (Matmul tiling, platform queries).  The module path exists so that
programs import; the tiling classes themselves are not part of pyasc yet, and using one says so."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"asc.lib.host.{name}: CANN's host tiling API (Matmul tiling) is not available on "
                              "pyasc's simulator yet; compute the tiling values in Python and pass them to the kernel")
