"""A skirmish combatant's items, read from its ``data`` tables (see ``gear``),
and the combatant with one item replaced."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.state import Combatant
from rules.systems.skirmish import gear


def weapons(c: Combatant) -> dict[str, gear.Weapon]:
    return gear.weapons(c.data)


def armor(c: Combatant) -> dict[str, gear.Armor]:
    return gear.armor(c.data)


def artifacts(c: Combatant) -> dict[str, gear.Armor]:
    return gear.artifacts(c.data)


def with_item(c: Combatant, section: str, name: str, table: dict[str, Any] | None) -> Combatant:
    """``c`` with one weapon or armor item replaced (None removes it)."""
    items = dict(c.data.get(section, {}))
    if table is None:
        items.pop(name, None)
    else:
        items[name] = table
    data = dict(c.data)
    if items:
        data[section] = items
    else:
        data.pop(section, None)
    if table is None and section == "weapons":
        dropped = [n for n in data.get("dropped", []) if n != name]
        if dropped:
            data["dropped"] = dropped
        else:
            data.pop("dropped", None)
    return replace(c, data=data)
