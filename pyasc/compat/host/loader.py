"""`asc.lib.host.loader`: where the host classes come from.  CANN builds and loads a C++ library (libhost) for them;
here they are pyasc.host's Python classes, so nothing is built."""

from __future__ import annotations

import types
from typing import Any

__all__ = ["Loader"]


class Loader:
    """`Loader.get_attr(name)`: the host class called `name` (pyasc.host's)."""

    module: types.ModuleType | None = None

    @staticmethod
    def build(so_name: str) -> str:
        raise RuntimeError("asc.lib.host.loader.Loader.build compiles CANN's libhost against the toolkit; pyasc's "
                           "host classes are Python (pyasc.host) and need no build")

    @classmethod
    def load_library(cls) -> types.ModuleType:
        """The module that holds the host classes: pyasc.host."""
        if cls.module is None:
            from pyasc import host

            cls.module = host
        return cls.module

    @classmethod
    def get_attr(cls, class_name: str) -> Any:
        return getattr(cls.load_library(), class_name)
