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


def _run(exe: Path, *args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYASC_PYTHON": sys.executable} if env is None else env
    return subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=full)


@pytest.mark.e2e
def test_executable_runs_vector_add_with_bin_files(tmp_path):
    exe = tmp_path / "k.kernel"
    launcher.write_executable(KERNELS / "add_custom.py", exe, "add_custom", "Ascend910B1")
    assert os.access(exe, os.X_OK)
    text = exe.read_text()
    assert text.startswith("#!/bin/sh\n") and sys.executable not in text and str(KERNELS) not in text
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


@pytest.mark.e2e
def test_an_unreadable_input_or_unwritable_output_is_a_usage_error_not_a_traceback(tmp_path):
    """Exit 1 is the sanitizer's; a file the script cannot read or write is the caller's mistake: 2, one line."""
    exe = tmp_path / "k.kernel"
    launcher.write_executable(KERNELS / "add_custom.py", exe, "add_custom", "Ascend910B1")
    np.zeros(256, np.float32).tofile(tmp_path / "a.bin")
    absent = _run(exe, "--input-x", "a.bin", "--input-y", "nothing.bin", "--output", "c.bin", cwd=tmp_path)
    assert absent.returncode == 2 and "Traceback" not in absent.stderr, absent.stderr
    assert "cannot read the input file of GM parameter 'y': nothing.bin: No such file or directory" in absent.stderr
    np.zeros(256, np.float32).tofile(tmp_path / "b.bin")
    unwritable = _run(exe, "--input-x", "a.bin", "--input-y", "b.bin", "--output", "no/such/dir/c.bin",
                      cwd=tmp_path)
    assert unwritable.returncode == 2 and "Traceback" not in unwritable.stderr, unwritable.stderr
    assert "cannot write the output file of GM parameter 'z': no/such/dir/c.bin" in unwritable.stderr


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
    assert _inferred_dtypes(str(example), "add_custom", example.read_text()) == {
        "x": "float16", "y": "float16", "z": "float16"}
    exe = tmp_path / "add.kernel"
    launcher.write_executable(example, exe, "add_custom", "Ascend910B1")
    a = np.linspace(-1, 1, 1024).astype(np.float16)
    a.tofile(tmp_path / "a.bin")
    a.tofile(tmp_path / "b.bin")
    done = _run(exe, "--input-a", "a.bin", "--input-b", "b.bin", "--output", "c.bin", "--block-dim", "2",
                cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    np.testing.assert_array_equal(np.fromfile(tmp_path / "c.bin", dtype="<f2"), a + a)


ROW_SUM = """import numpy as np

import pyasc as asc

CORES = 4


@asc.jit
def fill(y: asc.GlobalAddress, n: int):
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y + asc.get_block_idx() * n, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.duplicate(t, 1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, n)


if __name__ == "__main__":
    fill[CORES](np.zeros(CORES * 64, np.float32), 64)
"""


@pytest.mark.e2e
def test_the_block_dim_comes_from_the_files_launch_is_stated_and_the_file_can_move(tmp_path):
    src = tmp_path / "fill.py"
    src.write_text(ROW_SUM)
    built = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "--input", str(src), "--output",
                            str(tmp_path / "fill.kernel"), "--no-cpp"], capture_output=True, text=True, timeout=300,
                           check=False)
    assert built.returncode == 0, built.stderr
    assert "4 cores by default (fill.py:19)" in built.stderr
    moved = tmp_path / "elsewhere"
    moved.mkdir()
    (tmp_path / "fill.kernel").rename(moved / "fill.kernel")
    src.unlink()  # the kernel's source is embedded: the executable needs neither it nor its folder
    done = _run(moved / "fill.kernel", "--output-y", "y.bin", "--output-size", "256", "--arg", "n=64", cwd=moved)
    assert done.returncode == 0, done.stderr
    assert "fill.kernel: running fill on 4 cores (default 4, from the launch at fill.py:19)" in done.stderr
    np.testing.assert_array_equal(np.fromfile(moved / "y.bin", dtype="<f4"), np.ones(4 * 64, np.float32))


@pytest.mark.e2e
def test_help_lists_the_parameters_and_no_python_is_a_clear_error(tmp_path):
    exe = tmp_path / "add.kernel"
    launcher.write_executable(KERNELS / "add_custom.py", exe, "add_custom", "Ascend910B1")
    helped = _run(exe, "--help", cwd=tmp_path)
    assert helped.returncode == 0
    shown = " ".join(helped.stdout.split())  # argparse wraps the lines
    for text in ("--input-NAME FILE", "--output-NAME FILE", "--arg NAME=VALUE", "GM parameters: x, y, z",
                 "Scalar parameters: block_length", "default 1: no launch in add_custom.py fixes a core count"):
        assert text in shown, text
    bare = _run(exe, "--help", cwd=tmp_path, env={"PATH": "/nonexistent"})
    assert bare.returncode == 127 and "no Python that can import pyasc" in bare.stderr
