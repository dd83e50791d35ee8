"""`pyasc --output` with CANN: bisheng gets --cce-auto-sync for a kernel on the compiler's synchronization (the
default) and not for one written with @asc.jit(auto_sync=False).  A fake CANN tree and a bisheng that records its
arguments stand in for the real ones."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_environment import fake_cann

KERNEL = '''import pyasc as asc


@asc.jit{options}
def copy_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 256)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, x_gm, 256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, t, 256)
'''


@pytest.mark.parametrize(("options", "flag"), [("", True), ("(auto_sync=False)", False), ("(auto_sync=True)", True)])
def test_bisheng_gets_auto_sync_as_the_kernel_says(tmp_path: Path, options: str, flag: bool) -> None:
    root = tmp_path / "cann"
    fake_cann(root)
    bisheng = root / "compiler" / "ccec_compiler" / "bin" / "bisheng"
    bisheng.parent.mkdir(parents=True)
    record = tmp_path / "bisheng-args"
    bisheng.write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" > {record}\n", encoding="utf-8")
    bisheng.chmod(0o755)
    (tmp_path / "k.py").write_text(KERNEL.format(options=options), encoding="utf-8")
    env = {**os.environ, "ASCEND_HOME_PATH": str(root), "NO_COLOR": "1"}
    env.pop("ASCEND_TOOLKIT_HOME", None)
    done = subprocess.run([str(Path(sys.executable).parent / "pyasc"), "--input", "k.py", "--output", "k.o",
                           "--no-cpp"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    args = record.read_text(encoding="utf-8").split("\n")
    assert ("--cce-auto-sync" in args) is flag, args
    assert any(a.endswith("copy_kernel.cpp") for a in args), args  # the generated C++ was what it compiled
