"""What the language server's import loads before its first diagnostics: each module named here would cost CPU
time on every start that a bare pygls server does not pay (bench/cold_start.py measures it).  Checked in fresh
interpreters, as the server starts."""

from __future__ import annotations

import ast
import subprocess
import sys

PROBE = """
import sys
{imports}
print(sorted(m for m in {names} if m in sys.modules))
"""


def loaded(imports: str, names: list[str]) -> list[str]:
    """Which of `names` are imported after running `imports` in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", PROBE.format(imports=imports, names=names)], capture_output=True,
                         text=True, check=True)
    return ast.literal_eval(out.stdout.strip().splitlines()[-1])


def test_the_server_import_loads_neither_the_api_tables_nor_the_compiler() -> None:
    """The tables and the compiler come with the first analysis (server._analyze imports it)."""
    heavy = ["pyasc.language.registry", "pyasc.runtime", "pyasc.compiler.pipeline.analysis",
             "pyasc.compiler.codegen.kernel"]
    assert loaded("import pyasc_lsp.server, pyasc_lsp.features", heavy) == []


def test_a_submodule_taken_as_an_attribute_of_pyasc_is_not_resolved_as_a_language_name() -> None:
    """`from pyasc import diagstore` asks pyasc's module __getattr__ first: a name it does not know as a submodule
    is looked up among the language's names, which imports the API tables."""
    assert loaded("from pyasc import diagstore, reads", ["pyasc.language.registry", "pyasc.runtime"]) == []


def test_the_diagnostics_store_imports_tempfile_only_to_write() -> None:
    """tempfile brings shutil, bz2, lzma and random: milliseconds of every start, for the store's first write."""
    assert loaded("import pyasc.diagstore", ["tempfile", "shutil"]) == []


def test_the_editors_command_lines_are_read_without_argparse_and_as_argparse_reads_them() -> None:
    from pyasc_lsp.__main__ import parse_args

    assert parse_args([]) == parse_args(["--log-level", "WARNING"])  # the second through argparse
    assert parse_args(["--stdio"]) == parse_args(["--stdio", "--port", "2087"])
    assert parse_args(["--stdio"]).stdio is True and parse_args([]).stdio is False
    assert loaded("from pyasc_lsp.__main__ import parse_args; parse_args([]); parse_args(['--stdio'])",
                  ["argparse"]) == []
