"""The state the bounds walk carries: one frame per kernel or helper call (the values of its symbols), the
deepest helper nesting it follows, and the name of the launch's core index among the known values."""

from __future__ import annotations

from ...diagnostics.model import Span
from ...ir import nodes as ir
from .values import Value

CORE = "<core>"
"""The name get_block_idx() has among the loop variables: every core runs the kernel, as every iteration runs."""

MAX_DEPTH = 8
"""Helper calls followed into their bodies (deeper ones are left unchecked)."""


class _Frame:
    """One function being walked: the kernel, or a helper at one call."""

    def __init__(self, kernel: ir.KernelIR, env: dict[int, Value], foreign: bool,
                 site: ir.HelperCall | None = None, quiet: bool = False) -> None:
        self.kernel = kernel
        self.env = env
        self.foreign = foreign
        self.site = site
        """For a helper of another module: the call in this file through which the walk entered it, where its
        findings go (that module's lines are not this file's)."""
        self.quiet = quiet or (site is not None and kernel.faulty)
        """Inside a helper of another module whose lowering failed (or one it calls): nothing is reported."""

    def place(self, code: str, span: Span, message: str) -> tuple[tuple[str, Span], Span, str] | None:
        """A finding at `span` of this function: the key it is reported once by, where it goes and its message
        (inside a helper of another module: at the call of it in this file, saying where in the helper); None
        inside one whose lowering failed (KernelIR.faulty), or below it."""
        if self.site is None:
            return (code, span), span, message
        if self.quiet:
            return None
        at = self.site.span
        return ((f"{code} at {at.line}:{at.col}", span), at,
                f"in {self.kernel.name}() (imported, at its line {span.line}): {message}")
