"""The skirmish's own data on combatants, turns and the fight, as the codec reads it.

Kept apart from the fight rules so that checking a session file (every command
reads one) never loads the fight: the rules object delegates here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.systemdata import SystemData
from rules.i18n import _
from rules.systems.skirmish import fightdata, kit

Place = tuple[str | int, ...]


class Decoders(SystemData):
    """The readers of the skirmish's data, and what the roster commands ask of it: the
    gear as an inventory (``char give``, ``char take``, ``char show``), kept in
    ``kit.py``."""

    keeps_inventory = True

    @property
    def item_kinds(self) -> tuple[str, ...]:
        """The kinds of gear a master may give (``char give --kind``)."""
        return kit.KINDS

    @staticmethod
    def give(*args: Any, **options: Any) -> Any:
        return kit.give(*args, **options)

    @staticmethod
    def take(*args: Any, **options: Any) -> Any:
        return kit.take(*args, **options)

    @staticmethod
    def inventory_load(table: Mapping[str, Any], derived: Mapping[str, int]) -> Any:
        return kit.load(table, derived)

    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)

    @staticmethod
    def combatant_problems(sheet: Any, table: Mapping[str, Any]) -> list[tuple[Place, str]]:
        """What the skirmish finds wrong in a stored combatant: its weapons and armor."""
        data = table.get("data", {})
        if not isinstance(data, Mapping):
            return []
        try:
            fightdata.decode_combatant(data, ("data",))
        except DocumentError as e:
            return [(e.path, e.problem)]
        return []

    @staticmethod
    def fight_notes(enc: Any, hidden: set[str]) -> list[str]:
        """``fight status``: attacks waiting for an answer and counterattacks on offer,
        leaving out those that involve ``hidden`` combatants (the players' view)."""
        fight = enc.fight
        lines = []
        for p in fightdata.pending(fight):
            if p["target"] in hidden:
                continue
            if p["attacker"] in hidden:
                # the player must answer it: the total to beat and whether it is a shot (a dodge
                # is then a miss roll), not who attacks or with what
                text = (_("waiting: someone shoots at {target} = {total}; {target} answers with "
                          "defend {target} block|dodge|none") if p.get("shot") else
                        _("waiting: someone attacks {target} = {total}; {target} answers with "
                          "defend {target} block|dodge|none"))
                lines.append(text.format(target=p["target"], total=p["total"]))
                continue
            lines.append(_("waiting: {attacker} -> {target} ({weapon}) = {total}; {target} answers with "
                           "defend {target} block|dodge|none").format(
                attacker=p["attacker"], target=p["target"], weapon=p["weapon"] or "-", total=p["total"]))
        for dodger, attacker in fightdata.get(fight, "dodged", {}).items():
            if {dodger, attacker} & hidden:
                continue
            lines.append(_("counterattack on offer: counter {dodger} {attacker}").format(
                dodger=dodger, attacker=attacker))
        for runner in fightdata.listed(fight, "fled"):
            if runner not in hidden:
                lines.append(_("{name} got away: it leaves the fight once the attack on it is answered and its "
                               "turn is over").format(name=runner))
        return lines

    @staticmethod
    def status_notes(combatant: Any) -> tuple[str, ...]:
        """``fight status``: the cover the combatant stands in (SK-COVER-1) and the
        weapons a stun knocked out of its hands."""
        notes = []
        if combatant.data.get("cover") is not None:
            notes.append(_("in cover {rating}").format(rating=combatant.data["cover"]))
        dropped = combatant.data.get("dropped", [])
        if dropped:
            notes.append(_("dropped: {weapons}").format(weapons=", ".join(dropped)))
        return tuple(notes)


DECODERS = Decoders()
