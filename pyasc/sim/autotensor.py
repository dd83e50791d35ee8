"""`asc.LocalTensorAuto(dtype, shape)`: a Unified Buffer tensor whose memory the compiler allocates (CANN implies
`insert_sync=True` for kernels that use one, so races on it are the compiler's to fix: notes, not errors).

On the simulator each one takes a 32-byte aligned region of the Unified Buffer, from the top down (TPipe's buffers
grow from address 0 up), and gives it back when the tensor is no longer referenced, as the compiler reuses a
tensor's memory after its last use.  A region freed and taken again joins the pipes that used it before, the
synchronization the compiler inserts there.
"""

from __future__ import annotations

from typing import Any

from . import pipes, state
from .objects import ENUM_CLASSES, LocalTensor, lookup


class _Regions:
    """Live LocalTensorAuto regions of one core, {start: end} byte ranges, and what freed ones were used by."""

    def __init__(self) -> None:
        self.live: dict[int, int] = {}
        self.released: state.Token | None = None

    def take(self, core: state.Core, nbytes: int) -> int | None:
        """The highest free address with `nbytes` room above TPipe's buffers, or None."""
        floor = core.tpipe.next_addr if core.tpipe is not None else 0
        top = core.capacity // 32 * 32
        for start, end in sorted(self.live.items(), reverse=True):
            if top - end >= nbytes:
                break
            top = min(top, start)
        addr = top - nbytes
        if addr < floor:
            return None
        self.live[addr] = addr + nbytes
        if self.released is not None:  # the sync the compiler inserts before reuse: every pipe waits for the users
            for pipe in range(pipes.NPIPES):
                core.join(pipe, self.released)
        return addr

    def release(self, core: state.Core, addr: int) -> None:
        if self.live.pop(addr, None) is not None:
            self.released = core.snapshot(what="LocalTensorAuto's memory reused")


def _regions(core: state.Core) -> _Regions:
    regions = getattr(core, "auto_regions", None)
    if regions is None:
        regions = core.auto_regions = _Regions()  # type: ignore[attr-defined]
    return regions


def _elements(shape: Any) -> int:
    if isinstance(shape, (list, tuple)):
        n = 1
        for dim in shape:
            n *= int(dim)
        return n
    return int(shape)


class LocalTensorAuto(LocalTensor):
    """A LocalTensor with compiler-managed memory (see the module docstring)."""

    spec_name = ""  # set below: the spec's LocalTensor methods are inherited as they are, not generated again

    def __init__(self, dtype: Any = None, shape: Any = None) -> None:
        core = state.current()
        dt = dtype if dtype is not None else lookup("float32")
        n = _elements(shape if shape is not None else 0)
        probe = LocalTensor.make(core, 0, dt, n, ENUM_CLASSES["TPosition"]["VECCALC"], None)
        nbytes = -(-(n * probe.esize) // 32) * 32
        regions = _regions(core)
        addr = regions.take(core, nbytes)
        if addr is None:
            core.site = core.launch.site_id(*state.caller_site(2))
            used = sum(end - start for start, end in regions.live.items())
            core.report("ub-over-capacity",
                        f"LocalTensorAuto of {nbytes} bytes does not fit: {used} bytes of LocalTensorAuto tensors are "
                        f"live, beside {core.tpipe.next_addr if core.tpipe else 0} bytes of TPipe buffers, in the "
                        f"{core.capacity} usable bytes of {core.launch.soc.name}'s Unified Buffer")
            addr = 0
        self._init(core, addr, dt, n, ENUM_CLASSES["TPosition"]["VECCALC"], None)
        self._owner = regions
        core.stats.ub_peak = max(core.stats.ub_peak, core.capacity - addr)

    def __del__(self) -> None:
        regions = getattr(self, "_owner", None)
        if regions is not None:
            regions.release(self.core, self.addr)


LocalTensorAuto.spec_name = "LocalTensorAuto"
LocalTensorAuto.spec_bases = ("LocalTensorAuto", "LocalTensor")
