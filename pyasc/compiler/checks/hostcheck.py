"""Host code checked against the kernel it launches (PA306), so a mismatch is red in the editor, not a TypeError
at run time:

- `kernel[n](...)` / `kernel[n, stream](...)`: the arguments against the kernel's parameters;
- the seed's host API: `k = Kernel("name")` (or `Kernel(fn)`) with `k.set_tiling([...])`, `k.set_input(i, t)`,
  `k.set_output(i, t)`, `k.set_workspace(i, n)` and `k.set_attr("name", v)` in one function, against the binding
  rule of pyasc.language.hostbind (GM parameter count, set_attr names, tiling values after the block dim).

Only what the text fixes is checked: a setting computed at run time, or a Kernel object that leaves its function
(returned, stored, passed to anything but a launch), makes that check step aside rather than guess.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

from ...language import hostbind
from ..diagnostics.model import Diagnostic, Severity
from ..lower.base import JIT_OPTIONS, LAUNCH_OPTIONS
from ..syntax import constexpr
from ..syntax.launches import array_modules, array_names, is_array, is_launch, scope_nodes
from ..syntax.module import JitFunction, ModuleInfo, scan_module
from . import hostcache

Reader = Callable[[str], "tuple[str, str] | None"]

CODE = "PA306"
SIM_OPTIONS = {"profile", "sanitize", "soc", "lockstep"}
_SETTERS = {"set_tiling", "set_input", "set_output", "set_workspace", "set_attr"}


def check(module: ModuleInfo, text: str, reader: Reader | None = None) -> list[Diagnostic]:
    """PA306 findings of the module's host code (never raises for odd code: what it cannot read it skips).

    `reader` resolves `import mod` to a file of the same project, whose kernels `Kernel("name")` may name.  The
    findings are reused while what they are made of did not change (hostcache.py): an edit inside a kernel's body
    leaves host code as it was."""
    kernels = _kernels(module)
    sources = _imported_sources(module, reader) if reader is not None and "Kernel(" in text else None
    merged: list[dict[str, JitFunction]] = []

    def everything() -> dict[str, JitFunction]:
        if not merged:  # the imported modules are scanned only when the findings are computed or reported
            merged.append(_with_imported(kernels, sources))
        return merged[0]

    def compute() -> list[tuple[Diagnostic, JitFunction]]:
        found: list[tuple[Diagnostic, JitFunction]] = []
        for body in _host_scopes(module):
            _check_scope(module, everything(), body, found)
        return found

    key, starts = hostcache.key(module, kernels, sources)
    findings = hostcache.findings(key, starts, module, compute)
    if not findings:
        return []
    if not _KERNEL_CTOR.search(text) and not _launch_pattern(everything()).search(text):
        return []  # no launch form in the text at all (one these patterns miss is not reported either)
    return findings


_KERNEL_CTOR = re.compile(r"\bKernel\s*\(")


def _launch_pattern(kernels: dict[str, JitFunction]) -> re.Pattern[str]:
    # `k[` launches; `k(` (not its own `def k(`) may call a kernel without the brackets
    return re.compile(r"(?<!def )\b(?:" + "|".join(re.escape(k) for k in kernels) + r")\s*[\[(]")


def _host_scopes(module: ModuleInfo) -> list[list[ast.stmt]]:
    """The module body and the bodies of its non-jit functions; jit bodies are kernel code, not host code, and
    are not walked."""
    jit_nodes = {id(j.node) for j in module.jit.values()}
    scopes: list[list[ast.stmt]] = [module.tree.body]
    todo: list[ast.AST] = list(module.tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if id(node) in jit_nodes:
                continue
            scopes.append(node.body)
        todo.extend(ast.iter_child_nodes(node))
    return scopes


def _kernels(module: ModuleInfo) -> dict[str, JitFunction]:
    """Jit functions by the name host code uses for them (a nested one by its own name)."""
    found: dict[str, JitFunction] = {}
    for key, jit in module.jit.items():
        found.setdefault(key.rsplit(".", 1)[-1], jit)
    return found


def _imported_sources(module: ModuleInfo, reader: Reader) -> tuple[tuple[str, tuple[str, str] | None], ...]:
    """What the reader gives for each project module the file imports whole (`import vec_add_kernel`)."""
    return tuple((alias.name, reader(alias.name)) for stmt in module.tree.body if isinstance(stmt, ast.Import)
                 for alias in stmt.names)


def _with_imported(kernels: dict[str, JitFunction], sources: tuple[tuple[str, tuple[str, str] | None], ...] | None
                   ) -> dict[str, JitFunction]:
    """The module's kernels and those of the modules it imports whole, which `Kernel("name")` may name."""
    if not sources:
        return kernels
    found = dict(kernels)
    for name, jit in _imported_kernels(sources).items():
        found.setdefault(name, jit)
    return found


