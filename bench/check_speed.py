"""pyasc-check throughput: files per second on a generated tree of kernel files, cold and from the cache.

Generates N kernel files (default 500) in the style of examples/add_custom.py (elementwise kernels with varied ops,
dtypes, tile sizes, a shared constants module and helpers) into a temporary folder, then times the `pyasc-check`
command on it: front end only (--no-cpp) and with the C++ tier, each cold (empty cache) and cached (second run,
nothing changed).  The cold run of each tier is the baseline the cached run is compared with.  pyasc itself is run
from a snapshot of its sources taken at the start, because the cache key covers pyasc's installed sources: an edit
to them during the run would (rightly) make the second run miss.

    .venv/bin/python bench/check_speed.py [--files 500] [--cpp-files 500] [--jobs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OPS = [("add", "asc.add"), ("sub", "asc.sub"), ("mul", "asc.mul"), ("max", "asc.max"), ("min", "asc.min")]
DTYPES = ["float16", "float32"]
TILES = [64, 128, 256]

CONSTS = "BUFFER_NUM = 2\nBLOCK_DIM = 8\n"

KERNEL = '''import pyasc as asc

from .consts import BUFFER_NUM

TILE_LENGTH = {tile}


@asc.jit
def scale_{idx}(t: asc.LocalTensor, n: int):
    asc.muls(t, t, 2.0, n)


@asc.jit
def {op}_kernel_{idx}(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * {size})
    pipe.init_buffer(in_queue_y, BUFFER_NUM, TILE_LENGTH * {size})
    pipe.init_buffer(out_queue_z, BUFFER_NUM, TILE_LENGTH * {size})
    loop_count = block_length // TILE_LENGTH
    for i in range(loop_count):
        x_local = in_queue_x.alloc_tensor(asc.{dtype})
        y_local = in_queue_y.alloc_tensor(asc.{dtype})
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)
        x_local = in_queue_x.deque(asc.{dtype})
        y_local = in_queue_y.deque(asc.{dtype})
        z_local = out_queue_z.alloc_tensor(asc.{dtype})
        {call}(z_local, x_local, y_local, TILE_LENGTH)
        scale_{idx}(z_local, TILE_LENGTH)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)
        z_local = out_queue_z.deque(asc.{dtype})
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        out_queue_z.free_tensor(z_local)
'''


def generate(root: Path, count: int) -> None:
    """`count` kernel files in packages of 50, each package with its own constants module."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text('[project]\nname = "bench"\nversion = "0"\n', encoding="utf-8")
    for i in range(count):
        pkg = root / f"ops{i // 50:02d}"
        if not pkg.exists():
            pkg.mkdir()
            (pkg / "__init__.py").write_text("", encoding="utf-8")
            (pkg / "consts.py").write_text(CONSTS, encoding="utf-8")
        op, call = OPS[i % len(OPS)]
        dtype = DTYPES[(i // len(OPS)) % len(DTYPES)]
        size = 2 if dtype == "float16" else 4
        text = KERNEL.format(idx=i, op=op, call=call, dtype=dtype, size=size, tile=TILES[i % len(TILES)])
        (pkg / f"{op}_{i:04d}.py").write_text(text, encoding="utf-8")


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, int, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    return time.perf_counter() - t0, proc.returncode, proc.stderr.strip().splitlines()[-1:][0] if proc.stderr else ""


def measure(label: str, tree: Path, files: int, extra: list[str], jobs: list[str], env: dict[str, str]) -> None:
    cache = tree / ".pyasc_cache"
    shutil.rmtree(cache, ignore_errors=True)
    cmd = [sys.executable, "-m", "pyasc.cli.check", "--stats", "--format", "json", *jobs, *extra, "."]
    cold, rc1, stats1 = timed(cmd, tree, env)
    warm, rc2, stats2 = timed(cmd, tree, env)
    print(f"{label:<22} cold   {cold:7.2f} s  {files / cold:8.1f} files/s  (exit {rc1})  {stats1}")
    print(f"{label:<22} cached {warm:7.2f} s  {files / warm:8.1f} files/s  (exit {rc2})  {stats2}")
    print(f"{label:<22} cached speed-up over cold: {cold / warm:.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=500)
    ap.add_argument("--cpp-files", type=int, default=None, help="files for the C++ tier (default: --files)")
    ap.add_argument("--jobs", type=int, default=None)
    args = ap.parse_args()
    jobs = ["--jobs", str(args.jobs)] if args.jobs else []
    env = {k: v for k, v in os.environ.items() if k != "PYASC_CACHE_DIR"}
    env["CI"] = "1"
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"pyasc-check speed: python {sys.version.split()[0]}, {cores} cores, jobs {args.jobs or 'default'}")
    with tempfile.TemporaryDirectory(prefix="pyasc-bench-") as tmp:
        import pyasc

        snap = Path(tmp) / "snapshot"
        shutil.copytree(Path(pyasc.__file__).parent, snap / "pyasc", ignore=shutil.ignore_patterns("__pycache__"))
        env["PYTHONPATH"] = str(snap)
        tree = Path(tmp) / "front"
        generate(tree, args.files)
        startup, _, _ = timed([sys.executable, "-c", "import pyasc.cli.check"], tree, env)
        print(f"baseline: interpreter start + import of pyasc.cli.check {startup:.2f} s")
        measure(f"front end ({args.files})", tree, args.files, ["--no-cpp"], jobs, env)
        n_cpp = args.cpp_files or args.files
        cpp_tree = Path(tmp) / "cpp"
        generate(cpp_tree, n_cpp)
        measure(f"with C++ ({n_cpp})", cpp_tree, n_cpp, [], jobs, env)


if __name__ == "__main__":
    main()
