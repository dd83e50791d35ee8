"""The file's own launches of a kernel, read statically (the file is never run): where they are, which argument
binds which parameter, and the element dtypes of the arrays they pass.

CANN's pyasc is a tracing JIT: a kernel's GlobalAddress parameters take their dtypes from the arrays of the launch
(`str(np.dtype(a.dtype))` of a numpy array, `str(t.dtype)` of a torch tensor) and it compiles one kernel per
distinct signature.  This module is the one reader of those launches: ConstExpr values (constexpr.py), the host
checks (hostcheck.py, PA306) and the launch dtypes the kernel is checked with (`instances`) all read them here.

An argument's dtype is read where the text fixes it: a numpy or torch call that creates the array with a dtype
(`np.zeros(n, np.float32)`, `torch.rand(n, dtype=torch.float16)`) or whose default dtype is fixed (`np.zeros(n)`
is float64, `torch.rand(n)` float32), a conversion (`.astype(np.int32)`, `.half()`, `.to(torch.float16)`), and a
name the launching function (or the module) binds once to such an expression.  Anything else (a parameter of the
launching function, an array loaded from a file, a name bound twice) is unread: that parameter keeps the dtype the
kernel's own code gives it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass

from ...language import dtypes as dt
from ..diagnostics.model import Span
from .nodememo import NodeMemo

ARRAY_MODULES = ("numpy", "torch")

_NAMES = {
    "float16": "float16", "half": "float16", "float32": "float32", "single": "float32", "float": "float32",
    "float64": "float64", "double": "float64", "bfloat16": "bfloat16",
    "int8": "int8", "int16": "int16", "short": "int16", "int32": "int32", "intc": "int32", "int": "int32",
    "int64": "int64", "long": "int64", "uint8": "uint8", "uint16": "uint16", "uint32": "uint32",
    "uint64": "uint64",
}
"""numpy's and torch's dtype attributes and strings, by the DataType name CANN's launch makes of them.  numpy's
`np.int`/`np.float` do not exist and `int`/`float` as numpy dtypes are int64/float64 (see _PYTHON_TYPES)."""

_NUMPY_ONLY = {"float": None, "int": None, "long": None, "short": "int16", "half": "float16", "single": "float32",
               "double": "float64"}
"""numpy's spelling where it differs from torch's (`np.float` is gone; `np.long` is platform dependent)."""

_PYTHON_TYPES = {"numpy": {"float": "float64", "int": "int64"}, "torch": {"float": "float32", "int": "int64"}}

_TORCH_METHODS = {"half": "float16", "float": "float32", "double": "float64", "bfloat16": "bfloat16",
                  "int": "int32", "long": "int64", "short": "int16", "char": "int8", "byte": "uint8"}
"""torch's conversions by method (`t.half()`)."""

_KEEP = {"npu", "cuda", "cpu", "contiguous", "clone", "copy", "reshape", "flatten", "ravel", "detach", "numpy",
         "squeeze", "unsqueeze", "transpose", "permute", "uniform_", "normal_", "fill_", "zero_", "random_",
         "requires_grad_", "expand", "repeat", "tile"}
"""Methods whose result has the receiver's dtype."""

_CREATE = {"zeros": 1, "ones": 1, "empty": 1, "full": 2, "array": 1, "asarray": 1, "ascontiguousarray": None,
           "tensor": None, "zeros_like": 1, "ones_like": 1, "empty_like": 1, "full_like": 2, "arange": None,
           "rand": None, "randn": None, "randint": None, "linspace": None, "eye": None, "from_numpy": None,
           "as_tensor": None}
"""Array-creating functions of numpy and torch, with the position of the positional dtype (numpy's signatures)."""

_DEFAULTS = {
    "numpy": {"zeros": "float64", "ones": "float64", "empty": "float64", "rand": "float64", "randn": "float64",
              "random": "float64", "uniform": "float64", "normal": "float64", "standard_normal": "float64",
              "random_sample": "float64", "eye": "float64", "linspace": "float64"},
    "torch": {"zeros": "float32", "ones": "float32", "empty": "float32", "rand": "float32", "randn": "float32",
              "randint": "int64", "eye": "float32", "linspace": "float32"},
}
"""The dtype a creating function gives without a dtype argument (torch's only while the file sets no other
default dtype)."""


