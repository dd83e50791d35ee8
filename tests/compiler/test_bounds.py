"""Static bounds (PA611-PA614): an access past its tensor, buffer or Global Memory window, proved from the values
known in the file (constants, ConstExpr values of a launch, loop ranges), reported on the access's line with the
values that prove it; nothing where a value it rests on is not known."""

from __future__ import annotations

import contextlib
import textwrap

import pytest

from pyasc.compiler.checks.bounds.interval import TOP, Iv, const
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

CODES = ("PA611", "PA612", "PA613", "PA614")


def findings(src: str, config: Config | None = None) -> list[tuple[str, str, int, str]]:
    a = analyze(textwrap.dedent(src), "k.py", config or Config())
    return [(d.code, d.severity.name, d.span.line, d.message) for d in a.diagnostics if d.code in CODES]


def line_of(src: str, text: str) -> int:
    lines = textwrap.dedent(src).splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


QUEUE = '''
import asc

TILE = 128


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 1024)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, LEN)
    x_local = q.alloc_tensor(asc.float16)
    asc.data_copy(x_local, x_gm, COUNT)
    asc.abs(x_local, x_local, 64)
    asc.data_copy(z_gm, x_local, 64)
    q.free_tensor(x_local)
'''


def test_copy_larger_than_its_queue_buffer_is_an_error_with_the_values() -> None:
    src = QUEUE.replace("LEN", "128").replace("COUNT", "128")
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA611", "ERROR", line_of(src, "data_copy(x_local"))
    assert "data_copy moves 128 float16 = 256 bytes into 'x_local', a 128-byte buffer (init_buffer at line 15)" \
        in msg


def test_copy_that_fits_its_buffer_is_clean() -> None:
    assert findings(QUEUE.replace("LEN", "256").replace("COUNT", "128")) == []


def test_buffer_length_is_rounded_up_to_32_bytes_as_init_buffer_does() -> None:
    # 100 bytes are a 128-byte buffer: 64 float16 fit (the simulator agrees: PS102 only past 128 bytes)
    assert findings(QUEUE.replace("LEN", "100").replace("COUNT", "64")) == []
    assert [f[0] for f in findings(QUEUE.replace("LEN", "100").replace("COUNT", "80"))] == ["PA611"]


def test_data_copy_count_moves_whole_blocks_only() -> None:
    # 130 float16 are 260 bytes: DataCopy moves 256 of them (PA604 says so), which fit a 256-byte buffer
    assert findings(QUEUE.replace("LEN", "256").replace("COUNT", "130")) == []


def test_double_buffer_length_is_per_buffer() -> None:
    src = QUEUE.replace("asc.TQue(asc.TPosition.VECIN, 1)", "asc.TQue(asc.TPosition.VECIN, 2)")
    assert findings(src.replace("1, LEN", "2, 256").replace("COUNT", "128")) == []
    assert [f[0] for f in findings(src.replace("1, LEN", "2, 256").replace("COUNT", "256"))] == ["PA611"]


VECTOR_SLICE = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    qa = asc.TQue(asc.TPosition.VECIN, 1)
    qb = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qa, 1, 512)
    pipe.init_buffer(qb, 1, 512)
    a = qa.alloc_tensor(asc.float32)
    b = qb.alloc_tensor(asc.float32)
    asc.add(b, a[OFF:], a, 64)
    qa.free_tensor(a)
    qb.free_tensor(b)
'''


def test_vector_op_whose_count_runs_past_the_slice_it_reads() -> None:
    src = VECTOR_SLICE.replace("OFF", "80")
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA612", "ERROR", line_of(src, "asc.add"))
    assert "add reads 64 float32 = 256 bytes from 'a[80:]', which holds 48 float32 of a 512-byte buffer" in msg
    assert findings(VECTOR_SLICE.replace("OFF", "64")) == []  # 128 - 64 = 64: exactly fits


def test_slice_message_names_what_the_slice_holds() -> None:
    src = VECTOR_SLICE.replace("OFF", "100")
    [(_, _, _, msg)] = findings(src)
    assert "add reads 64 float32 = 256 bytes from 'a[100:]', which holds 28 float32 of a 512-byte buffer" in msg


LOOP = '''
import numpy as np
import asc

