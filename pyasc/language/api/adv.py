"""Advanced API (`asc.adv.<name>`): elementwise math, softmax, normalization, quantization, sorting, Matmul.

Names are registered qualified (`adv.exp`, `adv.Matmul`) because `asc.exp` (basic) and `asc.adv.exp` are different
functions.  Signature kinds name adv classes qualified too (`adv.TCubeTiling`).
"""

from __future__ import annotations

from ..dtypes import BITWISE, FLOAT_INT32, FLOATS, dtypes_of
from ..spec import (
    CALL,
    ApiSpec,
    ClassSpec,
    DTypeRule,
    Overload,
    api,
    cann_only,
    combos,
    each,
    parse_signature,
    same,
    ub,
)

_TAIL = "temp_buffer: Optional[LocalTensor] = None, is_reuse_source: bool = False"


def _math(name: str, cpp: str, doc: str, allowed: frozenset[str] = FLOATS, binary: bool = False,
          whole: bool = True) -> ApiSpec:
    """An elementwise advanced math function: the whole tensor, or `count` elements, with an optional scratch.

    C++ overloads are (dst, src[, sharedTmpBuffer][, calCount]); `{,p}` adds the ones the call passes. `whole=False`
    for the functions whose C++ has no whole-tensor form (Ceil, Floor, Round, Digamma, Lgamma): count is required.
    """
    srcs = "src0: LocalTensor, src1: LocalTensor" if binary else "src: LocalTensor"
    src_args = "{src0}, {src1}" if binary else "{src}"
    tensors = ("src0", "src1") if binary else ("src",)
    count = "count: Optional[int] = None" if whole else "count: int"
    forms: list[tuple[str, str | None] | Overload] = [
        (f"(dst: LocalTensor, {srcs}, {count}, {_TAIL}) -> None",
         f"AscendC::{cpp}<{{T}}, {{is_reuse_source}}>({{dst}}, {src_args}{{,temp_buffer}}"
         + ("{,count})" if whole else ", {count})"))]
    if not whole:  # CANN's count is optional everywhere: it writes the whole-tensor call Ascend C lacks here
        forms.append(cann_only(CALL, f"(dst: LocalTensor, {srcs}, *, {_TAIL}) -> None",
                               f"AscendC::{cpp}<{{T}}, {{is_reuse_source}}>({{dst}}, {src_args}{{,temp_buffer}})"))
    return api(
        f"adv.{name}", "adv.math", doc, forms,
        dtypes=[same("dst", *tensors, allowed=allowed), each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", *tensors, "temp_buffer"), pipe="V", reads=tensors, writes=("dst", "temp_buffer"),
    )


_UNARY = [
    ("acos", "Acos", "dst = arccos(src)."), ("acosh", "Acosh", "dst = arcosh(src)."),
    ("asin", "Asin", "dst = arcsin(src)."), ("asinh", "Asinh", "dst = arsinh(src)."),
    ("atan", "Atan", "dst = arctan(src)."), ("atanh", "Atanh", "dst = artanh(src)."),
    ("ceil", "Ceil", "dst = ceil(src)."), ("cos", "Cos", "dst = cos(src)."), ("cosh", "Cosh", "dst = cosh(src)."),
    ("digamma", "Digamma", "dst = digamma(src), the derivative of lgamma."), ("erf", "Erf", "dst = erf(src)."),
    ("erfc", "Erfc", "dst = 1 - erf(src)."), ("floor", "Floor", "dst = floor(src)."),
    ("frac", "Frac", "dst = src - trunc(src), the fractional part."), ("lgamma", "Lgamma", "dst = ln|gamma(src)|."),
    ("log", "Log", "dst = ln(src)."), ("round", "Round", "dst = src rounded to the nearest integer."),
    ("sign", "Sign", "dst = -1, 0 or 1 by the sign of src."), ("sin", "Sin", "dst = sin(src)."),
    ("sinh", "Sinh", "dst = sinh(src)."), ("tan", "Tan", "dst = tan(src)."), ("tanh", "Tanh", "dst = tanh(src)."),
    ("trunc", "Trunc", "dst = src rounded toward zero."),
]

_COUNT_ONLY = frozenset({"ceil", "digamma", "floor", "lgamma", "round"})
"""Ascend C declares these only with a calCount (no whole-tensor overload)."""

APIS: list[ApiSpec] = [
    *(_math(n, c, f"{d} Elementwise, on the whole tensor or its first `count` elements.") for n, c, d in _UNARY
      if n not in _COUNT_ONLY),
    *(_math(n, c, f"{d} Elementwise, on the first `count` elements.", whole=False) for n, c, d in _UNARY
      if n in _COUNT_ONLY),
    api("adv.exp", "adv.math",
        "dst = e ** src, by a Taylor expansion of taylor_expand_level terms of the fractional part.",
        [(f"(dst: LocalTensor, src: LocalTensor, count: int, taylor_expand_level: int, {_TAIL}) -> None",
          "AscendC::Exp<{T}, {taylor_expand_level}, {is_reuse_source}>({dst}, {src}{,temp_buffer}, {count})")],
        dtypes=[same("dst", "src", allowed=FLOATS), each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src", "temp_buffer"), pipe="V", reads=("src",), writes=("dst", "temp_buffer")),
    _math("power", "Power", "dst = src0 ** src1, elementwise.", FLOAT_INT32, binary=True),
    _math("xor", "Xor", "dst = src0 ^ src1, bitwise.", BITWISE, binary=True),
    api("adv.axpy", "adv.math",
        "dst = src * scalar + dst, elementwise, through Muls and Add for precision (half src may accumulate in"
        " float). Ascend C has only the (dst, src, scalar, tmp, count) form, so C++ is generated when both are given.",
        [("(dst: LocalTensor, src: LocalTensor, scalar: Number, count: int, temp_buffer: LocalTensor,"
          " is_reuse_source: bool = False) -> None",
          "AscendC::Axpy<{dst.T}, {src.T}, {is_reuse_source}>({dst}, {src}, {scalar:src.T},"
          " {temp_buffer}, {count})"),
         (f"(dst: LocalTensor, src: LocalTensor, scalar: Number, count: Optional[int] = None, {_TAIL}) -> None",
          None)],
        dtypes=[combos("dst", "src", table=[("float16", "float16"), ("float32", "float16"), ("float32", "float32")]),
                each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src", "temp_buffer"), pipe="V", reads=("src", "dst"), writes=("dst", "temp_buffer")),
    api("adv.softmax", "adv.activation",
        "Row-wise softmax of src into dst, also writing each row's sum and max (for flash-attention updates).",
        [("(dst: LocalTensor, sum: LocalTensor, max: LocalTensor, src: LocalTensor, tiling: adv.SoftmaxTiling,"
          " temp_buffer: Optional[LocalTensor] = None, reuse_source: bool = False, basic_block: bool = False,"
          " data_format_nz: bool = False) -> None",
          "AscendC::SoftMax<{T}, {reuse_source}, {basic_block}, {data_format_nz}>({dst}, {sum}, {max}, {src}"
          "{,temp_buffer}, {tiling})")],
        dtypes=[same("dst", "sum", "max", "src", allowed=FLOATS), each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "sum", "max", "src", "temp_buffer"), pipe="V", reads=("src",),
        writes=("dst", "sum", "max")),
    api("adv.rmsnorm", "adv.normalization", "RMS normalization of src scaled by gamma.",
        [("(dst: LocalTensor, src: LocalTensor, gamma: LocalTensor, epsilon: Number, tiling: adv.RmsNormTiling,"
          " temp_buffer: Optional[LocalTensor] = None, basic_block: bool = False) -> None",
          "AscendC::RmsNorm<{T}, {basic_block}>({dst}, {src}, {gamma}{,temp_buffer}, {epsilon:T}, {tiling})")],
        dtypes=[same("dst", "src", "gamma", allowed=FLOATS), each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src", "gamma", "temp_buffer"),
        pipe="V", reads=("src", "gamma"), writes=("dst",)),
    # count is optional in CANN 1.1.1's Python signature, but its binding (create_asc_QuantOp) takes no calCount of
    # None: a call without a count is rejected there, so it is required here.
    api("adv.quant", "adv.quantization", "dst(int8) = round(src * scale + offset).",
        [("(dst: LocalTensor, src: LocalTensor, scale: float, offset: float, count: int,"
          " temp_buffer: Optional[LocalTensor] = None, reuse_source: bool = False) -> None",
          "AscendC::AscendQuant<{src.T}, {reuse_source}>({dst}, {src}{,temp_buffer}, {scale}, {offset}, {count})"),
         ("(dst: LocalTensor, src: LocalTensor, scale: float, offset: float, count: int,"
          " temp_buffer: Optional[LocalTensor] = None, reuse_source: bool = False,"
          " config: Optional[adv.QuantConfig] = None) -> None",
          "AscendC::AscendQuant<{src.T}, {reuse_source}, {config}>({dst}, {src}{,temp_buffer}, {scale}, {offset}"
          ", {count})")],
        dtypes=[each("dst", allowed=dtypes_of("int8")), each("src", allowed=FLOATS),
                each("temp_buffer", allowed=dtypes_of("uint8"))],
        positions=ub("dst", "src", "temp_buffer"),
        pipe="V", reads=("src",), writes=("dst",)),
    api("adv.concat", "adv.sort", "Prepare src for sort: lay values into sort structures (through tmp).",
        [("(dst: LocalTensor, src: LocalTensor, tmp: LocalTensor, repeat_time: int) -> None",
          "AscendC::Concat({dst}, {src}, {tmp}, {repeat_time})")],
        dtypes=[same("dst", "src", "tmp", allowed=FLOATS)], positions=ub("dst", "src", "tmp"), pipe="V",
        reads=("src",), writes=("dst", "tmp")),
    api("adv.extract", "adv.sort", "Split sorted structures into values and indices.",
        [("(dst_value: LocalTensor, dst_index: LocalTensor, src: LocalTensor, repeat_time: int) -> None",
          "AscendC::Extract({dst_value}, {dst_index}, {src}, {repeat_time})")],
        dtypes=[same("dst_value", "src", allowed=FLOATS), each("dst_index", allowed=dtypes_of("uint32"))],
        positions=ub("dst_value", "dst_index", "src"), pipe="V", reads=("src",), writes=("dst_value", "dst_index")),
    api("adv.register_matmul", "adv.matmul", "Register a Matmul object with the pipe and its workspace.",
        [("(pipe: TPipe, workspace: GlobalAddress, matmul: adv.Matmul) -> None",
          "REGIST_MATMUL_OBJ(&{pipe}, {workspace}, {matmul})"),
         ("(pipe: TPipe, workspace: GlobalAddress, matmul: adv.Matmul, tiling: adv.TCubeTiling) -> None",
          "REGIST_MATMUL_OBJ(&{pipe}, {workspace}, {matmul}, &{tiling})")], pipe="S"),
    # The get_*_config helpers build the MatmulConfig CANN's pyasc builds: MatmulConfig's own defaults with the
    # helper's arguments in their fields (so get_mdl_config keeps do_norm=True, unlike Ascend C's GetMDLConfig()).
    # The C++ is that record, the fields it sets as designated initializers in declaration order.
    api("adv.get_basic_config", "adv.matmul", "A MatmulConfig for a fixed basic block (basic_m x basic_n x basic_k).",
        [("(basic_m: int, basic_n: int, basic_k: int, intrinsics_limit: bool = False, batch_loop: bool = False,"
          " bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1) -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .basicM = {basic_m}, .basicN = {basic_n}, .basicK = {basic_k},"
          " .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop}, .batchMode = {bmm_mode}}}")]),
    api("adv.get_ib_share_norm_config", "adv.matmul", "A MatmulConfig for IBShare (shared L1 operands).",
        [("(intrinsics_limit: bool = False, batch_loop: bool = False, is_vec_nd2_nz: bool = False,"
          " bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1, is_double_cache: bool = False,"
          " en_unit_flag: bool = True) -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop},"
          " .enVecND2NZ = {is_vec_nd2_nz}, .enUnitFlag = {en_unit_flag}, .batchMode = {bmm_mode},"
          " .enableDoubleCache = {is_double_cache}}}")]),
    # CANN's tracer takes (mm_cfg, a_type, b_type, c_type, bias_type, l1_size), whatever its documentation's order;
    # without l1_size it fails (it reads the L1 capacity with arguments its property() does not take)
    api("adv.get_matmul_api_tiling", "adv.matmul", "A static tiling computed at compile time for the given types.",
        [("(mm_cfg: adv.MatmulConfig, a_type: adv.MatmulType, b_type: adv.MatmulType, c_type: adv.MatmulType,"
          " bias_type: adv.MatmulType, l1_size: int) -> adv.MatmulApiStaticTiling",
          "AscendC::GetMatmulApiTiling<{a_type}, {b_type}, {c_type}, {bias_type}>({mm_cfg}, {l1_size})")]),
    api("adv.get_mdl_config", "adv.matmul", "A MatmulConfig for the MDL template (multi-block loads).",
        [("(intrinsics_limit: bool = False, batch_loop: bool = False, do_mte2_preload: int = 0,"
          " is_vec_nd2_nz: bool = False, is_per_tensor: bool = False, has_anti_quant_offset: bool = False,"
          " en_unit_flag: bool = False, is_msg_reuse: bool = True, enable_ub_reuse: bool = True,"
          " enable_l1_cache_ub: bool = False, enable_mix_dual_master: bool = False,"
          " enable_kdim_reorder_load: bool = False) -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop},"
          " .enVecND2NZ = {is_vec_nd2_nz}, .doMTE2Preload = {do_mte2_preload}, .enUnitFlag = {en_unit_flag},"
          " .isPerTensor = {is_per_tensor}, .hasAntiQuantOffset = {has_anti_quant_offset},"
          " .batchMode = BatchMode::BATCH_LESS_THAN_L1, .enableReuse = {is_msg_reuse},"
          " .enableUBReuse = {enable_ub_reuse}, .enableL1CacheUB = {enable_l1_cache_ub},"
          " .enableMixDualMaster = {enable_mix_dual_master}, .enableKdimReorderLoad = {enable_kdim_reorder_load}}}")]),
    api("adv.get_mm_config", "adv.matmul",
        "A MatmulConfig from a template (config_mode) and shape, quant, batch and function parameter records, in"
        " any order, as Ascend C's GetMMConfig makes it (CANN's pyasc 1.1.1 ignores the records and the mode).",
        # Ascend C's GetMMConfig needs a record: with none, MatmulBiasParams{} (enable_set_bias, every template's
        # value) stands for none.  CANN's get_mm_config(*args, **kwargs) takes anything, in any order (it tests
        # the type of each argument, though of the args tuple and the kwargs dict as written, so nothing matches);
        # Ascend C's GetMMConfigImpl reads each record by its type and skips any other value.
        [("(config_mode: MatmulConfigMode = MatmulConfigMode.CONFIG_NORM) -> adv.MatmulConfig",
          "GetMMConfig<{config_mode}>(MatmulBiasParams{{}})"),
         ("(config_mode: MatmulConfigMode = MatmulConfigMode.CONFIG_NORM, *args: Any) -> adv.MatmulConfig",
          "GetMMConfig<{config_mode}>({*args})")], by_type=True),
    api("adv.get_normal_config", "adv.matmul", "A MatmulConfig for the Norm template (the default).",
        [("(intrinsics_limit: bool = False, batch_loop: bool = False, is_vec_nd2_nz: bool = False,"
          " bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1, is_msg_reuse: bool = True,"
          " iterate_order: IterateOrder = IterateOrder.ORDER_M,"
          " schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT, en_unit_flag: bool = True)"
          " -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop},"
          " .enVecND2NZ = {is_vec_nd2_nz}, .enUnitFlag = {en_unit_flag}, .batchMode = {bmm_mode},"
          " .enableReuse = {is_msg_reuse}, .iterateOrder = {iterate_order}, .scheduleType = {schedule_type}}}")]),
    api("adv.get_special_basic_config", "adv.matmul", "A MatmulConfig for a basic block with fixed single-core shape.",
        [("(basic_m: int, basic_n: int, basic_k: int, single_core_m: int, single_core_n: int, single_core_k: int,"
          " step_m: int, step_n: int, intrinsics_limit: bool = False, batch_loop: bool = False,"
          " bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1) -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .basicM = {basic_m}, .basicN = {basic_n}, .basicK = {basic_k},"
          " .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop}, .singleCoreM = {single_core_m},"
          " .singleCoreN = {single_core_n}, .singleCoreK = {single_core_k}, .stepM = {step_m}, .stepN = {step_n},"
          " .batchMode = {bmm_mode}}}")]),
    api("adv.get_special_mdl_config", "adv.matmul", "A MatmulConfig for the SpecialMDL template.",
        [("(intrinsics_limit: bool = False, batch_loop: bool = False, do_mte2_pre_load: int = 0,"
          " is_vec_nd2_nz: bool = False, is_per_tensor: bool = False, has_anti_quant_offset: bool = False)"
          " -> adv.MatmulConfig",
          "MatmulConfig{{.doNorm = true, .intrinsicsCheck = {intrinsics_limit}, .isNBatch = {batch_loop},"
          " .enVecND2NZ = {is_vec_nd2_nz}, .doMTE2Preload = {do_mte2_pre_load}, .isPerTensor = {is_per_tensor},"
          " .hasAntiQuantOffset = {has_anti_quant_offset}, .batchMode = BatchMode::BATCH_LESS_THAN_L1}}")]),
]


def _fields_sig(spec: str) -> str:
    """`"a:int=0 b:bool=False"` -> `"(a: int = 0, b: bool = False)"`."""
    parts = []
    for item in spec.split():
        name, _, rest = item.partition(":")
        kind, _, default = rest.partition("=")
        parts.append(f"{name}: {kind} = {default}" if default else f"{name}: {kind}")
    return "(" + ", ".join(parts) + ")"


def _record(name: str, doc: str, spec: str, *, cpp: str | None = None, family: str = "adv.types",
            field_cpp: dict[str, str] | None = None, constexpr: bool = False,
            explicit_defaults: tuple[str, ...] = (), ctor_cpp: str | None = None) -> ClassSpec:
    """A settings record or tiling struct: keyword fields in C++ declaration order."""
    ctor = parse_signature(_fields_sig(spec), ctor_cpp)
    return ClassSpec(name=f"adv.{name}", family=family, doc=doc, cpp=cpp or f"AscendC::{name}",
                     constructors=(ctor,), fields=tuple(p.name for p in ctor.params), field_cpp=field_cpp or {},
                     constexpr=constexpr, explicit_defaults=explicit_defaults)


def _cube_cpp_fields() -> dict[str, str]:
    """Members of the Matmul tilings whose C++ spelling is not the camelCase of the field (kernel_tiling.h)."""
    out = {"m": "M", "n": "N", "k_a": "Ka", "k_b": "Kb", "step_k_a": "stepKa", "step_k_b": "stepKb",
           "share_l0c_size": "shareL0CSize", "depth_a_l1_cache_ub": "depthAL1CacheUB",
           "depth_b_l1_cache_ub": "depthBL1CacheUB", "batch_num": "BatchNum"}
    out.update({f"db_l0{c}": f"dbL0{c.upper()}" for c in "abc"})
    for operand, dims in (("a", "b s n g d"), ("b", "b s n g d"), ("c", "b s1 n g s2")):
        out.update({f"{operand}_layout_info_{d}": f"{operand.upper()}LayoutInfo{d.upper()}" for d in dims.split()})
    return out


_CUBE_COMMON = ("used_core_num m n k_a k_b single_core_m single_core_n single_core_k base_m base_n base_k depth_a1"
                " depth_b1 step_m step_n is_bias trans_length iterate_order share_mode share_l1_size share_l0c_size"
                " share_ub_size")
_CUBE_TAIL = ("step_k_a step_k_b depth_a_l1_cache_ub depth_b_l1_cache_ub db_l0a db_l0b db_l0c a_layout_info_b"
              " a_layout_info_s a_layout_info_n a_layout_info_g a_layout_info_d b_layout_info_b b_layout_info_s"
              " b_layout_info_n b_layout_info_g b_layout_info_d c_layout_info_b c_layout_info_s1 c_layout_info_n"
              " c_layout_info_g c_layout_info_s2 batch_num")


def _ints(names: str, default: int) -> str:
    return " ".join(f"{n}:int={default}" for n in names.split())


_MATMUL_CONFIG = (
    "do_norm:bool=True do_basic_block:bool=False do_multi_data_load:bool=False basic_m:int=0 basic_n:int=0"
    " basic_k:int=0 intrinsics_check:bool=False is_n_batch:bool=False en_vec_nd2nz:bool=False"
    " do_special_basic_block:bool=False do_mte2_preload:int=0 single_core_m:int=0 single_core_n:int=0"
    " single_core_k:int=0 step_m:int=0 step_n:int=0 base_mn:int=0 single_core_mn:int=0 en_unit_flag:bool=True"
    " is_per_tensor:bool=False has_anti_quant_offset:bool=False do_ib_share_norm:bool=False do_special_mdl:bool=False"
    " enable_init:bool=True batch_mode:BatchMode=BatchMode.BATCH_LESS_THAN_L1 enable_end:bool=True"
    " enable_get_tensor_c:bool=True enable_set_org_shape:bool=True enable_set_bias:bool=True enable_set_tail:bool=True"
    " enable_quant_vector:bool=True enable_set_define_data:bool=True"
    " iterate_mode:IterateMode=IterateMode.ITERATE_MODE_DEFAULT enable_reuse:bool=True enable_ub_reuse:bool=False"
    " enable_l1_cache_ub:bool=False intra_block_part_sum:bool=False iterate_order:IterateOrder=IterateOrder.UNDEF"
    " schedule_type:ScheduleType=ScheduleType.INNER_PRODUCT enable_double_cache:int=0 is_bias_batch:bool=True"
    " enable_static_pad_zeros:bool=False is_partial_output:bool=False enable_mix_dual_master:bool=False"
    " is_a2b2_shared:bool=False is_enable_channel_split:bool=False enable_kdim_reorder_load:bool=False"
    " is_co1_shared:bool=False shared_co1_buffer_size:int=65536 batch_out_mode:BatchOutMode=BatchOutMode.SINGLE_BATCH"
)


def _mm(name: str, doc: str, forms: list[tuple[str, str | None]], pipe: str = "S",
        dtypes: list[DTypeRule] | None = None, ranges: dict[str, tuple[int, int]] | None = None) -> ApiSpec:
    return api(f"adv.Matmul.{name}", "adv.matmul", doc, forms, pipe=pipe, dtypes=dtypes or [], ranges=ranges)


_EN_ATOMIC = {"en_atomic": (0, 3)}
"""CANN's Matmul raises for an en_atomic other than 0 to 3 (no atomic, add, max, min) known when it traces."""


_MATMUL_METHODS: dict[str, ApiSpec] = {
    "init": _mm("init", "Initialize with a tiling.", [("(self, tiling: adv.TCubeTiling) -> None",
                                                        "{self}.Init(&{tiling})")]),
    "end": _mm("end", "Finish the matrix multiplication and release resources.", [("(self) -> None",
                                                                                   "{self}.End()")]),
    "set_tensor_a": _mm("set_tensor_a", "Set the left operand (a tensor, optionally transposed, or a scalar).",
                        [("(self, scalar: int) -> None", "{self}.SetTensorA({scalar:self.a})"),
                         ("(self, tensor: Tensor, transpose: bool = False) -> None",
                          "{self}.SetTensorA({tensor}{~transpose})")]),
    "set_tensor_b": _mm("set_tensor_b", "Set the right operand (a tensor, optionally transposed, or a scalar).",
                        [("(self, scalar: int) -> None", "{self}.SetTensorB({scalar:self.b})"),
                         ("(self, tensor: Tensor, transpose: bool = False) -> None",
                          "{self}.SetTensorB({tensor}{~transpose})")]),
    "set_bias": _mm("set_bias", "Set the bias vector.",
                    [("(self, tensor: Tensor) -> None", "{self}.SetBias({tensor})")]),
    "disable_bias": _mm("disable_bias", "Compute without bias.", [("(self) -> None", "{self}.DisableBias()")]),
    "iterate": _mm("iterate", "Compute the next base block of C; use as a loop condition.",
                   [("(self, en_partial_sum: bool = False, sync: bool = True,"
                     " local_c_matrix: Optional[Tensor] = None) -> Any",
                     "{self}.Iterate{<sync}({~en_partial_sum}{~local_c_matrix})")], pipe="M"),
    "iterate_all": _mm("iterate_all", "Compute the whole of C into tensor.",
                       [("(self, tensor: Tensor, en_atomic: int = 0, sync: bool = True,"
                         " en_sequential_write: Optional[bool] = None, wait_iterate_all: Optional[bool] = None,"
                         " fake_msg: Optional[bool] = None) -> None",
                         "{self}.IterateAll{<sync}({tensor}{~en_atomic}{~en_sequential_write}{~wait_iterate_all}"
                         "{~fake_msg})")],
                       pipe="M", ranges=_EN_ATOMIC),
    "wait_iterate_all": _mm("wait_iterate_all", "Wait for an asynchronous iterate_all.",
                            [("(self) -> None", "{self}.WaitIterateAll()")]),
    "iterate_batch": _mm("iterate_batch", "Compute a batch of matrix multiplications.",
                         [("(self, tensor: Tensor, batch_a: int, batch_b: int, en_sequential_write: bool,"
                           " matrix_stride_a: int = 0, matrix_stride_b: int = 0, matrix_stride_c: int = 0,"
                           " en_partial_sum: bool = False, en_atomic: int = 0, sync: bool = True,"
                           " wait_iterate_batch: Optional[bool] = None) -> None",
                           "{self}.IterateBatch{<sync,wait_iterate_batch}({tensor}, {batch_a}, {batch_b},"
                           " {en_sequential_write}{~matrix_stride_a}{~matrix_stride_b}{~matrix_stride_c}"
                           "{~en_partial_sum}{~en_atomic})"),
                          ("(self, tensor: Tensor, en_partial_sum: bool, en_atomic: int, en_sequential_write: bool,"
                           " matrix_stride_a: int = 0, matrix_stride_b: int = 0, matrix_stride_c: int = 0,"
                           " sync: bool = True) -> None",
                           "{self}.IterateBatch{<sync}({tensor}, {en_partial_sum}, {en_atomic}, {en_sequential_write}"
                           "{~matrix_stride_a}{~matrix_stride_b}{~matrix_stride_c})")], pipe="M", ranges=_EN_ATOMIC),
    "wait_iterate_batch": _mm("wait_iterate_batch", "Wait for an asynchronous iterate_batch.",
                              [("(self) -> None", "{self}.WaitIterateBatch()")]),
    "iterate_n_batch": _mm("iterate_n_batch", "Compute batch_loop batches of matrix multiplications.",
                           [("(self, batch_loop: int, batch_a: int, batch_b: int, en_sequential_write: bool,"
                             " matrix_stride_a: int = 0, matrix_stride_b: int = 0, matrix_stride_c: int = 0,"
                             " sync: bool = True, wait_iterate_batch: bool = False) -> None",
                             "{self}.IterateNBatch{<sync,wait_iterate_batch}({batch_loop}, {batch_a}, {batch_b},"
                             " {en_sequential_write}{~matrix_stride_a}{~matrix_stride_b}{~matrix_stride_c})")],
                           pipe="M"),
    "get_tensor_c": _mm("get_tensor_c", "Copy the block computed by iterate into tensor (or return it).",
                        [("(self, tensor: Tensor, en_atomic: int = 0, en_sequential_write: bool = False,"
                          " sync: bool = True, optional_tensor: Optional[Tensor] = None) -> None",
                          "{self}.GetTensorC{<sync}({tensor}{,optional_tensor}{~en_atomic}{~en_sequential_write})"),
                         ("(self, en_atomic: int = 0, en_sequential_write: bool = False, sync: bool = True)"
                          " -> GlobalTensor[self]", "{self}.GetTensorC{<sync}({~en_atomic}{~en_sequential_write})")],
                        pipe="FIX", ranges=_EN_ATOMIC),
    "get_batch_tensor_c": _mm("get_batch_tensor_c", "Copy a batch result into tensor (or return it).",
                              [("(self, batch_a: int, batch_b: int, en_sequential_write: bool = False,"
                                " sync: bool = True) -> GlobalTensor[self]",
                                "{self}.GetBatchTensorC{<sync}({batch_a}, {batch_b}{~en_sequential_write})"),
                               ("(self, tensor: LocalTensor, batch_a: int, batch_b: int,"
                                " en_sequential_write: bool = False, sync: bool = True) -> None",
                                "{self}.GetBatchTensorC{<sync}({tensor}, {batch_a}, {batch_b}{~en_sequential_write})")],
                              pipe="FIX"),
    "wait_get_tensor_c": _mm("wait_get_tensor_c", "Wait for an asynchronous get_tensor_c.",
                             [("(self) -> None", "{self}.WaitGetTensorC()")]),
    "async_get_tensor_c": _mm("async_get_tensor_c", "Start copying the computed block into c.",
                              [("(self, c: LocalTensor) -> None", "{self}.AsyncGetTensorC({c})")]),
    "get_offset_c": _mm("get_offset_c", "Position of the block computed by the last iterate.",
                        [("(self) -> adv.MatrixOffset", "{self}.GetOffsetC()")]),
    "set_self_define_data": _mm("set_self_define_data", "Pass user data to callback functions.",
                                [("(self, data_ptr: GlobalAddress) -> None",
                                  "{self}.SetSelfDefineData(reinterpret_cast<uint64_t>({data_ptr}))"),
                                 ("(self, data_ptr: int) -> None", "{self}.SetSelfDefineData({data_ptr})")]),
    "set_sparse_index": _mm("set_sparse_index", "Set the index matrix of a sparse right operand.",
                            [("(self, index_global: GlobalTensor) -> None", "{self}.SetSparseIndex({index_global})")],
                            dtypes=[each("index_global", allowed=frozenset({"uint8"}))]),
    "set_user_def_info": _mm("set_user_def_info", "Pass a user tiling pointer to callback functions.",
                             [("(self, tiling_ptr: GlobalAddress) -> None",
                               "{self}.SetUserDefInfo(reinterpret_cast<uint64_t>({tiling_ptr}))")]),
    "set_hf32": _mm("set_hf32", "Enable HF32 mode for float inputs.",
                    [("(self, enable_hf32: bool = False, trans_mode: int = 0) -> None",
                      "{self}.SetHF32({enable_hf32}, {trans_mode})")]),
    "set_tail": _mm("set_tail", "Set the shape of a tail block (-1 keeps the tiling's value).",
                    [("(self, tail_m: int = -1, tail_n: int = -1, tail_k: int = -1) -> None",
                      "{self}.SetTail({tail_m}, {tail_n}, {tail_k})")]),
    "set_batch_num": _mm("set_batch_num", "Set the batch counts of A and B.",
                         [("(self, batch_a: int, batch_b: int) -> None", "{self}.SetBatchNum({batch_a}, {batch_b})")]),
    "set_workspace": _mm("set_workspace", "Set the Global Memory workspace.",
                         [("(self, addr: GlobalTensor, size: Optional[int] = None) -> None",
                           "{self}.SetWorkspace({addr}{,size})"),
                          ("(self, addr: GlobalAddress, size: Optional[int] = None) -> None",
                           "{self}.SetWorkspace({addr}{,size})")]),
    "set_quant_scalar": _mm("set_quant_scalar", "Set a per-tensor quantization scale.",
                            [("(self, quant_scalar: int) -> None", "{self}.SetQuantScalar({quant_scalar})")]),
    "set_quant_vector": _mm("set_quant_vector", "Set per-channel quantization scales.",
                            [("(self, quant_vector: GlobalTensor) -> None", "{self}.SetQuantVector({quant_vector})")],
                            dtypes=[each("quant_vector", allowed=frozenset({"uint64"}))]),
    "set_org_shape": _mm("set_org_shape", "Set the original (whole) matrix shapes.",
                         [("(self, org_m: int, org_n: int, org_ka: int, org_kb: Optional[int] = None,"
                           " org_kc: Optional[int] = None) -> None",
                           "{self}.SetOrgShape({org_m}, {org_n}, {org_ka}{,org_kb}{,org_kc})")]),
    "set_single_shape": _mm("set_single_shape", "Set the shape this core computes.",
                            [("(self, single_m: int, single_n: int, single_k: int) -> None",
                              "{self}.SetSingleShape({single_m}, {single_n}, {single_k})")]),
}

CLASSES: list[ClassSpec] = [
    ClassSpec(
        name="adv.Matmul", family="adv.matmul",
        doc="The high-level matrix multiplication object: C = A x B (+ bias) across cube and vector cores.",
        # a policy other than the default follows the configuration and callback Ascend C defaults to
        cpp="AscendC::Matmul<{a}, {b}, {c}{,bias=c}{,matmul_config=CFG_NORM}"
            "{,callback=AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>}{,matmul_policy}>",
        constructors=(parse_signature(
            "(a: adv.MatmulType, b: adv.MatmulType, c: adv.MatmulType, bias: Optional[adv.MatmulType] = None,"
            " matmul_config: Optional[Union[adv.MatmulConfig, adv.MatmulApiStaticTiling]] = None,"
            " matmul_policy: MatmulPolicy = MatmulPolicy.MatmulPolicy)",
            None),),
        methods=_MATMUL_METHODS,
        declared=True,
    ),
    ClassSpec(
        name="adv.MatmulType", family="adv.matmul", doc="Position, format, dtype and layout of one Matmul operand.",
        cpp="AscendC::MatmulType<{position}, {format}, {dtype:type}, {is_trans}, {layout}>",
        constructors=(parse_signature(
            "(position: TPosition, format: CubeFormat, dtype: DataType, is_trans: bool = False,"
            " layout: LayoutMode = LayoutMode.NONE)",
            "AscendC::MatmulType<{position}, {format}, {dtype:type}, {is_trans}, {layout}>"),),
        fields=("position", "format", "dtype", "is_trans", "layout"),
    ),
    ClassSpec(name="adv.MatmulIterator", family="adv.matmul", doc="The loop condition returned by Matmul.iterate.",
              cpp="bool"),
    _record("MatrixOffset", "Position and size of a computed block of C.",
            "offset:int row:int col:int height:int width:int", cpp="MatrixOffset", family="adv.matmul"),
    _record("MatmulConfig", "Compile-time configuration of Matmul (template, block shapes, features).",
            _MATMUL_CONFIG, cpp="MatmulConfig", constexpr=True, explicit_defaults=("do_norm", "batch_mode"),
            field_cpp={"en_vec_nd2nz": "enVecND2NZ", "do_mte2_preload": "doMTE2Preload", "base_mn": "baseMN",
                       "single_core_mn": "singleCoreMN", "do_ib_share_norm": "doIBShareNorm",
                       "do_special_mdl": "doSpecialMDL", "enable_ub_reuse": "enableUBReuse",
                       "enable_l1_cache_ub": "enableL1CacheUB", "is_a2b2_shared": "isA2B2Shared",
                       "is_co1_shared": "isCO1Shared", "shared_co1_buffer_size": "sharedCO1BufferSize",
                       "batch_out_mode": "bmmOutMode"}),
    _record("QuantConfig", "Sizes used by adv.quant (a template argument of AscendQuant).",
            "calc_count:int=0 offset_count:int=0 scale_count:int=0 work_local_size:int=0",
            cpp="AscendC::AscendQuantConfig", family="adv.quantization", constexpr=True,
            ctor_cpp="AscendC::AscendQuantConfig({calc_count}, {offset_count}, {scale_count}, {work_local_size})"),
    _record("MatmulShapeParams", "Shape part of get_mm_config.",
            "single_core_m:int=0 single_core_n:int=0 single_core_k:int=0 basic_m:int=0 basic_n:int=0 basic_k:int=0",
            cpp="MatmulShapeParams", constexpr=True),
    _record("MatmulQuantParams", "Quantization part of get_mm_config.",
            "is_per_tensor:bool=False has_anti_quant_offset:bool=False", cpp="MatmulQuantParams", constexpr=True),
    _record("MatmulBatchParams", "Batch part of get_mm_config.",
            "is_b_batch:bool=False batch_mode:BatchMode=BatchMode.BATCH_LESS_THAN_L1 is_bias_batch:bool=False",
            cpp="MatmulBatchParams", constexpr=True, explicit_defaults=("batch_mode", "is_bias_batch"),
            field_cpp={"is_b_batch": "isNBatch"}),
    _record("MatmulFuncParams", "Feature part of get_mm_config.",
            "intrinsics_limit:bool=False en_vec_nd2_nz:bool=False enable_double_cache:bool=False"
            " enable_l1_cache:bool=False do_mte2_pre_load:int=0 iterate_order:IterateOrder=IterateOrder.ORDER_M"
            " schedule_type:ScheduleType=ScheduleType.INNER_PRODUCT enable_reuse:bool=True enable_ub_reuse:bool=False"
            " is_partial_output:bool=False is_a2_b2_shared:bool=False is_enable_channel_split:bool=False"
            " enable_kdim_reorder_load:bool=False", cpp="MatmulFuncParams", constexpr=True,
            field_cpp={"intrinsics_limit": "intrinsicsCheck", "en_vec_nd2_nz": "enVecND2NZ",
                       "enable_l1_cache": "enableL1CacheUB", "do_mte2_pre_load": "doMTE2Preload",
                       "enable_ub_reuse": "enableUBReuse", "is_a2_b2_shared": "isA2B2Shared"}),
    _record("TCubeTiling", "Tiling of Matmul, computed on the host and passed to the kernel.",
            _ints(_CUBE_COMMON + " batch_m batch_n single_batch_m single_batch_n " + _CUBE_TAIL, 0),
            cpp="TCubeTiling", family="adv.tiling", field_cpp=_cube_cpp_fields()),
    _record("MatmulApiStaticTiling", "A Matmul tiling fixed at compile time (-1 means unset).",
            _ints(_CUBE_COMMON + " " + _CUBE_TAIL + " mx_type_para", -1), cpp="MatmulApiStaticTiling",
            family="adv.tiling", field_cpp=_cube_cpp_fields(), constexpr=True),
    _record("SoftmaxTiling", "Tiling of adv.softmax.",
            _ints("src_m src_k src_size out_max_m out_max_k out_max_size split_m split_k split_size reduce_m"
                  " reduce_k reduce_size range_m tail_m tail_split_size tail_reduce_size", 0),
            cpp="SoftMaxTiling", family="adv.tiling"),
    _record("RmsNormTiling", "Tiling of adv.rmsnorm.",
            _ints("b_length s_length h_length original_h_length", 0) + " reciprocal_of_h_length:float=0.0 "
            + _ints("main_bsh_length main_bs_length main_bs_length_align loop_round input_tail_pos tail_bsh_length"
                    " tail_bs_length", 0), cpp="RmsNormTiling", family="adv.tiling"),
]
