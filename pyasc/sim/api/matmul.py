"""adv.Matmul on the simulator: C = A @ B (+ bias) on ND tensors, computed in float32 and stored in C's dtype,
whole (`iterate_all`) or one base block at a time (`iterate` + `get_tensor_c`) in the tiling's order.

Where the work runs.  On a cube core (a cube-only kernel) the Matmul runs on that core: its loads of A, B and the
bias are MTE2 reads, its writes of C FIX writes, and each call is complete when it returns.  On a vector core of a
mixed kernel (pyasc.sim.mix) the Matmul object is the client of the block's cube core: each call sends a message
from the scalar unit, and the cube core's work is modelled on two pipes of the vector core's clocks, shown as
"AIC MTE2" (loads of A, B, bias) and "AIC FIX" (writes of C).  The message orders the cube side after what the
vector core's scalar unit has seen, and no more: a vector MTE3 write of A that no barrier or flag made visible to
the scalar unit races with the cube core's read of it.  A synchronous call (sync=True) waits for the cube core, so
everything the vector core issues after it sees C; `iterate_all(..., sync=False)` is ordered only by
`wait_iterate_all()`.  `get_tensor_c` into a Unified Buffer tensor is the cube core writing that tensor after the
vector pipe's earlier work (CANN's CrossCoreSetFlag on PIPE_V) and before its later work (CrossCoreWaitFlag).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import blas, pipes
from ..objects import LocalTensor
from . import matmul_core as mmcore
from . import matmul_quant
from ._vec import cur


def register_matmul(pipe: Any, workspace: Any, matmul: Any, tiling: Any = None) -> None:
    """REGIST_MATMUL_OBJ: attach the tiling (the pipe and workspace need nothing on the simulator).  On a mixed
    kernel's cube core the Matmul server takes over and the kernel returns here (pyasc.sim.mix)."""
    core = cur()
    core.scalar_tick()
    if tiling is not None:
        mmcore.matmul_state(matmul)["tiling"] = mmcore.merged_tiling(matmul, tiling)
    if core.aic and core.options.mix:
        from ..mix import ServerReturn

        raise ServerReturn


def init(self: Any, tiling: Any) -> None:
    """Matmul.init: take M, N, K and the single-core shape from a TCubeTiling."""
    cur().scalar_tick()
    mmcore.matmul_state(self)["tiling"] = mmcore.merged_tiling(self, tiling)


def end(self: Any) -> None:
    cur().scalar_tick()
    mmcore.matmul_state(self)["block"] = None


def set_tensor_a(self: Any, scalar: Any = None, tensor: Any = None, transpose: Any = False) -> None:
    """A of shape [M, K] (or [K, M] when transposed), row-major."""
    st = mmcore.matmul_state(self)
    st["a"] = tensor if tensor is not None else scalar
    st["ta"] = bool(transpose)


def set_tensor_b(self: Any, scalar: Any = None, tensor: Any = None, transpose: Any = False) -> None:
    """B of shape [K, N] (or [N, K] when transposed), row-major."""
    st = mmcore.matmul_state(self)
    st["b"] = tensor if tensor is not None else scalar
    st["tb"] = bool(transpose)


def set_bias(self: Any, tensor: Any) -> None:
    mmcore.matmul_state(self)["bias"] = tensor


def disable_bias(self: Any) -> None:
    mmcore.matmul_state(self)["bias"] = None


