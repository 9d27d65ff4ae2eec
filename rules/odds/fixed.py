"""Powers of long chains in fixed point: sums of many exploding dice.

``100d6!`` followed 22 explosions deep has 13,701 possible totals whose
exact weights share the denominator ``6**2200``; the exact power is a
product of integers of tens of millions of bits.  Nearly all of those totals
are so rare that no float could tell them from 0.  So the power is taken in
fixed point instead: every weight is a multiple of ``2**-FRACTION_BITS``,
each product is rounded down to that grid, and the weights that round to 0
at either end are dropped.  What is left is a few hundred totals around the
mean, and each product is a small packed one (odds_poly).

Rounding down never makes a weight larger than the true one, so the weights
kept are below the true weights everywhere and the mass they miss, ``1 -
sum``, is known exactly at the end.  Scaling them up to sum to 1 moves the
distribution by at most that much in total variation; it is added to the
distribution's ``max_error``.  With 96 fraction bits it is below 1e-20 for
anything the dice budget allows (at most a few thousand slots rounded in
each of at most 20 products).
"""

from __future__ import annotations

from .meter import Meter
from .poly import Poly, mul

FRACTION_BITS = 96
ONE = 1 << FRACTION_BITS


def to_fixed(p: Poly) -> Poly:
    """``p`` scaled so its weights sum to at most ``ONE``, rounded down."""
    total = sum(p.c)
    return _trim(Poly(p.lo, [(w << FRACTION_BITS) // total for w in p.c]))


def _trim(p: Poly) -> Poly:
    return p.trimmed() if p.c else p


def _product(a: Poly, b: Poly, work: Meter, pos: int) -> Poly:
    exact = mul(a, b, work, pos)
    return _trim(Poly(exact.lo, [w >> FRACTION_BITS for w in exact.c]))


def fixed_power(h: Poly, n: int, work: Meter, pos: int) -> tuple[Poly, float]:
    """``h**n`` in fixed point, and the total-variation distance it may be off.

    ``h`` is an exact polynomial (any total); the answer's weights sum to
    ``ONE`` minus what the rounding lost.
    """
    base = to_fixed(h)
    result: Poly | None = None
    while True:
        if n & 1:
            result = base if result is None else _product(result, base, work, pos)
        n >>= 1
        if not n:
            break
        base = _product(base, base, work, pos)
    assert result is not None
    lost = ONE - sum(result.c)
    return result, lost / ONE
