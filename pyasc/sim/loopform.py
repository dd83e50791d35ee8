"""CANN's `with matmul.iterate() as count:` runs its body once per base block of C: CANN's tracer emits the `with`
body as the body of `while (mm.Iterate()) { ...; ++count; }`.  The simulator runs the kernel's Python, where a `with`
body runs once, so a kernel (or jit helper) that has the form is recompiled from its source with each such `with`
turned into `for count in matmul.iterate(...):` (the simulator's iterate() yields 0, 1, ... one block at a time).

The recompiled function keeps the file, line and column of every statement (findings point at the user's code),
its globals, defaults and closure cells, so nested kernels reading their enclosing function's variables still work.
"""

from __future__ import annotations

import ast
import inspect
import types
from collections.abc import Callable
from typing import Any

_CACHE: dict[int, tuple[types.CodeType, types.CodeType | None]] = {}
"""id of a kernel's code -> (that code, kept alive for the id; the recompiled code, or None when unchanged).  Code,
not functions: closures made by one def share the code and differ in their cells."""


def _is_iterate(item: ast.withitem) -> bool:
    e = item.context_expr
    return isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "iterate"


class _ToFor(ast.NodeTransformer):
    def __init__(self) -> None:
        self.changed = 0

    def visit_With(self, node: ast.With) -> ast.AST:  # noqa: N802 - the ast visitor's name
        self.generic_visit(node)
        if len(node.items) != 1 or not _is_iterate(node.items[0]):
            return node
        item = node.items[0]
        target = item.optional_vars if item.optional_vars is not None else ast.Name("_", ast.Store())
        loop = ast.For(target=target, iter=item.context_expr, body=node.body, orelse=[])
        self.changed += 1
        return ast.copy_location(loop, node)


def loop_form(fn: Callable[..., Any]) -> Callable[..., Any]:
    """`fn` with its `with <matmul>.iterate(...)` statements run as loops; `fn` itself when it has none (or its
    source cannot be read: then iterate's `with` form reports that it is not modelled)."""
    if not isinstance(fn, types.FunctionType) or "iterate" not in _names(fn.__code__):
        return fn
    hit = _CACHE.get(id(fn.__code__))
    if hit is None or hit[0] is not fn.__code__:
        hit = _CACHE[id(fn.__code__)] = (fn.__code__, _rewrite(fn))
    inner = hit[1]
    if inner is None:
        return fn
    cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or (), strict=True))
    new = types.FunctionType(inner, fn.__globals__, fn.__name__, fn.__defaults__,
                             tuple(cells[v] for v in inner.co_freevars) or None)
    new.__kwdefaults__ = fn.__kwdefaults__
    new.__dict__.update(fn.__dict__)
    return new


def _names(code: types.CodeType) -> set[str]:
    out = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            out |= _names(c)
    return out


def _rewrite(fn: types.FunctionType) -> types.CodeType | None:
    try:
        lines, start = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    src = "".join(lines)
    indented = src[:1].isspace()
    try:
        tree = ast.parse("if 1:\n" + src if indented else src)
    except SyntaxError:
        return None
    node = tree.body[0].body[0] if indented else tree.body[0]  # type: ignore[attr-defined]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != fn.__name__:
        return None  # not this function's source (the file changed since it was compiled)
    ast.increment_lineno(tree, start - (2 if indented else 1))
    node.decorator_list = []
    conv = _ToFor()
    conv.visit(node)
    if not conv.changed:
        return None
    free = fn.__code__.co_freevars
    # an enclosing function makes the free variables cells again, so the closure can be handed over by name
    outer = ast.FunctionDef(
        name="__pyasc_outer__", args=ast.arguments([], [], None, [], [], None, []),
        body=[*(ast.Assign([ast.Name(v, ast.Store())], ast.Constant(None)) for v in free), node,
              ast.Return(ast.Name(node.name, ast.Load()))],
        decorator_list=[], returns=None)
    module = ast.Module([outer], [])
    inside = {id(d) for d in ast.walk(node)}
    for n in ast.walk(outer):  # the scaffolding sits on the def's line
        if id(n) not in inside:
            ast.copy_location(n, node)
    ast.fix_missing_locations(module)
    try:
        code = compile(module, fn.__code__.co_filename, "exec")
    except SyntaxError:
        return None
    outer_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return next((c for c in outer_code.co_consts if isinstance(c, types.CodeType) and c.co_name == fn.__name__),
                None)

