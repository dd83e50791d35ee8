"""What the front end reuses across edits of a long file: the walk of each unchanged host statement for launches
(launches.py) and the identifiers of a function's Name nodes (module.name_ids), with the answers of a fresh walk."""

from __future__ import annotations

import ast

from pyasc.compiler.syntax import launches
from pyasc.compiler.syntax import module as syntax_module
from pyasc.compiler.syntax.launches import LaunchIndex
from pyasc.compiler.syntax.module import function_name_ids, name_ids, scan_module

FILLER = "".join(f"\n\ndef filler_{i}(a):\n    '''{'x' * 200}'''\n    return a + {i}\n" for i in range(24))
"""Past 4,000 characters: the file is parsed by unit."""

PROGRAM = """import numpy as np
import pyasc as asc


@asc.jit
def kern(x: asc.GlobalAddress, n: int):
    v = n + 1


def run():
    a = np.zeros(8, np.float16)
    kern[8](a, 4)
""" + FILLER


def index(text: str) -> tuple[LaunchIndex, ast.Module]:
    module = scan_module(text, "<memory>")
    return LaunchIndex(module.tree, {id(j.node) for j in module.jit.values()}, module.positions.span), module.tree


def test_an_unchanged_host_statement_is_walked_once():
    _, tree = index(PROGRAM)
    run = next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "run")
    walk = launches._WALKS.get(run)
    edited, tree2 = index(PROGRAM.replace("n + 1", "n + 2"))  # an edit inside the kernel: the host is the same
    run2 = next(s for s in tree2.body if isinstance(s, ast.FunctionDef) and s.name == "run")
    assert run2 is run and launches._WALKS.get(run2) is walk
    [(call, body)] = edited.calls["kern"]
    assert body is run.body and call.lineno == 12
    assert [i.dtypes[0][1].dtype for i in edited.instances(tree2.body[2], ())] == ["float16"]


def test_a_statement_walked_again_when_a_function_under_it_stops_or_starts_being_a_kernel():
    nested = "import pyasc as asc\n\n\ndef outer(a):\n    @asc.jit\n    def inner(x: asc.GlobalAddress):\n" \
             "        inner[1](x)\n    inner[2](a)\n" + FILLER
    found, _ = index(nested)
    assert [c.lineno for c, _ in found.calls["inner"]] == [8]  # the kernel's body is not host code
    # the same statement, now with no asc alias: `inner` is an ordinary function, its body host code
    plain = nested.replace("import pyasc as asc\n", "import pyasc as other\n")
    found, _ = index(plain)
    assert sorted(c.lineno for c, _ in found.calls["inner"]) == [7, 8]


def test_name_ids_are_what_ast_walk_finds():
    text = PROGRAM + "\n\ndef odd(a):\n    global g\n    d = {**a, 'k': b}\n    match a:\n" \
                     "        case P(x=1, y=[z]):\n            return lambda q: q + w\n    return f'{a!r} {c}'\n"
    tree = ast.parse(text)
    for node in [tree, *ast.walk(tree)]:
        assert name_ids(node) == frozenset(n.id for n in ast.walk(node) if isinstance(n, ast.Name))


def test_a_function_s_names_are_walked_only_in_its_changed_statements():
    long_kernel = PROGRAM.replace("    v = n + 1\n", "".join(f"    v{i} = n + {i} + helper_{i}\n" for i in range(30)))
    first = scan_module(long_kernel, "<memory>").jit["kern"]
    assert first.exact_names == frozenset(n.id for n in ast.walk(first.node) if isinstance(n, ast.Name))
    edited = scan_module(long_kernel.replace("n + 7 + helper_7", "n + 7 + other"), "<memory>").jit["kern"]
    kept = [syntax_module._STMT_NAMES.get(s) for s in first.node.body]
    assert [syntax_module._STMT_NAMES.get(s) is k for s, k in zip(edited.node.body, kept, strict=True)].count(False) \
        == 1
    assert edited.exact_names == function_name_ids(edited.node) == frozenset(
        n.id for n in ast.walk(edited.node) if isinstance(n, ast.Name))
    assert "other" in edited.exact_names and "helper_7" not in edited.exact_names


def test_the_names_a_scope_binds_once_are_summed_from_its_statements():
    text = PROGRAM.replace("    kern[8](a, 4)\n", "    b = a\n    for c in range(2):\n        d = c\n    b = 2\n"
                                                 "    e = [f for f in a]\n    kern[8](a, 4)\n")
    found, tree = index(text)
    run = next(s for s in tree.body if isinstance(s, ast.FunctionDef) and s.name == "run")
    env = found._env(run.body)
    assert sorted(env) == ["a", "e"]  # b twice; c, d and f bound in a loop
    assert env == launches.single_bindings(launches.scope_nodes(run.body))
    kept = [launches._BINDINGS.get(s) for s in run.body]
    again, tree2 = index(text.replace("n + 1", "n + 3"))
    run2 = next(s for s in tree2.body if isinstance(s, ast.FunctionDef) and s.name == "run")
    assert again._env(run2.body) == env
    assert all(launches._BINDINGS.get(s) is k for s, k in zip(run2.body, kept, strict=True))
