"""Lockstep implementations (pyasc.sim.lockstep): the same signatures and checks as the per-core functions they
stand for, with the data work done for every core at once on (n, ...) views.

Here are the element-wise vector instructions (count and mask/repeat forms), the count forms of the reductions,
data_copy (count and DataCopyParams), scalar reads and writes, get_block_idx and set_global_buffer.  Any other form,
an operand that is not what these expect, or a per-core value where one value is needed diverges, and the launch
reruns per core.
Functions that only keep queue, pipe or flag bookkeeping (the same on every core) run unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import pipes, state
from ..lanevalues import Lanes, diverge, lanes, uniform
from ..lockstep import AGNOSTIC, IMPLS, LockstepCore
from ..objects import GlobalAddress, GlobalTensor, LocalTensor, enum_member_name
from . import core, fwk, sync, system, vec_arith, vec_reduce
from . import data_copy as copies
from ._vec import as_dtype, burst_indexes, check_repeat, epr_of, mask_key, rep_index, span, store
from .cast import convert
from .elementwise import bin_strides, un_strides

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


def _core() -> LockstepCore:
    c = state._CURRENT
    assert isinstance(c, LockstepCore)
    return c


def _count(count: Any) -> int:
    return int(uniform(count))


def _local(*ts: Any) -> None:
    for t in ts:
        if type(t) is not LocalTensor or t.mem != "UB":
            diverge("an operand that is not a Unified Buffer LocalTensor")


def _column(value: Lanes, t: LocalTensor) -> np.ndarray:
    """Per-core scalars converted to t's element type, as an (n, 1) column, each converted as the per-core path
    converts its own scalar (`np.array(v).astype(dtype)`): values of one type make an array of the dtype each alone
    would make, and astype converts element by element."""
    if value.elem is not None:
        with np.errstate(over="ignore", invalid="ignore"):
            return np.array(value.v).astype(t.npdt).reshape(-1, 1)
    return np.array([as_dtype(v, t) for v in value.v], dtype=t.npdt).reshape(-1, 1)


def _scalar(value: Any, t: LocalTensor) -> Any:
    if isinstance(value, Lanes):
        return _column(value, t)
    return as_dtype(value, t)


RowCompute = Callable[..., Any]
"""compute(k, *row_operands) for core k: the per-core semantics applied to one row."""


def _elementwise(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], compute: Callable[..., Any],
                 count: Any, reads_dst: bool = False, per_row: RowCompute | None = None) -> None:
    """The count form of elementwise.elementwise on (n, count) views.

    `compute` runs once on the 2-D views: right when it is one numpy operation on the views (each row then gets the
    inner loop the per-core path runs, on data at the same alignment).  Computations that combine temporaries, where
    numpy's loops can propagate a different NaN depending on a buffer's alignment, go row by row (`per_row`) on 1-D
    rows and fresh temporaries, as the per-core path does."""
    c = _core()
    n = _count(count)
    reads = tuple((s, 0, n) for s in srcs) + (((dst, 0, n),) if reads_dst else ())
    c.access(V, reads, ((dst, 0, n),), name)
    if n <= 0:
        return
    d = dst.view()[:, :n]
    views = [s.view()[:, :n] for s in srcs]
    if per_row is None:
        out = compute(*views)
        store(d, out)
        return
    for k in range(d.shape[0]):
        dk = d[k]
        args = [v[k] for v in views]
        if reads_dst:
            args.append(dk.copy())
        out = per_row(k, *args)
        store(dk, out)


def _masked(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], per_row: RowCompute, mask: Any,
            repeat_times: Any, dst_strides: tuple[int, int], src_strides: tuple[tuple[int, int], ...],
            is_set_mask: Any, reads_dst: bool = False) -> None:
    """The mask/repeat/stride form of elementwise.elementwise: the same element indexes and the same 1-D gathers and
    stores as on the per-core path, core by core (the checks and the sanitizer once)."""
    c = _core()
    epr = epr_of(dst, *srcs)
    key = mask_key(c, uniform(mask), epr, uniform(is_set_mask), counter=True)
    rep = check_repeat(c, repeat_times)
    if key is None or rep is None:
        return
    di = rep_index(dst.esize, epr, key, rep, *dst_strides)
    sis = [rep_index(s.esize, epr, key, rep, *st) for s, st in zip(srcs, src_strides, strict=True)]
    reads = tuple((s, *span(i)) for s, i in zip(srcs, sis, strict=True)) + (((dst, *span(di)),) if reads_dst else ())
    c.access(V, reads, ((dst, *span(di)),), name, cost_bytes=rep * 256)
    if di.size == 0:
        return
    d = dst.view()
    views = [s.view() for s in srcs]
    with np.errstate(all="ignore"):
        for k in range(d.shape[0]):
            dk = d[k]
            args = [v[k][i] for v, i in zip(views, sis, strict=True)]
            if reads_dst:
                args.append(dk[di])
            out = per_row(k, *args)
            dk[di] = out.astype(dk.dtype, copy=False) if isinstance(out, np.ndarray) else out


def _rows(compute: Callable[..., Any]) -> RowCompute:
    return lambda k, *a: compute(*a)


def _no_forms(count: Any, *others: Any) -> None:
    if count is None or any(o is not None for o in others):
        diverge("a count together with a mask or repeat form")


def _binary(per_core: Any) -> Callable[..., None]:
    name, compute, ufunc, reads_dst = per_core.__name__, per_core.compute, per_core.ufunc, per_core.reads_dst
    rows = _rows(compute)

    def op(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, mask: Any = None,
           repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
        if count is None:
            ds, ss = bin_strides(repeat_params)
            _local(dst, src0, src1)
            _masked(name, dst, (src0, src1), rows, mask, repeat_times, ds, ss, is_set_mask, reads_dst)
            return
        _no_forms(count, mask, repeat_times, repeat_params)
        _local(dst, src0, src1)
        if ufunc is not None and dst.npdt == src0.npdt == src1.npdt:
            n = _count(count)
            _core().access(V, ((src0, 0, n), (src1, 0, n)), ((dst, 0, n),), name)
            if n > 0:
                ufunc(src0.view()[:, :n], src1.view()[:, :n], out=dst.view()[:, :n])
            return
        # a ReLU of one operation on the views has one NaN operand; anything else goes core by core
        one_op = not reads_dst and ufunc is None
        _elementwise(name, dst, (src0, src1), compute, count, reads_dst, None if one_op else rows)

    return op


def _unary(per_core: Any) -> Callable[..., None]:
    """Unary computations read one operand: a NaN result is the operand's or the operation's, wherever it sits."""
    name, compute = per_core.__name__, per_core.compute
    rows = _rows(compute)

    def op(dst: LocalTensor, src: LocalTensor, count: Any = None, mask: Any = None, repeat_times: Any = None,
           repeat_params: Any = None, is_set_mask: Any = True) -> None:
        if count is None:
            ds, ss = un_strides(repeat_params)
            _local(dst, src)
            _masked(name, dst, (src,), rows, mask, repeat_times, ds, ss, is_set_mask)
            return
        _no_forms(count, mask, repeat_times, repeat_params)
        _local(dst, src)
        _elementwise(name, dst, (src,), compute, count)

    return op


def _scalar_op(per_core: Any) -> Callable[..., None]:
    name, compute, reads_dst = per_core.__name__, per_core.compute, per_core.reads_dst

    def op(dst: LocalTensor, src: LocalTensor, scalar: Any, count: Any = None, mask: Any = None,
           repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
        if count is not None:
            _no_forms(count, mask, repeat_times, repeat_params)
        _local(dst, src)
        s = _scalar(scalar, src)
        per_row: RowCompute | None = None
        if isinstance(s, np.ndarray):
            # per-core scalars: each row meets its own numpy scalar as on the per-core path (a broadcast column
            # takes another numpy loop, which propagates a different NaN when both sides are NaN)
            scalars = [s[k, 0] for k in range(s.shape[0])]
            per_row = lambda k, a, *d: compute(a, scalars[k], *d)  # noqa: E731
        elif reads_dst or count is None:
            per_row = lambda k, a, *d: compute(a, s, *d)  # noqa: E731
        if count is None:
            ds, ss = un_strides(repeat_params)
            assert per_row is not None
            _masked(name, dst, (src,), per_row, mask, repeat_times, ds, ss, is_set_mask, reads_dst)
            return
        _elementwise(name, dst, (src,), lambda a: compute(a, s), count, reads_dst, per_row)

    return op


def duplicate(dst: LocalTensor, scalar: Any, count: Any = None, mask: Any = None, repeat_times: Any = None,
              dst_block_stride: Any = 1, dst_repeat_stride: Any = 8, is_set_mask: Any = True) -> None:
    if count is not None:
        _no_forms(count, mask, repeat_times)
    _local(dst)
    s = _scalar(scalar, dst)
    strides = (int(dst_block_stride), int(dst_repeat_stride))
    per_row: RowCompute
    if isinstance(s, np.ndarray):
        scalars = [s[k, 0] for k in range(s.shape[0])]
        per_row = lambda k: scalars[k]  # noqa: E731
    else:
        per_row = lambda k: s  # noqa: E731
    if count is None:
        _masked("duplicate", dst, (), per_row, mask, repeat_times, strides, (), is_set_mask)
        return
    _elementwise("duplicate", dst, (), lambda: s, count)  # a store: no arithmetic


def cast(dst: LocalTensor, src: LocalTensor, round_mode: Any, count: Any = None, mask: Any = None,
         repeat_times: Any = None, repeat_params: Any = None, is_set_mask: Any = True) -> None:
    mode = enum_member_name(uniform(round_mode), "RoundMode")
    _local(dst, src)

    def compute(a: np.ndarray) -> np.ndarray:
        return convert(a, dst.dtype.name, mode, src.dtype.name)

    rows = _rows(compute)  # the directed modes compute on temporaries: core by core
    if count is None:
        ds, ss = un_strides(repeat_params)
        _masked("cast", dst, (src,), rows, mask, repeat_times, ds, ss, is_set_mask)
        return
    _no_forms(count, mask, repeat_times, repeat_params)
    _elementwise("cast", dst, (src,), compute, count, per_row=rows)


def _reduce(kind: str) -> Callable[..., None]:
    name = f"reduce_{kind}"

    def op(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, count: Any = None,
           mask: Any = None, repeat_time: Any = None, src_rep_stride: Any = 8, cal_index: Any = False) -> None:
        _no_forms(count, mask, repeat_time)
        _local(dst, src)
        c = _core()
        hi = _count(count)
        cal = bool(uniform(cal_index))
        out_n = 2 if (cal and kind != "sum") else 1
        c.access(V, ((src, 0, hi),), ((dst, 0, out_n),), name, cost_bytes=hi * src.esize * 2)
        vals = src.view()[:, 0:hi]
        if vals.shape[1] == 0:
            return
        d = dst.view()
        if kind == "sum":
            acc = np.float32 if src.npdt == np.float16 else src.npdt
            with np.errstate(all="ignore"):
                d[:, 0] = vals.astype(acc).sum(axis=1, dtype=acc).astype(d.dtype)
        else:
            i = np.argmax(vals, axis=1) if kind == "max" else np.argmin(vals, axis=1)
            d[:, 0] = vals[np.arange(vals.shape[0]), i]
            if cal:
                raw = d.view({2: np.uint16, 4: np.uint32, 1: np.uint8, 8: np.uint64}[dst.esize])
                raw[:, 1] = i
        c.join(S, c.snapshot(V))

    return op


def _reduce_sum(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, count: Any = None,
                mask: Any = None, repeat_time: Any = None, src_rep_stride: Any = 8) -> None:
    _REDUCE_SUM(dst, src, shared_tmp_buffer, count, mask, repeat_time, src_rep_stride, False)


_REDUCE_SUM = _reduce("sum")


# ---------------------------------------------------------------------------------------------------------------------
# Data movement


def data_copy(dst: Any, src: Any, count: Any = None, repeat_params: Any = None, intri_params: Any = None,
              enhanced_params: Any = None, **_unused: Any) -> None:
    """DataCopy: every core's tile (count form) or bursts (DataCopyParams) in one numpy copy."""
    c: LockstepCore = state._CURRENT  # type: ignore[assignment]
    if count is None:
        _copy_bursts(c, dst, src, repeat_params if repeat_params is not None else intri_params)
        return
    if repeat_params is not None or intri_params is not None:
        diverge("data_copy with both a count and DataCopyParams")
    n = count if type(count) is int else _count(count)
    if (n * dst.esize) % 32:
        c.report("bad-argument", "data_copy of a partial 32-byte block", severity="warning")  # rerun per core
    pipe = _copy_pipe(c, dst, src)
    c.access(pipe, ((src, 0, n),), ((dst, 0, n),), "data_copy")
    if n <= 0:
        return
    nb = n * dst.esize
    if pipe == MTE2:
        rows, index = c.gm_rows(src, 0, n, False)
        c.ub[:, dst.addr:dst.addr + nb] = rows if index is None else rows[index]
    elif pipe == MTE3:
        rows, index = c.gm_rows(dst, 0, n, True)
        c.gm_write(rows, index, c.ub[:, src.addr:src.addr + nb])
    else:
        ub = c.ub
        ub[:, dst.addr:dst.addr + nb] = ub[:, src.addr:src.addr + nb]


