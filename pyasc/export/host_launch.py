"""The tiling an operator's host side computes, read from the host code that launches the kernel in the same file.

Two launch forms are understood, both read statically (the file is never run):
  * `kernel[block_dim](args...)` or `kernel[block_dim, stream](args...)`;
  * the host API: `k = Kernel(kernel)`, `k.set_tiling([block_dim, ...])`, `k.set_attr("name", value)`,
    `k.set_input(i, t)` / `k.set_output(i, t)`, bound to the kernel's parameters as the simulator binds them
    (GM parameters take inputs then outputs, `set_attr` names a parameter, the rest take `tiling[1:]` in order).
Each value is translated to C++ over what a tiling function can see: the operator's attributes (the launching
function's scalar parameters), its tensors' shapes (`t.size`, `t.numel()`, `len(t)`, `t.shape[i]`), module
constants and literals. A value that is not such an expression is reported, never guessed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..compiler.pipeline.results import Analysis
from .model import OpModel

_CPP_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "/", ast.Mod: "%",
            ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|"}
_ATTR_TYPES = {"int": ("int64_t", "Int"), "float": ("float", "Float"), "bool": ("bool", "Bool")}


@dataclass(frozen=True)
class Derived:
    """One value of the tiling: C++ that computes it, or the reason there is none."""

    cpp: str | None
    python: str
    line: int = 0
    reason: str = ""


@dataclass(frozen=True)
class Attr:
    """A scalar parameter of the launching host function: an attribute of the operator."""

    name: str
    cpp_type: str
    kind: str
    """The OpDef attribute kind: Int, Float or Bool."""
    index: int


@dataclass
class TilingPlan:
    source: str = ""
    """Where the values come from (`Kernel(...) in vec_add, line 12`), '' when the file launches nothing."""
    block_dim: Derived = field(default_factory=lambda: Derived(None, "", 0, "no launch of the kernel in the file"))
    fields: dict[str, Derived] = field(default_factory=dict)
    attrs: list[Attr] = field(default_factory=list)
    shapes: list[tuple[str, str]] = field(default_factory=list)
    """(C++ local, C++ expression) for the tensor sizes the values use, in order."""
    locals: list[tuple[str, str]] = field(default_factory=list)
    """(name, C++ expression) for the host function's local values the others use, in order."""

    @property
    def complete(self) -> bool:
        return self.block_dim.cpp is not None and all(d.cpp is not None for d in self.fields.values())


class _NotDerivable(Exception):
    pass


