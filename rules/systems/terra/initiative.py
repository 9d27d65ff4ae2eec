"""Terra's initiative (TT-INIT-1..3) and synchronization (TT-SYNC-1, TT-CRIT-6).

Dice are drawn in roster order: each combatant's initiative D6, then, for a
character, its synchronization D4; after everyone, the D6 pairs that order a
party group and an enemy group sharing a value (party's die first, re-rolled
while tied).  That is the order of ``--given`` on ``fight start``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.die import Die, roll
from rules.core.state import PARTY, Combatant
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.systems.terra.health import is_monster


@datatype(frozen=True)
class Initiative:
    #: everyone in the order they act
    order: tuple[str, ...]
    #: those sharing one place (equal initiative, one side), two or more each
    groups: tuple[tuple[str, ...], ...]
    #: the characters whose synchronization D4 matched their ГК
    synced: tuple[str, ...]
    #: one table per combatant: name, initiative, sync die (characters), synced
    rolls: list[dict[str, Any]]
    #: one table per tie between a party group and an enemy group
    ties: list[dict[str, Any]]
    dice: tuple[Die, ...]


def _synchronizes(c: Combatant, face: int | None) -> tuple[bool, int | None]:
    """Whether ``c`` synchronizes, and the D4 as Козерог shifts it (TT-CRIT-6 [I]:
    a shift of 1 is taken whenever it makes the die match)."""
    group = c.stats.get("blood_group")
    if face is None:
        return True, None  # Козерог L5: synchronization always succeeds
    if face == group:
        return True, None
    if c.stats.get("zodiac") == "capricorn" and isinstance(group, int) and abs(face - group) == 1:
        return True, group
    return False, None


def roll_initiative(present: Sequence[Combatant], source: DiceSource) -> Initiative:
    dice: list[Die] = []
    rolls: list[dict[str, Any]] = []
    synced: list[str] = []
    value: dict[str, int] = {}
    for c in present:
        die = roll(source, 6, "initiative")
        dice.append(die)
        value[c.name] = die.face
        record: dict[str, Any] = {"name": c.name, "initiative": die.face}
        if not is_monster(c):
            sign_level = c.stats.get("sign_level", 1)
            always = c.stats.get("zodiac") == "capricorn" and isinstance(sign_level, int) and sign_level >= 5
            face = None
            if not always:
                sync = roll(source, 4, "synchronization")
                dice.append(sync)
                face = sync.face
                record["sync"] = face
            ok, shifted = _synchronizes(c, face)
            if shifted is not None:
                record["shifted"] = shifted
            if always:
                record["always"] = True
            record["synced"] = ok
            if ok:
                synced.append(c.name)
        rolls.append(record)
    # groups: one per (initiative, side), higher initiative first
    groups: dict[tuple[int, str], list[str]] = {}
    for c in present:
        groups.setdefault((value[c.name], c.side), []).append(c.name)
    ties: list[dict[str, Any]] = []
    places: list[tuple[int, int, tuple[str, ...]]] = []
    for init in sorted({v for v, _side in groups}, reverse=True):
        party, enemy = groups.get((init, PARTY)), groups.get((init, "enemy"))
        if party and enemy:
            faces: list[tuple[int, int]] = []
            while True:  # TT-INIT-3: re-rolled while tied
                p, e = roll(source, 6, "group_order"), roll(source, 6, "group_order")
                dice += [p, e]
                faces.append((p.face, e.face))
                if p.face != e.face:
                    break
            first, second = (party, enemy) if faces[-1][0] > faces[-1][1] else (enemy, party)
            ties.append({"initiative": init, "party": faces[-1][0], "enemy": faces[-1][1],
                         "rolls": [list(f) for f in faces], "first": "party" if first is party else "enemy"})
            places += [(init, 0, tuple(first)), (init, 1, tuple(second))]
        else:
            places.append((init, 0, tuple(party or enemy or ())))
    order = tuple(n for _i, _k, names in places for n in names)
    grouped = tuple(names for _i, _k, names in places if len(names) > 1)
    synced_in_order = tuple(n for n in order if n in synced)
    return Initiative(order, grouped, synced_in_order, rolls, ties, tuple(dice))