def _copy_pipe(c: LockstepCore, dst: Any, src: Any) -> int:
    """The pipe of a copy between these operands (same element type, UB and GM only), as copies._direction."""
    if dst.npdt != src.npdt:
        diverge("data_copy between different element types")
    if c.scalar_state and c.scalar_state.get("atomic") is not None:
        diverge("atomic GM accumulation")
    tdst, tsrc = type(dst), type(src)
    if tdst is LocalTensor:
        if dst.mem != "UB":
            diverge("data_copy outside the Unified Buffer")
        if tsrc is GlobalTensor:
            pipe = MTE2
        elif tsrc is LocalTensor and src.mem == "UB":
            pipe = V
        else:
            diverge("data_copy operands")
    elif tdst is GlobalTensor and tsrc is LocalTensor and src.mem == "UB":
        pipe = MTE3
    else:
        diverge("data_copy operands")
    return pipe


def _copy_bursts(c: LockstepCore, dst: Any, src: Any, params: Any) -> None:
    """DataCopyParams: block_count bursts of block_len 32-byte blocks with gaps, the indexes of copies.data_copy."""
    if params is None:
        c.report("bad-call", "data_copy needs a count or DataCopyParams")
    s_idx, d_idx = burst_indexes(params, dst.esize)
    pipe = _copy_pipe(c, dst, src)
    c.access(pipe, ((src, *span(s_idx)),), ((dst, *span(d_idx)),), "data_copy")
    if not d_idx.size:
        return
    if np.unique(d_idx).size != d_idx.size:
        diverge("data_copy bursts that overlap in the destination")
    dlo, dhi = span(d_idx)
    slo, shi = span(s_idx)
    npdt = dst.npdt
    if pipe == MTE2:
        rows, index = c.gm_rows(src, slo, shi, False)
        vals = (rows if index is None else rows[index]).view(npdt)[:, s_idx - slo]
    else:
        vals = src.view()[:, slo:shi][:, s_idx - slo]
    if pipe == MTE3:
        rows, index = c.gm_rows(dst, dlo, dhi, True)
        new = rows.copy() if index is None else rows[index]
        new.view(npdt)[:, d_idx - dlo] = vals
        c.gm_write(rows, index, new)
    else:
        dst.view()[:, dlo:dhi][:, d_idx - dlo] = vals


