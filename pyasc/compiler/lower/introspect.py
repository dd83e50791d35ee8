"""What Python's introspection gives at trace time: the class CANN's tracer holds for a value (`isinstance`),
and identity (`is`, `is not`) of compile-time values.  Pure functions of the lowered IR; nothing is run."""

from __future__ import annotations

from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    ClassRefT,
    DTypeValT,
    EnumT,
    FuncRefT,
    IntListT,
    NoneT,
    ObjT,
    ScalarT,
    StrT,
    TensorT,
    TupleT,
    Type,
)

_PYTHON_CLASSES = {"int": ("int", "bool"), "float": ("float",), "str": ("str",), "tuple": ("tuple",),
                   "list": ("list",), "dict": ("dict",), "type": ("type",)}
"""The builtin classes a kernel sees (base.KERNEL_BUILTINS) and the trace classes that are instances of each."""
_SUBCLASSES = {"TQueBind": ("TQue",)}
"""CANN's classes with subclasses a kernel meets (a TQue is a TQueBind)."""


def trace_class(e: ir.Expr) -> str | None:
    """The name of the class of e's value while CANN traces the kernel; None when it is not known here."""
    t = e.type
    if isinstance(t, ScalarT):
        if t.const is not None:
            return type(t.const).__name__
        d = t.dvar.value
        if not t.ctime:
            return "PlainValue"
        if d is None:
            return None
        return "bool" if d.name == "int1" else "float" if d.is_float else "int"
    simple: dict[type[Type], str] = {StrT: "str", NoneT: "NoneType", DTypeValT: "DataType", AddrT: "GlobalAddress"}
    for cls, name in simple.items():
        if isinstance(t, cls):
            return name
    if isinstance(t, IntListT):
        return "list"
    if isinstance(t, TupleT):
        return "tuple"
    if isinstance(t, TensorT):
        return "GlobalTensor" if t.memory == "global" else "LocalTensor"
    if isinstance(t, ObjT):
        return t.cls
    if isinstance(t, EnumT):
        return t.enum
    return None


def instance_of(value_class: str, cls: ir.Expr) -> bool | None:
    """isinstance() of a value of the trace class `value_class` and the class (or tuple of classes) `cls`; None
    when `cls` is not a class this analysis knows."""
    if isinstance(cls, ir.IntList) and isinstance(cls.type, TupleT):
        answers = [instance_of(value_class, c) for c in cls.items]
        return None if None in answers else any(answers)
    t = cls.type
    if isinstance(t, FuncRefT) and t.kind == "builtin" and t.name in _PYTHON_CLASSES:
        return value_class in _PYTHON_CLASSES[t.name]
    if isinstance(t, ClassRefT) and t.kind in ("class", "enum", "struct"):
        name = t.name.rsplit(".", 1)[-1]
        return value_class == name or value_class in _SUBCLASSES.get(name, ())
    return None


def identity(e: ir.Expr) -> object:
    """A key equal for two compile-time values exactly when `is` holds for them at trace time (None is None,
    a dtype is itself, an enum member is itself, a small int is itself); raises LookupError otherwise."""
    t = e.type
    if isinstance(t, NoneT):
        return ("None",)
    if isinstance(t, ScalarT) and t.const is not None and not isinstance(e, ir.ApiConst):
        v = t.const
        if isinstance(v, bool) or isinstance(v, int) and -5 <= v <= 256:  # CPython's cached ints
            return ("value", type(v).__name__, v)
    if isinstance(t, DTypeValT) and t.dvar.value is not None:
        return ("dtype", t.dvar.value.name)
    if isinstance(e, ir.EnumMember):
        return ("enum", e.enum, e.member)
    raise LookupError
