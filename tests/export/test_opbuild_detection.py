"""What building an exported project needs, as `pyasc doctor` reports it, on fake CANN install trees."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pyasc.toolchain import CACHE, doctor, headers, locate, opbuild


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "LLVM_HOME", locate.LIBCLANG_ENV, locate.CLANG_TIDY_ENV):
        monkeypatch.delenv(var, raising=False)
    CACHE.clear()


def _fake_cann(root: Path, with_op_build: bool) -> Path:
    base = root / "compiler" / "tikcpp" / "tikcfw"
    (base / "impl").mkdir(parents=True)
    (base / "interface").mkdir()
    shutil.copy(headers.BUNDLED_DIR / headers.HEADER, base / headers.HEADER)
    shutil.copytree(headers.BUNDLED_DIR / "lib", base / "lib")  # the headers it includes
    (root / "version.info").write_text("Version=8.0.RC1\n", encoding="utf-8")
    if with_op_build:
        (root / "lib64" / "cmake").mkdir(parents=True)
        (root / "lib64" / "cmake" / "asc-config.cmake").write_text("# fake\n", encoding="utf-8")
        tool = root / "python" / "site-packages" / "bin" / "msopgen"
        tool.parent.mkdir(parents=True)
        tool.write_text("#!/bin/sh\n", encoding="utf-8")
    return root


def _line(out: str) -> str:
    return next(x for x in out.splitlines() if "operator build" in x)


def test_detection_finds_the_asc_cmake_package_and_msopgen(tmp_path: Path) -> None:
    root = _fake_cann(tmp_path / "cann", with_op_build=True)
    found = opbuild.find(str(root))
    assert found.asc_cmake_dir == str(root / "lib64" / "cmake")
    assert found.msopgen == str(root / "python" / "site-packages" / "bin" / "msopgen")
    assert opbuild.find(None).asc_cmake_dir is None


def test_doctor_says_what_building_needs(tmp_path: Path, monkeypatch, capsys) -> None:
    assert doctor.run([str(tmp_path)]) == 0
    line = _line(capsys.readouterr().out)
    assert line.startswith("[ok") and "CANN is not configured" in line and "building them needs CANN" in line
    partial = _fake_cann(tmp_path / "partial", with_op_build=False)
    assert doctor.run(["--cann-path", str(partial), str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert _line(out).startswith("[warning") and f"no asc-config.cmake under {partial}" in _line(out)
    assert "fix: install cmake 3.16+ and CANN's asc-devkit" in out
    full = _fake_cann(tmp_path / "full", with_op_build=True)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "cmake").write_text("#!/bin/sh\n", encoding="utf-8")
    (bin_dir / "cmake").chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    assert doctor.run(["--cann-path", str(full), str(tmp_path)]) == 0
    line = _line(capsys.readouterr().out)
    assert line.startswith("[ok") and f"cmake at {bin_dir / 'cmake'}" in line
    assert f"find_package(ASC) from {full / 'lib64' / 'cmake'}" in line
    assert f"msopgen at {full / 'python' / 'site-packages' / 'bin' / 'msopgen'}" in line
    (bin_dir / "cmake").unlink()
    assert doctor.run(["--cann-path", str(full), str(tmp_path)]) == 0
    assert "cmake is not on PATH" in _line(capsys.readouterr().out)
