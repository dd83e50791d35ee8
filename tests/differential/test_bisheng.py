"""The real-header check of CANN's C++ (bisheng.py) activates only when the headers are given, and then returns the
compiler's first error: tested with a fake compiler and a fake flags file (CI has no headers)."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from .bisheng import ENV, cann_cpp_error, real_flags

FAKE = """#!{python}
import sys
args = sys.argv[1:]
src = open(args[-1]).read()
assert "-fsyntax-only" in args and args[args.index("-include") + 1] == "kernel_operator.h", args
assert "-I/fake/include" in args, args
if "GlobalTensor<half>&, AscendC::GlobalTensor" in src or "DataCopy(gm_y, gm_x" in src:
    print("cann.cpp:9:20: error: no matching function for call to 'DataCopy'", file=sys.stderr)
    sys.exit(1)
"""


@pytest.fixture
def fake_headers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cxx = tmp_path / "fake-g++"
    cxx.write_text(FAKE.format(python=sys.executable), encoding="utf-8")
    cxx.chmod(cxx.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PYASC_CXX", str(cxx))
    flags = tmp_path / "flags"
    flags.write_text("-x c++ -std=c++17 -I/fake/include -fsyntax-only\n", encoding="utf-8")
    return flags


def test_inactive_without_headers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert real_flags(None) is None
    assert real_flags(str(tmp_path / "missing")) is None


def test_active_with_the_option_or_the_environment(fake_headers: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert real_flags(str(fake_headers)) == ["-x", "c++", "-std=c++17", "-I/fake/include", "-fsyntax-only"]
    monkeypatch.setenv(ENV, str(fake_headers))
    assert real_flags(None) == real_flags(str(fake_headers))


def test_verdict_is_the_compilers(fake_headers: Path) -> None:
    flags = real_flags(str(fake_headers))
    assert flags is not None
    bad = "AscendC::DataCopy(gm_y, gm_x, 256);\n"
    good = "AscendC::DataCopy(local, gm_x, 256);\n"
    error = cann_cpp_error(bad, flags)
    assert error is not None and "no matching function" in error
    assert cann_cpp_error(good, flags) is None


def test_a_compiler_that_does_not_run_is_a_verdict_too(fake_headers: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYASC_CXX", str(fake_headers.parent / "no-such-compiler"))
    flags = real_flags(str(fake_headers))
    assert flags is not None and "did not run" in (cann_cpp_error("int x;\n", flags) or "")