TILE = 128


@asc.jit
def k(x: asc.GlobalAddress, n_tiles: asc.ConstExpr[int]) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1000)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 2)
    for i in range(n_tiles):
        t = q.alloc_tensor(asc.float16)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        q.free_tensor(t)


def launch():
    k[1](np.zeros(1024, np.float16), N_TILES)
'''


def test_loop_whose_last_tile_crosses_the_global_buffer() -> None:
    src = LOOP.replace("N_TILES", "8")
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA613", "ERROR", line_of(src, "data_copy(t"))
    assert msg.startswith("last iteration i=7: x_gm[896:1024] is outside the 1000 elements given to "
                          "set_global_buffer at line 11")


def test_loop_within_the_global_buffer_is_clean() -> None:
    assert findings(LOOP.replace("N_TILES", "7")) == []


def test_constexpr_default_is_not_known() -> None:
    # no launch gives n_tiles: the C++ uses the PA407 default, which is no value of the kernel's
    src = LOOP.replace("    k[1](np.zeros(1024, np.float16), N_TILES)\n", "    pass\n")
    assert findings(src) == []


def test_constexpr_from_the_configuration_is_known() -> None:
    src = LOOP.replace("    k[1](np.zeros(1024, np.float16), N_TILES)\n", "    pass\n")
    assert [f[0] for f in findings(src, Config(consts={"n_tiles": "8"}))] == ["PA613"]


def test_stepped_loop_names_its_last_value() -> None:
    src = LOOP.replace("for i in range(n_tiles):", "for i in range(0, 1024, TILE):").replace(
        "x_gm[i * TILE:]", "x_gm[i:]").replace("N_TILES", "8")
    [(code, _, _, msg)] = findings(src)
    assert code == "PA613" and msg.startswith("last iteration i=896: x_gm[896:1024]")


def test_run_time_loop_bound_proves_nothing() -> None:
    src = LOOP.replace("n_tiles: asc.ConstExpr[int]", "n_tiles: int")
    assert findings(src.replace("N_TILES", "len(sys.argv)")) == []  # no literal: not known
    assert [f[0] for f in findings(src.replace("N_TILES", "8"))] == ["PA613"]  # the launch's literal is known


def test_nested_loops_reach_both_last_iterations() -> None:
    src = LOOP.replace("    for i in range(n_tiles):\n        t = q.alloc_tensor(asc.float16)\n"
                       "        asc.data_copy(t, x_gm[i * TILE:], TILE)\n        q.free_tensor(t)\n",
                       "    for i in range(2):\n        for j in range(4):\n"
                       "            t = q.alloc_tensor(asc.float16)\n"
                       "            asc.data_copy(t, x_gm[(i * 4 + j) * TILE:], TILE)\n"
                       "            q.free_tensor(t)\n").replace("N_TILES", "8")
    [(code, _, _, msg)] = findings(src)
    assert code == "PA613" and msg.startswith("last iteration i=1, j=3: x_gm[896:1024]")


HELPERS = '''
import numpy as np
import asc

BUFFER_NUM = 2
TILE_NUM = 4


@asc.jit
def kern(x: asc.GlobalAddress, z: asc.GlobalAddress, tile_length: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, GM_LEN)
    z_gm.set_global_buffer(z, GM_LEN)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_q = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    setup(pipe, in_q, out_q, tile_length)
    for i in range(TILE_NUM * BUFFER_NUM):
        copy_in(i, x_gm, in_q, tile_length)
        compute(z_gm, in_q, out_q, tile_length)
        copy_out(i, z_gm, out_q, tile_length)