# ---------------------------------------------------------------------------------------------------------------------
# Scalars, system, GM tensors


def _scalar_tensor(t: Any, what: str) -> None:
    if type(t) is GlobalTensor:
        if t.buf is None:
            diverge(f"{what} of a GlobalTensor without a buffer")
    elif type(t) is not LocalTensor or t.mem != "UB":
        diverge(f"{what} of this tensor")


def get_value(self: Any, index: Any = None, offset: Any = None) -> Any:
    """Each core's element: Lanes of the numpy scalars the per-core path returns (one value when they agree)."""
    _scalar_tensor(self, "get_value")
    if self.dtype.name == "bfloat16":
        diverge("get_value of bfloat16")
    c = _core()
    i = int(uniform(index if index is not None else offset))
    c.access(S, ((self, i, i + 1),), (), f"{type(self).__name__}.get_value")
    if type(self) is LocalTensor:
        return lanes(list(self.view()[:, i]))
    rows, where = c.gm_rows(self, i, i + 1, False)
    raw = rows if where is None else rows[where]
    col = np.ascontiguousarray(raw).view(self.npdt)[:, 0]
    return lanes(list(col)) if col.size > 1 else col[0]


def set_value(self: Any, index: Any = None, value: Any = None, offset: Any = None) -> None:
    """Each core's element, converted as the per-core path converts it."""
    _scalar_tensor(self, "set_value")
    c = _core()
    i = int(uniform(index if index is not None else offset))
    c.access(S, (), ((self, i, i + 1),), f"{type(self).__name__}.set_value")
    with np.errstate(all="ignore"):
        if isinstance(value, Lanes):
            col = np.array([np.asarray(v).astype(self.npdt) for v in value.v], dtype=self.npdt)
        else:
            col = np.full(c.n, np.asarray(value).astype(self.npdt), dtype=self.npdt)
    if type(self) is LocalTensor:
        self.view()[:, i] = col
        return
    rows, where = c.gm_rows(self, i, i + 1, True)
    c.gm_write(rows, where, col.view(np.uint8).reshape(c.n, self.esize))


