"""The attack across two posts: the roll, the answer, the hit, the counterattack.

An attack (SK-ATK-1) rolls d20 + the weapon skill and waits in
``fight.data.pending`` for its target's answer: a block (d20 + the defense
skill of a weapon or shield), a dodge (d20 + dexterity) or, against a shot, a
miss roll (a plain d20, SK-RANGED-1).  A stunned or fallen target cannot
answer: the attack lands at once (SK-NODEF-1).  A hit deals damage through
def (SK-DMG-1) and rolls the weapon's effects (SK-EFF-1); a dodge earns a
counterattack out of turn for 2, 4, 8 ... st (SK-OUT-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.clock import take_turn
from rules.core.common import require_fight
from rules.core.die import Die
from rules.core.effects import FIGHT, Duration, EffectSpec
from rules.core.errors import RuleError
from rules.core.outcome import Damage, Outcome, Work
from rules.core.state import Encounter
from rules.dice import roll_text
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.skirmish import fightdata, gear, presets
from rules.systems.skirmish import mechanics as sk
from rules.systems.skirmish.fight import (
    fighter,
    release_runners,
    stored_cover,
    stunned,
    total_def,
    value,
    with_cover,
)
from rules.systems.skirmish.items import carried_items, weapons
from rules.systems.skirmish.reading import ANSWERS, BARE_HANDS, BLOCK, DODGE, NONE, blocker, weapon_of
from rules.systems.skirmish.strain import Spent, give_effect, spend

if TYPE_CHECKING:
    from rules.systems.skirmish.rules import Skirmish


def _terms(*pairs: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"amount": amount, "reason": reason} for amount, reason in pairs if amount]


def _summed(terms: list[dict[str, Any]]) -> int:
    """``sum(term["amount"] for term in terms)`` without a generator (every attack roll and every
    answer adds its terms): whole numbers, added in the same order."""
    total = 0
    for term in terms:
        total += term["amount"]
    return total


# --- rolls -------------------------------------------------------------------------


def check_roll(work: Work, source: DiceSource, name: str, stat: str, score: int, rerolls: int,
               purpose: str) -> list[int]:
    """A d20 check on ``stat`` with ``rerolls`` taken from its allowance (SK-REROLL-1):
    every face, the last one stands."""
    fight = require_fight(work)
    if not rerolls:  # most checks: one face
        return [work.roll(source, 20, purpose).face]
    allowed = sk.reroll_allowance(score)
    used = fightdata.nested_count(fight, "rerolls", name, stat)
    if used + rerolls > allowed:
        raise RuleError(
            _("{name} may reroll {stat} {allowed} time(s) a fight at {score} and has used {used}; "
              "a reroll needs the skill or stat at 6 (once) or 9 (twice)").format(
                name=name, stat=stat, allowed=allowed, score=score, used=used),
            rule="SK-REROLL-1")
    work.fight = fightdata.bump_nested(fight, "rerolls", name, stat, rerolls)
    return [work.roll(source, 20, purpose if i == 0 else "reroll").face for i in range(1 + rerolls)]


# --- the attack ----------------------------------------------------------------------


def _busy(work: Work, *names: str) -> None:
    """SK-OFF-1: nobody interacts with a character in a combat action: an
    attack waiting for its answer keeps both of its sides busy [I]."""
    for attack in fightdata.pending(require_fight(work)):
        for name in names:
            if name in (attack["attacker"], attack["target"]):
                raise RuleError(
                    _("{name} is in a combat action: {attacker}'s attack on {target} waits for an answer "
                      "(defend {target} block|dodge|none)").format(
                        name=name, attacker=attack["attacker"], target=attack["target"]), rule="SK-OFF-1")


def attack(rules: Skirmish, enc: Encounter, source: DiceSource, attacker: str, target: str, *,
           weapon: str | None = None, answer: str | None = None, rerolls: int = 0, wind: bool = False,
           rain: bool = False, terrain: bool = False, cover: int | None = None, strike: bool = False,
           dash: int | None = None) -> Outcome:
    """SK-ATK-1: the attack of the acting combatant (one a turn [I])."""
    work = rules.work(enc)
    a, t = fighter(work, attacker), fighter(work, target)
    turn = take_turn(work, source, rules, a, verb="attack")
    if turn is not None:
        if turn.remaining < 1:
            raise RuleError(_("{name} has attacked this turn already (one attack a turn)").format(name=a))
        assert work.fight is not None
        work.fight = work.fight.with_turn(turn.with_spent(turn.spent + 1))
    spent: Spent | None = None
    if dash is not None:
        # the dash's st first: running out of it may faint the attacker before it strikes (SK-EXH-1)
        if dash < 1:
            raise ValueError(_("a dash covers 1 metre or more"))
        spent = spend(rules, work, source, a, "st", dash)
        if not spent.done:
            return work.outcome({"kind": "attack", "actor": a, "target": t, "fainted": True}, passed=False,
                                hidden=work.hidden(a))
    strike_at(rules, work, source, a, t, weapon=weapon, answer=answer, rerolls=rerolls, wind=wind, rain=rain,
              terrain=terrain, cover=cover, strike_with_ranged=strike, dash=spent)
    return work.outcome({"kind": "attack", "actor": a, "target": t}, hidden=work.hidden(a))


def counter(rules: Skirmish, enc: Encounter, source: DiceSource, name: str, target: str, *,
            weapon: str | None = None, answer: str | None = None, rerolls: int = 0,
            strike: bool = False) -> Outcome:
    """SK-OUT-1: after a successful dodge, an attack out of turn for 2 st, then 4, 8 ..."""
    work = rules.work(enc)
    b, a = fighter(work, name), fighter(work, target)
    fight = require_fight(work)
    if fightdata.get(fight, "dodged", {}).get(b) != a:
        raise RuleError(_("{name} has no counterattack on {target}: a counterattack follows a successful "
                          "dodge of {target}'s attack").format(name=b, target=a), rule="SK-OUT-1")
    take_turn(work, source, rules, b, verb="counter")
    done = fightdata.count(fight, "counters", b)
    cost = sk.counter_cost(done)
    dodged = dict(fightdata.get(fight, "dodged", {}))
    dodged.pop(b)
    work.fight = fightdata.put(fight, "dodged", dodged)
    # short of st, SK-EXH-1 decides: the endurance check, then HP pay the rest
    spent = spend(rules, work, source, b, "st", cost)
    if not spent.done:
        return work.outcome({"kind": "counter", "actor": b, "target": a, "cost": cost, "fainted": True},
                            passed=False, hidden=work.hidden(b))
    work.fight = fightdata.bump(require_fight(work), "counters", b)
    if not work.quiet:
        work.tell("counter", about=[b, a], name=b, target=a, number=done + 1, cost=cost, st_before=spent.before,
                  st_after=spent.after)
    strike_at(rules, work, source, b, a, weapon=weapon, answer=answer, rerolls=rerolls, strike_with_ranged=strike,
              counter=True)
    return work.outcome({"kind": "counter", "actor": b, "target": a, "cost": cost}, hidden=work.hidden(b))


def strike_at(rules: Skirmish, work: Work, source: DiceSource, a: str, t: str, *, weapon: str | None,
              answer: str | None, rerolls: int, wind: bool = False, rain: bool = False, terrain: bool = False,
              cover: int | None = None, strike_with_ranged: bool = False, dash: Spent | None = None,
              counter: bool = False, chase: bool = False) -> None:
    """``a``'s attack roll on ``t`` (an attack, a counterattack or a chaser's), then what meets it:
    the cover, no defence, the answer given now, or the wait for one."""
    if a == t:
        raise RuleError(_("{name} cannot attack itself").format(name=a))
    if answer is not None and answer not in ANSWERS:
        raise ValueError(_("an answer is block, dodge or none, not {answer!r}").format(answer=answer))
    _busy(work, a, t)
    fight = require_fight(work)
    ac, tc = work.get(a), work.get(t)
    w = weapon_of(ac, weapon)
    if strike_with_ranged and w.kind != gear.RANGED:
        raise ValueError(_("--strike is for a ranged weapon used in melee; {weapon} is {kind}")
                         .format(weapon=w.name, kind=w.kind))
    shot = w.kind == gear.RANGED and not strike_with_ranged
    if shot and fightdata.engaged(fight, a):
        raise RuleError(_("{name} is in melee: no shooting there; strike with {weapon} (--strike) or use "
                          "another weapon").format(name=a, weapon=w.name), rule="SK-MELEE-1")
    if not shot and (wind or rain or terrain or cover is not None):
        raise ValueError(_("--wind, --rain, --terrain and --cover are for shots"))
    if dash is not None and shot:
        raise ValueError(_("a dash ends in a melee attack, not a shot"))
    if shot and cover is None:
        # SK-COVER-1: the cover the master set for the target stands until changed [I]
        cover = stored_cover(tc)
    stat = "ranged" if shot else "accuracy"
    score = w.accuracy if w.accuracy is not None else value(ac, stat, work.settings)
    faces = check_roll(work, source, a, stat, score, rerolls, "attack")
    extra: list[tuple[int, str]] = []
    if dash is not None:
        extra.append(dash_roll(work, source, a, dash, score))
    if shot:
        if wind:
            extra.append((-work.roll(source, 4, "wind").face, "wind"))
        if rain:
            extra.append((-work.roll(source, 2, "rain").face, "rain"))
        if terrain:
            extra.append((-1, "terrain"))
        extra.append((sk.dexterity_shot_penalty(value(tc, "dexterity", work.settings)), "target dexterity"))
    terms = _terms((score, stat), *extra)
    total = faces[-1] + _summed(terms)
    if w.name and not shot:
        # both marks of a melee attack in one copy of the fight
        work.fight = fightdata.engage(require_fight(work), a, t, used=w.name)
    elif w.name:
        work.fight = fightdata.bump_nested(require_fight(work), "used", a, w.name)
    elif not shot:
        work.fight = fightdata.engage(require_fight(work), a, t)
    pending = {"attacker": a, "target": t, "weapon": w.name, "die": faces[-1], "total": total, "terms": terms,
               "faces": faces, "shot": shot, "counter": counter, "stat": stat}
    if chase:
        pending["chase"] = True
    unable = rules.cannot_act(tc)
    waits = cover is None and unable is None and answer is None
    if not work.quiet:
        work.tell("attack_roll", about=[a, t], attacker=a, target=t, weapon=w.name, die=faces[-1],
                  faces=faces if len(faces) > 1 else None, terms=terms, total=total, shot=shot, counter=counter,
                  chase=chase or None, waits=waits)
    if cover is not None:
        _cover(work, source, t, cover)
    elif unable is not None:
        work.tell("no_defence", about=[t], target=t, reason=unable)
        hit(rules, work, source, pending, None)
    elif answer is not None:
        play_answer(rules, work, source, pending, answer, None, 0)
    else:
        work.fight = fightdata.put(require_fight(work), "pending",
                                   [*fightdata.pending(require_fight(work)), pending])


def dash_roll(work: Work, source: DiceSource, name: str, spent: Spent, accuracy: int) -> tuple[int, str]:
    """SK-MOVE-1: after the dash's st (paid by ``attack``), d(accuracy) - accuracy on the attack [I]."""
    die = work.roll(source, accuracy, "dash").face if accuracy >= 1 else 0
    work.tell("dash", about=[name], name=name, metres=spent.cost, st_before=spent.before, st_after=spent.after,
              die=die, accuracy=accuracy)
    return sk.dash_modifier(die, accuracy), "dash"