@asc.jit
def setup(pipe: asc.TPipe, in_q: asc.TQue, out_q: asc.TQue, tile_length: asc.ConstExpr[int]):
    pipe.init_buffer(in_q, BUFFER_NUM, tile_length * 4)
    pipe.init_buffer(out_q, BUFFER_NUM, tile_length * 4)


@asc.jit
def copy_in(i: int, x_gm: asc.GlobalTensor, in_q: asc.TQue, tile_length: asc.ConstExpr[int]):
    x_local = in_q.alloc_tensor(x_gm.dtype)
    asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
    in_q.enque(x_local)


@asc.jit
def compute(z_gm: asc.GlobalTensor, in_q: asc.TQue, out_q: asc.TQue, tile_length: asc.ConstExpr[int]):
    x_local = in_q.deque(z_gm.dtype)
    z_local = out_q.alloc_tensor(z_gm.dtype)
    asc.muls(z_local, x_local, 2.0, COUNT)
    out_q.enque(z_local)
    in_q.free_tensor(x_local)


@asc.jit
def copy_out(i: int, z_gm: asc.GlobalTensor, out_q: asc.TQue, tile_length: asc.ConstExpr[int]):
    z_local = out_q.deque(z_gm.dtype)
    asc.data_copy(z_gm[i * tile_length:], z_local, tile_length)
    out_q.free_tensor(z_local)


def launch():
    x = np.zeros(2048, np.float32)
    z = np.zeros(2048, np.float32)
    kern[1](x, z, 256)
'''


def test_helpers_are_followed_with_their_arguments() -> None:
    assert findings(HELPERS.replace("GM_LEN", "2048").replace("COUNT", "tile_length")) == []
    src = HELPERS.replace("GM_LEN", "2048").replace("COUNT", "tile_length * 2")
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA612", "ERROR", line_of(src, "asc.muls"))
    assert "muls writes 512 float32 = 2048 bytes into 'z_local', a 1024-byte buffer (init_buffer at line 28)" in msg


def test_loop_tile_in_a_helper_crosses_the_window() -> None:
    src = HELPERS.replace("GM_LEN", "2000").replace("COUNT", "tile_length")
    found = findings(src)
    assert [(f[0], f[2]) for f in found] == [("PA613", line_of(src, "data_copy(x_local")),
                                             ("PA613", line_of(src, "data_copy(z_gm"))]
    assert found[0][3].startswith("last iteration i=7: x_gm[1792:2048] is outside the 2000 elements")


TBUF = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 4096)
    pipe = asc.TPipe()
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, 1024)
    w = tb.get(asc.float32)
    GET
    asc.duplicate(w, 1.0, COUNT)
    asc.data_copy(x_gm, w, 64)
'''


def test_tbuf_size_in_its_dtype() -> None:
    assert findings(TBUF.replace("GET", "pass").replace("COUNT", "256")) == []
    src = TBUF.replace("GET", "pass").replace("COUNT", "512")
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA612", "ERROR", line_of(src, "duplicate"))
    assert "duplicate writes 512 float32 = 2048 bytes into 'w', a 1024-byte buffer" in msg


def test_tbuf_get_with_a_length_holds_that_length() -> None:
    src = TBUF.replace("GET", "w = tb.get(asc.float32, 128)").replace("COUNT", "256")
    [(code, _, _, msg)] = findings(src)
    assert code == "PA612" and "a tensor of 128 float32 (get at line 13)" in msg


def test_unknown_count_proves_nothing() -> None:
    src = TBUF.replace("def k(x: asc.GlobalAddress)", "def k(x: asc.GlobalAddress, n: int)").replace(
        "GET", "pass").replace("COUNT", "n")
    assert findings(src) == []


def test_a_run_time_branch_makes_a_constant_overrun_a_warning() -> None:
    src = TBUF.replace("GET", "if asc.get_block_idx() == 0:").replace(
        "    asc.duplicate(w, 1.0, COUNT)", "        asc.duplicate(w, 1.0, 512)")
    [(code, sev, _, msg)] = findings(src)
    assert (code, sev) == ("PA612", "WARNING") and "when this branch runs" in msg


