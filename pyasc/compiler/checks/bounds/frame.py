"""The state the bounds walk carries: one frame per kernel or helper call (the values of its symbols), the
deepest helper nesting it follows, and the name of the launch's core index among the known values."""

from __future__ import annotations

from ...ir import nodes as ir
from .values import Value

CORE = "<core>"
"""The name get_block_idx() has among the loop variables: every core runs the kernel, as every iteration runs."""

MAX_DEPTH = 8
"""Helper calls followed into their bodies (deeper ones are left unchecked)."""


class _Frame:
    """One function being walked: the kernel, or a helper at one call."""

    def __init__(self, kernel: ir.KernelIR, env: dict[int, Value], foreign: bool) -> None:
        self.kernel = kernel
        self.env = env
        self.foreign = foreign