def _imported_kernels(sources: tuple[tuple[str, tuple[str, str] | None], ...]) -> dict[str, JitFunction]:
    """Kernels of the project modules the file imports whole, by name."""
    found: dict[str, JitFunction] = {}
    for _, got in sources:
        if got is None:
            continue
        other = scan_module(got[1], got[0], None)
        for key, jit in _kernels(other).items():
            found.setdefault(key, JitFunction(jit.node, jit.options, jit.decorator, jit.source, other))
    return found


def _params(jit: JitFunction) -> list[hostbind.Param]:
    args = jit.node.args
    positional = args.posonlyargs + args.args
    n_defaults = len(args.defaults)
    out = []
    for i, a in enumerate(positional):
        ann = ast.unparse(a.annotation) if a.annotation is not None else ""
        out.append(hostbind.Param(a.arg, hostbind.is_gm_annotation(ann), i >= len(positional) - n_defaults))
    for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        ann = ast.unparse(a.annotation) if a.annotation is not None else ""
        out.append(hostbind.Param(a.arg, hostbind.is_gm_annotation(ann), d is not None))
    return out


def _diag(module: ModuleInfo, node: ast.AST, message: str, jit: JitFunction) -> tuple[Diagnostic, JitFunction]:
    """The finding at `node` about the launch of `jit` (hostcache.py adds where `jit` is defined: it may move)."""
    return Diagnostic(CODE, Severity.ERROR, message, module.positions.span(node)), jit


def _check_scope(module: ModuleInfo, kernels: dict[str, JitFunction], body: list[ast.stmt],
                 out: list[tuple[Diagnostic, JitFunction]]) -> None:
    nodes = scope_nodes(body)
    arrays: set[str] | None = None
    for node in nodes:
        if is_launch(node) and node.func.value.id in kernels:  # type: ignore[attr-defined]
            if arrays is None:
                arrays = array_names(nodes, array_modules(module.tree))
            _check_launch(module, kernels[node.func.value.id], node, out, arrays)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in kernels and \
                node.func.id not in module.constants and node.func.id not in _locals(nodes):
            jit = kernels[node.func.id]
            out.append(_diag(module, node.func, f"'{node.func.id}' is a jit function: the host launches it as "
                             f"{node.func.id}[core_num](...) (called without the brackets, CANN's pyasc runs its "
                             "Python body on the host, which fails)", jit))
    objects = _kernel_objects(module, kernels, nodes)
    for name, (jit, created) in objects.items():
        _check_settings(module, name, jit, created, nodes, out)


def _check_launch(module: ModuleInfo, jit: JitFunction, call: ast.Call, out: list[tuple[Diagnostic, JitFunction]],
                  arrays: set[str] | None = None) -> None:
    bad_grid = _grid_error(call.func.slice)  # type: ignore[attr-defined]
    if bad_grid is not None:
        out.append(_diag(module, call.func.slice, bad_grid, jit))  # type: ignore[attr-defined]
        return
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return
    for kw in call.keywords:
        if kw.arg in LAUNCH_OPTIONS:
            out.append(_diag(module, kw, f"'{kw.arg}' is given in the launch's brackets, kernel[core_num, stream]"
                             f"(...), not as a keyword: CANN's pyasc passes keywords to the kernel, which has no "
                             f"parameter '{kw.arg}'", jit))
            return
    const_params = {p.arg for p in jit.node.args.posonlyargs + jit.node.args.args
                    if p.annotation is not None and constexpr.inner_kind(p.annotation) is not None}
    positional = jit.node.args.posonlyargs + jit.node.args.args
    given_values = [(positional[i].arg, a) for i, a in enumerate(call.args) if i < len(positional)]
    given_values += [(k.arg, k.value) for k in call.keywords if k.arg]
    for pname, value in given_values:
        if pname in const_params and is_array(value, arrays or set(), array_modules(module.tree)):
            out.append(_diag(module, value, f"the ConstExpr parameter '{pname}' of '{jit.node.name}' is given an "
                             f"array ({ast.unparse(value)[:40]}): a ConstExpr takes a Python value (an int, float, "
                             "bool or dtype) that the kernel is compiled for; pass the value, or make the parameter "
                             "a GlobalAddress", jit))
            return
    params = _params(jit)
    names = [p.name for p in params]
    n_pos = len(jit.node.args.posonlyargs + jit.node.args.args)
    kname = jit.node.name
    if len(call.args) > n_pos:
        out.append(_diag(module, call, f"'{kname}' takes {n_pos} arguments ({', '.join(names[:n_pos])}) but the "
                                       f"launch passes {len(call.args)}", jit))
        return
    given = set(names[:len(call.args)])
    for kw in call.keywords:
        if kw.arg not in names and kw.arg not in JIT_OPTIONS and kw.arg not in SIM_OPTIONS:
            out.append(_diag(module, kw, f"'{kname}' has no parameter '{kw.arg}' and it is no launch option "
                                         f"(parameters: {', '.join(names)})", jit))
            return
        given.add(kw.arg)
    missing = [p.name for p in params if not p.has_default and p.name not in given]
    if missing:
        out.append(_diag(module, call, f"the launch of '{kname}' leaves {', '.join(missing)} without a value: it "
                                       f"takes {', '.join(names)}", jit))


