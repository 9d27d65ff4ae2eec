"""A skirmish combatant's items, read from its ``data`` tables (see ``gear``),
and the combatant with one item replaced."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules.core.state import Combatant
from rules.dice.datatypes import replace
from rules.systems.skirmish import gear

#: (section, id of a combatant's frozen data) -> (the data, its items read): a fight reads the
#: same combatant's items at every roll, and a simulation thousands of times
_READ: dict[tuple[str, int], tuple[Mapping[str, Any], dict[str, Any]]] = {}
_READ_KEPT = 1024


def _items(section: str, data: Mapping[str, Any],
           read: Callable[[Mapping[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    return dict(_kept(section, data, read))


def _kept(section: str, data: Mapping[str, Any],
          read: Callable[[Mapping[str, Any]], dict[str, Any]]) -> Mapping[str, Any]:
    """The items read of ``data``: the kept table itself, for readers that change nothing."""
    if type(data) is not MappingProxyType:
        return read(data)
    key = (section, id(data))
    known = _READ.get(key)
    if known is None or known[0] is not data:
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        # the data is held with what was read of it, so its id is never reused meanwhile
        known = _READ[key] = (data, read(data))
    return known[1]


def weapons(c: Combatant) -> dict[str, gear.Weapon]:
    return _items("weapons", c.data, gear.weapons)


def carried_items(c: Combatant) -> Mapping[str, gear.Weapon]:
    """:func:`weapons` for a reader that changes nothing: the table kept for ``c``'s data, not a copy."""
    return _kept("weapons", c.data, gear.weapons)


def worn_items(c: Combatant) -> Mapping[str, gear.Armor]:
    """:func:`armor`, not a copy (see :func:`carried_items`)."""
    return _kept("armor", c.data, gear.armor)


def kept_items(c: Combatant) -> Mapping[str, gear.Armor]:
    """:func:`artifacts`, not a copy (see :func:`carried_items`)."""
    return _kept("artifacts", c.data, gear.artifacts)


def armor(c: Combatant) -> dict[str, gear.Armor]:
    return _items("armor", c.data, gear.armor)


def artifacts(c: Combatant) -> dict[str, gear.Armor]:
    return _items("artifacts", c.data, gear.artifacts)


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
