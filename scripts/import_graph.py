"""The module graph of pyasc/ and pyasc_lsp/: every import is a dependency of the design, so every one counts.

Read with `ast`, nothing imported: module-level imports, imports inside functions (lazy ones), imports under
`if TYPE_CHECKING:`, `from . import x` (an edge to the submodule x where x is one, else to the package) and
`importlib.import_module("pyasc.…")` with a literal string.  An import names the most specific module it reaches
(`from pyasc.sim import state` is an edge to pyasc.sim.state, not to the package pyasc.sim).

    python scripts/import_graph.py                  # figures of the whole tree
    python scripts/import_graph.py --prefix pyasc.sim --edges

tests/layout/test_import_cycles.py asserts, through `cycles`, that there is none.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("pyasc", "pyasc_lsp")


@dataclass
class Graph:
    """Modules (dotted name -> file) and the import edges between them (both ends in the tree)."""

    root: Path
    files: dict[str, Path] = field(default_factory=dict)
    edges: dict[str, set[str]] = field(default_factory=dict)

    def lines(self, module: str) -> int:
        return len(self.files[module].read_text(encoding="utf-8").splitlines())


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_of(module: str, path: Path) -> str:
    """The package a relative import of this module is relative to."""
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _resolve_relative(package: str, level: int, name: str | None) -> str:
    base = package.split(".")
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imported(tree: ast.AST, module: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every module of `known` this module's text imports, wherever the import stands."""
    package = _package_of(module, path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known_prefix(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve_relative(package, node.level, node.module) if node.level else (node.module or "")
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    yield sub
                else:
                    yield from _known_prefix(target, known)
        elif isinstance(node, ast.Call) and _is_import_module(node.func):
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield from _known_prefix(arg.value, known)


def _is_import_module(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr == "import_module"
    return isinstance(func, ast.Name) and func.id == "import_module"


def _known_prefix(name: str, known: set[str]) -> Iterator[str]:
    """The longest prefix of a dotted name that is a module of the tree (none for third-party names)."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in known:
            yield candidate
            return


def build(root: Path = ROOT, packages: Iterable[str] = PACKAGES) -> Graph:
    graph = Graph(root)
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            graph.files[module_name(path, root)] = path
    known = set(graph.files)
    for module, path in graph.files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        graph.edges[module] = {m for m in imported(tree, module, path, known) if m != module}
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph.edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out, key=lambda c: (-len(c), c))


def report(graph: Graph, prefix: str = "", show_edges: bool = False) -> str:
    """The figures of the modules under `prefix` (all when empty): count, edges, cycles, largest, per folder."""
    def inside(m: str) -> bool:
        return not prefix or m == prefix or m.startswith(prefix + ".")

    modules = sorted(m for m in graph.files if inside(m))
    edges = sorted((a, b) for a in modules for b in graph.edges[a] if inside(b))
    comps = [c for c in cycles(graph) if any(inside(m) for m in c)]
    sizes = sorted(((graph.lines(m), m) for m in modules), reverse=True)
    per_folder = Counter(graph.files[m].parent.relative_to(graph.root).as_posix() for m in modules)
    lines = [f"modules: {len(modules)}", f"import edges: {len(edges)}",
             f"cycles: {len(comps)} holding {sum(len(c) for c in comps)} modules"]
    for c in comps:
        lines.append(f"  [{len(c)}] " + ", ".join(c))
    lines.append("largest modules: " + ", ".join(f"{m} ({n})" for n, m in sizes[:5]))
    lines.append("modules per folder:")
    for path, n in sorted(per_folder.items()):
        lines.append(f"  {path}: {n}")
    if show_edges:
        lines.append("edges:")
        lines.extend(f"  {a} -> {b}" for a, b in edges)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    parser.add_argument("--prefix", default="", help="only modules under this dotted name (pyasc.sim)")
    parser.add_argument("--edges", action="store_true", help="list the import edges too")
    args = parser.parse_args(argv)
    print(report(build(args.root), args.prefix, args.edges))
    return 0


if __name__ == "__main__":
    sys.exit(main())
