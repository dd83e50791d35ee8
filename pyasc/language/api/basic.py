"""Basic API, vector part: arithmetic, comparison, reductions, conversion, gather/scatter and data movement.

Most vector instructions come in three forms that share one parameter head: a count form (`count` elements), and
two repeat forms whose `mask` is either a lane count or a two-word bit mask (`IntList`), followed by the repeat
count and a strides struct.  The family helpers below spell those forms once.
"""

from __future__ import annotations

from ..dtypes import (
    ANY_NUMERIC,
    B16_B32,
    BINARY,
    BITWISE,
    CAST_TABLE,
    FLOAT_INT16,
    FLOAT_INT32,
    FLOATS,
    MASKS,
    SHIFT,
    dtypes_of,
)
from ..spec import CALL, ApiSpec, DTypeRule, Overload, api, cann_only, combos, each, same, ub

_SET_MASK = "is_set_mask: bool = True"
_BOOL_SET_MASK = {"is_set_mask": (False, True)}
"""CANN's dispatchers match is_set_mask to a Python bool only: `is_set_mask=1` matches no form (copy and
repeat_reduce_sum, which pass it on unchecked, take 1)."""


def _repeat_forms(head: str, args: str, params: str, cpp: str | None, *, count: str = "count: int",
                  count_cpp: str | None = None, set_mask: bool = True,
                  tmpl_args: str | None = None) -> list[tuple[str, str | None]]:
    """Count form plus the two repeat forms (`mask: int` and `mask: IntList`) of one instruction.

    `head` is the parameter list before the form-specific tail, `args` the C++ arguments for it; `cpp` is the C++
    function name (None for "known, not generated").
    """
    tail = f", {_SET_MASK}" if set_mask else ""
    count_sig = f"({head}, {count}{tail}) -> None" if count else None
    mask_args = f"{args}, {{mask}}, {{repeat_times}}, {{repeat_params}}"
    tmpl_args = tmpl_args or ("{T}, {is_set_mask}" if set_mask else "{T}")
    forms: list[tuple[str, str | None]] = []
    if count_sig is not None:
        forms.append((count_sig, count_cpp or (f"AscendC::{cpp}({args}, {{count}})" if cpp else None)))
    for mask in ("int", "IntList"):
        sig = f"({head}, mask: {mask}, repeat_times: int, repeat_params: {params}{tail}) -> None"
        forms.append((sig, f"AscendC::{cpp}<{tmpl_args}>({mask_args})" if cpp else None))
    return forms


_BIN_HEAD = "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor"
_BIN_ARGS = "{dst}, {src0}, {src1}"


def _binary(name: str, cpp: str, doc: str, allowed: frozenset[str], *, mixed: DTypeRule | None = None,
            set_mask: bool = True, masked_cpp: bool = True, tmpl_args: str | None = None) -> ApiSpec:
    """dst = f(src0, src1) elementwise; `mixed` replaces the same-dtype rule for converting forms (MulCast).

    `tmpl_args` overrides the repeat forms' template arguments (`<{T}, {is_set_mask}>`); converting instructions
    name both element types (`AddReluCast<{dst.T}, {src0.T}, {is_set_mask}>`).
    """
    forms = _repeat_forms(_BIN_HEAD, _BIN_ARGS, "BinaryRepeatParams", cpp, set_mask=set_mask, tmpl_args=tmpl_args)
    if not masked_cpp:
        forms = [forms[0]] + [(sig, None) for sig, _ in forms[1:]]
    rules = [mixed] if mixed is not None else [same("dst", "src0", "src1", allowed=allowed)]
    return api(name, "basic.vec_binary", doc, forms, dtypes=rules, positions=ub("dst", "src0", "src1"), pipe="V",
               reads=("src0", "src1"), writes=("dst",), literals=_BOOL_SET_MASK if set_mask else None)


_UN_HEAD = "dst: LocalTensor, src: LocalTensor"


def _unary(name: str, cpp: str, doc: str, allowed: frozenset[str]) -> ApiSpec:
    """dst = f(src) elementwise."""
    forms = _repeat_forms(_UN_HEAD, "{dst}, {src}", "UnaryRepeatParams", cpp)
    forms[0] = ("(dst: LocalTensor, src: LocalTensor, count: int) -> None", forms[0][1])
    return api(name, "basic.vec_unary", doc, forms, dtypes=[same("dst", "src", allowed=allowed)],
               positions=ub("dst", "src"), pipe="V", reads=("src",), writes=("dst",), literals=_BOOL_SET_MASK)


def _scalar(name: str, cpp: str, doc: str, allowed: frozenset[str]) -> ApiSpec:
    """dst = f(src, scalar) elementwise; the scalar is converted to the tensor's element type.  Unlike the binary
    instructions, the count form keeps an is_set_mask passed in the C++ (`Adds<half, false>(..., count)`), as CANN's
    does."""
    head = "dst: LocalTensor, src: LocalTensor, scalar: Number"
    forms = _repeat_forms(head, "{dst}, {src}, {scalar:T}", "UnaryRepeatParams", cpp,
                          count_cpp=f"AscendC::{cpp}{{<T,is_set_mask}}({{dst}}, {{src}}, {{scalar:T}}, {{count}})")
    return api(name, "basic.vec_binary_scalar", doc, forms, dtypes=[same("dst", "src", allowed=allowed)],
               positions=ub("dst", "src"), pipe="V", reads=("src",), writes=("dst",), literals=_BOOL_SET_MASK)


