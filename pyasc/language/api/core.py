"""Core: tensors, addresses, the parameter structs, and the language's compile-time helpers."""

from __future__ import annotations

from dataclasses import replace

from ..dtypes import method_members
from ..spec import ApiSpec, ClassSpec, ConstSpec, api, parse_signature


def _m(cls: str, name: str, doc: str, forms: list[tuple[str, str | None]], pipe: str = "S",
       reads: tuple[str, ...] = (), writes: tuple[str, ...] = (), extent: str | None = None) -> ApiSpec:
    return api(f"{cls}.{name}", "core", doc, forms, pipe=pipe, reads=reads, writes=writes, extent=extent)


def _struct(name: str, doc: str, sig: str, *, cpp: str | None = None, generated: bool = True,
            skip: tuple[str, ...] = (), family: str = "core.types", order: tuple[str, ...] = ()) -> ClassSpec:
    """A parameter struct whose fields are its constructor parameters, in C++ aggregate order.

    The C++ is a constructor call `AscendC::Name(a, b, ...)`: the Ascend C structs declare constructors taking
    every field in order, and parentheses (unlike braces) accept run-time ints without narrowing errors. `order`
    gives the C++ constructor's argument order where it differs from the Python keyword order (an `=text` entry is
    an argument the C++ constructor takes and the Python one does not: written as that text). A `{T}` in `cpp` is
    the element type of the tensors the struct is used with.
    """
    ctor = parse_signature(sig, None)
    fields = tuple(p.name for p in ctor.params if p.name not in skip)
    args = ", ".join(f[1:] if f.startswith("=") else f"{{{f}}}" for f in (order or fields))
    cpp_type = cpp or f"AscendC::{name}"
    template = f"{cpp_type}({args})" if generated else None
    return ClassSpec(name=name, family=family, doc=doc, cpp=cpp_type,
                     constructors=(replace(ctor, cpp=template),), fields=fields, ir_handle_at=len(ctor.params))


def _dtype_test(method: str) -> str:
    """C++ of a boolean DataType method on a generic element type: one of the dtypes it is true for.
    (A known dtype is folded to true or false before code generation.)"""
    members = ", ".join(d.cpp for d in method_members(method))
    return f"AscendC::SupportType<{{self}}, {members}>()"


def _plain(name: str, doc: str, sig: str, family: str = "core.aipp_types", typed: bool = False) -> ClassSpec:
    """A plain aggregate of the headers (no constructor): brace-initialized with every field in order. `typed`:
    a template over the element type of the AippParams it goes into."""
    ctor = parse_signature(sig, None)
    fields = tuple(p.name for p in ctor.params)
    cpp = f"AscendC::{name}<{{T}}>" if typed else f"AscendC::{name}"
    template = cpp + "{{" + ", ".join(f"{{{f}}}" for f in fields) + "}}"
    return ClassSpec(name=name, family=family, doc=doc, cpp=cpp, constructors=(replace(ctor, cpp=template),),
                     fields=fields)


_TENSOR_COMMON = {
    "get_shape_info": ("Shape information attached with set_shape_info.", [("(self) -> ShapeInfo",
                                                                             "{self}.GetShapeInfo()")]),
    "set_shape_info": ("Attach shape information (for dump_tensor and the advanced APIs).",
                       [("(self, shape_info: ShapeInfo) -> None", "{self}.SetShapeInfo({shape_info})")]),
    "get_size": ("Number of elements.", [("(self) -> Scalar[int]", "{self}.GetSize()")]),
}


def _common(cls: str) -> dict[str, ApiSpec]:
    return {n: _m(cls, n, d, f) for n, (d, f) in _TENSOR_COMMON.items()}