def _cover(work: Work, source: DiceSource, target: str, rating: int) -> None:
    """SK-COVER-1: the shot hits the cover; d20 + its rating against the threshold destroys it."""
    die = work.roll(source, 20, "cover").face
    threshold = int(work.settings.get("cover_threshold", 11))
    destroyed = die + rating >= threshold
    work.tell("cover", about=[target], target=target, die=die, rating=rating, total=die + rating,
              threshold=threshold, destroyed=destroyed)
    if destroyed and stored_cover(work.get(target)) is not None:
        # the target loses its cover: the next shot rolls to miss again
        work.put(with_cover(work.get(target), None))


# --- the answer ------------------------------------------------------------------------


def defend(rules: Skirmish, enc: Encounter, source: DiceSource, defender: str, how: str, *, item: str | None = None,
           attacker: str | None = None, rerolls: int = 0) -> Outcome:
    """The target's answer to the attack waiting for it, out of turn."""
    work = rules.work(enc)
    fight = require_fight(work)
    t = fighter(work, defender)
    waiting = [p for p in fightdata.pending(fight) if p["target"] == t]
    if attacker is not None:
        a = fighter(work, attacker)
        waiting = [p for p in waiting if p["attacker"] == a]
    if not waiting:
        raise RuleError(_("no attack on {name} waits for an answer").format(name=t), rule="SK-ATK-1")
    pending = waiting[0]
    if how != NONE:
        take_turn(work, source, rules, t, verb="defend")
    work.fight = fightdata.put(fight, "pending", [p for p in fightdata.pending(fight) if p != pending])
    play_answer(rules, work, source, pending, how, item, rerolls)
    return release_runners(rules, work.outcome(
        {"kind": "defend", "actor": t, "attacker": pending["attacker"], "answer": how}, hidden=work.hidden(t)))