def _reduce_tmp(name: str, cpp: str, doc: str, cal_index: bool) -> ApiSpec:
    """ReduceMax/ReduceMin/ReduceSum: the whole input into dst[0] (and its index), through a scratch tensor."""
    head = "dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor"
    idx_sig = ", cal_index: bool = False" if cal_index else ""
    idx_cpp = ", {cal_index}" if cal_index else ""
    base = "{dst}, {src}, {shared_tmp_buffer}"
    forms = [
        (f"({head}, mask: int, repeat_time: int, src_rep_stride: int{idx_sig}) -> None",
         f"AscendC::{cpp}<{{T}}>({base}, {{mask}}, {{repeat_time}}, {{src_rep_stride}}{idx_cpp})"),
        (f"({head}, mask: IntList, repeat_time: int, src_rep_stride: int{idx_sig}) -> None",
         f"AscendC::{cpp}<{{T}}>({base}, {{mask}}, {{repeat_time}}, {{src_rep_stride}}{idx_cpp})"),
        (f"({head}, count: int{idx_sig}) -> None", f"AscendC::{cpp}({base}, {{count}}{idx_cpp})"),
    ]
    return api(name, "basic.vec_reduce", doc, forms,
               dtypes=[same("dst", "src", "shared_tmp_buffer", allowed=FLOATS)],
               positions=ub("dst", "src", "shared_tmp_buffer"), pipe="V", reads=("src",),
               writes=("dst", "shared_tmp_buffer"), counted=("src",))


def _whole_reduce(name: str, cpp: str, doc: str, order: bool) -> ApiSpec:
    """WholeReduce*: each repeat's masked lanes into one value (plus its index for max/min).  CANN's max and min take
    an order and no is_set_mask (their pages list one, CANN's functions do not); the sum takes is_set_mask."""
    tail = ", order: ReduceOrder = ReduceOrder.ORDER_VALUE_INDEX" if order else f", {_SET_MASK}"
    order_cpp = ", {order}" if order else ""
    tmpl = "{T}" if order else "{T}, {is_set_mask}"
    forms = []
    for mask in ("int", "IntList"):
        forms.append((
            f"(dst: LocalTensor, src: LocalTensor, mask: {mask}, repeat_time: int, dst_rep_stride: int,"
            f" src_blk_stride: int, src_rep_stride: int{tail}) -> None",
            f"AscendC::{cpp}<{tmpl}>({{dst}}, {{src}}, {{mask}}, {{repeat_time}}, {{dst_rep_stride}},"
            f" {{src_blk_stride}}, {{src_rep_stride}}{order_cpp})",
        ))
    return api(name, "basic.vec_reduce", doc, forms, dtypes=[same("dst", "src", allowed=FLOATS)],
               positions=ub("dst", "src"), pipe="V", reads=("src",), writes=("dst",),
               literals=None if order else _BOOL_SET_MASK)


def _block_reduce(name: str, cpp: str, doc: str) -> ApiSpec:
    """BlockReduce*: each 32-byte block of each repeat into one value."""
    forms = [
        (f"(dst: LocalTensor, src: LocalTensor, repeat: int, mask: {mask}, dst_rep_stride: int, src_blk_stride: int,"
         " src_rep_stride: int) -> None",
         f"AscendC::{cpp}({{dst}}, {{src}}, {{repeat}}, {{mask}}, {{dst_rep_stride}}, {{src_blk_stride}},"
         " {src_rep_stride})")
        for mask in ("int", "IntList")
    ]
    return api(name, "basic.vec_reduce", doc, forms, dtypes=[same("dst", "src", allowed=FLOATS)],
               positions=ub("dst", "src"), pipe="V", reads=("src",), writes=("dst",))


def _cmp_forms() -> list[tuple[str, str | None]]:
    """Compare's forms; CANN's tracer takes no is_set_mask for any of them (the mask is always set)."""
    head = "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, cmp_mode: CMPMODE"
    args = "{dst}, {src0}, {src1}, {cmp_mode}"
    forms: list[tuple[str, str | None]] = [(f"({head}, count: int) -> None", f"AscendC::Compare({args}, {{count}})")]
    for mask in ("int", "IntList"):
        forms.append((
            f"({head}, mask: {mask}, repeat_times: int, repeat_params: BinaryRepeatParams) -> None",
            f"AscendC::Compare({args}, {{mask}}, {{repeat_times}}, {{repeat_params}})",
        ))
    for mask in ("IntList", "int"):
        forms.append((
            f"(src0: LocalTensor, src1: LocalTensor, cmp_mode: CMPMODE, mask: {mask},"
            " repeat_params: BinaryRepeatParams) -> None",
            "AscendC::Compare({src0}, {src1}, {cmp_mode}, {mask}, {repeat_params})",
        ))
    return forms


