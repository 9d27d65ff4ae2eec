"""A twilight fight from its start through its stages (TW-STAGE-1): approach, fight rounds, endgame, choice.

The fight runs on the core's round clock (``rules.core.rounds``): champions
declare in secret (``declarations.py``) and ``step`` resolves the round with
the stage's own settling: the approach here, a fight round in
``fight_round.py``, the endgame in ``endgame.py``; the gods' d10s then open the
next round (``gods.py``), and ``verdict.py`` says when a side is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import rounds
from rules.core.clock import ClockReport, open_rounds
from rules.core.common import require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import DEAD, OK, Encounter, Fight, Status
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.twilight import champion as ch
from rules.systems.twilight import endgame, fight_round
from rules.systems.twilight import stages as st
from rules.systems.twilight.gods import open_round
from rules.systems.twilight.perks import EXTEND, SIGHT, find_perk
from rules.systems.twilight.resolve import DYING, OUT

if TYPE_CHECKING:
    from rules.systems.twilight.rules import Twilight

#: out of the fight (over 90% lost, or surrendered) and dying (AT DEATH survived) are down but alive
STATUSES: dict[str, Status] = {
    OK: Status(OK),
    OUT: Status(OUT, can_act=False, standing=False),
    DYING: Status(DYING, can_act=False, standing=False),
    DEAD: Status(DEAD, can_act=False, standing=False, ticks=False),
}
#: what a fight writes on a champion and the next fight starts without
FIGHT_MARKS = ("wound_energy", "counter_used", "reborn", "left_team", "ap_loss",
               "deadly_blocked", "sight", "arena_kit")


def start(rules: Twilight, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
    """Open the approach under the round's condition or the gods (TW-STAGE-1, TW-COND-1, TW-GODS-1)."""
    work = rules.work(enc)
    if work.fight is not None:
        raise RuleError(_("a fight is already running; end it first"))
    up = [c for c in work.combatants.values() if c.status == OK]
    if len({ch.team(c) for c in up}) < 2:
        raise RuleError(_("a fight needs champions on both sides (char add NAME ... --side enemy)"))
    condition = options.get("condition") or st.NONE
    data: dict[str, Any] = {"fight_round": 0, "max_rounds": 3}
    gods = bool(enc.settings.get("gods", False))
    if gods:
        condition = st.NONE  # the gods replace the condition roll (TW-GODS-1)
    elif condition == "roll":
        die = work.roll(source, 10, "condition")
        condition = st.condition_of_d10(die.face)
        work.tell("condition_roll", d10=die.face, condition=condition)
    if condition != st.NONE:
        data["condition"] = condition
    if condition == st.STORM:
        die = work.roll(source, 3, "storm_round")
        data["storm_round"] = die.face
    kit = 0
    if condition == st.RANDOM:
        kit = work.roll(source, len(ch.RANDOM_KIT), "random_kit").face
    for c in up:
        fresh = {k: v for k, v in c.data.items() if k not in FIGHT_MARKS}
        if "left_team" in c.data:  # a betrayal ended an alliance for one fight only (TW-MASS-7)
            fresh.pop("team", None)
            if c.data["left_team"]:
                fresh["team"] = c.data["left_team"]
        if kit and not any(p.ignores_conditions for p in ch.perks(c)):
            fresh["arena_kit"] = kit  # the same for all; "Грамотный воин" keeps his own
        work.put(replace(c, data=fresh))
    work.fight = Fight(order=(), stage=st.APPROACH, data=data)
    if kit:
        chosen = ch.RANDOM_KIT[kit - 1]
        work.tell("random_kit", d=len(ch.RANDOM_KIT), face=kit, weapon=chosen.weapon.name,
                  dice=chosen.weapon.dice, damage=chosen.weapon.damage, stat=chosen.weapon.stat,
                  armor=chosen.armor_dice)
    open_rounds(work, source, rules, ClockReport())
    work.tell("stage", stage=st.APPROACH, condition=condition, storm_round=data.get("storm_round"),
              gods=gods)
    return work.outcome({"kind": "fight_start", "stage": st.APPROACH, "condition": condition})


def step(rules: Twilight, enc: Encounter, source: DiceSource) -> Outcome:
    """Resolve the round as its stage settles it, then open the next round (TW-STAGE-1)."""
    work = rules.work(enc)
    fight = require_fight(work)
    if fight.stage == st.CHOICE:
        raise RuleError(_("the choice stage: give the verdict (verdict execute|spare)"), rule="TW-CHOICE-1")
    if fight.stage == st.OVER:
        raise RuleError(_("the fight is decided; fight end closes it"))
    round_ = fight.round
    stage = fight.stage
    settle = {st.APPROACH: approach, st.FIGHT: fight_round.settle, st.ENDGAME: endgame.settle}[stage]
    report = ClockReport()
    rounds.resolve(work, source, rules, settle, report)
    open_round(work, source)
    now = require_fight(work)
    return work.outcome({"kind": "round_resolved", "round": round_, "stage": stage, "next_stage": now.stage,
                         **report.event_parts()})


def approach(work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
    """The approach's tactical perks take hold and the first fight round opens (TW-STAGE-1)."""
    fight = require_fight(work)
    data = dict(fight.data)
    for name, declaration in declared.items():
        for r in declaration.get("rolls", []):
            perk = find_perk(ch.perks(work.get(name)), r.get("perk", ""))
            if perk is not None and perk.effect == EXTEND:
                data["max_rounds"] = 4  # extensions never stack beyond 4 (TW-STAGE-1)
                work.tell("extended", about=[name], name=name, perk=perk.name)
            if perk is not None and perk.effect == SIGHT and r.get("target") in work.combatants:
                seer = work.get(name)
                work.put(replace(seer, data={**seer.data, "sight": r["target"]}))
                work.tell("sight", about=[name, r["target"]], name=name, target=r["target"], perk=perk.name)
    longest = max((p.fight_rounds for c in work.combatants.values() for p in ch.perks(c)), default=0)
    if longest > data["max_rounds"]:
        data["max_rounds"] = min(4, longest)
    data["fight_round"] = 1
    work.fight = replace(fight, stage=st.FIGHT, data=data)
    work.tell("stage", stage=st.FIGHT, round=1, max_rounds=data["max_rounds"])