def test_a_guarded_loop_tile_proves_nothing() -> None:
    # the guard may leave the last tile out: intervals do not see it, so nothing is said
    src = LOOP.replace("        asc.data_copy(t, x_gm[i * TILE:], TILE)\n",
                       "        if i < 7:\n            asc.data_copy(t, x_gm[i * TILE:], TILE)\n").replace(
        "N_TILES", "8")
    assert findings(src) == []


REPEAT = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 512)
    a = q.alloc_tensor(asc.float16)
    CALL
    q.free_tensor(a)
'''


@pytest.mark.parametrize(("call", "code"), [
    # 256 float16 in the buffer; one repeat is 128 of them
    ("asc.add(a, a, a, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))", None),
    ("asc.add(a, a, a, 128, 3, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))", "PA612"),
    ("asc.add(a, a, a, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 16, 8))", "PA612"),
    ("asc.add(a, a, a, 64, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))", None),
    ("asc.abs(a, a[128:], 128, 2, asc.UnaryRepeatParams(1, 1, 8, 8))", "PA612"),
    ("asc.abs(a, a[128:], [0xFFFF, 0], 1, asc.UnaryRepeatParams(1, 1, 8, 8))", None),
    ("asc.abs(a, a[128:], 128, 1, asc.UnaryRepeatParams(1, 2, 8, 8))", "PA612"),
    ("asc.data_copy(a, a[128:], asc.DataCopyParams(1, 8, 0, 0))", None),
    ("asc.data_copy(a, a[128:], asc.DataCopyParams(2, 8, 0, 0))", "PA611"),
    ("asc.data_copy(a, a, asc.DataCopyParams(4, 4, 0, 0))", None),
    ("asc.data_copy(a, a, asc.DataCopyParams(4, 4, 1, 0))", "PA611"),
    ("a.set_value(255, 1.0)", None),
    ("a.set_value(256, 1.0)", "PA612"),
])
def test_repeat_stride_and_burst_forms(call: str, code: str | None) -> None:
    found = findings(REPEAT.replace("CALL", call))
    assert [f[0] for f in found] == ([code] if code else [])


PAD = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1000)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 2048)
    a = q.alloc_tensor(asc.float32)
    asc.data_copy_pad(a, x_gm, asc.DataCopyExtParams(ROWS, BYTES, 0, 0, 0), asc.DataCopyPadExtParams(asc.float32))
    q.free_tensor(a)
'''


def test_data_copy_pad_counts_bytes_and_pads_the_local_rows() -> None:
    assert findings(PAD.replace("ROWS", "1").replace("BYTES", "2048")) == []
    assert [f[0] for f in findings(PAD.replace("ROWS", "1").replace("BYTES", "4000"))] == ["PA611"]
    # 4 rows of 100 bytes: 400 bytes of Global Memory, and 4 rows padded to 128 bytes locally (512 bytes): fits
    assert findings(PAD.replace("ROWS", "4").replace("BYTES", "100")) == []
    # 17 rows of 100 bytes: 1700 bytes of the window's 4000, but 17 * 128 = 2176 bytes locally
    assert [f[0] for f in findings(PAD.replace("ROWS", "17").replace("BYTES", "100"))] == ["PA611"]


def test_static_range_is_checked_per_value() -> None:
    src = LOOP.replace("for i in range(n_tiles):", "for i in asc.static_range(n_tiles):").replace("N_TILES", "8")
    assert [f[0] for f in findings(src)] == ["PA613"]


def test_interval_arithmetic() -> None:
    i = Iv(0, 7, True, (("i", 0),), (("i", 7),))
    assert (i * const(128) + const(128)).hi == 1024
    assert (i * const(128)).exact
    assert not (i - i).exact  # i - i is 0, not the difference of i's ends
    assert (i * const(-2)).lo == -14
    assert (i.floordiv(const(2))).hi == 3
    assert (TOP + i).hi is None
    assert const(5).mod(const(3)).const == 2