def _cmp_scalar_forms() -> list[tuple[str, str | None]]:
    """CompareScalar's forms; as for Compare, no is_set_mask."""
    head = "dst: LocalTensor, src0: LocalTensor, src1_scalar: Number, cmp_mode: CMPMODE"
    args = "{dst}, {src0}, {src1_scalar:src0.T}, {cmp_mode}"
    forms: list[tuple[str, str | None]] = [
        (f"({head}, count: int) -> None", f"AscendC::CompareScalar({args}, {{count}})")
    ]
    for mask in ("int", "IntList"):
        forms.append((
            f"({head}, mask: {mask}, repeat_times: int, repeat_params: UnaryRepeatParams) -> None",
            f"AscendC::CompareScalar({args}, {{mask}}, {{repeat_times}}, {{repeat_params}})",
        ))
    return forms


def _select_forms() -> list[tuple[str, str | None]]:
    """CANN's select reads dst, sel_mask and src0 by position and takes no is_set_mask (its dispatcher registers
    none, so passing one matches no form); the register form without a mask tensor is reached by keyword only."""
    head = "dst: LocalTensor, sel_mask: LocalTensor, src0: LocalTensor, /"
    rep = "repeat_times: int, repeat_params: BinaryRepeatParams"
    scalar = "{src1:T}"
    masked = "{dst}, {sel_mask}, {src0}, {src1_cpp}, {{sel_mode}}, {{mask}}, {{repeat_times}}, {{repeat_params}}"
    forms = [
        (f"({head}, src1: float, sel_mode: SelMode, count: int) -> None",
         f"AscendC::Select({{dst}}, {{sel_mask}}, {{src0}}, {scalar}, {{sel_mode}}, {{count}})"),
        (f"({head}, src1: LocalTensor, sel_mode: SelMode, count: int) -> None",
         "AscendC::Select({dst}, {sel_mask}, {src0}, {src1}, {sel_mode}, {count})"),
    ]
    for src1, src1_cpp in (("float", scalar), ("LocalTensor", "{src1}")):
        args = masked.format(dst="{dst}", sel_mask="{sel_mask}", src0="{src0}", src1_cpp=src1_cpp)
        forms += [(f"({head}, src1: {src1}, sel_mode: SelMode, mask: {m}, {rep}) -> None",
                   f"AscendC::Select({args})") for m in ("IntList", "int")]
    forms.insert(4, (f"({head}, {rep}) -> None",
                     "AscendC::Select({dst}, {sel_mask}, {src0}, {repeat_times}, {repeat_params})"))
    forms.append((f"(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, /, *, {rep}, sel_mode: SelMode) -> None",
                  "AscendC::Select<{T}, {sel_mode}>({dst}, {src0}, {src1}, {repeat_times}, {repeat_params})"))
    return forms


_DC_PIPES = {"GlobalTensor->LocalTensor": "MTE2", "LocalTensor->GlobalTensor": "MTE3", "LocalTensor->LocalTensor": "V"}


def _data_copy_forms() -> list[tuple[str, str | None] | Overload]:
    """DataCopy's forms with the parameter names CANN's tracer binds (its page names the enhanced form's
    DataCopyParams `intri_params`; the tracer takes `repeat_params`, and dim_value has no default)."""
    dirs = [("LocalTensor", "GlobalTensor"), ("LocalTensor", "LocalTensor"), ("GlobalTensor", "LocalTensor")]
    forms: list[tuple[str, str | None] | Overload] = []
    for tail, cpp_tail in (("count: int", "{count}"), ("repeat_params: DataCopyParams", "{repeat_params}"),
                           ("repeat_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams",
                            "{repeat_params}, {enhanced_params}")):
        for d, s in dirs:
            forms.append((f"(dst: {d}, src: {s}, {tail}) -> None", f"AscendC::DataCopy({{dst}}, {{src}}, {cpp_tail})"))
        # CANN's dispatcher does not look at the memories: it writes a DataCopy from Global Memory to Global Memory
        forms.append(cann_only(CALL, f"(dst: GlobalTensor, src: GlobalTensor, {tail}) -> None",
                               f"AscendC::DataCopy({{dst}}, {{src}}, {cpp_tail})"))
    forms += [
        (f"(dst: {d}, src: {s}, slice_list1: List[SliceInfo], slice_list2: List[SliceInfo], dim_value: int)"
         " -> None", "AscendC::DataCopy({dst}, {src}, {slice_list1:list}, {slice_list2:list}, {dim_value})")
        for d, s in (("GlobalTensor", "LocalTensor"), ("LocalTensor", "GlobalTensor"))
    ]
    for d, s, p in (("LocalTensor", "GlobalTensor", "Nd2NzParams"), ("LocalTensor", "LocalTensor", "Nd2NzParams"),
                    ("GlobalTensor", "LocalTensor", "Nz2NdParamsFull"),
                    ("GlobalTensor", "LocalTensor", "DataCopyCO12DstParams"),
                    ("LocalTensor", "LocalTensor", "DataCopyCO12DstParams")):
        forms.append((f"(dst: {d}, src: {s}, intri_params: {p}) -> None",
                      "AscendC::DataCopy({dst}, {src}, {intri_params})"))
    return forms


