"""Integer intervals for offsets, counts and sizes, with what a certain finding needs to say.

An interval is the set of values an integer expression takes over every execution that reaches it. It is `exact`
when both ends are values some execution certainly has: a constant, a known ConstExpr value, or a loop variable of a
loop that certainly runs (its first and last iteration both happen), and sums and products of those over distinct
loop variables. Only an exact end proves a failure; anything else is an over-approximation that proves nothing.
`at_hi` / `at_lo` name the loop iterations where each end is reached ("last iteration i=7").
"""

from __future__ import annotations

from dataclasses import dataclass

Where = tuple[tuple[str, int], ...]
"""Loop variables and their values at one end of an interval."""


@dataclass(slots=True)
class Iv:
    """[lo, hi] (either end None when not bounded); see the module docstring for `exact`."""

    lo: int | None
    hi: int | None
    exact: bool = True
    at_lo: Where = ()
    at_hi: Where = ()

    @property
    def const(self) -> int | None:
        """The one value of a constant interval."""
        return self.lo if self.lo is not None and self.lo == self.hi and self.exact else None

    @property
    def loop_vars(self) -> frozenset[str]:
        return frozenset(n for n, _ in self.at_lo + self.at_hi)

    def __add__(self, other: Iv) -> Iv:
        if not (self.at_lo or self.at_hi or other.at_lo or other.at_hi):  # no loop variable: the common case
            lo, hi = self.lo, self.hi
            return Iv(None if lo is None or other.lo is None else lo + other.lo,
                      None if hi is None or other.hi is None else hi + other.hi, self.exact and other.exact)
        return Iv(_add(self.lo, other.lo), _add(self.hi, other.hi), _joint(self, other),
                  self.at_lo + other.at_lo, self.at_hi + other.at_hi)

    def __neg__(self) -> Iv:
        return Iv(None if self.hi is None else -self.hi, None if self.lo is None else -self.lo, self.exact,
                  self.at_hi, self.at_lo)

    def __sub__(self, other: Iv) -> Iv:
        return self + (-other)

    def __mul__(self, other: Iv) -> Iv:
        a, b = self, other
        if b.const is not None and a.const is None:
            a, b = b, a
        c = a.const
        if c is not None:  # a constant factor keeps the other's ends (swapped when negative)
            if c >= 0:
                return Iv(_mul(b.lo, c), _mul(b.hi, c), b.exact, b.at_lo, b.at_hi)
            return Iv(_mul(b.hi, c), _mul(b.lo, c), b.exact, b.at_hi, b.at_lo)
        if None in (a.lo, a.hi, b.lo, b.hi):
            return TOP
        assert a.lo is not None and a.hi is not None and b.lo is not None and b.hi is not None
        if a.lo >= 0 and b.lo >= 0:  # both non-negative: the ends are the products of the ends
            return Iv(a.lo * b.lo, a.hi * b.hi, _joint(a, b), a.at_lo + b.at_lo, a.at_hi + b.at_hi)
        products = (a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi)
        return Iv(min(products), max(products), False)

    def floordiv(self, other: Iv) -> Iv:
        d = other.const
        if d is None or d <= 0:
            return TOP
        return Iv(None if self.lo is None else self.lo // d, None if self.hi is None else self.hi // d, self.exact,
                  self.at_lo, self.at_hi)

    def mod(self, other: Iv) -> Iv:
        d = other.const
        if d is None or d <= 0:
            return TOP
        if self.const is not None:
            return const(self.const % d)
        return Iv(0, d - 1, False) if self.lo is not None and self.lo >= 0 else TOP

    def join(self, other: Iv) -> Iv:
        """Either value (a conditional expression): the ends are no longer certain."""
        lo = None if self.lo is None or other.lo is None else min(self.lo, other.lo)
        hi = None if self.hi is None or other.hi is None else max(self.hi, other.hi)
        return Iv(lo, hi, False)


TOP = Iv(None, None, False)
"""Nothing known."""


_CONSTS: dict[int, Iv] = {}


def const(v: int) -> Iv:
    c = _CONSTS.get(v)
    if c is None:
        c = Iv(v, v)
        if len(_CONSTS) < 4096:
            _CONSTS[v] = c
    return c


def _add(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _mul(a: int | None, c: int) -> int | None:
    return None if a is None else a * c


def _joint(a: Iv, b: Iv) -> bool:
    """Both ends are certain only when each side's are and no loop variable drives both sides (i - i is 0, not the
    difference of i's ends)."""
    if not (a.exact and b.exact):
        return False
    if not (a.at_lo or a.at_hi) or not (b.at_lo or b.at_hi):
        return True
    return not (a.loop_vars & b.loop_vars)


def where(at: Where) -> str:
    """`last iteration i=7` style text for the iterations where an end is reached ("" when no loop is involved)."""
    seen = dict(at)
    if not seen:
        return ""
    return ", ".join(f"{n}={v}" for n, v in seen.items())
