"""The toy's data readers: what the program asks of it without its fight rules.

Kept apart from the fight (``rules.py``) as a real system's ``data.py`` is, so
checking a file or showing the status loads no fight rules; the rules object
extends the same class, so a fight reads the file the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.systemdata import SystemData

from . import marbles

#: a toy's statuses: the core's three, and dizzy (TOY-STATUS-1, see ``rules.Toy.status``)
OK, DIZZY, UNCONSCIOUS, DEAD = "ok", "dizzy", "unconscious", "dead"
STATUSES = (OK, DIZZY, UNCONSCIOUS, DEAD)
#: the moods the fight rules read (TOY-MOOD-1); any other word is only shown
GRUMPY, SULKY, FROZEN, EAGER = "grumpy", "sulky", "frozen", "eager"


def _table(raw: Any, path: tuple, keys: tuple[str, ...], what: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, f"must be a table, got {raw!r}")
    for key in raw:
        if key not in keys:
            raise DocumentError(path + (key,), f"unknown key; {what} keeps only {', '.join(keys)}")
    return raw


def _count(value: Any, path: tuple) -> int:
    if type(value) is not int or value < 1:
        raise DocumentError(path, f"must be a whole number, 1 or more; got {value!r}")
    return value


class ToyData(SystemData):
    """Every data hook of the contract, each with a toy rule."""

    #: TOY-MARBLE-1: ``char give`` and ``char take`` move marbles
    keeps_inventory = True

    # --- the session file's data tables ---

    def upgrade_combatant(self, table):
        """TOY-OLD-1: an older release kept a toy's ``mood`` at the top of its table; it moves
        into ``data.mood`` (a mood already there wins)."""
        if "mood" not in table:
            return table
        data = table.get("data", {})
        upgraded = {k: v for k, v in table.items() if k != "mood"}
        upgraded["data"] = {"mood": table["mood"], **data} if isinstance(data, Mapping) else data
        return upgraded

    def decode_combatant_data(self, raw, path):
        """A toy keeps its ``mood`` (a word), its ``marbles`` (colour -> how many) and its ``dents``."""
        _table(raw, path, ("mood", "marbles", "dents"), "a toy")
        if not isinstance(raw.get("mood", ""), str):
            raise DocumentError(path + ("mood",), f"must be text, got {raw['mood']!r}")
        held = raw.get("marbles", {})
        if not isinstance(held, Mapping):
            raise DocumentError(path + ("marbles",), f"must be a table of colours, got {held!r}")
        for colour, count in held.items():
            _count(count, path + ("marbles", colour))
        if "dents" in raw:
            _count(raw["dents"], path + ("dents",))
        return raw

    def decode_fight_data(self, raw, path):
        """A toy fight keeps whether it is ``loud`` (``fight start --loud``)."""
        _table(raw, path, ("loud",), "a toy fight")
        if not isinstance(raw.get("loud", False), bool):
            raise DocumentError(path + ("loud",), f"must be true or false, got {raw['loud']!r}")
        return raw

    def decode_turn_data(self, raw, path):
        """A toy's turn counts the ``pokes`` its actor has made in it."""
        _table(raw, path, ("pokes",), "a toy's turn")
        if "pokes" in raw:
            _count(raw["pokes"], path + ("pokes",))
        return raw

    def combatant_problems(self, sheet, table):
        """TOY-MOOD-1: a mood is one word."""
        data = table.get("data", {})
        mood = data.get("mood") if isinstance(data, Mapping) else None
        return [(("data", "mood"), "a toy's mood is one word")] if isinstance(mood, str) and " " in mood else []

    # --- the roster ---

    def parse_status(self, text):
        """TOY-STATUS-1: a master sets any of a toy's statuses by hand, dizzy too."""
        word = text.strip().lower()
        if word not in STATUSES:
            raise ValueError(f"a toy is {', '.join(STATUSES)}; not {text!r}")
        return word

    def settle_health(self, sheet, stats, old_resources, resources, status_before, given, status):
        """TOY-1: HP follows a lowered max HP down; a toy at 0 HP is unconscious and HP above 0
        wakes it; a status the master types wins."""
        cap = sheet.resource_caps(stats)["hp"]
        hp = resources.get("hp", cap)
        if "hp" not in given and hp > cap:
            resources["hp"] = hp = cap
        if status is not None:
            return status
        if hp == 0 and status_before != DEAD:
            return UNCONSCIOUS
        return OK if hp > 0 and status_before == UNCONSCIOUS else status_before

    def settle_marks(self, table, old_resources, given):
        """TOY-DENT-2: a master who sets a toy's HP back to its maximum smooths out its dents."""
        data, cap = table.get("data", {}), table.get("stats", {}).get("hp_max")
        if "hp" not in given or given["hp"] != cap or not isinstance(data, Mapping) or not data.get("dents"):
            return {}
        kept = {k: v for k, v in data.items() if k != "dents"}
        if kept:
            table["data"] = kept
        else:
            del table["data"]
        return {"dents": 0}

    @property
    def item_kinds(self):
        """TOY-MARBLE-1: marbles, nothing else (``char give --kind``)."""
        return (marbles.MARBLE,)

    def give(self, sheet, combatants, name, item, count, **options):
        """TOY-MARBLE-1: marbles into a toy's pockets, or from one toy to another."""
        return marbles.give(sheet, combatants, name, item, count, **options)

    def take(self, sheet, combatants, name, item, count, **options):
        """TOY-MARBLE-1: marbles out of a toy's pockets, or taken from another toy."""
        return marbles.take(sheet, combatants, name, item, count, **options)

    def require_room(self, sheet, combatants, name):
        """TOY-MARBLE-1: a lower max HP leaves fewer pockets; refused while the marbles would not fit."""
        marbles.require_room(sheet, combatants, name)

    def inventory_load(self, table, derived):
        """TOY-MARBLE-1: the pockets used and the marbles in them, for ``char show``."""
        return marbles.load(table, derived)

    # --- words about a toy and a fight ---

    def status_notes(self, combatant):
        """A toy's mood and its dents."""
        data = combatant.data
        notes = [f"feels {data['mood']}"] if data.get("mood") else []
        if data.get("dents"):
            notes.append(f"{data['dents']} dent" + ("s" if data["dents"] != 1 else ""))
        return notes

    def fight_notes(self, enc, hidden):
        """How many toys still squeak (loudly in a loud fight), and the pokes of the running turn."""
        fight = enc.fight
        awake = [c.name for c in enc if c.name not in hidden and c.status == OK]
        loud = fight is not None and fight.data.get("loud")
        notes = [f"{len(awake)} toys still squeak" + (" loudly" if loud else "")]
        turn = fight.turn if fight is not None else None
        if turn is not None and turn.data.get("pokes") and turn.actor not in hidden:
            pokes = turn.data["pokes"]
            notes.append(f"{turn.actor} has poked {pokes} time" + ("s" if pokes != 1 else "") + " this turn")
        return notes


DECODERS = ToyData()
