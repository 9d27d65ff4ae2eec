"""How twilight's champions fight in a simulation (``ttcli fight simulate``), as data.

Each round every champion able to declare splits its AP (TW-AP-1) by its tactic: so many
attack rolls on the foe it picks, the rest defense rolls (only the best counts, TW-DEF-1);
a tactic may spend one round of the fight on its one counterattack (TW-CTR-1) instead.
The approach declares nothing (no tactical perks are played), the endgame one attack roll
(TW-END-1); the choice after the fight is not played: the run ends when one side stands.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules.core import rounds
from rules.core.state import Encounter
from rules.core.tactics import STRONGEST, WEAKEST, Move, Tactic, Tactics, pick_target
from rules.i18n import N_
from rules.systems.twilight.stages import APPROACH, ENDGAME, FIGHT
from rules.systems.twilight.vocabulary import ATTACK_KIND, COUNTER, DEFEND


def choices(rules: Any, enc: Encounter, name: str, tactics: Mapping[str, Tactic]) -> Iterator[Move]:
    fight = enc.fight
    if fight is None or fight.stage not in (FIGHT, ENDGAME) or fight.stage == APPROACH:
        return
    me = enc.get(name)
    if not rules.status(me).can_act:
        return
    tactic = tactics[name]
    foes = [c for c in enc if c.side != me.side and rules.status(c).standing]
    targets = pick_target(foes, tactic.target)
    if not targets:
        return
    mine = list(rounds.pending_of(fight, name).get("rolls", ()))
    if fight.stage == ENDGAME:
        if not mine:
            yield Move("declare", {"name": name, "move": ATTACK_KIND, "target": targets[0]})
        return
    kinds = [r.get("kind") for r in mine]
    if COUNTER in kinds:
        return
    first_fight_round = fight.round - 1  # the approach is round 1
    if (not mine and tactic.counter and tactic.counter_round == first_fight_round
            and not me.data.get("counter_used")):
        yield Move("declare", {"name": name, "move": COUNTER, "target": targets[0]})
    if kinds.count(ATTACK_KIND) < tactic.attacks:
        yield Move("declare", {"name": name, "move": ATTACK_KIND, "target": targets[0]})
    yield Move("declare", {"name": name, "move": DEFEND})


TACTICS = Tactics(
    tactics={
        "attack": Tactic("attack", N_("Every AP on attack rolls against the foe with the least HP left."),
                         target=WEAKEST, attacks=2),
        "balanced": Tactic("balanced", N_("One attack roll and one defense roll each round."),
                           target=WEAKEST, attacks=1),
        "counter": Tactic("counter", N_("The one counterattack in the first fight round, then one attack and "
                                        "one defense roll a round."), target=WEAKEST, attacks=1, counter_round=1),
        "defend": Tactic("defend", N_("Defense rolls only (the endgame still attacks)."), target=STRONGEST,
                         attacks=0),
    },
    defaults={"party": "attack", "enemy": "balanced"},
    choices=choices,
    aliases={"атака": "attack", "натиск": "attack", "баланс": "balanced", "контратака": "counter",
             "защита": "defend"},
)
