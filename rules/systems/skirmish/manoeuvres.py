"""Everything besides the attack: checks, bandaging, putting out fire, fleeing,
exhaustion, movement, picking up a dropped weapon, slots, and the master's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.clock import restore
from rules.core.common import remove_effect, require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Damage, Outcome
from rules.core.state import DEAD, Encounter, Fight, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.skirmish import fightdata, kit, presets
from rules.systems.skirmish import mechanics as sk
from rules.systems.skirmish.attacks import check_roll, strike_at
from rules.systems.skirmish.breakage import burnable
from rules.systems.skirmish.fight import (
    SHEET,
    fighter,
    joined,
    release_runners,
    resource,
    slots,
    stored_cover,
    value,
    with_cover,
)
from rules.systems.skirmish.gear import pick_item
from rules.systems.skirmish.items import armor, weapons
from rules.systems.skirmish.strain import FAINTED, endurance_check, spend

if TYPE_CHECKING:
    from rules.systems.skirmish.rules import Skirmish


def check(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, stat: str, dc: int, *, rerolls: int = 0,
          bonus: int = 0) -> Outcome:
    """A d20 check on a skill or stat against the master's difficulty; rerolls
    from its allowance in a fight (SK-REROLL-1)."""
    work = rules.work(enc)
    who = find(enc, name)
    key = SHEET.resolve(stat)
    score = value(work.get(who), key, work.settings)
    if rerolls and work.fight is None:
        raise RuleError(_("rerolls are counted per fight; outside one, just roll again"), rule="SK-REROLL-1")
    if work.fight is not None:
        faces = check_roll(work, source, who, key, score, rerolls, "check")
    else:
        faces = [work.roll(source, 20, "check").face]
    total = faces[-1] + score + bonus
    passed = total >= dc
    work.tell("check", about=[who], name=who, stat=key, die=faces[-1], faces=faces if len(faces) > 1 else None,
              score=score, bonus=bonus, total=total, dc=dc, passed=passed)
    return work.outcome({"kind": "check", "actor": who, "stat": key}, passed=passed, hidden=work.hidden(who))


def bandage(rules: Skirmish, enc: Encounter, name: str, failed: bool) -> Outcome:
    """SK-BLEED-1: bandaging stops bleeding, and a failed bandage stops it too
    (the master adds any penalty by hand)."""
    who = find(enc, name)
    if enc.get(who).effect(presets.BLEEDING) is None:
        raise RuleError(_("{name} is not bleeding").format(name=who), rule="SK-BLEED-1")
    out = remove_effect(enc, who, presets.BLEEDING, rules.hp_max)
    work = rules.work(out.encounter)
    work.tell("bandaged", about=[who], name=who, failed=failed)
    return joined(out, work.outcome({"kind": "bandage", "actor": who, "failed": failed}))


def extinguish(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, helper: str | None) -> Outcome:
    """SK-BURN-1: a plain d20 (no modifiers, no rerolls) at the session's threshold puts the fire out."""
    work = rules.work(enc)
    who = find(enc, name)
    by = find(enc, helper) if helper else who
    if work.get(who).effect(presets.BURNING) is None:
        raise RuleError(_("{name} is not burning").format(name=who), rule="SK-BURN-1")
    die = work.roll(source, 20, "extinguish").face
    threshold = int(work.settings.get("extinguish_threshold", 11))
    out = die >= threshold
    work.tell("extinguish", about=[who, by], name=who, by=by, die=die, threshold=threshold, out=out)
    if out:
        c = work.get(who)
        work.put(replace(c, effects=tuple(e for e in c.effects if e.name != presets.BURNING)))
        work.fight = _without_key(work.fight, "burning", who)
    return work.outcome({"kind": "extinguish", "actor": by, "target": who}, passed=out,
                        hidden=work.hidden(who))


