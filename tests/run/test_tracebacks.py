"""A simulator error during a launch shows the user's frames, not a dozen of pyasc's: under `pyasc run`, none of
pyasc's; under plain `python`, the launch's one re-raise; `PYASC_TRACEBACK=full` shows every frame."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

PROGRAM = '''import IMPORT
import numpy as np

N = 256


@asc.jit
def shifted_copy(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, N * 4)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[128:], N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)


def main():
    shifted_copy[1](np.zeros(N, np.float32), np.zeros(N, np.float32))


main()
'''
FRAME = re.compile(r'^  File "([^"]+)", line (\d+), in (\S+)$', re.MULTILINE)
PYASC = f"{os.sep}pyasc{os.sep}"


def _run(tmp_path: Path, cmd: list[str], full: bool = False) -> tuple[int, list[tuple[str, int, str]], str]:
    env = {k: v for k, v in os.environ.items() if k != "PYASC_TRACEBACK"}
    if full:
        env["PYASC_TRACEBACK"] = "full"
    done = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    frames = [(f if PYASC in f else Path(f).name, int(n), fn) for f, n, fn in FRAME.findall(done.stderr)]
    return done.returncode, frames, done.stderr


def test_pyasc_run_shows_the_users_frames_only(tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM.replace("IMPORT", "asc"), encoding="utf-8")
    rc, frames, err = _run(tmp_path, [sys.executable, "-m", "pyasc.cli.main", "run", "prog.py"])
    assert rc == 1
    assert frames == [("prog.py", 26, "<module>"), ("prog.py", 23, "main"), ("prog.py", 17, "shifted_copy")], err
    assert err.rstrip().splitlines()[-2].startswith("pyasc.sim.findings.SimulationError: prog.py:17: error PS101")
    assert err.rstrip().endswith("(frames of pyasc are hidden; PYASC_TRACEBACK=full shows them)")
    rc, frames, err = _run(tmp_path, [sys.executable, "-m", "pyasc.cli.main", "run", "prog.py"], full=True)
    assert rc == 1 and len(frames) > 10 and any("pyasc/sim/state.py" in f for f, _, _ in frames), err


def test_plain_python_keeps_one_frame_of_the_launch(tmp_path):
    (tmp_path / "prog.py").write_text(PROGRAM.replace("IMPORT", "pyasc as asc"), encoding="utf-8")
    rc, frames, err = _run(tmp_path, [sys.executable, "prog.py"])
    assert rc == 1
    ours = [f for f, _, _ in frames if PYASC in f]
    assert [(f, n, fn) for f, n, fn in frames if PYASC not in f] == [
        ("prog.py", 26, "<module>"), ("prog.py", 23, "main"), ("prog.py", 17, "shifted_copy")], err
    assert len(ours) == 1 and ours[0].endswith(os.path.join("pyasc", "sim", "jit.py")), err
    rc, frames, err = _run(tmp_path, [sys.executable, "prog.py"], full=True)
    assert rc == 1 and len(frames) > 10, err
