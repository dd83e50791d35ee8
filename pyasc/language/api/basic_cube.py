"""Basic API, cube and sorting part: matrix loads, Mmad, Fixpipe, proposal sorting, and list tensor descriptors."""

from __future__ import annotations

from ..dtypes import FLOATS, dtypes_of
from ..spec import NOTHING, ApiSpec, ClassSpec, api, cann_only, each, parse_signature, same, ub

_LD2D = [("LocalTensor", "LoadData2DParams"), ("GlobalTensor", "LoadData2DParams"),
         ("LocalTensor", "LoadData2DParamsV2"), ("GlobalTensor", "LoadData2DParamsV2"),
         ("LocalTensor", "LoadData3DParamsV1"), ("LocalTensor", "LoadData3DParamsV2"),
         ("LocalTensor", "LoadData3DParamsV2Pro")]
_LD_NONE = [("LocalTensor", "GlobalTensor", p) for p in ("LoadData3DParamsV1", "LoadData3DParamsV2",
                                                             "LoadData3DParamsV2Pro")] \
    + [("GlobalTensor", src, p) for src in ("LocalTensor", "GlobalTensor") for p in sorted({p for _, p in _LD2D})]
"""load_data forms CANN's pyasc accepts and writes nothing for: a GlobalTensor where its dispatcher expects a
LocalTensor (3D loads read L1 only; nothing loads into Global Memory)."""

