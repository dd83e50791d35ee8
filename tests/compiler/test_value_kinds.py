"""The one classification of compile-time values (pyasc/compiler/ir/value_kinds.py) and its variants, as a table:
each IR value form, the kind it is, and the answer of every variant."""

from __future__ import annotations

import pytest

from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.ir import nodes as ir
from pyasc.compiler.ir import value_kinds as vk
from pyasc.compiler.ir.types import (
    ArrayT,
    BoundMethodT,
    ClassRefT,
    DTypeValT,
    DVar,
    EnumT,
    FuncRefT,
    IntListT,
    ModuleT,
    NoneT,
    ObjT,
    ScalarT,
    StrT,
    TensorT,
    TupleT,
    UnknownT,
    scalar,
)
from pyasc.language.dtypes import DTYPES

SP = Span(1, 0, 1, 1)
K = vk.Kind


def _int(value: object = None) -> ScalarT:
    return scalar("int32", value)


def _constexpr() -> ScalarT:
    return ScalarT(DVar(DTYPES["int32"]), ctime=True)


def _runtime_name() -> ir.Name:
    return ir.Name(SP, _int())


def _dtype() -> ir.DTypeRef:
    return ir.DTypeRef(SP, DTypeValT(DVar(DTYPES["float16"])))


# (what, value, kind, python_number, binding, global_value, helper_argument)
TABLE: list[tuple[str, ir.Expr, vk.Kind, bool, bool, bool, bool]] = [
    ("run-time local", _runtime_name(), K.RUNTIME, False, False, False, False),
    ("run-time literal-form", ir.Const(SP, _int(), None), K.RUNTIME, False, False, False, False),
    ("tensor", ir.Name(SP, TensorT("global", DVar(DTYPES["float16"]))), K.RUNTIME, False, False, False, False),
    ("asc object", ir.Name(SP, ObjT("TPipe")), K.RUNTIME, False, False, False, False),
    ("after an error", ir.invalid(SP), K.RUNTIME, False, False, False, False),
    ("asc.array made", ir.ArrayNew(SP, ArrayT(DVar(DTYPES["int32"]), 2)), K.RUNTIME, False, False, False, False),
    ("asc.array held by a name", ir.Name(SP, ArrayT(DVar(DTYPES["int32"]), 2)), K.ARRAY, False, True, False, False),
    ("list of unknown type", ir.IntList(SP, UnknownT(), []), K.RUNTIME, False, False, False, False),
    ("int literal", ir.Const(SP, _int(4), 4), K.NUMBER, True, False, True, True),
    ("bool literal", ir.Const(SP, scalar("int1", True), True), K.NUMBER, True, False, True, True),
    ("module constant", ir.ConstName(SP, _int(8), "TILE", 8), K.NUMBER, True, False, True, True),
    ("folded arithmetic", ir.BinOp(SP, _int(16), "*", ir.ConstName(SP, _int(8), "TILE", 8),
                                   ir.Const(SP, _int(2), 2)), K.ARITHMETIC, True, False, True, False),
    ("folded negation", ir.UnaryOp(SP, _int(-1), "-", ir.Const(SP, _int(1), 1)),
     K.ARITHMETIC, True, False, True, False),
    ("folded cast", ir.CastExpr(SP, scalar("float32", 4.0), "float32", ir.Const(SP, _int(4), 4)),
     K.ARITHMETIC, True, False, True, False),
    ("local bound to a number", ir.Name(SP, _int(3)), K.HELD_NUMBER, True, False, False, False),
    ("ConstExpr parameter", ir.Name(SP, _constexpr()), K.CONSTEXPR, True, False, False, False),
    ("ConstExpr arithmetic", ir.BinOp(SP, _constexpr(), "+", ir.Name(SP, _constexpr()), ir.Const(SP, _int(1), 1)),
     K.CONSTEXPR, True, False, False, False),
    ("asc constant", ir.ApiConst(SP, _int(), "ONE_BLK_SIZE", "AscendC::ONE_BLK_SIZE"),
     K.API_CONSTANT, False, False, True, False),
    ("asc.inline code", ir.ApiConst(SP, NoneT(), "inline", "x++"), K.API_CONSTANT, False, False, True, False),
    ("dtype", _dtype(), K.DTYPE_OR_ENUM, False, True, True, True),
    ("enum member", ir.EnumMember(SP, EnumT("TPosition", "VECIN"), "TPosition", "VECIN"),
     K.DTYPE_OR_ENUM, False, True, True, True),
    ("class", ir.Expr(SP, ClassRefT("TQue")), K.OBJECT, False, True, True, True),
    ("module", ir.Expr(SP, ModuleT("")), K.OBJECT, False, True, True, True),
    ("helper function", ir.Expr(SP, FuncRefT("add_one", "helper")), K.OBJECT, False, True, True, True),
    ("bound method", ir.MethodRef(SP, BoundMethodT(_int(), "Scalar", "get_value"), _runtime_name()),
     K.BOUND_METHOD, False, True, False, True),
    ("method reference typed as a function", ir.MethodRef(SP, FuncRefT("f"), _runtime_name()),
     K.BOUND_METHOD, False, True, False, True),
    ("string literal", ir.Const(SP, StrT("abc"), "abc"), K.STRING, False, True, True, True),
    ("None literal", ir.Const(SP, NoneT(), None), K.MODULE_CONSTANT, False, False, True, False),
    ("string module constant", ir.ConstName(SP, StrT("abc"), "NAME", "abc"),
     K.MODULE_CONSTANT, False, False, True, False),
    ("tuple module constant", ir.ConstName(SP, IntListT((1, 2)), "SHAPE", (1, 2)),
     K.MODULE_CONSTANT, False, False, True, False),
    ("int list", ir.IntList(SP, IntListT((1, 2)), [ir.Const(SP, _int(1), 1), ir.Const(SP, _int(2), 2)]),
     K.LIST, False, True, True, True),
    ("tuple of known values", ir.IntList(SP, TupleT((DTypeValT(DVar()), _int(2))),
                                         [_dtype(), ir.Const(SP, _int(2), 2)]), K.LIST, False, True, True, True),
    ("int list with a run-time item", ir.IntList(SP, IntListT((1, None)), [ir.Const(SP, _int(1), 1),
                                                                        _runtime_name()]),
     K.PARTIAL_LIST, False, True, False, True),
    ("tuple with a run-time item", ir.IntList(SP, TupleT((_int(), _int(2))), [_runtime_name(),
                                                                          ir.Const(SP, _int(2), 2)]),
     K.PARTIAL_LIST, False, True, False, True),
    ("tuple with a ConstExpr item", ir.IntList(SP, TupleT((_constexpr(),)), [ir.Name(SP, _constexpr())]),
     K.PARTIAL_LIST, False, True, False, True),
]