GLOBAL_TENSOR = ClassSpec(
    name="GlobalTensor",
    family="core",
    doc="A view of Global Memory; its dtype comes from the GlobalAddress given to set_global_buffer.",
    cpp="AscendC::GlobalTensor<{T}>",
    constructors=(parse_signature("()", "AscendC::GlobalTensor"),),
    methods={
        "set_global_buffer": _m(
            "GlobalTensor", "set_global_buffer",
            "Point the tensor at a Global Memory address, optionally with its size in elements.",
            [("(self, buffer: Optional[GlobalAddress] = None) -> None", "{self}.SetGlobalBuffer({buffer})"),
             ("(self, buffer: Optional[GlobalAddress] = None, buffer_size: Optional[int] = None) -> None",
              "{self}.SetGlobalBuffer({buffer}{,buffer_size})")]),
        "get_phy_addr": _m("GlobalTensor", "get_phy_addr", "The Global Memory address of element `offset`.",
                           [("(self) -> GlobalAddress", "{self}.GetPhyAddr()"),
                            ("(self, offset: int) -> GlobalAddress", "{self}.GetPhyAddr({offset})")]),
        "get_value": _m("GlobalTensor", "get_value", "Read one element (a scalar access to Global Memory).",
                        [("(self, offset: int) -> Scalar[self]", "{self}.GetValue({offset})")]),
        "set_value": _m("GlobalTensor", "set_value", "Write one element (a scalar access to Global Memory).",
                        [("(self, offset: int, value: Number) -> None", "{self}.SetValue({offset}, {value:T})")]),
        "set_l2_cache_hint": _m(
            "GlobalTensor", "set_l2_cache_hint", "Tell the L2 cache how this tensor will be accessed.",
            [("(self, mode: CacheMode = CacheMode.CACHE_MODE_NORMAL, rw_mode: CacheRwMode = CacheRwMode.RW) -> None",
              "{self}.SetL2CacheHint<{rw_mode}>({mode})")]),
        "__getitem__": _m("GlobalTensor", "__getitem__", "`t[i:]`: the tensor starting at element i.",
                          [("(self, index: Any) -> GlobalTensor[self]", "{self}[{index}]")]),
        "__call__": _m("GlobalTensor", "__call__", "`t(i)`: a reference to element i.",
                       [("(self, index: int) -> Scalar[self]", "{self}({index})")]),
        **_common("GlobalTensor"),
        # uint64_t, as in Ascend C and in CANN's IR (where arithmetic on it fails: PA113)
        "get_size": _m("GlobalTensor", "get_size", "Number of elements.",
                       [("(self) -> Scalar[uint64]", "{self}.GetSize()")]),
    },
    declared=True,
)

LOCAL_TENSOR = ClassSpec(
    name="LocalTensor",
    family="core",
    doc="A tensor in on-chip memory (the Unified Buffer for VECIN/VECOUT/VECCALC; L1/L0 for the cube).",
    cpp="AscendC::LocalTensor<{T}>",
    constructors=(
        parse_signature("()", None),
        parse_signature("(dtype: DataType)", "AscendC::LocalTensor<{dtype:type}>()"),
        parse_signature("(dtype: DataType, addr: int)", None),
        parse_signature(
            "(dtype: DataType, pos: TPosition = TPosition.VECIN, addr: int = 0, tile_size: int = 0)",
            "AscendC::LocalTensor<{dtype:type}>({pos}, {addr}, {tile_size})",
        ),
    ),
    methods={
        "get_value": _m("LocalTensor", "get_value", "Read one element with the scalar unit.",
                        [("(self, index: int) -> Scalar[self]", "{self}.GetValue({index})")],
                        reads=("self",), extent="@index"),
        "set_value": _m("LocalTensor", "set_value", "Write one element with the scalar unit.",
                        [("(self, index: int, value: Number) -> None", "{self}.SetValue({index}, {value:T})")],
                        writes=("self",), extent="@index"),
        "get_length": _m("LocalTensor", "get_length", "Length of the tensor's buffer in bytes.",
                         [("(self) -> Scalar[uint32]", "{self}.GetLength()")]),
        "get_phy_addr": _m("LocalTensor", "get_phy_addr", "On-chip address of element `offset`.",
                           # uint64_t on the device, a pointer in CPU-debug builds: the cast is valid for both
                           [("(self) -> Scalar[uint64]", "reinterpret_cast<uint64_t>({self}.GetPhyAddr())"),
                            ("(self, offset: int) -> Scalar[uint64]",
                             "reinterpret_cast<uint64_t>({self}.GetPhyAddr({offset}))")]),
        "get_position": _m("LocalTensor", "get_position", "The tensor's TPosition as an int.",
                           [("(self) -> Scalar[int]", "{self}.GetPosition()")]),
        "get_user_tag": _m("LocalTensor", "get_user_tag", "The tag set with set_user_tag.",
                           [("(self) -> Scalar[int]", "{self}.GetUserTag()")]),
        "set_user_tag": _m("LocalTensor", "set_user_tag", "Attach an integer tag to the tensor.",
                           [("(self, tag: int = 0) -> None", "{self}.SetUserTag({tag})")]),
        "print": _m("LocalTensor", "print", "Print the first data_len elements (CPU debugging).",
                    [("(self, data_len: int) -> None", "{self}.Print({data_len})")]),
        "reinterpret_cast": _m("LocalTensor", "reinterpret_cast", "The same buffer viewed with another dtype.",
                               [("(self, dtype: DataType) -> LocalTensor[dtype]",
                                 "{self}.ReinterpretCast<{dtype:type}>()")]),
        "set_addr_with_offset": _m("LocalTensor", "set_addr_with_offset",
                                   "Make this tensor start `offset` elements into src's buffer.",
                                   [("(self, src: LocalTensor, offset: int) -> None",
                                     "{self}.SetAddrWithOffset({src}, {offset})")]),
        "set_buffer_len": _m("LocalTensor", "set_buffer_len", "Set the buffer length in bytes.",
                             [("(self, data_len: int) -> None", "{self}.SetBufferLen({data_len})")]),
        "set_size": _m("LocalTensor", "set_size", "Set the number of elements.",
                       [("(self, size: int = 0) -> None", "{self}.SetSize({size})")]),
        "to_file": _m("LocalTensor", "to_file", "Write the tensor to a file (CPU debugging).",
                      [("(self, file_name: str) -> None", "{self}.ToFile({file_name})")]),
        "__getitem__": _m("LocalTensor", "__getitem__", "`t[i:]`: the tensor starting at element i.",
                          [("(self, index: Any) -> LocalTensor[self]", "{self}[{index}]")]),
        "__call__": _m("LocalTensor", "__call__", "`t(i)`: a reference to element i.",
                       [("(self, index: int) -> Scalar[self]", "{self}({index})")]),
        **_common("LocalTensor"),
    },
)