def play_answer(rules: Skirmish, work: Work, source: DiceSource, pending: dict[str, Any], how: str,
                item: str | None, rerolls: int) -> None:
    """The target's answer to ``pending``: none, a block, a dodge or, against a shot, the miss roll."""
    a, t = pending["attacker"], pending["target"]
    tc = work.get(t)
    shot = bool(pending.get("shot"))
    used: gear.Weapon | None = None
    if item is not None and how != BLOCK:
        raise ValueError(_("--with names what blocks; a dodge needs nothing"))
    if how == NONE:
        if not work.quiet:
            work.tell("defence", about=[t], defender=t, attacker=a, how=NONE, landed=True)
        hit(rules, work, source, pending, None)
        return
    if how == BLOCK:
        used = blocker(tc, item)
        score = used.defense if used.defense is not None else value(tc, "defense", work.settings)
        faces = check_roll(work, source, t, "defense", score, rerolls, "block")
        terms = _terms((score, "defense"))
    elif shot:
        if rerolls:
            raise RuleError(_("a miss roll is a plain d20 and cannot be rerolled"), rule="SK-REROLL-1")
        faces, terms = [work.roll(source, 20, "miss").face], []
    else:
        score = value(tc, "dexterity", work.settings)
        faces = check_roll(work, source, t, "dexterity", score, rerolls, "dodge")
        terms = _terms((score, "dexterity"))
    total = faces[-1] + _summed(terms)
    tie = bool(work.settings.get("tie_to_defender", True))
    landed = sk.lands(int(pending["total"]), total, tie_to_defender=tie)
    shown_how = "miss" if shot and how == DODGE else how
    if not work.quiet:
        work.tell("defence", about=[t], defender=t, attacker=a, how=shown_how, item=used.name if used else None,
                  die=faces[-1], faces=faces if len(faces) > 1 else None, terms=terms, total=total,
                  attack_total=pending["total"], landed=landed, tie=total == pending["total"])
    if landed:
        hit(rules, work, source, pending, used)
    elif how == DODGE and not shot:
        fight = require_fight(work)
        dodged = {**fightdata.get(fight, "dodged", {}), t: a}
        work.fight = fightdata.put(fight, "dodged", dodged)
        if not work.quiet:
            cost = sk.counter_cost(fightdata.count(fight, "counters", t))
            work.tell("may_counter", about=[t, a], name=t, target=a, cost=cost)


