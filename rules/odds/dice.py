"""The distribution of one dice term, by the shape of its modifiers.

An exploding chain (one die of the term and the dice its explosions add) is
the polynomial ``first_N * S**D + first_E * T(D-1)`` with
``T(0) = all``, ``T(j) = N * S**j + E * T(j-1)``: the first die either shows a
face that does not explode (``first_N``) or one that does and is followed by
added dice, each uniform over the ``S`` faces, that go on while they explode
and the depth ``D`` allows.  All weights share the denominator
``den * S**D``.  Sums and success counts of ``n`` chains (or plain dice) are
that polynomial to the ``n``-th power.
"""

from __future__ import annotations

import math

from ..dice.ast import Dice
from ..i18n import N_
from .faces import Faces
from .fixed import FRACTION_BITS, fixed_power
from .keep import keep_exploding, keep_fixed
from .meter import Meter, mul_cost
from .poly import PER_STEP_SLOT, Poly, add, mul, power, power_price, scale


def chain_poly(faces: Faces, depth: int, work: Meter, pos: int) -> Poly:
    """Score of one die and what its explosions add, at most ``depth`` of them."""
    if depth == 0:
        return faces.poly(first=True)
    sides = faces.sides
    boom = faces.poly(first=False, explodes=True)
    calm = faces.poly(first=False, explodes=False)
    tail = faces.poly(first=False)  # the die after the last allowed explosion
    for j in range(1, depth):
        tail = add(scale(calm, sides ** j), mul(boom, tail, work, pos))
    return add(scale(faces.poly(first=True, explodes=False), sides ** depth),
               mul(faces.poly(first=True, explodes=True), tail, work, pos))


def dice_distribution(node: Dice, spare: int, depth: int, work: Meter) -> Poly | dict[int, int]:
    """Weights of the term's value; they sum to the term's denominator."""
    rerolls = spare > 0 and node.reroll is not None
    explodes = spare > 0 and node.explode is not None and depth > 0
    faces = Faces(node, rerolls, explodes)
    n = node.count
    keep = node.keep
    if n == 0:
        return Poly(0, [1])
    if explodes:
        if keep is None:
            return _exploding_sum(faces, n, depth, work, node.pos)
        return keep_exploding(faces, n, keep.mode, keep.count, depth, work, node.pos)
    if keep is not None:
        kept = keep.count if keep.mode in ("kh", "kl") else n - keep.count
        if kept < n:
            return keep_fixed(faces, n, keep.mode, keep.count, work, node.pos)
    return power(faces.poly(first=True), n, work, node.pos)


#: an exact power of exploding chains priced above this (about 20 ms) is
#: taken in fixed point instead (odds_fixed)
EXACT_EXPLOSIONS_MAX = 2e7


def _exploding_sum(faces: Faces, n: int, depth: int, work: Meter, pos: int) -> Poly:
    # The chain is priced in full before it is built, from the largest sizes
    # it can reach, so a hopeless d20!>=2 is refused at once.
    span = faces.sides if not faces.counts_successes else 3
    length = (depth + 1) * span + 1
    chain_bits = (faces.den * faces.sides ** depth).bit_length()
    boom = max(faces.explode_count(), 1) if not faces.counts_successes else 3
    slot = length * chain_bits
    build = depth * (PER_STEP_SLOT * 4 * length + mul_cost(slot, boom * chain_bits))
    raised = min(power_price(length, 2 * length, chain_bits * n, n)) if n > 1 else 0.0
    what = N_("exploding dice: {n}, explosions deep: {depth}")
    # Fixed point pays 2 * FRACTION_BITS per weight in every product: worth it
    # only where the exact weights are much longer than that.
    if raised <= EXACT_EXPLOSIONS_MAX or chain_bits * n <= 4 * FRACTION_BITS:
        work.charge(build + raised, what, pos, n=n, depth=depth)
        prepaid = Meter(math.inf, work.text)
        return power(chain_poly(faces, depth, prepaid, pos), n, prepaid, pos)
    # Fixed point: each product is priced by mul() as it comes, from the
    # sizes left after rounding, which the exact price cannot know.
    work.charge(build, what, pos, n=n, depth=depth)
    chain = chain_poly(faces, depth, Meter(math.inf, work.text), pos)
    result, lost = fixed_power(chain, n, work, pos)
    work.rounding += lost
    return result
