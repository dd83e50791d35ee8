"""What is known at compile time of one IR value: one classification, and the variants its readers ask.

CANN's pyasc traces a kernel: a value is either a Python object while it traces (a number, a dtype, an enum member,
a class, a string, a tuple...) or a run-time value it builds IR for.  `kind` sorts every IR value into one `Kind`;
each question the front end asks ("is this a Python number?", "can a module-level name stand for it?", "is a
helper specialized for it?") is a set of kinds, so what the variants accept differently is written down once:

| variant | numbers with a value | ConstExpr without one | asc constants | non-number Python values |
|---|---|---|---|---|
| `python_number` | all forms | yes | no | no |
| `global_value` | literals, module constants, arithmetic | no | yes | when their value is known |
| `helper_argument` | literals and module constants | no | no | bindings (`binding`) |
"""

from __future__ import annotations

from enum import Enum

from . import nodes as ir
from .types import ArrayT, BoundMethodT, ClassRefT, FuncRefT, IntListT, ModuleT, ScalarT, StrT, TupleT, Type


class Kind(Enum):
    """The compile-time kinds of IR values, as the tracer holds them."""

    RUNTIME = "a run-time value (a C++ variable or expression, a tensor, a struct, an unknown)"
    NUMBER = "a literal or module constant with its Python number (`4`, `TILE`)"
    ARITHMETIC = "arithmetic or a cast folded to a Python number (`TILE * 2`, `float(4)`)"
    HELD_NUMBER = "another form holding a known Python number (a local bound to one, an if-expression)"
    CONSTEXPR = "a Python number whose value is not known here (a ConstExpr parameter, arithmetic of them)"
    API_CONSTANT = "a constant of the asc namespace, spelled in C++ (`asc.ONE_BLK_SIZE`; `asc.inline` code)"
    DTYPE_OR_ENUM = "a dtype or an enum member (`asc.float16`, `asc.TPosition.VECIN`)"
    OBJECT = "a class, a module or a function (`asc.TQue`, `asc`, a helper)"
    BOUND_METHOD = "a method of a value before its call (`x.get_value`)"
    STRING = "a string literal"
    MODULE_CONSTANT = "a literal None, or a module constant that is no number (a string, a tuple, an unknown)"
    LIST = "a list or tuple of values all known here"
    ARRAY = "an asc.array held by a name (a C array on the device: another name bound to it is the same array)"
    PARTIAL_LIST = "a list or tuple with items not known here"


_NUMBER_FORMS = (ir.Const, ir.ConstName)
_ARITHMETIC_FORMS = (ir.BinOp, ir.UnaryOp, ir.CastExpr)


def holds_python_number(t: Type) -> bool:
    """The tracer holds a value of this type as a Python bool, int or float (its value known or not)."""
    return isinstance(t, ScalarT) and t.compile_time


def kind(e: ir.Expr) -> Kind:
    """The one classification every variant below reads."""
    t = e.type
    if isinstance(e, ir.ApiConst):
        return Kind.API_CONSTANT
    if isinstance(t, ScalarT):
        if t.const is None:
            return Kind.CONSTEXPR if t.ctime else Kind.RUNTIME
        if isinstance(e, _NUMBER_FORMS):
            return Kind.NUMBER
        return Kind.ARITHMETIC if isinstance(e, _ARITHMETIC_FORMS) else Kind.HELD_NUMBER
    if isinstance(e, (ir.DTypeRef, ir.EnumMember)):
        return Kind.DTYPE_OR_ENUM
    if isinstance(t, BoundMethodT):
        return Kind.BOUND_METHOD
    if isinstance(t, (ClassRefT, ModuleT, FuncRefT)):
        return Kind.BOUND_METHOD if isinstance(e, ir.MethodRef) else Kind.OBJECT
    if isinstance(t, ArrayT) and isinstance(e, ir.Name):
        return Kind.ARRAY
    if isinstance(e, ir.IntList):
        if isinstance(t, IntListT):
            return Kind.LIST if all(v is not None for v in t.items) else Kind.PARTIAL_LIST
        if isinstance(t, TupleT):
            return Kind.LIST if all(global_value(i) for i in e.items) else Kind.PARTIAL_LIST
        return Kind.RUNTIME
    if isinstance(e, ir.Const) and isinstance(t, StrT):
        return Kind.STRING
    if isinstance(e, _NUMBER_FORMS):
        return Kind.MODULE_CONSTANT
    return Kind.RUNTIME


PYTHON_NUMBER = frozenset({Kind.NUMBER, Kind.ARITHMETIC, Kind.HELD_NUMBER, Kind.CONSTEXPR})
"""A Python bool, int or float while tracing: the operators apply Python's rules to it (`not`, `and`)."""

BINDING = frozenset({Kind.DTYPE_OR_ENUM, Kind.OBJECT, Kind.BOUND_METHOD, Kind.STRING, Kind.LIST,
                     Kind.PARTIAL_LIST, Kind.ARRAY})
"""A value a name binds at compile time rather than a C++ variable holding it."""

GLOBAL_VALUE = frozenset({Kind.NUMBER, Kind.ARITHMETIC, Kind.API_CONSTANT, Kind.DTYPE_OR_ENUM, Kind.OBJECT,
                          Kind.STRING, Kind.MODULE_CONSTANT, Kind.LIST})
"""A value known here that a module-level name can stand for: its value is computed (no ConstExpr, whose value
is the launch's), and no bound method or list with items unknown here."""

HELPER_ARGUMENT = frozenset({Kind.NUMBER} | BINDING) - {Kind.ARRAY}
"""A value a helper is specialized for in place of its parameter: a literal or module constant number (not
arithmetic, which stays an argument), or a binding (not an array: the helper's C++ takes it as a parameter)."""


def python_number(e: ir.Expr) -> bool:
    """The tracer holds it as a Python bool, int or float rather than a run-time value (a ConstExpr included)."""
    return kind(e) in PYTHON_NUMBER


def binding(e: ir.Expr) -> bool:
    """A name bound to it is a compile-time binding, not a C++ variable."""
    return kind(e) in BINDING


def global_value(e: ir.Expr) -> bool:
    """A module-level name bound to it is that compile-time value (`DTYPE = asc.float16`)."""
    return kind(e) in GLOBAL_VALUE


def helper_argument(e: ir.Expr) -> bool:
    """A helper called with it is specialized for it."""
    return kind(e) in HELPER_ARGUMENT
