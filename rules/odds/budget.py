"""How deep explosions are followed, and how far that can be from the roller.

The roller shares one budget of extra dice between every reroll and
explosion of an expression: ``max_dice`` minus the dice the expression
writes (1,000 - 4 = 996 for ``4d6!``).  When it runs out, a die that would be
rerolled or explode simply stays.  The odds follow a simpler process that is
the same on every roll where that budget is never reached:

* ``r`` rerolls without end (the face is uniform over the faces that do not
  match, the exact limit), ``ro`` rerolls once;
* every exploding chain stops after ``D`` explosions, as if each die had a
  budget of its own; ``D`` is the smallest depth at which the chance that
  any chain of the expression would go deeper is below half of
  ``OddsLimits.max_error``, and never more than the real budget.

The two processes can differ only when some chain is longer than ``D`` or
when the rolls would ask for more extra dice than the budget holds.  The
first chance is summed exactly; the second is bounded by Chernoff's
inequality on the number of extra dice asked for,
``P(T > spare) <= E[z**T] / z**(spare + 1)`` for any ``z > 1``, with ``E[z**T]``
the product of one generating function per die (rerolls are geometric,
explosions a geometric chain).  The sum is ``Distribution.max_error``; above
``OddsLimits.max_error`` the expression is refused, since the roller would
cut it short too often for the odds to mean anything.  With no budget at all
(1,000 dice written) the roller never rerolls or explodes, and neither do the
odds: that case is exact.
"""

from __future__ import annotations

import math

from rules.dice.datatypes import datatype

from ..dice.ast import Dice, Expression, iter_dice
from ..dice.errors import DiceError
from ..i18n import _
from .faces import Faces
from .meter import OddsLimits


@datatype(frozen=True, slots=True)
class Plan:
    #: extra dice the roller may draw for rerolls and explosions
    spare: int
    #: explosion depth of each exploding dice term
    depths: dict
    #: bound on the total-variation distance to the roller
    error: float


@datatype(frozen=True, slots=True)
class _Term:
    count: int
    sides: int
    matched: int  # faces a reroll matches
    once: bool
    exploding: int  # faces that explode
    clean_exploding: int  # exploding faces that a reroll does not match

    def first_explodes(self) -> float:
        """Chance that the first die of a chain explodes (after its rerolls)."""
        s, e = self.sides, self.exploding
        if not self.matched:
            return e / s
        if not self.once:
            return self.clean_exploding / (s - self.matched)
        a = self.matched / s
        clean = self.clean_exploding / (s - self.matched) if self.matched < s else 0.0
        return (1 - a) * clean + a * e / s

    def log_mgf(self, z: float) -> float:
        """``log E[z**T]`` for the extra dice one die of this term asks for."""
        s = self.sides
        p = self.exploding / s

        def chain(b: float) -> float:
            if not self.exploding:
                return 1.0
            return 1 - b + b * z * (1 - p) / (1 - p * z)

        clean = self.clean_exploding / (s - self.matched) if self.matched < s else 0.0
        if not self.matched:
            m = chain(self.exploding / s)
        elif self.once:
            a = self.matched / s
            m = (1 - a) * chain(clean) + a * z * chain(self.exploding / s)
        else:
            a = self.matched / s
            m = (1 - a) / (1 - a * z) * chain(clean)
        return math.log(m) if m > 0 else math.inf

    def z_limit(self) -> float:
        """The generating function is finite only below this ``z``."""
        limits = [math.inf]
        if self.exploding:
            limits.append(self.sides / self.exploding)
        if self.matched and not self.once:
            limits.append(self.sides / self.matched)
        return min(limits)


def _term(node: Dice) -> _Term | None:
    faces = Faces(node, rerolls=True, explodes=True)
    matched = faces.matched if node.reroll is not None else 0
    exploding = faces.explode_count() if node.explode is not None else 0
    if not matched and not exploding:
        return None
    clean = sum(r.size for r in faces.runs if r.explodes and not r.rerolled)
    return _Term(node.count, node.sides, matched, node.reroll_once, exploding, clean)


def _chernoff(terms: list[_Term], spare: int) -> float:
    """Upper bound on P(the extra dice asked for exceed ``spare``)."""
    if not terms:
        return 0.0
    top = min(t.z_limit() for t in terms)
    hi = math.log(top) if math.isfinite(top) else math.log(1e6)

    def log_bound(u: float) -> float:
        z = math.exp(u)
        return sum(t.count * t.log_mgf(z) for t in terms) - (spare + 1) * u

    lo, hi = 0.0, hi * (1 - 1e-12)
    for _step in range(60):  # log_bound is convex in log z: ternary search
        a = lo + (hi - lo) / 3
        b = hi - (hi - lo) / 3
        if log_bound(a) <= log_bound(b):
            hi = b
        else:
            lo = a
    best = min(log_bound(lo), 0.0)
    return math.exp(best) if best > -745 else 0.0


def plan(expr: Expression, limits: OddsLimits) -> Plan:
    dice = list(iter_dice(expr.root))
    spare = limits.dice.max_dice - sum(d.count for d in dice)
    if spare <= 0:
        return Plan(0, {}, 0.0)
    terms = {d: _term(d) for d in dice}
    exploding = [(d, t) for d, t in terms.items() if t is not None and t.exploding]
    chains = sum(d.count for d, _ in exploding)
    per_chain = limits.max_error / 2 / max(chains, 1)
    depths: dict = {}
    tail = 0.0
    for d, t in exploding:
        b = t.first_explodes()
        p = t.exploding / t.sides
        depth = 0
        if b > per_chain:
            depth = math.ceil((math.log(b) - math.log(per_chain)) / -math.log(p))
            while depth > 0 and math.log(b) + (depth - 1) * math.log(p) <= math.log(per_chain):
                depth -= 1
            depth = min(depth, spare)
        depths[d] = depth
        if b > 0 and depth < spare + 1:
            tail += d.count * math.exp(max(math.log(b) + depth * math.log(p), -745))
    budget = _chernoff([t for t in terms.values() if t is not None], spare)
    error = tail + budget
    if error > limits.max_error:
        raise DiceError(
            _("rerolls and explosions here can run past the budget of one roll ({top:,} dice), which cuts "
              "the roll short, so its odds cannot be given exactly").format(top=limits.dice.max_dice),
            expr.text, min(d.pos for d, t in terms.items() if t is not None), "limit",
            _("fewer dice, or a narrower reroll or explosion"),
        )
    return Plan(spare, depths, error)
