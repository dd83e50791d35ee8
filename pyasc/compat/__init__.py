"""`import asc` for programs written for CANN's pyasc, resolved to pyasc's simulator.

Nothing is installed under the name `asc`: `install()` (called by `pyasc run`) puts a finder at the front of
`sys.meta_path` that serves `asc` and CANN's public submodules (`asc.runtime.*`, `asc.lib.runtime.*`,
`asc.lib.host.*`, `asc.language.core.dtype`, ...) from this package, so a machine with CANN's real pyasc keeps it
for plain `python`.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

from ..language.namespaces import KERNEL_PACKAGES, NAMESPACES, SHADOWED, is_adv

MODULES: dict[str, str] = {
    "asc.runtime.cache": "pyasc.compat.cache",
    "asc.runtime.compiler": "pyasc.compat.compiler",
    "asc.runtime.config": "pyasc.compat.config",
    "asc.runtime.jit": "pyasc.compat.jit",
    "asc.runtime.launcher": "pyasc.compat.launcher",
    "asc.runtime.memory_handle": "pyasc.compat.memory_handle",
    "asc.runtime.utils": "pyasc.compat.runtime_utils",
    "asc.codegen.function_visitor": "pyasc.compat.jit",
    "asc.lib.runtime": "pyasc.compat.rt",
    **{f"asc.lib.runtime.{m}": f"pyasc.compat.rt.{m}" for m in ("build_utils", "interface", "print_utils", "state",
                                                                "support")},
    "asc.lib.host": "pyasc.compat.host",
    "asc.lib.host.loader": "pyasc.compat.host.loader",
    "asc.lib.host.wrappers": "pyasc.compat.host.wrappers",
    "asc.lib.utils": "pyasc.compat.libutils",
    "asc.language.core.dtype": "pyasc.compat.dtype",
    "asc.language.core.struct": "pyasc.compat.struct",
}
"""CANN's modules with a body of their own here (an alias of a pyasc.compat module)."""

PACKAGES = ("asc", "asc.runtime", "asc.lib", "asc.codegen") + KERNEL_PACKAGES
"""CANN's packages: namespaces whose attributes are the kernel API (and their own submodules)."""

_TOP_EXTRAS = {"CodegenOptions": "pyasc.compat.jit", "CompileOptions": "pyasc.compat.jit",
               "LaunchOptions": "pyasc.compat.jit", "jit": "pyasc.compat.jit",
               "DataType": "pyasc.compat.dtype"}  # DataType("int32") is asc.int32 in every asc namespace


class _Package(types.ModuleType):
    """An `asc` package: submodules first, then the kernel API names of pyasc (`asc.add`, `asc.float16`, ...)."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        full = f"{self.__name__}.{name}"
        if full in MODULES or full in PACKAGES or full in NAMESPACES and full not in SHADOWED:
            return importlib.import_module(full)
        if (self.__name__ == "asc" and name in _TOP_EXTRAS) or name == "DataType":
            return getattr(importlib.import_module(_TOP_EXTRAS[name]), name)
        if is_adv(self.__name__):
            return getattr(_pyasc_attr("adv"), name)
        try:
            value = _pyasc_attr(name)
        except AttributeError:
            raise AttributeError(f"module '{self.__name__}' has no attribute '{name}'") from None
        setattr(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and f"{self.__name__}.{name}" in SHADOWED:
            return  # importing asc.language.basic.data_copy leaves the package's data_copy the API, as in CANN's
        super().__setattr__(name, value)


def _pyasc_attr(name: str) -> Any:
    import pyasc

    return getattr(pyasc, name)


class _Loader(importlib.abc.Loader):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        if spec.name in MODULES:
            return importlib.import_module(MODULES[spec.name])
        module = _Package(spec.name, f"CANN's {spec.name}, on pyasc's simulator")
        module.__path__ = []  # a package: its submodules go through the finder
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        return None


class AscFinder(importlib.abc.MetaPathFinder):
    """Serves `asc` and `asc.*` from pyasc; any other `asc.*` name is not found (ModuleNotFoundError)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname != "asc" and not fullname.startswith("asc."):
            return None
        if fullname not in MODULES and fullname not in PACKAGES and fullname not in NAMESPACES:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(), is_package=fullname in PACKAGES)


_FINDER = AscFinder()


def install() -> None:
    """Make `import asc` (and its submodules) resolve to pyasc's simulator in this process."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    from ..sim.jit import set_launch_hook
    from .jit import launch_through_launcher

    set_launch_hook(launch_through_launcher)
    for name in [n for n in sys.modules if n == "asc" or n.startswith("asc.")]:
        del sys.modules[name]  # a CANN pyasc imported earlier in this process must not shadow the simulator


def uninstall() -> None:
    """Undo install(): `asc` names imported through it are forgotten."""
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    from ..sim.jit import set_launch_hook

    set_launch_hook(None)
    for name in [n for n in sys.modules if n == "asc" or n.startswith("asc.")]:
        del sys.modules[name]
