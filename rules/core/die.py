"""The one record of a die drawn by a rule: its face, what it decided, where it came from.

It is the dice engine's die record (``rules.dice.records.RolledDie``): a die a
rule draws and a die of a rolled expression are one kind of value, shown,
journaled and re-checked the same way; a rule's die says what it was drawn
for in ``purpose``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.dice.records import RolledDie as Die

if TYPE_CHECKING:
    from rules.dice.sources import DiceSource

__all__ = ["Die", "roll"]


def roll(source: DiceSource, sides: int, purpose: str) -> Die:
    """One die of ``sides`` from ``source``, drawn for ``purpose``."""
    draw = source.draw(sides)
    # Die(sides, draw.face, draw.origin, draw.counter, purpose=purpose), without the keyword:
    # every die of every rule (and of a simulation's thousands of fights) is made here
    return _tuple_new(Die, (sides, draw.face, draw.origin, draw.counter, *_BETWEEN, purpose))


_tuple_new = tuple.__new__
#: the defaults of the fields between a drawn die's counter and its purpose
_BETWEEN = tuple(Die._field_defaults[name] for name in Die._fields[4:-1])
assert Die._fields[:4] == ("sides", "face", "origin", "counter") and Die._fields[-1] == "purpose"
