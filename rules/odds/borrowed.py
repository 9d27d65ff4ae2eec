"""Exact odds of the elements borrowed from d20, Roll20 and Foundry.

The same fixed order as the roller (rules.dice.borrowed) is followed, on
distributions instead of dice:

* One die of a term is first reduced to the distribution of what it adds:
  the values of its *entries* (one per die, a compounding die and its
  explosions being one entry), after rerolls by value and explosions, with
  explosions followed to the depth at which the chance of going deeper is
  below the error budget and never past the dice budget (see rules.odds).
* When nothing looks at the pool as a whole (no keep/drop, no ``ro`` by rank,
  no ``ra``) the score of a die (sum of its clamped entries, or its
  successes) is a polynomial and the term is its ``n``-th power.
* Otherwise the ``n`` dice are enumerated as a multiset (each distinct
  combination once, weighted by its multinomial count) and the pool steps
  run on each: rank rerolls, explosions, ``ra``, clamps, keep/drop, success
  counting.  The count of combinations is priced first and refused when too
  large, like everything in rules.odds.
* A set or group combines its items' distributions value by value, then
  keeps, drops or counts; ``% // == != < > <= >=`` combine pairwise;
  ``floor ceil round abs min max`` evaluate their arguments exactly
  (fractions) and round, as the roller does.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING

from ..dice.ast import Bag, Calc, Chain, Dec, Dice, Func, Group, Neg, Node, Sel, Select, iter_dice
from ..dice.borrowed import _CALC, _FUNCS, apply_steps
from ..dice.errors import DiceError
from ..i18n import N_, _
from .keep import _kept_first
from .meter import DEFAULT_LIMITS, PER_KEEP_STEP, PER_PAIR, Meter, pass_cost
from .poly import Poly, power

if TYPE_CHECKING:  # rules.odds imports this module to fill its table
    from . import Handler, Weights, _Odds

#: the distribution of one part: (value -> weight, total weight)
Part = tuple[dict, int]
#: a part's distribution from its node (the plain one, or the one with exact fractions)
Of = Callable[[Node], Part]

#: one combination of dice listed, then kept, dropped or counted (about 8 µs with the bookkeeping around it)
PER_LISTED = 8000.0
#: one die of a listed chain of explosions, sorted, kept or dropped and counted
PER_CHAINED = 2500.0


def counts_successes(root: Node) -> bool:
    """Whether the roll is a success count (a dice term or a group counting)."""
    if any(d.counts_successes for d in iter_dice(root)):
        return True
    stack = [root]
    while stack:
        n = stack.pop()
        if type(n) is Bag and n.success is not None:
            return True
        if isinstance(n, (Chain, Calc)):
            stack.append(n.first)
            stack.extend(t for _, t, _ in n.rest)
        elif type(n) is Neg:
            stack.append(n.operand)
        elif type(n) is Group:
            stack.append(n.inner)
        elif isinstance(n, Bag):
            stack.extend(n.items)
        elif isinstance(n, Func):
            stack.extend(n.args)
    return False


def _as_dict(x: Weights) -> dict:
    return x if isinstance(x, dict) else dict(x.items())


def _dist(odds: _Odds, node: Node) -> Part:
    x, t = odds.of(node)
    return _as_dict(x), t


# -- one die --------------------------------------------------------------------------------

class _Die:
    """What one die of a term can show, and how its explosions go on."""

    def __init__(self, node: Dice, spare: int, planned: int | None, limits_error: float) -> None:
        m = node.more
        assert m is not None  # built by more_dice only, for dice written with the extra notation
        self.node = node
        self.sides = node.sides
        self.shift = -2 if m.fudge else 0
        self.values = [f + self.shift for f in range(1, self.sides + 1)]
        self.mode = m.explode_mode
        self.spare = spare
        explode = node.explode if spare > 0 else None
        self.explode = explode
        reroll = node.reroll if spare > 0 else None
        # first value of a written die, after rerolls by value: (value -> weight, den)
        s = self.sides
        self.first: tuple[dict[int, int], int]
        if reroll is None:
            self.first = dict.fromkeys(self.values, 1), s
        else:
            bad = [v for v in self.values if reroll.test(v)]
            good = [v for v in self.values if not reroll.test(v)]
            if not node.reroll_once:
                self.first = dict.fromkeys(good, 1), len(good)
            else:
                w: defaultdict[int, int] = defaultdict(int)
                for v in good:
                    w[v] += s
                for v in self.values:
                    w[v] += len(bad)
                self.first = dict(w), s * s
        self.depth = 0
        if explode is not None:
            hits = sum(1 for v in self.values if explode.test(v))
            p = hits / s
            if self.mode == "once":
                self.depth = 1
            elif planned is not None and not m.fudge:
                self.depth = planned  # rules.odds.budget's depth, counted in its error
            elif p > 0:  # a fudge die: the plan reads faces, not values, so price it here
                per_chain = limits_error / 2 / max(node.count, 1)
                self.depth = max(1, math.ceil(math.log(per_chain) / math.log(p)))
            self.depth = min(self.depth, spare)

    def continuation(self, v: int, work: Meter, pos: int) -> Part:
        """Entries a die that first showed ``v`` ends up as: ({tuple: weight}, den).

        Every way the chain can go is listed, so this is for pools only, and
        priced per outcome: many exploding faces followed deep are refused.
        """
        s, explode, depth = self.sides, self.explode, self.depth
        pen = -1 if self.mode == "penetrate" else 0
        compound = self.mode == "compound"
        out: dict = defaultdict(int)
        stack: list[tuple[tuple[int, ...], int, int, int]] = [((v,), v, 0, 1)]
        while stack:
            entries, last, used, w = stack.pop()
            if explode is None or used >= depth or not explode.test(last):
                out[entries] += w * s ** (depth - used)
                continue
            work.charge(PER_LISTED * s, N_("many exploding dice kept or dropped one by one"), pos)
            # each listed chain is a tuple as long as the chain: a word a die over the entry's own
            work.hold(len(out) * (1 + used // 8), N_("many exploding dice kept or dropped one by one"), pos)
            for face in self.values:
                nxt = (entries[0] + face,) if compound else entries + (face + pen,)
                stack.append((nxt, face, used + 1, w))
        return dict(out), s ** depth

    def scores(self, score: Callable[[int], int], work: Meter, pos: int) -> Part:
        """Score of one written die with everything its explosions add:
        ({score: weight}, den), level by level (no path is listed twice)."""
        s, explode, depth = self.sides, self.explode, self.depth
        pen = -1 if self.mode == "penetrate" else 0
        compound = self.mode == "compound"
        first, den = self.first
        done: dict = defaultdict(int)
        # alive: (running total or score, last face) -> weight, for chains that explode on
        alive: dict = defaultdict(int)
        for v, w in first.items():
            if explode is not None and depth > 0 and explode.test(v):
                alive[(v if compound else score(v), 0)] += w
            else:
                done[score(v)] += w * s ** depth
        for level in range(1, depth + 1):
            assert explode is not None  # depth stays 0 for a die that does not explode (__init__)
            work.charge(PER_PAIR * len(alive) * s, N_("explosions"), pos)
            nxt: dict = defaultdict(int)
            fill = s ** (depth - level)
            for (acc, _level), w in alive.items():
                for f in self.values:
                    a = acc + f if compound else acc + score(f + pen)
                    if explode.test(f) and level < depth:
                        nxt[(a, 0)] += w
                    else:
                        done[score(a) if compound else a] += w * fill
            work.hold(len(nxt) + len(done), N_("explosions"), pos)
            alive = nxt
        return dict(done), den * s ** depth


def _entry_score(node: Dice) -> Callable[[int], int]:
    m = node.more
    assert m is not None  # called by more_dice only, which is given dice with extra notation
    lo, hi, succ, fail = m.low, m.high, node.success, node.failure

    def score(v: int) -> int:
        if lo is not None and v < lo:
            v = lo
        elif hi is not None and v > hi:
            v = hi
        if succ is None:
            return v
        return 1 if succ.test(v) else -1 if fail is not None and fail.test(v) else 0
    return score


def more_dice(odds: _Odds, node: Dice) -> tuple[Weights, int]:
    """Distribution of a dice term written with the extra notation (``node.more`` set)."""
    plan = odds.plan
    # a die of this notation is listed face by face, twice over (its faces, its first throw)
    odds.work.hold(2 * node.sides, N_("a die of {sides:,} sides, face by face"), node.pos, sides=node.sides)
    die = _Die(node, plan.spare, plan.depths.get(node), DEFAULT_LIMITS.max_error)
    m = node.more
    assert m is not None  # install's dice() sends only such terms here
    n = node.count
    pooled = m.select or node.keep is not None or m.rank_reroll or m.add_once
    if n == 0:
        return Poly(0, [1]), 1
    if not pooled:
        per, den = die.scores(_entry_score(node), odds.work, node.pos)
        lo = min(per)
        c = [0] * (max(per) - lo + 1)
        for v, w in per.items():
            c[v - lo] += w
        x = power(Poly(lo, c), n, odds.work, node.pos)
        return x, den ** n
    return _pool(odds, node, die)


def _multisets(dist: dict[int, int], n: int, work: Meter, pos: int,
               what: str) -> Iterator[tuple[tuple[int, ...], int]]:
    """(sorted tuple of n outcomes, multinomial weight) for every multiset."""
    keys = sorted(dist)
    k = len(keys)
    count = math.comb(n + k - 1, n)  # may be beyond any float: capped before it becomes a price
    work.charge(PER_LISTED * min(count * max(n, 1), 10**30), what, pos)
    fact = math.factorial
    for combo in combinations_with_replacement(range(k), n):
        w = fact(n)
        run = 1
        for i in range(1, n + 1):
            if i < n and combo[i] == combo[i - 1]:
                run += 1
            else:
                w //= fact(run)
                run = 1
        for i in combo:
            w *= dist[keys[i]]
        yield tuple(keys[i] for i in combo), w


def _clamp(node: Dice) -> Callable[[int], int]:
    m = node.more
    assert m is not None  # called by _pool only, for dice with extra notation
    lo, hi = m.low, m.high

    def value(v: int) -> int:
        return lo if lo is not None and v < lo else hi if hi is not None and v > hi else v
    return value


def _pool(odds: _Odds, node: Dice, die: _Die) -> tuple[Weights, int]:
    m = node.more
    assert m is not None  # called by more_dice only
    work, pos = odds.work, node.pos
    n = node.count
    steps = m.select
    if node.keep is not None:
        k = node.keep
        steps = (Select(k.mode[0] == "k", (Sel(k.mode[1], k.count),)),) + steps
    rank = m.rank_reroll if die.spare > 0 else None
    add = m.add_once if die.spare > 0 else None
    if rank is None and add is None and (die.explode is None or die.mode == "compound"):
        # every written die is one entry: its clamped value has a distribution of its own
        values, den = die.scores(_clamp(node), work, pos)
        if len(steps) == 1 and len(steps[0].sels) == 1 and steps[0].sels[0].cat in ("h", "l"):
            return _one_keep(node, steps[0], values, den, work)
        out: dict = defaultdict(int)
        for combo, w in _multisets(values, n, work, pos, N_("keeping among many dice")):
            out[_finish(node, steps, combo)] += w
        return dict(out), den ** n
    return _listed(odds, node, die, steps, rank, add)


def _one_keep(node: Dice, step: Select, values: dict[int, int], den: int, work: Meter) -> tuple[Poly, int]:
    """One keep or drop by rank: the order-statistics programme of rules.odds.keep."""
    n = node.count
    sel = step.sels[0]
    c = min(sel.num, n)
    descending = sel.cat == "h"
    if not step.keep:  # drop c from one end = keep n - c from the other
        descending, c = not descending, n - c
    succ, fail = node.success, node.failure

    def score(v: int) -> int:
        if succ is None:
            return v
        return 1 if succ.test(v) else -1 if fail is not None and fail.test(v) else 0

    order = [(score(v), values[v]) for v in sorted(values, reverse=descending)]
    steps = len(order) * (c * (c + 1) // 2 + 1)
    # the programme's integers pack c * (score range) slots of n * log2(total weight) bits each:
    # a compounding d100 kept 18 of 100 makes them megabytes, and every step passes over them
    spread = max(s for s, _ in order) - min(s for s, _ in order)
    packed = (c * spread + 1) * (n * sum(w for _, w in order).bit_length() + n + 8)
    work.charge(steps * (PER_KEEP_STEP + pass_cost(packed)), N_("keeping dice: {c} of {n}"),
                node.pos, c=c, n=n)
    return _kept_first(order, n, c), den ** n


def _listed(odds: _Odds, node: Dice, die: _Die, steps: tuple[Select, ...], rank: tuple[Sel, ...] | None,
            add: tuple[Sel, ...] | None) -> Part:
    """Every combination of the written dice, then each die's explosions."""
    work, pos = odds.work, node.pos
    n = node.count
    first, fden = die.first
    s = die.sides
    out: dict = defaultdict(int)
    den = fden ** n
    extra_den = s ** n if rank is not None else 1
    cont_den = s ** die.depth if die.explode is not None else 1
    add_den = s if add is not None else 1
    conts: dict[int, dict[tuple[int, ...], int]] = {}
    for start, w in _multisets(first, n, work, pos, N_("keeping among many dice")):
        starts = [(start, w * extra_den)]
        if rank is not None:  # the picked dice are thrown again, once
            picked = sorted(apply_steps((Select(True, rank),), list(enumerate(start))))
            picked = picked[:die.spare]
            work.charge(PER_LISTED * s ** len(picked), N_("rerolls among many dice"), pos)
            fill = extra_den // s ** len(picked)
            starts = []
            for faces in product(die.values, repeat=len(picked)):
                thrown = list(start)
                for i, f in zip(picked, faces, strict=True):
                    thrown[i] = f
                starts.append((tuple(thrown), w * fill))
        for vals, w1 in starts:
            combos: list[tuple[tuple[int, ...], int]] = [((), w1)]
            for v in vals:  # explosions of each entry, independently
                if v not in conts:
                    conts[v] = die.continuation(v, work, pos)[0]
                cont = conts[v]
                work.charge(PER_LISTED * len(combos) * len(cont), N_("explosions among many dice"), pos)
                combos = [(e + t, cw * tw) for e, cw in combos for t, tw in cont.items()]
            if steps:  # each listed chain is then sorted and kept, a price per die it holds
                # (5d2!kh4dh0 lists 160,000 chains of a dozen dice, about 30 µs each)
                work.charge(PER_CHAINED * len(steps) * sum(len(e) for e, _ in combos),
                            N_("explosions among many dice"), pos)
            for entries, w2 in combos:
                if add is not None:
                    if apply_steps((Select(True, add),), list(enumerate(entries))):
                        pen = -1 if die.mode == "penetrate" else 0
                        work.charge(PER_LISTED * s, N_("an added die"), pos)
                        for f in die.values:
                            out[_finish(node, steps, entries + (f + pen,))] += w2
                        continue
                    out[_finish(node, steps, entries)] += w2 * add_den
                    continue
                out[_finish(node, steps, entries)] += w2
    return dict(out), den * extra_den * cont_den ** n * add_den


