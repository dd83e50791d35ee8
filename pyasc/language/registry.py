"""Gathers the API tables into lookup dictionaries; the only place that knows which table modules exist.

`python -m pyasc.language.registry --stats` prints how many names, overloads and generated APIs there are.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from functools import cache

from . import dtypes as _dtypes
from .api import adv, basic, basic_cube, basic_sys, core, enums, fwk
from .api.rule.store import load
from .spec import ApiSpec, ClassSpec, ConstSpec, EnumSpec

_API_MODULES = (basic, basic_sys, basic_cube, core, fwk, adv)
_CLASS_MODULES = (core, fwk, basic_cube, adv)

APIS: dict[str, ApiSpec] = {a.name: a for m in _API_MODULES for a in m.APIS}
"""Functions by qualified name: `add`, `adv.exp`."""

CLASSES: dict[str, ClassSpec] = {c.name: c for m in _CLASS_MODULES for c in m.CLASSES}
"""Classes by qualified name: `TQue`, `GlobalTensor`, `BinaryRepeatParams`, `adv.Matmul`."""

ENUMS: dict[str, EnumSpec] = {e.name: e for e in enums.ENUMS}
"""Enums by name: `TPosition`."""

CONSTANTS: dict[str, ConstSpec] = {c.name: c for c in core.CONSTANTS}
"""Named constants by name: `ONE_BLK_SIZE`."""

HANDWRITTEN = (dict(APIS), dict(CLASSES), dict(ENUMS))
"""The hand-written tables alone (the functions, classes and enums CANN's pyasc 1.1.1 binds), which the rule defers
to: `build(*HANDWRITTEN)` derives the committed table."""

RULE = load()
"""The entries derived from the Ascend C headers' facts (api/rule/), beside the hand-written ones above, which
override them (a name bound by hand is theirs); merged into APIS, CLASSES and ENUMS below, each marked with the
declaration it came from (`rule`)."""


def _merge_rule() -> None:
    for a in RULE.apis:
        APIS.setdefault(a.name, a)
    for e in RULE.enums:
        ENUMS.setdefault(e.name, e)
    for c in RULE.classes:
        CLASSES.setdefault(c.name, c)
    extra: dict[str, dict[str, ApiSpec]] = {}
    for (cls, name), m in RULE.methods.items():
        extra.setdefault(cls, {})[name] = m
    for (cls, name), forms in RULE.extra_forms.items():
        hand = CLASSES[cls].methods[name]
        extra.setdefault(cls, {})[name] = replace(hand, declared=(*hand.overloads, *forms))
    for cls, methods in extra.items():
        CLASSES[cls] = replace(CLASSES[cls], methods={**CLASSES[cls].methods, **methods})


_merge_rule()

ADV_PREFIX = "adv."
"""Qualified names of `asc.adv.<name>` start with this."""


@cache
def method(class_name: str, name: str) -> ApiSpec | None:
    """A method of a class, following bases (TQue.alloc_tensor is TQueBind's)."""
    cls = CLASSES.get(class_name)
    if cls is None:
        return None
    if name in cls.methods:
        return cls.methods[name]
    for base in cls.bases:
        found = method(base, name)
        if found is not None:
            return found
    return None


def methods(class_name: str) -> dict[str, ApiSpec]:
    """Every method of a class, inherited ones included."""
    cls = CLASSES.get(class_name)
    if cls is None:
        return {}
    out: dict[str, ApiSpec] = {}
    for base in cls.bases:
        out.update(methods(base))
    out.update(cls.methods)
    return out


def all_apis() -> list[ApiSpec]:
    """Every function and method spec."""
    out = list(APIS.values())
    for cls in CLASSES.values():
        out.extend(cls.methods.values())
    return out


def public_names() -> list[str]:
    """Every `asc.<name>` and `asc.adv.<name>` the specification knows, qualified (`adv.exp`), sorted."""
    names = set(APIS) | set(CLASSES) | set(ENUMS) | set(CONSTANTS) | set(_dtypes.all_names())
    return sorted(names)


def lookup(name: str) -> ApiSpec | ClassSpec | EnumSpec | ConstSpec | None:
    """The spec of a qualified public name (`add`, `adv.Matmul`, `TPosition`, `ONE_BLK_SIZE`), or None."""
    return APIS.get(name) or CLASSES.get(name) or ENUMS.get(name) or CONSTANTS.get(name)


def stats() -> dict[str, int]:
    """Counts for the documentation: names, overloads and how many of them have a C++ template."""
    specs = all_apis()
    overloads = [o for s in specs for o in s.overloads]
    ctors = [c for cls in CLASSES.values() for c in cls.constructors]
    return {
        "names": len(public_names()),
        "functions": len(APIS),
        "adv_functions": sum(1 for n in APIS if n.startswith(ADV_PREFIX)),
        "classes": len(CLASSES),
        "methods": sum(len(c.methods) for c in CLASSES.values()),
        "enums": len(ENUMS),
        "enum_members": sum(len(e.members) for e in ENUMS.values()),
        "dtypes": len(_dtypes.all_names()),
        "constants": len(CONSTANTS),
        "overloads": len(overloads),
        "constructors": len(ctors),
        "generated_apis": sum(1 for s in specs if s.generated),
        "generated_overloads": sum(1 for o in overloads if o.cpp is not None),
        "generated_constructors": sum(1 for c in ctors if c.cpp is not None),
        "rule_functions": sum(1 for a in APIS.values() if a.rule),
        "rule_generated_functions": sum(1 for a in APIS.values() if a.rule and a.generated),
        "rule_classes": sum(1 for c in CLASSES.values() if c.rule),
        "rule_methods": sum(1 for c in CLASSES.values() for m in c.methods.values() if m.rule),
        "rule_forms_of_hand_written_methods": sum(1 for s in specs if not s.rule for o in s.overloads if o.rule),
        "rule_enums": sum(1 for e in ENUMS.values() if e.rule),
        "rule_bound_by_hand": len(RULE.bound),
        "rule_disagreements": len(RULE.disagreements),
    }


def main(argv: list[str] | None = None) -> int:
    """`--stats`: print the counts, one `name: value` per line."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["--stats"]:
        print("usage: python -m pyasc.language.registry --stats", file=sys.stderr)
        return 2
    for key, value in stats().items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
