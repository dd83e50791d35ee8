"""Basic API, scalar-unit part: synchronization, system variables, masks, atomics, caches, scalar math, debugging."""

from __future__ import annotations

from ..spec import ApiSpec, DTypeRule, api, each


def _sys(name: str, family: str, doc: str, forms: list[tuple[str, str | None]], *,
         reads: tuple[str, ...] = (), writes: tuple[str, ...] = (), dtypes: tuple[DTypeRule, ...] = (),
         members: dict[str, frozenset[str]] | None = None,
         literals: dict[str, tuple[object, ...]] | None = None) -> ApiSpec:
    """A scalar-unit call: the S pipe issues it (the instructions it starts may run elsewhere)."""
    return api(name, family, doc, forms, pipe="S", reads=reads, writes=writes, dtypes=dtypes, members=members,
               literals=literals)


_WORKSPACE_DTYPE = (each("gm_workspace", "ub_workspace", allowed=frozenset({"int32"})),)
"""The software barriers keep their per-core counters as int32 in both workspaces."""


def _getter(name: str, cpp: str, doc: str, family: str = "basic.sys_var") -> ApiSpec:
    return _sys(name, family, doc, [("() -> Scalar[int]", f"AscendC::{cpp}()")])


def _nullary(name: str, cpp: str, doc: str, family: str) -> ApiSpec:
    return _sys(name, family, doc, [("() -> None", f"{cpp}()")])


_WS = "gm_workspace: GlobalTensor, ub_workspace: LocalTensor"

