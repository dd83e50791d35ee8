"""Batched adv.Matmul on the simulator: `iterate_batch`, `iterate_n_batch` and `get_batch_tensor_c`.

One call computes max(batch_a, batch_b) matrices C_i = A_i @ B_i (+ bias_i), each of the single-core shape, where
the operands' `MatmulType` layouts say where the i-th matrix is:

- NONE / NORMAL / BNGS1S2: the matrices one after another (`matrix_stride_a/b` elements apart when given, else
  one stored matrix apart); C the same, one [M, N] matrix after another (or `c_layout_info_s1 x s2` apart).
  With batch_a != batch_b the smaller side is broadcast as CANN divides the index: A_i = A[i // (batch / batch_a)].
- BSNGD ([B, S, N, G, D]) and SBNGD ([S, B, N, G, D]): matrix (b, n, g) is S rows of D elements, rows N * G * D
  (SBNGD: B * N * G * D) apart, with B, S, N, G, D from the tiling's `a/b_layout_info_*` (C: `c_layout_info_*`,
  S1 rows of S2).  The C index runs over the larger of A's and B's (B, N, G); an axis of size 1 on one side is
  broadcast (CANN's broadcast along G, N or B).

Where the work runs and when its result is visible follow pyasc.sim.api.matmul: `sync=False` is ready only after
`wait_iterate_batch()` (a read of C before it is a race at the user's line).  `iterate_n_batch` runs batch_loop
such calls, each one's A and B batch_a and batch_b matrices after the last one's, into the workspace of
`set_workspace`; `get_batch_tensor_c` hands out those results in order (a GlobalTensor over the workspace, or a
copy into a local tensor).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import blas
from ..objects import LocalTensor
from . import matmul_core as mmcore
from . import matmul_quant
from ._vec import cur

_PLAIN = ("NONE", "NORMAL", "BNGS1S2")


def _layout(mm: Any, operand: str) -> str:
    lay = getattr(getattr(mm, operand, None), "layout", None)
    return str(getattr(lay, "name", lay or "NONE")).rpartition(".")[2]


def shape_dims(t: Any, operand: str) -> tuple[int, int, int, int, int]:
    """(B, S, N, G, D) of an operand's layout from the tiling (C's: B, S1, N, G, S2), each at least 1."""
    names = ("b", "s1", "n", "g", "s2") if operand == "c" else ("b", "s", "n", "g", "d")
    return tuple(max(1, mmcore.tiling_value(t, f"{operand}_layout_info_{x}")) for x in names)  # type: ignore[return-value]


def _bng(i: int, dims: tuple[int, int, int]) -> tuple[int, int, int]:
    b, n, g = dims
    return i // (n * g), (i // g) % n, i % g


def _place(layout: str, dims: tuple[int, int, int, int, int], bng: tuple[int, int, int]) -> tuple[int, int]:
    """(first element, row stride) of matrix (b, n, g) of a BSNGD or SBNGD operand."""
    b_, s_, n_, g_, d_ = dims
    b, n, g = bng
    if layout == "SBNGD":
        return ((b * n_ + n) * g_ + g) * d_, b_ * n_ * g_ * d_
    return (b * s_ * n_ * g_ + n * g_ + g) * d_, n_ * g_ * d_


class _Batch:
    """Where each matrix of one batched call is, from the Matmul's layouts and the call's arguments."""

    def __init__(self, mm: Any, st: dict[str, Any], batch_a: int, batch_b: int, stride_a: int, stride_b: int) -> None:
        self.mm, self.st = mm, st
        self.m, self.n, self.k, self.om, self.on, self.ok = mmcore.shapes(st)
        self.batch_a, self.batch_b = batch_a, batch_b
        self.count = max(batch_a, batch_b)
        self.stride = {"a": stride_a, "b": stride_b}
        self.lay = {x: _layout(mm, x) for x in ("a", "b", "c")}
        t = st["tiling"]
        self.dims = {x: shape_dims(t, x) for x in ("a", "b", "c")}
        da, db = self.dims["a"], self.dims["b"]
        self.cbng = tuple(max(p, q) for p, q in ((da[0], db[0]), (da[2], db[2]), (da[3], db[3])))

    def problem(self) -> str | None:
        if self.batch_a <= 0 or self.batch_b <= 0 or self.count % self.batch_a or self.count % self.batch_b:
            return (f"batch_a = {self.batch_a} and batch_b = {self.batch_b} must be positive and one a multiple of "
                    "the other (the smaller side is broadcast)")
        if self.lay["a"] != self.lay["b"] and not {self.lay["a"], self.lay["b"]} <= set(_PLAIN[:2]):
            return f"A's layout {self.lay['a']} and B's {self.lay['b']} must be the same"
        return None

    def operand(self, x: str, i: int, rows: int, cols: int, rstride: int, base: int, c0: int,
                stored_rows: int | None = None) -> tuple[int, int]:
        """(first element, row stride) of the matrix operand x takes for C's matrix i (rows x cols of a matrix of
        stored_rows rows: a core's block of the whole matrix, whose batches are whole matrices apart)."""
        lay = self.lay[x]
        count = self.batch_a if x == "a" else self.batch_b
        if lay in _PLAIN:
            j = i // (self.count // count) + base
            nz = mmcore.operand_format(self.mm, x) == "NZ"
            size = (-(-rstride // 16) * 16 * -(-cols // c0) * c0) if nz else (stored_rows or rows) * rstride
            return j * (self.stride[x] or size), rstride
        d = self.dims[x]
        b, n, g = _bng(i, self.cbng)  # type: ignore[arg-type]
        own = (d[0], d[2], d[3])
        bng = tuple(v if size > 1 else 0 for v, size in zip((b, n, g), own, strict=True))
        flat = (bng[0] * own[1] + bng[1]) * own[2] + bng[2] + base
        return _place(lay, d, _bng(flat, own))  # type: ignore[arg-type]

    def c_place(self, i: int, local: bool) -> tuple[int, int]:
        lay = self.lay["c"]
        if lay in ("BSNGD", "SBNGD"):
            return _place(lay, self.dims["c"], _bng(i, self.cbng))  # type: ignore[arg-type]
        b_, s1, _, _, s2 = self.dims["c"]
        if lay == "BNGS1S2" and s1 > 1 and s2 > 1:
            return i * s1 * s2, s2
        rows, stride = (self.m, self.n) if local else (self.om, self.on)
        return i * rows * stride, stride


def _compute(core: Any, mm: Any, st: dict[str, Any], bt: _Batch, base_a: int = 0, base_b: int = 0,
             what: str = "iterate_batch") -> list[np.ndarray] | None:
    """C_0 .. C_{count-1} of one batched call, A and B read on the load pipe."""
    if st["a"] is None or st["b"] is None:
        core.report("bad-call", f"Matmul.{what} before set_tensor_a and set_tensor_b: call both first")
        return None
    bad = bt.problem()
    if bad:
        core.report("bad-call", f"Matmul.{what}: {bad}")
        return None
    m, n, k, om, on, ok = bt.m, bt.n, bt.k, bt.om, bt.on, bt.ok
    ta, tb = st["ta"], st["tb"]
    nz_a, nz_b = mmcore.operand_format(mm, "a") == "NZ", mmcore.operand_format(mm, "b") == "NZ"
    shape_a = (k, m, ok if nz_a else om) if ta else (m, k, om if nz_a else ok)
    shape_b = (n, k, on if nz_b else ok) if tb else (k, n, ok if nz_b else on)
    stored = {"a": ok if ta else om, "b": on if tb else ok}  # rows of the whole (original-shape) matrix
    cfg = getattr(mm, "matmul_config", None)
    bias_batch = getattr(cfg, "is_bias_batch", True) is not False
    out = []
    for i in range(bt.count):
        mats = []
        for x, (rows, cols, stride), tensor, nz in (("a", shape_a, st["a"], nz_a), ("b", shape_b, st["b"], nz_b)):
            if hasattr(tensor, "esize"):
                first, rstride = bt.operand(x, i, rows, cols, stride, base_a if x == "a" else base_b,
                                            max(1, 32 // tensor.esize), stored[x])
                tensor = tensor[first:]
            else:  # a scalar operand: the same constant matrix in every batch
                rstride = stride
            mat = mmcore.load_2d(core, tensor, rows, cols, rstride, f"Matmul {x.upper()} (batch {i})", nz)
            if mat is None:
                return None
            mats.append(mat)
        a, b = mats
        c = blas.matmul(a.T if ta else a, b.T if tb else b)
        if st["bias"] is not None:
            bias = mmcore.load_2d(core, st["bias"][i * n if bias_batch else 0:], 1, n, n, f"Matmul bias (batch {i})")
            if bias is None:
                return None
            c = c + bias
        out.append(c)
    return out


def _finish(core: Any, st: dict[str, Any], sync: Any) -> None:
    if bool(sync) or not mmcore.on_client(core):
        mmcore.done(core)
    else:
        st["pending"] = core.snapshot(mmcore.FIX)


def _batch_counts(st: dict[str, Any], batch_a: Any, batch_b: Any) -> tuple[int, int, bool | None, int | None]:
    """(batch_a, batch_b, en_partial_sum, en_atomic) of either form: the cube-only one passes (en_partial_sum,
    en_atomic) where the mixed one passes the batch counts, and takes them from set_batch_num."""
    if isinstance(batch_a, (bool, np.bool_)) or batch_a is None:
        ba, bb = st.get("batch") or (1, 1)
        return ba, bb, (None if batch_a is None else bool(batch_a)), (None if batch_b is None else int(batch_b))
    return int(batch_a), int(batch_b), None, None


def iterate_batch(self: Any, tensor: Any, batch_a: Any = None, batch_b: Any = None, en_sequential_write: Any = None,
                  matrix_stride_a: Any = 0, matrix_stride_b: Any = 0, matrix_stride_c: Any = 0,
                  en_partial_sum: Any = False, en_atomic: Any = 0, sync: Any = True,
                  wait_iterate_batch: Any = None) -> None:
    """IterateBatch: max(batch_a, batch_b) products into `tensor`, each at its place in C's layout."""
    core = cur()
    st = mmcore.matmul_state(self)
    mmcore.send(core)
    ba, bb, partial, atomic = _batch_counts(st, batch_a, batch_b)
    partial = bool(en_partial_sum) if partial is None else partial
    atomic = int(en_atomic) if atomic is None else atomic
    if partial:
        core.report("unsupported", "Matmul.iterate_batch with en_partial_sum (accumulating into what L0C holds) is "
                    "not modelled by the simulator; iterate_batch without it is")
        return
    if not mmcore.c_nd(core, self, "iterate_batch"):
        return
    bt = _Batch(self, st, ba, bb, int(matrix_stride_a or 0), int(matrix_stride_b or 0))
    mats = _compute(core, self, st, bt)
    if mats is None:
        return
    mmcore.compute(core, st, [(0, 0, bt.m, bt.n)] * len(mats), "Matmul.iterate_batch")
    local = isinstance(tensor, LocalTensor)
    for i, c in enumerate(mats):
        first, stride = bt.c_place(i, local)
        c = matmul_quant.convert(core, self, st, c, 0, mmcore.load_pipe(core), f"Matmul C (batch {i})")
        if c is None or not mmcore.store_c(core, tensor[first:], c, stride, bool(atomic), f"Matmul C (batch {i})"):
            return
    _finish(core, st, sync)


def wait_iterate_batch(self: Any) -> None:
    """The end of an asynchronous iterate_batch / iterate_n_batch: its C is visible to everything after this."""
    core = cur()
    core.scalar_tick()
    mmcore.done(core)
    mmcore.matmul_state(self)["pending"] = None


def iterate_n_batch(self: Any, batch_loop: Any, batch_a: Any, batch_b: Any, en_sequential_write: Any,
                    matrix_stride_a: Any = 0, matrix_stride_b: Any = 0, matrix_stride_c: Any = 0, sync: Any = True,
                    wait_iterate_batch: Any = False) -> None:
    """IterateNBatch: batch_loop batched products, one after another, into the workspace."""
    core = cur()
    st = mmcore.matmul_state(self)
    mmcore.send(core)
    ws = mmcore.workspace_tensor(core, self, st, "iterate_n_batch")
    if ws is None or not mmcore.c_nd(core, self, "iterate_n_batch"):
        return
    bt = _Batch(self, st, int(batch_a), int(batch_b), int(matrix_stride_a or 0), int(matrix_stride_b or 0))
    at = 0
    for loop in range(int(batch_loop)):
        mats = _compute(core, self, st, bt, loop * bt.batch_a, loop * bt.batch_b, "iterate_n_batch")
        if mats is None:
            return
        mmcore.compute(core, st, [(0, 0, bt.m, bt.n)] * len(mats), "Matmul.iterate_n_batch")
        for i, c in enumerate(mats):
            what = f"Matmul C (loop {loop}, batch {i}) in the workspace"
            c = matmul_quant.convert(core, self, st, c, 0, mmcore.load_pipe(core), what)
            if c is None or not mmcore.store_c(core, ws[at:], c, bt.n, False, what):
                return
            at += bt.m * bt.n
    st["n_batch"] = {"ws": ws, "next": 0}
    _finish(core, st, sync)


def get_batch_tensor_c(self: Any, batch_a: Any = None, batch_b: Any = None, tensor: Any = None,
                       en_sequential_write: Any = False, sync: Any = True) -> Any:
    """GetBatchTensorC: the next max(batch_a, batch_b) x M x N results of iterate_n_batch (waiting for them), as
    a GlobalTensor over the workspace, or copied into `tensor`."""
    core = cur()
    st = mmcore.matmul_state(self)
    core.scalar_tick()
    nb = st.get("n_batch")
    if nb is None:
        core.report("bad-call", "Matmul.get_batch_tensor_c before iterate_n_batch: it hands out iterate_n_batch's "
                    "results")
        return None
    m, n, *_ = mmcore.shapes(st)
    count = max(int(batch_a), int(batch_b)) * m * n
    src = nb["ws"][nb["next"]:]
    nb["next"] += count
    mmcore.done(core)  # the client waits for the cube core's results
    if tensor is None:
        return src
    # into a local tensor: the vector core copies the workspace itself (MTE2), after the cube core's results
    pipe = mmcore.MTE2 if mmcore.on_client(core) else mmcore.FIX
    if not core.access(pipe, ((src, 0, count),), ((tensor, 0, count),), "Matmul.get_batch_tensor_c"):
        return None
    tensor.view()[:count] = src.view(0, count).astype(tensor.npdt)
    if not mmcore.on_client(core):
        mmcore.done(core)
    return None
