"""A distribution folded to a few rows: rare tails in one row each, wide ranges in bins.

A chart a master reads on a screen or pastes into a forum post has about 20
rows, whatever the expression: ``100d6`` has 501 values, ``1d1000000`` a
million.  ``fold`` works on the integer weights and their running sums only
(no fraction per value), so it costs one pass over the values at most.

* Every value gets its own row when they fit.
* Otherwise each tail holding at most ``tail`` of the chance (0.1%) folds into
  one row (``<=297``, ``>=403``), and what is left is grouped into bins of a
  round width (1, 2, 5, 10, 20, 50 ...) counted from the smallest value, so
  ``1d100`` gives ``1..5``, ``6..10``; the narrowest width that fits wins.
* A row never straddles a cut: ``--at-least 12`` cuts before 12, so the
  rows asked about are whole rows and can be highlighted.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.dice.datatypes import datatype

if TYPE_CHECKING:
    from . import Distribution


#: rows a chart aims at: a 24-line terminal minus the title and the summary
MAX_ROWS = 20
#: up to this many values get a row each (4d6 has 21)
VALUE_ROWS = 24
#: the chance a folded tail may hold at most
TAIL = Fraction(1, 1000)

VALUE, RANGE, LOW, HIGH = "value", "range", "low", "high"


@datatype(frozen=True, slots=True)
class Row:
    """The values ``lo..hi`` of a distribution and their total weight."""

    lo: int
    hi: int
    weight: int
    #: "value" (one value), "range" (a bin), "low" / "high" (a folded tail)
    kind: str


def _nice_widths() -> Iterable[int]:
    scale = 1
    while True:
        for m in (1, 2, 5):
            yield m * scale
        scale *= 10


class _Weights:
    """Weight of any range of values: a sum over the weights in it.

    No running sums are kept: for 1000d100 they would be 99,001 integers of
    6,644 bits, 90 MB, to answer a few dozen questions.
    """

    __slots__ = ("values", "weights")

    def __init__(self, dist: Distribution) -> None:
        self.values = dist.values
        self.weights = dist.weights

    def between(self, lo: int, hi: int) -> int:
        i = bisect.bisect_left(self.values, lo)
        j = bisect.bisect_right(self.values, hi)
        return sum(self.weights[i:j])


def fold(dist: Distribution, cuts: Iterable[int] = (), max_rows: int = MAX_ROWS,
         tail: Fraction = TAIL, value_rows: int = VALUE_ROWS) -> tuple[Row, ...]:
    """Rows covering every value of ``dist`` (a ``Distribution``) in order.

    ``cuts``: values that must start a row (``N`` for "at least N", ``N + 1``
    for "at most N").  Up to ``value_rows`` values get a row each; otherwise
    the result has about ``max_rows`` rows (a cut can add one more each).
    """
    values, weights = dist.values, dist.weights
    if len(values) <= value_rows:
        return tuple(Row(v, v, w, VALUE) for v, w in zip(values, weights, strict=True))
    ws = _Weights(dist)
    total = dist.total
    lo_v, hi_v = values[0], values[-1]
    cuts = sorted({c for c in cuts if lo_v < c <= hi_v})

    # Tails: the longest run of values at each end whose chance is <= tail.
    most = total * tail.numerator // tail.denominator
    first, run = 0, 0  # values folded into the low tail, and their weight
    while first < len(values) - 1 and run + weights[first] <= most:
        run += weights[first]
        first += 1
    last, run = len(values), 0  # values before the high tail
    while last > first + 1 and run + weights[last - 1] <= most:
        run += weights[last - 1]
        last -= 1
    a, b = values[first], values[last - 1]  # the first and last value shown on their own

    inner = last - first
    tails = (first > 0) + (last < len(values))
    if inner + tails + len(cuts) <= max_rows:
        rows = [Row(v, v, weights[i], VALUE) for i, v in enumerate(values[first:last], first)]
        return _with_tails(rows, ws, lo_v, hi_v, cuts)

    for width in _nice_widths():
        start = a - (a - lo_v) % width
        end = min(b + (width - 1 - (b - lo_v) % width), hi_v)
        bins = (end - start) // width + 1
        count = bins + (start > lo_v) + (end < hi_v) + len(cuts)
        if count <= max_rows or width > hi_v - lo_v:
            break
    rows = []
    for k in range(bins):
        s = start + k * width
        e = min(s + width - 1, end)
        rows.append(Row(s, e, ws.between(s, e), RANGE if e > s else VALUE))
    return _with_tails(rows, ws, lo_v, hi_v, cuts)


def _with_tails(rows: list[Row], ws: _Weights, lo_v: int, hi_v: int, cuts: list[int]) -> tuple[Row, ...]:
    out = []
    if rows[0].lo > lo_v:
        out.append(_piece(Row(lo_v, rows[0].lo - 1, 0, LOW), lo_v, rows[0].lo - 1, ws))
    out.extend(rows)
    if rows[-1].hi < hi_v:
        out.append(_piece(Row(rows[-1].hi + 1, hi_v, 0, HIGH), rows[-1].hi + 1, hi_v, ws))
    return tuple(_split(out, ws, cuts))


def _split(rows: list[Row], ws: _Weights, cuts: list[int]) -> list[Row]:
    """Rows cut so that every cut starts a row."""
    out = []
    for row in rows:
        lo = row.lo
        for c in cuts:
            if lo < c <= row.hi:
                out.append(_piece(row, lo, c - 1, ws))
                lo = c
        out.append(row if lo == row.lo else _piece(row, lo, row.hi, ws))
    return out


def _piece(row: Row, lo: int, hi: int, ws: _Weights) -> Row:
    if lo == hi:
        kind = VALUE
    elif row.kind == LOW and lo == row.lo:
        kind = LOW
    elif row.kind == HIGH and hi == row.hi:
        kind = HIGH
    else:
        kind = RANGE
    return Row(lo, hi, ws.between(lo, hi), kind)