CLASSES: list[ClassSpec] = [
    GLOBAL_TENSOR,
    LOCAL_TENSOR,
    ClassSpec(
        name="LocalTensorAuto", family="core",
        doc="A Unified Buffer tensor whose queue, buffer and synchronization the compiler creates.",
        cpp="AscendC::LocalTensor<{T}>",
        constructors=(parse_signature("(dtype: DataType, shape: int)", None),
                      parse_signature("(dtype: DataType, shape: IntList)", None)),
        bases=("LocalTensor",),
    ),
    ClassSpec(
        name="MrgSortSrcList", family="core", doc="The 2 to 4 sorted input lists of mrg_sort.",
        cpp="AscendC::MrgSortSrcList<{dtype:type}>",
        constructors=(
            parse_signature("(dtype: DataType, src1: LocalTensor, src2: LocalTensor, src3: LocalTensor,"
                            " src4: LocalTensor)",
                            "AscendC::MrgSortSrcList<{dtype:type}>({src1}, {src2}, {src3}, {src4})"),
            parse_signature(
                "(dtype: DataType, src1: LocalTensor, src2: LocalTensor, src3: Optional[LocalTensor] = None,"
                " src4: Optional[LocalTensor] = None)",  # an omitted list is an empty tensor, as in C++
                "AscendC::MrgSortSrcList<{dtype:type}>({src1}, {src2}, {src3:init}, {src4:init})")),
        fields=("src1", "src2", "src3", "src4"),
    ),
    ClassSpec(
        name="GlobalAddress", family="core",
        doc="A typed Global Memory pointer (a kernel parameter); `x + n` offsets it by n elements.",
        cpp="GM_ADDR",
        methods={"__add__": _m("GlobalAddress", "__add__", "The address n elements further.",
                               [("(self, offset: int) -> GlobalAddress", None)])},
    ),
    ClassSpec(
        name="DataType", family="core.dtype", doc="An element dtype: asc.float16, asc.int32, ...",
        cpp="{T}", constructors=(parse_signature("(name: str)", None),),
        methods={n: _m("DataType", n, d, [(f"(self) -> {r}", cpp)]) for n, d, r, cpp in (
            ("is_int", "True for signed and unsigned integers (int1 to uint64).", "bool", _dtype_test("is_int")),
            ("is_float", "True for float16, float32 and float64.", "bool", _dtype_test("is_float")),
            ("is_numeric", "True for integers and floats.", "bool", _dtype_test("is_numeric")),
            ("is_signed", "True for signed integers (int1 to int64).", "bool", _dtype_test("is_signed")),
            ("is_unsigned", "True for unsigned integers.", "bool", _dtype_test("is_unsigned")),
            ("is_void", "True for void.", "bool", "AscendC::IsSameType<{self}, void>::value"),
            ("sizeof", "Size in bytes (a compile-time int).", "int", "static_cast<int32_t>(sizeof({self}))"))},
    ),
    ClassSpec(
        name="ConstExpr", family="core.constexpr",
        doc="`ConstExpr[int]` marks a kernel parameter known at compile time: the kernel is specialized per value.",
        cpp="constexpr",
    ),
    ClassSpec(
        name="range", family="core.range",
        doc="A run-time loop: `for i in asc.range(n)` becomes a C++ for loop (as does the builtin range).",
        cpp="for",
        constructors=(parse_signature("(stop: int)", None), parse_signature("(start: int, stop: int)", None),
                      parse_signature("(start: int, stop: int, step: int)", None)),
    ),
    ClassSpec(
        name="static_range", family="core.range",
        doc="A compile-time loop: the body is unrolled once per value (bounds must be constants).",
        cpp="for",
        constructors=(parse_signature("(stop: int)", None), parse_signature("(start: int, stop: int)", None),
                      parse_signature("(start: int, stop: int, step: int)", None)),
    ),
    ClassSpec(
        name="Array", family="core.array", doc="A fixed-length C array of scalars (made by asc.array).",
        cpp="{T}[]",
    ),
    ClassSpec(
        name="Property", family="core.properties", doc="A hardware constant read with asc.property.",
        cpp="{T}",
    ),
    ClassSpec(
        name="LocalMemAllocator", family="core.memory_allocator",
        doc="Hands out consecutive on-chip buffers as LocalTensors, without queues.",
        cpp="AscendC::LocalMemAllocator<{hard}>",
        constructors=(parse_signature("(hard: Hardware = Hardware.UB)", "AscendC::LocalMemAllocator<{hard}>"),),
        methods={
            "get_cur_addr": _m("LocalMemAllocator", "get_cur_addr", "The next free address.",
                               [("(self) -> Scalar[uint32]", "{self}.GetCurAddr()")]),
            "alloc": _m("LocalMemAllocator", "alloc", "Allocate tile_size elements of dtype at position pos.",
                        [("(self, pos: TPosition, data_type: DataType, tile_size: int) -> LocalTensor[data_type]",
                          "{self}.Alloc<{pos}, {data_type:type}>({tile_size})")]),
        },
        declared=True,
    ),
    ClassSpec(
        name="ShapeInfo", family="core.types", doc="Shape (and original shape and format) attached to a tensor.",
        cpp="AscendC::ShapeInfo",
        constructors=(
            parse_signature("()", "AscendC::ShapeInfo()"),
            parse_signature("(shape: Array, data_format: DataFormat = DataFormat.ND)",
                            "AscendC::ShapeInfo({shape:len}, {shape:uint32_t}, {data_format})"),
            parse_signature("(shape: Array, original_shape: Array, data_format: DataFormat = DataFormat.ND)",
                            "AscendC::ShapeInfo({shape:len}, {shape:uint32_t}, {original_shape:len},"
                            " {original_shape:uint32_t}, {data_format})"),
        ),
        methods={
            "shape": _m("ShapeInfo", "shape", "Extent of dimension dim.",
                        [("(self, dim: int) -> Scalar[int]", "{self}.shape[{dim}]")]),
            "original_shape": _m("ShapeInfo", "original_shape", "Original extent of dimension dim.",
                                 [("(self, dim: int) -> Scalar[int]", "{self}.originalShape[{dim}]")]),
        },
        fields=("data_format",),
    ),
    _struct("BinaryRepeatParams", "Block and repeat strides (in 32-byte blocks) of a binary vector instruction.",
            "(dst_blk_stride: int = 1, src0_blk_stride: int = 1, src1_blk_stride: int = 1,"
            " dst_rep_stride: int = 8, src0_rep_stride: int = 8, src1_rep_stride: int = 8)"),
    _struct("UnaryRepeatParams", "Block and repeat strides (in 32-byte blocks) of a unary vector instruction.",
            "(dst_blk_stride: int = 1, src_blk_stride: int = 1, dst_rep_stride: int = 8, src_rep_stride: int = 8)"),
    _struct("BrcbRepeatParams", "Strides of brcb.", "(dst_blk_stride: int = 1, dst_rep_stride: int = 8)"),
    _struct("GatherRepeatParams", "Strides of gatherb.", "(dst_blk_stride: int = 1, dst_rep_stride: int = 8)"),
    _struct("CopyRepeatParams", "Strides of copy.",
            "(dst_stride: int = 0, src_stride: int = 0, dst_repeat_size: int = 0, src_repeat_size: int = 0)"),
    _struct("DataCopyParams",
            "block_count blocks of block_len 32-byte units, with gaps (in 32-byte units) between blocks.",
            "(block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0)"),
    _struct("DataCopyExtParams", "Like DataCopyParams, with block_len and strides in bytes (data_copy_pad).",
            "(block_count: int = 1, block_len: int = 0, src_stride: int = 0, dst_stride: int = 0, rsv: int = 0)"),
    _struct("DataCopyPadParams", "Padding of data_copy_pad with DataCopyParams.",
            "(is_pad: bool = False, left_padding: int = 0, right_padding: int = 0, padding_value: int = 0)"),
    _struct("DataCopyPadExtParams", "Padding of data_copy_pad with DataCopyExtParams; typed by the element dtype.",
            "(dtype: DataType, is_pad: bool = False, left_padding: int = 0, right_padding: int = 0,"
            " padding_value: Number = 0)", cpp="AscendC::DataCopyPadExtParams<{dtype:type}>", skip=("dtype",)),
    _struct("DataCopyEnhancedParams", "Block mode, dequantization and padding options of data_copy.",
            "(block_mode: BlockMode = BlockMode.BLOCK_MODE_NORMAL, deq_scale: DeqScale = DeqScale.DEQ_NONE,"
            " deq_value_in: int = 0, sid_store_mode_in: int = 0, is_relu_in: bool = False,"
            " pad_mode_in: pad_t = pad_t.PAD_NONE, pad_value_in: int = 0)"),
    _struct("InitConstValueParams", "Repeats and gaps of init_const_value; its value has the tensor's element type.",
            "(repeat_times: int = 0, block_num: int = 0, dst_gap: int = 0, init_value: Number = 0)",
            cpp="AscendC::InitConstValueParams<{T}>"),
    _struct("SliceInfo", "One dimension of a sliced data_copy.",
            "(start_index: int = 0, end_index: Optional[int] = None, stride: int = 0,"
            " burst_len: Optional[int] = None, shape_value: int = 0)",
            order=("start_index", "end_index:=AscendC::ONE_BLK_SIZE - 1", "stride", "burst_len:=AscendC::ONE_BLK_SIZE",
                   "shape_value")),  # an omitted end or burst length is the C++ members' default
    _struct("TransDataTo5HDParams", "Options of trans_data_to_5hd.",
            "(dst_high_half: bool = False, src_high_half: bool = False, repeat_times: int = 1,"
            " dst_rep_stride: int = 0, src_rep_stride: int = 0)"),
    _struct("TransposeParamsExt", "Shape and kind of the extended transpose.",
            "(n_size: int = 0, c_size: int = 0, h_size: int = 0, w_size: int = 0,"
            " transpose_type: TransposeType = TransposeType.TRANSPOSE_ND2ND_B16)"),
    _struct("GatherMaskParams", "Strides of gather_mask.",
            "(src0_block_stride: int = 1, repeat_times: int = 1, src0_repeat_stride: int = 0,"
            " src1_repeat_stride: int = 0)"),
    ClassSpec(
        name="MmadParams", family="core.types", doc="Shape (m, n, k) and options of mmad.", cpp="AscendC::MmadParams",
        constructors=(
            parse_signature("()", "AscendC::MmadParams()"),
            parse_signature("(m: int = 0, n: int = 0, k: int = 0, is_bias: bool = False, fm_offset: int = 0,"
                            " en_ssparse: bool = False, en_winograd_a: bool = False, en_winograd_b: bool = False)",
                            "AscendC::MmadParams({m}, {n}, {k}, {is_bias}, {fm_offset}, {en_ssparse}, {en_winograd_a},"
                            " {en_winograd_b})"),
            parse_signature("(m: int = 0, n: int = 0, k: int = 0, unit_flag: int = 0, cmatrix_source: bool = False,"
                            " cmatrix_init_val: bool = True)",
                            "AscendC::MmadParams({m}, {n}, {k}, {unit_flag}, {cmatrix_source}, {cmatrix_init_val})"),
        ),
        fields=("m", "n", "k", "is_bias", "fm_offset", "en_ssparse", "en_winograd_a", "en_winograd_b", "unit_flag",
                "cmatrix_source", "cmatrix_init_val"),
    ),
    _struct("LoadImageToLocalParams", "Crop and padding of load_image_to_local.",
            "(horiz_size: int = 2, vert_size: int = 2, horiz_start_pos: int = 0, vert_start_pos: int = 0,"
            " src_horiz_size: int = 2, top_pad_size: int = 0, bot_pad_size: int = 0, left_pad_size: int = 0,"
            " right_pad_size: int = 0)"),  # no `sid`: neither Ascend C's constructor nor CANN pyasc's takes it
    _struct("Nd2NzParams", "ND to NZ layout conversion of data_copy into L1.",
            "(nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_d_value: int,"
            " dst_nz_c0_stride: int, dst_nz_n_stride: int, dst_nz_matrix_stride: int)"),
    _struct("Nz2NdParamsFull", "NZ to ND layout conversion of data_copy out of the Unified Buffer.",
            "(nd_num: int, n_value: int, d_value: int, src_nd_matrix_stride: int, src_n_stride: int,"
            " dst_d_stride: int, dst_nd_matrix_stride: int)"),
    _struct("DataCopyCO12DstParams", "Copy of a matrix result out of L0C, with quantization and layout options.",
            "(n_size: int, m_size: int, dst_stride: int, src_stride: int, quant_pre: QuantModes = QuantModes.NoQuant,"
            " relu_pre: int = 0, channel_split: bool = False, nz2nd_en: bool = False)"),
    _struct("LoadData2DParams", "2D load_data parameters.",
            "(start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, sid: int = 0, dst_gap: int = 0,"
            " if_transpose: bool = False, addr_mode: int = 0)"),
    _struct("LoadData2DParamsV2", "2D load_data parameters by m/k position and step.",
            "(m_start_position: int = 0, k_start_position: int = 0, m_step: int = 0, k_step: int = 0,"
            " src_stride: int = 0, dst_stride: int = 0, if_transpose: bool = False, sid: int = 0)"),
    _struct("LoadData3DParamsV1", "3D (im2col) load_data parameters, version 1.",
            "(pad_list: IntList = [0, 0, 0, 0], l1_h: int = 1, l1_w: int = 1, c1_index: int = 0,"
            " fetch_filter_w: int = 0, fetch_filter_h: int = 0, left_top_w: int = 0, left_top_h: int = 0,"
            " stride_w: int = 1, stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1,"
            " dilation_filter_h: int = 1, jump_stride: int = 1, repeat_mode: int = 0, repeat_time: int = 1,"
            " c_size: int = 0, pad_value: int = 0)", cpp="AscendC::LoadData3DParamsV1<{T}>",
            order=("pad_list:uint8_t", "l1_h", "l1_w", "c1_index", "fetch_filter_w", "fetch_filter_h", "left_top_w",
                   "left_top_h", "stride_w", "stride_h", "filter_w", "filter_h", "dilation_filter_w",
                   "dilation_filter_h", "jump_stride", "repeat_mode", "repeat_time", "c_size", "pad_value")),
    _struct("LoadData3DParamsV2", "3D (im2col) load_data parameters, version 2.",
            "(pad_list: IntList = [0, 0, 0, 0], l1_h: int = 1, l1_w: int = 1, channel_size: int = 1,"
            " k_extension: int = 1, m_extension: int = 1, k_start_pt: int = 0, m_start_pt: int = 0, stride_w: int = 1,"
            " stride_h: int = 1, filter_w: int = 1, filter_h: int = 1, dilation_filter_w: int = 1,"
            " dilation_filter_h: int = 1, en_transpose: bool = False, pad_value: int = 0, filter_size_w: bool = False,"
            " filter_size_h: bool = False, f_matrix_ctrl: bool = False)", cpp="AscendC::LoadData3DParamsV2<{T}>",
            order=("pad_list:uint8_t", "l1_h", "l1_w", "channel_size", "k_extension", "m_extension", "k_start_pt",
                   "m_start_pt", "stride_w", "stride_h", "filter_w", "filter_h", "dilation_filter_w",
                   "dilation_filter_h", "en_transpose", "=false", "pad_value", "filter_size_w", "filter_size_h",
                   "f_matrix_ctrl")),  # enSmallK: not a parameter of the language's constructor
    _struct("LoadData3DParamsV2Pro", "3D (im2col) load_data parameters packed into configuration words.",
            "(channel_size: int = 0, en_transpose: bool = False, en_small_k: bool = False, filter_size_w: bool = False,"
            " filter_size_h: bool = False, f_matrix_ctrl: bool = False, ext_config: int = 0,"
            " filter_config: int = 1103823438081)"),
    _struct("LoadData2dTransposeParams", "Parameters of load_data_with_transpose.",
            "(start_index: int = 0, repeat_times: int = 1, src_stride: int = 0, dst_gap: int = 0,"
            " dst_frac_gap: int = 0, addr_mode: int = 0)"),
    _struct("LoadData2dTransposeParamsV2", "Parameters of load_data_with_transpose, version 2.",
            "(start_index: int = 0, repeat_times: int = 0, src_stride: int = 0, dst_gap: int = 0,"
            " dst_frac_gap: int = 0, src_frac_gap: int = 0, addr_mode: int = 0)"),
    _struct("LoadDataRepeatParam", "Repeat parameters of 3D load_data.",
            "(repeat_time: int = 1, repeat_stride: int = 0, repeat_mode: int = 0)",
            order=("repeat_stride", "repeat_time", "repeat_mode")),  # the C++ constructor's order
    _struct("MrgSort4Info", "Lengths and options of the 4-way merge of mrg_sort.",
            "(element_lengths: IntList, if_exhausted_suspension: bool = False, valid_bit: int = 15,"
            " repeat_times: int = 1)", order=("element_lengths:uint16_t", "if_exhausted_suspension", "valid_bit",
                                             "repeat_times")),
    ClassSpec(
        name="FixpipeConfig", family="core.types", doc="Output layout of fixpipe (cfg_nz or cfg_row_major).",
        cpp="AscendC::FixpipeConfig",
        constructors=(parse_signature("(layout: CO2Layout)", "AscendC::FixpipeConfig{{{layout}}}"),), constexpr=True,
        methods={
            "cfg_nz": _m("FixpipeConfig", "cfg_nz", "The NZ output layout.",
                         [("() -> FixpipeConfig", "AscendC::CFG_NZ")]),
            "cfg_row_major": _m("FixpipeConfig", "cfg_row_major", "The row-major output layout.",
                                [("() -> FixpipeConfig", "AscendC::CFG_ROW_MAJOR")]),
        },
        fields=("layout",),
    ),
    _struct("FixpipeParamsV220", "Shape, strides and quantization of fixpipe (arch 220).",
            "(n_size: int, m_size: int, src_stride: int, dst_stride: int, quant_pre: QuantModes = QuantModes.NoQuant,"
            " deq_scalar: int = 0, nd_num: int = 1, src_nd_stride: int = 0, dst_nd_stride: int = 0,"
            " relu_en: bool = False, unit_flag: int = 0, is_channel_split: bool = False)",
            order=("n_size", "m_size", "src_stride", "dst_stride", "relu_en", "quant_pre", "deq_scalar", "nd_num",
                   "src_nd_stride", "dst_nd_stride", "unit_flag", "is_channel_split")),
    _struct("VdeqInfo", "Per-channel dequantization scales, offsets and sign modes of set_deq_scale.",
            "(scale: NumberList, offset: IntList, sign_mode: BoolList)",
            order=("scale:float", "offset:int16_t", "sign_mode:bool")),
    _struct("CheckLocalMemoryIAParam", "Address range and access kinds checked by check_local_memory_ia.",
            "(enable_bit: int = 0, start_addr: int = 0, end_addr: int = 0, is_scalar_read: bool = False,"
            " is_scalar_write: bool = False, is_vector_read: bool = False, is_vector_write: bool = False,"
            " is_mte_read: bool = False, is_mte_write: bool = False, is_enable: bool = False)"),
    # --- AIPP image preprocessing -------------------------------------------------------------------------------
    _plain("AippPaddingParams", "Padding mode and values per channel of AIPP.",
           "(padding_mode: int = 0, padding_value_ch0: Number = 0, padding_value_ch1: Number = 0,"
           " padding_value_ch2: Number = 0, padding_value_ch3: Number = 0)", typed=True),
    _plain("AippSwapParams", "Channel swaps of AIPP.",
           "(is_swap_rb: bool = False, is_swap_uv: bool = False, is_swap_ax: bool = False)"),
    _plain("AippSingleLineParams", "Single-line mode of AIPP.", "(is_single_line_copy: bool = False)"),
    _plain("AippDataTypeConvParams", "Mean, min and variance normalization of AIPP.",
           "(dtc_mean_ch0: int = 0, dtc_mean_ch1: int = 0, dtc_mean_ch2: int = 0, dtc_min_ch0: float = 0.0,"
           " dtc_min_ch1: float = 0.0, dtc_min_ch2: float = 0.0, dtc_var_ch0: float = 1.0, dtc_var_ch1: float = 1.0,"
           " dtc_var_ch2: float = 1.0, dtc_round_mode: int = 0)"),
    _plain("AippChannelPaddingParams", "Channel padding mode and value of AIPP.",
           "(c_padding_mode: int = 0, c_padding_value: Number = 0)", typed=True),
    _plain("AippColorSpaceConvParams", "Color space conversion matrix and biases of AIPP.",
           "(is_enable_csc: bool = False, csc_matrix_r0_c0: int = 0, csc_matrix_r0_c1: int = 0,"
           " csc_matrix_r0_c2: int = 0, csc_matrix_r1_c0: int = 0, csc_matrix_r1_c1: int = 0,"
           " csc_matrix_r1_c2: int = 0, csc_matrix_r2_c0: int = 0, csc_matrix_r2_c1: int = 0,"
           " csc_matrix_r2_c2: int = 0, csc_bias_in_0: int = 0, csc_bias_in_1: int = 0, csc_bias_in_2: int = 0,"
           " csc_bias_out_0: int = 0, csc_bias_out_1: int = 0, csc_bias_out_2: int = 0)"),
    ClassSpec(
        name="AippParams", family="core.aipp_types", doc="The AIPP configuration of set_aipp_functions.",
        cpp="AscendC::AippParams<{dtype:type}>",
        constructors=(parse_signature(
            "(dtype: DataType, padding_params: Optional[AippPaddingParams] = None,"
            " swap_params: Optional[AippSwapParams] = None, single_line_params: Optional[AippSingleLineParams] = None,"
            " dtc_params: Optional[AippDataTypeConvParams] = None,"
            " c_padding_params: Optional[AippChannelPaddingParams] = None,"
            " csc_params: Optional[AippColorSpaceConvParams] = None)",
            "AscendC::AippParams<{dtype:type}>{{{padding_params:init}, {swap_params:init}, {single_line_params:init},"
            " {dtc_params:init}, {c_padding_params:init}, {csc_params:init}}}"),),
        fields=("padding_params", "swap_params", "single_line_params", "dtc_params", "c_padding_params",
                "csc_params"),
        dtype_params={"dtype": frozenset({"int8", "float16"})},
    ),
]

