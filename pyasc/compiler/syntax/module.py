"""The module scan: jit functions (also nested ones), module constants, aliases of `asc`, imports and structs, read
statically from the syntax tree."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ...language.namespaces import KERNEL_MODULES, SHADOWED
from ..diagnostics.model import Diagnostic, Severity, Span
from . import pure
from .cppnames import impl_name, rename_scope
from .fold import NotConstant, fold
from .nodememo import NodeMemo
from .parse import parse_module
from .positions import Positions
from .project import relative_reader
from .structs import StructDef, scan_structs


@dataclass
class JitFunction:
    """A function decorated with @asc.jit (bare or with options)."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    options: dict[str, ast.expr]
    decorator: ast.expr
    source: str
    """The function's own text: with the constants it reads, its cache key."""
    module: ModuleInfo | None = None
    """The module that defines it, when that is another file of the project (an imported helper)."""
    qualname: str = ""
    """`outer.name` for a function defined inside ordinary functions (CANN's tests nest kernels in test functions);
    the plain name at module level.  It is the function's key in `ModuleInfo.jit`."""
    scope: tuple[str, ...] = ()
    """The enclosing functions' names, outermost first (empty at module level)."""
    closure: dict[str, str] = field(default_factory=dict)
    """Names the enclosing functions bind, to the function binding them (innermost wins).  CANN's tracer resolves
    a kernel's names in its module's globals only, so these are not visible in the kernel: they only explain
    why such a name is undefined there."""
    cpp_name: str = ""
    """The C++ function name: the Python name, made unique (`outer_name`) where several jit functions share it."""
    _names: frozenset[str] | None = None

    def __post_init__(self) -> None:
        if not self.qualname:
            self.qualname = self.node.name
        if not self.cpp_name:
            self.cpp_name = self.node.name

    @property
    def closure_key(self) -> str:
        """What the enclosing functions contribute to the analysis (part of the cache key)."""
        return repr(sorted(self.closure.items())) if self.closure else ""

    @property
    def names(self) -> frozenset[str]:
        """Every identifier the function's text mentions, computed once per text: for cache keys and for finding
        helper calls.  For ASCII text it is a superset of the Name nodes (words of strings and comments, attribute
        names), found by one regex instead of a walk of the tree; `exact_names` confirms a helper call."""
        if self._names is None:
            cached = _NAMES.get(self.source)
            if cached is None:
                if self.source.isascii():
                    cached = frozenset(_IDENTIFIER.findall(self.source))
                else:  # the parser NFKC-normalizes identifiers: only the tree has the names it sees
                    cached = self.exact_names
                _bounded_put(_NAMES, self.source, cached)
            self._names = cached
        return self._names

    @property
    def exact_names(self) -> frozenset[str]:
        """The identifiers of the function's Name nodes."""
        cached = _EXACT_NAMES.get(self.source)
        if cached is None:
            cached = function_name_ids(self.node)
            _bounded_put(_EXACT_NAMES, self.source, cached)
        return cached


_STMT_NAMES: NodeMemo[frozenset[str]] = NodeMemo()
"""name_ids of a function's body statements: an edited function's unchanged statements are the trees of its last
parse (funcparse.py), so only the statement edited is walked."""


