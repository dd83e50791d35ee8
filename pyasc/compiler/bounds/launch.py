"""The values a file's launches give a kernel's run-time integer parameters and its core count.

A launch's literal arguments are known (issue 27: "the literal arguments of a launch in the file"): a parameter
every launch of the kernel gives the same literal (or compile-time expression of module constants) has that value
in every run the file makes, and `kernel[8](...)` runs get_block_idx() over 0..7. Where the launches disagree the
parameter is not known: the launches' values of different parameters would not be combined correctly.
"""

from __future__ import annotations

import ast

from ..constexpr import _fold_arg
from ..launches import LaunchIndex, _inside, bind, launch_root
from ..syntax import JitFunction, ModuleInfo

BLOCK_DIM = "<block_dim>"
"""The key of the launch's core count."""


def launch_values(index: LaunchIndex, module: ModuleInfo, jit: JitFunction) -> tuple[tuple[str, int], ...]:
    """(parameter, value) for each integer every launch of the kernel gives alike; BLOCK_DIM for the core count."""
    calls = index.calls.get(jit.node.name)
    if not calls:
        return ()
    root = launch_root(index.tree, jit.scope)
    seen: dict[str, set[int | None]] = {}
    launches = 0
    counts: dict[str, int] = {}
    for call, _ in calls:
        if root is not index.tree and not _inside(root, call):
            continue
        given: dict[str, ast.expr] = dict(bind(call, jit.node))
        sub = call.func.slice if isinstance(call.func, ast.Subscript) else None
        if sub is not None:
            given[BLOCK_DIM] = sub.elts[0] if isinstance(sub, ast.Tuple) and sub.elts else sub
        for param, arg in given.items():
            if isinstance(arg, (ast.Constant, ast.Name, ast.BinOp, ast.UnaryOp, ast.Attribute)):
                v = _fold_arg(arg, module.constants, module.asc_aliases)
            else:
                v = None
            seen.setdefault(param, set()).add(v if isinstance(v, int) and not isinstance(v, bool) else None)
            counts[param] = counts.get(param, 0) + 1
        launches += 1
    out: list[tuple[str, int]] = []
    for param, vs in seen.items():
        v = next(iter(vs))
        if len(vs) == 1 and v is not None and counts[param] == launches:
            out.append((param, v))
    return tuple(out)
