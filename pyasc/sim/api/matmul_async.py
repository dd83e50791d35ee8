"""adv.Matmul's asynchronous iteration on the simulator: `iterate(sync=False)` and the `get_tensor_c` calls that
take its blocks, and `get_tensor_c()` with no destination (the block in the workspace).

As CANN's Matmul client does it: the first `Iterate<false>()` sends one message, on which the cube core computes
every base block of the single-core C into the workspace of `set_workspace`, each as [base_m, base_n] rows one
after another in the iteration order; the later passes of the loop only count (there are as many passes as
blocks).  Then each `get_tensor_c(t, sync=False)` takes the next block:

- into a local tensor: the vector core waits for the cube core's results, then copies the block from the workspace
  itself (its own MTE2, so the kernel orders that copy with its later vector work as after any data_copy);
- into GM: the cube core writes the block at its place in C (or at the start with en_sequential_write); the vector
  core's MTE2 waits for that write (CANN's CrossCoreWaitFlag on PIPE_MTE2) and nothing else does until
  `wait_get_tensor_c()`, so a read of it on another pipe before the wait is a race at the user's line;
- with no tensor: the block's place in the workspace, as a GlobalTensor of C's type, once the cube core has
  written it.
"""

from __future__ import annotations

from typing import Any

from ..objects import LocalTensor
from . import matmul_core as mmcore
from . import matmul_quant
from ._vec import cur


class AsyncIteration:
    """What iterate(sync=False) returns once the blocks are computed: one pass per block, doing nothing more."""

    def __init__(self, passes: int) -> None:
        self.passes = passes
        self.count = 0

    def __iter__(self) -> AsyncIteration:
        return self

    def __next__(self) -> int:
        cur().scalar_tick()
        if self.count >= self.passes:
            raise StopIteration
        self.count += 1
        return self.count - 1


def start(mm: Any, partial: bool) -> AsyncIteration:
    """The first Iterate<false>(): every block of C into the workspace, on the cube core."""
    core = cur()
    st = mmcore.matmul_state(mm)
    mmcore.send(core)
    ws = mmcore.workspace_tensor(core, mm, st, "iterate(sync=False)")
    if ws is None or not mmcore.c_nd(core, mm, "iterate"):
        return AsyncIteration(0)
    if partial:
        core.report("unsupported", "Matmul.iterate(sync=False, en_partial_sum=True) is not modelled by the "
                    "simulator; en_partial_sum with sync=True is")
        return AsyncIteration(0)
    ops = mmcore.operands(core, st, "iterate", mm)
    if ops is None:
        return AsyncIteration(0)
    t = st["tiling"]
    m, n, *_ = mmcore.shapes(st)
    bm, bn = mmcore.tiling_value(t, "base_m") or m, mmcore.tiling_value(t, "base_n") or n
    blocks = []
    for slot, (r0, c0, rows, cols) in enumerate(mmcore.base_blocks(mm, st)):
        what = f"Matmul block {slot} in the workspace"
        mmcore.compute(core, st, [(r0, c0, rows, cols)], "Matmul.iterate")
        block = mmcore.block_of(ops, r0, c0, rows, cols)
        c = matmul_quant.convert(core, mm, st, block, c0, mmcore.load_pipe(core), what)
        if c is None or not mmcore.store_c(core, ws[slot * bm * bn:], c, bn, False, what):
            return AsyncIteration(0)
        blocks.append((r0, c0, c))
    st["async"] = {"blocks": blocks, "next": 0, "ws": ws, "size": bm * bn, "done": core.snapshot(mmcore.FIX)}
    if not mmcore.on_client(core):
        mmcore.done(core)
    return AsyncIteration(len(blocks))


def get_tensor_c(mm: Any, st: dict[str, Any], tensor: Any, en_atomic: Any, en_sequential_write: Any, sync: Any,
                 optional_tensor: Any) -> Any:
    core = cur()
    core.scalar_tick()
    job = st.get("async")
    if job is None:  # GetTensorC() after a synchronous Iterate: the current block through the workspace
        return _current_in_workspace(core, mm, st)
    slot = job["next"]
    if slot >= len(job["blocks"]):
        core.report("bad-call", f"Matmul.get_tensor_c called more often than iterate(sync=False) has blocks "
                    f"({len(job['blocks'])})")
        return None
    job["next"] += 1
    src = job["ws"][slot * job["size"]:]
    if tensor is None:
        mmcore.done(core)  # WaitEvent: the block is in the workspace
        return src
    if isinstance(tensor, LocalTensor) and mmcore.on_client(core):
        mmcore.done(core)  # WaitEvent, then the vector core's own copy
        n = min(tensor.length, job["size"])
        if not core.access(mmcore.MTE2, ((src, 0, n),), ((tensor, 0, n),), "Matmul.get_tensor_c"):
            return None
        tensor.view()[:n] = src.view(0, n).astype(tensor.npdt)
        return None
    st["block"] = job["blocks"][slot]
    core.join(mmcore.FIX, core.snapshot(mmcore.S) if mmcore.on_client(core) else core.snapshot())  # the message
    try:
        for dst in (tensor, optional_tensor):
            if dst is not None and not mmcore.block_to(core, st, dst, bool(en_sequential_write), bool(int(en_atomic)),
                                                 st["block"][2]):
                return None
    finally:
        st["block"] = None
    if mmcore.on_client(core):
        # CrossCoreWaitFlag<PIPE_MTE2>: only the vector core's MTE2 waits
        core.join(mmcore.MTE2, core.snapshot(mmcore.FIX))
        st["pending"] = core.snapshot(mmcore.FIX)
    else:
        mmcore.done(core)
    return None


def _current_in_workspace(core: Any, mm: Any, st: dict[str, Any]) -> Any:
    """GetTensorC() in a synchronous iteration: the cube core writes the current block to its slot in the
    workspace ([base_m, base_n] rows) and the call returns it."""
    if st["block"] is None:
        core.report("bad-call", "Matmul.get_tensor_c() with no tensor returns the current block: call it inside "
                    "iterate")
        return None
    ws = mmcore.workspace_tensor(core, mm, st, "get_tensor_c()")
    if ws is None:
        return None
    t = st["tiling"]
    m, n, *_ = mmcore.shapes(st)
    bm, bn = mmcore.tiling_value(t, "base_m") or m, mmcore.tiling_value(t, "base_n") or n
    r0, c0, c = st["block"]
    slot = [(b[0], b[1]) for b in mmcore.base_blocks(mm, st)].index((r0, c0))
    dst = ws[slot * bm * bn:]
    core.join(mmcore.FIX, core.snapshot(mmcore.S) if mmcore.on_client(core) else core.snapshot())
    if not mmcore.store_c(core, dst, c, bn, False, "Matmul.get_tensor_c"):
        return None
    mmcore.done(core)
    return dst
