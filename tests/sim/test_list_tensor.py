"""ListTensorDesc / TensorDesc on the simulator: a packed list of tensors in one GM argument, decoded as Ascend C
decodes it (word 0 the pointer offset, per tensor a dim|index word and its extents, then the data pointers)."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

ROWS, COLS = 4, 64
N = ROWS * COLS


def pack(arrays: list[np.ndarray], with_shapes: bool = True) -> np.ndarray:
    """The host side: a uint64 list of `arrays` (each [ROWS, COLS]) pointing at their memory."""
    if with_shapes:
        records = [[(i << 32) | 2, ROWS, COLS] for i in range(len(arrays))]
    else:  # data pointers only: dim 0, the count in the high half, then 0xffffffff
        records = [[len(arrays) << 32, 0xFFFFFFFF]]
    words = [w for r in records for w in r]
    head = 8 + 8 * len(words)
    return np.array([head, *words, *(a.ctypes.data for a in arrays)], dtype=np.uint64)


@asc.jit
def add_list(src: asc.GlobalAddress, z: asc.GlobalAddress, count: int) -> None:
    """z = the sum of the list's tensors, each read through get_desc / get_data_obj; dims and shapes to `z`'s tail."""
    lst = asc.ListTensorDesc(data=src, length=0xFFFFFFFF, shape_size=0xFFFFFFFF)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N + 8)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 4)
    acc = buf.get(asc.float32)
    t = buf.get_with_offset(N, N * 4, asc.float32)
    asc.duplicate(acc, 0.0, N)
    for i in range(lst.get_size()):
        desc = asc.TensorDesc(asc.float32)
        desc.set_shape_addr(0x1000)
        lst.get_desc(desc, i)
        xg = desc.get_data_obj()
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(t, xg, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.add(acc, acc, t, N)
        if i == count - 1:
            zg.set_value(N, desc.get_dim().cast(asc.float32))
            zg.set_value(N + 1, desc.get_index().cast(asc.float32))
            zg.set_value(N + 2, desc.get_shape(0).cast(asc.float32))
            zg.set_value(N + 3, desc.get_shape(1).cast(asc.float32))
            zg.set_value(N + 4, xg.get_size())
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, acc, N)


def test_add_of_a_packed_list_reads_each_tensor_and_its_shape():
    rng = np.random.default_rng(7)
    xs = [rng.standard_normal((ROWS, COLS)).astype(np.float32) for _ in range(3)]
    z = np.zeros(N + 8, np.float32)
    with sim.collect() as report:
        add_list[1](pack(xs), z, 3)
    assert [f.code for f in report.findings if f.severity != "note"] == []
    np.testing.assert_allclose(z[:N], (xs[0] + xs[1] + xs[2]).reshape(-1), rtol=1e-6)
    # the last tensor: dim 2, index 2, shape [4, 64]; GetDataObj sizes it sizeof(float) * 4 * 64 elements
    np.testing.assert_array_equal(z[N:N + 5], [2, 2, ROWS, COLS, 4 * N])


@asc.jit
def copy_pointers(src: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    """A list of data pointers only: z = tensor 1 - tensor 0 through get_data_ptr(index, dtype)."""
    lst = asc.ListTensorDesc()
    lst.init(data=src, length=8 * 5, shape_size=2)
    a = asc.GlobalTensor()
    a.set_global_buffer(lst.get_data_ptr(0, asc.float16), N)
    b = asc.GlobalTensor()
    b.set_global_buffer(lst.get_data_ptr(index=1, dtype=asc.float16), N)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, N)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 2)
    ta = buf.get_with_offset(N, 0, asc.float16)
    tb = buf.get_with_offset(N, N * 2, asc.float16)
    asc.data_copy(ta, a, N)
    asc.data_copy(tb, b, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sub(tb, tb, ta, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, tb, N)


def test_a_list_of_pointers_only_gives_typed_addresses():
    a = np.arange(N, dtype=np.float16).reshape(ROWS, COLS)
    b = (np.arange(N, dtype=np.float16) * 3).reshape(ROWS, COLS)
    lst = pack([a, b], with_shapes=False)
    assert lst[0] == 24 and len(lst) == 5
    z = np.zeros(N, np.float16)
    copy_pointers[1](lst, z)
    np.testing.assert_array_equal(z, (b - a).reshape(-1))


def test_pointers_into_the_lists_own_array_resolve():
    """The tensors packed behind the list in one array: the pointers point into the list's own memory."""
    payload = np.zeros(5 * 8 // 2 + 2 * N, np.float16)  # 5 words of list, then a and b
    a = payload[20:20 + N]
    b = payload[20 + N:]
    a[:] = np.arange(N) % 7
    b[:] = np.arange(N) % 5
    words = payload[:20].view(np.uint64)
    words[:] = [24, 2 << 32, 0xFFFFFFFF, a.ctypes.data, b.ctypes.data]
    z = np.zeros(N, np.float16)
    copy_pointers[1](payload, z)
    np.testing.assert_array_equal(z, (np.arange(N) % 5 - np.arange(N) % 7).astype(np.float16))


def _errors(fn, *args) -> list[tuple[str, str]]:
    with sim.collect() as report:
        fn[1](*args)
    return [(f.code, f.message) for f in report.findings if f.severity == "error"]


def test_a_pointer_into_no_argument_is_reported():
    a = np.zeros(N, np.float16)
    lst = pack([a, a], with_shapes=False)
    lst[4] = 0  # tensor 1: a null pointer
    errs = _errors(copy_pointers, lst, np.zeros(N, np.float16))
    assert errs[0][0] == "PS108"
    assert "data pointer is a null pointer" in errs[0][1]


def test_length_and_shape_size_are_checked_against_the_list():
    a = np.zeros(N, np.float16)
    errs = _errors(copy_pointers, pack([a, a, a], with_shapes=False), np.zeros(N, np.float16))
    assert errs[0] == ("PS108", "ListTensorDesc: shape_size is 2, the list holds 3 tensor(s)")


def test_an_array_that_is_not_a_list_is_reported():
    errs = _errors(copy_pointers, np.zeros(16, np.uint64), np.zeros(N, np.float16))
    assert errs[0][0] == "PS108"
    assert "pointer offset 0 (word 0) leaves no room" in errs[0][1]


@asc.jit
def desc_misuse(src: asc.GlobalAddress) -> None:
    lst = asc.ListTensorDesc(data=src)
    desc = asc.TensorDesc(asc.float32)
    lst.get_desc(desc, 0)  # no set_shape_addr
    desc.set_shape_addr(0x2000)
    lst.get_desc(desc, 5)  # past the list
    lst.get_desc(desc, 1)
    desc.get_shape(2)  # dim is 2


def test_desc_misuse_is_reported_as_the_device_asserts():
    xs = [np.zeros((ROWS, COLS), np.float32) for _ in range(2)]
    errs = [m for _, m in _errors(desc_misuse, pack(xs))]
    assert len(errs) == 3
    assert errs[0].startswith("ListTensorDesc.get_desc: the TensorDesc has no shape address")
    assert errs[1] == "ListTensorDesc.get_desc: index 5 is outside the list's 2 tensor(s)"
    assert errs[2].startswith("TensorDesc.get_shape: dimension 2 is outside the tensor's 2")


@pytest.mark.parametrize("count", [1, 2])
def test_get_size_counts_the_records(count):
    xs = [np.full((ROWS, COLS), i + 1, np.float32) for i in range(count)]
    z = np.zeros(N + 8, np.float32)
    add_list[1](pack(xs), z, count)
    np.testing.assert_array_equal(z[:N], np.full(N, count * (count + 1) / 2, np.float32))
    assert z[N + 1] == count - 1


def test_a_made_up_pointer_is_never_followed():
    a = np.zeros(N, np.float16)
    lst = pack([a, a], with_shapes=False)
    lst[3] = 0x10  # tensor 0: an address no array of the program holds
    errs = _errors(copy_pointers, lst, np.zeros(N, np.float16))
    assert errs[0][0] == "PS108"
    assert "0x10, which points into no array the simulator knows" in errs[0][1]


@asc.jit
def scale_in_place(src: asc.GlobalAddress) -> None:
    """Writes through the list: each tensor of the list doubled where it is."""
    lst = asc.ListTensorDesc(data=src)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    for i in range(lst.get_size()):
        desc = asc.TensorDesc(asc.float32)
        desc.set_shape_addr(0x1000)
        lst.get_desc(desc, i)
        g = asc.GlobalTensor()
        g.set_global_buffer(desc.get_data_ptr(), desc.get_shape(0) * desc.get_shape(1))
        asc.data_copy(t, g, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.muls(t, t, 2.0, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.data_copy(g, t, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_writes_through_the_list_reach_the_host_arrays():
    held = {"x": np.arange(N, dtype=np.float32).reshape(ROWS, COLS), "y": np.ones((ROWS, COLS), np.float32)}
    scale_in_place[1](pack([held["x"], held["y"]]))
    np.testing.assert_array_equal(held["x"].reshape(-1), np.arange(N, dtype=np.float32) * 2)
    np.testing.assert_array_equal(held["y"], np.full((ROWS, COLS), 2, np.float32))