def burn_item(rules: Skirmish, enc: Encounter, name: str, item: str) -> Outcome:
    """SK-BURN-1: the master names the one burning item that rolls for breakage
    each turn NAME burns (until the fire is out or the fight ends)."""
    work = rules.work(enc)
    who = fighter(work, name)
    c = work.get(who)
    if c.effect(presets.BURNING) is None:
        raise RuleError(_("{name} is not burning").format(name=who), rule="SK-BURN-1")
    items = burnable(c)
    if not items:
        raise RuleError(_("{name} carries nothing with a breakage chance; nothing of it breaks in the fire")
                        .format(name=who), rule="SK-BREAK-1")
    everything = (*weapons(c), *armor(c))
    chosen = pick_item(N_("item"), item, tuple(dict.fromkeys(everything)))
    if chosen not in items:
        raise RuleError(_("{item} has no breakage chance; items that can break: {items}")
                        .format(item=chosen, items=", ".join(items)), rule="SK-BREAK-1")
    fight = require_fight(work)
    work.fight = fightdata.put(fight, "burning", {**fightdata.get(fight, "burning", {}), who: chosen})
    work.tell("burning_item", about=[who], name=who, item=chosen)
    return work.outcome({"kind": "burn", "actor": who, "item": chosen}, hidden=work.hidden(who))


def flee(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, chaser: str | None, rerolls: int, *,
         weapon: str | None = None, answer: str | None = None, attack: bool = True) -> Outcome:
    """SK-FLEE-1: needs dexterity above 0; alone d20 + dexterity at the session's
    threshold; chased, opposed d20 + dexterity, the runner needs more.  A runner
    leaving outside its own turn takes the chaser's attack (unless the chaser
    declines), which waits for its answer like any attack; an escaped runner
    leaves the order once that attack is answered and its own turn is over."""
    work = rules.work(enc)
    who = fighter(work, name)
    fight = require_fight(work)
    if who in fightdata.listed(fight, "fled"):
        raise RuleError(_("{name} got away already; it leaves the fight once no attack waits on it and its "
                          "turn is over").format(name=who), rule="SK-FLEE-1")
    chased_attack = chaser is not None and attack and fight.current != who
    if not chased_attack and (weapon is not None or answer is not None):
        raise ValueError(_("--weapon and --answer are for the chaser's attack on a runner who leaves "
                           "outside its own turn (flee NAME --chaser CHASER)"))
    dex = value(work.get(who), "dexterity", work.settings)
    if dex <= 0:
        raise RuleError(_("{name} has dexterity {dex}; fleeing needs more than 0").format(name=who, dex=dex),
                        rule="SK-FLEE-1")
    faces = check_roll(work, source, who, "dexterity", dex, rerolls, "flee")
    total = faces[-1] + dex
    if chaser is not None:
        other = fighter(work, chaser)
        other_dex = value(work.get(other), "dexterity", work.settings)
        other_die = work.roll(source, 20, "chase").face
        escaped = sk.escapes(total, chaser_total=other_die + other_dex)
        work.tell("flee", about=[who, other], name=who, die=faces[-1], dexterity=dex, total=total, chaser=other,
                  chaser_die=other_die, chaser_total=other_die + other_dex, escaped=escaped)
        if chased_attack:
            unable = rules.cannot_act(work.get(other))
            if unable is not None:
                raise RuleError(_("{name} {reason} and cannot chase").format(name=other, reason=unable),
                                rule="SK-FLEE-1")
            strike_at(rules, work, source, other, who, weapon=weapon, answer=answer, rerolls=0, chase=True)
    else:
        threshold = int(work.settings.get("flee_threshold", 10))
        escaped = sk.escapes(total, threshold=threshold)
        work.tell("flee", about=[who], name=who, die=faces[-1], dexterity=dex, total=total, threshold=threshold,
                  escaped=escaped)
    if escaped:
        work.fight = fightdata.with_listed(require_fight(work), "fled", who, True)
    return release_runners(rules, work.outcome({"kind": "flee", "actor": who, "escaped": escaped},
                                               passed=escaped, hidden=work.hidden(who)))


def exhaust(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, turns: int) -> Outcome:
    """SK-EXH-1 by the master's hand (spending MP or st makes it by itself): d20 +
    endurance against the session's difficulty, with -1 more for every earlier check
    of this fight; failure faints for ``turns``."""
    work = rules.work(enc)
    who = fighter(work, name)
    passed = endurance_check(rules, work, source, who, turns)
    return work.outcome({"kind": "exhaustion", "actor": who}, passed=passed, hidden=work.hidden(who))


