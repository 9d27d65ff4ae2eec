"""The dungeon's own data on combatants, turns and the fight, as the codec reads it.

Kept apart from the fight rules so that checking a session file (every command
reads one) never loads the fight: the rules object delegates here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.systems.dungeon import fightdata

Place = tuple[str | int, ...]


class Decoders:
    """The three ``decode_*_data`` methods of the contract, and the check of a stored
    combatant that the session check runs."""

    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)

    @staticmethod
    def combatant_problems(sheet: Any, table: Mapping[str, Any]) -> list[tuple[Place, str]]:
        """What the dungeon finds wrong in a stored combatant: (place, message).

        HP and status in agreement (DG-DEATH-1), the inventory readable and within
        its slots (DG-INV-1).  Places are relative to the combatant's table.
        """
        from rules.core.errors import DocumentError
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
                    found.append((("data", "inventory"), f"{load.used} slots used, {load.capacity} carried "
                                  f"(slots = ТЕЛО x 3); remove {load.used - load.capacity} or raise "
                                  "slots (DG-INV-1)"))
        return found


DECODERS = Decoders()
