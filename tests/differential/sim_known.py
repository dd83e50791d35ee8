"""The reviewed list of differential cases CANN's tracer accepts that do not run clean on our simulator.

test_sim_cases asserts this list exactly: a case that starts to run clean must leave it, a new failure must be
reviewed and entered here.  ``outcome`` is what the run gives: the code of the first error or warning finding
(``PS...``) or the name of the exception the launch raised.  ``deliberate`` entries stay: the case contains what the
simulator reports on purpose (a kernel CANN's tracer accepts but the device would fail on).  The others are gaps of
the simulator still to close.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SimKnown:
    name: str  # the case file's stem
    outcome: str
    reason: str
    deliberate: bool = False


SIM_KNOWN: tuple[SimKnown, ...] = (
    SimKnown("u16_array_index_out_of_range", "PS112",
             "an asc.array read at an index outside it on purpose: CANN's tracer accepts it, the device reads memory "
             "that is not the array's", deliberate=True),
    SimKnown("p06_ub_over_capacity", "PS103",
             "a 4 MiB buffer in the Unified Buffer on purpose: CANN's tracer checks no capacity, the device fails",
             deliberate=True),
    SimKnown("h01_gm_to_gm_copy", "PS109",
             "data_copy from Global Memory to Global Memory on purpose: CANN's tracer accepts it, no Ascend C "
             "overload exists (bisheng rejects it), and the simulator says so", deliberate=True),
    SimKnown("h02_deque_never_enqueued", "PS106", "a deque no enque reaches on purpose: the device hangs",
             deliberate=True),
    SimKnown("h03_deque_in_helper_never_enqueued", "PS106",
             "a helper's deque from a queue nothing enqueues to on purpose: the device hangs", deliberate=True),
    SimKnown("h04_deque_twice_one_enque", "PS106", "a second deque of one enqueued tensor on purpose: the device "
             "hangs", deliberate=True),
    SimKnown("h05_alloc_before_init_buffer", "PS107", "alloc_tensor before init_buffer on purpose: no memory",
             deliberate=True),
    SimKnown("h06_tbuf_get_before_init_buffer", "PS107", "a TBuf's get before init_buffer on purpose: no memory",
             deliberate=True),
    SimKnown("h09_buf_pool_over_capacity", "PS103", "a TBufPool past the Unified Buffer on purpose: no memory",
             deliberate=True),
    SimKnown("h11_tbuf_get_before_lazy_init", "PS107", "a TBuf's get before its lazy init_buffer on purpose: no "
             "memory in the first iteration", deliberate=True),
    SimKnown("h13_deque_before_its_enque_in_loop", "PS106", "a deque before the loop body's enque on purpose: the "
             "first iteration hangs", deliberate=True),
    SimKnown("h15_helper_setup_over_capacity", "PS103", "a helper's queues past the Unified Buffer on purpose: no "
             "memory", deliberate=True),
    SimKnown("p13_launch_options", "PS104",
             "auto_sync=False given at launch on a kernel without synchronization of its own: the race is real and "
             "shows the launch option reaches the simulator", deliberate=True),
    SimKnown("p09_inline", "PS110",
             "asc.inline's C++ text cannot run on the simulator, which warns that the run leaves it out",
             deliberate=True),
    SimKnown("p09_tensor_call", "PS109",
             "t(i) is an element in Ascend C (LocalTensor::operator() returns a reference to one), as on the "
             "simulator; CANN's tracer types it as a LocalTensor and emits C++ the real headers reject",
             deliberate=True),
    SimKnown("p13_grid_forms", "ValueError",
             "kernel[()] leaves core_num 0, which CANN's launcher also refuses at run time after its tracer "
             "accepted the file", deliberate=True),
    SimKnown("m24_xor_float_dtype", "TypeError",
             "Xor of float tensors on purpose (CANN's tracer accepts the dtype, the real headers reject it)",
             deliberate=True),
    SimKnown("a17_list_tensor_desc", "PS108",
             "the forms of the API on arrays that are no packed tensor lists (a float16 array of ones, zeros), and "
             "get_desc into a TensorDesc without set_shape_addr: the device's decode asserts, as the simulator "
             "reports (tests/sim/test_list_tensor.py runs real lists)", deliberate=True),
    SimKnown("m19_matmul_operand_dtype", "PS104",
             "the C GlobalTensor is also given as A on purpose (a dtype CANN's tracer does not check): the race is "
             "real", deliberate=True),
    SimKnown("b21_load_data_v2", "PS110",
             "LoadData2DParamsV2 is the Ascend 950 form: the simulator's default SoC (Ascend910B1) has no such load",
             deliberate=True),
    SimKnown("b15_load_data_forms", "PS109",
             "the forms on purpose: LoadData3DParamsV2Pro before any V2 load set the FMATRIX register it reads "
             "(CANN's pyasc has no set_fmatrix), and LoadData3DParamsV1, which only Ascend910A and Ascend310P have "
             "(tests/sim/test_load3d.py runs V2Pro after a V2 load)", deliberate=True),
    SimKnown("b16_mmad_forms", "PS102",
             "the forms on purpose: mmad_with_sparse with m = n = k = 20 reads two 16-row fractals (1024 int8) of "
             "its 400-element tiles, as the cube does, and load_image_to_local comes without set_aipp_functions "
             "(tests/sim/test_sparse_cube.py and test_aipp.py run them)", deliberate=True),
    SimKnown("m32_math_count_only_whole", "PS109",
             "Ceil/Floor/Round/Lgamma/Digamma without a count on purpose: CANN's tracer writes the call, which no "
             "Ascend C header declares (PA509)", deliberate=True),
    SimKnown("m33_matmul_local_c", "PS102",
             "get_tensor_c without en_sequential_write into a 64 x 64 VECIN tensor on purpose: Ascend C writes the "
             "block at its place in the single-core C [128, 128] (a base-block tensor needs en_sequential_write, as "
             "CANN's tutorials pass), past the tensor", deliberate=True),
    SimKnown("m35_matmul_sparse_index", "PS109",
             "set_sparse_index on a MatmulType B (the language has no SparseMatmulType): Ascend C's Matmul ignores "
             "the index and multiplies B as given, which the simulator does and warns about", deliberate=True),
    SimKnown("b64_copy_past_queue_buffer", "PS102",
             "a data_copy larger than its queue buffer on purpose (the checker's PA611)", deliberate=True),
    SimKnown("b65_vector_count_past_slice", "PS102",
             "a vector count past the slice it reads on purpose (PA612)", deliberate=True),
    SimKnown("b66_last_tile_past_global_buffer", "PS101",
             "a loop's last tile past the global buffer on purpose (PA613)", deliberate=True),
    SimKnown("b67_repeat_stride_past_tensor", "PS102",
             "a repeat stride past the tensor on purpose (PA612)", deliberate=True),
    SimKnown("b68_pad_rows_past_tbuf", "PS102",
             "data_copy_pad rows past the TBuf on purpose (PA611)", deliberate=True),
    SimKnown("b70_last_core_past_launch_array", "PS101",
             "the last core's window past the launch's array on purpose (PA613)", deliberate=True),
    SimKnown("b71_tbuf_piece_past_buffer", "PS102",
             "a TBuf piece past the buffer on purpose (PA614)", deliberate=True),
)
