"""The dungeon's inventory and health on the stored combatants of a session (DG-INV-1, DG-DEATH-1).

What ``char give``, ``char take``, ``char show`` and ``char set`` need of the
dungeon, working on the combatants' tables as the session file holds them
(``combatants."Вор".data.inventory``).  The interface reaches these through
the system's data readers (``rules.systems.dungeon.data``), never by name.

Errors: a name nobody carries or a kind nobody knows is an
``UnknownNameError``; a malformed request (a hand-over that also describes a
new item) a ``ValueError``; stats from which no slots can be worked out a
``DocumentError``; what the rules refuse (no room) a ``RuleError``.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from rules.core.errors import DocumentError, RuleError
from rules.core.names import name_key
from rules.i18n import _, pgettext
from rules.systems.dungeon.health import STATUS_WORDS, set_health
from rules.systems.dungeon.inventory import (
    Inventory,
    InventoryChange,
    InventoryLoad,
    Item,
    drop_item,
    give_item,
    hand_over,
    items_text,
)

Tables = MutableMapping[str, Any]


def inventory_of(combatants: Mapping[str, Any], name: str) -> Inventory:
    raw = combatants[name].get("data", {}).get("inventory", [])
    return Inventory.from_toml(raw, ("combatants", name, "data", "inventory"))


def capacity(sheet: Any, combatants: Mapping[str, Any], name: str) -> int:
    """The slots ``name`` has (ТЕЛО x 3)."""
    try:
        return int(sheet.derive(combatants[name].get("stats", {}))["slots"])
    except ValueError as e:
        raise DocumentError(("combatants", name, "stats"), str(e)) from None


def store(combatants: Tables, name: str, inventory: Inventory | None) -> None:
    """Write ``name``'s inventory after a change (every side of a change has one)."""
    assert inventory is not None, "an inventory change names the inventory after it"
    table = combatants[name]
    data = table.setdefault("data", {})
    if inventory.items:
        data["inventory"] = inventory.to_toml()
    else:
        data.pop("inventory", None)
        if not data:
            table.pop("data")


def give(sheet: Any, combatants: Tables, name: str, item: str, count: int, *, to: str | None = None,
         kind: str | None = None, stack: int | None = None) -> InventoryChange:
    """``name`` receives an item, or with ``to`` hands one it carries to ``to``.

    A new item's kind is ``kind`` (default: the kind of the same item already
    carried, else a plain item).  The receiver must have the slots free.
    """
    if to is not None:
        if kind is not None or stack is not None:
            raise ValueError(_("--kind and --stack describe a new item; a hand-over moves one already carried"))
        change = hand_over(name, inventory_of(combatants, name), to, inventory_of(combatants, to),
                           item, count, capacity(sheet, combatants, to))
        store(combatants, name, change.giver_after)
        store(combatants, to, change.taker_after)
        return change
    inventory = inventory_of(combatants, name)
    carried = next((i for i in inventory.items if name_key(i.name) == name_key(item)), None)
    if kind is None and carried is not None:
        kind, stack = carried.kind, carried.stack if stack is None else stack
    new = Item(carried.name if carried else item, kind or "item", count, stack)
    change = give_item(name, inventory, new, capacity(sheet, combatants, name))
    store(combatants, name, change.taker_after)
    return change


def take(sheet: Any, combatants: Tables, name: str, item: str, count: int, *,
         source: str | None = None) -> InventoryChange:
    """``name`` loses an item (used, sold, dropped), or takes it from ``source``."""
    if source is not None:
        change = hand_over(source, inventory_of(combatants, source), name, inventory_of(combatants, name),
                           item, count, capacity(sheet, combatants, name))
        store(combatants, source, change.giver_after)
        store(combatants, name, change.taker_after)
        return change
    change = drop_item(name, inventory_of(combatants, name), item, count)
    store(combatants, name, change.giver_after)
    return change


def require_room(sheet: Any, combatants: Mapping[str, Any], name: str) -> None:
    """After a change of stats: a lowered ТЕЛО may leave too little room for what is carried."""
    if "inventory" in combatants[name].get("data", {}):
        inventory_of(combatants, name).load(capacity(sheet, combatants, name)).require_fits(name)


def load(table: Mapping[str, Any], derived: Mapping[str, int]) -> tuple[InventoryLoad, str] | None:
    """(the slots used of those carried, the items in words) for ``char show``; None without slots."""
    if "slots" not in derived:
        return None
    inventory = Inventory.from_toml(table.get("data", {}).get("inventory", []), ("data", "inventory"))
    return inventory.load(derived["slots"]), items_text(inventory.items)


# --- health ---------------------------------------------------------------------


def parse_status(text: str) -> str:
    """A status the master sets by hand (``char set X status=unconscious``)."""
    word = text.strip().lower()
    if word not in STATUS_WORDS:
        # the words a reader types, in the reader's language (the program's catalog has them)
        raise ValueError(_("status {text!r} is not one of {allowed}").format(
            text=text, allowed=", ".join(pgettext("combatant status", word) for word in STATUS_WORDS)))
    return word


def settle_health(sheet: Any, stats: Mapping[str, Any], old_resources: Mapping[str, int], resources: dict,
                  status_before: str, given: Mapping[str, int], status: str | None) -> str:
    """The status after a change of HP, status or the maximum; HP capped or refused (DG-DEATH-1).

    ``resources`` may be changed: HP that was not given follows a lowered
    maximum.  A stored status that fits no HP is a ``DocumentError``.
    """
    if "hp" not in {r.key for r in sheet.resources}:
        return status if status is not None else status_before
    try:
        max_hp = sheet.resource_caps(stats)["hp"]
    except ValueError as e:
        raise RuleError(str(e)) from None
    hp_before = old_resources.get("hp", resources.get("hp", max_hp))
    hp = resources.get("hp", max_hp)
    if "hp" not in given and hp > max_hp:
        resources["hp"] = hp = max_hp
    try:
        result = set_health(hp_before if "hp" in given else hp, status_before, max_hp,
                            hp=given.get("hp"), status=status)
    except ValueError as e:
        raise DocumentError(("status",), str(e)) from None
    return result.status_after
