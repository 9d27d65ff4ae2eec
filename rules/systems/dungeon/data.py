"""The dungeon's own data on combatants, turns and the fight, as the codec reads it.

Kept apart from the fight rules so that checking a session file (every command
reads one) never loads the fight: the rules object delegates here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.systemdata import SystemData
from rules.i18n import _
from rules.systems.dungeon import fightdata

Place = tuple[str | int, ...]


def _carrying() -> Any:
    from rules.systems.dungeon import carrying

    return carrying


class Decoders(SystemData):
    """The three ``decode_*_data`` methods of the contract, the check of a stored
    combatant that the session check runs, and what the roster commands need of the
    dungeon: health set by hand (DG-DEATH-1) and the inventory (DG-INV-1), kept in
    ``rules.systems.dungeon.carrying`` and loaded only by those commands."""

    keeps_inventory = True

    @property
    def item_kinds(self) -> tuple[str, ...]:
        """The kinds of item a master may give (``char give --kind``)."""
        from rules.systems.dungeon.inventory import KIND_SLOTS, SMALL

        return (*KIND_SLOTS, SMALL)

    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)

    @staticmethod
    def combatant_problems(sheet: Any, table: Mapping[str, Any]) -> list[tuple[Place, str]]:
        """What the dungeon finds wrong in a stored combatant: (place, message).

        HP and status in agreement (DG-DEATH-1), the inventory readable and within
        its slots (DG-INV-1).  Places are relative to the combatant's table.
        """
        from rules.systems.dungeon.health import health_problems
        stats, resources = table.get("stats", {}), table.get("resources", {})
        found: list[tuple[Place, str]] = [
            (p.path, p.message) for p in health_problems(sheet, stats, resources, table.get("status", "ok"))]
        data = table.get("data", {})
        if isinstance(data, Mapping) and "inventory" in data:
            from rules.systems.dungeon.inventory import Inventory

            try:
                inventory = Inventory.from_toml(data["inventory"], ("data", "inventory"))
            except DocumentError as e:
                found.append((e.path, e.problem))
            else:
                try:
                    capacity = sheet.derive(stats)["slots"]
                except ValueError:
                    return found  # the stats are reported by the sheet
                load = inventory.load(capacity)
                if not load.fits:
                    found.append((("data", "inventory"), _(
                        "{used} slots used, {capacity} carried (slots = ТЕЛО x 3); remove {extra} or raise "
                        "slots (DG-INV-1)").format(used=load.used, capacity=load.capacity,
                                                   extra=load.used - load.capacity)))
        return found

    @staticmethod
    def parse_status(text: str) -> str:
        return str(_carrying().parse_status(text))

    @staticmethod
    def settle_health(*args: Any) -> str:
        return str(_carrying().settle_health(*args))

    @staticmethod
    def give(*args: Any, **options: Any) -> Any:
        return _carrying().give(*args, **options)

    @staticmethod
    def take(*args: Any, **options: Any) -> Any:
        return _carrying().take(*args, **options)

    @staticmethod
    def require_room(*args: Any) -> None:
        _carrying().require_room(*args)

    @staticmethod
    def inventory_load(table: Mapping[str, Any], derived: Mapping[str, int]) -> Any:
        return _carrying().load(table, derived)

    @staticmethod
    def status_notes(combatant: Any) -> list[str]:
        """A combatant's own dungeon state in words, for ``fight status`` and ``char show``:
        lying prone (DG-PRONE-1), its cell on the grid (DG-RANGE-1), its place in the
        party's agreed order (DG-INIT-1).  The inventory has a view of its own."""

        data = combatant.data
        words = []
        if data.get("prone"):
            words.append(_("prone"))
        cell = data.get("cell")
        if isinstance(cell, list) and len(cell) == 2:
            words.append(_("on cell {x},{y}").format(x=cell[0], y=cell[1]))
        if data.get("place"):
            words.append(_("place {place} in the party's order").format(place=data["place"]))
        return words


DECODERS = Decoders()