MULTICORE = '''
import numpy as np
import asc

BLOCK = 512
TILE = 128


@asc.jit
def k(x: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * BLOCK, BLOCK)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for i in range(tiles):
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        q.free_tensor(t)


def launch():
    LAUNCHES
'''


def test_a_run_time_parameter_every_launch_gives_alike_is_known() -> None:
    one = "k[4](np.zeros(4 * BLOCK, np.float32), 5)"
    [(code, _, _, msg)] = findings(MULTICORE.replace("LAUNCHES", one))
    assert code == "PA613" and msg.startswith("last iteration i=4: x_gm[512:640]")
    assert findings(MULTICORE.replace("LAUNCHES", one.replace(", 5)", ", 4)"))) == []
    two = f"{one}\n    {one.replace('k[4]', 'k[2]')}"
    assert [f[0] for f in findings(MULTICORE.replace("LAUNCHES", two))] == ["PA613"]


def test_launches_that_disagree_leave_the_parameter_unknown() -> None:
    one = "k[4](np.zeros(4 * BLOCK, np.float32), 5)"
    two = f"{one}\n    {one.replace(', 5)', ', 3)')}"
    assert findings(MULTICORE.replace("LAUNCHES", two)) == []


def test_an_edit_of_the_launch_is_seen_by_the_cached_kernel() -> None:
    from pyasc.compiler.pipeline.analysis import AnalysisCache

    cache = AnalysisCache()
    src = textwrap.dedent(MULTICORE.replace("LAUNCHES", "k[4](np.zeros(4 * BLOCK, np.float32), 4)"))
    assert not [d for d in analyze(src, "k.py", Config(), cache).diagnostics if d.code in CODES]
    src = src.replace("np.float32), 4)", "np.float32), 5)")
    assert [d.code for d in analyze(src, "k.py", Config(), cache).diagnostics if d.code in CODES] == ["PA613"]



ARRAYS = '''
import numpy as np
import asc

BLOCK = 512
TILE = 128


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * BLOCK, BLOCK)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(x + asc.get_block_idx() * 400)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    for i in range(TILES):
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.data_copy(t, y_gm[i * TILE:], TILE)
        q.free_tensor(t)


def launch():
    n = 4 * LEN
    x = np.zeros(n, dtype=np.float32)
    k[4](x)
'''


def test_the_launch_array_bounds_set_global_buffer_on_the_last_core() -> None:
    src = ARRAYS.replace("TILES", "4").replace("LEN", "500")
    found = findings(src)
    # the window passes the array's end, and so does the last tile read through it (the simulator reports both)
    assert [(f[0], f[2]) for f in found] == [("PA613", line_of(src, "x_gm.set_global_buffer")),
                                             ("PA613", line_of(src, "data_copy(t, x_gm"))]
    assert found[0][3].startswith("on core 3 (get_block_idx() = 3): set_global_buffer gives 'x_gm' 512 elements "
                                  "from element 1536 of 'x', whose array (the launch's) holds 2000")
    assert findings(ARRAYS.replace("TILES", "4").replace("LEN", "512")) == []


def test_a_window_without_size_ends_with_the_launch_array() -> None:
    src = ARRAYS.replace("TILES", "5").replace("LEN", "512")
    found = findings(src)
    # x_gm's fifth tile leaves its 512 elements; y_gm's reaches 3 * 400 + 640 = 1840 of 2048: inside
    assert [(f[0], f[2]) for f in found] == [("PA613", line_of(src, "data_copy(t, x_gm"))]
    src = ARRAYS.replace("TILES", "4").replace("LEN", "512").replace("* 400", "* 520")
    found = findings(src)
    assert [(f[0], f[2]) for f in found] == [("PA613", line_of(src, "data_copy(t, y_gm"))]
    assert found[0][3].startswith("on core 3 (get_block_idx() = 3), last iteration i=3: y_gm reaches element 2072 of "
                                  "'x', whose array (the launch's) holds 2048 (data_copy moves 128 float32")


