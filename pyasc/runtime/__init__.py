"""Runtime objects behind `pyasc.<name>`: kernel APIs, classes and enums from the simulator, dtypes, `jit`, and the
host API.  Resolved names are cached on the pyasc module so later lookups cost nothing."""

from __future__ import annotations

import sys
from typing import Any

_HOST = {
    "Tensor": ("host", "Tensor"), "from_numpy": ("host", "from_numpy"), "to_numpy": ("host", "to_numpy"),
    "Stream": ("host", "Stream"), "Kernel": ("host", "Kernel"), "current_stream": ("host", "current_stream"),
    "jit": ("jit", "jit"), "ConstExpr": ("jit", "ConstExpr"), "range": ("jit", "asc_range"),
    "static_range": ("jit", "static_range"), "profile": ("profiling", "profile"),
    "GlobalAddress": ("objects", "GlobalAddress"), "SimulationError": ("findings", "SimulationError"),
}


class _Namespace:
    """`asc.adv`: the adv.* functions of the specification."""

    def __init__(self, prefix: str, members: dict[str, Any]) -> None:
        self._prefix = prefix
        self.__dict__.update(members)

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"'asc.{self._prefix}' has no attribute '{name}'")


def _lookup(name: str) -> Any:
    from ..language import dtypes

    dt = dtypes.lookup(name)
    if dt is not None:
        return dt
    if name in _HOST:
        import importlib

        module, attr = _HOST[name]
        return getattr(importlib.import_module(f"pyasc.sim.{module}"), attr)
    from ..language import registry

    if name in registry.ENUMS or name in registry.CLASSES:
        from ..sim import objects
        from ..sim.classes import CLASSES

        return objects.ENUM_CLASSES.get(name) or CLASSES[name]
    if name in registry.CONSTANTS:
        from ..sim.api.core import PROPERTY_VALUES
        from ..sim.objects import Property

        return Property(name, PROPERTY_VALUES.get(name, 0))
    if name in registry.APIS:
        from ..sim.dispatch import ApiFunction

        return ApiFunction(registry.APIS[name], f"asc.{name}")
    prefix = name + "."
    members = {k[len(prefix):]: k for k in registry.APIS if k.startswith(prefix)}
    classes = {k[len(prefix):]: k for k in registry.CLASSES if k.startswith(prefix)}
    if members or classes:
        from ..sim.classes import CLASSES
        from ..sim.dispatch import ApiFunction

        ns: dict[str, Any] = {short: ApiFunction(registry.APIS[full], f"asc.{full}") for short, full in members.items()}
        ns.update({short: CLASSES[full] for short, full in classes.items()})
        return _Namespace(name, ns)
    if name == "sim":
        import importlib

        return importlib.import_module("pyasc.sim")
    raise KeyError(name)


def resolve(name: str) -> Any:
    """The runtime object for `pyasc.<name>`; KeyError when there is none."""
    value = _lookup(name)
    pkg = sys.modules.get("pyasc")
    if pkg is not None:
        setattr(pkg, name, value)
    return value