def get_block_idx() -> Any:
    c = _core()
    c.scalar_tick()
    return c.block_ids


def set_global_buffer(self: GlobalTensor, buffer: Any = None, buffer_size: Any = None) -> None:
    """Per-core GM addresses: core 0's offset plus per-core byte deltas (checked for every core)."""
    c = _core()
    c.scalar_tick()
    addrs = buffer.v if isinstance(buffer, Lanes) else [buffer]
    if not all(isinstance(a, GlobalAddress) for a in addrs):
        diverge("set_global_buffer of something other than a GlobalAddress")
    a0 = addrs[0]
    if any(a.buf is not a0.buf or a.dtype is not a0.dtype for a in addrs):
        diverge("cores point a GlobalTensor at different buffers or types")
    size = None if buffer_size is None else int(uniform(buffer_size))
    esize = core._esize(a0)
    for a in addrs:
        avail = (a.buf.nbytes - a.offset) // esize
        if a.offset < 0 or a.offset > a.buf.nbytes or (size is not None and size > avail):
            diverge("set_global_buffer out of bounds on some core")
    self._set(a0, size)
    if size is None and len({a.offset for a in addrs}) > 1:
        diverge("GlobalTensor sizes differ between cores")
    if len(addrs) > 1:
        deltas = np.array([a.offset - a0.offset for a in addrs], dtype=np.int64)
        if np.any(deltas % pipes.BLOCK):
            diverge("per-core GM offsets are not whole 32-byte blocks apart")
        self.lanes = deltas
        steps = np.diff(deltas)
        self.lstep = int(steps[0]) if steps.size and np.all(steps == steps[0]) else None


