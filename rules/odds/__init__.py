"""Exact distributions of dice expressions: the same AST the roller rolls.

``distribution(parse("4d6kh3"))`` gives every value the roll can take with
its probability as integer weights over one common denominator (so
``Fraction`` answers are exact), computed without listing the rolls:

* sums of dice are polynomial powers (odds_poly: a coefficient recurrence,
  Kronecker-packed products), so ``100d6`` is a few hundred big-integer steps;
* keep/drop is an order-statistics programme over the faces (odds_keep), not
  an enumeration, so ``20d6kh10`` costs about as much as ``10d6``;
* success counts (``9d6>=5f1``) are the same powers over scores -1/0/+1;
* ``r`` makes a die uniform over the faces it does not reroll, ``ro`` is a
  mixture of the first throw and the second (odds_faces);
* ``+ - * /`` combine independent parts pairwise (``-`` and ``+`` as
  polynomial products), with ``//`` rounding down like the roller; a divisor
  that can be 0 is a ``DiceError`` of kind "math" at that ``/``, because the
  roll itself fails whenever it shows 0;
* ``N%`` is a d100 whose value is its face; ``pass_chance`` is P(d100 <= N).

How deep explosions go.  The roller gives each expression a budget of
``max_dice`` (1,000) dice; the dice it writes take their share first and
every reroll or explosion draws one more from what is left, so no die can
explode more than ``1,000 - (dice written)`` times (996 for ``4d6!``).  The
odds follow each exploding chain to the depth ``D`` at which the chance that
any chain of the expression goes deeper falls below 2**-51 (half of
``OddsLimits.max_error``), and never past that budget: 19 explosions for
``d6!``, 20 per die for ``3d6!``, 54 for ``10d2!``, 7 for ``d100!``.  What
lies deeper weighs less than 1e-15 in all, less than a float can show next
to 1, while every step deeper makes the polynomials longer; the budget is
the hard ceiling because the roller itself never goes past it.  A chain
stops the way the roller stops when its budget runs out: the last die stays
as it fell, so a lone chain followed to the whole budget is the roller
exactly.  ``Distribution.max_error`` bounds the total-variation distance to
the roller (chains cut at ``D`` plus the chance the shared budget runs out,
see odds_budget); an expression whose bound exceeds ``OddsLimits.max_error``
is refused, such as ``990d6!``, whose ten spare dice are usually all used.
With no budget at all (1,000 dice written) the roller never rerolls or
explodes, and the odds, exactly, neither.

Meter is priced before it is done (odds_work): an expression that would take
more than about 1.5 s is refused with ``DiceError(kind="limit")``.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import cached_property
from itertools import compress, repeat
from typing import Any, TypeAlias

from rules.dice.datatypes import datatype

from ..dice.ast import Chain, Dice, Expression, Group, Neg, Node, Num, Percent
from ..dice.errors import DiceError
from ..dice.limits import Limits
from ..dice.rolled import PERCENT, SUCCESSES, TOTAL
from ..i18n import N_, _
from .budget import Plan, plan
from .dice import dice_distribution
from .meter import DEFAULT_LIMITS, PER_ENTRY, PER_OUTCOME, PER_PAIR, Meter, OddsLimits, mul_cost
from .poly import Poly, mul

__all__ = ["DEFAULT_LIMITS", "VALUE", "Distribution", "OddsLimits", "Row", "distribution", "fold"]

#: weights of the values of a part: dense (Poly) or sparse (value -> weight)
Weights: TypeAlias = Poly | dict


@datatype(frozen=True)
class Distribution:
    """Every value of an expression with its weight; probability = weight / total."""

    #: ascending, each with a positive weight
    values: tuple[int, ...]
    weights: tuple[int, ...]
    total: int
    #: "total", "successes" or "percent", as the roller names its rolls
    kind: str = TOTAL
    #: N of an ``N%`` roll
    chance: int | None = None
    #: bound on the total-variation distance to the roller (0.0: exact)
    max_error: float = 0.0

    def outcomes(self) -> Iterator[tuple[int, Fraction]]:
        t = self.total
        return ((v, Fraction(w, t)) for v, w in zip(self.values, self.weights, strict=True))

    def __len__(self) -> int:
        return len(self.values)

    @property
    def min(self) -> int:
        return self.values[0]

    @property
    def max(self) -> int:
        return self.values[-1]

    @property
    def exact(self) -> bool:
        return self.max_error == 0.0

    @cached_property
    def mean(self) -> Fraction:
        return Fraction(sum(v * w for v, w in zip(self.values, self.weights, strict=True)), self.total)

    @cached_property
    def variance(self) -> Fraction:
        second = Fraction(sum(v * v * w for v, w in zip(self.values, self.weights, strict=True)), self.total)
        return second - self.mean ** 2

    @cached_property
    def _cumulative(self) -> list[int]:
        out, run = [], 0
        for w in self.weights:
            run += w
            out.append(run)
        return out

    def _below(self, n: int) -> int:
        """Weight of the values < n."""
        i = bisect.bisect_left(self.values, n)
        return self._cumulative[i - 1] if i else 0

    def weight_below(self, n: int) -> int:
        """Total weight of the values below ``n`` (``/ total`` for the chance)."""
        return self._below(n)

    def probability(self, n: int) -> Fraction:
        i = bisect.bisect_left(self.values, n)
        hit = i < len(self.values) and self.values[i] == n
        return Fraction(self.weights[i] if hit else 0, self.total)

    def at_most(self, n: int) -> Fraction:
        return Fraction(self._below(n + 1), self.total)

    def at_least(self, n: int) -> Fraction:
        return Fraction(self.total - self._below(n), self.total)

    @property
    def pass_chance(self) -> Fraction | None:
        """For ``N%``: the chance the d100 shows N or less (C-PCT-1)."""
        if self.kind != PERCENT:
            return None
        assert self.chance is not None  # distribution() gives every percent roll its N
        return self.at_most(self.chance)


def distribution(expr: Expression, limits: OddsLimits | Limits = DEFAULT_LIMITS) -> Distribution:
    """The exact distribution of ``expr`` as the roller would roll it."""
    if isinstance(limits, Limits):
        limits = OddsLimits(dice=limits)
    work = Meter(limits.max_work, expr.text, limits.max_memory)
    budget = plan(expr, limits)
    weights, total = _Odds(budget, work, expr.text).of(expr.root)
    values, ws = _columns(weights)
    work.charge(PER_OUTCOME * len(values), N_("different results: {count:,}"), count=len(values))
    root = expr.root
    if isinstance(root, Percent):
        kind, chance = PERCENT, root.chance
    else:
        kind = SUCCESSES if counts_successes(root) else TOTAL
        chance = None
    return Distribution(values, ws, total, kind, chance, budget.error + work.rounding)


def _columns(x: Weights) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Values and weights, ascending, without a pair per value (1d1000000 has a million)."""
    if isinstance(x, dict):  # no list of pairs: it would hold a tuple per value
        values = sorted(v for v, w in x.items() if w)
        return tuple(values), tuple(x[v] for v in values)
    p = x.trimmed()
    if all(p.c):
        return tuple(range(p.lo, p.lo + len(p.c))), tuple(p.c)
    return tuple(v for v, _ in p.items()), tuple(w for w in p.c if w)