def _finish(node: Dice, steps: tuple[Select, ...], entries: tuple[int, ...]) -> int:
    m = node.more
    assert m is not None  # called for dice with extra notation only (_pool, _listed)
    vals = []
    for v in entries:
        if m.low is not None and v < m.low:
            v = m.low
        elif m.high is not None and v > m.high:
            v = m.high
        vals.append(v)
    pairs = list(enumerate(vals))
    kept = apply_steps(steps, pairs) if steps else range(len(vals))
    if node.success is None:
        return sum(vals[i] for i in kept)
    score = 0
    for i in kept:
        v = vals[i]
        if node.success.test(v):
            score += 1
        elif node.failure is not None and node.failure.test(v):
            score -= 1
    return score


# -- sets, groups, arithmetic, functions --------------------------------------------------

def _bag(odds: _Odds, node: Bag, of: Of | None = None) -> Part:
    of = of or (lambda item: _dist(odds, item))
    parts = [of(item) for item in node.items]
    total = 1
    for _weights, t in parts:
        total *= t
    if not parts:
        return {0: 1}, 1
    size = 1
    for d, _total in parts:
        size *= len(d)
    odds.work.charge(PER_PAIR * size * max(1, len(parts)), N_("the items of a set"), node.pos)
    out: dict = defaultdict(int)
    for combo in product(*[list(d.items()) for d, _total in parts]):
        w = 1
        for _value, cw in combo:
            w *= cw
        vals = [v for v, _ in combo]
        kept = apply_steps(node.select, list(enumerate(vals))) if node.select else range(len(vals))
        if node.success is None:
            value = sum(vals[i] for i in kept)
        else:
            value = 0
            for i in kept:
                if node.success.test(vals[i]):
                    value += 1
                elif node.failure is not None and node.failure.test(vals[i]):
                    value -= 1
        out[value] += w
    return dict(out), total


