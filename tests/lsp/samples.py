"""Kernels the language-server tests open: the add_custom example, seeded bugs, a helper, non-ASCII text."""

ADD = """\
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
"""

HELPER = """\
import pyasc as asc

SCALE = 4


@asc.jit
def copy_in(q: asc.TQue, g: asc.GlobalTensor, n: int):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    q.enque(t)


@asc.jit
def kernel(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * SCALE)
    copy_in(q, g, n)
    t = q.deque(asc.float32)
    q.free_tensor(t)
"""

UNKNOWN_API = ADD.replace("asc.add(z_local", "asc.ad(z_local")
"""PA202 on `ad`, with a did-you-mean fix."""

DTYPE_CONFLICT = ADD.replace("y_local = in_queue_y.alloc_tensor(asc.float16)",
                             "y_local = in_queue_y.alloc_tensor(asc.float32)").replace(
    "asc.data_copy(y_local, y_gm[", "asc.data_copy(y_local, x_gm[")
"""PA403 on x_gm, copied into a float16 and then a float32 tensor, with related information at both copies."""

UNUSED = ADD.replace("        out_queue_z.free_tensor(z_local)\n",
                     "        out_queue_z.free_tensor(z_local)\n        unused_v = 3\n")
"""PA701 (front end, Unnecessary tag) on `unused_v`; the C++ tier does not repeat it."""

NON_ASCII = ADD.replace("import pyasc as asc\n", "import pyasc as asc\n# 向量加法 😀 kernel\n").replace(
    "    offset = asc.get_block_idx() * block_length\n",
    "    offset = asc.get_block_idx() * block_length\n    s = \"é😀\"; café = asc.ad(1)\n")
"""Characters outside ASCII (and outside the BMP) before a seeded PA202 on the same line."""

REDUNDANT = ADD.replace("    offset = asc.get_block_idx() * block_length\n",
                        "    offset = asc.get_block_idx() * block_length + (block_length - block_length)\n")
"""Clean for the front end; clang-tidy's misc-redundant-expression (C++ tier) on `block_length - block_length`."""

UNICODE_CLEAN = REDUNDANT.replace("import pyasc as asc\n", "import pyasc as asc\n# 向量加法 😀 kernel\n").replace(
    "    pipe = asc.TPipe()\n", "    pipe = asc.TPipe()\n    s = \"é😀\"; café = 1\n")
"""No errors, so both tiers run: PA701 on `café` (after non-BMP text) and clang-tidy on the redundant expression."""


def many_kernels(count: int, seed: int = 0) -> str:
    """REDUNDANT with its kernel repeated `count` times (distinct names and sizes): a slow C++ tier."""
    head, body = REDUNDANT.split("\n\n\n", 1)
    return head + "".join(
        "\n\n\n" + body.replace("def add_custom", f"def add_custom_{i}").replace("TILE_LENGTH * 2",
                                                                              f"TILE_LENGTH * {2 + i + seed}")
        for i in range(count))

MISSING_SYNC = """\
import pyasc as asc

N = 256


@asc.jit(auto_sync=False)
def scale(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    asc.data_copy(t, x_gm, N)
    asc.muls(t, t, 2.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, N)
"""
"""PA551 on the muls (MTE2 -> V with no flag), the copy-in as related information, a fix inserting the pair."""
