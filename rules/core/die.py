"""The one record of a die drawn by a rule: its face, what it decided, where it came from."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.sources import DiceSource


@dataclass(frozen=True, slots=True)
class Die:
    """One die as it was drawn: enough to show it and to re-check it."""

    face: int
    sides: int
    #: what the die decided ("check", "hit", "damage", "rest_hp", ...)
    purpose: str
    #: "rolled", "given" (a player's posted value) or "committed"
    origin: str
    #: position in a committed sequence, for re-checking hidden rolls
    counter: int | None = None


def roll(source: DiceSource, sides: int, purpose: str) -> Die:
    draw = source.draw(sides)
    return Die(draw.face, sides, purpose, draw.origin, draw.counter)