def _locals(nodes: list[ast.AST]) -> set[str]:
    """Names the scope assigns (which may hide a kernel's name)."""
    return {n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def _grid_error(grid: ast.expr) -> str | None:
    """What CANN's `kernel[...]` cannot read as (core_num, stream): an int is core_num, anything else is
    unpacked into at most those two (TypeError: Parse user launch options failed)."""
    if isinstance(grid, ast.Constant) and not isinstance(grid.value, (int, str, bytes)):
        return (f"the launch's brackets take core_num or (core_num, stream), not {grid.value!r}: CANN's pyasc "
                "cannot parse it (Parse user launch options failed)")
    if isinstance(grid, (ast.Tuple, ast.List)) and len(grid.elts) > 2 and not any(
            isinstance(e, ast.Starred) for e in grid.elts):
        return (f"the launch's brackets take at most core_num and stream, here {len(grid.elts)} values: CANN's "
                "pyasc cannot parse them (Parse user launch options failed)")
    return None


def _is_kernel_ctor(module: ModuleInfo, func: ast.expr) -> bool:
    if isinstance(func, ast.Name):
        return func.id == "Kernel"
    return isinstance(func, ast.Attribute) and func.attr == "Kernel" and isinstance(func.value, ast.Name) and \
        func.value.id in (module.asc_aliases | {"pyasc", "asc"})


def _kernel_objects(module: ModuleInfo, kernels: dict[str, JitFunction], nodes: list[ast.AST]
                    ) -> dict[str, tuple[JitFunction, ast.Call]]:
    """`k = Kernel(...)` bound once in the scope, naming a kernel of the module: k -> (kernel, the call)."""
    found: dict[str, tuple[JitFunction, ast.Call]] = {}
    assigned: dict[str, int] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    assigned[t.id] = assigned.get(t.id, 0) + 1
            if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                    isinstance(node.value, ast.Call) and _is_kernel_ctor(module, node.value.func) and \
                    len(node.value.args) == 1:
                arg = node.value.args[0]
                key = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else \
                    arg.id if isinstance(arg, ast.Name) else None
                if key in kernels:
                    found[node.targets[0].id] = (kernels[key], node.value)
    return {n: v for n, v in found.items() if assigned.get(n) == 1}


def _single_list_bindings(nodes: list[ast.AST]) -> dict[str, ast.expr]:
    """Names the scope binds exactly once, to a list or tuple display (`tiling = [32, 1, 1, n // 32]`), and reads
    once (so nothing appends to the list before set_tiling reads it)."""
    count: dict[str, int] = {}
    loads: dict[str, int] = {}
    value: dict[str, ast.expr] = {}
    for node in nodes:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads[node.id] = loads.get(node.id, 0) + 1
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)) else []
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    count[n.id] = count.get(n.id, 0) + 1
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value[node.targets[0].id] = node.value
    return {n: v for n, v in value.items()
            if count.get(n) == 1 and loads.get(n) == 1 and isinstance(v, (ast.List, ast.Tuple))}