class _Scope:
    """The launching function as a tiling function sees it."""

    def __init__(self, fn: ast.FunctionDef | None, model: OpModel, constants: dict[str, str],
                 tensor_args: dict[str, tuple[str, int]], plan: TilingPlan) -> None:
        self.model = model
        self.constants = constants
        self.tensors = tensor_args
        self.plan = plan
        self.params: dict[str, ast.arg] = {}
        self.assigns: dict[str, list[ast.expr]] = {}
        if fn is not None:
            self.params = {a.arg: a for a in fn.args.args + fn.args.kwonlyargs}
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    self.assigns.setdefault(node.targets[0].id, []).append(node.value)
                elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
                    self.assigns.setdefault(node.target.id, []).append(node.value or node.target)

    def local_value(self, name: str) -> ast.expr | None:
        values = self.assigns.get(name, [])
        return values[0] if len(values) == 1 else None

    def cpp(self, e: ast.expr) -> str:
        if isinstance(e, ast.Constant) and isinstance(e.value, bool):
            return "true" if e.value else "false"
        if isinstance(e, ast.Constant) and isinstance(e.value, (int, float)):
            return repr(e.value) if isinstance(e.value, int) else f"{e.value!r}f"
        if isinstance(e, ast.Name):
            return self.name(e.id)
        if isinstance(e, ast.BinOp) and type(e.op) in _CPP_OPS:
            return f"({self.cpp(e.left)} {_CPP_OPS[type(e.op)]} {self.cpp(e.right)})"
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Div):
            return f"(static_cast<float>({self.cpp(e.left)}) / static_cast<float>({self.cpp(e.right)}))"
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
            return f"(-{self.cpp(e.operand)})"
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "len" and len(e.args) == 1:
            return self.shape(e.args[0], 0)
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and not e.keywords:
            args = [self.cpp(a) for a in e.args]
            if e.func.id in ("min", "max") and len(args) >= 2:
                out = args[0]
                for a in args[1:]:
                    out = f"std::{e.func.id}<int64_t>({out}, {a})"
                return out
            if e.func.id == "int" and len(args) == 1:
                return f"static_cast<int64_t>({args[0]})"
            if e.func.id == "float" and len(args) == 1:
                return f"static_cast<float>({args[0]})"
        if isinstance(e, ast.Attribute) and ast.unparse(e) in self.constants:  # mod.N of an imported module
            return self.constants[ast.unparse(e)]
        if isinstance(e, ast.Attribute) and e.attr == "size":
            return self.shape(e.value, None)
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "numel" and not e.args:
            return self.shape(e.func.value, None)
        if (isinstance(e, ast.Subscript) and isinstance(e.value, ast.Attribute) and e.value.attr == "shape"
                and isinstance(e.slice, ast.Constant) and isinstance(e.slice.value, int)):
            return self.shape(e.value.value, e.slice.value)
        raise _NotDerivable(f"'{ast.unparse(e)}' is not computed from the operator's attributes, its tensors' "
                            "shapes, constants and literals")

    def name(self, n: str) -> str:
        if n in self.constants:
            return self.constants[n]
        if any(name == n for name, _ in self.plan.locals) or any(a.name == n for a in self.plan.attrs):
            return n
        value = self.local_value(n)
        if value is not None and n not in self.params:
            self.plan.locals.append((n, self.cpp(value)))
            return n
        arg = self.params.get(n)
        if arg is not None and n not in self.tensors and n not in self.assigns:
            kind = arg.annotation.id if isinstance(arg.annotation, ast.Name) else None
            if kind not in _ATTR_TYPES:
                raise _NotDerivable(f"parameter '{n}' of the launching function has no int, float or bool "
                                    "annotation, so its attribute type is unknown")
            cpp_type, attr_kind = _ATTR_TYPES[kind]
            self.plan.attrs.append(Attr(n, cpp_type, attr_kind, len(self.plan.attrs)))
            return n
        raise _NotDerivable(f"'{n}' is not an attribute, a constant or a local value of the launching function")

    def shape(self, e: ast.expr, dim: int | None) -> str:
        if not isinstance(e, ast.Name) or e.id not in self.tensors:
            raise _NotDerivable(f"'{ast.unparse(e)}' is not a tensor the operator is given")
        role, index = self.tensors[e.id]
        local = f"{e.id}_size" if dim is None else f"{e.id}_dim{dim}"
        if all(name != local for name, _ in self.plan.shapes):
            getter = "GetInputShape" if role == "input" else "GetOutputShape"
            part = "GetShapeSize()" if dim is None else f"GetDim({dim})"
            self.plan.shapes.append((local, f"context->{getter}({index})->GetOriginShape().{part}"))
        return local


def module_constants(analysis: Analysis) -> dict[str, str]:
    """The module constants of a file as C++ literals (those its host code may use in a tiling)."""
    out = {}
    for s in analysis.symbols:
        if s.kind == "constant" and s.scope is None and s.value is not None:
            try:
                v = ast.literal_eval(s.value)
            except (ValueError, SyntaxError):
                continue
            if isinstance(v, bool):
                out[s.name] = "true" if v else "false"
            elif isinstance(v, int):
                out[s.name] = repr(v)
            elif isinstance(v, float):
                out[s.name] = f"{v!r}f"
    return out


def _is_kernel_ref(e: ast.expr, kernel: str) -> bool:
    short = kernel.rsplit(".", 1)[-1]
    return ((isinstance(e, ast.Name) and e.id == short) or (isinstance(e, ast.Attribute) and e.attr == short)
            or (isinstance(e, ast.Constant) and e.value == short))


def _enclosing(tree: ast.Module) -> dict[int, ast.FunctionDef]:
    """Node id -> the innermost function around it (ast.walk visits outer functions first)."""
    owner: dict[int, ast.FunctionDef] = {}
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef):
            for n in ast.walk(fn):
                if n is not fn:
                    owner[id(n)] = fn
    return owner


def plan(analysis: Analysis, model: OpModel, imported: dict[str, str] | None = None) -> TilingPlan:
    """The tiling plan of the first launch of `model.kernel` in the file; `imported` holds the constants of the
    kernel's own module when the file imports the kernel (its own constants win, as Python's names would)."""
    try:
        tree = ast.parse(analysis.text)
    except SyntaxError:
        return TilingPlan(fields={s.name: Derived(None, "", 0, "the file does not parse") for s in model.scalars})
    owner = _enclosing(tree)
    constants = {**(imported or {}), **module_constants(analysis)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Subscript) and \
                _is_kernel_ref(node.func.value, model.kernel.name):
            return _from_launch(node, owner.get(id(node)), model, constants)
        if isinstance(node, ast.Call) and _callee(node) == "Kernel" and node.args and \
                _is_kernel_ref(node.args[0], model.kernel.name):
            fn = owner.get(id(node))
            parent = _assigned_name(fn or tree, node)
            if parent is not None:
                return _from_host_api(parent, fn, tree, model, constants, node.lineno)
    return TilingPlan(fields={s.name: Derived(None, "", 0, "no launch of the kernel in the file")
                              for s in model.scalars})


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _assigned_name(scope: ast.AST, call: ast.Call) -> str | None:
    for n in ast.walk(scope):
        if isinstance(n, ast.Assign) and n.value is call and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            return n.targets[0].id
    return None