def cast(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, spell: str, cost: int, pool: str,
         target: str | None) -> Outcome:
    """A spell: its cost from MP (or st), and once the pool is out from HP with the
    endurance check after each cast (SK-EXH-1).  What the spell does is the
    master's (a strike with a magic weapon is an ``attack``)."""
    work = rules.work(enc)
    who = fighter(work, name)
    on = fighter(work, target) if target is not None else None
    if cost < 1:
        raise ValueError(_("a spell costs 1 {pool} or more").format(pool=pool))
    unable = rules.cannot_act(work.get(who))
    if unable is not None:
        raise RuleError(_("{name} {reason} and cannot cast").format(name=who, reason=unable))
    spent = spend(rules, work, source, who, pool, cost)
    work.tell("cast", about=[who, *([on] if on else [])], name=who, spell=spell, target=on, cost=cost,
              pool=pool, before=spent.before, after=spent.after, hp=spent.hp, done=spent.done)
    awake = work.get(who).effect(FAINTED) is None
    return work.outcome({"kind": "cast", "actor": who, "spell": spell, "cost": cost, "pool": pool,
                         "hp": spent.hp, "cast": spent.done}, passed=awake, hidden=work.hidden(who))


def pay(rules: Skirmish, enc: Encounter, name: str, points: int, pool: str) -> Outcome:
    """SK-EXH-1: once the check passed, MP or st are paid with HP, 1 for 1 [I]."""
    work = rules.work(enc)
    who = fighter(work, name)
    change = rules.hurt(work, who, Damage(points, kind="strain", source=pool))
    work.tell("paid_with_hp", about=[who], name=who, points=points, pool=pool, hp_before=change.hp_before,
              hp_after=change.hp_after, status_before=change.status_before, status_after=change.status_after)
    return work.outcome({"kind": "pay", "actor": who, "points": points}, hidden=work.hidden(who))


def move(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, metres: int) -> Outcome:
    """SK-MOVE-1: (dexterity + endurance) / 2 free metres a turn, however many moves
    take them; every further metre costs 1 st.  The metres count from the start of
    the mover's own turn, moves made out of turn included [I]."""
    work = rules.work(enc)
    who = fighter(work, name)
    c = work.get(who)
    free = sk.free_move(value(c, "dexterity", work.settings), value(c, "endurance", work.settings))
    assert work.fight is not None
    walked = fightdata.count(work.fight, "moved", who)
    left = sk.free_left(free, walked)
    cost = sk.move_cost(metres, left)
    # short of st, SK-EXH-1 decides: the endurance check, then HP pay the rest
    spent = spend(rules, work, source, who, "st", cost)
    if not spent.done:
        return work.outcome({"kind": "move", "actor": who, "metres": 0, "fainted": True}, passed=False,
                            hidden=work.hidden(who))
    assert work.fight is not None
    work.fight = fightdata.bump(work.fight, "moved", who, metres)
    work.tell("move", about=[who], name=who, metres=metres, free=free, walked=walked, free_left=left, cost=cost,
              st_before=spent.before, st_after=spent.after)
    return work.outcome({"kind": "move", "actor": who, "metres": metres, "cost": cost,
                         "moved_this_turn": walked + metres}, hidden=work.hidden(who))


