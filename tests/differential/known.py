"""The reviewed list of cases where we do not agree with CANN's tracer yet, and the golden case of each point.

test_differential asserts this list exactly: a case that starts to agree must leave it, a new disagreement must be
reviewed and entered here with its point and reason.  Kinds: ``false-error`` (CANN accepts, we report an error),
``missed-error`` (CANN rejects, we report none), ``calls`` (both accept, the Ascend C calls differ).  Two kinds are
no disagreement but CANN's pipeline going wrong after its tracer, where we report the error before a run (issue 27's
severity policy), counted apart from the false errors: ``device-fails`` (CANN's tracer accepts it and the device
certainly goes wrong: a hang, an access outside the memory given; the reason names the simulator's finding, also
listed in sim_known.py) and ``bisheng-rejects`` (CANN's tracer accepts it and bisheng rejects the C++ it writes:
decided by compiling CANN's own C++ against the real Ascend C headers, tests/differential/bisheng.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    name: str  # the case file's stem; its first three characters give the point of issue 12
    kind: str
    reason: str


CERTAIN_FAILURES = ("device-fails", "bisheng-rejects")
"""Kinds where CANN's tracer accepts the case, we report an error, and a later stage certainly fails."""


KNOWN: tuple[Known, ...] = (
    Known("u16_array_index_out_of_range", "device-fails",
          "CANN's Array loads and stores at any index its tracer is given; an index known to be outside the array "
          "is an access of memory that is not the array's on the device (the simulator's PS112): we report it "
          "(PA311)"),
    Known("p06_ub_over_capacity", "device-fails",
          "CANN's tracer checks no capacity: a 4 MiB TBuf with every size known overflows the Unified Buffer on the "
          "device (the simulator's PS103): we report PA601 as an error"),
    Known("h01_gm_to_gm_copy", "bisheng-rejects",
          "CANN's tracer writes DataCopy(GlobalTensor, GlobalTensor, count), which the real headers do not declare "
          "(no matching function for call to DataCopy): we report PA509 as an error"),
    Known("m32_math_count_only_whole", "bisheng-rejects",
          "CANN's tracer writes adv Ceil, Floor, Round, Lgamma and Digamma with a temp buffer and isReuseSource but "
          "no count, a form the real headers do not declare (no matching function for call to Ceil): we report "
          "PA509 as an error"),
    Known("h02_deque_never_enqueued", "device-fails",
          "a deque from a queue no enque reaches: the device waits forever (the simulator's PS106); PA503 error"),
    Known("h03_deque_in_helper_never_enqueued", "device-fails",
          "a helper's deque from the kernel's queue that nothing enqueues to: the device waits forever (the "
          "simulator's PS106); PA503 error on the helper's line"),
    Known("h04_deque_twice_one_enque", "device-fails",
          "two deques of one enqueued tensor: the second waits forever on the device (the simulator's PS106); PA503 "
          "error"),
    Known("h05_alloc_before_init_buffer", "device-fails",
          "alloc_tensor before init_buffer gave the queue memory (the simulator's PS107); PA506 error"),
    Known("h09_buf_pool_over_capacity", "device-fails",
          "a TBufPool larger than the Unified Buffer, every size known (the simulator's PS103); PA601 error"),
    Known("h06_tbuf_get_before_init_buffer", "device-fails",
          "a TBuf's get before init_buffer gave it memory (the simulator's PS107); PA506 error"),
    Known("h11_tbuf_get_before_lazy_init", "device-fails",
          "a TBuf's get in the first iteration before `if i == 0: init_buffer` gives it memory (the simulator's "
          "PS107); PA506 error"),
    Known("h13_deque_before_its_enque_in_loop", "device-fails",
          "a deque at the top of a loop whose enque comes later in the body: the first iteration waits forever (the "
          "simulator's PS106); PA503 error"),
    Known("h15_helper_setup_over_capacity", "device-fails",
          "a helper's init_buffer calls past the Unified Buffer, its size from the call (the simulator's PS103); "
          "PA601 error"),
    Known("l14_helper_constexpr_two_values", "calls",
          "CANN's tracer compiles a helper once per kernel, from its first call (its IR module keeps one function "
          "per name), so the second call with another ConstExpr value runs the first version; we compile one "
          "version per value as the Python reads, and warn (PA706)"),
    Known("s08_helpers_own_queue_calls", "calls",
          "with insert_sync CANN drops the enque and deque a helper writes and pairs the tensor copy_in allocates "
          "with its use in compute (EnQue after the copy, DeQue right before the Muls, after compute's "
          "AllocTensor): only its inlined form can, as the tensor is copy_in's local; we keep the helpers' own "
          "EnQue/DeQue, which order the same pipes, and a PipeBarrier<PIPE_V> after each write to a tensor "
          "insert_sync does not follow"),
    Known("f19_bad_tpipe_ptr_in_helper", "missed-error",
          "CANN's get_tpipe_ptr() hands a helper the kernel's own TPipe value, which its IR cannot use in another "
          "function (region isolation); the C++ GetTPipePtr() we emit is valid there"),
    Known("f21_bad_free_all_event", "missed-error",
          "CANN's pyasc 1.1.1 documents TQueBind.free_all_event but its IR builder lacks the operation (AttributeError "
          "on every call); we emit Ascend C's FreeAllEvent()"),
    Known("m20_sin_int_dtype", "bisheng-rejects",
          "CANN's tracer does not check adv math dtypes and writes Sin<int32_t>, which the real headers reject (Sin "
          "computes in half/float); we report the dtype (PA402) as the C++ compiler would"),
    Known("m24_xor_float_dtype", "bisheng-rejects",
          "CANN's tracer writes Xor<float>, which the real headers reject (a static_assert: int16_t/uint16_t only); we "
          "report the dtype (PA402)"),
    Known("m25_power_mixed_dtype", "bisheng-rejects",
          "CANN's tracer writes Power with a half src1 beside float tensors, for which the real headers have no "
          "overload; we report the mismatch (PA401)"),
    Known("m26_axpy_int_dtype", "false-error",
          "CANN's tracer writes Axpy<int32_t, int32_t>; Ascend C's Axpy takes half/float only (its documented "
          "precision table; a static_assert on newer cores); we report the dtype (PA402)"),
    Known("m28_sin_mixed_dtype", "bisheng-rejects",
          "CANN's tracer writes Sin with a float dst and a half src, for which the real headers have no overload; we "
          "report the mismatch (PA401)"),
    Known("m11_matmul_async", "calls",
          "CANN's dead-code elimination removes `mm.iterate(sync=False)` as a statement (its result unused), so the "
          "asynchronous blocks are never computed; we keep the Iterate<false>() the kernel asks for"),
    Known("w15_exp_int32_launch", "false-error",
          "CANN's tracer checks no dtype of Exp and writes Exp<int32_t> for the launch's int32 arrays; Ascend C's Exp "
          "takes half and float only (a static_assert in the device headers' ExpIntrinsicsImpl, dav_c220); we "
          "report the dtype (PA402)"),
    Known("w16_launch_against_alloc", "bisheng-rejects",
          "CANN's tracer checks no dtype between data_copy's tensors and writes DataCopy(LocalTensor<half>, "
          "GlobalTensor<float>) for the launch's float32 arrays, which the real headers reject (no matching "
          "DataCopy); we report the conflict (PA403)"),
    Known("m19_matmul_operand_dtype", "bisheng-rejects",
          "CANN's tracer checks no Matmul operand dtype and writes SetTensorA of a float tensor for a half A matrix, "
          "which Ascend C's SetTensorA(const GlobalTensor<SrcAT>&) does not take (the real headers: no matching "
          "function); we report the conflict (PA403)"),
    Known("m31_bad_iterate_batch_flags_form", "missed-error",
          "CANN's pyasc 1.1.1 documents iterate_batch(tensor, en_partial_sum, en_atomic, en_sequential_write) but "
          "calls its IR builder with an argument short (TypeError on every call); we emit Ascend C's IterateBatch "
          "overload of that form"),
    Known("m08_softmax_temp_buffer", "calls",
          "CANN's translation drops softmax's temp_buffer (SoftMax without sharedTmpBuffer); we pass the buffer the "
          "kernel gives, as Ascend C's overload with sharedTmpBuffer takes it"),
    Known("b07_select_keyword_register", "calls",
          "select(dst, sel, src, src1=.., sel_mode=.., mask=.., repeat_times=.., repeat_params=..): CANN takes any "
          "call with two positional tensors and the keywords repeat_times, repeat_params and sel_mode as the register "
          "form and drops the other keywords; we keep the form written (Select with the mask tensor and src1)"),
    Known("a21_compare_mask_float16", "false-error",
          "CANN's tracer checks no dtype of compare's dst; Ascend C's Compare writes its bits into an int8_t/uint8_t "
          "tensor (the real headers assert it in CPU-debug builds): we report the dtype (PA402)"),
    Known("a22_duplicate_int8", "bisheng-rejects",
          "CANN's tracer checks no dtype of duplicate and writes Duplicate<int8_t>; the vector fill has 16- and 32-bit "
          "forms only (the real headers assert it): we report the dtype (PA402)"),
    Known("a23_block_reduce_int16", "false-error",
          "CANN's tracer checks no dtype of the block reductions and writes BlockReduceSum<int16_t>; the instruction "
          "has half and float forms only: we report the dtype (PA402)"),
    Known("a24_gather_int32_offsets", "bisheng-rejects",
          "CANN's tracer writes Gather with an int32_t offset tensor, which the real headers reject (srcOffset is a "
          "LocalTensor<uint32_t>): we report the dtype (PA402)"),
    Known("a62_bad_mask_tuple", "missed-error",
          "CANN's dispatcher takes a bit mask only as a list (isinstance list); we take a tuple of the two words as "
          "the same C array, since a module constant's list and tuple are one compile-time value to us"),
    Known("a69_bad_ib_set_not_aiv_only", "missed-error",
          "CANN's ib_set passes is_aiv_only=False to an IR builder without that argument (TypeError on every false "
          "value); we emit Ascend C's IBSet<false>"),
    Known("a70_bad_sort_len_result_used", "missed-error",
          "CANN's get_sort_len returns its IR value bare (not a PlainValue), so no later operation can take it; we "
          "emit Ascend C's GetSortLen, whose result is an ordinary integer"),
    Known("a71_bad_list_desc_data_ptr", "missed-error",
          "CANN's ListTensorDesc.get_data_ptr(index, dtype) returns an address without its dtype, which "
          "set_global_buffer refuses; Ascend C's GetDataPtr<T> is typed and we emit it so"),
    Known("b45_ln_int32", "false-error",
          "CANN's tracer checks no dtype for the unary ops; the vln instruction has half and float forms only (the "
          "page says so), so bisheng rejects the Ln<int32_t> CANN emits: we report PA402 at the call"),
    Known("b59_bad_cur_addr_printf", "missed-error",
          "CANN's LocalMemAllocator.get_cur_addr() returns its IR value unwrapped, which no API, printf or operator "
          "takes (TypeError); we give the uint32_t GetCurAddr() returns"),
    Known("b60_bad_sync_all_not_aiv_only", "missed-error",
          "CANN's hard sync_all(is_aiv_only=False) passes its IR builder a keyword it does not take (TypeError); we "
          "write SyncAll<false>(), which Ascend C declares"),
    Known("q56_bad_set_mask_through_helper", "missed-error",
          "CANN's tracer passes every argument of a jit helper not annotated ConstExpr as a run-time IR value "
          "(call_jit_function materializes it), so is_set_mask=flag inside the helper is no Python bool and matches "
          "no form; we specialize the helper for the literal True and accept it (the C++ Adds<half, true> is valid)"),
    Known("b64_copy_past_queue_buffer", "device-fails",
          "data_copy of 256 bytes into a 128-byte queue buffer: the tracer checks no size, the device overwrites "
          "the memory past it (PA611; the simulator stops there, PS102)"),
    Known("b65_vector_count_past_slice", "device-fails",
          "add reads 128 elements from a slice that holds 64 (PA612; PS102)"),
    Known("b66_last_tile_past_global_buffer", "device-fails",
          "the loop's last tile reads x_gm[1792:2048] of a 2000-element global buffer (PA613; PS101)"),
    Known("b67_repeat_stride_past_tensor", "device-fails",
          "2 repeats at a 16-block source repeat stride reach element 192 of a 128-element tensor (PA612; PS102)"),
    Known("b68_pad_rows_past_tbuf", "device-fails",
          "data_copy_pad's 9 rows, each padded to 128 bytes on the chip, pass the 1024-byte TBuf (PA611; PS102)"),
    Known("b70_last_core_past_launch_array", "device-fails",
          "the last of 8 cores is given x[1792:2048] of a 2000-element launch array (PA613 on set_global_buffer; "
          "PS101 there)"),
    Known("b71_tbuf_piece_past_buffer", "device-fails",
          "get_with_offset takes 512 bytes at byte 768 of a 1024-byte TBuf: the tracer checks no size, the piece is "
          "memory past the buffer (PA614; the simulator stops there, PS102)"),
)

# One case per point whose C++ is kept as a golden file (tests/differential/goldens) once it agrees with CANN.
GOLDEN_CASES: dict[int, str] = {
    1: "p01_module_kernel",
    2: "p02_dtype_binding",
    3: "p03_same_type_in_loop",
    4: "p04_int_div",
    5: "p05_helper_kwargs",
    6: "p06_constexpr_buffer_size",
    7: "p07_dtype_predicates",
    8: "p08_user_struct",
    9: "p09_tensor_element",
    10: "p10_local_tensor_auto",
    11: "p11_matmul_iterate",
    12: "p12_tque_as_bind",
    13: "p13_jit_options",
}