def _negate(x: Weights) -> Weights:
    if isinstance(x, Poly):
        return Poly(-x.hi, x.c[::-1])
    return {-v: w for v, w in x.items()}


def _items(x: Weights) -> Iterable[tuple[int, int]]:
    return x.items()


def _size(x: Weights) -> int:
    return len(x.c) if isinstance(x, Poly) else len(x)


def _dense(x: Weights) -> Poly | None:
    """``x`` as a Poly when that wastes little room on zero weights."""
    if isinstance(x, Poly):
        return x
    if not x:
        return Poly(0, [])
    lo, hi = min(x), max(x)
    if hi - lo + 1 > 4 * len(x) + 16:
        return None
    c = [0] * (hi - lo + 1)
    for v, w in x.items():
        c[v - lo] = w
    return Poly(lo, c)


def _pairwise(a: Weights, b: Weights, op: str, work: Meter, pos: int) -> dict:
    """Combine every value of ``a`` with every value of ``b`` (a table product)."""
    # each pair multiplies two weights, which can be thousands of bits long
    bits = [_heaviest(x).bit_length() for x in (a, b)]
    work.charge((PER_PAIR + mul_cost(*bits)) * _size(a) * _size(b), N_("combining two large parts"), pos)
    # The longer side in the inner loop: 61*d1000000 is one pass, not a million.  Its values
    # and weights are read in place, and the table is measured after each pass.
    f = _OPS[op]
    if _size(a) < _size(b):
        a, b, f = b, a, _SWAPPED[op]
    # an entry of the table holds a weight as long as the two it multiplies
    scale = 1 + sum(bits) / 8 / PER_ENTRY
    if op == "+" or (op == "*" and any(v and w for v, w in _items(b))):
        # a sum, or a product by anything but 0, has at least as many values as its longer side
        work.hold(_size(a) * scale, N_("combining two large parts"), pos)
    out: dict[int, int] = {}
    get = out.get
    values, weights = _side_by_side(a)
    for vb, wb in _items(b):
        # values of no weight are skipped before they are combined (a divisor's 0 among them)
        pairs = zip(map(f, compress(values, weights), repeat(vb)),
                    map(int.__mul__, filter(None, weights), repeat(wb)), strict=True)
        for v, w in pairs:
            out[v] = get(v, 0) + w
        work.hold(len(out) * scale, N_("combining two large parts"), pos)
    return out