def launch_root(tree: ast.Module, scope: tuple[str, ...]) -> ast.AST:
    """Where a kernel's launches are: the module for a module-level kernel, else its outermost enclosing function
    (CANN's tests define a kernel and launch it in the same test function)."""
    if not scope:
        return tree
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == scope[0]:
            return stmt
    return tree


def find_launches(root: ast.AST, name: str) -> list[ast.Call]:
    """Every `name[...](...)` call under root (launches sit in host functions and `__main__` blocks)."""
    out = []
    for node in ast.walk(root):
        if is_launch(node, name):
            out.append(node)  # type: ignore[arg-type]
    return out


def is_launch(node: ast.AST, name: str | None = None) -> bool:
    """Is node a `kernel[...](...)` call (of the kernel `name`, when given)?"""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) and isinstance(
        node.func.value, ast.Name) and (name is None or node.func.value.id == name)


def bind(call: ast.Call, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """Parameter name -> the launch's argument for it, as Python binds them (nothing after a `*args`)."""
    params = [p.arg for p in fn.args.posonlyargs + fn.args.args]
    out: dict[str, ast.expr] = {}
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            break
        if i < len(params):
            out[params[i]] = arg
    for kw in call.keywords:
        if kw.arg is not None and kw.arg not in out:
            out[kw.arg] = kw.value
    return out


# -- arrays ----------------------------------------------------------------------------------------------------------


def array_modules(tree: ast.Module) -> dict[str, str]:
    """The module's names for numpy and torch (`np` -> numpy, `torch` -> torch)."""
    out: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                if a.name in ARRAY_MODULES:
                    out[a.asname or a.name] = a.name
    return out


def is_array(node: ast.expr, arrays: set[str], roots: dict[str, str] | set[str]) -> bool:
    """An expression that makes an array (`np.zeros(...)`, `torch.rand(...).half()`) or a name bound to one."""
    if isinstance(node, ast.Name):
        return node.id in arrays
    while isinstance(node, (ast.Call, ast.Attribute, ast.Subscript)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return isinstance(node, ast.Name) and node.id in roots


def array_names(nodes: list[ast.AST], roots: dict[str, str] | set[str]) -> set[str]:
    """Names the scope binds only to arrays."""
    bound: dict[str, bool] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    made = isinstance(node.value, ast.Call) and is_array(node.value, set(), roots)
                    bound[t.id] = bound.get(t.id, True) and made
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)):
            for n in ast.walk(node.target):
                if isinstance(n, ast.Name):
                    bound[n.id] = False
    return {n for n, ok in bound.items() if ok}


def scope_nodes(body: list[ast.stmt]) -> list[ast.AST]:
    """The nodes of one scope: nested function and class bodies belong to their own scope."""
    scoped = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
    out: list[ast.AST] = []
    todo: list[ast.AST] = [n for n in body if not isinstance(n, scoped)]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, scoped):
                todo.append(child)
    return out


def single_bindings(nodes: list[ast.AST]) -> dict[str, ast.expr]:
    """Names the scope binds exactly once, by a plain `name = value`: name -> value."""
    count, value = _bindings(nodes)
    return {n: v for n, v in value.items() if count.get(n) == 1}


def _bindings(nodes: list[ast.AST]) -> tuple[dict[str, int], dict[str, ast.expr]]:
    """How often the nodes bind each name (a binding other than `name = value` counts two), and the value of a
    plain `name = value` of each."""
    count: dict[str, int] = {}
    value: dict[str, ast.expr] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for t in node.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                        count[n.id] = count.get(n.id, 0) + 1
            if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value[node.targets[0].id] = node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr, ast.With,
                               ast.comprehension, ast.ExceptHandler, ast.Import, ast.ImportFrom)):
            for n in ast.walk(node):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    count[n.id] = count.get(n.id, 0) + 2
        elif isinstance(node, ast.arguments):
            for a in node.posonlyargs + node.args + node.kwonlyargs:
                count[a.arg] = count.get(a.arg, 0) + 2
    return count, value


