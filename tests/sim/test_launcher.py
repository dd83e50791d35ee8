"""The executable flow without CANN (write_executable, then run it with .bin files) and the bisheng command with a
fake CANN tree."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyasc.sim import launcher

KERNELS = Path(__file__).parent / "kernels"


def _run(exe: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.e2e
def test_executable_runs_vector_add_with_bin_files(tmp_path):
    exe = tmp_path / "k.kernel"
    launcher.write_executable(KERNELS / "add_custom.py", exe, "add_custom", "Ascend910B1")
    assert os.access(exe, os.X_OK)
    assert exe.read_text().startswith(f"#!{sys.executable}\n")
    a = np.arange(4096, dtype=np.float32)
    b = np.full(4096, 0.5, dtype=np.float32)
    a.astype("<f4").tofile(tmp_path / "a.bin")
    b.astype("<f4").tofile(tmp_path / "b.bin")
    done = _run(exe, "--input-a", "a.bin", "--input-b", "b.bin", "--output", "c.bin", "--block-dim", "4",
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    c = np.fromfile(tmp_path / "c.bin", dtype="<f4")
    np.testing.assert_array_equal(c, a + b)


@pytest.mark.e2e
def test_executable_dtype_flag_profile_and_named_inputs(tmp_path):
    exe = tmp_path / "mp.kernel"
    launcher.write_executable(KERNELS / "mixed_precision.py", exe, None, "Ascend910B1", profile=True)
    x = np.linspace(-2, 2, 2048).astype(np.float16)
    x.tofile(tmp_path / "x.bin")
    done = _run(exe, "--input-x", "x.bin", "--output-y", "y.bin", "--dtype", "float16", "--arg", "scale=2.0",
                "--arg", "shift=1.0", "--block-dim", "2", "--profile-json", "prof.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    y = np.fromfile(tmp_path / "y.bin", dtype="<f2")
    np.testing.assert_array_equal(y, (x.astype(np.float32) * 2 + 1).astype(np.float16))
    assert "scale_shift_fp16" in done.stdout  # the profile table
    prof = json.loads((tmp_path / "prof.json").read_text())
    assert prof["kernels"][0]["block_num"] == 2


@pytest.mark.e2e
def test_executable_reports_findings_with_exit_status(tmp_path):
    exe = tmp_path / "bad.kernel"
    launcher.write_executable(KERNELS / "buggy.py", exe, "gm_out_of_bounds", "Ascend910B1")
    np.zeros(256, np.float32).tofile(tmp_path / "x.bin")
    done = _run(exe, "--input-x", "x.bin", "--output", "z.bin", cwd=tmp_path)
    assert done.returncode == 1
    assert "gm-out-of-bounds" in done.stderr and "buggy.py:" in done.stderr
    missing = _run(exe, "--input-x", "x.bin", cwd=tmp_path)
    assert missing.returncode == 2 and "'z' has no --input/--output file" in missing.stderr


def test_bisheng_command_with_a_fake_cann_tree(tmp_path, monkeypatch):
    root = tmp_path / "ascend-toolkit" / "latest"
    bisheng = root / "compiler" / "ccec_compiler" / "bin" / "bisheng"
    bisheng.parent.mkdir(parents=True)
    bisheng.write_text("#!/bin/sh\n")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(root))
    cmd = launcher.bisheng_command(Path("k.cpp"), Path("k.o"), "Ascend910B1", auto_sync=True)
    assert cmd[0] == str(bisheng)
    assert "--cce-auto-sync" in cmd and "--cce-aicore-arch=dav-c220-vec" in cmd
    assert f"-I{root / 'compiler' / 'tikcpp' / 'tikcfw'}" in cmd
    assert cmd[-3:] == ["k.cpp", "-o", "k.o"]
    manual = launcher.bisheng_command(Path("k.cpp"), Path("k.o"), "Ascend910A", auto_sync=False)
    assert "--cce-auto-sync" not in manual and "--cce-aicore-arch=dav-c100" in manual


def test_bisheng_command_without_cann(monkeypatch):
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.delenv("ASCEND_TOOLKIT_HOME", raising=False)
    with pytest.raises(FileNotFoundError, match="ASCEND_HOME_PATH"):
        launcher.bisheng_command(Path("k.cpp"), Path("k.o"), "Ascend910B1", auto_sync=True)


@pytest.mark.e2e
def test_executable_takes_dtypes_from_the_inferred_signature(tmp_path):
    from pyasc.sim.launcher import _inferred_dtypes

    example = Path(__file__).resolve().parents[2] / "examples" / "add_custom.py"
    assert _inferred_dtypes(str(example), "add_custom") == {"x": "float16", "y": "float16", "z": "float16"}
    exe = tmp_path / "add.kernel"
    launcher.write_executable(example, exe, "add_custom", "Ascend910B1")
    a = np.linspace(-1, 1, 1024).astype(np.float16)
    a.tofile(tmp_path / "a.bin")
    a.tofile(tmp_path / "b.bin")
    done = _run(exe, "--input-a", "a.bin", "--input-b", "b.bin", "--output", "c.bin", "--block-dim", "2",
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    np.testing.assert_array_equal(np.fromfile(tmp_path / "c.bin", dtype="<f2"), a + a)
