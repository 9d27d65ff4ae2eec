"""How skirmish's combatants fight in a simulation (``ttcli fight simulate``), as data.

The acting combatant attacks the foe its tactic picks, with its bow while nobody is in
melee with it and its melee weapon otherwise (a bow in melee strikes, SK-MELEE-1); the
target answers at once by its own tactic (SK-ATK-1: block with a shield or a weapon that
blocks, else dodge; against a shot the dodge is the miss roll, SK-RANGED-1).  A dodger
whose tactic counterattacks does so while its stamina pays (SK-OUT-1).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from rules.core.state import Combatant, Encounter
from rules.core.tactics import FIRST, STRONGEST, WEAKEST, Move, Tactic, Tactics, pick_target
from rules.i18n import N_
from rules.systems.skirmish import fightdata
from rules.systems.skirmish.fight import resource, stunned
from rules.systems.skirmish.items import carried_items


def _answer(enc: Encounter, name: str, tactics: Mapping[str, Tactic]) -> str:
    wanted = tactics[name].answer
    if wanted != "best":
        return wanted
    data = enc.get(name).data
    known = _SHIELDED.get(id(data))
    if known is None or known[0] is not data:
        shielded = any(w.kind == "shield" for w in carried_items(enc.get(name)).values())
        if type(data) is not MappingProxyType:
            return "block" if shielded else "dodge"
        if len(_SHIELDED) >= 1024:
            _SHIELDED.clear()
        # the data is held with the answer, so its id is never reused meanwhile
        known = _SHIELDED[id(data)] = (data, shielded)
    return "block" if known[1] else "dodge"


#: id of a combatant's frozen data -> (the data, whether it carries a shield): every attack asks
#: it of the target
_SHIELDED: dict[int, tuple[Mapping[str, Any], bool]] = {}


def _weapon(enc: Encounter, name: str, c: Combatant | None = None) -> tuple[str | None, bool]:
    """The weapon ``name`` attacks with and whether it strikes with a ranged one in melee."""
    fight = enc.fight
    if c is None:
        c = enc.get(name)
    engaged = fight is not None and fightdata.engaged(fight, name)
    data = c.data
    known = _CHOSEN.get((id(data), engaged))
    if known is not None and known[0] is data:
        return known[1]
    chosen = _choose(c, engaged)
    if type(data) is MappingProxyType:
        if len(_CHOSEN) >= 1024:
            _CHOSEN.clear()
        # the data is held with the choice, so its id is never reused meanwhile
        _CHOSEN[(id(data), engaged)] = (data, chosen)
    return chosen


#: (id of a combatant's frozen data, whether it is in melee) -> (the data, _weapon's answer):
#: asked at every move, and only the items (the data) and the melee decide it
_CHOSEN: dict[tuple[int, bool], tuple[Mapping[str, Any], tuple[str | None, bool]]] = {}


def _choose(c: Combatant, engaged: bool) -> tuple[str | None, bool]:
    kit = carried_items(c)
    shooters = [n for n, w in kit.items() if w.shooting]
    hitters = [n for n, w in kit.items() if w.kind in ("melee", "thrown") and w.damage]
    if shooters and not engaged:
        return shooters[0], False
    if hitters:
        return max(hitters, key=lambda n: kit[n].damage), False
    if shooters:
        return shooters[0], True
    return None, False


def choices(rules: Any, enc: Encounter, name: str, tactics: Mapping[str, Tactic]) -> Iterator[Move]:
    fight = enc.fight
    if fight is None or fight.turn is None or fight.turn.spent:
        return
    me = enc.get(name)
    if not rules.status(me).can_act:
        return
    weapon, strike = _weapon(enc, name, me)
    foes = [c for c in enc if c.side != me.side and rules.status(c).standing]
    for target in pick_target(foes, tactics[name].target):
        yield Move("attack", {"attacker": name, "target": target, "weapon": weapon, "strike": strike,
                              "answer": _answer(enc, target, tactics)})


def reactions(rules: Any, enc: Encounter, tactics: Mapping[str, Tactic]) -> Iterator[Move]:
    fight = enc.fight
    if fight is None:
        return
    for dodger, attacker in fightdata.get(fight, "dodged", {}).items():
        c = enc.get(dodger)
        if not tactics[dodger].counter or stunned(c) or not rules.status(c).can_act:
            continue
        if resource(c, "st") < 2 * 2 ** fightdata.count(fight, "counters", dodger):
            continue
        if not rules.status(enc.get(attacker)).standing:
            continue
        weapon, strike = _weapon(enc, dodger, c)
        yield Move("counter", {"name": dodger, "target": attacker, "weapon": weapon, "strike": strike,
                               "answer": _answer(enc, attacker, tactics)})


TACTICS = Tactics(
    tactics={
        "focus": Tactic("focus", N_("Attack the foe with the least HP left; block with a shield, else dodge; "
                                    "counterattack after a dodge while stamina pays."), target=WEAKEST),
        "brute": Tactic("brute", N_("Attack the foe with the most HP left; block with a shield, else dodge; "
                                    "counterattack after a dodge."), target=STRONGEST),
        "dodger": Tactic("dodger", N_("Attack the foe with the least HP left; always dodge, counterattack."),
                         target=WEAKEST, answer="dodge"),
        "wall": Tactic("wall", N_("Attack the first foe of the roster; block, never counterattack."),
                       target=FIRST, answer="block", counter=False),
    },
    defaults={"party": "focus", "enemy": "focus"},
    choices=choices,
    reactions=reactions,
    aliases={"добивать": "focus", "силач": "brute", "уклонист": "dodger", "стена": "wall"},
)
