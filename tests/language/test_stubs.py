"""The typed stubs are current and make mypy accept correct kernels and reject wrong calls."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pyasc.language import stubgen

REPO = Path(__file__).resolve().parents[2]

KERNEL = '''
import pyasc as asc

BUFFER_NUM = 2
TILE_LENGTH = 128


@asc.jit
def add_custom(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int, tile: asc.ConstExpr[int]) -> None:
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_q = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_q, BUFFER_NUM, tile * 2)
    pipe.init_buffer(out_q, BUFFER_NUM, TILE_LENGTH * 2)
    pipe.init_buffer(tmp, 1024)
    for i in range(block_length // TILE_LENGTH):
        x_local = in_q.alloc_tensor(asc.float16)
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_q.enque(x_local)
        x_local = in_q.deque(asc.float16)
        z_local = out_q.alloc_tensor(asc.float16)
        work = tmp.get(asc.float16)
        asc.add(z_local, x_local, x_local, TILE_LENGTH)
        asc.add(z_local, x_local, x_local, [0xFFFF, 0], 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))
        asc.adds(z_local, z_local, 1.5, TILE_LENGTH)
        asc.reduce_max(z_local, x_local, work, TILE_LENGTH, cal_index=False)
        asc.cast(z_local, x_local, asc.RoundMode.CAST_NONE, TILE_LENGTH)
        asc.adv.exp(z_local, z_local, TILE_LENGTH, 4)
        asc.adv.sin(z_local, z_local)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        v = z_local.get_value(0)
        asc.duplicate(z_local, v, TILE_LENGTH)
        out_q.enque(z_local)
        in_q.free_tensor(x_local)
        z_local = out_q.deque(asc.float16)
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, asc.DataCopyParams(1, TILE_LENGTH // 16, 0, 0))
        out_q.free_tensor(z_local)
    for j in asc.static_range(4):
        asc.printf("%d\\\\n", j)
    n: int = asc.ceildiv(block_length, TILE_LENGTH) + asc.property(asc.ONE_BLK_SIZE)
    asc.static_assert(n > 0)


@asc.jit(insert_sync=True, always_compile=True)
def helper(x: asc.LocalTensor, tiling: asc.adv.TCubeTiling) -> None:
    asc.relu(x, x, tiling.m)


def host() -> None:
    import numpy as np

    asc.set_log_level(asc.LOG_LEVEL.DEBUG)
    a = asc.from_numpy(np.zeros(8, dtype=np.float16))
    b = asc.Tensor([8], asc.float32)
    kernel = asc.Kernel(add_custom)
    kernel.set_input(0, a)
    kernel.set_output(1, b)
    kernel.set_tiling([1, 2])
    kernel.set_workspace(0, 1024)
    kernel.set_attr("alpha", 1.0)
    stream = asc.Stream()
    stream.launch(kernel)
    stream.synchronize()
    with asc.profile():
        add_custom[8](a, b, 8, 128)
    print(asc.to_numpy(b).shape, b.dtype.name)
'''


def _mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "kernel.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    # No MYPYPATH: mypy must find the stubs through the installation itself, as a user's mypy does (the Makefile's
    # editable install is path-based for that reason; an import-hook one is invisible to mypy).
    env = {k: v for k, v in os.environ.items() if k != "MYPYPATH"}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"),
         "--no-error-summary", str(path)],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300,
    )


def test_stubs_are_current() -> None:
    result = subprocess.run([sys.executable, "-m", "pyasc.language.stubgen", "--check"], capture_output=True,
                            text=True, cwd=REPO)
    assert result.returncode == 0, result.stderr


def test_check_reports_a_stale_stub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "__init__.pyi"
    stale.write_text("# old\n", encoding="utf-8")
    monkeypatch.setattr(stubgen, "outputs", lambda: {stale: "# new\n"})
    monkeypatch.setattr(stubgen, "ROOT", tmp_path)
    assert stubgen.main(["--check"]) == 1
    assert stale.read_text(encoding="utf-8") == "# old\n"
    assert stubgen.main([]) == 0
    assert stale.read_text(encoding="utf-8") == "# new\n"
    assert stubgen.main(["--check"]) == 0


def test_stub_declares_every_function_and_class() -> None:
    main, adv = stubgen.main_stub(), stubgen.adv_stub()
    for name in ("def add(", "def data_copy(", "class TPipe:", "class TQue(TQueBind):", "class TPosition(IntEnum):",
                 "    VECCALC = 11", "float16: DataType", "half: DataType", "def jit(", "class Kernel:",
                 "def from_numpy(", "class Stream:", "def profile(", "ConstExpr: TypeAlias"):
        assert name in main, name
    for name in ("def exp(", "def acos(", "class Matmul:", "class TCubeTiling:", "def softmax("):
        assert name in adv, name


def test_mypy_accepts_a_correct_kernel(tmp_path: Path) -> None:
    result = _mypy(tmp_path, KERNEL)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_rejects_wrong_calls(tmp_path: Path) -> None:
    result = _mypy(tmp_path, '''
        import pyasc as asc

        asc.add(1, 2)
        asc.set_flag(asc.PipeID.PIPE_V)
        asc.adv.exp(1)
        q = asc.TQue(asc.TPosition.VECIN, 2)
        q.alloc_tensor(3.5)
    ''')
    assert result.returncode == 1
    out = result.stdout
    assert 'No overload variant of "add" matches argument types "int", "int"' in out
    assert 'Argument 1 to "set_flag" has incompatible type "PipeID"' in out
    assert ':6: error:' in out and ':8: error:' in out