APIS: list[ApiSpec] = [
    # --- synchronization ----------------------------------------------------------------------------------------
    _sys("set_flag", "basic.block_sync",
         "Signal `event` (SRC_DST) from the source pipe; the destination pipe waits for it with wait_flag.",
         [("(event: HardEvent, event_id: int = 0) -> None", "AscendC::SetFlag<{event}>({event_id})")]),
    _sys("wait_flag", "basic.block_sync",
         "Make the destination pipe of `event` wait until the source pipe signalled it.",
         [("(event: HardEvent, event_id: int = 0) -> None", "AscendC::WaitFlag<{event}>({event_id})")]),
    _sys("pipe_barrier", "basic.block_sync", "Wait until every instruction already issued to `pipe` has finished.",
         [("(pipe: PipeID) -> None", "AscendC::PipeBarrier<{pipe}>()")]),
    _sys("data_sync_barrier", "basic.block_sync", "Wait until the memory accesses of the given kind have completed.",
         [("(arg0: MemDsbT) -> None", "AscendC::DataSyncBarrier<{arg0}>()")]),
    _sys("sync_all", "basic.block_sync",
         "Barrier across all cores of the kernel (hardware form, or software form through a GM workspace).",
         [("(is_aiv_only: bool = True) -> None", "AscendC::SyncAll<{is_aiv_only}>()"),
          (f"({_WS}, used_cores: int = 0, is_aiv_only: bool = True) -> None",
           "AscendC::SyncAll<{is_aiv_only}>({gm_workspace}, {ub_workspace}, {used_cores})")],
         reads=("gm_workspace",), writes=("gm_workspace", "ub_workspace"), dtypes=_WORKSPACE_DTYPE),
    _sys("ib_set", "basic.block_sync", "Inter-block set: mark event_id of block_idx as reached in the GM workspace.",
         [(f"({_WS}, block_idx: int, event_id: int, is_aiv_only: bool = True) -> None",
           "AscendC::IBSet<{is_aiv_only}>({gm_workspace}, {ub_workspace}, {block_idx}, {event_id})")],
         writes=("gm_workspace", "ub_workspace"), dtypes=_WORKSPACE_DTYPE),
    _sys("ib_wait", "basic.block_sync", "Inter-block wait: wait until block_idx has set event_id in the GM workspace.",
         [(f"({_WS}, block_idx: int, event_id: int, is_aiv_only: bool = True) -> None",
           "AscendC::IBWait<{is_aiv_only}>({gm_workspace}, {ub_workspace}, {block_idx}, {event_id})")],
         reads=("gm_workspace",), writes=("ub_workspace",), dtypes=_WORKSPACE_DTYPE),
    _sys("cross_core_set_flag", "basic.block_sync", "Signal a flag between cube and vector cores.",
         [("(flag_id: int, mode_id: int, pipe: PipeID) -> None",
           "AscendC::CrossCoreSetFlag<{mode_id}, {pipe}>({flag_id})")]),
    _sys("cross_core_wait_flag", "basic.block_sync", "Wait for a flag set by cross_core_set_flag on another core.",
         [("(flag_id: int, mode_id: int, pipe: PipeID) -> None",
           "AscendC::CrossCoreWaitFlag<{mode_id}, {pipe}>({flag_id})")]),
    _sys("notify_next_block", "basic.determine_compute_sync",
         "Let the next core proceed (deterministic ordering of atomic accumulation across cores).",
         [(f"({_WS}) -> None", "AscendC::NotifyNextBlock({gm_workspace}, {ub_workspace})")],
         writes=("gm_workspace", "ub_workspace"), dtypes=_WORKSPACE_DTYPE),
    _sys("wait_pre_block", "basic.determine_compute_sync", "Wait until the previous core called notify_next_block.",
         [(f"({_WS}) -> None", "AscendC::WaitPreBlock({gm_workspace}, {ub_workspace})")],
         reads=("gm_workspace",), writes=("ub_workspace",), dtypes=_WORKSPACE_DTYPE),
    # --- system variables ---------------------------------------------------------------------------------------
    _getter("get_block_idx", "GetBlockIdx", "Index of the core running this kernel instance, 0 <= idx < block_num."),
    _getter("get_block_num", "GetBlockNum", "Number of cores the kernel was launched on."),
    _getter("get_sub_block_idx", "GetSubBlockIdx", "Index of the vector core within its AI core group (0 or 1)."),
    _getter("get_sub_block_num", "GetSubBlockNum", "Number of vector cores per cube core."),
    _getter("get_system_cycle", "GetSystemCycle", "The current system cycle counter (for timing)."),
    _getter("get_program_counter", "GetProgramCounter", "The current program counter."),
    _getter("get_data_block_size_in_bytes", "GetDataBlockSizeInBytes", "Size of one data block (32 bytes)."),
    _getter("get_task_ratio", "GetTaskRatio", "Ratio of vector cores to cube cores in a mixed kernel."),
    _sys("get_arch_version", "basic.sys_var", "Read the core's architecture version into core_version.",
         [("(core_version: int) -> None", "AscendC::GetArchVersion({out:uint32_t})")]),
    _nullary("trap", "AscendC::Trap", "Stop the kernel with an exception (an assertion failure).", "basic.sys_var"),
    _sys("ascend_is_aic", "basic.common", "True when the code runs on a cube (AIC) core.",
         [("() -> Scalar[bool]", "ASCEND_IS_AIC")]),
    _sys("ascend_is_aiv", "basic.common", "True when the code runs on a vector (AIV) core.",
         [("() -> Scalar[bool]", "ASCEND_IS_AIV")]),
    # --- masks and modes ----------------------------------------------------------------------------------------
    _sys("set_vector_mask", "basic.common",
         "Set the vector mask register: a lane count (counter mode) or two 64-bit words (normal mode).",
         # CANN takes the mask words from *args and dtype, mode by keyword only
         [("(length: int, /, *, dtype: DataType, mode: MaskMode) -> None",
           "AscendC::SetVectorMask<{dtype:type}, {mode}>({length})"),
          ("(mask_high: int, mask_low: int, /, *, dtype: DataType, mode: MaskMode) -> None",
           "AscendC::SetVectorMask<{dtype:type}, {mode}>({mask_high}, {mask_low})")]),
    _nullary("reset_mask", "AscendC::ResetMask", "Reset the vector mask to all lanes.", "basic.common"),
    _nullary("set_mask_count", "AscendC::SetMaskCount", "Switch the vector mask to counter mode.", "basic.common"),
    _nullary("set_mask_norm", "AscendC::SetMaskNorm", "Switch the vector mask to normal (bit) mode.", "basic.common"),
    _nullary("init_soc_state", "AscendC::InitSocState", "Reset the core's global state registers.", "basic.common"),
    _sys("set_hf32_mode", "basic.common", "Enable HF32 for float matrix multiplication.",
         [("(hf32_mode: bool) -> None", "AscendC::SetHF32Mode({hf32_mode})")]),
    _sys("set_hf32_trans_mode", "basic.common", "Choose the rounding of float to HF32.",
         [("(trans_mode: bool) -> None", "AscendC::SetHF32TransMode({trans_mode})")]),
    _sys("set_mm_layout_transform", "basic.common", "Choose the Mmad output layout order.",
         [("(mm_layout_mode: bool) -> None", "AscendC::SetMMLayoutTransform({mm_layout_mode})")]),
    _sys("get_sys_workspace", "basic.common", "The system workspace in Global Memory.",
         [("() -> GlobalAddress[uint8]", "GetSysWorkSpacePtr()")]),
    _sys("set_sys_workspace", "basic.common", "Set the system workspace in Global Memory.",
         [("(workspace: GlobalAddress) -> None", "AscendC::SetSysWorkspace({workspace})")]),
    _sys("get_hccl_context", "basic.common", "The communication context `index` (for collective kernels).",
         [("(index: int) -> GlobalAddress[uint8]", "AscendC::GetHcclContext<{index}>()")]),
    _sys("set_hccl_context", "basic.common", "Set the communication context `index`.",
         # the header takes a byte pointer: a typed address (get_phy_addr(), a kernel parameter) is cast to it
         [("(index: int, context: GlobalAddress) -> None",
           "AscendC::SetHcclContext<{index}>((__gm__ uint8_t*)({context}))")]),
    _sys("pop_stack_buffer", "basic.common", "Take a tensor from the stack space of the Unified Buffer.",
         [("(dtype: DataType, position: TPosition = TPosition.VECCALC) -> LocalTensor[dtype]", None)]),
    _sys("set_aipp_functions", "basic.common", "Configure the AIPP image preprocessing of load_image_to_local.",
         [("(src0: GlobalTensor, input_format: AippInputFormat, config: AippParams) -> None",
           "AscendC::SetAippFunctions({src0}, {input_format}, {config})"),
          ("(src0: GlobalTensor, src1: GlobalTensor, input_format: AippInputFormat, config: AippParams) -> None",
           "AscendC::SetAippFunctions({src0}, {src1}, {input_format}, {config})")]),
    _sys("check_local_memory_ia", "basic.common", "Install a Unified Buffer access check (illegal access trap).",
         [("(check_params: CheckLocalMemoryIAParam) -> None", "AscendC::CheckLocalMemoryIA({check_params})")]),
    # --- atomics ------------------------------------------------------------------------------------------------
    _sys("set_atomic_add", "basic.set_atomic", "Make following copies to Global Memory accumulate (+=) atomically.",
         [("() -> None", None), ("(dtype: DataType) -> None", "AscendC::SetAtomicAdd<{dtype:type}>()")]),
    _sys("set_atomic_max", "basic.set_atomic", "Make following copies to Global Memory keep the maximum atomically.",
         [("() -> None", None), ("(dtype: DataType) -> None", "AscendC::SetAtomicMax<{dtype:type}>()")]),
    _sys("set_atomic_min", "basic.set_atomic", "Make following copies to Global Memory keep the minimum atomically.",
         [("() -> None", None), ("(dtype: DataType) -> None", "AscendC::SetAtomicMin<{dtype:type}>()")]),
    _sys("set_atomic_type", "basic.set_atomic", "Set the element type atomic accumulation works on.",
         [("() -> None", None), ("(dtype: DataType) -> None", "AscendC::SetAtomicType<{dtype:type}>()")]),
    _nullary("set_atomic_none", "AscendC::SetAtomicNone", "Stop atomic accumulation of copies to Global Memory.",
             "basic.set_atomic"),
    _sys("set_store_atomic_config", "basic.common", "Set the atomic dtype and operation of stores to Global Memory.",
         [("(atomic_type: AtomicDtype, atomic_op: AtomicOp) -> None",
           "AscendC::SetStoreAtomicConfig<{atomic_type}, {atomic_op}>()")]),
    _sys("get_store_atomic_config", "basic.common", "The atomic dtype and operation of stores (a pair).",
         [("() -> Tuple[int, int]", "AscendC::GetStoreAtomicConfig({out0:uint16_t}, {out1:uint16_t})")]),
    # --- caches -------------------------------------------------------------------------------------------------
    _sys("data_cache_clean_and_invalid", "basic.cache", "Write back and invalidate the data cache for dst.",
         # CANN's tracer binds (entire_type, dst, dcci_dst=None): its page's (entire_type, dcci_dst, dst) order
         # works by keyword only
         [("(entire_type: CacheLine, dst: GlobalTensor, dcci_dst: DcciDst) -> None",
           "AscendC::DataCacheCleanAndInvalid<{dst.T}, {entire_type}, {dcci_dst}>({dst})"),
          ("(entire_type: CacheLine, dst: GlobalTensor) -> None",
           "AscendC::DataCacheCleanAndInvalid<{dst.T}, {entire_type}>({dst})")]),
    _sys("data_cache_preload", "basic.common", "Preload Global Memory at src + cache_offset into the data cache.",
         [("(src: GlobalTensor, cache_offset: int) -> None", "AscendC::DataCachePreload({src}, {cache_offset})")],
         dtypes=[each("src", allowed=frozenset({"uint64"}))]),
    _sys("icache_preload", "basic.cache", "Preload pre_fetch_len bytes of instructions.",
         [("(pre_fetch_len: int) -> None", "AscendC::ICachePreLoad({pre_fetch_len})")]),
    _getter("get_icache_preload_status", "GetICachePreloadStatus", "Status of the instruction cache preload.",
            "basic.cache"),
    # --- scalar unit arithmetic ---------------------------------------------------------------------------------
    _sys("scalar_cast", "basic.scalar", "Convert a float scalar to dtype with the given rounding.",
         [("(value_in: float, dtype: DataType, round_mode: RoundMode) -> Scalar[dtype]",
           "AscendC::ScalarCast<float, {dtype:type}, {round_mode}>({value_in})")],
         members={"dtype": frozenset({"int32", "float16"})}),  # CANN raises for any other target
    _sys("scalar_get_sff_value", "basic.scalar", "Position of the first bit equal to count_value (0 or 1).",
         [("(value_in: int, count_value: int) -> Scalar[int]",
           "AscendC::ScalarGetSFFValue<{count_value}>({value_in})")],
         literals={"count_value": (0, 1, False, True)}),
    _sys("scalar_get_count_of_value", "basic.scalar", "Number of bits equal to count_value (0 or 1).",
         [("(value_in: int, count_value: int) -> Scalar[int]",
           "AscendC::ScalarGetCountOfValue<{count_value}>({value_in})")]),
    _sys("scalar_count_leading_zero", "basic.scalar", "Number of leading zero bits of a 64-bit value.",
         [("(value_in: int) -> Scalar[int]", "AscendC::ScalarCountLeadingZero({value_in})")]),
    _sys("count_bits_cnt_same_as_sign_bit", "basic.scalar", "Number of bits after the sign bit equal to it.",
         [("(value_in: int) -> Scalar[int]", "AscendC::CountBitsCntSameAsSignBit({value_in})")]),
    # --- debugging and profiling --------------------------------------------------------------------------------
    _sys("printf", "basic.dump_tensor", "Print from the kernel (format like C printf; escape newlines as \\\\n).",
         [("(desc: str, *params: Any) -> None", "AscendC::printf({desc}, {*params})")]),
    _sys("dump_tensor", "basic.dump_tensor", "Dump dump_size elements of a tensor, tagged desc, to the debug output.",
         [("(tensor: GlobalTensor, desc: int, dump_size: int, shape_info: Optional[ShapeInfo] = None) -> None",
           "AscendC::DumpTensor({tensor}, {desc}, {dump_size}{,shape_info})"),
          ("(tensor: LocalTensor, desc: int, dump_size: int, shape_info: Optional[ShapeInfo] = None) -> None",
           "AscendC::DumpTensor({tensor}, {desc}, {dump_size}{,shape_info})")],
         reads=("tensor",)),
    _sys("dump_acc_chk_point", "basic.dump_tensor", "Dump a tensor at an accuracy checkpoint.",
         [("(tensor: LocalTensor, index: int, count_off: int, dump_size: int) -> None",
           "AscendC::DumpAccChkPoint({tensor}, {index}, {count_off}, {dump_size})"),
          ("(tensor: GlobalTensor, index: int, count_off: int, dump_size: int) -> None",
           "AscendC::DumpAccChkPoint({tensor}, {index}, {count_off}, {dump_size})")],
         reads=("tensor",)),
    _sys("print_time_stamp", "basic.dump_tensor", "Record a time stamp tagged desc_id.",
         [("(desc_id: int) -> None", "AscendC::PrintTimeStamp({desc_id})")]),
    _nullary("metrics_prof_start", "AscendC::MetricsProfStart", "Start the performance counters.",
             "basic.dump_tensor"),
    _nullary("metrics_prof_stop", "AscendC::MetricsProfStop", "Stop the performance counters.", "basic.dump_tensor"),
]