def function_name_ids(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """name_ids(fn), statement by statement of its body."""
    found: set[str] = set()
    for part in (fn.args, fn.returns, *fn.decorator_list, *getattr(fn, "type_params", ())):
        if part is not None:
            found |= name_ids(part)
    for stmt in fn.body:
        found |= _STMT_NAMES.value(stmt, name_ids)
    return frozenset(found)


def name_ids(root: ast.AST) -> frozenset[str]:
    """The identifiers of the Name nodes under root: what `ast.walk` finds, about four times as fast (no generator
    per node, and a Name's only child, its context, is not visited)."""
    found: set[str] = set()
    todo: list[object] = [root]
    pop, push, extend = todo.pop, todo.append, todo.extend
    node_type, name_type = ast.AST, ast.Name
    while todo:
        node = pop()
        if isinstance(node, name_type):
            found.add(node.id)
            continue
        try:
            fields = node._fields  # type: ignore[attr-defined]
        except AttributeError:  # a str of a list field (Global.names) or None (Dict.keys of `**x`)
            continue
        for field_name in fields:
            value = getattr(node, field_name, None)
            if type(value) is list:
                extend(value)
            elif isinstance(value, node_type):
                push(value)
    return frozenset(found)


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


_EXACT_NAMES: dict[str, frozenset[str]] = {}


_NAMES: dict[str, frozenset[str]] = {}


NAMES_MAX_ENTRIES = 1024


NAMES_MAX_CHARS = 1 << 20
"""Bounds of each identifier-set cache: entries, and characters of the function texts they are keyed by.  Every
distinct edit of a function adds an entry holding its whole text: counted in entries alone, a 160-line kernel
edited a thousand times kept about 20 MB alive; a million characters is a hundred such versions."""


_NAMES_CHARS: dict[int, int] = {}


def _bounded_put(cache: dict[str, frozenset[str]], source: str, names: frozenset[str]) -> None:
    """Add to an identifier-set cache, emptying it first when it is full (an edit of one function's text makes
    every older version of it useless, so recency buys little over a plain restart)."""
    held = _NAMES_CHARS.get(id(cache), 0)
    if len(cache) >= NAMES_MAX_ENTRIES or held + len(source) > NAMES_MAX_CHARS:
        cache.clear()
        held = 0
    cache[source] = names
    _NAMES_CHARS[id(cache)] = held + len(source)
"""Identifier sets by function text: unchanged kernels are not walked again on the next edit."""


@dataclass
class ModuleInfo:
    """What the module declares at top level."""

    tree: ast.Module
    positions: Positions
    asc_aliases: set[str] = field(default_factory=set)
    """Names bound to the pyasc/asc module (`asc`, `pyasc`)."""
    adv_aliases: set[str] = field(default_factory=set)
    """Names bound to the asc.adv namespace."""
    module_aliases: dict[str, str] = field(default_factory=dict)
    """Local name -> one of CANN's kernel modules under asc, for `import asc.language.core.enums as enums` and
    `from asc.language.core import enums` (the dotted name, rooted at `asc`)."""
    from_imports: dict[str, str] = field(default_factory=dict)
    """Local name -> asc API name, for `from pyasc import add`."""
    constants: dict[str, object] = field(default_factory=dict)
    """Folded module constants (ints, floats, bools, strings, tuples of them)."""
    constant_nodes: dict[str, ast.AST] = field(default_factory=dict)
    jit: dict[str, JitFunction] = field(default_factory=dict)
    project_imports: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Local name -> (module file path, name in that module), for same-project `from mod import NAME`."""
    imported_modules: list[tuple[str, str]] = field(default_factory=list)
    """(path, text) of same-project modules read for constants and helpers (part of cache keys)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    broken_units: list[Span] = field(default_factory=list)
    """Top-level units that did not parse."""
    structs: dict[str, StructDef] = field(default_factory=dict)
    """The module's `Struct` subclasses, by name (structs.py)."""
    pure_names: dict[str, str] = field(default_factory=dict)
    """The module's names of the pure functions and constants module constants may use (`math`, `sqrt`, `min`),
    to what they denote (pure.py); a name the module binds itself is not one of them."""
    ct_exprs: dict[str, ast.expr] = field(default_factory=dict)
    """Module-level names bound to expressions that do not fold to a number, string or tuple but may still be
    compile-time values (`DTYPE = asc.float16`, `MODE = asc.RoundMode.CAST_ROUND`): the front end evaluates them."""

    def aliases_key(self) -> bytes:
        """How the module names `asc`, its parts and its imports: part of every cache key of its functions (made
        once: the scan that fills these tables is over before any key is asked for)."""
        got: bytes | None = self.__dict__.get("_aliases_key")
        if got is None:
            got = self.__dict__["_aliases_key"] = (
                repr(sorted(self.asc_aliases)) + repr(sorted(self.adv_aliases))
                + repr(sorted(self.from_imports.items())) + repr(sorted(self.module_aliases.items()))).encode()
        return got

    def values_key(self, names: set[str] | frozenset[str]) -> bytes:
        """The module-level values, jit functions and structs that a function mentioning `names` can read: part of
        its cache keys.  (`names` holds every word of a function's text, docstrings included: each table is
        intersected with it rather than it searched in each.)"""
        return (repr([(n, repr(self.constants[n])) for n in sorted(named(self.constants, names))])
                + repr([(n, ast.dump(self.ct_exprs[n])) for n in sorted(named(self.ct_exprs, names))])
                + repr(sorted(named(self.jit, names)))
                + repr([sd.key() for sd in self.structs.values()])).encode()


def named(table: Mapping[str, object], names: set[str] | frozenset[str]) -> list[str]:
    """The keys of `table` among `names` (in no particular order), by a walk of the smaller of the two."""
    if len(table) <= len(names):
        return [n for n in table if n in names]
    return [n for n in names if n in table]


ASC_MODULES = ("pyasc", "asc")


def _under_asc(dotted: str) -> str:
    """A dotted name under asc, spelled from `asc` (`pyasc.` spells `asc.` too); '' for anything else."""
    root, _, rest = dotted.partition(".")
    return f"asc.{rest}" if root in ASC_MODULES and rest else ""


def kernel_module(dotted: str) -> str | None:
    """The CANN kernel module a dotted import names (`asc.language.core.enums`), or None for anything else, asc
    itself included."""
    name = _under_asc(dotted)
    return name if name in KERNEL_MODULES else None


def _is_jit_decorator(dec: ast.expr, info: ModuleInfo) -> tuple[bool, dict[str, ast.expr]]:
    target = dec.func if isinstance(dec, ast.Call) else dec
    options = {k.arg: k.value for k in dec.keywords if k.arg} if isinstance(dec, ast.Call) else {}
    if isinstance(target, ast.Attribute) and target.attr == "jit":
        if isinstance(target.value, ast.Name) and target.value.id in info.asc_aliases:
            return True, options
    if isinstance(target, ast.Name) and info.from_imports.get(target.id) == "jit":
        return True, options
    return False, {}


def scan_module(
    text: str, path: str, read_module: Callable[[str], tuple[str, str] | None] | None = None, depth: int = 0
) -> ModuleInfo:
    """Find the asc aliases, fold constants, list jit functions and follow same-project imports."""
    lines = text.split("\n")
    tree, diags, broken = parse_module(text, lines)
    info = ModuleInfo(tree=tree, positions=Positions(text, lines), diagnostics=diags, broken_units=broken)
    info.pure_names = _pure_names(tree)
    for stmt in tree.body:
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                root = alias.name.split(".")[0]
                if alias.name in ASC_MODULES:
                    info.asc_aliases.add(alias.asname or alias.name)
                elif alias.name in ("pyasc.adv", "asc.adv") and alias.asname:
                    info.adv_aliases.add(alias.asname)
                elif root in ASC_MODULES and alias.asname is None:
                    info.asc_aliases.add(root)
                elif module := kernel_module(alias.name):  # `import asc.language.core.enums as enums`
                    info.module_aliases[alias.asname or alias.name] = module
                elif alias.asname and _under_asc(alias.name) in SHADOWED:  # `import ....basic.data_copy as dc`
                    info.from_imports[alias.asname] = alias.name.rsplit(".", 1)[1]  # is the API data_copy
        elif isinstance(stmt, ast.ImportFrom):
            mod = stmt.module or ""
            names = list(stmt.names)
            for alias in stmt.names if stmt.level == 0 else ():
                module = kernel_module(f"{mod}.{alias.name}")
                if module and module != "asc.adv":  # `from asc.language.core import enums as e`: a module
                    info.module_aliases[alias.asname or alias.name] = module
                    names.remove(alias)
            if mod in ASC_MODULES and stmt.level == 0:
                for alias in names:
                    if alias.name == "adv":
                        info.adv_aliases.add(alias.asname or "adv")
                    else:
                        info.from_imports[alias.asname or alias.name] = alias.name
            elif mod in ("pyasc.adv", "asc.adv") or stmt.level == 0 and mod.startswith(
                    ("asc.language.adv", "pyasc.language.adv")):
                for alias in names:
                    info.from_imports[alias.asname or alias.name] = f"adv.{alias.name}"
            elif stmt.level == 0 and mod.startswith(("asc.language", "pyasc.language")):
                # `from asc.language.fwk.tpipe import TQueBind`: the names of asc's own submodules are asc.X
                for alias in names:
                    if alias.name != "*":
                        info.from_imports[alias.asname or alias.name] = alias.name
            elif read_module is not None and depth < 4 and not mod.startswith(("numpy", "torch")):
                found = read_module(("." * stmt.level) + mod)
                if found is None:
                    continue
                other_path, other_text = found
                other = scan_module(other_text, other_path, relative_reader(other_path), depth + 1)
                info.imported_modules.append((other_path, other_text))
                info.imported_modules.extend(other.imported_modules)
                for alias in stmt.names:
                    local = alias.asname or alias.name
                    if alias.name in other.constants:
                        info.constants[local] = other.constants[alias.name]
                        info.constant_nodes[local] = other.constant_nodes[alias.name]
                        info.project_imports[local] = (other_path, alias.name)
                    elif alias.name in other.jit:
                        foreign = other.jit[alias.name]
                        if foreign.module is None:
                            foreign.module = other
                        info.jit[local] = foreign
                        info.project_imports[local] = (other_path, alias.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            value = stmt.value
            if value is not None and len(targets) == 1 and isinstance(targets[0], (ast.Tuple, ast.List)):
                _unpack_constants(targets[0], value, stmt, info)  # `M, N, K = 128, 128, 64`
                continue
            if value is None or len(targets) != 1 or not isinstance(targets[0], ast.Name):
                continue
            try:
                folded = fold(value, info.constants, info.pure_names)
            except (NotConstant, RecursionError):
                info.constants.pop(targets[0].id, None)
                info.ct_exprs[targets[0].id] = value
                continue
            info.ct_exprs.pop(targets[0].id, None)
            info.constants[targets[0].id] = folded
            info.constant_nodes[targets[0].id] = stmt
    info.structs = scan_structs(tree, info.positions, info.diagnostics)
    nested = _indented_jit_decorator(text)
    if nested:
        _misplaced_jit(tree, info)
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in stmt.decorator_list:
                ok, options = _is_jit_decorator(dec, info)
                if ok:
                    first = min([stmt.lineno] + [d.lineno for d in stmt.decorator_list])
                    src = "\n".join(lines[first - 1 : (stmt.end_lineno or stmt.lineno)])
                    info.jit[stmt.name] = JitFunction(stmt, options, dec, src)
                    break
            else:
                if nested:
                    _nested_jit(stmt, (), {}, info, lines)
    _unique_cpp_names(info)
    return info


def _unpack_constants(target: ast.Tuple | ast.List, value: ast.expr, stmt: ast.stmt, info: ModuleInfo) -> None:
    """Module constants bound by unpacking a folded tuple of as many items (`M, N, K = 128, 128, 64`)."""
    names = [t.id if isinstance(t, ast.Name) else None for t in target.elts]
    try:
        folded = fold(value, info.constants, info.pure_names)
    except (NotConstant, RecursionError):
        folded = None
    ok = None not in names and isinstance(folded, (tuple, list)) and len(folded) == len(names)
    for i, name in enumerate(names):
        if name is None:
            continue
        info.ct_exprs.pop(name, None)
        if ok:
            info.constants[name] = folded[i]  # type: ignore[index]
            info.constant_nodes[name] = stmt
        else:
            info.constants.pop(name, None)


def _pure_names(tree: ast.Module) -> dict[str, str]:
    """Python's numeric builtins (unless the module binds the name) and the module's `math` imports."""
    bound: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for t in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                bound.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in stmt.names)
    names = {n: n for n in pure.BUILTIN_FUNCTIONS if n not in bound}
    names.update(pure.math_aliases(tree))
    names.update(pure.numpy_aliases(tree))
    return names


def _nested_jit(fn: ast.FunctionDef | ast.AsyncFunctionDef, outer: tuple[str, ...],
                closure: dict[str, str], info: ModuleInfo, lines: list[str]) -> None:
    """The jit functions defined inside the ordinary function `fn` (at any depth of ordinary functions)."""
    scope = outer + (fn.name,)
    inner = dict(closure)
    inner.update(dict.fromkeys(_local_names(fn), fn.name))
    for node in _defs_in(fn.body):
        if isinstance(node, ast.ClassDef):
            continue
        for dec in node.decorator_list:
            ok, options = _is_jit_decorator(dec, info)
            if ok:
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                src = "\n".join(lines[first - 1 : (node.end_lineno or node.lineno)])
                qual = ".".join(scope) + "." + node.name
                bound = {n: e for n, e in inner.items() if n != node.name}
                info.jit[qual] = JitFunction(node, options, dec, src, qualname=qual, scope=scope, closure=bound)
                break
        else:
            _nested_jit(node, scope, inner, info, lines)


def _defs_in(stmts: list[ast.stmt]) -> list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]:
    """The definitions a function body makes, inside its if/for/while/with/try blocks too (not inside other defs)."""
    out: list[ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef] = []
    todo = list(reversed(stmts))
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(stmt)
            continue
        for attr in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(stmt, attr, None)
            if isinstance(block, list):
                todo.extend(reversed([s for s in block if isinstance(s, (ast.stmt, ast.excepthandler))]))
    return out  # type: ignore[return-value]