@pytest.mark.parametrize(("what", "value", "kind", "number", "binding", "global_value", "helper"), TABLE,
                         ids=[row[0] for row in TABLE])
def test_kind_and_variants(what: str, value: ir.Expr, kind: vk.Kind, number: bool, binding: bool,
                           global_value: bool, helper: bool) -> None:
    assert vk.kind(value) is kind, what
    assert (vk.python_number(value), vk.binding(value), vk.global_value(value), vk.helper_argument(value)) == (
        number, binding, global_value, helper), what


@pytest.mark.parametrize(("what", "value"), [(row[0], row[1]) for row in TABLE], ids=[row[0] for row in TABLE])
def test_python_number_is_a_question_of_the_type(what: str, value: ir.Expr) -> None:
    """The rebinding rules ask it of a name's type alone (no expression there): the same answer."""
    assert vk.holds_python_number(value.type) == vk.python_number(value), what


def test_the_table_covers_every_kind() -> None:
    assert {row[2] for row in TABLE} == set(vk.Kind)


def test_variants_are_kind_sets() -> None:
    """What the variants accept differently, as sets of kinds (the module's docstring table)."""
    assert vk.PYTHON_NUMBER == {K.NUMBER, K.ARITHMETIC, K.HELD_NUMBER, K.CONSTEXPR}
    assert vk.GLOBAL_VALUE - vk.PYTHON_NUMBER == {K.API_CONSTANT, K.DTYPE_OR_ENUM, K.OBJECT, K.STRING,
                                                  K.MODULE_CONSTANT, K.LIST}
    assert vk.PYTHON_NUMBER - vk.GLOBAL_VALUE == {K.HELD_NUMBER, K.CONSTEXPR}
    assert vk.HELPER_ARGUMENT == {K.NUMBER} | vk.BINDING - {K.ARRAY}
    assert not vk.BINDING & vk.PYTHON_NUMBER