# --- the hit -----------------------------------------------------------------------------


def hit(rules: Skirmish, work: Work, source: DiceSource, pending: dict[str, Any],
        blocked_with: gear.Weapon | None) -> None:
    """SK-DMG-1 through def, then the weapon's effects (SK-EFF-1), rolled even
    when def took all the damage [I]."""
    a, t = pending["attacker"], pending["target"]
    ac, tc = work.get(a), work.get(t)
    w = carried_items(ac).get(pending["weapon"], BARE_HANDS)
    mode = str(work.settings.get("damage_mode", "full"))
    if mode == "dice" and not w.dice:
        mode = "fixed"  # a weapon without dice keeps its fixed damage [I]
    fixed = w.damage if mode != "dice" else 0
    faces: list[int] = []
    rolled = 0
    if w.dice and mode != "fixed":
        result = roll_text(w.dice, source)
        work.add_dice(Die(d.face, d.sides, "damage", d.origin, d.counter) for d in result.dice)
        rolled, faces = int(result.value), [d.face for d in result.dice]
    striking = w.kind in gear.STRENGTH_KINDS or (w.kind == gear.RANGED and not pending.get("shot"))
    strength = value(ac, "strength", work.settings) if striking and mode == "full" else 0
    raw = fixed + rolled + strength
    shield = 0.0
    if blocked_with is not None and blocked_with.kind == gear.SHIELD and not stunned(tc):
        shield = float(blocked_with.shield_def)
    armour = total_def(tc)
    dealt = sk.damage_through(raw, armour + shield)
    change = rules.hurt(work, t, Damage(dealt, kind="hit", source=a))
    fight = require_fight(work)
    work.fight = fightdata.with_listed(fight, "damaged", t, True)
    if not work.quiet:
        work.tell("hit", about=[a, t], attacker=a, target=t, weapon=w.name, fixed=fixed, dice=w.dice or None,
                  faces=faces or None, rolled=rolled, strength=strength, damage=raw, armour=armour, shield=shield,
                  dealt=dealt, hp_before=change.hp_before, hp_after=change.hp_after,
                  status_before=change.status_before, status_after=change.status_after)
    for word, chance in w.effects.items():
        die = work.roll(source, 100, "effect").face
        landed = sk.percent(die, chance)
        name = presets.canonical(word) or word
        if not work.quiet:
            work.tell("effect_roll", about=[t], target=t, source=a, effect=name, die=die, chance=chance,
                      landed=landed)
        if landed:
            on_hit(rules, work, source, t, name, chance, w.effect_damage.get(word, 1), w.name, blocked_with)


