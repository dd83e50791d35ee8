"""Lists the public surface of CANN's host-side `asc` modules, as JSON on stdout, for test_runtime_surface.py.

Run with CANN's venv (`cann-pyasc-1.1.1/bin/python -I surface.py`): the surface of CANN's pyasc.  Run with ours and
`--ours` (`python surface.py --ours MODULE...`): the same module paths as `pyasc run` serves them.  It imports only
the standard library, so that it runs under `python -I` in CANN's venv.

The rule for a public name is in test_runtime_surface.py's docstring; this file applies it:
- CANN's side reads each module's source: its top-level `def`, `class` and assignments (annotated ones too), the
  names a package's `__init__` imports from its own submodules (`from .interface import use_model`), and the
  package's submodules themselves;
- our side asks only whether each of those names is there (`getattr`) and what it is.
Every name gets a kind (module / class / function / constant), a function its parameters (`*args`, `**kwargs`,
`name=` for one with a default, keyword-only after `*`), an Enum its members, a dataclass its fields and a class its
public methods with their parameters.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import inspect
import json
import pkgutil
import sys
import types
from typing import Any

ROOTS = ("asc.lib", "asc.runtime")
"""CANN's host-side packages, walked recursively (asc.lib.runtime, asc.lib.host and asc.runtime with theirs)."""


def modules() -> list[str]:
    """Every module under ROOTS in CANN's installed package."""
    names: list[str] = []
    for root in ROOTS:
        package = importlib.import_module(root)
        names.append(root)
        names.extend(info.name for info in pkgutil.walk_packages(package.__path__, root + "."))
    return sorted(names)


def _bound(tree: ast.Module, package: str | None) -> list[str]:
    """Top-level names the module's own text defines, and for a package the names it takes from its submodules."""
    names: list[str] = []

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.append(node.name)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    names.extend(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.append(node.target.id)
            elif isinstance(node, ast.ImportFrom) and package is not None and node.level == 1:
                names.extend(a.asname or a.name for a in node.names)  # `from .support import Stream`
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)
                walk(node.finalbody)

    walk(tree.body)
    return names


def cann_names(name: str) -> list[str]:
    """The public names of CANN's module `name` (run in CANN's venv)."""
    module = importlib.import_module(name)
    is_package = hasattr(module, "__path__")
    with open(module.__file__, encoding="utf-8") as f:  # type: ignore[arg-type]
        tree = ast.parse(f.read())
    names = set(_bound(tree, name if is_package else None))
    if is_package:
        names.update(info.name for info in pkgutil.iter_modules(module.__path__))
    return sorted(n for n in names if not n.startswith("_") and hasattr(module, n))


def _raw(obj: Any, attr: str) -> Any:
    """`obj.attr` without the class's own attribute hooks (CANN's host classes load a C++ library on any access)."""
    try:
        return type.__getattribute__(obj, attr) if issubclass(type(obj), type) else getattr(obj, attr)
    except AttributeError:
        return None


def _params(fn: Any) -> list[str] | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    out = []
    for p in sig.parameters.values():
        prefix = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**", p.KEYWORD_ONLY: "kw:"}.get(p.kind, "")
        out.append(prefix + p.name + ("=" if p.default is not p.empty else ""))
    return out


def _kind(obj: Any) -> str:
    if issubclass(type(obj), types.ModuleType):  # type(): CANN's host classes answer isinstance's __class__
        return "module"
    if issubclass(type(obj), type):
        return "class"
    if callable(obj):
        return "function"
    return "constant"


_FOREIGN = ("builtins", "abc", "typing", "enum", "_ctypes", "ctypes")
"""Modules whose classes' methods are Python's, not the surface's (Enum, ABC, Protocol, ctypes bases)."""


def describe(obj: Any) -> dict[str, Any]:
    """What a program can rely on of one name."""
    kind = _kind(obj)
    out: dict[str, Any] = {"kind": kind}
    if kind == "function":
        out["params"] = _params(obj)
    elif kind == "class":
        own = _raw(obj, "__dict__") or {}
        if issubclass(type(obj), enum.EnumMeta):
            out["members"] = {m: _raw(v, "value") for m, v in obj.__members__.items()}
            out["members"] = {m: v if isinstance(v, (int, str)) else repr(v) for m, v in out["members"].items()}
        elif _raw(obj, "__dataclass_fields__") is not None:
            out["fields"] = [f.name for f in dataclasses.fields(obj)]
        methods: dict[str, Any] = {}
        for klass in _raw(obj, "__mro__") or (obj,):
            if klass is object or _raw(klass, "__module__") in _FOREIGN:
                continue
            for attr, value in (_raw(klass, "__dict__") or {}).items():
                if attr in methods or (attr.startswith("_") and attr != "__init__"):
                    continue
                func = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
                if inspect.isfunction(func):
                    params = _params(func)
                    if params and not isinstance(value, staticmethod):
                        params = params[1:]  # self / cls
                    methods[attr] = params
        hinted = own.get("__annotations__") or {}
        if "members" not in out and any("ClassVar" in str(v) for v in hinted.values()):
            out["members"] = {m: None for m, v in hinted.items() if "ClassVar" in str(v)}  # a stub of a C++ enum
        if methods and "members" not in out and "fields" not in out:
            out["methods"] = methods
    return out


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--ours":
        import pyasc.compat

        pyasc.compat.install()
        wanted: dict[str, list[str]] = json.loads(sys.stdin.read())
        result: dict[str, Any] = {}
        for name, members in wanted.items():
            try:
                module = importlib.import_module(name)
            except Exception as exc:  # noqa: BLE001 - the test reports it as a missing module
                result[name] = {"error": f"{type(exc).__name__}: {exc}"}
                continue
            result[name] = {m: describe(getattr(module, m)) if hasattr(module, m) else None for m in members}
        json.dump(result, sys.stdout, indent=1, sort_keys=True)
        return 0
    surface = {}
    for name in modules():
        module = importlib.import_module(name)
        surface[name] = {m: describe(getattr(module, m)) for m in cann_names(name)}
    json.dump(surface, sys.stdout, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
