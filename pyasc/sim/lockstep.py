"""Lockstep execution: the kernel's Python runs once for all cores of a launch, each numpy operation covering every
core's data at once.

The per-core path (`jit.JITFunction._run`) runs the kernel body once per core; most of its cost is Python per API
call, paid n times.  In lockstep the body runs once on a `LockstepCore` whose Unified Buffer is an (n, bytes) array:
LocalTensor views are 2-D (one row per core), `get_block_idx()` returns `Lanes` (one Python value per core, every
operation applied per core to the very objects the per-core path would hold), GlobalTensors carry per-core byte
offsets, and a data_copy gathers or scatters all cores' tiles in one numpy operation.

Lockstep is a fast path with an exact fallback.  Whatever it cannot reproduce exactly raises `Diverged`: a branch,
loop bound or index that differs between cores, an API without a lockstep implementation, any finding of the
sanitizer or simulation error, a GM range written by one core and touched by another (cores run one after another
on the per-core path, so they could see each other's writes).  The launch's GM writes are then undone from an undo
log and the launch reruns on the per-core path, which produces the results and findings with per-core attribution.
The sanitizer's pipe clocks, queue events and Unified Buffer shadow are the same on every core (the same
instructions in the same order), so lockstep tracks them once; GM shadow is tracked at core 0's addresses, which is
exact because cores may only share GM blocks that nobody writes and their offsets differ by whole 32-byte blocks.
"""

from __future__ import annotations

import builtins
import copy
import enum
import types
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from ..language.dtypes import DType
from . import pipes, state
from .lanevalues import Diverged, Lanes, diverge, lanes, uniform
from .scalars import DeviceInt

if TYPE_CHECKING:
    from .objects import GlobalTensor

BLOCK = pipes.BLOCK
MAX_INTERVALS = 4096
"""Above this many (core, GM range) pairs the cross-core overlap check is not attempted: the launch falls back."""


@dataclass
class Info:
    """How the most recent launch ran and, when lockstep fell back, why."""

    attempted: bool = False
    lockstep: bool = False
    reason: str = ""
    """Why lockstep was not used or fell back ('' when it was used)."""


@dataclass
class Counters:
    """Launches since import: run in lockstep, fell back after starting lockstep, not eligible for it."""

    lockstep: int = 0
    fallbacks: int = 0
    ineligible: int = 0


LAST = Info()
COUNTERS = Counters()


def last() -> Info:
    """How the most recent launch ran (`pyasc.sim.lockstep_info()`): a copy, later launches do not change it."""
    return replace(LAST)


# ---------------------------------------------------------------------------------------------------------------------
# Per-core values