_SCOPED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)

_BINDINGS: NodeMemo[tuple[dict[str, int], dict[str, ast.expr]]] = NodeMemo()
"""_bindings of one statement of a scope (the statements an edit left are the same trees)."""


def _scope_bindings(body: list[ast.stmt]) -> dict[str, ast.expr]:
    """single_bindings(scope_nodes(body)), statement by statement: which names a scope binds once does not depend
    on the order its nodes are visited in, so each statement's counts are kept and summed."""
    count: dict[str, int] = {}
    value: dict[str, ast.expr] = {}
    for stmt in body:
        if isinstance(stmt, _SCOPED):
            continue
        got = _BINDINGS.value(stmt, lambda node: _bindings(scope_nodes([node])))
        for name, n in got[0].items():
            count[name] = count.get(name, 0) + n
        value.update(got[1])
    return {n: v for n, v in value.items() if count.get(n) == 1}


class _Reader:
    """Reads the dtype of array expressions in one launching scope."""

    def __init__(self, roots: dict[str, str], env: list[dict[str, ast.expr]], default_torch: bool) -> None:
        self.roots = roots
        self.env = env
        self.default_torch = default_torch

    def lookup(self, name: str) -> ast.expr | None:
        for scope in self.env:
            if name in scope:
                return scope[name]
        return None

    def dtype_of_spec(self, node: ast.expr, module: str | None, depth: int = 0) -> str | None:
        """A dtype argument: `np.float16`, `torch.int32`, `"float16"`, `np.dtype("float16")`, `float`, another
        array's `a.dtype`, a name bound to one."""
        if depth > 8:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # "float" is float64 to numpy
            return _NAMES.get(node.value) if any(c.isdigit() for c in node.value) else None
        if isinstance(node, ast.Name):
            if node.id in ("float", "int") and module is not None:
                return _PYTHON_TYPES[module][node.id]
            value = self.lookup(node.id)
            return self.dtype_of_spec(value, module, depth + 1) if value is not None else None
        if isinstance(node, ast.Attribute) and node.attr == "dtype":  # `dtype=a.dtype`
            return self.array(node.value, depth + 1)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in self.roots:
            owner = self.roots[node.value.id]
            if owner == "numpy" and node.attr in _NUMPY_ONLY:
                return _NUMPY_ONLY[node.attr]
            return _NAMES.get(node.attr)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dtype" and \
                isinstance(node.func.value, ast.Name) and self.roots.get(node.func.value.id) == "numpy" and \
                len(node.args) == 1:
            return self.dtype_of_spec(node.args[0], "numpy", depth + 1)
        return None

    def array(self, node: ast.expr, depth: int = 0) -> str | None:
        """The element dtype of an array expression, when the text fixes it."""
        if depth > 8:
            return None
        if isinstance(node, ast.Name):
            value = self.lookup(node.id)
            return self.array(value, depth + 1) if value is not None else None
        if isinstance(node, ast.Subscript):  # a slice of an array keeps its dtype
            return self.array(node.value, depth + 1) if isinstance(node.slice, ast.Slice) else None
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            return None
        attr = node.func.attr
        recv = node.func.value
        module = self._module_of(recv)
        if module is not None:
            return self._created(node, module, attr, depth)
        if attr == "astype" and node.args:
            return self.dtype_of_spec(node.args[0], "numpy")
        if attr in ("to", "type", "view"):
            spec = next((k.value for k in node.keywords if k.arg == "dtype"), None)
            for a in node.args:
                if spec is None and self.dtype_of_spec(a, "torch") is not None:
                    spec = a
            if spec is not None:
                return self.dtype_of_spec(spec, "torch")
            return self.array(recv, depth + 1) if attr in ("to", "view") else None
        if attr in _TORCH_METHODS and not node.args:
            return _TORCH_METHODS[attr]
        if attr in _KEEP:
            return self.array(recv, depth + 1)
        return None

    def _module_of(self, recv: ast.expr) -> str | None:
        """numpy or torch for `np`, `np.random`, `torch`; None for anything else."""
        if isinstance(recv, ast.Name):
            return self.roots.get(recv.id)
        if isinstance(recv, ast.Attribute) and recv.attr == "random" and isinstance(recv.value, ast.Name):
            return self.roots.get(recv.value.id)
        return None

    def _created(self, call: ast.Call, module: str, attr: str, depth: int) -> str | None:
        spec = next((k.value for k in call.keywords if k.arg == "dtype"), None)
        if spec is None and module == "numpy":
            at = _CREATE.get(attr)
            if at is not None and len(call.args) > at:
                spec = call.args[at]
        if spec is not None:
            return self.dtype_of_spec(spec, module)
        if attr in ("zeros_like", "ones_like", "empty_like", "full_like", "from_numpy", "asarray",
                    "ascontiguousarray", "as_tensor") and call.args:
            return self.array(call.args[0], depth + 1)
        if attr in ("full", "full_like"):
            return None
        if module == "torch" and not self.default_torch:
            return None
        return _DEFAULTS[module].get(attr)