def on_hit(rules: Skirmish, work: Work, source: DiceSource, t: str, effect: str, chance: int, damage: int,
           weapon: str, blocked_with: gear.Weapon | None) -> None:
    tc = work.get(t)
    if effect in (presets.BLEEDING, presets.POISON):
        # a further one keeps the first deadline: its d10 would decide nothing [I]
        turns = 1
        if tc.effect(effect) is None:
            turns = work.roll(source, 10, "duration").face
            if not work.quiet:
                work.tell("effect_duration", about=[t], target=t, effect=effect, turns=turns)
        spec = presets.bleeding(turns) if effect == presets.BLEEDING else presets.poison(turns, damage)
        give_effect(rules, work, t, spec)
    elif effect == presets.STUN:
        stun(rules, work, source, t, chance, blocked_with)
    elif effect == presets.BURNING:
        give_effect(rules, work, t, presets.burning())
    else:
        give_effect(rules, work, t, EffectSpec(effect, duration=Duration(FIGHT),
                                               note=_("on-hit effect of {weapon}").format(weapon=weapon or "-")))


def stun(rules: Skirmish, work: Work, source: DiceSource, t: str, chance: int,
         blocked_with: gear.Weapon | None) -> None:
    """SK-STUN-1, SK-STUN-2: the resistance of an earlier stun, the stun, the weapon drop."""
    fight = require_fight(work)
    if t in fightdata.listed(fight, "stun_resist"):
        die = work.roll(source, 100, "stun_resist").face
        resisted = sk.percent(die, 50)
        work.fight = fightdata.with_listed(fight, "stun_resist", t, False)
        work.tell("stun_resisted", about=[t], target=t, die=die, resisted=resisted)
        if resisted:
            return
    give_effect(rules, work, t, presets.stun())
    work.fight = fightdata.with_listed(require_fight(work), "stun_resist", t, True)
    tc = work.get(t)
    held = [n for n in weapons(tc) if n not in tc.data.get("dropped", [])]
    if blocked_with is not None and blocked_with.name in held:
        held = [blocked_with.name]
    drop = sk.stun_drop_chance(chance)
    if not held:
        return
    die = work.roll(source, 100, "drop").face
    dropped = sk.percent(die, drop)
    work.tell("weapon_drop", about=[t], target=t, weapon=held[0], die=die, chance=drop, dropped=dropped)
    if dropped:
        data = dict(tc.data)
        data["dropped"] = [*tc.data.get("dropped", []), held[0]]
        work.put(replace(tc, data=data))
