"""Registry lookups, statistics and the generated C++ of representative APIs."""

from __future__ import annotations

import subprocess
import sys

from pyasc.language import dtypes, registry


def test_stats_cli_prints_the_counts() -> None:
    out = subprocess.run([sys.executable, "-m", "pyasc.language.stubgen", "--stats"], capture_output=True,
                         text=True, check=True).stdout
    figures = dict(line.split(": ") for line in out.splitlines())
    stats = registry.stats()
    assert {k: int(v) for k, v in figures.items()} == stats
    assert stats["generated_overloads"] <= stats["overloads"]
    assert stats["names"] == len(registry.public_names())
    assert stats["functions"] == len(registry.APIS)


def test_methods_follow_bases() -> None:
    alloc = registry.method("TQue", "alloc_tensor")
    assert alloc is not None and alloc.name == "TQueBind.alloc_tensor"
    assert registry.method("TBuf", "get") is not None
    assert registry.method("TBuf", "free_tensor") is registry.method("TQueBind", "free_tensor")
    assert "enque" in registry.methods("TQue")
    assert registry.method("TQue", "nope") is None
    assert registry.method("Nope", "get") is None


def test_core_templates_match_the_ascend_c_spelling() -> None:
    def cpp(name: str, i: int = 0) -> str | None:
        return registry.APIS[name].overloads[i].cpp

    assert cpp("add") == "AscendC::Add({dst}, {src0}, {src1}, {count})"
    assert cpp("add", 1) == ("AscendC::Add<{T}, {is_set_mask}>({dst}, {src0}, {src1}, {mask}, {repeat_times},"
                             " {repeat_params})")
    assert cpp("adds") == "AscendC::Adds{<T,is_set_mask}({dst}, {src}, {scalar:T}, {count})"
    assert cpp("duplicate") == "AscendC::Duplicate({dst}, {scalar:T}, {count})"
    assert cpp("compare", 1) == ("AscendC::Compare({dst}, {src0}, {src1}, {cmp_mode}, {mask}, {repeat_times},"
                                 " {repeat_params})")
    assert cpp("cast") == "AscendC::Cast({dst}, {src}, {round_mode}, {count})"
    assert cpp("reduce_max", 2) == "AscendC::ReduceMax({dst}, {src}, {shared_tmp_buffer}, {count}, {cal_index})"
    assert cpp("get_block_idx") == "AscendC::GetBlockIdx()"
    assert cpp("pipe_barrier") == "AscendC::PipeBarrier<{pipe}>()"
    assert cpp("set_flag") == "AscendC::SetFlag<{event}>({event_id})"
    assert cpp("adv.acos") == "AscendC::Acos<{T}, {is_reuse_source}>({dst}, {src}{,temp_buffer}{,count})"
    deque = registry.method("TQue", "deque")
    assert deque is not None and deque.overloads[0].cpp == "{self}.DeQue<{dtype:type}>()"
    assert registry.CLASSES["BinaryRepeatParams"].constructors[0].cpp == (
        "AscendC::BinaryRepeatParams({dst_blk_stride}, {src0_blk_stride}, {src1_blk_stride}, {dst_rep_stride},"
        " {src0_rep_stride}, {src1_rep_stride})")


def test_every_reference_overload_form_is_listed() -> None:
    """Three forms per vector instruction (count, mask int, mask list); all data_copy forms of the reference, and
    the three Global Memory to Global Memory ones CANN's pyasc writes (which Ascend C lacks)."""
    for name in ("add", "sub", "mul", "div", "exp", "relu", "adds", "muls", "cast", "duplicate"):
        masks = [o.param("mask").kind for o in registry.APIS[name].overloads if o.param("mask")]
        assert sorted(masks) == ["IntList", "int"], name
    assert len(registry.APIS["data_copy"].overloads) == 19
    assert [o.signature for o in registry.APIS["data_copy"].overloads if o.cann_only] == [
        f"(dst: GlobalTensor, src: GlobalTensor, {tail}) -> None" for tail in (
            "count: int", "repeat_params: DataCopyParams",
            "repeat_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams")]
    assert len(registry.APIS["data_copy_pad"].overloads) == 6
    assert len(registry.APIS["select"].overloads) == 8
    assert len(registry.APIS["compare"].overloads) == 5


def test_dtype_rules_follow_the_documented_families() -> None:
    def allowed(name: str) -> frozenset[str]:
        return registry.APIS[name].dtype_rules[0].allowed

    assert allowed("add") == dtypes.BINARY
    assert allowed("div") == dtypes.FLOATS
    assert allowed("bitwise_and") == frozenset({"int16", "uint16"})
    assert allowed("exp") == dtypes.FLOATS
    cast_rule = registry.APIS["cast"].dtype_rules[0]
    assert ("float16", "float32") in cast_rule.combos and ("float32", "float16") in cast_rule.combos
    assert ("int8", "float32") not in cast_rule.combos
    assert registry.APIS["data_copy"].dtype_rules[0].same


def test_pipes_and_effects() -> None:
    assert registry.APIS["add"].pipe == "V"
    assert registry.APIS["add"].reads == ("src0", "src1") and registry.APIS["add"].writes == ("dst",)
    dc = registry.APIS["data_copy"]
    assert dc.pipe == "MTE2"
    assert dc.pipes["LocalTensor->GlobalTensor"] == "MTE3"
    assert registry.APIS["get_block_idx"].pipe == "S"


def test_lookup_kinds() -> None:
    assert registry.lookup("adv.Matmul") is registry.CLASSES["adv.Matmul"]
    assert registry.lookup("TPosition") is registry.ENUMS["TPosition"]
    assert registry.lookup("ONE_BLK_SIZE") is registry.CONSTANTS["ONE_BLK_SIZE"]
    assert registry.lookup("exp") is registry.APIS["exp"]
    assert registry.lookup("nope") is None


def test_compile_time_literals_are_declared_where_cann_checks_them() -> None:
    """CANN's dispatchers match is_set_mask to a Python bool only; copy and repeat_reduce_sum pass it on unchecked
    (so 1 is accepted there); scalar_get_sff_value checks count_value is the int 0 or 1 (bool is an int)."""
    with_literals = {n: dict(s.literals) for n, s in registry.APIS.items() if s.literals}
    set_mask = {n for n, s in registry.APIS.items() if not s.rule and any(o.param("is_set_mask") for o in s.overloads)}
    assert len(set_mask) == 39
    assert set_mask - set(with_literals) == {"copy", "repeat_reduce_sum"}
    assert set(with_literals) - set_mask == {"scalar_get_sff_value"}
    assert all(v == {"is_set_mask": (False, True)} for n, v in with_literals.items() if n in set_mask)
    assert with_literals["scalar_get_sff_value"] == {"count_value": (0, 1, False, True)}


def test_matmul_en_atomic_is_zero_to_three_where_cann_checks_it() -> None:
    mm = registry.CLASSES["adv.Matmul"].methods
    checked = {n for n, s in mm.items() if s.ranges}
    assert checked == {n for n, s in mm.items() if any(o.param("en_atomic") for o in s.overloads)}
    assert checked == {"iterate_all", "iterate_batch", "get_tensor_c"}
    assert all(dict(mm[n].ranges) == {"en_atomic": (0, 3)} for n in checked)
