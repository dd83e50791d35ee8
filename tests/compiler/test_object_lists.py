"""A list or tuple literal of objects C++ declares (TBuf, TQue) holds one variable per object, as each is one
object at trace time: every subscript names that variable instead of constructing a new object."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze

KERNEL = """import asc


@asc.jit
def k(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    pipe = asc.TPipe()
    bufs = [asc.TBuf(asc.TPosition.VECCALC), asc.TBuf(asc.TPosition.VECCALC)]
    pipe.init_buffer(bufs[0], 256)
    pipe.init_buffer(bufs[1], 256)
    a = bufs[0].get(asc.float32)
    b = bufs[1].get(asc.float32)
    asc.data_copy(a, x_gm, 64)
    asc.add(b, a, a, 64)
    asc.data_copy(x_gm, b, 64)
"""


def test_each_object_of_a_list_literal_is_one_variable() -> None:
    a = analyze(KERNEL, "k.py")
    assert [d.code for d in a.diagnostics if d.severity >= Severity.WARNING] == []
    lines = [line.strip() for line in a.cpp.splitlines()]
    assert lines.count("AscendC::TBuf<AscendC::TPosition::VECCALC> bufs_item0;") == 1
    assert "pipe.InitBuffer(bufs_item1, 256);" in lines
    assert "AscendC::LocalTensor<float> b = bufs_item1.Get<float>();" in lines
    assert "AscendC::TBuf<AscendC::TPosition::VECCALC>()" not in a.cpp


def test_the_objects_read_through_subscripts_are_used() -> None:
    assert [d.code for d in analyze(KERNEL, "k.py").diagnostics if d.code.startswith("PA70")] == []
