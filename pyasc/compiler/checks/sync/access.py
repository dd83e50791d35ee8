"""What one API call does to on-chip memory: its pipe and the byte ranges it reads and writes, read from the spec.

The pipe is the spec's `pipes` entry for the call's data direction, else its `pipe`; the tensor operands are the
spec's `reads` / `writes` (`dst` written and the other tensors read when it declares neither); how far each operand
reaches is the spec's `extent` (by default the overload's `count`). Nothing here knows an API by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....language.spec import ApiSpec, Overload
from .lin import Lin, mul


@dataclass(frozen=True)
class View:
    """A LocalTensor as the analysis sees it: a memory region, the byte offset of its first element in that region,
    and its element size in bytes."""

    mem: object
    """Key of the region: ("UB", None) style for fixed addresses, ("alloc", n) for one queue allocation,
    ("tbuf", n) for a TBuf's buffer."""
    base: Lin | None
    esize: Lin
    """Bytes per element: a constant, or an atom standing for the size of a dtype nothing fixes."""
    space: str = "UB"
    """The physical memory (UB, L1, L0A, ...)."""


@dataclass(frozen=True)
class GlobalView:
    """A GlobalTensor: Global Memory is not tracked (its aliasing is decided by the launch), only its kind matters."""


@dataclass(frozen=True)
class Range:
    """What one instruction reads or writes in one view: the byte offsets [lo, hi) in the view's memory region."""

    view: View
    lo: Lin | None
    hi: Lin | None
    """None when the extent is not known statically."""
    write: bool


def call_pipe(spec: ApiSpec, args: dict[str, object], kinds: dict[str, str]) -> str | None:
    """The pipe that runs the call, or None when the spec's answer does not hold for these operands (a V copy
    between cube memories is not a vector instruction). `kinds` gives each tensor argument's class (LocalTensor or
    GlobalTensor), from its type."""
    pipe = spec.pipe
    if spec.pipes:
        src, dst = kinds.get("src"), kinds.get("dst")
        if src is None or dst is None:
            return None
        pipe = spec.pipes.get(f"{src}->{dst}", pipe)
    if pipe == "V" and any(isinstance(v, View) and v.space != "UB" for v in args.values()):
        return None
    return pipe


def operands(spec: ApiSpec, overload: Overload | None, args: dict[str, object], pipe: str) -> list[tuple[str, bool]]:
    """(parameter, written) for each tensor operand; `self` is the receiver."""
    if spec.reads or spec.writes:
        out = [(p, False) for p in spec.reads if p not in spec.writes]
        out += [(p, True) for p in spec.writes]
        if any(p in spec.writes for p in spec.reads):
            out += [(p, False) for p in spec.reads if p in spec.writes]
        return out
    if pipe == "S" or overload is None:
        return []  # a scalar-unit call touches a tensor only when its spec says so
    out = []
    for p in overload.params:
        if p.name == "self" or not isinstance(args.get(p.name), View):
            continue
        out.append((p.name, p.name == "dst"))
    return out


def ranges(spec: ApiSpec, overload: Overload | None, args: dict[str, object], pipe: str) -> list[Range]:
    """The on-chip byte ranges the call touches (Global Memory operands are left out)."""
    extent = spec.extent
    if extent is None and overload is not None and overload.param("count") is not None:
        extent = "count"
    index: Lin | None = None
    count: Lin | None = None
    if extent is not None and extent.startswith("@"):
        v = args.get(extent[1:])
        index = v if isinstance(v, Lin) else None
        count = Lin(1) if index is not None else None
    elif extent is not None:
        v = args.get(extent)
        count = v if isinstance(v, Lin) else None
    out: list[Range] = []
    for name, write in operands(spec, overload, args, pipe):
        view = args.get(name)
        if not isinstance(view, View):
            continue
        lo = view.base
        if lo is not None and index is not None:
            lo = lo + mul(index, view.esize)
        elif extent is not None and extent.startswith("@"):
            lo = None
        hi = None
        if lo is not None and count is not None:
            hi = lo + mul(count, view.esize)
        out.append(Range(view, lo, hi, write))
    return out
