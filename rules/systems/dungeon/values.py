"""A dungeon combatant's values as the rules read them: the sheet's stats and
derived values with what effects add, and resources at their start value until
written."""

from __future__ import annotations

from typing import Any

from rules.core.state import Combatant
from rules.systems.dungeon.sheet import SHEET


def base_values(c: Combatant) -> dict[str, Any]:
    return SHEET.all_values(c.stats)


def value(c: Combatant, key: str) -> int:
    """A stat or derived value with what the effects add to it.

    A modifier changes only the value it names: body -1 lowers body checks
    and melee damage, not max HP [I].
    """
    return int(base_values(c)[key]) + c.modifier(key)


def resource(c: Combatant, key: str) -> int:
    """Current value; a resource never written yet is at its start value."""
    if key in c.resources:
        return c.resources[key]
    return SHEET.initial_resources(c.stats)[key]


def cap(c: Combatant, key: str) -> int:
    return SHEET.resource_caps(c.stats)[key]