def _literal_int(node: ast.expr) -> int | None:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _check_settings(module: ModuleInfo, name: str, jit: JitFunction, created: ast.Call, nodes: list[ast.AST],
                    out: list[tuple[Diagnostic, JitFunction]]) -> None:
    calls: list[ast.Call] = []
    launches: list[ast.Call] = []
    uses = 0
    for node in nodes:
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            uses += 1
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        recv = node.func.value
        if isinstance(recv, ast.Name) and recv.id == name and node.func.attr in _SETTERS:
            calls.append(node)
        elif node.func.attr == "launch" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) and \
                node.args[0].id == name:
            launches.append(node)
    if uses != len(calls) + len(launches) or not launches:
        return  # the object goes elsewhere (or is never launched here): its settings are not all in view
    params = _params(jit)
    kname = jit.node.name
    inputs: set[int] = set()
    outputs: set[int] = set()
    workspaces: dict[int, int | None] = {}
    attrs: list[tuple[str, ast.Call]] = []
    tiling: tuple[int, ast.Call] | None = None
    known = True
    lists = _single_list_bindings(nodes)
    for call in calls:
        attr = call.func.attr  # type: ignore[attr-defined]
        args = call.args
        if attr == "set_tiling":
            value = lists.get(args[0].id) if len(args) == 1 and isinstance(args[0], ast.Name) else \
                args[0] if len(args) == 1 else None
            if isinstance(value, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in value.elts):
                tiling = (len(value.elts), call)
            else:
                tiling = None
                known = False
        elif attr in ("set_input", "set_output") and args:
            index = _literal_int(args[0])
            if index is None:
                known = False
            else:
                (inputs if attr == "set_input" else outputs).add(index)
        elif attr == "set_workspace" and len(args) == 2:
            index = _literal_int(args[0])
            if index is None:
                known = False
            else:
                workspaces[index] = _literal_int(args[1])
        elif attr == "set_attr" and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            attrs.append((args[0].value, call))
        else:
            known = False
    if None in workspaces.values():
        known = False
    attr_names = [a for a, _ in attrs]
    bad_attr = hostbind.attr_error(kname, params, attr_names)
    if bad_attr is not None:
        site = next(c for a, c in attrs if a not in {p.name for p in params})
        out.append(_diag(module, site.args[0], bad_attr, jit))
        return
    if not known:
        return
    n_values = len(inputs) + len(outputs) + sum(1 for n in workspaces.values() if n)
    bad_gm = hostbind.gm_error(kname, params, n_values)
    if bad_gm is not None:
        out.append(_diag(module, launches[0], bad_gm, jit))
        return
    if tiling is not None and tiling[0] == 0:
        out.append(_diag(module, tiling[1].args[0], "set_tiling needs at least the block dim: [block_dim, ...]", jit))
    elif tiling is not None:
        bad_tiling = hostbind.tiling_error(kname, params, n_values, attr_names, tiling[0] - 1)
        if bad_tiling is not None:
            out.append(_diag(module, tiling[1].args[0], bad_tiling, jit))


def block_dims(module: ModuleInfo, kernel: str) -> list[tuple[int, int]]:
    """(block dim, line) of each launch of `kernel` in the module whose core count the text fixes: `kernel[8](...)`,
    `kernel[CORES, stream](...)` with a module constant, or `set_tiling([8, ...])` of a `Kernel(kernel)`."""

    def value(node: ast.expr) -> int | None:
        if isinstance(node, ast.Tuple) and node.elts:
            node = node.elts[0]
        got = _literal_int(node)
        if got is None and isinstance(node, ast.Name):
            const = module.constants.get(node.id)
            got = const if isinstance(const, int) and not isinstance(const, bool) else None
        return got if got is not None and got > 0 else None

    out: list[tuple[int, int]] = []
    for node in ast.walk(module.tree):
        if is_launch(node, kernel):
            n = value(node.func.slice)  # type: ignore[attr-defined]
            if n is not None:
                out.append((n, node.lineno))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "set_tiling" \
                and len(node.args) == 1 and isinstance(node.args[0], (ast.List, ast.Tuple)) and node.args[0].elts:
            n = value(node.args[0].elts[0])
            if n is not None and _tiles_kernel(module, node, kernel):
                out.append((n, node.lineno))
    return sorted(out, key=lambda item: item[1])


def _tiles_kernel(module: ModuleInfo, call: ast.Call, kernel: str) -> bool:
    """Is `k.set_tiling(...)` called on a `k = Kernel(kernel)` (or Kernel("kernel")) of the module?"""
    recv = call.func.value  # type: ignore[attr-defined]
    if not isinstance(recv, ast.Name):
        return False
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id == recv.id and isinstance(node.value, ast.Call) and \
                _is_kernel_ctor(module, node.value.func) and len(node.value.args) == 1:
            arg = node.value.args[0]
            if (isinstance(arg, ast.Constant) and arg.value == kernel) or \
                    (isinstance(arg, ast.Name) and arg.id == kernel):
                return True
    return False


def default_block_dim(text: str, path: str, kernel: str) -> tuple[int | None, str]:
    """The core count the file's own launches of `kernel` use, when they agree: (n, "file:line"), else (None, why)."""
    dims = block_dims(scan_module(text, path, None), kernel.rsplit(".", 1)[-1])
    name = path.rsplit("/", 1)[-1]
    values = sorted({n for n, _ in dims})
    if len(values) == 1:
        return values[0], f"{name}:{dims[0][1]}"
    if values:
        return None, f"the launches in {name} use {', '.join(map(str, values))} cores"
    return None, f"no launch in {name} fixes a core count"
