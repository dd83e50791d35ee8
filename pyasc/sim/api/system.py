"""System variables, masks, scalar helpers, printing and dumping; the scalar-unit settings and registers, which are
recorded and have no effect on results; the instructions the simulator does not model (PS110 at the call)."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import GlobalAddress, LocalTensor, enum_member_name
from ..scalars import DeviceInt
from ._vec import cur
from .cast import convert

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


# ---------------------------------------------------------------------------------------------------------------------
# System variables, masks, scalar helpers, debugging


def get_block_idx() -> int:
    """Index of this core: [0, block_num) on a cube core or a one-type launch, [0, ratio * block_num) on a mixed
    launch's vector cores."""
    core = cur()
    core.scalar_tick()
    return DeviceInt(core.idx)


def get_block_num() -> int:
    core = cur()
    core.scalar_tick()
    return DeviceInt(core.launch.block_num)


def get_sub_block_idx() -> int:
    """Which vector core of its block (0 or 1 in a 1:2 mixed launch); 0 on a cube core."""
    return DeviceInt(cur().sub)


def get_sub_block_num() -> int:
    """Vector cores per block on a mixed launch's vector core; 1 otherwise."""
    core = cur()
    return DeviceInt(core.options.mix if core.options.mix and not core.aic else 1)


def get_data_block_size_in_bytes() -> int:
    return 32


def get_system_cycle() -> int:
    core = cur()
    return int(builtins.max(core.times))


def get_task_ratio() -> int:
    """Cores of this type per block: the vector cores of a mixed launch on a vector core, else 1."""
    return get_sub_block_num()


def get_program_counter() -> int:
    return cur().site


def trap() -> None:
    """A kernel trap: reported as an error at the call."""
    cur().report("bad-call", "asc.trap() executed")


def set_vector_mask(*args: Any, dtype: Any = None, mode: Any = None, length: Any = None, mask_high: Any = None,
                    mask_low: Any = None) -> None:
    """Set the mask used by calls with is_set_mask=False: a length (counter mode) or (mask_high, mask_low) bits."""
    core = cur()
    core.scalar_tick()
    vals = list(args) if args else [v for v in (length, mask_high, mask_low) if v is not None]
    if len(vals) == 1:
        core.mask = int(vals[0])
    elif len(vals) >= 2:
        core.mask = (int(vals[1]), int(vals[0]))


def reset_mask() -> None:
    cur().mask = None


def set_mask_count() -> None:
    cur().mask_counter = True


def set_mask_norm() -> None:
    cur().mask_counter = False


def scalar_cast(value_in: Any, dtype: Any, round_mode: Any) -> Any:
    """Convert one scalar with a RoundMode."""
    mode = enum_member_name(round_mode, "RoundMode")
    out = convert(np.asarray([value_in], dtype=np.float32), dtype.name, mode, "float32")
    return out[0].item()


def scalar_count_leading_zero(value_in: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    return 64 - v.bit_length()


def scalar_get_count_of_value(value_in: Any, count_value: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    ones = bin(v).count("1")
    return ones if int(count_value) else 64 - ones


def scalar_get_sff_value(value_in: Any, count_value: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    target = 1 if int(count_value) else 0
    for i in range(64):
        if ((v >> i) & 1) == target:
            return i
    return -1


def count_bits_cnt_same_as_sign_bit(value_in: Any) -> int:
    v = int(value_in) & 0xFFFFFFFFFFFFFFFF
    sign = v >> 63
    n = 0
    for i in range(62, -1, -1):
        if ((v >> i) & 1) != sign:
            break
        n += 1
    return n


def printf(desc: str, params: tuple[Any, ...] = ()) -> None:
    """AscendC::printf: C-style format on the host's stdout, prefixed with the core."""
    core = cur()
    text = desc.replace("%d", "%s").replace("%f", "%s").replace("%u", "%s").replace("%x", "%s")
    try:
        out = text % tuple(params)
    except (TypeError, ValueError):
        out = desc + " " + " ".join(str(p) for p in params)
    print(f"[core {core.idx}] {out}", end="" if out.endswith("\n") else "\n")


def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """Print the first dump_size elements of a tensor."""
    core = cur()
    n = int(dump_size)
    vals = tensor.view()[:n] if isinstance(tensor, LocalTensor) else tensor.view(0, n)
    print(f"[core {core.idx}] DumpTensor: desc={desc}, data_type={tensor.dtype.name}, dump_size={n}\n{vals}")


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


def get_arch_version(core_version: Any) -> None:
    """GetArchVersion writes the version into a copy of core_version (as CANN's pyasc does): nothing to observe."""
