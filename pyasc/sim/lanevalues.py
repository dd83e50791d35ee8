"""Per-core values of a lockstep run (`Lanes`: one Python value per core, every operation applied per core) and the
`Diverged` signal that abandons the run when cores disagree; pyasc.sim.lockstep describes the run.  Below the
dispatcher and the API semantics, which bind and read such values, and above nothing but the core state."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import Any, NoReturn

import numpy as np

from . import state
from .scalars import DeviceInt


class Diverged(BaseException):  # noqa: N818 - a control-flow signal, not an error
    """Lockstep cannot continue exactly; a BaseException so that a kernel's `except Exception` does not swallow it."""


def diverge(reason: str) -> NoReturn:
    """Abort the lockstep run (remembering why, in case the kernel swallows the exception)."""
    core = state._CURRENT
    if core is not None and getattr(core, "diverged", False) is None:  # a LockstepCore that has not diverged yet
        core.diverged = reason  # type: ignore[attr-defined]
    raise Diverged(reason)


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
