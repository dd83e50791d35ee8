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


def hanging(
    a: int,
    b: int,
) -> int:
    """A docstring.

    With a blank line, and lines at the body's indentation.
    """
    total = a
    for i in range(b):
        total = total + i
        total = total * 2
        total = total - 1
        total = total + 3
        total = total // 2
        total = total + 5
        total = total % 7
        total = total + 11
    for j in range(a):
        total = total + j
''' + "".join(f"    w{i} = total + {i}\n" for i in range(12)) + '''    return total
''' + "".join(f"\n\ndef filler_{i}(a):\n    return a + {i}\n" for i in range(60))
"""Long enough to parse by unit, with a kernel of over 40 lines (a docstring, a string and a call over lines at the
body's indentation, a `for` with `else`, two statements on one line) and a function with a signature closed in
column 0 and a loop of a third of its body."""


def dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


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


@pytest.mark.parametrize(("name", "edit", "changed"), [
    ("long_kernel", ("v7 = n * 7", "v7 = n * 70"), 9),  # the statement edited, after the docstring and `total = 0`
    ("hanging", ("total % 7", "total % 9"), 2),  # inside a loop of a third of the body: the loop
])
def test_unchanged_statements_are_the_trees_of_the_last_parse(name: str, edit: tuple[str, str], changed: int) -> None:
    def function(tree: ast.Module | None) -> ast.FunctionDef:
        assert tree is not None
        return next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == name)

    before = function(_parse_incremental(KERNEL))
    edited = KERNEL.replace(*edit)
    after = function(_parse_incremental(edited))
    assert after is not before and dump(after) == dump(function(ast.parse(edited)))
    assert [i for i, (a, b) in enumerate(zip(before.body, after.body, strict=True)) if a is not b] == [changed]


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
