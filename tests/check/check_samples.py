"""Kernels and an in-process runner shared by the pyasc-check tests."""

from __future__ import annotations

import contextlib
import io
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

from pyasc.cli import check

GOOD = textwrap.dedent('''\
    import pyasc as asc

    BUFFER_NUM = 2
    TILE_LENGTH = 128


    @asc.jit
    def add_custom(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
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
        pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * 2)
        pipe.init_buffer(in_queue_y, BUFFER_NUM, TILE_LENGTH * 2)
        pipe.init_buffer(out_queue_z, BUFFER_NUM, TILE_LENGTH * 2)
        loop_count = block_length // TILE_LENGTH
        for i in range(loop_count):
            x_local = in_queue_x.alloc_tensor(asc.float16)
            y_local = in_queue_y.alloc_tensor(asc.float16)
            asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
            asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
            in_queue_x.enque(x_local)
            in_queue_y.enque(y_local)
            x_local = in_queue_x.deque(asc.float16)
            y_local = in_queue_y.deque(asc.float16)
            z_local = out_queue_z.alloc_tensor(asc.float16)
            asc.add(z_local, x_local, y_local, TILE_LENGTH)
            out_queue_z.enque(z_local)
            in_queue_x.free_tensor(x_local)
            in_queue_y.free_tensor(y_local)
            z_local = out_queue_z.deque(asc.float16)
            asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
            out_queue_z.free_tensor(z_local)
''')

# The same kernel with a misspelt API: PA202 unknown-api on the `asc.ad(...)` line.
BAD = GOOD.replace("asc.add(z_local", "asc.ad(z_local")
BAD_LINE = "asc.ad(z_local, x_local, y_local, TILE_LENGTH)"

# Only a warning: an unused local variable (PA701).
WARN = GOOD.replace("    loop_count = block_length // TILE_LENGTH\n",
                    "    loop_count = block_length // TILE_LENGTH\n    spare = 4\n")

PLAIN = "def helper(n: int) -> int:\n    return n * 2\n"


@dataclass
class Run:
    rc: int
    out: str
    err: str


def run_check(*argv: str, cwd: Path | None = None) -> Run:
    """Run pyasc-check in this process (as the console script would) and capture what it prints."""
    out, err = io.StringIO(), io.StringIO()
    old = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = check.main(list(argv))
    finally:
        os.chdir(old)
    return Run(rc, out.getvalue(), err.getvalue())
