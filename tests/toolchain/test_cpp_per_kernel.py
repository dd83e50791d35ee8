"""The C++ tier runs per kernel, for every kernel whose Python-side checks found no error, and `pyasc`,
`pyasc-check` and the language server report the same C++ findings for the same file."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from fuzz.jsonrpc import LspProcess

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.toolchain import check_cpp

# `t.get_value(0) * (n // 3)` (clang-tidy bugprone-integer-division) and `n == n` (clang -Wtautological-compare,
# clang-tidy misc-redundant-expression) are C++-tier findings the Python side accepts.  The second kernel has the same
# self-comparison and a Python-side error (an unknown API): its C++ is incomplete, so the tier leaves it out.
TWO_KERNELS = textwrap.dedent('''\
    import pyasc as asc


    @asc.jit
    def clean_kernel(x: asc.GlobalAddress, n: int):
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, n)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, 64)
        ratio = t.get_value(0) * (n // 3)
        same = n == n
        if same:
            asc.muls(t, t, ratio, 64)
        asc.data_copy(x_gm, t, 64)
        q.free_tensor(t)


    @asc.jit
    def broken_kernel(x: asc.GlobalAddress, n: int):
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, n)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, 64)
        asc.ad(t, t, t, 64)
        same = n == n
        if same:
            asc.data_copy(x_gm, t, 64)
        q.free_tensor(t)
''')
LINES = TWO_KERNELS.split("\n")
CLEAN_LINE = LINES.index("    ratio = t.get_value(0) * (n // 3)") + 1
SELF_COMPARE = CLEAN_LINE + 1
BROKEN_DEF = LINES.index("def broken_kernel(x: asc.GlobalAddress, n: int):") + 1
EXPECTED = {(CLEAN_LINE, "bugprone-integer-division"), (SELF_COMPARE, "-Wtautological-compare"),
            (SELF_COMPARE, "misc-redundant-expression")}
"""(line, code) of every C++ finding: all in the clean kernel, none in the broken one."""

BIN = Path(sys.executable).parent


def _cpp(found: set[tuple[int, str]]) -> set[tuple[int, str]]:
    return {(line, code) for line, code in found if not code.startswith("PA")}


def test_check_cpp_leaves_out_only_the_kernels_with_python_errors(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from pyasc.toolchain import check as toolchain
    from pyasc.toolchain import runner

    parsed: list[str] = []
    real_parse = runner.parse

    def recording_parse(tool: object, path: str, text: str, *args: object) -> object:
        parsed.append(text)
        return real_parse(tool, path, text, *args)

    monkeypatch.setattr(runner, "parse", recording_parse)
    toolchain.CACHE.clear()
    analysis = analyze(TWO_KERNELS, str(tmp_path / "k.py"))
    assert [d.code for d in analysis.errors] == ["PA202"]
    diags = check_cpp(analysis, Config())
    assert {(d.span.line, d.code) for d in diags} == EXPECTED
    assert all(d.span.line < BROKEN_DEF for d in diags)
    # one translation unit went to libclang: the clean kernel's, without the broken kernel's C++
    assert len(parsed) == 1 and "clean_kernel" in parsed[0] and "broken_kernel" not in parsed[0]


def test_pyasc_pyasc_check_and_the_server_report_the_same_cpp_findings(tmp_path: Path) -> None:
    source = tmp_path / "k.py"
    source.write_text(TWO_KERNELS, encoding="utf-8")
    env = {**os.environ, "CI": "1", "NO_COLOR": "1"}

    checked = subprocess.run([str(BIN / "pyasc-check"), "--no-cache", "--format", "json", "k.py"], cwd=tmp_path,
                             capture_output=True, text=True, timeout=300, env=env, check=False)
    from_check = {(d["line"], d["code"]) for d in json.loads(checked.stdout)["diagnostics"]}

    compiled = subprocess.run([str(BIN / "pyasc"), "--input", "k.py", "--output", str(tmp_path / "out")],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert compiled.returncode == 1, compiled.stderr  # the Python-side error stops the build
    from_pyasc = {(int(m.group(1)), m.group(2))
                  for m in re.finditer(r"^k\.py:(\d+):\d+: \w+\[([^\]]+)\]", compiled.stderr, re.M)}

    server = LspProcess(tmp_path)
    try:
        server.initialize(tmp_path, ["utf-16"])
        uri = source.as_uri()
        server.open(uri, TWO_KERNELS)
        published = server.wait_for(lambda m: m["method"] == "textDocument/publishDiagnostics"
                                    and m["params"]["uri"] == uri
                                    and any(d.get("source") == "clang-tidy" for d in m["params"]["diagnostics"]),
                                    120, "the C++ tier's diagnostics")
        from_server = {(d["range"]["start"]["line"] + 1, d["code"]) for d in published["params"]["diagnostics"]}
    finally:
        assert server.close() == 0

    assert _cpp(from_check) == EXPECTED
    assert _cpp(from_pyasc) == EXPECTED
    assert _cpp(from_server) == EXPECTED
    assert from_check == from_pyasc == from_server