def pickup(rules: Skirmish, enc: Encounter, name: str, weapon: str) -> Outcome:
    """Pick up a weapon a stun knocked out of one's hands."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    dropped = list(c.data.get("dropped", []))
    if not dropped:
        raise RuleError(_("{name} has dropped nothing").format(name=who))
    item = pick_item(N_("dropped weapon"), weapon, tuple(dropped))
    data = dict(c.data)
    rest = [n for n in dropped if n != item]
    if rest:
        data["dropped"] = rest
    else:
        data.pop("dropped")
    work.put(replace(c, data=data))
    work.tell("picked_up", about=[who], name=who, weapon=item)
    return work.outcome({"kind": "pickup", "actor": who, "weapon": item}, hidden=work.hidden(who))


def take_cover(rules: Skirmish, enc: Encounter, name: str, rating: int | None, clear: bool) -> Outcome:
    """SK-COVER-1: the master puts NAME in cover of a destruction rating, or out of it;
    every shot at NAME hits the cover until it changes or is destroyed [I]."""
    if clear == (rating is not None):
        raise ValueError(_("give the cover's destruction rating, or --clear to leave cover"))
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    before = stored_cover(c)
    if clear and before is None:
        raise RuleError(_("{name} is not in cover").format(name=who), rule="SK-COVER-1")
    work.put(with_cover(c, rating))
    work.tell("cover_set", about=[who], name=who, rating=rating, before=before)
    return work.outcome({"kind": "cover", "actor": who, "rating": rating}, hidden=work.hidden(who))


def gear(rules: Skirmish, enc: Encounter, name: str, item: str, words: list[str]) -> Outcome:
    """An item's values, shown, or set with ``key=value`` words (the item comes with
    ``char give``); the file is never edited by hand for them."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    if not kit.carried(c.data):
        raise RuleError(_("{name} carries no gear; give it some first (char give {name} ITEM --kind KIND)")
                        .format(name=who))
    section, found = kit.find_item(c.data, item)
    table = c.data[section][found]
    if words:
        table = kit.apply_words(section, found, table, words, SHEET.resolve)
        work.put(replace(c, data=kit.with_item(c.data, section, found, table)))
    work.tell("gear", about=[who], name=who, item=found, values=kit.describe_item(section, table),
              changed=bool(words))
    return work.outcome({"kind": "gear", "actor": who, "item": found, "section": section, "values": table},
                        hidden=work.hidden(who))


def show_slots(rules: Skirmish, enc: Encounter, name: str) -> Outcome:
    """SK-SLOT-1: the weapon slots used and what they cost."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    load = slots(c, work.settings)
    work.tell("slots", about=[who], name=who, used=load.used, tucked=load.tucked, stealth=load.stealth,
              dexterity=load.dexterity, weapons=list(weapons(c)))
    return work.outcome({"kind": "slots", "actor": who, "used": load.used})


def damage(rules: Skirmish, enc: Encounter, name: str, amount: int) -> Outcome:
    work = rules.work(enc)
    who = find(enc, name)
    if work.get(who).status == DEAD:
        raise RuleError(_("{name} is dead").format(name=who))
    change = rules.hurt(work, who, Damage(amount, kind="master"))
    work.tell("master_damage", about=[who], name=who, amount=amount, hp_before=change.hp_before,
              hp_after=change.hp_after, status_before=change.status_before, status_after=change.status_after)
    return work.outcome({"kind": "damage", "target": who, "amount": amount}, hidden=work.hidden(who))


def heal(rules: Skirmish, enc: Encounter, name: str, amount: int) -> Outcome:
    work = rules.work(enc)
    who = find(enc, name)
    if work.get(who).status == DEAD:
        raise RuleError(_("{name} is dead; healing does nothing").format(name=who))
    c = work.get(who)
    if "hp" not in c.resources:
        work.put(c.with_resource("hp", resource(c, "hp")))
    change = restore(rules, work, who, amount)
    work.tell("master_heal", about=[who], name=who, amount=amount, hp_before=change.hp_before,
              hp_after=change.hp_after, status_before=change.status_before, status_after=change.status_after)
    return work.outcome({"kind": "heal", "target": who, "amount": amount}, hidden=work.hidden(who))

def _without_key(fight: Fight | None, key: str, name: str) -> Fight | None:
    """``fight`` with ``name`` left out of the table under ``key``."""
    if fight is None:
        return None
    table = {k: v for k, v in fightdata.get(fight, key, {}).items() if k != name}
    return fightdata.put(fight, key, table)


__all__ = [
    "bandage", "burn_item", "cast", "check", "damage", "exhaust", "extinguish", "flee", "gear", "heal", "move",
    "pay", "pickup", "show_slots", "take_cover",
]