def set_org_shape(self: Any, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
    mmcore.matmul_state(self)["org"] = (int(org_m), int(org_n), int(org_ka))


def set_single_shape(self: Any, single_m: Any, single_n: Any, single_k: Any) -> None:
    mmcore.matmul_state(self)["single"] = (int(single_m), int(single_n), int(single_k))


def set_tail(self: Any, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
    mmcore.matmul_state(self)["tail"] = (int(tail_m), int(tail_n), int(tail_k))


def iterate_all(self: Any, tensor: Any, en_atomic: Any = 0, sync: Any = True, en_sequential_write: Any = None,
                wait_iterate_all: Any = None, fake_msg: Any = None) -> None:
    """Compute the whole single-core C = A @ B (+ bias) into `tensor` (row stride N of the original shape in GM,
    the single-core N in a local tensor)."""
    core = cur()
    st = mmcore.matmul_state(self)
    mmcore.send(core)
    if not mmcore.c_nd(core, self, "iterate_all"):
        return
    ops = mmcore.operands(core, st, "iterate_all", self)
    if ops is None:
        return
    a, b, bias = ops
    mmcore.compute(core, st, mmcore.base_blocks(self, st), "Matmul.iterate_all")
    c = blas.matmul(a, b)
    if bias is not None:
        c = c + bias
    _, n, _, _, on, _ = mmcore.shapes(st)
    c = matmul_quant.convert(core, self, st, c, 0, mmcore.load_pipe(core), "Matmul C")
    if c is None:
        return
    stride = n if isinstance(tensor, LocalTensor) else on
    if not mmcore.store_c(core, tensor, c, stride, bool(int(en_atomic)), "Matmul C"):
        return
    if bool(sync) or not mmcore.on_client(core):
        mmcore.done(core)
    else:
        st["pending"] = core.snapshot(mmcore.FIX)


def wait_iterate_all(self: Any) -> None:
    """The end of an asynchronous iterate_all: its C is visible to everything issued after this."""
    core = cur()
    core.scalar_tick()
    mmcore.done(core)
    mmcore.matmul_state(self)["pending"] = None


class MatmulIteration:
    """What iterate() returns: one pass per base block of C (the simulator runs CANN's `with mm.iterate() as count`
    as `for count in mm.iterate()`, pyasc.sim.loopform), each pass computing that block for get_tensor_c.

    With en_partial_sum the block is added to what L0C holds (the last block computed: CANN allows it when the
    single-core C is one base block)."""

    def __init__(self, mm: Any, partial: bool = False, local_c: Any = None) -> None:
        self.mm = mm
        self.partial = partial
        self.local_c = local_c
        self.blocks: list[tuple[int, int, int, int]] | None = None
        self.count = 0
        self.ops: tuple[np.ndarray, np.ndarray, np.ndarray | None] | None = None

    def __iter__(self) -> MatmulIteration:
        return self

    def __bool__(self) -> bool:
        """`while mm.iterate():` (Ascend C's loop) would start a new iteration at every test and never end: it is a
        finding, and False, so the loop ends at once."""
        cur().report("bad-call", "Matmul.iterate() is not a condition: loop over the blocks with `with "
                     "mm.iterate() as count:` (or `for count in mm.iterate():`)")
        return False

    def __next__(self) -> int:
        core = cur()
        st = mmcore.matmul_state(self.mm)
        if self.blocks is None:
            mmcore.send(core)
            ok = mmcore.c_nd(core, self.mm, "iterate") if self.local_c is None else _co1_ok(core, self.mm, self.local_c)
            self.ops = mmcore.operands(core, st, "iterate", self.mm) if ok else None
            if self.ops is None:
                raise StopIteration
            self.blocks = mmcore.base_blocks(self.mm, st)
            if self.partial and len(self.blocks) > 1:
                m, n, *_ = mmcore.shapes(st)
                core.report("bad-call", f"Matmul.iterate(en_partial_sum=True) accumulates one block in L0C: the "
                            f"single-core C ({m} x {n}) must be one base block (single_core_m == base_m and "
                            "single_core_n == base_n)")
                raise StopIteration
        else:
            core.scalar_tick()
        if self.count >= len(self.blocks):
            st["block"] = None
            raise StopIteration
        r0, c0, rows, cols = self.blocks[self.count]
        mmcore.compute(core, st, [self.blocks[self.count]], "Matmul.iterate")
        c = mmcore.block_of(self.ops, r0, c0, rows, cols)  # type: ignore[arg-type]
        if self.local_c is not None:
            if not _to_co1(core, self.local_c, c, self.partial):
                raise StopIteration
            self.count += 1
            return self.count - 1
        held = st.get("l0c")
        if self.partial and held is not None and held.shape == c.shape:
            c = c + held
        st["l0c"] = c
        st["block"] = (r0, c0, c)
        self.count += 1
        return self.count - 1

    def __enter__(self) -> int:
        cur().report("unsupported", "Matmul.iterate's `with ... as count:` form runs its body once per block only "
                     "when the simulator can read the kernel's source (it recompiles the `with` as a loop); this "
                     "kernel's source is not available")
        return 0

    def __exit__(self, *exc: Any) -> None:
        return None


def _co1_ok(core: Any, mm: Any, local_c: Any) -> bool:
    """Iterate into the kernel's own CO1 tensor: CANN requires C of TPosition.CO1, CubeFormat.NZ."""
    c = getattr(mm, "c", None)
    pos = str(getattr(getattr(c, "position", None), "name", "")).rpartition(".")[2]
    if mmcore.operand_format(mm, "c") != "NZ" or pos != "CO1" or getattr(local_c, "esize", 0) != 4:
        return core.report("bad-call", "Matmul.iterate with local_c_matrix needs C declared MatmulType(TPosition.CO1, "
                           "CubeFormat.NZ, float32 or int32) and a 4-byte CO1 tensor (CANN's requirement); C is "
                           f"{pos or '?'}/{mmcore.operand_format(mm, 'c')}")
    return True


def _to_co1(core: Any, dst: LocalTensor, c: np.ndarray, accumulate: bool) -> bool:
    """The block into L0C as the cube writes it (Nz of 16 x 16 fractals, element (m, n) at
    (n // 16) * M1 * 256 + m * 16 + n % 16, M1 the block's rows in fractals); added to it with en_partial_sum."""
    rows, cols = c.shape
    m1, n1 = -(-rows // 16), -(-cols // 16)
    total = m1 * n1 * 256
    core.join(pipes.PIPE["M"], core.snapshot())  # the call follows what the kernel issued before it
    if not core.access(pipes.PIPE["M"], ((dst, 0, total),) if accumulate else (), ((dst, 0, total),),
                       "Matmul.iterate (local_c_matrix)"):
        return False
    fr = np.zeros((m1 * 16, n1 * 16), np.float64)
    fr[:rows, :cols] = c
    nz = fr.reshape(m1 * 16, n1, 16).transpose(1, 0, 2).reshape(-1)
    view = dst.view()
    if accumulate:
        nz = nz + view[:total].astype(np.float64)
    view[:total] = nz.astype(view.dtype)
    token = core.snapshot(pipes.PIPE["M"])  # a synchronous call: the block is in L0C when it returns
    for p in range(pipes.NPIPES):
        core.join(p, token)
    return True


def iterate(self: Any, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None) -> Any:
    """One base block of C per pass, in the tiling's order (base_m x base_n, the last row and column of blocks
    cut to the single-core shape); sync=False computes them all at once into the workspace (pyasc.sim.api
    .matmul_async)."""
    core = cur()
    mmcore.matmul_state(self)["async"] = None
    if local_c_matrix is not None:
        if mmcore.on_client(core):  # CANN's Matmul client: Iterate(enPartialSum, localCmatrix) returns false at once
            core.report("bad-call", "Matmul.iterate with local_c_matrix computes nothing on a mixed kernel's "
                        "vector core (CANN's Matmul client returns false at once): use it in a cube-only kernel "
                        "(matmul_cube_only=True), or iterate() with get_tensor_c", severity="warning")
            return iter(())
        if not bool(sync):
            core.report("unsupported", "Matmul.iterate(sync=False) with local_c_matrix is not modelled by the "
                        "simulator; iterate(en_partial_sum, local_c_matrix=...) with sync=True is")
            return iter(())
        return MatmulIteration(self, bool(en_partial_sum), local_c_matrix)
    if not bool(sync):
        from .matmul_async import start

        return start(self, bool(en_partial_sum))
    return MatmulIteration(self, bool(en_partial_sum))


def get_tensor_c(self: Any, tensor: Any = None, en_atomic: Any = 0, en_sequential_write: Any = False,
                 sync: Any = True, optional_tensor: Any = None) -> Any:
    """Inside iterate: copy the current block, at the start of `tensor` as [base_m, base_n] rows with
    en_sequential_write, else at its place in the single-core C (row stride N in GM, the single-core N in a local
    tensor).  Outside iterate: the whole C (as iterate_all).  After iterate(sync=False), or with no tensor, see
    pyasc.sim.api.matmul_async."""
    core = cur()
    st = mmcore.matmul_state(self)
    if st.get("async") is not None or tensor is None:
        from . import matmul_async

        return matmul_async.get_tensor_c(self, st, tensor, en_atomic, en_sequential_write, sync, optional_tensor)
    if st["block"] is None:
        iterate_all(self, tensor, en_atomic)
        return None
    if not bool(sync) and (isinstance(tensor, LocalTensor) or optional_tensor is not None):
        core.report("bad-call", "Matmul.get_tensor_c(sync=False) into a local tensor needs iterate(sync=False) "
                    "(CANN asserts that the two agree): call iterate(sync=False), or get_tensor_c with sync=True")
        return None
    core.scalar_tick()
    core.join(mmcore.FIX, core.snapshot(mmcore.S) if mmcore.on_client(core) else core.snapshot())  # the message
    r0, c0, block = st["block"]
    out = matmul_quant.convert(core, self, st, block, c0, mmcore.load_pipe(core), "Matmul.get_tensor_c")
    if out is None:
        return None
    for dst in (tensor, optional_tensor):  # GetTensorC(gm, co2Local) writes the block to both
        if dst is not None and not mmcore.block_to(core, st, dst, bool(en_sequential_write), bool(int(en_atomic)), out):
            return None
    if not bool(sync) and mmcore.on_client(core):
        st["pending"] = core.snapshot(mmcore.FIX)  # GetTensorC<false>(gm): ready after wait_get_tensor_c
    elif not mmcore.on_client(core) or any(t is not None and not isinstance(t, LocalTensor)
                                  for t in (tensor, optional_tensor)):
        mmcore.done(core)  # the client waits for a GM block (WaitEvent); a UB block is ordered with V above
    return None


def wait_get_tensor_c(self: Any) -> None:
    """The end of the asynchronous get_tensor_c calls: their blocks are visible to everything after this."""
    core = cur()
    core.scalar_tick()
    mmcore.done(core)
    mmcore.matmul_state(self)["pending"] = None


def async_get_tensor_c(self: Any, c: LocalTensor) -> None:
    get_tensor_c(self, c)


def get_offset_c(self: Any) -> Any:
    """The offset of the last C block: not modelled (None)."""
    return None


def set_self_define_data(self: Any, data_ptr: Any) -> None:
    mmcore.matmul_state(self)["self_define"] = data_ptr


def set_sparse_index(self: Any, index_global: Any) -> None:
    """Ascend C's Matmul uses the index only when B is a SparseMatmulType (and the MDL configuration), which the
    language cannot declare: for a MatmulType B the call does nothing and B is multiplied as given, as here."""
    core = cur()
    core.scalar_tick()
    core.report("bad-call", "Matmul.set_sparse_index has no effect: Ascend C's Matmul reads the index only for a B "
                "declared SparseMatmulType (with the MDL configuration), which MatmulType is not, so B is multiplied "
                "as given (dense); for a 4:2 sparse product use load_data_with_sparse and mmad_with_sparse",
                severity="warning")


def set_user_def_info(self: Any, tiling_ptr: Any) -> None:
    mmcore.matmul_state(self)["user_def"] = tiling_ptr


def set_hf32(self: Any, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
    mmcore.matmul_state(self)["hf32"] = bool(enable_hf32)


def set_batch_num(self: Any, batch_a: Any, batch_b: Any) -> None:
    mmcore.matmul_state(self)["batch"] = (int(batch_a), int(batch_b))


def set_quant_scalar(self: Any, quant_scalar: Any) -> None:
    """One QUANT_PRE word for all of C (pyasc.sim.api.matmul_quant)."""
    matmul_quant.set_quant(self, mmcore.matmul_state(self), "scalar", quant_scalar)


def set_quant_vector(self: Any, quant_vector: Any) -> None:
    """A uint64 GlobalTensor of one QUANT_PRE word per column of the single-core C (pyasc.sim.api.matmul_quant)."""
    matmul_quant.set_quant(self, mmcore.matmul_state(self), "vector", quant_vector)


def set_workspace(self: Any, addr: Any, size: Any = None) -> None:
    """The Matmul's GM workspace: the simulator computes C directly and needs none, so it is only recorded."""
    mmcore.matmul_state(self)["workspace"] = (addr, size)
