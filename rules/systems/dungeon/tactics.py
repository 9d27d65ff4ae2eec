"""How the dungeon's combatants fight in a simulation (``ttcli fight simulate``), as data.

Each acting combatant spends its actions on weapon attacks (DG-ATK-1) against the foe its
tactic picks; a ranged fighter (weapon ``ranged = true`` in its stats is not kept by the
sheet, so: a bow or crossbow in its inventory) shoots.  Nothing else is played: spells,
manoeuvres and fatigue stay the master's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules.core.state import Encounter
from rules.core.tactics import FIRST, STRONGEST, WEAKEST, Move, Tactic, Tactics, pick_target
from rules.i18n import N_

_BOWS = ("лук", "арбалет", "bow", "crossbow")


def _ranged(enc: Encounter, name: str) -> bool:
    items = enc.get(name).data.get("inventory", ())
    return any(isinstance(i, Mapping) and str(i.get("name", "")).lower() in _BOWS for i in items)


def choices(rules: Any, enc: Encounter, name: str, tactics: Mapping[str, Tactic]) -> Iterator[Move]:
    fight = enc.fight
    if fight is None or fight.turn is None or fight.turn.remaining <= 0:
        return
    me = enc.get(name)
    if not rules.status(me).can_act:
        return
    foes = [c for c in enc if c.side != me.side and rules.status(c).standing]
    ranged = _ranged(enc, name)
    for target in pick_target(foes, tactics[name].target):
        yield Move("attack", {"attacker": name, "target": target, "ranged": ranged})


TACTICS = Tactics(
    tactics={
        "focus": Tactic("focus", N_("Attack the standing foe with the least HP left."), target=WEAKEST),
        "brute": Tactic("brute", N_("Attack the standing foe with the most HP left."), target=STRONGEST),
        "first": Tactic("first", N_("Attack the first standing foe of the roster."), target=FIRST),
    },
    defaults={"party": "focus", "enemy": "first"},
    choices=choices,
    aliases={"добивать": "focus", "силач": "brute", "первый": "first"},
)
