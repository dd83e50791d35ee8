"""insert_sync through helper calls (compiler/checks/sync/frames.py): a helper's statements are synchronized inside
it where each call runs them, as CANN's inlining tracer does; the queues of the caller's tensors are passed in."""

from __future__ import annotations

import re
from pathlib import Path

from pyasc.compiler.pipeline.analysis import analyze

CASES = Path(__file__).resolve().parents[1] / "differential" / "cases"


def _cpp(source: str) -> str:
    result = analyze(source, "k.py")
    assert [d.code for d in result.errors] == []
    return result.cpp


def _body(cpp: str, name: str) -> list[str]:
    """The statements of the C++ function `name`, one per line, stripped."""
    m = re.search(r"\b" + name + r"\([^)]*\) \{\n(.*?)\n\}", cpp, re.S)
    assert m is not None, f"no function {name}"
    return [line.strip() for line in m.group(1).splitlines()]


def test_a_copy_then_compute_is_dequeued_inside_the_helper() -> None:
    cpp = _cpp((CASES / "s01_helper_copy_then_compute.py").read_text(encoding="utf-8"))
    assert _body(cpp, "load_scaled") == [
        "AscendC::DataCopy(t, src, N);", "t_que.EnQue(t);", "t = t_que.DeQue<float>();",
        "AscendC::Muls(t, t, 2.0f, N);", "t_que.EnQue(t);"]
    assert "load_scaled(t, x_gm, t_que);" in _body(cpp, "kernel")


def test_two_writes_enqueue_each_after_its_copy() -> None:
    cpp = _cpp((CASES / "p10_auto_helper_two_writes.py").read_text(encoding="utf-8"))
    assert _body(cpp, "load_pair") == ["AscendC::DataCopy(a, x_gm, N);", "a_que.EnQue(a);",
                                       "AscendC::DataCopy(b, y_gm, N);", "b_que.EnQue(b);"]
    kernel = _body(cpp, "kernel")
    call = kernel.index("load_pair(a, b, x_gm, y_gm, a_que, b_que);")
    assert kernel[call + 1:call + 4] == ["a = a_que.DeQue<float>();", "b = b_que.DeQue<float>();",
                                         "AscendC::Mul(c, a, b, N);"]


def test_one_function_for_calls_that_need_the_same_synchronization() -> None:
    cpp = _cpp((CASES / "s02_helper_called_twice.py").read_text(encoding="utf-8"))
    assert len(re.findall(r"inline void load\w*\(", cpp)) == 1
    kernel = _body(cpp, "kernel")
    assert "load(a, x_gm, a_que);" in kernel and "load(b, y_gm, b_que);" in kernel


def test_a_loop_in_a_helper_enqueues_and_dequeues_each_tile() -> None:
    cpp = _cpp((CASES / "s03_helper_loop_writes.py").read_text(encoding="utf-8"))
    body = _body(cpp, "scale_tiles")
    assert body[1:-1] == [
        "AscendC::DataCopy(t, src[i * TILE], TILE);", "t_que.EnQue(t);", "t = t_que.DeQue<float>();",
        "AscendC::Muls(o, t, 3.0f, TILE);", "o_que.EnQue(o);", "o = o_que.DeQue<float>();",
        "AscendC::DataCopy(dst[i * TILE], o, TILE);", "AscendC::PipeBarrier<PIPE_V>();"]


def test_nested_helpers_pass_the_queue_on_and_come_callee_first() -> None:
    cpp = _cpp((CASES / "s04_nested_helpers.py").read_text(encoding="utf-8"))
    assert cpp.index("inline void fill(") < cpp.index("inline void fill_and_add(")
    assert _body(cpp, "fill") == ["AscendC::DataCopy(t, src, N);", "t_que.EnQue(t);"]
    assert _body(cpp, "fill_and_add") == ["fill(t, src, t_que);", "t = t_que.DeQue<float>();",
                                          "AscendC::Adds(o, t, 5.0f, N);", "o_que.EnQue(o);"]


def test_a_scalar_read_in_a_helper_is_fenced_on_the_kernels_pipe() -> None:
    cpp = _cpp((CASES / "s05_helper_get_value.py").read_text(encoding="utf-8"))
    body = _body(cpp, "first_plus")
    read = body.index("float v = t.GetValue(0);")
    assert body[read - 3] == "int8_t v_s_event0 = GetTPipePtr()->FetchEventID<AscendC::HardEvent::V_S>();"
    assert body[read + 1] == "int8_t s_v_event1 = GetTPipePtr()->FetchEventID<AscendC::HardEvent::S_V>();"
    assert "AscendC::TPipe" not in "\n".join(body)