def _calc(odds: _Odds, node: Chain | Calc, of: Of | None = None, exact: bool = False) -> Part:
    of = of or (lambda item: _dist(odds, item))
    ops = dict(_CALC, **{"/": Fraction}) if exact else _CALC
    x, total = of(node.first)
    for op, term, pos in node.rest:
        y, t = of(term)
        if op in ("/", "//", "%") and y.get(0):
            what = _("modulo by zero: the right-hand side can be 0") if op == "%" else \
                _("division by zero: the right-hand side can be 0")
            raise DiceError(what, odds.text, pos, "math", _("the roll fails whenever it shows 0"))
        odds.work.charge(PER_PAIR * len(x) * len(y), N_("combining two large parts"), pos)
        out: dict = defaultdict(int)
        f = ops[op]
        for vb, wb in y.items():
            for va, wa in x.items():
                v = f(va, vb)
                if type(v) is Fraction and v.denominator == 1:
                    v = v.numerator
                out[v] += wa * wb
        x, total = dict(out), total * t
    return x, total


def _exact(odds: _Odds, node: Node) -> Part:
    """Distribution with the roller's exact arithmetic inside a function."""
    if type(node) is Dec:
        return {Fraction(node.num, node.den): 1}, 1
    if type(node) is Neg:
        x, t = _exact(odds, node.operand)
        return {-v: w for v, w in x.items()}, t
    if type(node) is Group:
        return _exact(odds, node.inner)
    if isinstance(node, (Chain, Calc)):
        return _calc(odds, node, lambda n: _exact(odds, n), exact=True)
    if type(node) is Bag:
        return _bag(odds, node, lambda n: _exact(odds, n))
    return _dist(odds, node)


def _func(odds: _Odds, node: Func) -> Part:
    parts = [_exact(odds, a) for a in node.args]
    total = 1
    size = 1
    for d, t in parts:
        total *= t
        size *= len(d)
    odds.work.charge(PER_PAIR * size, "{name}()", node.pos, name=node.name)
    f = _FUNCS[node.name]
    out: dict = defaultdict(int)
    for combo in product(*[list(d.items()) for d, _total in parts]):
        w = 1
        for _value, cw in combo:
            w *= cw
        out[f([v for v, _ in combo])] += w
    return dict(out), total


def install(dispatch: dict[type, Handler]) -> None:
    """Plug the new node kinds into rules.odds' dispatch table."""
    plain_dice = dispatch[Dice]

    def dice(odds: _Odds, node: Dice) -> tuple[Weights, int]:
        return more_dice(odds, node) if node.more is not None else plain_dice(odds, node)

    dispatch[Dice] = dice
    dispatch[Dec] = lambda odds, node: (Poly(node.num // node.den, [1]), 1)
    dispatch[Calc] = _calc
    dispatch[Func] = _func
    dispatch[Bag] = _bag
