"""The extension's TypeScript unit tests (mapping lookups, highlights, colours, interpreter choice), run by npm."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from .conftest import ROOT


def test_npm_unit_tests_pass() -> None:
    npm = shutil.which("npm")
    if npm is None or not (ROOT / "node_modules" / "typescript").is_dir():
        pytest.fail("npm or the extension's node_modules is missing: run `make deps` (scripts/deps-vscode.sh)")
    proc = subprocess.run([npm, "test"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-6000:]
    passed = re.search(r"^# pass (\d+)$", out, re.MULTILINE)
    failed = re.search(r"^# fail (\d+)$", out, re.MULTILINE)
    assert passed and failed, out[-3000:]
    assert int(failed.group(1)) == 0
    assert int(passed.group(1)) >= 40, "fewer unit tests ran than exist"