class LockstepCore(state.Core):
    """All cores of a launch at once: (n, bytes) Unified Buffer, one set of clocks and shadows (the same for all)."""

    def __init__(self, launch: state.Launch, n: int) -> None:
        super().__init__(launch, 0)
        self.n = n
        self.ub = state.aligned_zeros(n, self.capacity * 2)
        self.mems = {"UB": self.ub}
        self.ls = route
        self.diverged: str | None = None
        self.undo: list[tuple[np.ndarray, Any, np.ndarray]] = []
        """(array, index, saved bytes) of every GM write, restored in reverse order on a fallback; the index is None
        for an (n, bytes) view saved whole, _ZEROS for one that held zeros, else fancy byte indexes of `array`."""
        self.undo_bytes = 0
        self.undo_limit = 4 * sum(b.nbytes for b in launch.buffers) + (64 << 20)
        self.tracks: dict[tuple[int, int], list[Any]] = {}
        """(GM buffer, per-core offsets) -> [buffer, per-core deltas, lowest byte, end byte, written?] at core 0."""
        self.block_ids: Any = lanes([DeviceInt(i) for i in range(n)])
        self.bases: dict[tuple[state.GmBuffer, int], np.ndarray] = {}
        """(GM buffer, byte step between cores) -> an (n, bytes) view whose row k starts k * step bytes in."""

    def mem(self, name: str) -> np.ndarray:
        if name != "UB":
            diverge(f"{name} memory is not modelled in lockstep")
        return self.ub

    def report(self, kind: str, message: str, severity: str = "error",
               related: tuple[tuple[str, int], ...] = ()) -> bool:
        """Any finding: the per-core rerun reports it with the right core."""
        diverge(f"finding {kind}: {message}")
        return False

    # -- GM ---------------------------------------------------------------------------------------------------------
    def gm_rows(self, g: GlobalTensor, lo: int, hi: int, write: bool) -> tuple[np.ndarray, Any]:
        """The bytes of elements [lo, hi) of every core's GlobalTensor: an (n, bytes) view, or (u8, byte index) when
        the per-core offsets are not an arithmetic progression.  Records the range for the overlap check."""
        buf = g.buf
        assert buf is not None
        a = g.offset + lo * g.esize
        b = g.offset + hi * g.esize
        nb = b - a
        deltas = g.lanes
        key = (id(buf), id(deltas))
        rec = self.tracks.get(key)
        if rec is None:
            self.tracks[key] = [buf, deltas, a, b, write]
        else:
            if a < rec[2]:
                rec[2] = a
            if b > rec[3]:
                rec[3] = b
            if write:
                rec[4] = True
        n = self.n
        if deltas is None:
            if write:
                diverge("every core writes the same GM range")
            if a < 0 or b > buf.nbytes:
                diverge("GM range outside its buffer")
            return buf.u8[a:b][None, :], None
        step = g.lstep
        if step is not None and step >= 0:
            if write and step < nb:
                diverge("cores write overlapping GM ranges")
            base = self.bases.get((buf, step))
            if base is None:  # row k is the buffer from byte k * step: core k's bytes [a, b) are base[k, a:b]
                width = buf.nbytes - (n - 1) * step
                if width <= 0:
                    diverge("GM range outside its buffer")
                base = self.bases[(buf, step)] = np.ndarray((n, width), dtype=np.uint8, buffer=buf.u8,
                                                            strides=(step, 1))
            if a < 0 or b > base.shape[1]:
                diverge("GM range outside its buffer")
            return base[:, a:b], None
        starts = a + deltas
        if int(starts.min()) < 0 or int(starts.max()) + nb > buf.nbytes:
            diverge("GM range outside its buffer")
        return buf.u8, starts[:, None] + np.arange(nb, dtype=np.int64)[None, :]

    def gm_write(self, rows: np.ndarray, index: Any, values: np.ndarray) -> None:
        """Store values into GM rows, keeping the old bytes in the undo log first."""
        if index is None:
            words = rows.view(np.uint64) if rows.shape[1] % 8 == 0 else rows
            if not np.count_nonzero(words):  # all zeros (outputs usually start so): nothing to keep
                self.undo.append((rows, _ZEROS, _NOTHING))
            else:
                saved = _take(rows.size).reshape(rows.shape)
                np.copyto(saved, rows)
                self.undo.append((rows, None, saved))
            rows[...] = values
        else:
            self.undo.append((rows, index, rows[index]))
            rows[index] = values
        self.undo_bytes += values.size
        if self.undo_bytes > self.undo_limit:
            diverge("the undo log of GM writes grew too large")

    def restore(self) -> None:
        """Undo every GM write of this run (newest first, so each range ends at its state before the launch)."""
        for rows, index, saved in reversed(self.undo):
            if index is None:
                rows[...] = saved
            elif index is _ZEROS:
                rows[...] = 0
            else:
                rows[index] = saved
        self.release()

    def release(self) -> None:
        """Drop the undo log, keeping its memory for the next launch."""
        for _, index, saved in self.undo:
            if index is None:
                _give(saved)
        self.undo.clear()

    def check_overlaps(self) -> None:
        """Diverge when a GM block written by one core is read or written by another (block granularity, as the
        sanitizer's shadow)."""
        by_buf: dict[int, list[list[Any]]] = {}
        for rec in self.tracks.values():
            by_buf.setdefault(id(rec[0]), []).append(rec)
        n = self.n
        cores = np.arange(n, dtype=np.int64)
        zero = np.zeros(n, dtype=np.int64)
        for recs in by_buf.values():
            if not any(r[4] for r in recs):
                continue
            if len(recs) * n > MAX_INTERVALS:
                diverge("too many GM ranges for the cross-core overlap check")
            lo = np.concatenate([(r[2] + (zero if r[1] is None else r[1])) // BLOCK for r in recs])
            hi = np.concatenate([-(-(r[3] + (zero if r[1] is None else r[1])) // BLOCK) for r in recs])
            who = np.tile(cores, len(recs))
            written = np.repeat(np.array([bool(r[4]) for r in recs]), n)
            wl, wh, wc = lo[written], hi[written], who[written]
            clash = (wl[:, None] < hi[None, :]) & (lo[None, :] < wh[:, None]) & (wc[:, None] != who[None, :])
            if clash.any():
                diverge("a GM range written by one core is accessed by another")


_ZEROS = object()
"""Undo-log marker: the range held only zero bytes."""
_NOTHING = np.zeros(0, dtype=np.uint8)
_POOL: dict[int, list[np.ndarray]] = {}
_POOL_BYTES = [0]
POOL_LIMIT = 256 << 20
"""Undo-log memory kept between launches: fresh memory costs a page fault per page, more than the copy itself."""


def _take(size: int) -> np.ndarray:
    free = _POOL.get(size)
    if free:
        _POOL_BYTES[0] -= size
        return free.pop()
    return np.empty(size, dtype=np.uint8)


def _give(saved: np.ndarray) -> None:
    size = saved.size
    if _POOL_BYTES[0] + size <= POOL_LIMIT:
        base = saved.base if saved.base is not None else saved
        _POOL.setdefault(size, []).append(base)
        _POOL_BYTES[0] += size


def route(fn: Callable[..., Any], types: tuple[type, ...]) -> Callable[..., Any]:
    """The lockstep implementation of a simulator function for these argument types (dispatch calls this for every
    API call in lockstep)."""
    got = _ROUTES.get((fn, types))
    if got is None:
        impl = IMPLS.get(fn)
        if impl is None:
            diverge(f"{getattr(fn, '__name__', fn)} has no lockstep implementation")
        if fn in AGNOSTIC and any(issubclass(t, Lanes) for t in types):
            impl = _uniform_args(impl)
        got = _ROUTES[(fn, types)] = impl
    return got


def _uniform_args(fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        return fn(*(uniform(a) for a in args), **{k: uniform(a) for k, a in kwargs.items()})

    return run


IMPLS: dict[Callable[..., Any], Callable[..., Any]] = {}
"""Per-core simulator function -> its lockstep implementation (same signature); filled by pyasc.sim.api.lanes."""
AGNOSTIC: set[Callable[..., Any]] = set()
"""Functions that only keep bookkeeping that is the same on every core: they run as they are, once the per-core
values among their arguments turned out to agree."""
_ROUTES: dict[tuple[Any, tuple[type, ...]], Callable[..., Any]] = {}


# ---------------------------------------------------------------------------------------------------------------------
# Eligibility: the kernel's Python may only have effects through asc calls


_SAFE_BUILTINS = frozenset({
    "abs", "all", "any", "bin", "bool", "bytes", "chr", "complex", "dict", "divmod", "enumerate", "filter", "float",
    "format", "frozenset", "getattr", "hasattr", "hash", "hex", "int", "isinstance", "issubclass", "iter", "len",
    "list", "map", "max", "min", "next", "oct", "ord", "pow", "range", "repr", "reversed", "round", "set", "slice",
    "sorted", "str", "sum", "tuple", "type", "zip", "None", "True", "False", "NotImplemented", "Ellipsis",
    "super", "object",
})
_SAFE_MODULES = ("pyasc", "asc", "math")


@dataclass(frozen=True)
class _Walk:
    """What the eligibility walk has seen (code objects) and the classes it treats as jit and API functions."""

    seen: set[int]
    jit_types: tuple[type, ...]
    api_types: tuple[type, ...]


def _value_problem(v: Any, walk: _Walk, depth: int) -> str | None:
    if v is None or isinstance(v, (bool, int, float, complex, str, bytes, enum.Enum, np.generic, range, slice)):
        return None
    if isinstance(v, (tuple, frozenset)):
        for x in v:
            p = _value_problem(x, walk, depth)
            if p:
                return p
        return None
    if isinstance(v, types.ModuleType):
        root = v.__name__.partition(".")[0]
        return None if root in _SAFE_MODULES else f"module {v.__name__}"
    if isinstance(v, walk.jit_types):
        if not isinstance(v.fn, types.FunctionType):
            return "a jit function that is not a plain function"
        return _function_problem(v.fn, walk, depth + 1)
    if isinstance(v, types.FunctionType):
        if (v.__module__ or "").startswith("pyasc."):
            return None
        return _function_problem(v, walk, depth + 1)
    if isinstance(v, (DType, *walk.api_types)):
        return None
    if isinstance(v, type) and (v.__module__ or "").partition(".")[0] == "pyasc":
        return None
    return f"a {type(v).__name__} value"


def _function_problem(fn: types.FunctionType, walk: _Walk, depth: int) -> str | None:
    code = fn.__code__
    if id(code) in walk.seen:
        return None
    if depth > 12:
        return "helpers nested too deeply"
    walk.seen.add(id(code))
    for d in (fn.__defaults__ or ()) + tuple((fn.__kwdefaults__ or {}).values()):
        p = _value_problem(d, walk, depth)
        if p:
            return f"{fn.__name__}: default {p}"
    for cell in fn.__closure__ or ():
        try:
            val = cell.cell_contents
        except ValueError:
            continue
        p = _value_problem(val, walk, depth)
        if p:
            return f"{fn.__name__}: closure holds {p}"
    return _code_problem(code, fn.__globals__, walk, depth, fn.__name__)


def _code_problem(code: types.CodeType, glb: dict[str, Any], walk: _Walk, depth: int, where: str) -> str | None:
    bdict = builtins.__dict__
    for name in code.co_names:
        if name in glb:
            p = _value_problem(glb[name], walk, depth)
            if p:
                return f"{where}: global '{name}' is {p}"
        elif name in bdict and name not in _SAFE_BUILTINS and not (isinstance(bdict[name], type)
                                                                    and issubclass(bdict[name], BaseException)):
            return f"{where}: uses builtin '{name}'"
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            p = _code_problem(c, glb, walk, depth, where)
            if p:
                return p
    return None


def ineligible(fn: Callable[..., Any], jit_types: tuple[type, ...], api_types: tuple[type, ...]) -> str | None:
    """Why the kernel's Python could have effects other than its asc calls (a print, a list it appends to, an
    unknown module), which running it once instead of n times would change; None when it cannot.  `jit_types` are
    the classes of jit functions (their `fn` is walked), `api_types` those of the `asc` API functions (safe): the
    launcher passes them, so this module depends on neither."""
    if not isinstance(fn, types.FunctionType):
        return "the kernel is not a plain function"
    return _function_problem(fn, _Walk(set(), jit_types, api_types), 0)


# ---------------------------------------------------------------------------------------------------------------------
# Running a launch


def run(fn: Callable[..., Any], launch: state.Launch, conv: list[Any], n: int) -> bool:
    """Run the kernel for all n cores at once; True when done, False when the launch must run per core (GM is then
    exactly as before the call and the launch's report, stats and shadows are reset)."""
    LAST.attempted, LAST.lockstep, LAST.reason = True, False, ""
    try:
        core = LockstepCore(launch, n)
    except MemoryError:
        LAST.reason = "no memory for every core's Unified Buffer at once"
        COUNTERS.fallbacks += 1
        return False
    state.set_current(core)
    try:
        fn(*conv)
        if core.diverged is not None:
            raise Diverged(core.diverged)
        core.check_overlaps()
        core.finish()
        core.release()
    except Diverged as e:
        _abandon(core, launch, str(e))
        return False
    except Exception as e:  # noqa: BLE001 - any error: the per-core rerun raises or reports it exactly
        _abandon(core, launch, f"{type(e).__name__}: {e}")
        return False
    except BaseException:
        _abandon(core, launch, "interrupted")
        raise
    finally:
        state.set_current(None)
    launch.stats.extend(copy.deepcopy(core.stats) for _ in range(n))
    LAST.lockstep = True
    COUNTERS.lockstep += 1
    return True


def _abandon(core: LockstepCore, launch: state.Launch, reason: str) -> None:
    core.restore()
    launch.report.findings.clear()
    launch.seen.clear()
    launch.stats.clear()
    for b in launch.buffers:
        b.shadow = None
        b.lines = None
    LAST.reason = core.diverged or reason
    COUNTERS.fallbacks += 1


def not_used(reason: str) -> None:
    """Record that a launch ran per core without trying lockstep."""
    LAST.attempted, LAST.lockstep, LAST.reason = False, False, reason
    COUNTERS.ineligible += 1
