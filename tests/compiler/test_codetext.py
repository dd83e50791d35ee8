"""A jit function's text without its comments (syntax/codetext.py): the same syntax tree with the same positions as
its text, whatever its strings hold, so that a cache keyed by it is never answered across a change of the code."""

from __future__ import annotations

import ast
from pathlib import Path

from pyasc.compiler.syntax.codetext import code_text
from pyasc.compiler.syntax.module import scan_module

PROGRAM = Path(__file__).resolve().parents[2] / "bench" / "programs" / "big_kernel.py"

TRICKY = '''import asc

N = 8  # a constant


@asc.jit  # the decorator's comment
def tricky(t: asc.LocalTensor, n: int) -> None:  # the header's
    # a line of its own
    asc.printf("#%d items # not a comment", n)  # but this is
    asc.printf("""first line
    # inside a string that spans lines
    last line""", n)
    asc.printf(f"{n}#{n}")  # an f-string's '#'
    asc.muls(t, t, 2.0, n)  # x2 'quoted' in the comment
'''


def _tree(text: str) -> str:
    return ast.dump(ast.parse(text), include_attributes=True)


def test_the_text_without_comments_has_the_same_tree_and_places() -> None:
    for text in (TRICKY, PROGRAM.read_text(encoding="utf-8")):
        module = scan_module(text, "/k/text.py")
        assert module.jit
        for jit in module.jit.values():
            stripped = code_text(jit)
            assert _tree(stripped) == _tree(jit.source), jit.qualname
            assert stripped.count("\n") == jit.source.count("\n")


def test_only_what_certainly_is_a_comment_is_cut() -> None:
    jit = scan_module(TRICKY, "/k/tricky.py").jit["tricky"]
    got = code_text(jit).split("\n")
    assert got[0] == "@asc.jit" and got[1].endswith("-> None:") and got[2] == ""
    assert got[3] == '    asc.printf("#%d items # not a comment", n)  # but this is'  # a quote before the '#'
    assert got[5] == "    # inside a string that spans lines"
    assert got[8] == "    asc.muls(t, t, 2.0, n)"


def test_an_edit_of_a_comment_leaves_the_text_and_one_of_the_code_does_not() -> None:
    base = scan_module(TRICKY, "/k/tricky.py").jit["tricky"]
    comment = scan_module(TRICKY.replace("# x2", "# twice"), "/k/tricky.py").jit["tricky"]
    code = scan_module(TRICKY.replace("2.0, n)", "3.0, n)"), "/k/tricky.py").jit["tricky"]
    in_string = scan_module(TRICKY.replace("# inside", "# within"), "/k/tricky.py").jit["tricky"]
    assert code_text(comment) == code_text(base)
    assert code_text(code) != code_text(base)
    assert code_text(in_string) != code_text(base)