def test_a_helper_dequeues_what_the_kernel_enqueued_before_its_first_use() -> None:
    cpp = _cpp((CASES / "s06_helper_tbuf_two_ops.py").read_text(encoding="utf-8"))
    assert _body(cpp, "twice") == ["t = t_que.DeQue<float>();", "AscendC::Muls(w, t, 2.0f, N);",
                                   "AscendC::PipeBarrier<PIPE_V>();", "AscendC::Adds(w, w, 1.0f, N);",
                                   "AscendC::PipeBarrier<PIPE_V>();"]
    assert "twice(w, t, t_que);" in _body(cpp, "kernel")


def test_a_form_without_queues_is_renamed_and_the_plain_helper_kept_for_other_calls() -> None:
    # t is dequeued by the kernel's own adds first: the helper then needs barriers only, the same signature as the
    # helper as written, so that form is twice_sync; a second kernel calls twice without insert_sync
    source = (CASES / "s06_helper_tbuf_two_ops.py").read_text(encoding="utf-8").replace(
        "    twice(w, t)\n", "    asc.adds(o, t, 0.0, N)\n    twice(w, t)\n") + """

@asc.jit
def plain(x: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 8)
    t = buf.get(asc.float32)
    w = buf.get_with_offset(N, N * 4, asc.float32)
    twice(w, t)
"""
    cpp = _cpp(source)
    assert _body(cpp, "twice_sync") == ["AscendC::Muls(w, t, 2.0f, N);", "AscendC::PipeBarrier<PIPE_V>();",
                                        "AscendC::Adds(w, w, 1.0f, N);", "AscendC::PipeBarrier<PIPE_V>();"]
    assert _body(cpp, "twice") == ["AscendC::Muls(w, t, 2.0f, N);", "AscendC::Adds(w, w, 1.0f, N);"]
    assert "twice_sync(w, t);" in _body(cpp, "kernel")
    assert "twice(w, t);" in _body(cpp, "plain")


def test_calls_with_different_queue_types_get_a_function_each() -> None:
    source = (CASES / "s01_helper_copy_then_compute.py").read_text(encoding="utf-8").replace(
        "    load_scaled(t, x_gm)\n", "    load_scaled(t, x_gm)\n    load_scaled(c, x_gm)\n")
    cpp = _cpp(source)
    assert "TQue<AscendC::TPosition::VECIN, 1>& t_que" in cpp.split("load_scaled_sync2")[0]
    assert re.search(r"load_scaled_sync2\([^)]*TQue<AscendC::TPosition::VECOUT, 1>& t_que\)", cpp)
    kernel = _body(cpp, "kernel")
    assert "load_scaled(t, x_gm, t_que);" in kernel and "load_scaled_sync2(c, x_gm, c_que);" in kernel


TWO_KERNELS = '''
import asc

N = 128


@asc.jit
def load(t: asc.LocalTensorAuto, src: asc.GlobalTensor) -> None:
    asc.data_copy(t, src, N)


@asc.jit
def first(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    load(t, x_gm)
    asc.adds(o, t, 1.0, N)
    asc.data_copy(z_gm, o, N)


@asc.jit
def second(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    z_gm.set_global_buffer(z, N)
    t = asc.LocalTensorAuto(asc.float32, N)
    o = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, z_gm, N)
    load(t, x_gm)
    asc.adds(o, t, 1.0, N)
    asc.data_copy(z_gm, o, N)
'''


def test_a_kernel_whose_synchronized_helper_clashes_with_another_kernels_gets_a_namespace() -> None:
    """Both kernels' load takes (t, src, t_que), but second's dequeues what second enqueued before the call."""
    cpp = _cpp(TWO_KERNELS)
    head, space = cpp.split("namespace second_helpers {\n")
    assert space.endswith("}  // namespace second_helpers\n")
    assert _body(head, "load") == ["AscendC::DataCopy(t, src, N);", "t_que.EnQue(t);"]
    assert _body(space, "load") == ["t = t_que.DeQue<float>();", "AscendC::DataCopy(t, src, N);", "t_que.EnQue(t);"]
    assert 'extern "C" __global__ __aicore__ void first(' in head
    assert 'extern "C" __global__ __aicore__ void second(' in space
