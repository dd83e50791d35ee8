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
import math
import operator
import os
import types
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np

from . import state
from .scalars import DeviceInt

if TYPE_CHECKING:
    from .objects import GlobalTensor

BLOCK = state.BLOCK
MAX_INTERVALS = 4096
"""Above this many (core, GM range) pairs the cross-core overlap check is not attempted: the launch falls back."""


class Diverged(BaseException):  # noqa: N818 - a control-flow signal, not an error
    """Lockstep cannot continue exactly; a BaseException so that a kernel's `except Exception` does not swallow it."""


def diverge(reason: str) -> NoReturn:
    """Abort the lockstep run (remembering why, in case the kernel swallows the exception)."""
    core = state._CURRENT
    if isinstance(core, LockstepCore) and core.diverged is None:
        core.diverged = reason
    raise Diverged(reason)


def env_default() -> bool:
    """PYASC_SIM_LOCKSTEP=0 turns the fast path off by default (`pyasc.sim.settings(lockstep=...)` overrides)."""
    return os.environ.get("PYASC_SIM_LOCKSTEP", "1").strip().lower() not in ("0", "false", "no", "off")


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


_LANES_CLASSES: dict[type, type[Lanes]] = {}


def lanes(values: list[Any]) -> Any:
    """One value per core; a value that is the same (and immutable) on every core comes back as itself."""
    v0 = values[0]
    t = type(v0)
    if t is int or t is bool or isinstance(v0, (np.integer, np.bool_, DeviceInt)) or t is str:
        if all(type(x) is t and x == v0 for x in values):
            return v0
    elif t is float or isinstance(v0, np.floating):
        if all(type(x) is t and x == v0 and math.copysign(1.0, x) == math.copysign(1.0, v0) for x in values):
            return v0
    elif t.__name__ == "GlobalAddress":
        if all(type(x) is t and x.buf is v0.buf and x.offset == v0.offset and x.dtype is v0.dtype for x in values):
            return v0
    if all(type(x) is t for x in values):
        cls = _LANES_CLASSES.get(t)
        if cls is None:
            cls = _LANES_CLASSES[t] = type(f"Lanes[{t.__name__}]", (Lanes,), {"__slots__": (), "elem": t})
        return cls(values)
    return Lanes(values)


def uniform(v: Any) -> Any:
    """The value itself, or the one value of Lanes that agree on every core (else the run diverges)."""
    if isinstance(v, Lanes):
        return v.uniform()
    return v


def _bin(op: Callable[[Any, Any], Any]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    def fwd(self: Lanes, other: Any) -> Any:
        if isinstance(other, Lanes):
            return lanes([op(x, y) for x, y in zip(self.v, other.v, strict=True)])
        return lanes([op(x, other) for x in self.v])

    def rev(self: Lanes, other: Any) -> Any:
        return lanes([op(other, x) for x in self.v])

    return fwd, rev


def _un(op: Callable[[Any], Any]) -> Callable[..., Any]:
    def f(self: Lanes) -> Any:
        return lanes([op(x) for x in self.v])

    return f


class Lanes:
    """A value that differs between cores: element i is exactly what core i's Python would hold.

    Arithmetic, comparisons, attribute reads and calls apply per core to those objects, so results are the per-core
    path's by construction.  Turning it into one Python value (`bool`, `int`, an index, `float`, a format) works only
    when every core agrees; otherwise the lockstep run diverges and the launch falls back."""

    __slots__ = ("v",)
    elem: type | None = None
    __array_ufunc__ = None  # numpy scalars and arrays defer to our reflected operators

    def __init__(self, values: list[Any]) -> None:
        self.v = values

    def uniform(self) -> Any:
        got = lanes(self.v)
        if isinstance(got, Lanes):
            diverge("a value that differs between cores decides control flow or a single value")
        return got

    __add__, __radd__ = _bin(operator.add)
    __sub__, __rsub__ = _bin(operator.sub)
    __mul__, __rmul__ = _bin(operator.mul)
    __truediv__, __rtruediv__ = _bin(operator.truediv)
    __floordiv__, __rfloordiv__ = _bin(operator.floordiv)
    __mod__, __rmod__ = _bin(operator.mod)
    __pow__, __rpow__ = _bin(operator.pow)
    __divmod__, __rdivmod__ = _bin(divmod)
    __and__, __rand__ = _bin(operator.and_)
    __or__, __ror__ = _bin(operator.or_)
    __xor__, __rxor__ = _bin(operator.xor)
    __lshift__, __rlshift__ = _bin(operator.lshift)
    __rshift__, __rrshift__ = _bin(operator.rshift)
    __lt__ = _bin(operator.lt)[0]
    __le__ = _bin(operator.le)[0]
    __gt__ = _bin(operator.gt)[0]
    __ge__ = _bin(operator.ge)[0]
    __eq__ = _bin(operator.eq)[0]  # type: ignore[assignment]
    __ne__ = _bin(operator.ne)[0]  # type: ignore[assignment]
    __neg__ = _un(operator.neg)
    __pos__ = _un(operator.pos)
    __abs__ = _un(operator.abs)
    __invert__ = _un(operator.invert)
    __trunc__ = _un(math.trunc)
    __floor__ = _un(math.floor)
    __ceil__ = _un(math.ceil)

    def __round__(self, ndigits: Any = None) -> Any:
        return lanes([round(x, ndigits) for x in self.v])

    def __bool__(self) -> bool:
        return bool(self.uniform())

    def __index__(self) -> int:
        return operator.index(self.uniform())

    def __int__(self) -> int:
        return int(self.uniform())

    def __float__(self) -> float:
        return float(self.uniform())

    def __complex__(self) -> complex:
        return complex(self.uniform())

    def __hash__(self) -> int:
        return hash(self.uniform())

    def __format__(self, spec: str) -> str:
        return format(self.uniform(), spec)

    def __str__(self) -> str:
        return str(self.uniform())

    def __repr__(self) -> str:
        return repr(self.uniform())

    def __len__(self) -> int:
        return len(self.uniform())

    def __iter__(self) -> Any:
        return iter(self.uniform())

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, Lanes):
            return lanes([x[k] for x, k in zip(self.v, key.v, strict=True)])
        return lanes([x[key] for x in self.v])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return lanes([getattr(x, name) for x in self.v])

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        n = len(self.v)

        def pick(a: Any, i: int) -> Any:
            return a.v[i] if isinstance(a, Lanes) else a

        return lanes([self.v[i](*(pick(a, i) for a in args), **{k: pick(a, i) for k, a in kwargs.items()})
                      for i in range(n)])


