"""Integer values the hazard analysis can compare: polynomials over opaque atoms.

A kernel's offsets are mostly constants and loop variables (`slot * TILE`), sometimes scaled by runtime values
(`buf_id * tile_length * sizeof(T)`, tile_length a parameter, T a dtype nothing fixes). Keeping
`c0 + sum(ci * monomial_i)` lets two such offsets be compared exactly whenever their difference is a constant, and
says "cannot tell" otherwise, which the analysis turns into no finding. Atoms are hashable keys: the same expression
over the same inputs is the same atom (hash-consing), so a value computed twice in two statements compares equal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lin:
    """`const + sum(coeff * monomial)`; a monomial is a sorted tuple of atom keys; `terms` is sorted and holds no
    zero coefficient."""

    const: int
    terms: tuple[tuple[object, int], ...] = ()

    @property
    def is_const(self) -> bool:
        return not self.terms

    def __add__(self, other: Lin) -> Lin:
        if not other.terms:
            return Lin(self.const + other.const, self.terms) if other.const else self
        return _make(self.const + other.const, _merge(self.terms, other.terms, 1))

    def __sub__(self, other: Lin) -> Lin:
        if not other.terms:
            return Lin(self.const - other.const, self.terms) if other.const else self
        if self.terms == other.terms:
            return Lin(self.const - other.const)
        return _make(self.const - other.const, _merge(self.terms, other.terms, -1))

    def scale(self, k: int) -> Lin:
        return _make(self.const * k, tuple((a, c * k) for a, c in self.terms))


def const(value: int) -> Lin:
    return Lin(int(value))


def atom(key: object) -> Lin:
    """An unknown integer named by `key` (equal keys are the same unknown)."""
    return Lin(0, (((key,), 1),))


def _merge(a: tuple[tuple[object, int], ...], b: tuple[tuple[object, int], ...], sign: int) -> dict[object, int]:
    out: dict[object, int] = dict(a)
    for k, c in b:
        out[k] = out.get(k, 0) + sign * c
    return out


def _make(c: int, terms: dict[object, int] | tuple[tuple[object, int], ...]) -> Lin:
    items = terms.items() if isinstance(terms, dict) else terms
    kept = tuple(sorted(((k, v) for k, v in items if v), key=lambda kv: repr(kv[0])))
    return Lin(c, kept)


def mul(a: Lin, b: Lin) -> Lin:
    if a.is_const:
        return b.scale(a.const)
    if b.is_const:
        return a.scale(b.const)
    out: dict[object, int] = {}
    left = [((), a.const), *a.terms]
    right = [((), b.const), *b.terms]
    for ma, ca in left:
        for mb, cb in right:
            mono = tuple(sorted((*ma, *mb), key=repr))  # type: ignore[misc]
            out[mono] = out.get(mono, 0) + ca * cb
    c = out.pop((), 0)
    return _make(c, out)


def difference(a: Lin, b: Lin) -> int | None:
    """`a - b` when it is a known constant."""
    if a.terms == b.terms:
        return a.const - b.const
    d = a - b
    return d.const if d.is_const else None
