"""A long function re-parsed by the statements of its body that changed (syntax/funcparse.py): the tree is the one
`ast.parse` gives, the unchanged statements are the trees of the last parse, and what cannot be cut is parsed whole."""

from __future__ import annotations

import ast

import pytest

from pyasc.compiler.syntax import funcparse
from pyasc.compiler.syntax.parse import _parse_incremental

KERNEL = '''import pyasc as asc


@asc.jit
def long_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress,
                n: int) -> None:
    """A docstring
over a line in column 0."""
    total = 0
''' + "".join(f"    v{i} = n * {i}  # step {i}\n" for i in range(30)) + '''    for i in range(4):
        total = total + i
    else:
        total = -1
    text = """
    not_a_statement = 1
    """
    call(x,
    y)
    a = 1; b = 2
    return total


X = 1
''' + "".join(f"\n\ndef filler_{i}(a):\n    return a + {i}\n" for i in range(60))
"""Long enough to parse by unit, with a kernel of over 40 lines: a docstring, a string and a call over lines at the
body's indentation, a `for` with `else`, two statements on one line."""


def dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def kernel_of(tree: ast.Module) -> ast.FunctionDef:
    return next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "long_kernel")


@pytest.mark.parametrize("edit", [
    ("v7 = n * 7", "v7 = n * 70"),  # one statement
    ("total = total + i", "total = total - i"),  # inside the loop: the loop again
    ("not_a_statement = 1", "not_a_statement = 2"),  # inside the string
    ("    y)", "    y, 3)"),  # the call's last line, at the body's indentation
    ("a = 1; b = 2", "a = 1; b = 3"),
    ("n: int) -> None:", "n: int, m: int = 2) -> None:"),  # the signature
])
def test_the_tree_is_the_one_of_a_whole_parse(edit: tuple[str, str]) -> None:
    first = _parse_incremental(KERNEL)
    assert first is not None and dump(first) == dump(ast.parse(KERNEL))
    edited = KERNEL.replace(*edit)
    tree = _parse_incremental(edited)
    assert tree is not None and dump(tree) == dump(ast.parse(edited))


def test_unchanged_statements_are_the_trees_of_the_last_parse() -> None:
    before = kernel_of(_parse_incremental(KERNEL))
    after = kernel_of(_parse_incremental(KERNEL.replace("v7 = n * 7", "v7 = n * 70")))
    assert after is not before
    same = [a is b for a, b in zip(before.body, after.body, strict=True)]
    assert same.count(False) == 1 and not same[before.body.index(next(
        s for s in before.body if isinstance(s, ast.Assign) and ast.unparse(s) == "v7 = n * 7"))]


def test_a_function_that_cannot_be_cut_is_parsed_whole() -> None:
    lines = ["def f(a):\\"] + ["    x = 1"] * 30
    assert funcparse.parse_function(lines, 0, len(lines), "\n".join(lines)) is None  # the body is on the def line
    broken = ["def f(a):"] + ["    x = 1"] * 30 + ["  y = 2"]
    assert funcparse.parse_function(broken, 0, len(broken), "\n".join(broken)) is None  # a bad dedent
    assert _parse_incremental(KERNEL.replace("    return total", "  return total")) is None


def test_the_pieces_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(funcparse, "_PIECES", type(funcparse._PIECES)())
    monkeypatch.setattr(funcparse, "_held", 0)
    monkeypatch.setattr(funcparse, "PIECES_MAX", 60)
    monkeypatch.setattr(funcparse, "PIECES_MAX_CHARS", 3000)
    for i in range(40):  # each edit adds a loop of 40 lines, parsed as one piece
        text = KERNEL.replace("total = total + i", "total = total + i" + "\n        w = 1" * 40 + f"\n        v = {i}")
        tree = _parse_incremental(text)
        assert tree is not None and dump(tree) == dump(ast.parse(text))
        assert len(funcparse._PIECES) <= 60
        assert funcparse._held == sum(len(text) for text, _ in funcparse._PIECES) <= 3000