def _derive(scope: _Scope, e: ast.expr) -> Derived:
    p = scope.plan
    marks = len(p.attrs), len(p.shapes), len(p.locals)
    try:
        return Derived(scope.cpp(e), ast.unparse(e), e.lineno)
    except _NotDerivable as exc:
        # what this value alone needed (an attribute, a size, a local) is not part of the operator after all
        del p.attrs[marks[0]:], p.shapes[marks[1]:], p.locals[marks[2]:]
        return Derived(None, ast.unparse(e), e.lineno, str(exc))


def _from_launch(call: ast.Call, fn: ast.FunctionDef | None, model: OpModel,
                 constants: dict[str, str]) -> TilingPlan:
    sub = call.func
    assert isinstance(sub, ast.Subscript)
    where = f"in {fn.name}(), " if fn else ""
    p = TilingPlan(source=f"the launch {ast.unparse(sub)}(...) {where}line {call.lineno}")
    names = [n for n, _ in model.params]
    bound: dict[str, ast.expr] = dict(zip(names, call.args, strict=False))
    bound.update({k.arg: k.value for k in call.keywords if k.arg})
    tensors = {}
    for t in model.tensors:
        e = bound.get(t.name)
        if isinstance(e, ast.Name):
            tensors[e.id] = (t.role, t.index)
    scope = _Scope(fn, model, constants, tensors, p)
    dim = sub.slice.elts[0] if isinstance(sub.slice, ast.Tuple) and sub.slice.elts else sub.slice
    p.block_dim = _derive(scope, dim)
    for s in model.scalars:
        e = bound.get(s.name)
        p.fields[s.name] = _derive(scope, e) if e is not None else \
            Derived(None, "", call.lineno, f"the launch at line {call.lineno} gives no value for '{s.name}'")
    return p


def _from_host_api(var: str, fn: ast.FunctionDef | None, tree: ast.Module, model: OpModel,
                   constants: dict[str, str], line: int) -> TilingPlan:
    where = f"in {fn.name}(), " if fn else ""
    p = TilingPlan(source=f"Kernel({model.kernel.name}) {where}line {line}")
    calls: dict[str, list[ast.Call]] = {}
    for n in ast.walk(fn or tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name) \
                and n.func.value.id == var:
            calls.setdefault(n.func.attr, []).append(n)
    tensors: dict[str, tuple[str, int]] = {}
    for method, role in (("set_input", "input"), ("set_output", "output")):
        for c in calls.get(method, []):
            if len(c.args) == 2 and isinstance(c.args[1], ast.Name) and isinstance(c.args[0], ast.Constant):
                tensors[c.args[1].id] = (role, int(c.args[0].value))
    scope = _Scope(fn, model, constants, tensors, p)
    attrs: dict[str, ast.expr] = {}
    for c in calls.get("set_attr", []):
        if len(c.args) == 2 and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str):
            attrs[c.args[0].value] = c.args[1]
    tiling_calls = calls.get("set_tiling", [])
    items: list[ast.expr] | None = None
    if tiling_calls and tiling_calls[0].args:
        arg = tiling_calls[0].args[0]
        if isinstance(arg, ast.Name):
            arg = scope.local_value(arg.id) or arg
        if isinstance(arg, (ast.List, ast.Tuple)):
            items = list(arg.elts)
    tline = tiling_calls[0].lineno if tiling_calls else line
    if items is None:
        reason = "set_tiling is given something other than a list" if tiling_calls else "set_tiling is never called"
        p.block_dim = Derived(None, "", tline, reason)
        items = []
    else:
        p.block_dim = _derive(scope, items[0]) if items else Derived(None, "", tline, "set_tiling([]) has no block dim")
    rest = [s for s in model.scalars if s.name not in attrs]
    for s in model.scalars:
        if s.name in attrs:
            p.fields[s.name] = _derive(scope, attrs[s.name])
    for i, s in enumerate(rest):
        if 1 + i < len(items):
            p.fields[s.name] = _derive(scope, items[1 + i])
        else:
            p.fields[s.name] = Derived(None, "", tline, f"set_tiling at line {tline} gives no value for '{s.name}' "
                                       f"(tiling[{1 + i}])")
    return p