# -- the dtypes each launch fixes -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LaunchDtype:
    """The dtype one launch gives one GlobalAddress parameter, and where."""

    dtype: str
    span: Span
    """The argument's text."""
    line: int
    """The launch's line."""

    def note(self, param: str) -> str:
        """Says where the dtype comes from (no line number: a cached result moves with its text, messages do not)."""
        article = "an" if self.dtype.startswith(("int", "uint")) else "a"
        return f"the launch passes {article} {self.dtype} array for '{param}'"


@dataclass(frozen=True)
class Instance:
    """One signature the file's launches compile the kernel for (CANN compiles one kernel per signature): the
    readable dtypes, by parameter, of the first launch with them."""

    line: int
    span: Span
    """The launch's `kernel[...]`."""
    dtypes: tuple[tuple[str, LaunchDtype], ...]

    def get(self, param: str) -> LaunchDtype | None:
        return next((d for p, d in self.dtypes if p == param), None)

    def describe(self) -> str:
        """`the launch with x: float16, y: int32` (the dtypes tell the file's signatures apart)."""
        return "the launch with " + ", ".join(f"{p}: {d.dtype}" for p, d in self.dtypes)

    def key(self, base_line: int) -> tuple[object, ...]:
        """What the kernel's analysis depends on, relative to its first line (so a move shifts, not recomputes)."""
        return (self.line - base_line, self.span.col, self.span.end_line - base_line, self.span.end_col) + tuple(
            (p, d.dtype, d.span.line - base_line, d.span.col, d.span.end_line - base_line, d.span.end_col,
             d.line - base_line) for p, d in self.dtypes)


class LaunchIndex:
    """The launches of a module's kernels, found in one walk of its host code (jit bodies are kernel code)."""

    def __init__(self, tree: ast.Module, jit_nodes: set[int], span_of: Callable[[ast.AST], Span]) -> None:
        self.tree = tree
        self.span_of = span_of
        self.roots = array_modules(tree)
        self.calls: dict[str, list[tuple[ast.Call, list[ast.stmt]]]] = {}
        self._envs: dict[int, dict[str, ast.expr]] = {}
        self._sets_default_dtype = False
        # the walk of the host code, top-level statement by statement in the order of one walk of the module (the
        # last statement first): an unchanged statement is the same tree after an edit (parse.py), walked once
        for stmt in reversed(tree.body):
            if id(stmt) in jit_nodes:
                continue
            walk = _walk_of(stmt, jit_nodes)
            for name, call, scope in walk.calls:
                self.calls.setdefault(name, []).append((call, tree.body if scope is None else scope))
            self._sets_default_dtype = self._sets_default_dtype or walk.sets_default_dtype

    def _env(self, body: list[ast.stmt]) -> dict[str, ast.expr]:
        env = self._envs.get(id(body))
        if env is None:
            env = self._envs[id(body)] = _scope_bindings(body)
        return env

    def instances(self, fn: ast.FunctionDef | ast.AsyncFunctionDef, scope: tuple[str, ...],
                  gm_params: set[str] | None = None) -> tuple[Instance, ...]:
        """The distinct signatures the file's launches of `fn` give its GlobalAddress parameters (`gm_params`,
        else gm_param_names(fn)), in the order of the launches; only launches with at least one readable dtype
        count."""
        if not self.roots or not self.calls.get(fn.name):
            return ()
        if gm_params is None:
            gm_params = gm_param_names(fn)
        if not gm_params:
            return ()
        root = launch_root(self.tree, scope)
        out: list[Instance] = []
        seen: set[tuple[tuple[str, str], ...]] = set()
        calls = sorted(self.calls.get(fn.name, []), key=lambda c: (c[0].lineno, c[0].col_offset))
        for call, body in calls:
            if root is not self.tree and not _inside(root, call):
                continue
            envs = [self._env(body)] if body is self.tree.body else [self._env(body), self._env(self.tree.body)]
            reader = _Reader(self.roots, envs, not self._sets_default_dtype)
            got: list[tuple[str, LaunchDtype]] = []
            for param, arg in bind(call, fn).items():
                if param not in gm_params:
                    continue
                d = reader.array(arg)
                if d is not None and d in dt.DTYPES:
                    got.append((param, LaunchDtype(d, self.span_of(arg), call.lineno)))
            sig = tuple((p, d.dtype) for p, d in got)
            if got and sig not in seen:
                seen.add(sig)
                out.append(Instance(call.lineno, self.span_of(call.func), tuple(got)))
        return tuple(out)


