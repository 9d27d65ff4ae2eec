"""Exact odds of one action of a system: every die the rules draw, enumerated.

A system's action is decided by the same functions a fight calls, each taking
a dice source.  :func:`enumerate_dice` runs such a function once per way its
dice can fall: a :class:`BranchSource` hands out faces from a prefix and, past
the prefix, the face 1, noting each die's sides; after each run the last die
that can still turn up one more face does, and the dice after it are dropped
(an odometer over the dice the run actually drew).  A die drawn only on some
paths (a crit check after a first die of 1, an effect's d100 after a hit) is
enumerated only on those paths.  Each path weighs the product of ``1/sides``
of its dice, so the results are exact fractions, and a function whose result
depends only on a sum of dice is handed that sum's distribution from the odds
engine instead of every combination (:func:`sum_faces`).

:class:`Law` is a finite distribution of integers with exact weights;
:meth:`Law.distribution` turns it into the odds engine's ``Distribution`` (one
common denominator, integer weights), so an action's damage is charted, folded
and answered (``--at-least``) exactly as a dice expression is.

:class:`ActionOdds` is what a system's odds function returns: the chances that
decide the action (hit, drop, each effect), each an exact fraction, and the
distributions of its numbers (damage, soul points lost) as laws.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from math import lcm
from typing import TypeVar

from rules.dice.datatypes import datatype
from rules.dice.errors import DiceError
from rules.dice.sources import GIVEN, Draw
from rules.i18n import _

from . import Distribution

T = TypeVar("T", bound=Hashable)

#: paths one action may take before it is refused as too much work (about a second)
MAX_PATHS = 200_000


class BranchSource:
    """Faces of one path of the enumeration: ``prefix`` first, then 1s (their sides noted)."""

    __slots__ = ("prefix", "sides", "faces")

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.sides: list[int] = []
        self.faces: list[int] = []

    def draw(self, sides: int) -> Draw:
        i = len(self.faces)
        face = self.prefix[i] if i < len(self.prefix) else 1
        if face > sides:  # a path whose dice changed size: never happens to a rule that draws in order
            raise ValueError(_("die {i} drawn with {sides} sides after {face}").format(i=i, sides=sides, face=face))
        self.faces.append(face)
        self.sides.append(sides)
        return Draw(face, GIVEN)


def enumerate_dice(run: Callable[[BranchSource], T], limit: int = MAX_PATHS) -> dict[T, Fraction]:
    """Every result of ``run(source)`` with its exact chance, over every way the dice fall."""
    # each path weighs 1 / (the product of its dice's sides): paths are counted by result and
    # that product, in integers, and each count becomes one fraction at the end
    counts: dict[T, dict[int, int]] = {}
    prefix: list[int] = []
    paths = 0
    while True:
        source = BranchSource(prefix)
        result = run(source)
        faces, sides = source.faces, source.sides
        size = 1
        for s in sides:
            size *= s
        by_size = counts.get(result)
        if by_size is None:
            by_size = counts[result] = {}
        by_size[size] = by_size.get(size, 0) + 1
        paths += 1
        if paths > limit:
            raise DiceError(_("more than {limit} ways for the dice to fall").format(limit=limit), "", 0, "limit")
        i = len(faces) - 1
        while i >= 0 and faces[i] == sides[i]:
            i -= 1
        if i < 0:
            return {result: sum((Fraction(n, size) for size, n in by_size.items()), Fraction(0))
                    for result, by_size in counts.items()}
        prefix = [*faces[:i], faces[i] + 1]


def sum_faces(total: int, count: int, sides: int) -> list[int]:
    """``count`` faces of d``sides`` adding up to ``total`` (one of the ways; ``count <= total <= count*sides``)."""
    faces = []
    left = total
    for k in range(count, 0, -1):
        face = max(1, min(sides, left - (k - 1)))
        faces.append(face)
        left -= face
    return faces


@datatype(frozen=True)
class Law:
    """A finite distribution: each integer value with its exact chance (the chances add up to 1)."""

    #: (value, chance), values ascending, chances positive
    pairs: tuple[tuple[int, Fraction], ...]

    @staticmethod
    def of(chances: Mapping[int, Fraction] | Iterable[tuple[int, Fraction]]) -> Law:
        merged: dict[int, Fraction] = {}
        for v, p in (chances.items() if isinstance(chances, Mapping) else chances):
            merged[v] = merged.get(v, Fraction(0)) + p
        return Law(tuple(sorted((v, p) for v, p in merged.items() if p)))

    @staticmethod
    def certain(value: int) -> Law:
        return Law(((value, Fraction(1)),))

    def map(self, f: Callable[[int], int]) -> Law:
        return Law.of((f(v), p) for v, p in self.pairs)

    def chance(self, test: Callable[[int], bool]) -> Fraction:
        return sum((p for v, p in self.pairs if test(v)), Fraction(0))

    @property
    def mean(self) -> Fraction:
        return sum((v * p for v, p in self.pairs), Fraction(0))

    def distribution(self) -> Distribution:
        """The odds engine's form: integer weights over one common denominator."""
        total = lcm(*(p.denominator for _v, p in self.pairs))
        return Distribution(tuple(v for v, _p in self.pairs),
                            tuple(p.numerator * (total // p.denominator) for _v, p in self.pairs), total)


def mixture(parts: Iterable[tuple[Fraction, Law]]) -> Law:
    """The law that is ``law`` with chance ``p`` for each part (the chances add up to 1)."""
    out: dict[int, Fraction] = {}
    for p, law in parts:
        for v, q in law.pairs:
            out[v] = out.get(v, Fraction(0)) + p * q
    return Law.of(out)


@datatype(frozen=True)
class Chance:
    """One figure of an action: its key (JSON), its words for people, its exact chance."""

    key: str
    words: str
    chance: Fraction


@datatype(frozen=True)
class ActionOdds:
    """The exact odds of one action, as a system computes them with its own rules."""

    #: "attack", "check" or "save"
    action: str
    #: the action in words ("Гоблин 1 attacks Вор: d20+0 against dodge 12")
    title: str
    #: the chances that decide the action, in the order shown
    chances: tuple[Chance, ...]
    #: the charted number (damage dealt, or the check's total) and its words
    law: Law
    law_words: str
    #: further numbers, each (key, words, law): soul points lost, successes ...
    laws: tuple[tuple[str, str, Law], ...] = ()
    #: what was asked and read off the sheets: attacker, target, pools, modifiers (JSON)
    facts: tuple[tuple[str, object], ...] = ()