def test_a_counted_while_loop_reaches_its_last_value() -> None:
    body = ("    off = asc.number(0, asc.int32)\n    while off < LIMIT:\n        t = q.alloc_tensor(asc.float16)\n"
            "        asc.data_copy(t, x_gm[off:], TILE)\n        q.free_tensor(t)\n        off += TILE\n")
    src = LOOP.replace("    for i in range(n_tiles):\n        t = q.alloc_tensor(asc.float16)\n"
                       "        asc.data_copy(t, x_gm[i * TILE:], TILE)\n        q.free_tensor(t)\n", body)
    [(code, _, _, msg)] = findings(src.replace("LIMIT", "1000").replace("N_TILES", "8"))
    assert code == "PA613" and msg.startswith("last iteration off=896: x_gm[896:1024]")
    assert findings(src.replace("LIMIT", "896").replace("N_TILES", "8")) == []
    # a second assignment of the variable makes it no counted loop: nothing is proved
    other = src.replace("        off += TILE\n", "        off += TILE\n        off += 1\n")
    assert findings(other.replace("LIMIT", "1000").replace("N_TILES", "8")) == []


def test_ceildiv_tiles() -> None:
    src = LOOP.replace("for i in range(n_tiles):", "for i in range(asc.ceildiv(1000, TILE)):").replace(
        "N_TILES", "8")
    [(code, _, _, msg)] = findings(src)
    assert code == "PA613" and msg.startswith("last iteration i=7: x_gm[896:1024]")


def test_a_loop_with_a_statement_that_failed_proves_nothing() -> None:
    # the break is an error (PA101) that leaves the IR without it: the loop may end before its last iteration
    src = LOOP.replace("        t = q.alloc_tensor(asc.float16)\n",
                       "        if i == 6:\n            break\n        t = q.alloc_tensor(asc.float16)\n").replace(
        "N_TILES", "8")
    assert findings(src) == []


FLOW = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 512)
    BODY
'''

COPY = '''
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[off:], 128)
        q.free_tensor(t)
'''


def flow(body: str) -> str:
    return FLOW.replace("    BODY\n", textwrap.indent(textwrap.dedent(body), "    "))


def test_a_reassigned_scalar_has_the_value_of_the_last_assignment() -> None:
    src = flow('''
        off = 0
        off = 960
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[off:], 128)
        q.free_tensor(t)
    ''')
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA613", "ERROR", line_of(src, "data_copy(t"))
    assert "x_gm[960:1088]" in msg
    assert findings(src.replace("off = 960", "off = 896")) == []
    assert [f[0] for f in findings(src.replace("off = 960", "off = 800\n    off += 160"))] == ["PA613"]


def test_nested_static_range_copies_reassign_per_value() -> None:
    body = '''
        for r in asc.static_range(4):
            for c in asc.static_range(2):
                off = r * 256 + c * WIDTH
    ''' + textwrap.indent(textwrap.dedent(COPY), "        ")
    src = flow(body.replace("WIDTH", "160"))
    [(code, sev, line, msg)] = findings(src)  # r=3, c=1: 928 + 128 > 1024
    assert (code, sev, line) == ("PA613", "ERROR", line_of(src, "data_copy(t"))
    assert "x_gm[928:1056]" in msg
    assert findings(flow(body.replace("WIDTH", "128"))) == []


def test_a_run_time_loop_forgets_what_its_body_carries() -> None:
    # off grows each iteration: neither its value before the loop nor the body's says what it holds after n
    # iterations (0 when n is 0)
    carried = flow('''
        off = asc.number(0, asc.int32)
        for i in range(n):
            t = q.alloc_tensor(asc.float32)
            asc.data_copy(t, x_gm[off:], 128)
            q.free_tensor(t)
            off = off + 960
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[off:], 128)
        q.free_tensor(t)
    ''')
    assert findings(carried) == []
    # assigned before the use in the same iteration, from the loop variable: that iteration's value
    src = flow('''
        off = asc.number(0, asc.int32)
        for i in range(8):
            off = i * 128 + 64
            t = q.alloc_tensor(asc.float32)
            asc.data_copy(t, x_gm[off:], 128)
            q.free_tensor(t)
    ''')
    [(code, sev, line, msg)] = findings(src)
    assert (code, sev, line) == ("PA613", "ERROR", line_of(src, "data_copy(t"))
    assert "i=7" in msg


def test_paths_that_meet_give_the_hull_and_prove_nothing_certain() -> None:
    src = flow('''
        off = 0
        if n > 4:
            off = 960
        else:
            off = 0
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[off:], 128)
        q.free_tensor(t)
    ''')
    assert [f for f in findings(src) if f[1] == "ERROR"] == []
    same = src.replace("off = 0\n    t =", "off = 960\n    t =")
    assert [f[:2] for f in findings(same)] == [("PA613", "ERROR")]


PIECE = '''
import asc


