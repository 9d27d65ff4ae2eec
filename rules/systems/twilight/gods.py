"""The Twilight of the Gods (TW-GODS-1): the master's d10s that open each fight round under the gods.

An odd first d10 brings nothing; an even one rolls the second d10 for the chaos
effect of the round (``stages.chaos_of_d10``).  The march takes energy at once
and kills the exhausted, the duel of fates opens the endgame, the legends of the
arena give each standing champion a fallen one's help; the other effects act
where the round is declared and resolved.
"""

from __future__ import annotations

from rules.core.common import require_fight
from rules.core.outcome import Work
from rules.core.state import DEAD, OK
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages as st
from rules.systems.twilight.fight_round import to_endgame
from rules.systems.twilight.verdict import decide


def open_round(work: Work, source: DiceSource) -> None:
    """A fight round under the gods opens with the master's d10 (TW-GODS-1)."""
    fight = require_fight(work)
    data = {k: v for k, v in fight.data.items() if k != "chaos"}
    work.fight = replace(fight, data=data)
    if fight.stage != st.FIGHT or not work.settings.get("gods", False):
        return
    first = work.roll(source, 10, "chaos")
    # the players' version of an odd roll and of a hidden effect read the same
    # (TW-GODS-1): the dice and a hidden effect are secret fields
    if first.face % 2:
        work.tell("chaos", d10=first.face, secret=("d10",))
        return
    second = work.roll(source, 10, "chaos_effect")
    effect = st.chaos_of_d10(second.face)
    data["chaos"] = {"roll": first.face, "face": second.face, "effect": effect}
    work.fight = replace(fight, data=data)
    hidden = effect in st.HIDDEN_CHAOS
    work.tell("chaos", d10=first.face, face=second.face, effect=effect, hidden=hidden or None,
              secret=("d10", "face", "effect", "hidden") if hidden else ("d10", "face"))
    if effect == st.MARCH:
        for c in list(work.combatants.values()):
            if c.status != OK:
                continue
            if ch.exhausted(c):
                work.put(replace(c, status=DEAD))
                work.tell("march_death", about=[c.name], name=c.name)
            elif not ch.immune(c, "energy"):
                work.put(c.with_resource("energy", max(0, c.resources.get("energy", 0) - 2)))
                work.tell("aura", about=[c.name], name=c.name, energy=2,
                          exhausted=c.resources.get("energy", 0) <= 2)
        decide(work)
    elif effect == st.FATES:
        to_endgame(work)
    elif effect == st.LEGENDS:
        call_legends(work, source)


def call_legends(work: Work, source: DiceSource) -> None:
    """Each standing champion's helper: a die over the champions dead so far (TW-GODS-1, 6-8)."""
    fallen = [c.name for c in work.combatants.values() if c.status == DEAD]
    if not fallen:
        work.tell("legends_none")
        return
    helpers = {}
    for c in work.combatants.values():
        if c.status != OK:
            continue
        die = work.roll(source, len(fallen), "legend_helper")
        helpers[c.name] = fallen[die.face - 1]
        work.tell("legend_helper", about=[c.name], name=c.name, helper=helpers[c.name], d=len(fallen),
                  face=die.face)
    fight = require_fight(work)
    work.fight = replace(fight, data={**fight.data, "chaos": {**fight.data["chaos"], "helpers": helpers}})