def _local_names(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names an ordinary function binds: its parameters, what it assigns, the functions it defines."""
    a = fn.args
    out = {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs}
    out |= {extra.arg for extra in (a.vararg, a.kwarg) if extra is not None}
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
        todo.extend(ast.iter_child_nodes(node))
    return out


def _unique_cpp_names(info: ModuleInfo) -> None:
    """Jit functions sharing a Python name (a `kernel` in each of several tests) get distinct C++ names, and none is
    a C++ keyword or reserved name (cppnames.py)."""
    by_name: dict[str, list[JitFunction]] = {}
    for jit in info.jit.values():
        if jit.module is None:
            by_name.setdefault(jit.node.name, []).append(jit)
    for same in by_name.values():
        if len(same) > 1:
            for jit in same:
                if jit.scope:
                    jit.cpp_name = jit.qualname.replace(".", "_")
    own = [jit for jit in info.jit.values() if jit.module is None]
    cpp = rename_scope([jit.cpp_name for jit in own] + list(info.constants))
    # a kernel generic in its dtype is `<name>_impl` plus its entry `<name>`: no other function may be that
    impl = {impl_name(cpp[jit.cpp_name]) for jit in own}
    for jit in own:
        name = cpp[jit.cpp_name]
        while name in impl:
            name += "_"
        jit.cpp_name = name


_INDENTED_DECORATOR = re.compile(r"[ \t]+@[^\n]*\bjit\b")


def _indented_jit_decorator(text: str) -> bool:
    """Does an indented decorator line mention jit?  Looks only at the lines holding 'jit' (a regex over the
    whole text would try every line)."""
    at = text.find("jit")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        if _INDENTED_DECORATOR.match(text, start, len(text) if end < 0 else end):
            return True
        at = text.find("jit", len(text) if end < 0 else end)
    return False


def _misplaced_jit(tree: ast.Module, info: ModuleInfo) -> None:
    """@asc.jit on a method: a kernel is a function (at module level or inside other functions), not a method."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for dec in item.decorator_list:
                if _is_jit_decorator(dec, info)[0]:
                    span = info.positions.span(dec)
                    info.diagnostics.append(Diagnostic(
                        "PA101", Severity.ERROR,
                        "@asc.jit is not supported on methods; define the kernel as a function (at module level "
                        "or inside another function)", span))