def _data_copy_pad_forms() -> list[tuple[str, str | None]]:
    forms: list[tuple[str, str | None]] = []
    for params, pad in (("DataCopyExtParams", "DataCopyPadExtParams"), ("DataCopyParams", "DataCopyPadParams")):
        forms += [
            (f"(dst: LocalTensor, src: GlobalTensor, data_copy_params: {params}, pad_params: {pad}) -> None",
             "AscendC::DataCopyPad({dst}, {src}, {data_copy_params}, {pad_params})"),
            (f"(dst: GlobalTensor, src: LocalTensor, data_copy_params: {params}) -> None",
             "AscendC::DataCopyPad({dst}, {src}, {data_copy_params})"),
            (f"(dst: LocalTensor, src: LocalTensor, data_copy_params: {params}, nd2nz_params: Nd2NzParams) -> None",
             "AscendC::DataCopyPad({dst}, {src}, {data_copy_params}, {nd2nz_params})"),
        ]
    return forms


APIS: list[ApiSpec] = [
    # --- binary -------------------------------------------------------------------------------------------------
    _binary("add", "Add", "dst = src0 + src1, elementwise.", BINARY),
    _binary("sub", "Sub", "dst = src0 - src1, elementwise.", BINARY),
    _binary("mul", "Mul", "dst = src0 * src1, elementwise.", BINARY),
    _binary("div", "Div", "dst = src0 / src1, elementwise (floating point only).", FLOATS),
    _binary("max", "Max", "dst = max(src0, src1), elementwise.", BINARY),
    _binary("min", "Min", "dst = min(src0, src1), elementwise.", BINARY),
    _binary("bitwise_and", "And", "dst = src0 & src1, bitwise on 16-bit lanes.", BITWISE),
    _binary("bitwise_or", "Or", "dst = src0 | src1, bitwise on 16-bit lanes.", BITWISE),
    _binary("add_relu", "AddRelu", "dst = max(src0 + src1, 0), elementwise.", FLOAT_INT16),
    _binary("sub_relu", "SubRelu", "dst = max(src0 - src1, 0), elementwise.", FLOAT_INT16),
    _binary("fused_mul_add", "FusedMulAdd", "dst = src0 * dst + src1, elementwise.", FLOATS),
    _binary("fused_mul_add_relu", "FusedMulAddRelu", "dst = max(src0 * dst + src1, 0), elementwise.", FLOATS),
    _binary("mul_add_dst", "MulAddDst", "dst = src0 * src1 + dst, elementwise.", FLOATS,
            tmpl_args="{dst.T}, {src0.T}, {is_set_mask}"),
    _binary("add_deq_relu", "AddDeqRelu", "dst(half) = max(dequant(src0 + src1), 0) for int32 inputs.", BINARY,
            mixed=DTypeRule(("dst", "src0", "src1"), dtypes_of("float16", "int32"), False,
                            frozenset({("float16", "int32", "int32")})),
            tmpl_args="{dst.T}, {src0.T}, {is_set_mask}"),
    _binary("mul_cast", "MulCast", "dst = cast(src0 * src1) into a narrower dtype (half inputs to int8/uint8).",
            BINARY, mixed=combos("dst", "src0", "src1", table=[("int8", "float16", "float16"),
                                                                ("uint8", "float16", "float16")]),
            set_mask=False, tmpl_args="{dst.T}, {src0.T}"),
    _binary("add_relu_cast", "AddReluCast", "dst = cast(max(src0 + src1, 0)) into a narrower dtype.", BINARY,
            mixed=combos("dst", "src0", "src1", table=[("float16", "float32", "float32"),
                                                        ("int8", "float16", "float16"),
                                                        ("int8", "int16", "int16")]),
            tmpl_args="{dst.T}, {src0.T}, {is_set_mask}"),
    _binary("sub_relu_cast", "SubReluCast", "dst = cast(max(src0 - src1, 0)) into a narrower dtype.", BINARY,
            mixed=combos("dst", "src0", "src1", table=[("float16", "float32", "float32"),
                                                        ("int8", "float16", "float16"),
                                                        ("int8", "int16", "int16")]),
            tmpl_args="{dst.T}, {src0.T}, {is_set_mask}"),
    api("bilinear_interpolation", "basic.vec_binary",
        "Bilinear interpolation of src0 gathered by src0_offset, weighted by src1.",
        [(f"(dst: LocalTensor, src0: LocalTensor, src0_offset: LocalTensor, src1: LocalTensor, mask: {m},"
          " h_repeat: int, repeat_mode: bool, dst_blk_stride: int, v_r_offset: int, v_repeat: int,"
          " shared_tmp_buffer: LocalTensor) -> None",
          "AscendC::BilinearInterpolation({dst}, {src0}, {src0_offset}, {src1}, {mask}, {h_repeat}, {repeat_mode},"
          " {dst_blk_stride}, {v_r_offset}, {v_repeat}, {shared_tmp_buffer})") for m in ("int", "IntList")],
        dtypes=[same("dst", "src0", "src1", allowed=dtypes_of("float16")),
                each("src0_offset", allowed=dtypes_of("uint32")),
                each("shared_tmp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src0", "src0_offset", "src1", "shared_tmp_buffer"), pipe="V",
        reads=("src0", "src0_offset", "src1"), writes=("dst", "shared_tmp_buffer")),
    # --- binary with a scalar -----------------------------------------------------------------------------------
    _scalar("adds", "Adds", "dst = src + scalar, elementwise.", BINARY),
    _scalar("muls", "Muls", "dst = src * scalar, elementwise.", BINARY),
    _scalar("maxs", "Maxs", "dst = max(src, scalar), elementwise.", BINARY),
    _scalar("mins", "Mins", "dst = min(src, scalar), elementwise.", BINARY),
    _scalar("leaky_relu", "LeakyRelu", "dst = src if src >= 0 else src * scalar, elementwise.", FLOATS),
    _scalar("shift_left", "ShiftLeft", "dst = src << scalar, elementwise.", SHIFT),
    _scalar("shift_right", "ShiftRight", "dst = src >> scalar, elementwise (arithmetic for signed types).", SHIFT),
    api("axpy", "basic.vec_ternary_scalar", "dst = src * scalar + dst, elementwise (half src may accumulate in float).",
        [(f"(dst: LocalTensor, src: LocalTensor, scalar: Number, mask: {m}, repeat_times: int,"
          f" repeat_params: UnaryRepeatParams, {_SET_MASK}) -> None",
          "AscendC::Axpy<{dst.T}, {src.T}, {is_set_mask}>({dst}, {src}, {scalar:src.T}, {mask},"
          " {repeat_times}, {repeat_params})") for m in ("int", "IntList")]
        + [("(dst: LocalTensor, src: LocalTensor, scalar: Number, count: int) -> None",
            "AscendC::Axpy({dst}, {src}, {scalar:src.T}, {count})")],
        dtypes=[combos("dst", "src", table=[("float16", "float16"), ("float32", "float16"), ("float32", "float32")])],
        positions=ub("dst", "src"), pipe="V", reads=("src", "dst"), writes=("dst",), literals=_BOOL_SET_MASK),
    # --- unary --------------------------------------------------------------------------------------------------
    _unary("abs", "Abs", "dst = |src|, elementwise.", FLOATS),
    _unary("exp", "Exp", "dst = e ** src, elementwise.", FLOATS),
    _unary("ln", "Ln", "dst = ln(src), elementwise.", FLOATS),
    _unary("sqrt", "Sqrt", "dst = sqrt(src), elementwise.", FLOATS),
    _unary("rsqrt", "Rsqrt", "dst = 1 / sqrt(src), elementwise.", FLOATS),
    _unary("reciprocal", "Reciprocal", "dst = 1 / src, elementwise.", FLOATS),
    _unary("relu", "Relu", "dst = max(src, 0), elementwise.", FLOAT_INT32),
    _unary("bitwise_not", "Not", "dst = ~src, bitwise on 16-bit lanes.", BITWISE),
    # --- conversion ---------------------------------------------------------------------------------------------
    api("cast", "basic.vec_vconv",
        "Convert src into dst's dtype with the given rounding (see the conversion table for supported pairs).",
        [("(dst: LocalTensor, src: LocalTensor, round_mode: RoundMode, count: int) -> None",
          "AscendC::Cast({dst}, {src}, {round_mode}, {count})")]
        + [(f"(dst: LocalTensor, src: LocalTensor, round_mode: RoundMode, mask: {m}, repeat_times: int,"
            f" repeat_params: UnaryRepeatParams, {_SET_MASK}) -> None",
            "AscendC::Cast<{dst.T}, {src.T}, {is_set_mask}>({dst}, {src}, {round_mode}, {mask}, {repeat_times},"
            " {repeat_params})") for m in ("int", "IntList")],
        dtypes=[combos("dst", "src", table=CAST_TABLE)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",), literals=_BOOL_SET_MASK),
    # CANN's tracer takes no is_vec_deq/half_block (its page lists them) and always emits both false.
    api("cast_deq", "basic.vec_vconv", "Dequantize int16 src into int8/uint8 dst with the scale set by set_deq_scale.",
        [("(dst: LocalTensor, src: LocalTensor, count: int) -> None",
          "AscendC::CastDeq<{dst.T}, {src.T}, false, false>({dst}, {src}, {count})")]
        + [(f"(dst: LocalTensor, src: LocalTensor, mask: {m}, repeat_times: int, repeat_params: UnaryRepeatParams,"
            f" {_SET_MASK}) -> None",
            "AscendC::CastDeq<{dst.T}, {src.T}, {is_set_mask}, false, false>({dst}, {src}, {mask},"
            " {repeat_times}, {repeat_params})")
           for m in ("int", "IntList")],
        dtypes=[combos("dst", "src", table=[("int8", "int16"), ("uint8", "int16")])], positions=ub("dst", "src"),
        pipe="V", reads=("src",), writes=("dst",), literals=_BOOL_SET_MASK),
    api("set_deq_scale", "basic.vec_vconv", "Set the dequantization scale (and offset and sign mode) used by cast_deq.",
        [("(scale: float) -> None", "AscendC::SetDeqScale(static_cast<half>({scale}))"),
         ("(scale: float, offset: int, sign_mode: bool) -> None",
          "AscendC::SetDeqScale(static_cast<float>({scale}), static_cast<int16_t>({offset}), {sign_mode})"),
         ("(vdeq: LocalTensor, vdeq_info: VdeqInfo) -> None", "AscendC::SetDeqScale({vdeq}, {vdeq_info})")],
        dtypes=[each("vdeq", allowed=dtypes_of("uint64"))], pipe="S", reads=("vdeq",)),
    # --- comparison and selection -------------------------------------------------------------------------------
    api("compare", "basic.vec_cmpsel",
        "Compare src0 with src1 lane by lane; dst receives one bit per lane (or the CMPMASK register when no dst).",
        _cmp_forms(),
        # the bits go to an 8-bit tensor in Ascend C (int8_t or uint8_t), or to any unsigned one viewed as bits
        dtypes=[same("src0", "src1", allowed=dtypes_of("float16", "float32", "int32")),
                each("dst", allowed=MASKS | {"int8"})],
        positions=ub("dst", "src0", "src1"), pipe="V", reads=("src0", "src1"), writes=("dst",)),
    api("compare_scalar", "basic.vec_cmpsel", "Compare src0 with a scalar lane by lane; dst receives one bit per lane.",
        _cmp_scalar_forms(),
        dtypes=[each("src0", allowed=dtypes_of("float16", "float32", "int32")), each("dst", allowed=MASKS)],
        positions=ub("dst", "src0"), pipe="V", reads=("src0",), writes=("dst",)),
    api("get_cmp_mask", "basic.vec_cmpsel", "Copy the CMPMASK register (set by compare without dst) into dst.",
        [("(dst: LocalTensor) -> None", "AscendC::GetCmpMask({dst})")], positions=ub("dst"), pipe="V",
        writes=("dst",)),
    api("set_cmp_mask", "basic.vec_cmpsel", "Load the CMPMASK register from src (the selection mask of select).",
        [("(src: LocalTensor) -> None", "AscendC::SetCmpMask({src})")], positions=ub("src"), pipe="V",
        reads=("src",)),
    api("select", "basic.vec_cmpsel",
        "dst = sel_mask ? src0 : src1 lane by lane, where src1 is a tensor or a scalar (sel_mode says which).",
        _select_forms(),
        dtypes=[same("dst", "src0", allowed=FLOATS), each("sel_mask", allowed=MASKS)],
        positions=ub("dst", "sel_mask", "src0", "src1"), pipe="V", reads=("sel_mask", "src0", "src1"), writes=("dst",)),
    # --- fill, broadcast, gather, scatter -----------------------------------------------------------------------
    api("duplicate", "basic.vec_duplicate", "Fill dst with a scalar.",
        [(f"(dst: LocalTensor, scalar: Number, count: int, {_SET_MASK}) -> None",
          "AscendC::Duplicate({dst}, {scalar:T}, {count})")]
        + [(f"(dst: LocalTensor, scalar: Number, mask: {m}, repeat_times: int, dst_block_stride: int,"
            f" dst_repeat_stride: int, {_SET_MASK}) -> None",
            "AscendC::Duplicate<{T}, {is_set_mask}>({dst}, {scalar:T}, {mask}, {repeat_times}, {dst_block_stride},"
            " {dst_repeat_stride})") for m in ("int", "IntList")],
        dtypes=[each("dst", allowed=B16_B32)], positions=ub("dst"), pipe="V", writes=("dst",), literals=_BOOL_SET_MASK),
    api("brcb", "basic.vec_brcb", "Broadcast each of 8 src elements to a whole 32-byte block of dst, per repeat.",
        [("(dst: LocalTensor, src0: LocalTensor, repeat_times: int, repeat_params: BrcbRepeatParams) -> None",
          "AscendC::Brcb({dst}, {src0}, {repeat_times}, {repeat_params})")],
        dtypes=[same("dst", "src0", allowed=B16_B32)], positions=ub("dst", "src0"), pipe="V", reads=("src0",),
        writes=("dst",)),
    api("gather", "basic.vec_gather", "dst[i] = src at byte offset src_offset[i] - src_base.",
        [(f"(dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: int, mask: {m},"
          " repeat_times: int, dst_rep_stride: int) -> None",
          "AscendC::Gather({dst}, {src}, {src_offset}, static_cast<uint32_t>({src_base}), {mask}, {repeat_times},"
          " {dst_rep_stride})") for m in ("int", "IntList")]
        + [("(dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: int, count: int) -> None",
            "AscendC::Gather({dst}, {src}, {src_offset}, static_cast<uint32_t>({src_base}), {count})")],
        dtypes=[same("dst", "src", allowed=B16_B32), each("src_offset", allowed=dtypes_of("uint32"))],
        positions=ub("dst", "src", "src_offset"), pipe="V", reads=("src", "src_offset"), writes=("dst",),
        counted=("dst", "src_offset")),
    api("gatherb", "basic.vec_gather", "Gather whole 32-byte blocks of src0 by the block offsets in offset.",
        [("(dst: LocalTensor, src0: LocalTensor, offset: LocalTensor, repeat_times: int,"
          " repeat_params: GatherRepeatParams) -> None",
          "AscendC::Gatherb({dst}, {src0}, {offset}, {repeat_times}, {repeat_params})")],
        dtypes=[same("dst", "src0", allowed=B16_B32), each("offset", allowed=dtypes_of("uint32"))],
        positions=ub("dst", "src0", "offset"), pipe="V", reads=("src0", "offset"), writes=("dst",)),
    api("scatter", "basic.vec_scatter", "dst at byte offset dst_offset[i] - dst_base = src[i].",
        [(f"(dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: int, mask: {m},"
          " repeat_times: int, src_rep_stride: int) -> None",
          "AscendC::Scatter({dst}, {src}, {dst_offset}, static_cast<uint32_t>({dst_base}), {mask}, {repeat_times},"
          " {src_rep_stride})") for m in ("int", "IntList")]
        + [("(dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: int, count: int) -> None",
            "AscendC::Scatter({dst}, {src}, {dst_offset}, static_cast<uint32_t>({dst_base}), {count})")],
        dtypes=[same("dst", "src", allowed=B16_B32), each("dst_offset", allowed=dtypes_of("uint32"))],
        positions=ub("dst", "src", "dst_offset"), pipe="V", reads=("src", "dst_offset"), writes=("dst",),
        counted=("src", "dst_offset")),
    api("gather_mask", "basic.vec_gather_mask",
        "Keep the src0 elements selected by a bit pattern tensor or a built-in pattern number; returns the count kept.",
        [("(dst: LocalTensor, src0: LocalTensor, src1_pattern: LocalTensor, reduce_mode: bool, mask: int,"
          " params: GatherMaskParams, gather_mask_mode: GatherMaskMode = GatherMaskMode.DEFAULT) -> Scalar[int]",
          "AscendC::GatherMask<{T}, {src1_pattern.T}>({dst}, {src0}, {src1_pattern}, {reduce_mode}, {mask}, {params},"
          " {out:uint64_t})"),
         ("(dst: LocalTensor, src0: LocalTensor, src1_pattern: int, reduce_mode: bool, mask: int,"
          " params: GatherMaskParams, gather_mask_mode: GatherMaskMode = GatherMaskMode.DEFAULT) -> Scalar[int]",
          "AscendC::GatherMask<{T}>({dst}, {src0}, static_cast<uint8_t>({src1_pattern}), {reduce_mode}, {mask},"
          " {params}, {out:uint64_t})")],
        # a pattern tensor has one bit per element: uint16 for 16-bit data, uint32 for 32-bit (CANN checks the pair)
        dtypes=[same("dst", "src0", allowed=B16_B32),
                combos("dst", "src1_pattern", table=[(d, "uint16") for d in ("float16", "int16", "uint16")]
                       + [(d, "uint32") for d in ("float32", "int32", "uint32")])],
        positions=ub("dst", "src0", "src1_pattern"), pipe="V",
        reads=("src0", "src1_pattern"), writes=("dst",), ranges={"src1_pattern": (1, 7)}),
    api("get_gather_mask_remain_count", "basic.vec_gather_mask", "Number of elements the last gather_mask kept.",
        [("() -> Scalar[int]", "AscendC::GetGatherMaskRemainCount()")], pipe="S"),
    api("transpose", "basic.vec_transpose",
        "Transpose a 16x16 block of 2-byte elements, or an NCHW/NHWC tensor with a scratch buffer and params.",
        [("(dst: LocalTensor, src: LocalTensor) -> None", "AscendC::Transpose({dst}, {src})"),
         ("(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, params: TransposeParamsExt) -> None",
          "AscendC::Transpose({dst}, {src}, {shared_tmp_buffer}, {params})")],
        dtypes=[same("dst", "src", allowed=dtypes_of("float16", "int16", "uint16")),
                each("shared_tmp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src", "shared_tmp_buffer"), pipe="V", reads=("src",),
        writes=("dst", "shared_tmp_buffer")),
    api("trans_data_to_5hd", "basic.vec_transpose", "Convert NCHW data to the NC1HWC0 (5HD) layout.",
        [("(dst: LocalTensor, src: LocalTensor, params: TransDataTo5HDParams) -> None",  # uint64 address tensors
          "AscendC::TransDataTo5HD<{dst:elem}>({dst}, {src}, {params})"),
         ("(dst_list: TensorList, src_list: TensorList, params: TransDataTo5HDParams) -> None",
          "AscendC::TransDataTo5HD<{dst_list:elem}>({dst_list:tensors}, {src_list:tensors}, {params})"),
         ("(dst_list: IntList, src_list: IntList, params: TransDataTo5HDParams) -> None",  # get_phy_addr addresses
          "AscendC::TransDataTo5HD<{dst_list:elem}>({dst_list:uint64_t}, {src_list:uint64_t}, {params})")],
        dtypes=[same("dst", "src", allowed=dtypes_of("uint64"))],
        positions=ub("dst", "src"), pipe="V", reads=("src",), writes=("dst",)),
    # --- reductions ---------------------------------------------------------------------------------------------
    _reduce_tmp("reduce_max", "ReduceMax", "dst[0] = max of src (dst[1] = its index when cal_index).", True),
    _reduce_tmp("reduce_min", "ReduceMin", "dst[0] = min of src (dst[1] = its index when cal_index).", True),
    _reduce_tmp("reduce_sum", "ReduceSum", "dst[0] = sum of src.", False),
    _whole_reduce("whole_reduce_max", "WholeReduceMax", "Per repeat: the max of the masked lanes (and its index).",
                  True),
    _whole_reduce("whole_reduce_min", "WholeReduceMin", "Per repeat: the min of the masked lanes (and its index).",
                  True),
    _whole_reduce("whole_reduce_sum", "WholeReduceSum", "Per repeat: the sum of the masked lanes.", False),
    _block_reduce("block_reduce_sum", "BlockReduceSum", "Per 32-byte block: the sum of its masked lanes."),
    _block_reduce("block_reduce_max", "BlockReduceMax", "Per 32-byte block: the max of its masked lanes."),
    _block_reduce("block_reduce_min", "BlockReduceMin", "Per 32-byte block: the min of its masked lanes."),
    api("pair_reduce_sum", "basic.vec_reduce", "Sum adjacent pairs of lanes: dst[i] = src[2i] + src[2i+1].",
        [(f"(dst: LocalTensor, src: LocalTensor, repeat_time: int, mask: {m}, dst_rep_stride: int,"
          f" src_blk_stride: int, src_rep_stride: int, {_SET_MASK}) -> None",
          "AscendC::PairReduceSum<{T}, {is_set_mask}>({dst}, {src}, {repeat_time}, {mask}, {dst_rep_stride},"
          " {src_blk_stride}, {src_rep_stride})") for m in ("int", "IntList")],
        dtypes=[same("dst", "src", allowed=FLOATS)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",), literals=_BOOL_SET_MASK),
    api("repeat_reduce_sum", "basic.vec_reduce", "Per repeat: the sum of the masked lanes, with block strides.",
        [(f"(dst: LocalTensor, src: LocalTensor, repeat_time: int, mask: int, dst_blk_stride: int, src_blk_stride: int,"
          f" dst_rep_stride: int, src_rep_stride: int, {_SET_MASK}) -> None",
          "AscendC::RepeatReduceSum<{T}, {is_set_mask}>({dst}, {src}, {repeat_time}, {mask}, {dst_blk_stride},"
          " {src_blk_stride}, {dst_rep_stride}, {src_rep_stride})")],
        dtypes=[same("dst", "src", allowed=FLOATS)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",)),
    # --- data movement ------------------------------------------------------------------------------------------
    api("data_copy", "basic.data_copy",
        "Copy between Global Memory and the Unified Buffer (or within it), in 32-byte blocks: `count` elements, or"
        " blocks described by DataCopyParams.",
        _data_copy_forms(), dtypes=[same("dst", "src", allowed=ANY_NUMERIC)], pipe="MTE2", pipes=_DC_PIPES,
        reads=("src",), writes=("dst",)),
    api("data_copy_pad", "basic.data_copy",
        "Copy blocks whose length is not a multiple of 32 bytes, padding on the way into the Unified Buffer.",
        _data_copy_pad_forms(), dtypes=[same("dst", "src", allowed=ANY_NUMERIC)], pipe="MTE2", pipes=_DC_PIPES,
        reads=("src",), writes=("dst",)),
    api("copy", "basic.data_copy", "Vector copy within the Unified Buffer with repeat strides.",
        [(f"(dst: LocalTensor, src: LocalTensor, mask: {m}, repeat_time: int, repeat_params: CopyRepeatParams,"
          f" {_SET_MASK}) -> None",
          "AscendC::Copy<{T}, {is_set_mask}>({dst}, {src}, {mask}, {repeat_time}, {repeat_params})")
         for m in ("int", "IntList")],
        dtypes=[same("dst", "src", allowed=B16_B32)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",)),
    api("load_image_to_local", "basic.data_copy", "Load image data (AIPP) from Global Memory into dst.",
        [("(dst: LocalTensor, load_data_params: LoadImageToLocalParams) -> None",
          "AscendC::LoadImageToLocal({dst}, {load_data_params})")], pipe="MTE2", writes=("dst",)),
    api("set_pad_value", "basic.data_copy", "Set the value data_copy_pad writes into padding.",
        [("(padding_value: Number, pos: Optional[TPosition] = TPosition.MAX) -> None",
          "AscendC::SetPadValue<{padding_value.T}, {pos}>({padding_value})")], pipe="S",
        members={"pos": frozenset({"MAX", "VECIN", "VECOUT"})}),
]