@asc.jit
def k(x: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 4096)
    pipe = asc.TPipe()
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, 1000)
    PIECE
    asc.data_copy(x_gm, w, 8)
'''


def piece(text: str) -> str:
    return PIECE.replace("    PIECE\n", textwrap.indent(textwrap.dedent(text), "    "))


def test_tbuf_piece_past_its_buffer_is_an_error_with_the_bytes() -> None:
    # 1000 bytes are a 1024-byte buffer: 64 float32 at byte 768 end at 1024 and fit, 72 end at 1056
    assert findings(piece("w = tb.get_with_offset(64, 768, asc.float32)\n")) == []
    src = piece("w = tb.get_with_offset(72, 768, asc.float32)\n")
    [(code, sev, line, msg)] = [f for f in findings(src) if f[0] == "PA614"]
    assert (code, sev, line) == ("PA614", "ERROR", line_of(src, "get_with_offset"))
    assert "get_with_offset takes 72 float32 = 288 bytes of 'tb' from byte 768, to byte 1056" in msg
    assert "init_buffer at line 11 gave it 1024 bytes" in msg and "take at most 64 float32" in msg


def test_tbuf_piece_starting_at_its_end_and_get_with_a_length() -> None:
    assert [f[0] for f in findings(piece("w = tb.get_with_offset(8, 1024, asc.float32)\n"))] == ["PA614"]
    assert [f[0] for f in findings(piece("w = tb.get(asc.float16, 520)\n"))] == ["PA614"]
    assert findings(piece("w = tb.get(asc.float16, 512)\n")) == []


def test_tbuf_pieces_in_loops_and_branches() -> None:
    loop = piece('''
        for i in asc.static_range(4):  # buf_offset is a compile-time value (PA603)
            w = tb.get_with_offset(64, i * OFF, asc.float32)
            asc.duplicate(w, 0.0, 64)
    ''')
    assert findings(loop.replace("OFF", "256")) == []
    [(code, sev, _, msg)] = findings(loop.replace("OFF", "320"))
    assert (code, sev) == ("PA614", "ERROR") and "from byte 960, to byte 1216" in msg
    guarded = piece('''
        if n > 1:
            w = tb.get_with_offset(64, 1024, asc.float32)
        else:
            w = tb.get_with_offset(64, 0, asc.float32)
    ''')
    assert [f[:2] for f in findings(guarded)] == [("PA614", "WARNING")]
    unknown = piece("w = tb.get_with_offset(64, n * 32, asc.float32)\n")
    assert findings(unknown) == []


IMPORTED = '''
import asc


@asc.jit
def store_tile(q: asc.TQue, g: asc.GlobalTensor, n: int) -> None:
    t = q.deque(asc.float32)
    asc.data_copy(g, t, n)
    q.free_tensor(t)
