"""A champion's marks kept in step with its HP when a master sets them by hand (``char set hp=``).

Read on a stored champion's table, without the fight rules (the roster loads none):
more HP is a healing, which stops bleeding (TW-BLEED-1) and lowers the wound level
without giving energy back; fewer HP raise the level, whose energy is taken once
as in a fight (TW-WOUND-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.systems.twilight import champion as ch
from rules.systems.twilight.perks import decode_perks


def _immune_to_energy_loss(data: Mapping[str, Any]) -> bool:
    try:
        return any("energy" in p.immune for p in decode_perks(data.get("perks", []), ("data", "perks")))
    except DocumentError:  # a bad perk is the decoder's to report, when the file is checked
        return False


def settle_marks(table: dict[str, Any], old_resources: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """``char set``: the wound level and bleeding in step with the champion's new HP (``table``,
    the stored champion, is changed in place); returns what changed, for the change line.

    More HP is a healing: bleeding stops (TW-BLEED-1) and the level falls, no energy back.
    Fewer HP raise the level, and its energy is taken once as in a fight (TW-WOUND-1),
    unless ``energy`` was given in the same command."""
    stats, resources = table.get("stats", {}), table.get("resources", {})
    hp_max, hp = stats.get("hp_max"), resources.get("hp")
    if not isinstance(hp_max, int) or not isinstance(hp, int) or hp_max <= 0:
        return {}
    changed: dict[str, Any] = {}
    if hp > old_resources.get("hp", hp):
        effects = table.get("effects", [])
        kept = [e for e in effects if not (isinstance(e, Mapping) and e.get("healing_removes"))]
        for e in effects:
            if e not in kept:
                changed[str(e.get("name"))] = False
        if len(kept) != len(effects):
            table["effects"] = kept
    data = dict(table.get("data", {}))
    was = data.get("wound", ch.NONE)
    level = ch.wound_level(hp_max, min(hp, hp_max))
    if level == was:
        return changed
    changed["wound"] = level
    if level:
        data["wound"] = level
    else:
        data.pop("wound", None)
    if level > was:
        taken = int(data.get("wound_energy", 0))
        owed = max(0, ch.WOUND_ENERGY[level] - taken)
        if _immune_to_energy_loss(data):
            owed = 0
        if owed and "energy" not in given and "energy" in resources:
            resources["energy"] = max(0, resources["energy"] - owed)
        if owed:
            data["wound_energy"] = taken + owed
    table["data"] = data
    if not data:
        del table["data"]
    return changed