APIS: list[ApiSpec] = [
    # --- cube ---------------------------------------------------------------------------------------------------
    api("load_data", "basic.mm", "Load a matrix tile from L1 (or Global Memory) into L0A/L0B, 2D or im2col 3D.",
        [(f"(dst: LocalTensor, src: {src}, params: {p}) -> None", "AscendC::LoadData({dst}, {src}, {params})")
         for src, p in _LD2D]
        # CANN's dispatcher takes any tensors and builds no operation for those Ascend C has no LoadData of
        + [cann_only(NOTHING, f"(dst: {dst}, src: {src}, params: {p}) -> None", "")
           for dst, src, p in _LD_NONE],
        dtypes=[same("dst", "src", "params")], pipe="MTE1", reads=("src",), writes=("dst",)),
    api("load_data_with_transpose", "basic.mm", "Load a matrix tile from L1 into L0 transposed.",
        [(f"(dst: LocalTensor, src: LocalTensor, params: {p}) -> None",
          "AscendC::LoadDataWithTranspose({dst}, {src}, {params})")
         for p in ("LoadData2dTransposeParams", "LoadData2dTransposeParamsV2")],
        dtypes=[same("dst", "src")], pipe="MTE1", reads=("src",), writes=("dst",)),
    api("load_data_with_sparse", "basic.mm", "Load a sparse weight tile with its index tensor into L0B.",
        [("(dst: LocalTensor, src: LocalTensor, idx: LocalTensor, load_data_params: LoadData2DParams) -> None",
          "AscendC::LoadDataWithSparse({dst}, {src}, {idx}, {load_data_params})")],
        dtypes=[same("dst", "src", allowed=frozenset({"int8"})), each("idx", allowed=frozenset({"uint8"}))],
        pipe="MTE1", reads=("src", "idx"), writes=("dst",)),
    api("init_const_value", "basic.mm", "Fill an L1/L0 tensor with a constant.",
        [("(dst: LocalTensor, init_const_value_params: InitConstValueParams) -> None",
          "AscendC::InitConstValue({dst}, {init_const_value_params})")],
        dtypes=[same("dst", "init_const_value_params")], pipe="MTE2", writes=("dst",)),
    api("mmad", "basic.mm", "Matrix multiply-accumulate on the cube unit: dst (L0C) += fm (L0A) x filter (L0B).",
        [("(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, params: MmadParams) -> None",
          "AscendC::Mmad({dst}, {fm}, {filter}, {params})"),
         ("(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, bias: LocalTensor, params: MmadParams) -> None",
          "AscendC::Mmad({dst}, {fm}, {filter}, {bias}, {params})")],
        dtypes=[same("fm", "filter")], pipe="M", reads=("fm", "filter", "bias", "dst"), writes=("dst",)),
    api("mmad_with_sparse", "basic.mm", "Matrix multiply-accumulate with a sparse (4:2) filter.",
        [("(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, mmad_params: MmadParams) -> None",
          "AscendC::MmadWithSparse({dst}, {fm}, {filter}, {mmad_params})")],
        dtypes=[each("dst", allowed=frozenset({"int32"})), same("fm", "filter", allowed=frozenset({"int8"}))],
        pipe="M", reads=("fm", "filter", "dst"), writes=("dst",)),
    api("set_load_data_boundary", "basic.mm", "Set the L1 boundary load_data wraps around at.",
        [("(boundary: int) -> None", "AscendC::SetLoadDataBoundary({boundary})")], pipe="S"),
    api("set_load_data_padding_value", "basic.mm", "Set the padding value of 3D load_data.",
        [("(pad_value: Number) -> None", "AscendC::SetLoadDataPaddingValue({pad_value})")], pipe="S"),
    api("set_load_data_repeat", "basic.mm", "Set the repeat parameters of 3D load_data.",
        [("(param: LoadDataRepeatParam) -> None", "AscendC::SetLoadDataRepeat({param})")], pipe="S"),
    api("fixpipe", "basic.fixpipe", "Move (and convert) a matrix result from L0C to Global Memory.",
        [("(dst: GlobalTensor, src: LocalTensor, params: FixpipeParamsV220,"
          " config: FixpipeConfig = FixpipeConfig.cfg_row_major) -> None",
          "AscendC::Fixpipe<{dst.T}, {src.T}, {config}>({dst}, {src}, {params})"),
         ("(dst: GlobalTensor, src: LocalTensor, cbuf_workspace: LocalTensor, params: FixpipeParamsV220,"
          " config: FixpipeConfig = FixpipeConfig.cfg_row_major) -> None",
          "AscendC::Fixpipe<{dst.T}, {src.T}, {config}>({dst}, {src}, {cbuf_workspace}, {params})")],
        dtypes=[each("cbuf_workspace", allowed=dtypes_of("uint64"))],
        pipe="FIX", reads=("src", "cbuf_workspace"), writes=("dst",)),
    api("set_fix_pipe_pre_quant_flag", "basic.fixpipe", "Set the scalar quantization parameter of fixpipe.",
        [("(config: int) -> None", "AscendC::SetFixpipePreQuantFlag({config})")], pipe="S"),
    # --- sorting ------------------------------------------------------------------------------------------------
    api("get_sort_len", "basic.proposal", "Size in elements of elem_count sorted (value, index) structures.",
        [("(elem_count: int) -> Scalar[int]", "AscendC::GetSortLen<float>({elem_count})")], pipe="S"),
    api("get_sort_offset", "basic.proposal", "Offset in elements of structure elem_offset of a sorted list.",
        [("(elem_offset: int) -> Scalar[int]", "AscendC::GetSortOffset<float>({elem_offset})")], pipe="S"),
    api("get_mrg_sort_result", "basic.proposal", "The number of elements each of the 4 lists of mrg_sort consumed.",
        [("() -> Tuple[int, int, int, int]",
          "AscendC::GetMrgSortResult({out0:uint16_t}, {out1:uint16_t}, {out2:uint16_t}, {out3:uint16_t})")], pipe="S"),
    api("mrg_sort", "basic.proposal", "Merge up to 4 sorted lists into dst.",
        [("(dst: LocalTensor, sort_list: MrgSortSrcList, element_count_list: IntList, sorted_num: IntList,"
          " valid_bit: int, repeat_time: int, is_exhausted_suspension: bool = False) -> None",
          "AscendC::MrgSort<{T}, {is_exhausted_suspension}>({dst}, {sort_list}, {element_count_list:uint16_t},"
          " {sorted_num:uint32_t}, {valid_bit}, {repeat_time})"),
         ("(dst: LocalTensor, sort_list: MrgSortSrcList, params: MrgSort4Info) -> None",
          "AscendC::MrgSort({dst}, {sort_list}, {params})")],
        dtypes=[each("dst", allowed=FLOATS)], positions=ub("dst"), pipe="V", writes=("dst",)),
    api("mrg_sort4", "basic.proposal", "Merge 4 sorted proposal lists into dst.",
        [("(dst: LocalTensor, src: MrgSortSrcList, params: MrgSort4Info) -> None",
          "AscendC::MrgSort4({dst}, {src}, {params})")],
        dtypes=[each("dst", allowed=FLOATS)], positions=ub("dst"), pipe="V", writes=("dst",)),
    api("proposal_concat", "basic.proposal", "Write src into field mode_number of 16 proposals per repeat.",
        [("(dst: LocalTensor, src: LocalTensor, repeat_time: int, mode_number: int) -> None",
          "AscendC::ProposalConcat({dst}, {src}, {repeat_time}, {mode_number})")],
        dtypes=[same("dst", "src", allowed=FLOATS)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",)),
    api("proposal_extract", "basic.proposal", "Read field mode_number of 16 proposals per repeat into dst.",
        [("(dst: LocalTensor, src: LocalTensor, repeat_time: int, mode_number: int) -> None",
          "AscendC::ProposalExtract({dst}, {src}, {repeat_time}, {mode_number})")],
        dtypes=[same("dst", "src", allowed=FLOATS)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",)),
    api("rp_sort16", "basic.proposal", "Sort 16 proposals per repeat by score.",
        [("(dst: LocalTensor, src: LocalTensor, repeat_time: int) -> None",
          "AscendC::RpSort16({dst}, {src}, {repeat_time})")],
        dtypes=[same("dst", "src", allowed=FLOATS)], positions=ub("dst", "src"), pipe="V", reads=("src",),
        writes=("dst",)),
    api("sort", "basic.proposal", "Sort values (concat) with their indices, descending.",
        [("(dst: LocalTensor, concat: LocalTensor, index: LocalTensor, tmp: LocalTensor, repeat_time: int,"
          " is_full_sort: bool = False) -> None",
          "AscendC::Sort<{T}, {is_full_sort}>({dst}, {concat}, {index}, {tmp}, {repeat_time})")],
        dtypes=[same("dst", "concat", "tmp", allowed=FLOATS), each("index", allowed=dtypes_of("uint32"))],
        positions=ub("dst", "concat", "index", "tmp"), pipe="V", reads=("concat", "index"), writes=("dst", "tmp")),
    api("sort32", "basic.proposal", "Sort 32 elements per repeat with their indices (src1), descending.",
        [("(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, repeat_time: int) -> None",
          "AscendC::Sort32({dst}, {src0}, {src1}, {repeat_time})")],
        dtypes=[same("dst", "src0", allowed=FLOATS), each("src1", allowed=dtypes_of("uint32"))],
        positions=ub("dst", "src0", "src1"), pipe="V", reads=("src0", "src1"), writes=("dst",)),
]


def _m(cls: str, name: str, doc: str, forms: list[tuple[str, str | None]]) -> ApiSpec:
    return api(f"{cls}.{name}", "basic.list_tensor", doc, forms, pipe="S", sim=f"pyasc.sim.api.listtensor:{name}")


CLASSES: list[ClassSpec] = [
    ClassSpec(
        name="TensorDesc", family="basic.list_tensor",
        doc="One tensor of a ListTensorDesc: its shape, dimension count and data pointer.",
        cpp="AscendC::TensorDesc<{dtype:type}>",
        constructors=(parse_signature("(dtype: DataType = float32)", "AscendC::TensorDesc<{dtype:type}>"),),
        methods={
            "set_shape_addr": _m("TensorDesc", "set_shape_addr", "Point the descriptor at its shape array.",
                                 [("(self, shape_ptr: int) -> None",
                                   "{self}.SetShapeAddr(reinterpret_cast<uint64_t*>({shape_ptr}))")]),
            "get_dim": _m("TensorDesc", "get_dim", "Number of dimensions.",
                          [("(self) -> Scalar[int]", "{self}.GetDim()")]),
            "get_index": _m("TensorDesc", "get_index", "Index of the tensor in its list.",
                            [("(self) -> Scalar[int]", "{self}.GetIndex()")]),
            "get_shape": _m("TensorDesc", "get_shape", "Extent of dimension `offset`.",
                            [("(self, offset: int) -> Scalar[int]", "{self}.GetShape({offset})")]),
            "get_data_ptr": _m("TensorDesc", "get_data_ptr", "Global Memory address of the tensor's data.",
                               [("(self) -> GlobalAddress", "{self}.GetDataPtr()")]),
            "get_data_obj": _m("TensorDesc", "get_data_obj", "The tensor's data as a GlobalTensor.",
                               [("(self) -> GlobalTensor", "{self}.GetDataObj()")]),
        },
        declared=True,
    ),
    ClassSpec(
        name="ListTensorDesc", family="basic.list_tensor",
        doc="A list of tensors passed to the kernel as one Global Memory argument (dynamic inputs).",
        cpp="AscendC::ListTensorDesc",
        constructors=(
            parse_signature("()", "AscendC::ListTensorDesc"),
            parse_signature("(data: GlobalAddress, length: int = 4294967295, shape_size: int = 4294967295)",
                            "AscendC::ListTensorDesc({data}, {length}, {shape_size})"),
        ),
        methods={
            "init": _m("ListTensorDesc", "init", "Attach the descriptor to a Global Memory list.",
                       [("(self, data: GlobalAddress, length: int = 4294967295, shape_size: int = 4294967295) -> None",
                         "{self}.Init({data}, {length}, {shape_size})")]),
            "get_desc": _m("ListTensorDesc", "get_desc", "Fill `desc` with the descriptor of tensor `index`.",
                           [("(self, desc: TensorDesc, index: int) -> None", "{self}.GetDesc({desc}, {index})")]),
            "get_data_ptr": _m("ListTensorDesc", "get_data_ptr", "Global Memory address of tensor `index`.",
                               [("(self, index: int, dtype: DataType) -> GlobalAddress",
                                 "{self}.GetDataPtr<{dtype:type}>({index})")]),
            "get_size": _m("ListTensorDesc", "get_size", "Number of tensors in the list.",
                           [("(self) -> Scalar[int]", "{self}.GetSize()")]),
        },
        declared=True,
    ),
]