'''

IMPORTER = '''
import asc

from tiles import store_tile as store


@asc.jit
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 1024)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 1024)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 512)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 128)
    q.enque(t)
    store(q, z_gm, FIRST)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 128)
    q.enque(t)
    store(q, z_gm[512:], SECOND)
'''


@pytest.mark.parametrize("summaries_on", [True, False])
def test_an_access_past_its_tensor_in_an_imported_helper_is_reported_at_each_call(
        tmp_path, summaries_on: bool) -> None:
    # the helper's lines are another file's: each finding goes on the call of it in this file, saying where
    from pyasc.compiler.checks import summaries

    (tmp_path / "tiles.py").write_text(textwrap.dedent(IMPORTED), encoding="utf-8")
    src = textwrap.dedent(IMPORTER.replace("FIRST", "128").replace("SECOND", "1024"))
    path = str(tmp_path / "k.py")
    with summaries.disabled() if not summaries_on else contextlib.nullcontext():
        got = [(d.code, d.span.line, d.span.col, d.message, d.related)
               for d in analyze(src, path).diagnostics if d.code in CODES]
    second = line_of(src, "store(q, z_gm[512:]")
    init, window = line_of(src, "pipe.init_buffer"), line_of(src, "z_gm.set_global_buffer")
    at = "in store_tile() (imported, at its line 8): "
    moves = "data_copy moves 1024 float32 = 4096 bytes"
    assert got == [
        ("PA611", second, 4, f"{at}{moves} from 't', a 512-byte buffer (init_buffer at line {init}): on the device "
         "it reads memory past the tensor (the simulator stops there, PS102); use a count of at most 128 or a larger "
         "buffer", ()),
        ("PA613", second, 4, f"{at}z_gm[512:1536] is outside the 1024 elements given to set_global_buffer at line "
         f"{window} ({moves}): on the device it accesses Global Memory that is not this core's (the simulator stops "
         "there, PS101); keep the last tile within the window (a smaller count for the tail, or fewer tiles)", ()),
    ]
    # the same helper called within bounds from both places: nothing
    clean = textwrap.dedent(IMPORTER.replace("FIRST", "128").replace("SECOND", "128"))
    assert [d for d in analyze(clean, path).diagnostics if d.code in CODES] == []



def test_each_call_of_a_helper_is_checked_with_its_own_specialization() -> None:
    # two calls with other constant counts lower two specializations of one C++ name: the out-of-bounds one is
    # found though the last call is the one within bounds
    local = textwrap.dedent(IMPORTED).replace("import asc\n", "").replace("def store_tile", "def store")
    src = textwrap.dedent(IMPORTER.replace("FIRST", "1024").replace("SECOND", "128")).replace(
        "from tiles import store_tile as store\n", local)
    assert [(c, line) for c, _, line, _ in findings(src)] == [("PA611", line_of(src, "asc.data_copy(g, t, n)"))]


def test_nothing_is_reported_inside_an_imported_helper_whose_lowering_failed(tmp_path) -> None:
    # its error is its module's; what the error left out of its IR is not known here
    failing = IMPORTED.replace("    q.free_tensor(t)\n", "    q.free_tensor(t)\n    asc.no_such_api(t)\n")
    (tmp_path / "tiles.py").write_text(textwrap.dedent(failing), encoding="utf-8")
    src = textwrap.dedent(IMPORTER.replace("FIRST", "128").replace("SECOND", "1024"))
    got = analyze(src, str(tmp_path / "k.py")).diagnostics
    assert [d.code for d in got if d.code in CODES] == []
    (tmp_path / "tiles.py").write_text(textwrap.dedent(IMPORTED), encoding="utf-8")
    assert [d.code for d in analyze(src, str(tmp_path / "k.py")).diagnostics if d.code in CODES] == \
        ["PA611", "PA613"]
