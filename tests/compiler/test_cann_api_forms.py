"""API forms CANN's tests call whose C++ is not one call of the arguments: tuple results through out-parameters,
lists of tensors and of addresses, asc.array for ShapeInfo, configurations as template arguments."""

from __future__ import annotations

from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze

HEAD = """import asc


@asc.jit
def k():
    x = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    z = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
"""


def _cpp(body: str) -> list[str]:
    a = analyze(HEAD + body, "k.py")
    errors = [(d.code, d.message) for d in a.diagnostics if d.severity == Severity.ERROR]
    assert errors == []
    return [line.strip() for line in a.cpp.splitlines()]


def test_tuple_results_are_unpacked_from_out_parameters() -> None:
    cpp = _cpp("    atomic_type, atomic_op = asc.get_store_atomic_config()\n"
               "    a, b, c, d = asc.get_mrg_sort_result()\n"
               "    asc.printf('%d %d %d %d\\n', atomic_type, atomic_op, a, d)\n")
    assert "uint16_t atomic_type; uint16_t atomic_op; AscendC::GetStoreAtomicConfig(atomic_type, atomic_op);" in cpp
    assert "uint16_t a; uint16_t b; uint16_t c; uint16_t d; AscendC::GetMrgSortResult(a, b, c, d);" in cpp


def test_unpacking_a_tuple_result_into_too_few_names_is_an_error() -> None:
    a = analyze(HEAD + "    t, u = asc.get_mrg_sort_result()\n", "k.py")
    assert [(d.code, d.message) for d in a.diagnostics if d.severity == Severity.ERROR] == [
        ("PA303", "2 names are assigned 4 values")]


def test_trans_data_to_5hd_takes_lists_of_tensors_and_of_their_addresses() -> None:
    dst = ", ".join(f"z[{16 * i}]" for i in range(16))
    src = ", ".join(f"x[{16 * i}]" for i in range(16))
    cpp = _cpp("    p = asc.TransDataTo5HDParams(repeat_times=1)\n"
               f"    asc.trans_data_to_5hd([{dst}], [{src}], p)\n"
               "    za = z.get_phy_addr()\n"
               "    xa = x.get_phy_addr()\n"
               f"    asc.trans_data_to_5hd([{', '.join(['za'] * 16)}], [{', '.join(['xa'] * 16)}], p)\n")
    assert f"AscendC::LocalTensor<half> dst_list_list0[] = {{{dst}}};" in cpp
    assert f"AscendC::LocalTensor<half> src_list_list1[] = {{{src}}};" in cpp
    assert "AscendC::TransDataTo5HD<half>(dst_list_list0, src_list_list1, p);" in cpp
    assert "uint64_t za = reinterpret_cast<uint64_t>(z.GetPhyAddr());" in cpp
    assert f"uint64_t dst_list_list2[] = {{{', '.join(['za'] * 16)}}};" in cpp
    assert "AscendC::TransDataTo5HD<half>(dst_list_list2, src_list_list3, p);" in cpp


def test_address_lists_of_unknown_tensors_are_reported() -> None:
    a = analyze(HEAD + "    p = asc.TransDataTo5HDParams()\n"
                f"    asc.trans_data_to_5hd([{', '.join(['0'] * 16)}], [{', '.join(['64'] * 16)}], p)\n", "k.py")
    assert [d.code for d in a.diagnostics if d.severity == Severity.ERROR] == ["PA204"]


ADDRESSES = """    w = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECCALC, addr=2048, tile_size=512)
    src_addrs = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.VECCALC, addr=4096, tile_size=32)
    dst_addrs = src_addrs[16:]
    p = asc.TransDataTo5HDParams()
"""


def test_trans_data_to_5hd_over_address_tensors_takes_the_type_of_the_addresses_stored_into_dst() -> None:
    """As CANN's translation: the tensor whose get_phy_addr() dst (or the tensor dst is a slice of) was given by
    set_value; dst's own before the one of the tensor it is a view of."""
    call = "    asc.trans_data_to_5hd(dst_addrs, src_addrs, p)\n"
    src_only = _cpp(ADDRESSES + "    src_addrs.set_value(0, x.get_phy_addr())\n" + call)
    assert "AscendC::TransDataTo5HD<half>(dst_addrs, src_addrs, p);" in src_only
    both = _cpp(ADDRESSES + "    dst_addrs.set_value(0, w.get_phy_addr())\n"
                "    src_addrs.set_value(0, x.get_phy_addr())\n" + call)
    assert "AscendC::TransDataTo5HD<int16_t>(dst_addrs, src_addrs, p);" in both
    a = analyze(HEAD + ADDRESSES + "    src_addrs.set_value(0, 64)\n" + call, "k.py")  # CANN fails to translate
    assert [(d.code, d.span.line) for d in a.diagnostics if d.severity == Severity.ERROR] == [("PA204", 13)]


