"""The values a file's launches give a kernel's run-time integer parameters and its core count.

A launch's literal arguments are known (issue 27: "the literal arguments of a launch in the file"): a parameter
every launch of the kernel gives the same literal (or compile-time expression of module constants) has that value
in every run the file makes, and `kernel[8](...)` runs get_block_idx() over 0..7. Where the launches disagree the
parameter is not known: the launches' values of different parameters would not be combined correctly.
"""

from __future__ import annotations

import ast

from ...syntax.constexpr import _fold_arg
from ...syntax.fold import NotConstant, fold
from ...syntax.launches import LaunchIndex, _inside, bind, launch_root
from ...syntax.module import JitFunction, ModuleInfo

BLOCK_DIM = "<block_dim>"
"""The key of the launch's core count."""

ARRAY = "<len>"
"""The prefix of the key of an array argument's element count (`<len>x`)."""

_SHAPED = {"zeros": 0, "ones": 0, "empty": 0, "full": 0, "rand": None, "randn": None}
"""Array-creating functions and the position of their shape (None: the shape is all the positional arguments)."""
_SAME = {"astype", "to", "half", "float", "double", "int", "long", "short", "char", "byte", "bfloat16", "npu",
         "cuda", "cpu", "contiguous", "clone", "copy", "reshape", "flatten", "ravel", "detach", "numpy", "view",
         "zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like", "ascontiguousarray",
         "asarray", "array", "from_numpy", "tensor"}
"""Calls whose result holds as many elements as their (first) argument or receiver."""


def launch_values(index: LaunchIndex, module: ModuleInfo, jit: JitFunction) -> tuple[tuple[str, int], ...]:
    """(parameter, value) for each integer every launch of the kernel gives alike; BLOCK_DIM for the core count."""
    calls = index.calls.get(jit.node.name)
    if not calls:
        return ()
    root = launch_root(index.tree, jit.scope)
    seen: dict[str, set[int | None]] = {}
    launches = 0
    counts: dict[str, int] = {}
    for call, body in calls:
        if root is not index.tree and not _inside(root, call):
            continue
        given: dict[str, ast.expr] = dict(bind(call, jit.node))
        sub = call.func.slice if isinstance(call.func, ast.Subscript) else None
        if sub is not None:
            given[BLOCK_DIM] = sub.elts[0] if isinstance(sub, ast.Tuple) and sub.elts else sub
        envs = [index._env(body)] + ([index._env(index.tree.body)] if body is not index.tree.body else [])
        for param, arg in list(given.items()):
            if isinstance(arg, (ast.Constant, ast.Name, ast.BinOp, ast.UnaryOp, ast.Attribute)):
                v = _fold_arg(arg, module.constants, module.asc_aliases)
            else:
                v = None
            lengths = _Lengths(module.constants, envs)
            if v is None:
                v = lengths.int_of(arg)  # a name the launching function binds once to a number
            if v is None and param != BLOCK_DIM:
                n = lengths.length(arg)
                if n is not None:
                    given[ARRAY + param] = arg
                    seen.setdefault(ARRAY + param, set()).add(n)
                    counts[ARRAY + param] = counts.get(ARRAY + param, 0) + 1
            seen.setdefault(param, set()).add(v if isinstance(v, int) and not isinstance(v, bool) else None)
            counts[param] = counts.get(param, 0) + 1
        launches += 1
    out: list[tuple[str, int]] = []
    for param, vs in seen.items():
        v = next(iter(vs))
        if len(vs) == 1 and v is not None and counts[param] == launches:
            out.append((param, v))
    return tuple(out)


class _Lengths:
    """The element count of an array expression of a launching scope, where the text fixes it."""

    def __init__(self, constants: dict[str, object], envs: list[dict[str, ast.expr]]) -> None:
        self.constants = constants
        self.envs = envs
        self.depth = 0

    def lookup(self, name: str) -> ast.expr | None:
        return next((env[name] for env in self.envs if name in env), None)

    def int_of(self, node: ast.expr | None) -> int | None:
        if node is None or self.depth > 12:
            return None
        try:
            v = fold(node, self.constants)
        except (NotConstant, RecursionError):
            v = None
        if isinstance(v, int) and not isinstance(v, bool):
            return v
        self.depth += 1
        try:
            if isinstance(node, ast.Name) and (bound := self.lookup(node.id)) is not None:
                return self.int_of(bound)
            if isinstance(node, ast.BinOp):
                a, b = self.int_of(node.left), self.int_of(node.right)
                if a is None or b is None:
                    return None
                ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}
                if isinstance(node.op, ast.FloorDiv) and b:
                    return a // b
                return ops.get(type(node.op))  # type: ignore[call-overload]
        finally:
            self.depth -= 1
        return None

    def shape(self, node: ast.expr) -> int | None:
        if isinstance(node, (ast.Tuple, ast.List)):
            n = 1
            for item in node.elts:
                v = self.int_of(item)
                if v is None:
                    return None
                n *= v
            return n
        return self.int_of(node)

    def length(self, node: ast.expr) -> int | None:
        if self.depth > 12:
            return None
        self.depth += 1
        try:
            return self._length(node)
        finally:
            self.depth -= 1

    def _length(self, node: ast.expr) -> int | None:
        if isinstance(node, ast.Name):
            bound = self.lookup(node.id)
            return self.length(bound) if bound is not None else None
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            return None
        name, args = node.func.attr, node.args
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        if name in _SHAPED:
            pos = _SHAPED[name]
            if pos is None:
                return self.shape(ast.Tuple(elts=list(args))) if args else None
            shape = args[pos] if len(args) > pos else kw.get("shape") or kw.get("size")
            return self.shape(shape) if shape is not None else None
        if name == "arange" and args:
            vals = [self.int_of(a) for a in args]
            if any(v is None for v in vals):
                return None
            lo, hi, step = (0, vals[0], 1) if len(vals) == 1 else (vals[0], vals[1], vals[2] if len(vals) > 2 else 1)
            return max(0, -(-(hi - lo) // step)) if step else None  # type: ignore[operator]
        if name == "linspace":
            num = args[2] if len(args) > 2 else kw.get("num")
            return self.int_of(num) if num is not None else 50 if len(args) >= 2 else None
        if name in ("randint", "uniform", "normal", "random", "random_sample"):
            size = kw.get("size")
            return self.shape(size) if size is not None else None
        if name in _SAME:
            if name in ("array", "asarray", "tensor") and args and isinstance(args[0], (ast.List, ast.Tuple)):
                return len(args[0].elts) if not any(isinstance(e, (ast.List, ast.Tuple, ast.Starred))
                                                    for e in args[0].elts) else None
            if name.endswith("_like") or name in ("ascontiguousarray", "asarray", "array", "from_numpy", "tensor"):
                return self.length(args[0]) if args else None
            return self.length(node.func.value)
        return None
