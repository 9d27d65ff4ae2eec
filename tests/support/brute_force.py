"""The exact reference for odds: every face sequence the roller can consume, followed to
its value (icepool's way of checking: a brute-force answer to compare with)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from rules.dice import Limits, parse, roll
from rules.dice.sources import Draw, GivenSource
from rules.odds import Distribution


class _NeedFace(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Ask:
    """Fallback source: the scripted faces ran out, so the next die is unknown."""

    def draw(self, sides: int) -> Draw:
        raise _NeedFace(sides)


def brute_force(text: str, max_draws: int | None = None, limits: Limits | None = None):
    """Every face sequence the roller can consume: ({value: probability}, lost mass).

    With ``max_draws`` a sequence that would need more dice is not followed,
    and its probability is returned as the lost mass.
    """
    expr = parse(text) if limits is None else parse(text, limits)
    extra = {} if limits is None else {"limits": limits}
    dist: dict[int, Fraction] = defaultdict(Fraction)
    lost = Fraction(0)
    stack = [((), Fraction(1))]
    while stack:
        faces, p = stack.pop()
        try:
            value = roll(expr, GivenSource(faces, _Ask()), **extra).value
        except _NeedFace as need:
            if max_draws is not None and len(faces) >= max_draws:
                lost += p
                continue
            share = p / need.sides
            stack.extend((faces + (f,), share) for f in range(1, need.sides + 1))
            continue
        dist[value] += p
    return dict(dist), lost


def as_dict(d: Distribution) -> dict[int, Fraction]:
    return dict(d.outcomes())
