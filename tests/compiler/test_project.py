"""Project-level invariants: layering, generated docs, the typed package."""

from __future__ import annotations

import subprocess
import sys

from pyasc.cli.docs import diagnostics_markdown
from pyasc.compiler.diagnostics.codes import CODES

from .conftest import ROOT


def test_compiler_never_imports_the_protocol_libraries() -> None:
    code = (
        "import sys\nimport pyasc, pyasc.compiler.pipeline.analysis, pyasc.cli.main, pyasc.cli.check, pyasc.language\n"
        "from pyasc.compiler.pipeline.analysis import analyze\n"
        f"analyze(open({str(ROOT / 'examples' / 'add_custom.py')!r}).read(), 'a.py')\n"
        "bad = [m for m in ('pygls', 'lsprotocol', 'jedi') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == 0, r.stderr


def test_diagnostics_doc_is_generated_from_the_codes() -> None:
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert doc == diagnostics_markdown(), "run `make docs` to regenerate docs/diagnostics.md"
    for code in CODES:
        assert f"## {code}" in doc


def test_package_is_typed() -> None:
    assert (ROOT / "pyasc" / "py.typed").exists()


def test_the_server_imports_no_cli_module() -> None:
    """What the language server shares with the command lines (the file walker, the engine) lives in the library."""
    import ast

    found = []
    for path in sorted((ROOT / "pyasc_lsp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            found += [f"{path.name}: {n}" for n in names if n == "pyasc.cli" or n.startswith("pyasc.cli.")]
    assert found == []