# ---------------------------------------------------------------------------------------------------------------------
# The core


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


def _value_problem(v: Any, seen: set[int], depth: int) -> str | None:
    if v is None or isinstance(v, (bool, int, float, complex, str, bytes, enum.Enum, np.generic, range, slice)):
        return None
    if isinstance(v, (tuple, frozenset)):
        for x in v:
            p = _value_problem(x, seen, depth)
            if p:
                return p
        return None
    if isinstance(v, types.ModuleType):
        root = v.__name__.partition(".")[0]
        return None if root in _SAFE_MODULES else f"module {v.__name__}"
    from .jit import JITFunction

    if isinstance(v, JITFunction):
        if not isinstance(v.fn, types.FunctionType):
            return "a jit function that is not a plain function"
        return _function_problem(v.fn, seen, depth + 1)
    if isinstance(v, types.FunctionType):
        if (v.__module__ or "").startswith("pyasc."):
            return None
        return _function_problem(v, seen, depth + 1)
    from ..language.dtypes import DType
    from .dispatch import ApiFunction

    if isinstance(v, (DType, ApiFunction)):
        return None
    if isinstance(v, type) and (v.__module__ or "").partition(".")[0] == "pyasc":
        return None
    return f"a {type(v).__name__} value"


def _function_problem(fn: types.FunctionType, seen: set[int], depth: int) -> str | None:
    code = fn.__code__
    if id(code) in seen:
        return None
    if depth > 12:
        return "helpers nested too deeply"
    seen.add(id(code))
    for d in (fn.__defaults__ or ()) + tuple((fn.__kwdefaults__ or {}).values()):
        p = _value_problem(d, seen, depth)
        if p:
            return f"{fn.__name__}: default {p}"
    for cell in fn.__closure__ or ():
        try:
            val = cell.cell_contents
        except ValueError:
            continue
        p = _value_problem(val, seen, depth)
        if p:
            return f"{fn.__name__}: closure holds {p}"
    return _code_problem(code, fn.__globals__, seen, depth, fn.__name__)


def _code_problem(code: types.CodeType, glb: dict[str, Any], seen: set[int], depth: int, where: str) -> str | None:
    bdict = builtins.__dict__
    for name in code.co_names:
        if name in glb:
            p = _value_problem(glb[name], seen, depth)
            if p:
                return f"{where}: global '{name}' is {p}"
        elif name in bdict and name not in _SAFE_BUILTINS and not (isinstance(bdict[name], type)
                                                                    and issubclass(bdict[name], BaseException)):
            return f"{where}: uses builtin '{name}'"
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            p = _code_problem(c, glb, seen, depth, where)
            if p:
                return p
    return None


def ineligible(fn: Callable[..., Any]) -> str | None:
    """Why the kernel's Python could have effects other than its asc calls (a print, a list it appends to, an
    unknown module), which running it once instead of n times would change; None when it cannot."""
    if not isinstance(fn, types.FunctionType):
        return "the kernel is not a plain function"
    return _function_problem(fn, set(), 0)


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
