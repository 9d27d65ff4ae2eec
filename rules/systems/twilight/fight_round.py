"""A fight round of twilight around its resolution (TW-ROUND-1): what comes before and after ``resolve.py``.

Before the pools are compared: a declared counter is spent (TW-CTR-1), the
gods' fog (no declaration counts) or resonance is revealed (TW-GODS-1),
betrayals end their alliances (TW-MASS-7) and the AP a reaper's mantle took
come back.  After the damage
lands: the mantle takes AP for the next round and the death knight's grip
drains energy (TW-PERK-1); then the fight is decided, goes on, or opens its
endgame (TW-STAGE-1).
"""

from __future__ import annotations

from rules.core import rounds
from rules.core.common import require_fight
from rules.core.outcome import Work
from rules.core.state import OK
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages as st
from rules.systems.twilight.champion import threshold as threshold
from rules.systems.twilight.perks import ENDGAME, EXTEND
from rules.systems.twilight.resolve import (
    COUNTER,
    GUARD,
    SPECIAL,
    Round,
    compare,
    land,
    prepare,
    rolls_of,
    settle_lethal,
    special_damage,
    weapon_effects,
)
from rules.systems.twilight.verdict import decide


def betrayals(work: Work, declared: rounds.Declarations) -> None:
    """An attack or a special on an ally ends the alliance as the round resolves (TW-MASS-7).

    A team is one word, so the betrayer leaves its team and fights alone (its own
    name becomes its team) for the rest of the fight; ``left_team`` keeps the old
    one for the next fight."""
    for name, declaration in declared.items():
        if name not in work.combatants:
            continue
        for r in declaration.get("rolls", []):
            target = r.get("target", "")
            me = work.get(name)
            if target in work.combatants and ch.team(work.get(target)) == ch.team(me):
                work.put(replace(me, data={**me.data, "team": name, "left_team": str(me.data.get("team", ""))}))
                work.tell("betrayal", about=[name, target], name=name, target=target)


def settle(work: Work, source: DiceSource, declared: rounds.Declarations) -> None:
    """Resolve a fight round's declarations at once; the last round opens the endgame (TW-ROUND-1, TW-STAGE-1)."""
    fight = require_fight(work)
    data = dict(fight.data)
    effect = st.chaos(data)
    gods = bool(work.settings.get("gods", False))
    _burn_counters(work, declared)
    if effect == st.FOG:
        work.tell("chaos_revealed", effect=effect)
        declared = {}
    elif effect == st.RESONANCE:
        work.tell("chaos_revealed", effect=effect)
    betrayals(work, declared)
    rnd = Round(work, source, threshold(work), resonance=effect == st.RESONANCE)
    rnd.rolls = rolls_of(work, declared, rnd.threshold)
    _lift_ap_loss(work)
    for r in rnd.rolls:
        if r.faces or r.kind not in (SPECIAL, GUARD):
            work.tell("pool", about=[r.owner], name=r.owner, roll=r.kind, target=r.target or None,
                      faces=list(r.faces), successes=r.successes, threshold=rnd.threshold,
                      perk=r.perk.name if r.perk else None, legend=r.helper or None)
    prepare(rnd)
    compare(rnd)
    special_damage(rnd)
    effects = weapon_effects(rnd)
    settle_lethal(rnd)
    land(rnd, effects, fight.round, gods)
    _take_ap(work, rnd)
    if effect != st.RESONANCE:
        _auras(work)
    force = any(r.perk is not None and r.perk.effect == ENDGAME for r in rnd.rolls)
    for r in rnd.rolls:
        if r.perk is not None and r.perk.effect == EXTEND:
            data["max_rounds"] = 4
    data["fallen"] = [*data.get("fallen", []), *rnd.fallen]
    work.fight = replace(require_fight(work), data=data)
    if decide(work):
        return
    if force or effect == st.FATES or data["fight_round"] >= data["max_rounds"]:
        to_endgame(work)
        return
    data["fight_round"] += 1
    work.fight = replace(require_fight(work), data=data)


def _burn_counters(work: Work, declared: rounds.Declarations) -> None:
    # declaring a counter uses it up even if nothing happens (TW-CTR-1)
    for name, declaration in declared.items():
        if any(r.get("kind") == COUNTER for r in declaration.get("rolls", [])) and name in work.combatants:
            c = work.get(name)
            work.put(replace(c, data={**c.data, "counter_used": True}))


def _lift_ap_loss(work: Work) -> None:
    # AP a mantle took counted for the declarations just made; they come back now
    for c in list(work.combatants.values()):
        if "ap_loss" in c.data:
            work.put(replace(c, data={k: v for k, v in c.data.items() if k != "ap_loss"}))


def _take_ap(work: Work, rnd: Round) -> None:
    """The reaper's mantle: its target has fewer AP in the next fight round (TW-PERK-1)."""
    for r in rnd.rolls:
        if (r.kind != SPECIAL or r.perk is None or not r.perk.ap_loss or r.target not in work.combatants
                or r.owner in rnd.void):
            continue
        t = work.get(r.target)
        if t.status != OK:
            continue
        n = max(r.perk.ap_loss, int(t.data.get("ap_loss", 0)))
        work.put(replace(t, data={**t.data, "ap_loss": n}))
        work.tell("ap_taken", about=[r.owner, r.target], name=r.owner, target=r.target, perk=r.perk.name, n=n)


def _auras(work: Work) -> None:
    """The death knight's grip: -1 energy to every other champion a round, never more (TW-PERK-1)."""
    holders = [c.name for c in work.combatants.values() if c.status == OK
               and any(p.energy_aura for p in ch.perks(c))]
    if not holders:
        return
    for c in list(work.combatants.values()):
        if c.status != OK or ch.immune(c, "energy") or holders == [c.name]:
            continue
        energy = c.resources.get("energy", 0)
        if energy > 0:
            work.put(c.with_resource("energy", energy - 1))
            work.tell("aura", about=[c.name], name=c.name, energy=1, exhausted=energy == 1)


def to_endgame(work: Work) -> None:
    """The fight rounds are over: the endgame opens (TW-STAGE-1)."""
    fight = require_fight(work)
    work.fight = replace(fight, stage=st.ENDGAME)
    work.tell("stage", stage=st.ENDGAME)