def test_shape_info_from_asc_array() -> None:
    cpp = _cpp("    s = asc.ShapeInfo(asc.array(asc.int32, [8, 16]), data_format=asc.DataFormat.ND)\n"
               "    o = asc.ShapeInfo(asc.array(asc.int32, 2, 4), asc.array(asc.int32, [8, 1]))\n"
               "    x.set_shape_info(s)\n    z.set_shape_info(o)\n")
    assert "uint32_t shape_list0[] = {8, 16};" in cpp
    assert "AscendC::ShapeInfo s = AscendC::ShapeInfo(2, shape_list0, AscendC::DataFormat::ND);" in cpp
    assert "uint32_t shape_list1[] = {4, 4};" in cpp
    assert "AscendC::ShapeInfo o = AscendC::ShapeInfo(2, shape_list1, 2, original_shape_list2, " \
           "AscendC::DataFormat::ND);" in cpp


def test_configurations_made_inline_are_declared_as_constants_first() -> None:
    cpp = _cpp("    o = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=2048, tile_size=512)\n"
               "    asc.adv.quant(o, x, 2.0, 0.5, 128, config=asc.adv.QuantConfig(128, 0, 0, 0))\n")
    assert "constexpr static AscendC::AscendQuantConfig config0 = AscendC::AscendQuantConfig(128, 0, 0, 0);" in cpp
    assert "AscendC::AscendQuant<half, false, config0>(o, x, 2.0f, 0.5f, 128);" in cpp


def test_load_data_3d_parameters_take_the_tensors_element_type() -> None:
    a = analyze(HEAD.replace("VECIN", "A1").replace("VECOUT", "A2")
                + "    p = asc.LoadData3DParamsV2((0, 1, 0, 1), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1)\n"
                "    asc.load_data(z, x, p)\n", "k.py")
    assert [d for d in a.diagnostics if d.severity == Severity.ERROR] == []
    cpp = [line.strip() for line in a.cpp.splitlines()]
    assert "uint8_t pad_list_list0[] = {0, 1, 0, 1};" in cpp
    assert "AscendC::LoadData3DParamsV2<half> p = AscendC::LoadData3DParamsV2<half>(pad_list_list0, 16, 16, 16, " \
           "16, 16, 0, 0, 1, 1, 3, 3, 1, 1, false, false, 0, false, false, false);" in cpp


def test_data_copy_takes_lists_of_slices() -> None:
    a = analyze("""import asc


@asc.jit
def k(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    t = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    first = asc.SliceInfo(0, 63, 0, 8, 64)
    asc.data_copy(t, g, [first, asc.SliceInfo(0, 1, 0, 1, 2)], [first, first], 2)
""", "k.py")
    assert [d for d in a.diagnostics if d.severity == Severity.ERROR] == []
    cpp = [line.strip() for line in a.cpp.splitlines()]
    assert "AscendC::SliceInfo slice_list1_list0[] = {first, AscendC::SliceInfo(0, 1, 0, 1, 2)};" in cpp
    assert "AscendC::SliceInfo slice_list2_list1[] = {first, first};" in cpp
    assert "AscendC::DataCopy(t, g, slice_list1_list0, slice_list2_list1, 2);" in cpp


def test_an_integer_for_a_pipe_is_its_member_and_nothing_else_is() -> None:
    """CANN's tracer converts pipe_barrier(0) to PIPE_S; an integer no pipe has, or for another enum, stays PA303."""
    assert "AscendC::PipeBarrier<PIPE_S>();" in _cpp("    asc.pipe_barrier(0)\n")
    assert "AscendC::PipeBarrier<PIPE_ALL>();" in _cpp("    asc.pipe_barrier(6)\n")
    for body in ("    asc.pipe_barrier(42)\n", "    asc.data_sync_barrier(0)\n"):
        a = analyze(HEAD + body, "k.py")
        assert [d.code for d in a.diagnostics if d.severity == Severity.ERROR] == ["PA303"]
