"""Basic API semantics beyond arithmetic: gather/scatter/brcb/transpose, the CMPMASK register, sorting and region
proposals, atomics, cross-core flags, cube data loads, and the scalar-unit settings.  Re-exported by `basic`."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import state
from ..objects import GlobalAddress, GlobalTensor, LocalTensor, enum_member_name
from ._vec import check_repeat, cur, epr_of, field, mask_key, rep_index, span, store

V, S, MTE2 = state.V, state.S, state.MTE2


# ---------------------------------------------------------------------------------------------------------------------
# Gather, scatter, broadcast, transpose


def _offsets(core: state.Core, off: LocalTensor, n: int, what: str) -> np.ndarray | None:
    if not core.access(V, ((off, 0, n),), (), what):
        return None
    return off.view()[:n].astype(np.int64)


def gather(dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: Any, count: Any = None,
           mask: Any = None, repeat_times: Any = None, dst_rep_stride: Any = 8) -> None:
    """dst[i] = the src element at byte offset src_base + src_offset[i] from src's start."""
    core = cur()
    if count is not None:
        n = int(count)
        didx = np.arange(n)
    else:
        epr = epr_of(dst)
        key = mask_key(core, mask, epr)
        rep = check_repeat(core, repeat_times)
        if key is None or rep is None:
            return
        didx = rep_index(dst.esize, epr, key, rep, 1, int(dst_rep_stride))
        n = int(didx.max()) + 1 if didx.size else 0
    offs = _offsets(core, src_offset, n, "gather")
    if offs is None:
        return
    sel = offs[didx] if count is None else offs
    sidx = (int(src_base) + sel) // src.esize
    if not core.access(V, ((src, *span(sidx)),), ((dst, *span(didx)),), "gather"):
        return
    dst.view()[didx] = src.view()[sidx]


def scatter(dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: Any, count: Any = None,
            mask: Any = None, repeat_times: Any = None, src_rep_stride: Any = 8) -> None:
    """The element src[i] goes to byte offset dst_base + dst_offset[i] from dst's start."""
    core = cur()
    if count is not None:
        n = int(count)
        sidx = np.arange(n)
    else:
        epr = epr_of(src)
        key = mask_key(core, mask, epr)
        rep = check_repeat(core, repeat_times)
        if key is None or rep is None:
            return
        sidx = rep_index(src.esize, epr, key, rep, 1, int(src_rep_stride))
        n = int(sidx.max()) + 1 if sidx.size else 0
    offs = _offsets(core, dst_offset, n, "scatter")
    if offs is None:
        return
    didx = (int(dst_base) + offs[sidx]) // dst.esize
    if not core.access(V, ((src, *span(sidx)),), ((dst, *span(didx)),), "scatter"):
        return
    dst.view()[didx] = src.view()[sidx]


