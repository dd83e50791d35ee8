"""The Matmul object's state and the work all its forms share (pyasc.sim.api.matmul describes where it runs): the
client/server messages of a mixed kernel, the operands read from A, B and the bias, the base blocks in the tiling's
order, their computation and the store of C.  The forms are matmul.py (whole and per block), matmul_async.py
(asynchronous iteration), matmul_batch.py (batched) and matmul_quant.py (the quantized output)."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from .. import blas, pipes
from ..objects import GlobalAddress, GlobalTensor, LocalTensor

S, MTE2, V, MTE3 = pipes.S, pipes.MTE2, pipes.V, pipes.MTE3
CUBE_IN = pipes.PIPE["MTE1"]
"""On a mixed kernel's vector core: the slot of the cube core's loads (shown as "AIC MTE2")."""
FIX = pipes.PIPE["FIX"]
M = pipes.PIPE["M"]
MTE1 = pipes.PIPE["MTE1"]


def matmul_state(self: Any) -> dict[str, Any]:
    st = getattr(self, "_mm", None)
    if st is None:
        st = self._mm = {"a": None, "b": None, "bias": None, "ta": False, "tb": False, "single": None, "org": None,
                         "tiling": None, "tail": None, "block": None, "pending": None}
    return st


def on_client(core: Any) -> bool:
    """Is this core the client of a cube core (a mixed kernel's vector core)?"""
    return bool(core.options.mix) and not core.aic


def load_pipe(core: Any) -> int:
    return CUBE_IN if on_client(core) else MTE2


def send(core: Any) -> None:
    """A Matmul call starts: on a client the cube side sees what the scalar unit has seen (the message), and the
    cube core serves messages in order; on a cube core the call follows everything issued before it."""
    core.scalar_tick()
    token = core.snapshot(S) if on_client(core) else core.snapshot()
    core.join(load_pipe(core), token)
    core.join(FIX, token)
    core.join(load_pipe(core), core.snapshot(FIX))


def compute(core: Any, st: dict[str, Any], blocks: list[tuple[int, int, int, int]], what: str) -> None:
    """The Matmul's inner stages for these base blocks, after its loads and before its write of C: L1 -> L0A/L0B
    (MTE1, on a cube core; a mixed kernel's vector core has no clock slot for it and its loads lane stands for
    GM -> L1 -> L0) and the cube's mmad (M, one cycle per 16 x 16 x C0 fractal product)."""
    if not core.profiling or not blocks:
        return
    _, _, k, _, _, _ = shapes(st)
    a = st["a"]
    esize = getattr(a, "esize", 2)
    c0 = max(1, 32 // esize)
    fractals = sum(-(-rows // 16) * -(-cols // 16) * -(-k // c0) for _, _, rows, cols in blocks)
    before = load_pipe(core)
    if not on_client(core):
        moved = sum((rows + cols) * k * esize for _, _, rows, cols in blocks)
        core.join(MTE1, core.snapshot(before, "the Matmul's loads"))
        core.access(MTE1, (), (), what + " L1->L0", cost_bytes=moved)
        before = MTE1
    core.join(M, core.snapshot(before, "the Matmul's L1->L0 moves" if before == MTE1 else "the Matmul's loads"))
    core.access(M, (), (), what + " mmad", cost_bytes=fractals)
    core.join(FIX, core.snapshot(M, "the Matmul's mmad"))


def done(core: Any) -> None:
    """A synchronous call returns: everything issued after it is ordered after the cube side's work."""
    token = core.snapshot(FIX, "a synchronous Matmul call")
    for p in range(pipes.NPIPES):
        core.join(p, token)


def tiling_value(t: Any, *names: str) -> int:
    for n in names:
        v = getattr(t, n, None) if t is not None else None
        if v:
            return int(v)
    return 0


def shapes(st: dict[str, Any]) -> tuple[int, int, int, int, int, int]:
    """(m, n, k, org_m, org_n, org_k) of the next computation."""
    t = st["tiling"]
    om, on, ok = st["org"] or (tiling_value(t, "m", "M"), tiling_value(t, "n", "N"), tiling_value(t, "k_a", "Ka", "k"))
    m, n, k = st["single"] or (tiling_value(t, "single_core_m") or om, tiling_value(t, "single_core_n") or on,
                               tiling_value(t, "single_core_k") or ok)
    if st["tail"]:
        tm, tn, tk = st["tail"]
        m, n, k = (tm if tm > 0 else m), (tn if tn > 0 else n), (tk if tk > 0 else k)
    return m, n, k, om or m, on or n, ok or k


def operand_format(self: Any, operand: str) -> str:
    """The CubeFormat name of an operand's MatmulType (ND when not given)."""
    f = getattr(getattr(self, operand, None), "format", None)
    return str(getattr(f, "name", f or "ND")).rpartition(".")[2]


def _index(rows: int, cols: int, stride: int, nz: bool, c0: int) -> tuple[np.ndarray, int]:
    """Element indexes of a stored rows x cols matrix and one past the last: ND rows `stride` apart, or NZ (column
    blocks of c0, each `stride` rows of c0 elements; `stride` is the stored row count rounded up to 16)."""
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    idx = (c // c0) * stride * c0 + r * c0 + c % c0 if nz else r * stride + c
    return idx, (int(idx.max()) + 1 if rows and cols else 0)


def load_2d(core: Any, t: Any, rows: int, cols: int, stride: int, what: str, nz: bool = False) -> np.ndarray | None:
    if not hasattr(t, "esize"):  # set_tensor_a(scalar): every element of the operand is that value
        return np.full((rows, cols), float(t), np.float32)
    c0 = max(1, 32 // t.esize)
    idx, hi = _index(rows, cols, -(-stride // 16) * 16 if nz else stride, nz, c0)
    if not core.access(load_pipe(core), ((t, 0, hi),), (), what):
        return None
    flat = t.view() if isinstance(t, LocalTensor) else t.view(0, hi)
    return flat[idx].astype(np.float32)


def operands(core: Any, st: dict[str, Any], what: str, mm: Any = None
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None] | None:
    """A as [m, k], B as [k, n] and the bias row as [1, n] of this core's computation, read on the load pipe.

    A is stored [M, K] (transposed: [K, M]) and B [K, N] (transposed: [N, K]), with rows of the original shape's
    length (set_org_shape, else the tiling), in ND or in NZ (column blocks of 32 bytes, rows rounded up to 16)."""
    if st["a"] is None or st["b"] is None:
        core.report("bad-call", f"Matmul.{what} before set_tensor_a and set_tensor_b: call both first")
        return None
    m, n, k, om, on, ok = shapes(st)
    ta, tb = st["ta"], st["tb"]
    nz_a, nz_b = operand_format(mm, "a") == "NZ", operand_format(mm, "b") == "NZ"
    # NZ: the stride is the stored matrix's row count (its column blocks are that many rows long)
    sa = (ok if nz_a else om) if ta else (om if nz_a else ok)
    sb = (on if nz_b else ok) if tb else (ok if nz_b else on)
    a = load_2d(core, st["a"], k if ta else m, m if ta else k, sa, "Matmul A", nz_a)
    b = load_2d(core, st["b"], n if tb else k, k if tb else n, sb, "Matmul B", nz_b)
    if a is None or b is None:
        return None
    bias = None
    if st["bias"] is not None:
        bias = load_2d(core, st["bias"], 1, n, n, "Matmul bias")
        if bias is None:
            return None
    return (a.T if ta else a), (b.T if tb else b), bias


def store_c(core: Any, tensor: Any, c: np.ndarray, stride: int, atomic: bool, what: str, pipe: int = FIX) -> bool:
    """Write the [rows, cols] block c at the start of `tensor` with the given row stride (on the FIX pipe, or the
    pipe that waited for it)."""
    rows, cols = c.shape
    hi = (rows - 1) * stride + cols if rows and cols else 0
    l0c = rows * cols * 4 if pipe == FIX else 0  # FIX reads the block out of L0C, where it is 4-byte
    if not core.access(pipe, ((tensor, 0, hi),) if atomic else (), ((tensor, 0, hi),), what, cost_bytes=l0c):
        return False
    flat = tensor.view() if isinstance(tensor, LocalTensor) else tensor.view(0, hi)
    idx = np.arange(rows)[:, None] * stride + np.arange(cols)[None, :]
    if atomic:
        c = c + flat[idx].astype(np.float32)
    flat[idx] = c.astype(flat.dtype)
    return True


def c_nd(core: Any, mm: Any, what: str) -> bool:
    """C is written row-major: a C declared NZ is not modelled (PS110)."""
    if operand_format(mm, "c") in ("ND", "ND_ALIGN"):
        return True
    core.report("unsupported", f"Matmul.{what} into a C of CubeFormat.{operand_format(mm, 'c')} is not modelled by the "
                "simulator (A and B may be ND or NZ; C is written ND)")
    return False


def _order(self: Any, st: dict[str, Any]) -> int:
    """0: along M first (count % m_blocks is the row of blocks), 1: along N first; MatmulConfig decides over the
    tiling's iterate_order."""
    cfg = getattr(self, "matmul_config", None)
    order = getattr(cfg, "iterate_order", None)
    if order is not None and int(order) in (0, 1):
        return int(order)
    return 1 if tiling_value(st["tiling"], "iterate_order") == 1 else 0


def base_blocks(mm: Any, st: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """(first row, first column, rows, columns) of each base block of the single-core C, in iteration order."""
    m, n, _, _, _, _ = shapes(st)
    t = st["tiling"]
    bm = tiling_value(t, "base_m") or m
    bn = tiling_value(t, "base_n") or n
    mb, nb = -(-m // bm), -(-n // bn)
    cells = ([(i, j) for j in range(nb) for i in range(mb)] if _order(mm, st) == 0 else
             [(i, j) for i in range(mb) for j in range(nb)])
    return [(i * bm, j * bn, min(bm, m - i * bm), min(bn, n - j * bn)) for i, j in cells]


def block_of(ops: tuple[np.ndarray, np.ndarray, np.ndarray | None], r0: int, c0: int, rows: int,
           cols: int) -> np.ndarray:
    a, b, bias = ops
    c = blas.matmul(a[r0:r0 + rows], b[:, c0:c0 + cols])
    return c if bias is None else c + bias[:, c0:c0 + cols]


def block_to(core: Any, st: dict[str, Any], tensor: Any, sequential: bool, atomic: bool, c: np.ndarray) -> bool:
    """Write the current block (c, as C's type) into one destination; a Unified Buffer one on a client is ordered
    with V."""
    r0, c0, _ = st["block"]
    _, n, _, _, on, _ = shapes(st)
    to_ub = on_client(core) and isinstance(tensor, LocalTensor)
    if to_ub:
        core.join(FIX, core.snapshot(V))  # CrossCoreSetFlag<PIPE_V>: the vector pipe's earlier work is done
    if sequential:
        target, stride = tensor, (tiling_value(st["tiling"], "base_n") or c.shape[1])
    else:
        stride = n if isinstance(tensor, LocalTensor) else on
        target = tensor[r0 * stride + c0:]
        end = (r0 + c.shape[0] - 1) * stride + c0 + c.shape[1]
        if isinstance(tensor, LocalTensor) and end > tensor.length:
            m = shapes(st)[0]
            return core.report("ub-out-of-bounds", f"Matmul.get_tensor_c without en_sequential_write writes the "
                               f"block at its place in the single-core C [{m}, {n}] (elements [{r0 * stride + c0}, "
                               f"{end}) here), and this {tensor.dtype.name} LocalTensor holds {tensor.length}: pass "
                               "en_sequential_write=True for the [base_m, base_n] block at the tensor's start, or "
                               f"a tensor of {m * n} elements")
    if to_ub:  # CrossCoreWaitFlag<PIPE_V>: the block is there for the vector pipe, which is its writer to the
        # vector core's program (later MTE3 or MTE2 access needs V's synchronization, as after any vector op)
        core.join(V, core.snapshot(FIX))
        return store_c(core, target, c, stride, atomic, "Matmul.get_tensor_c", pipe=V)
    return store_c(core, target, c, stride, atomic, "Matmul.get_tensor_c")


def workspace_tensor(core: Any, mm: Any, st: dict[str, Any], what: str) -> GlobalTensor | None:
    """The workspace of set_workspace as a GlobalTensor of C's element type."""
    ws = st.get("workspace")
    dt = getattr(getattr(mm, "c", None), "dtype", None)
    if ws is None or ws[0] is None or dt is None:
        core.report("bad-call", f"Matmul.{what} writes its results to the workspace: call mm.set_workspace(gm) "
                    "before it")
        return None
    addr, size = ws
    g = GlobalTensor()
    if isinstance(addr, GlobalAddress):
        g._set(GlobalAddress(addr.buf, addr.offset, dt), None)
        if size is not None:
            g.size = int(size) // g.esize
    else:
        g._set(GlobalAddress(addr.buf, addr.offset, dt), addr.size * addr.esize // np.dtype(g.npdt).itemsize)
    return g


def merged_tiling(mm: Any, tiling: Any) -> Any:
    """The tiling a Matmul runs with: the run-time one, with the fields a static tiling (its configuration from
    get_matmul_api_tiling) fixes in place of its own."""
    static = getattr(mm, "matmul_config", None)
    if static is None or getattr(static, "spec_name", "") != "adv.MatmulApiStaticTiling" or tiling is None:
        return tiling
    out = copy.copy(tiling)
    for name, value in vars(static).items():
        if name != "config" and isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value != -1:
            setattr(out, name, int(value))
    return out