@dataclass(frozen=True)
class _Walk:
    """What the walk of one top-level host statement found."""

    calls: tuple[tuple[str, ast.Call, list[ast.stmt] | None], ...]
    """The launches, by kernel name, with the body of the function they are in (None: the module's)."""
    sets_default_dtype: bool
    functions: frozenset[int]
    """The functions defined under the statement (walked into or not)."""
    skipped: frozenset[int]
    """Those not walked into: jit functions (whose bodies are kernel code)."""


_WALKS: NodeMemo[_Walk] = NodeMemo()
"""Walks by statement: each lives as long as its tree, which the parse cache bounds."""


def _walk_of(stmt: ast.stmt, jit_nodes: set[int]) -> _Walk:
    """The walk of a top-level host statement, reused while the same functions under it are jit functions."""
    walk = _WALKS.get(stmt)
    if walk is not None and frozenset(f for f in walk.functions if f in jit_nodes) == walk.skipped:
        return walk
    calls: list[tuple[str, ast.Call, list[ast.stmt] | None]] = []
    functions: set[int] = set()
    skipped: set[int] = set()
    sets_default = False
    todo: list[tuple[ast.AST, list[ast.stmt] | None]] = [(stmt, None)]
    while todo:
        node, scope = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.add(id(node))
            if id(node) in jit_nodes:
                skipped.add(id(node))
                continue
            todo.extend((c, node.body) for c in node.body)
            continue
        if is_launch(node):
            calls.append((node.func.value.id, node, scope))  # type: ignore[attr-defined]
        elif isinstance(node, ast.Attribute) and node.attr == "set_default_dtype":
            sets_default = True
        todo.extend((c, scope) for c in ast.iter_child_nodes(node))
    walk = _Walk(tuple(calls), sets_default, frozenset(functions), frozenset(skipped))
    _WALKS.put(stmt, walk)
    return walk


def _inside(root: ast.AST, node: ast.AST) -> bool:
    first, last = getattr(root, "lineno", 0), getattr(root, "end_lineno", None) or 0
    return first <= node.lineno <= last  # type: ignore[attr-defined]


def gm_param_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The parameters a launch passes an array to: annotated GlobalAddress, or not annotated (the kernel decides
    whether it is an address)."""
    out = set()
    for p in fn.args.posonlyargs + fn.args.args:
        ann = p.annotation
        last = ann.attr if isinstance(ann, ast.Attribute) else ann.id if isinstance(ann, ast.Name) else \
            ann.value.rsplit(".", 1)[-1] if isinstance(ann, ast.Constant) and isinstance(ann.value, str) else None
        if ann is None or last == "GlobalAddress":  # (read on every edit of every kernel: no ast.unparse)
            out.add(p.arg)
    return out
