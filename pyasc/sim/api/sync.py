"""Synchronization: flags and barriers between pipes, and between cores (cores run in index order, so waiting on a
lower core works and on a higher one cannot)."""

from __future__ import annotations

from typing import Any

from .. import pipes, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import cur

V, S, MTE2, MTE3 = pipes.V, pipes.S, pipes.MTE2, pipes.MTE3


# ---------------------------------------------------------------------------------------------------------------------
# Synchronization


def _event(event: Any) -> tuple[str, int, int]:
    name = enum_member_name(event, "HardEvent")
    src, _, dst = name.partition("_")
    return name, pipes.PIPE.get(src, S), pipes.PIPE.get(dst, S)


def set_flag(event: Any, event_id: Any = 0) -> None:
    """Signal from the source pipe after everything it has been issued so far."""
    core = cur()
    name, src, _ = _event(event)
    core.scalar_tick()
    core.flags.setdefault((name, int(event_id)), []).append(core.snapshot(src, f"set_flag({name}, {event_id})"))


def wait_flag(event: Any, event_id: Any = 0) -> None:
    """The destination pipe waits for the oldest matching set_flag; none pending is a deadlock."""
    core = cur()
    name, _, dst = _event(event)
    core.scalar_tick()
    pending = core.flags.get((name, int(event_id)))
    if not pending:
        core.report("deadlock", f"wait_flag({name}, {event_id}) waits for a set_flag({name}, {event_id}) that was "
                                "never issued: the pipe would hang; call asc.set_flag with the same event and id "
                                "after the producing instruction")
        return
    core.join(dst, pending.pop(0))


def pipe_barrier(pipe: Any) -> None:
    """PIPE_ALL waits for every pipe; a single-pipe barrier orders that pipe (already in order here)."""
    core = cur()
    core.scalar_tick()
    name = enum_member_name(pipe, "PipeID")
    if name == "PIPE_ALL":
        core.barrier_all("pipe_barrier(PIPE_ALL)")


def data_sync_barrier(arg0: Any = None) -> None:
    """Data synchronization barrier: completes outstanding memory accesses of every pipe."""
    cur().barrier_all("data_sync_barrier")


def sync_all(gm_workspace: Any = None, ub_workspace: Any = None, used_cores: Any = 0, is_aiv_only: Any = True) -> None:
    """Cross-core barrier: cores run one after another here, so only the local pipes are joined."""
    cur().barrier_all("sync_all")


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