# ---------------------------------------------------------------------------------------------------------------------
# Registration


def _register() -> None:
    for names, form in (("add sub mul div max min bitwise_and bitwise_or add_relu sub_relu fused_mul_add "
                         "fused_mul_add_relu mul_add_dst", _binary),
                        ("abs exp ln sqrt rsqrt reciprocal relu bitwise_not neg", _unary),
                        ("adds muls maxs mins leaky_relu shift_left shift_right axpy", _scalar_op)):
        for name in names.split():
            fn = getattr(vec_arith, name)
            IMPLS[fn] = form(fn)
    IMPLS[vec_arith.duplicate] = duplicate
    IMPLS[vec_arith.cast] = cast
    IMPLS[vec_reduce.reduce_max] = _reduce("max")
    IMPLS[vec_reduce.reduce_min] = _reduce("min")
    IMPLS[vec_reduce.reduce_sum] = _reduce_sum
    IMPLS[copies.data_copy] = data_copy
    IMPLS[system.get_block_idx] = get_block_idx
    IMPLS[core.get_value] = get_value
    IMPLS[core.set_value] = set_value
    IMPLS[core.set_global_buffer] = set_global_buffer
    agnostic: tuple[Callable[..., Any], ...] = (
        fwk.init_buffer, fwk.alloc_tensor, fwk.enque, fwk.deque, fwk.free_tensor, fwk.get, fwk.get_with_offset,
        fwk.has_tensor_in_que, fwk.get_tensor_count_in_que, fwk.has_idle_buffer, fwk.vacant_in_que,
        fwk.free_all_event, fwk.init, sync.set_flag, sync.wait_flag, sync.pipe_barrier, system.get_block_num,
        system.get_sub_block_idx, system.get_sub_block_num, system.get_data_block_size_in_bytes, core.get_size,
        core.get_length, core.get_position, core.reinterpret_cast, core.ceildiv)
    for fn in agnostic:
        IMPLS[fn] = fn
        AGNOSTIC.add(fn)


_register()