def _side_by_side(x: Weights) -> tuple[Iterable[int], Iterable[int]]:
    """The values and the weights of ``x`` side by side, without building anything."""
    if isinstance(x, Poly):
        return range(x.lo, x.lo + len(x.c)), x.c
    return x.keys(), x.values()


def _heaviest(x: Weights) -> int:
    if isinstance(x, Poly):
        return max(x.c, default=1)
    return max(x.values(), default=1)


_OPS = {
    "+": int.__add__,
    "*": int.__mul__,
    # Division rounds down (toward minus infinity), as the roller's // does.
    "/": int.__floordiv__,
}
#: each operation with its sides swapped: the longer side is read in the inner loop
_SWAPPED = {"+": int.__add__, "*": int.__mul__, "/": int.__rfloordiv__}


class _Odds:
    __slots__ = ("plan", "work", "text")

    def __init__(self, plan: Plan, work: Meter, text: str) -> None:
        self.plan = plan
        self.work = work
        self.text = text

    def of(self, node: Node) -> tuple[Weights, int]:
        return _DISPATCH[type(node)](self, node)

    def num(self, node: Num) -> tuple[Weights, int]:
        return Poly(node.value, [1]), 1

    def percent(self, node: Percent) -> tuple[Weights, int]:
        return Poly(1, [1] * 100), 100

    def neg(self, node: Neg) -> tuple[Weights, int]:
        x, t = self.of(node.operand)
        return _negate(x), t

    def group(self, node: Group) -> tuple[Weights, int]:
        return self.of(node.inner)

    def dice(self, node: Dice) -> tuple[Weights, int]:
        x = dice_distribution(node, self.plan.spare, self.plan.depths.get(node, 0), self.work)
        total = sum(x.c) if isinstance(x, Poly) else sum(x.values())
        return x, total

    def chain(self, node: Chain) -> tuple[Weights, int]:
        x, total = self.of(node.first)
        for op, term, pos in node.rest:
            y, t = self.of(term)
            x = _COMBINE[op](self, x, y, pos)
            total *= t
        return x, total

    def add(self, x: Weights, y: Weights, pos: int) -> Weights:
        a, b = _dense(x), _dense(y)
        if a is not None and b is not None:
            return mul(a, b, self.work, pos)
        return _pairwise(x, y, "+", self.work, pos)

    def sub(self, x: Weights, y: Weights, pos: int) -> Weights:
        return self.add(x, _negate(y), pos)

    def times(self, x: Weights, y: Weights, pos: int) -> Weights:
        return _pairwise(x, y, "*", self.work, pos)

    def divide(self, x: Weights, y: Weights, pos: int) -> Weights:
        if any(v == 0 and w for v, w in _items(y)):
            raise DiceError(_("division by zero: the divisor can be 0"), self.text, pos, "math",
                            _("the roll fails whenever the divisor shows 0"))
        return _pairwise(x, y, "/", self.work, pos)


#: how each kind of node is computed (rules.odds.borrowed adds its kinds to this table)
Handler: TypeAlias = Callable[["_Odds", Any], tuple[Weights, int]]
_DISPATCH: dict[type, Handler] = {
    Num: _Odds.num,
    Dice: _Odds.dice,
    Percent: _Odds.percent,
    Neg: _Odds.neg,
    Group: _Odds.group,
    Chain: _Odds.chain,
}

_COMBINE = {
    "+": _Odds.add,
    "-": _Odds.sub,
    "*": _Odds.times,
    "/": _Odds.divide,
}

# Sets, groups, functions and the dice of other rollers' notation (rules.odds.borrowed).
from .borrowed import counts_successes, install  # noqa: E402

install(_DISPATCH)


# the printed table's rows: rare tails folded into one, wide ranges into bins (rules.odds.folding)
from .folding import VALUE, Row, fold  # noqa: E402
