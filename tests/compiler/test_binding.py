"""A helper call's binding (lower/binding.py) is Python's: for every parameter list and call shape below, the call
binds where inspect.signature's bind succeeds, each argument to the parameter bind gives it, and fails where bind
raises, with the finding CANN's users read."""

from __future__ import annotations

import ast
import inspect
import itertools

import pytest

from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.lower import binding

PARAMETER_LISTS = ["a, b", "a, b=1", "a, /, b", "a, *, k", "a, *, k=2", "a, b, /, c=1, *, d", "", "a=0, b=0"]
KEYWORDS = ["a", "b", "c", "d", "k", "z"]
SPAN = Span(3, 4, 3, 20)


def _shapes() -> list[tuple[int, tuple[str, ...]]]:
    """Up to three positional arguments, then up to two keywords (a repeated one among them)."""
    out = []
    for count in range(4):
        for n in range(3):
            for keywords in itertools.product(KEYWORDS, repeat=n):
                out.append((count, keywords))
    return out


@pytest.mark.parametrize("params", PARAMETER_LISTS)
def test_the_binding_is_pythons(params: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"def helper({params}):\n    pass\n", namespace)  # noqa: S102 - our own parameter lists
    signature = inspect.signature(namespace["helper"])  # type: ignore[arg-type]
    node = ast.parse(f"def helper({params}):\n    pass\n").body[0]
    assert isinstance(node, ast.FunctionDef)
    names = [p.arg for p in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
    checked = 0
    for count, keywords in _shapes():
        shape = tuple([(None, None)] * count + [(k, SPAN) for k in keywords])
        got = binding.places("helper", node.args, shape, SPAN)
        if len(set(keywords)) < len(keywords):  # a keyword given twice: Python's parser refuses the call itself
            assert isinstance(got, tuple) and got[0] in ("PA301", "PA302", "PA305")
            continue
        try:
            bound = signature.bind(*range(count), **{k: k for k in keywords})
        except TypeError:
            assert isinstance(got, tuple), (params, count, keywords)
            assert got[0] in ("PA301", "PA302", "PA305") and got[2] == SPAN
        else:
            assert isinstance(got, list), (params, count, keywords, got)
            given = list(range(count)) + list(keywords)
            assert {names[at]: value for at, value in zip(got, given, strict=True)} == bound.arguments
        checked += 1
    assert checked == 4 * (1 + 6 + 30)  # every shape without a repeated keyword


def test_the_findings_name_what_does_not_fit() -> None:
    node = ast.parse("def load(q, g, n, /, *, k):\n    pass\n").body[0]
    assert isinstance(node, ast.FunctionDef)
    at = Span(9, 8, 9, 10)
    assert binding.failure("load", node.args, ((None, None),) * 4, SPAN) == (
        "PA301", "load() takes 3 positional arguments, 4 given", SPAN)
    assert binding.failure("load", node.args, ((None, None), ("n", at)), SPAN) == (
        "PA302", "load() has no parameter 'n' (it is positional-only)", at)
    assert binding.failure("load", node.args, ((None, None),) * 3 + (("k", at), ("k", at)), SPAN) == (
        "PA305", "load() gets 'k' twice", at)
    assert binding.failure("load", node.args, ((None, None),) * 2, SPAN) == (
        "PA301", "load() is missing arguments: n, k (4 parameters, 2 arguments given)", SPAN)
    assert binding.failure("load", node.args, ((None, None),) * 3 + (("k", at),), SPAN) is None
