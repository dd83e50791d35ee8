"""No import cycle between the modules of pyasc/ and pyasc_lsp/: every import counts (a lazy import in a function, one
under `if TYPE_CHECKING:`, `from . import x`, `importlib.import_module("pyasc...")`), as scripts/import_graph.py
reads them.  A cycle means no module of it can be understood or changed without the others.  Each package is also
checked on its own, so a failure names where the cycle runs."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    name = "pyasc_import_graph"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / "import_graph.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


graph_tool = _tool()

def _units() -> list[str]:
    """Each package directly under pyasc (pyasc.sim, pyasc.cli, ...), pyasc's top-level modules, and pyasc_lsp."""
    out = {"pyasc_lsp"}
    for path in (ROOT / "pyasc").iterdir():
        if path.is_dir() and (path / "__init__.py").exists():
            out.add(f"pyasc.{path.name}")
        elif path.suffix == ".py" and path.name != "__init__.py":
            out.add(f"pyasc.{path.stem}")
    return sorted(out)


CHECKED = _units()


def _inside(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


@pytest.fixture(scope="module")
def cycles() -> list[list[str]]:
    return graph_tool.cycles(graph_tool.build(ROOT))


@pytest.mark.parametrize("prefix", CHECKED)
def test_no_cycle_touches_package(prefix: str, cycles: list[list[str]]) -> None:
    touching = [c for c in cycles if any(_inside(m, prefix) for m in c)]
    assert touching == [], f"import cycles through {prefix}: {touching}"


def test_no_cycle_anywhere(cycles: list[list[str]]) -> None:
    assert cycles == []


def test_checked_packages_cover_every_package() -> None:
    assert {"pyasc.sim", "pyasc.runtime", "pyasc.compat", "pyasc.language", "pyasc.host", "pyasc.export",
            "pyasc.toolchain", "pyasc.cli", "pyasc.compiler", "pyasc_lsp"} <= set(CHECKED)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_every_kind_of_import_is_an_edge(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pyasc/__init__.py": "",
        "pyasc/a.py": "def f():\n    from . import b\n",
        "pyasc/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pyasc.pkg.c import C\n",
        "pyasc/pkg/__init__.py": "",
        "pyasc/pkg/c.py": "import importlib\nimportlib.import_module('pyasc.pkg.d')\n",
        "pyasc/pkg/d.py": "from .. import a\nimport numpy\n",
        "pyasc/pkg/e.py": "from . import d, missing\nfrom ..pkg import c as cc\n",
        "pyasc_lsp/__init__.py": "",
    })
    graph = graph_tool.build(tmp_path)
    assert graph.edges["pyasc.a"] == {"pyasc.b"}  # a lazy import, `from . import` naming a module
    assert graph.edges["pyasc.b"] == {"pyasc.pkg.c"}  # under TYPE_CHECKING
    assert graph.edges["pyasc.pkg.c"] == {"pyasc.pkg.d"}  # importlib.import_module with a literal
    assert graph.edges["pyasc.pkg.d"] == {"pyasc.a"}  # third-party modules are no edge
    assert graph.edges["pyasc.pkg.e"] == {"pyasc.pkg.d", "pyasc.pkg", "pyasc.pkg.c"}  # a name of the package itself
    assert graph_tool.cycles(graph) == [["pyasc.a", "pyasc.b", "pyasc.pkg.c", "pyasc.pkg.d"]]


def test_report_counts_modules_edges_cycles_and_folders(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pyasc/__init__.py": "",
        "pyasc/x.py": "from . import y\n",
        "pyasc/y.py": "from . import x\n\n\n",
        "pyasc/sub/__init__.py": "",
        "pyasc/sub/z.py": "from pyasc import x\n",
        "pyasc_lsp/__init__.py": "",
    })
    text = graph_tool.report(graph_tool.build(tmp_path))
    assert "modules: 6" in text and "import edges: 3" in text
    assert "cycles: 1 holding 2 modules" in text and "[2] pyasc.x, pyasc.y" in text
    assert "largest modules: pyasc.y (3)" in text
    assert "  pyasc: 3" in text and "  pyasc/sub: 2" in text and "  pyasc_lsp: 1" in text
    assert "modules: 2" in graph_tool.report(graph_tool.build(tmp_path), "pyasc.sub")


MAX_LINES = 600
"""The size a module of one job stays within (issue #30): past it, a module is split by concern."""


def test_no_module_is_over_the_size_of_one_job() -> None:
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for top in ("pyasc", "pyasc_lsp") for p in (ROOT / top).rglob("*.py")}
    assert {path: n for path, n in sizes.items() if n > MAX_LINES} == {}