APIS: list[ApiSpec] = [
    api("array", "core.array", "A C array of `length` scalars of dtype (optionally filled), or of the given values.",
        # CANN's one parameter for both forms is `length_or_values` (a `length=` keyword is a TypeError there)
        [("(dtype: DataType, length_or_values: int, fill_value: Optional[Number] = None) -> Array", None),
         ("(dtype: DataType, length_or_values: NumberList, fill_value: Optional[Number] = None) -> Array", None)]),
    api("get_shape_size", "core.types", "Number of elements described by a ShapeInfo.",
        [("(shape_info: ShapeInfo) -> Scalar[int]", "AscendC::GetShapeSize({shape_info})")], pipe="S"),
    api("inline", "core.ops", "Emit C++ code verbatim (before the kernel function when before_function).",
        [("(code: str, args: Optional[Any] = None, before_function: bool = False) -> None", None)]),
    api("number", "core.ops", "A scalar of the given dtype (a typed literal).",
        [("(value: Number, dtype: DataType) -> Scalar[dtype]", "static_cast<{dtype:type}>({value})")]),
    api("property", "core.properties", "The value of a hardware constant (asc.ONE_BLK_SIZE, asc.TOTAL_L1_SIZE, ...).",
        [("(prop: Property) -> Scalar[prop]", "{prop}")]),  # the property's own dtype (ONE_BLK_SIZE: int16)
    api("ceildiv", "core.utils", "(x + y - 1) // y: the number of y-sized tiles covering x.",
        [("(x: int, y: int) -> Scalar[int]", "(({x} + {y} - 1) / {y})")]),
    api("static_assert", "core.utils", "Fail compilation with `message` when the compile-time `test` is false.",
        [("(test: bool, message: Optional[str] = None) -> None", "static_assert({test}{,message})")]),
    api("jit", "core.jit",
        "Compile a Python function into an Ascend C kernel (bare `@asc.jit` or `@asc.jit(**options)`). Options:"
        " codegen (capture_exceptions, ir_multithreading), compile (debug, strip_loc, verify_sync,"
        " print_ir_before_all, run_passes, kernel_type, opt_level, auto_sync, auto_sync_log, bisheng_options,"
        " always_compile, matmul_cube_only, insert_sync) and launch (core_num, stream).",
        [("(fn: Any) -> Any", None),
         ("(*, capture_exceptions: bool = True, ir_multithreading: bool = True, debug: bool = False,"
          " strip_loc: bool = False, verify_sync: bool = False, print_ir_before_all: bool = False,"
          " run_passes: bool = True, kernel_type: Optional[Any] = None, opt_level: int = 3, auto_sync: bool = True,"
          " auto_sync_log: str = '', bisheng_options: Optional[Any] = None, always_compile: bool = False,"
          " matmul_cube_only: bool = False, insert_sync: Optional[bool] = None, core_num: int = 0,"
          " stream: Optional[Any] = None) -> Any", None)]),
]

CONSTANTS: list[ConstSpec] = [
    ConstSpec("DEFAULT_C0_SIZE", "int32", "AscendC::DEFAULT_C0_SIZE", "Bytes of the cube's C0 dimension (32)."),
    ConstSpec("ONE_BLK_SIZE", "int16", "AscendC::ONE_BLK_SIZE", "Bytes of one data block (32)."),
    ConstSpec("TOTAL_L1_SIZE", "int32", "AscendC::TOTAL_L1_SIZE", "Bytes of L1 on this SoC."),
    ConstSpec("TOTAL_L0C_SIZE", "int32", "AscendC::TOTAL_L0C_SIZE", "Bytes of L0C on this SoC."),
]