def gatherb(dst: LocalTensor, src0: LocalTensor, offset: LocalTensor, repeat_times: Any, repeat_params: Any) -> None:
    """Per repeat, 8 destination blocks each copied from the 32-byte src0 block at byte offset offset[r * 8 + j]."""
    core = cur()
    rep = check_repeat(core, repeat_times)
    if rep is None:
        return
    epb = 32 // dst.esize
    offs = _offsets(core, offset, rep * 8, "gatherb")
    if offs is None:
        return
    blk = field(repeat_params, "dst_blk_stride", default=1)
    rst = field(repeat_params, "dst_rep_stride", default=8)
    lane = np.arange(epb)
    sidx = (offs[:, None] // src0.esize + lane[None, :]).ravel()
    r = np.repeat(np.arange(rep), 8)
    j = np.tile(np.arange(8), rep)
    didx = ((r * rst + j * blk) * epb)[:, None] + lane[None, :]
    didx = didx.ravel()
    if not core.access(V, ((src0, *span(sidx)),), ((dst, *span(didx)),), "gatherb"):
        return
    dst.view()[didx] = src0.view()[sidx]


def brcb(dst: LocalTensor, src0: LocalTensor, repeat_times: Any, repeat_params: Any) -> None:
    """Per repeat, 8 src0 elements each broadcast to one 32-byte dst block."""
    core = cur()
    rep = check_repeat(core, repeat_times)
    if rep is None:
        return
    epb = 32 // dst.esize
    blk = field(repeat_params, "dst_blk_stride", default=1)
    rst = field(repeat_params, "dst_rep_stride", default=8)
    r = np.repeat(np.arange(rep), 8)
    j = np.tile(np.arange(8), rep)
    base = (r * rst + j * blk) * epb
    didx = (base[:, None] + np.arange(epb)[None, :]).ravel()
    sidx = np.repeat(np.arange(rep * 8), epb)
    if not core.access(V, ((src0, 0, rep * 8),), ((dst, *span(didx)),), "brcb"):
        return
    dst.view()[didx] = src0.view()[sidx]


def transpose(dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: Any = None, params: Any = None) -> None:
    """The 16x16 form: dst = src^T for a 16x16 matrix of 2-byte elements; with TransposeParamsExt, an
    [N, C, H, W] <-> [N, H, W, C] layout change."""
    core = cur()
    if params is None:
        if not core.access(V, ((src, 0, 256),), ((dst, 0, 256),), "transpose"):
            return
        store(dst.view()[:256], src.view()[:256].reshape(16, 16).T.reshape(-1).copy())
        return
    n, c, h, w = (int(getattr(params, k)) for k in ("n_size", "c_size", "h_size", "w_size"))
    kind = enum_member_name(params.transpose_type, "TransposeType")
    total = n * c * h * w
    if not core.access(V, ((src, 0, total),), ((dst, 0, total),), "transpose"):
        return
    x = src.view()[:total]
    if kind == "TRANSPOSE_NCHW2NHWC":
        y = x.reshape(n, c, h * w).transpose(0, 2, 1)
    elif kind == "TRANSPOSE_NHWC2NCHW":
        y = x.reshape(n, h * w, c).transpose(0, 2, 1)
    else:  # TRANSPOSE_ND2ND_B16 and the other 2D forms: [h, w] -> [w, h] per batch
        y = x.reshape(n * c, h, w).transpose(0, 2, 1)
    store(dst.view()[:total], y.reshape(-1).copy())


def set_cmp_mask(src: LocalTensor) -> None:
    """Load 16 bytes into the CMPMASK register (select with VSEL_CMPMASK_SPR reads it)."""
    core = cur()
    n = -(-16 // src.esize)
    if core.access(V, ((src, 0, n),), (), "set_cmp_mask"):
        core.scalar_state["cmpmask"] = src.view()[:n].view(np.uint8)[:16].copy()


def get_cmp_mask(dst: LocalTensor) -> None:
    """Store the CMPMASK register's 16 bytes into dst."""
    core = cur()
    n = -(-16 // dst.esize)
    if core.access(V, (), ((dst, 0, n),), "get_cmp_mask"):
        reg = core.scalar_state.get("cmpmask", np.zeros(16, np.uint8))
        dst.view()[:n].view(np.uint8)[:16] = reg


def get_gather_mask_remain_count() -> int:
    return int(cur().scalar_state.get("gather_mask_count", 0))


# ---------------------------------------------------------------------------------------------------------------------
# Sorting and region proposals


def _sort_layout(dt: LocalTensor) -> tuple[np.dtype, int]:
    """(value dtype, element stride in values) of the 8-byte (value, index) pairs Sort32/MrgSort use."""
    return dt.npdt, 8 // dt.esize


def sort32(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, repeat_time: Any) -> None:
    """Per repeat, 32 values sorted descending with their uint32 indexes from src1, as 8-byte (value, index)
    pairs (a half value is followed by 2 reserved bytes)."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 32
    per = 8 // dst.esize
    if not core.access(V, ((src0, 0, n), (src1, 0, n)), ((dst, 0, n * per),), "sort32"):
        return
    vals = src0.view()[:n].reshape(rep, 32)
    idx = src1.view()[:n].view(np.uint32).reshape(rep, 32) if src1.esize == 4 else \
        src1.view()[:n].astype(np.uint32).reshape(rep, 32)
    order = np.argsort(-vals.astype(np.float64), axis=1, kind="stable")
    _write_pairs(dst, np.take_along_axis(vals, order, 1).ravel(), np.take_along_axis(idx, order, 1).ravel())


def _write_pairs(dst: LocalTensor, vals: np.ndarray, idx: np.ndarray, start: int = 0) -> None:
    raw = dst.view().view(np.uint8)
    n = vals.size
    rec = np.zeros((n, 8), dtype=np.uint8)
    rec[:, :dst.esize] = vals.astype(dst.npdt).view(np.uint8).reshape(n, dst.esize)
    rec[:, 4:8] = idx.astype(np.uint32).view(np.uint8).reshape(n, 4)
    raw[start * 8:(start + n) * 8] = rec.ravel()


def _read_pairs(t: LocalTensor, n: int) -> tuple[np.ndarray, np.ndarray]:
    raw = t.view().view(np.uint8)[:n * 8].reshape(n, 8)
    vals = raw[:, :t.esize].copy().view(t.npdt).ravel()
    idx = raw[:, 4:8].copy().view(np.uint32).ravel()
    return vals, idx


def mrg_sort(dst: LocalTensor, sort_list: Any, element_count_list: Any = None, sorted_num: Any = None,
             valid_bit: Any = 15, repeat_time: Any = 1, is_exhausted_suspension: Any = False,
             params: Any = None) -> None:
    """Merge up to 4 descending (value, index) lists (valid_bit selects them) into one descending list."""
    core = cur()
    if params is not None:
        element_count_list = params.element_lengths
        valid_bit = params.valid_bit
    counts = [int(c) for c in (element_count_list or [])]
    srcs = [getattr(sort_list, f"src{i}", None) for i in range(1, 5)]
    vals: list[np.ndarray] = []
    idxs: list[np.ndarray] = []
    for i, (t, c) in enumerate(zip(srcs, counts, strict=False)):
        if t is None or not (int(valid_bit) >> i) & 1:
            continue
        per = 8 // t.esize
        if not core.access(V, ((t, 0, c * per),), (), "mrg_sort"):
            return
        v, ix = _read_pairs(t, c)
        vals.append(v)
        idxs.append(ix)
    if not vals:
        return
    v = np.concatenate(vals)
    ix = np.concatenate(idxs)
    order = np.argsort(-v.astype(np.float64), kind="stable")
    total = v.size
    if not core.access(V, (), ((dst, 0, total * (8 // dst.esize)),), "mrg_sort"):
        return
    _write_pairs(dst, v[order], ix[order])
    core.scalar_state["mrg_sort_result"] = tuple(counts + [0] * (4 - len(counts)))[:4]


def mrg_sort4(dst: LocalTensor, src: Any, params: Any) -> None:
    """MrgSort4: merge with MrgSort4Info."""
    mrg_sort(dst, src, params=params)


def get_mrg_sort_result() -> tuple[int, int, int, int]:
    return cur().scalar_state.get("mrg_sort_result", (0, 0, 0, 0))


def sort(dst: LocalTensor, concat: LocalTensor, index: LocalTensor, tmp: LocalTensor, repeat_time: Any,
         is_full_sort: Any = False) -> None:
    """Sort repeat_time * 32 values descending with their indexes (fully when is_full_sort, else per 32)."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 32
    if not core.access(V, ((concat, 0, n), (index, 0, n)), ((dst, 0, n * (8 // dst.esize)),), "sort"):
        return
    vals = concat.view()[:n]
    idx = index.view()[:n].view(np.uint32) if index.esize == 4 else index.view()[:n].astype(np.uint32)
    if is_full_sort:
        order = np.argsort(-vals.astype(np.float64), kind="stable")
        _write_pairs(dst, vals[order], idx[order])
    else:
        v = vals.reshape(rep, 32)
        o = np.argsort(-v.astype(np.float64), axis=1, kind="stable")
        _write_pairs(dst, np.take_along_axis(v, o, 1).ravel(), np.take_along_axis(idx.reshape(rep, 32), o, 1).ravel())


def proposal_concat(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mode_number: Any) -> None:
    """Write 16 src values per repeat into field `mode_number` of 16 region proposals of 8 elements each."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16
    if not core.access(V, ((src, 0, n),), ((dst, 0, n * 8),), "proposal_concat"):
        return
    dst.view()[np.arange(n) * 8 + int(mode_number)] = src.view()[:n]


def proposal_extract(dst: LocalTensor, src: LocalTensor, repeat_time: Any, mode_number: Any) -> None:
    """Read field `mode_number` of 16 region proposals per repeat into 16 consecutive values."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16
    if not core.access(V, ((src, 0, n * 8),), ((dst, 0, n),), "proposal_extract"):
        return
    dst.view()[:n] = src.view()[np.arange(n) * 8 + int(mode_number)]


def rp_sort16(dst: LocalTensor, src: LocalTensor, repeat_time: Any) -> None:
    """Per repeat, 16 region proposals (8 elements each) sorted by their score (element 4) descending."""
    core = cur()
    rep = check_repeat(core, repeat_time)
    if rep is None:
        return
    n = rep * 16 * 8
    if not core.access(V, ((src, 0, n),), ((dst, 0, n),), "rp_sort16"):
        return
    p = src.view()[:n].reshape(rep, 16, 8).copy()
    order = np.argsort(-p[:, :, 4].astype(np.float64), axis=1, kind="stable")
    dst.view()[:n] = np.take_along_axis(p, order[:, :, None], 1).ravel()


# ---------------------------------------------------------------------------------------------------------------------
# Atomics: data_copy UB -> GM accumulates while set


def _atomic(kind: str | None) -> None:
    core = cur()
    core.scalar_tick()
    core.scalar_state["atomic"] = kind


def set_atomic_add(dtype: Any = None) -> None:
    """Following UB -> GM copies add into GM instead of overwriting."""
    _atomic("add")


def set_atomic_max(dtype: Any = None) -> None:
    _atomic("max")


def set_atomic_min(dtype: Any = None) -> None:
    _atomic("min")


def set_atomic_none() -> None:
    _atomic(None)


def set_atomic_type(dtype: Any = None) -> None:
    cur().scalar_tick()


def set_store_atomic_config(atomic_type: Any, atomic_op: Any) -> None:
    name = enum_member_name(atomic_type, "AtomicDtype")
    _atomic(None if name == "ATOMIC_NONE" else "add")


def get_store_atomic_config() -> tuple[int, int]:
    return (1 if cur().scalar_state.get("atomic") else 0, 0)


# ---------------------------------------------------------------------------------------------------------------------
# Cross-core synchronization: cores run in index order, so waiting on a lower core works and on a higher one cannot


def _launch_flags(core: state.Core) -> dict[Any, int]:
    flags = getattr(core.launch, "cross_flags", None)
    if flags is None:
        flags = core.launch.cross_flags = {}  # type: ignore[attr-defined]
    return flags


def ib_set(gm_workspace: GlobalTensor, ub_workspace: LocalTensor, block_idx: Any, event_id: Any,
           is_aiv_only: Any = True) -> None:
    """Mark (block_idx, event_id) as reached for other cores."""
    core = cur()
    core.scalar_tick()
    _launch_flags(core)[("ib", int(block_idx), int(event_id))] = 1


def ib_wait(gm_workspace: GlobalTensor, ub_workspace: LocalTensor, block_idx: Any, event_id: Any,
            is_aiv_only: Any = True) -> None:
    """Wait for core block_idx's ib_set; the simulator runs cores in index order, so a later core never sets it."""
    core = cur()
    core.scalar_tick()
    if ("ib", int(block_idx), int(event_id)) not in _launch_flags(core):
        core.report("deadlock", f"ib_wait for block {int(block_idx)} event {int(event_id)} that has not called "
                                f"ib_set: the simulator runs cores in index order, so core {core.idx} can only wait "
                                "for lower-numbered cores")


def notify_next_block(gm_workspace: GlobalTensor, ub_workspace: LocalTensor) -> None:
    core = cur()
    core.scalar_tick()
    _launch_flags(core)[("next", core.idx + 1)] = 1


def wait_pre_block(gm_workspace: GlobalTensor, ub_workspace: LocalTensor) -> None:
    core = cur()
    core.scalar_tick()
    if core.idx > 0 and ("next", core.idx) not in _launch_flags(core):
        core.report("deadlock", f"wait_pre_block on core {core.idx}: core {core.idx - 1} never called "
                                "notify_next_block")


def cross_core_set_flag(flag_id: Any, mode_id: Any, pipe: Any) -> None:
    core = cur()
    core.scalar_tick()
    flags = _launch_flags(core)
    key = ("cc", int(flag_id))
    flags[key] = flags.get(key, 0) + 1


def cross_core_wait_flag(flag_id: Any, mode_id: Any = 0, pipe: Any = None) -> None:
    core = cur()
    core.scalar_tick()
    flags = _launch_flags(core)
    key = ("cc", int(flag_id))
    if flags.get(key, 0) <= 0:
        core.report("deadlock", f"cross_core_wait_flag({int(flag_id)}) with no earlier cross_core_set_flag: the "
                                "simulator runs cores in index order")
        return
    flags[key] -= 1


# ---------------------------------------------------------------------------------------------------------------------
# Cube data loads: 512-byte fractals


def load_data_with_transpose(dst: LocalTensor, src: LocalTensor, params: Any) -> None:
    """Fractals copied with each 16x16 (2-byte) block transposed."""
    core = cur()
    per = 512 // dst.esize
    start = int(getattr(params, "start_index", 0) or 0)
    rep = int(getattr(params, "repeat_times", 1) or 1)
    sstr = int(getattr(params, "src_stride", 1) or 1)
    n = rep * per
    lo = start * per
    if not core.access(state.PIPE["MTE1"], ((src, lo, lo + (rep - 1) * sstr * per + per),), ((dst, 0, n),),
                       "load_data_with_transpose"):
        return
    sv = src.view()
    for r in range(rep):
        blk = sv[lo + r * sstr * per: lo + r * sstr * per + per]
        side = int(round(per ** 0.5))
        dst.view()[r * per:(r + 1) * per] = blk.reshape(side, -1).T.reshape(-1) if side * side == per else blk


def init_const_value(dst: LocalTensor, init_const_value_params: Any) -> None:
    """Fill repeat_times * block_num 32-byte blocks of dst with init_value."""
    core = cur()
    p = init_const_value_params
    rep = int(getattr(p, "repeat_times", 1) or 1)
    blocks = int(getattr(p, "block_num", 1) or 1)
    n = rep * blocks * 32 // dst.esize
    if core.access(MTE2, (), ((dst, 0, n),), "init_const_value"):
        store(dst.view()[:n], np.full(n, getattr(p, "init_value", 0) or 0).astype(dst.npdt))


# ---------------------------------------------------------------------------------------------------------------------
# Scalar-unit settings and system registers: recorded, no effect on results


def _setting(name: str, value: Any) -> None:
    core = cur()
    core.scalar_tick()
    core.scalar_state[name] = value


def set_load_data_boundary(boundary: Any) -> None:
    _setting("load_data_boundary", boundary)


def set_load_data_padding_value(pad_value: Any) -> None:
    _setting("load_data_padding_value", pad_value)


def set_load_data_repeat(param: Any) -> None:
    _setting("load_data_repeat", param)


def set_fix_pipe_pre_quant_flag(config: Any) -> None:
    _setting("fix_pipe_pre_quant_flag", config)


def set_hf32_mode(hf32_mode: Any) -> None:
    _setting("hf32_mode", bool(hf32_mode))


def set_hf32_trans_mode(trans_mode: Any) -> None:
    _setting("hf32_trans_mode", bool(trans_mode))


def set_mm_layout_transform(mm_layout_mode: Any) -> None:
    _setting("mm_layout_transform", bool(mm_layout_mode))


def init_soc_state() -> None:
    cur().scalar_tick()


def check_local_memory_ia(check_params: Any) -> None:
    cur().scalar_tick()


def ascend_is_aic() -> bool:
    """True on a cube core: every core of a cube-only kernel, the cube core of each block of a mixed one."""
    return bool(cur().aic)


def ascend_is_aiv() -> bool:
    return not cur().aic


def get_sys_workspace() -> Any:
    """A 16 MiB per-launch system workspace in GM (or the one given to set_sys_workspace)."""
    core = cur()
    addr = getattr(core.launch, "sys_workspace", None)
    if addr is None:
        buf = state.GmBuffer("sys_workspace", np.zeros(16 << 20, dtype=np.uint8), np.dtype(np.uint8))
        from ...language.dtypes import lookup

        addr = core.launch.sys_workspace = GlobalAddress(buf, 0, lookup("uint8"))  # type: ignore[attr-defined]
    return addr


def set_sys_workspace(workspace: Any) -> None:
    core = cur()
    core.scalar_tick()
    core.launch.sys_workspace = workspace  # type: ignore[attr-defined]


def get_hccl_context(index: Any) -> Any:
    """The context set_hccl_context gave, else a zeroed 64 KiB GM context per launch and index (a launch on one
    device has no communicator to describe)."""
    core = cur()
    got = core.scalar_state.get(("hccl", int(index)))
    if got is not None:
        return got
    contexts = core.launch.__dict__.setdefault("hccl_contexts", {})
    if int(index) not in contexts:
        from ...language.dtypes import lookup

        buf = state.GmBuffer(f"hccl_context{int(index)}", np.zeros(64 << 10, dtype=np.uint8), np.dtype(np.uint8))
        contexts[int(index)] = GlobalAddress(buf, 0, lookup("uint8"))
    return contexts[int(index)]


def set_hccl_context(index: Any, context: Any) -> None:
    _setting(("hccl", int(index)), context)  # type: ignore[arg-type]


def data_cache_clean_and_invalid(entire_type: Any, dst: Any = None, dcci_dst: Any = None) -> None:
    """Cache maintenance: GM is always coherent on the simulator."""
    cur().scalar_tick()


def data_cache_preload(src: Any, cache_offset: Any) -> None:
    cur().scalar_tick()


def icache_preload(pre_fetch_len: Any) -> None:
    cur().scalar_tick()


def get_icache_preload_status() -> int:
    return 0


def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """Print dump_size elements from count_off with the checkpoint index."""
    core = cur()
    lo = int(count_off)
    hi = lo + int(dump_size)
    vals = tensor.view()[lo:hi] if isinstance(tensor, LocalTensor) else tensor.view(lo, hi)
    print(f"[core {core.idx}] DumpAccChkPoint: index={index}, offset={lo}, size={int(dump_size)}\n{vals}")


def print_time_stamp(desc_id: Any) -> None:
    core = cur()
    print(f"[core {core.idx}] TimeStamp desc={desc_id} cycle={int(max(core.times))}")


def metrics_prof_start() -> None:
    cur().scalar_tick()


def metrics_prof_stop() -> None:
    cur().scalar_tick()


_ = (S, rep_index)
