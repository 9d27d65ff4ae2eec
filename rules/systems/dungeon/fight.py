"""A dungeon (Подземелье Ужаса) fight, played on the shared combat state.

Side initiative (DG-INIT-1), two actions a round (DG-ACT-1), moves
(DG-MOVE-1), hits and damage (DG-HIT-1, DG-DMG-1), unconsciousness and death
(DG-DEATH-1), injuries as effects (DG-INJ-1), fatigue abilities (DG-FAT-1),
checks, saves and rests.  The arithmetic is ``rules.systems.dungeon.mechanics``'s; this module
decides who may do what and when, and keeps the encounter up to date.  Its
functions are the contract's hooks and the actions of the dungeon's rules
object, which ``rules.py`` assembles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rules.core.clock import ClockReport, advance, end_turn, open_rounds, restore
from rules.core.common import (
    end_fight,
    join_fight,
    report_decided,
    require_fight,
)
from rules.core.contract import Damage
from rules.core.effects import REMOVED, TURNS, Duration, EffectSpec
from rules.core.errors import NotFound, RuleError, UnknownNameError
from rules.core.events import health_fields
from rules.core.names import Names
from rules.core.outcome import HealthChange, Outcome, Work
from rules.core.sheet import UnknownStat
from rules.core.state import (
    DEAD,
    ENEMY,
    PARTY,
    Combatant,
    Encounter,
    Fight,
    TurnState,
    find,
)
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.dungeon import fightdata, manoeuvres
from rules.systems.dungeon import mechanics as dg
from rules.systems.dungeon.acting import budget_of, say_turn, set_turn, turn_of
from rules.systems.dungeon.checks import PRIMARY, check_subject
from rules.systems.dungeon.common import attack_weapon, parse_weapon
from rules.systems.dungeon.sheet import SHEET
from rules.systems.dungeon.situations import require_fatigue_advantage_counts, situation_of
from rules.systems.dungeon.values import cap, resource, value

if TYPE_CHECKING:
    from rules.systems.dungeon.rules import Dungeon


#: modifier keys beyond the sheet's stats: added to every hit roll, damage
#: roll, check or saving throw of the bearer
ROLL_MODIFIERS = {
    "hit": ("hit", "попадание"),
    "damage": ("damage", "урон"),
    "check": ("check", "checks", "проверка", "проверки"),
    "save": ("save", "saves", "спасбросок", "спас-бросок", "спасброски"),
}
MODIFIER_NAMES = Names("modifier", ROLL_MODIFIERS)

#: the session's sides -> the side names of ``rules.systems.dungeon.mechanics``
_DG_SIDE = {PARTY: dg.PARTY, ENEMY: dg.ENEMIES}
_SIDE_FROM_DG = {dg.PARTY: PARTY, dg.ENEMIES: ENEMY}
_AMBUSH_WORDS = {PARTY: PARTY, "players": PARTY, ENEMY: ENEMY, "enemies": ENEMY}


# --- reading a combatant --------------------------------------------------------------


def _modifiers(*terms: tuple[int, str]) -> list[dict[str, Any]]:
    """(amount, reason) pairs as event fields, zeros left out."""
    return [{"amount": amount, "reason": reason} for amount, reason in terms if amount]


def injury_effect(injury: dg.Injury) -> EffectSpec:
    """DG-INJ-1: an injury as a named effect; it counts down in turns when it
    has ``turns``, else lasts until removed (an hour, until treated)."""
    duration = Duration(TURNS, injury.turns) if injury.turns else Duration(REMOVED)
    return EffectSpec(
        injury.name, modifiers=dict(injury.modifiers), duration=duration, note=injury.duration or ""
    )


# --- what the shared clock asks -------------------------------------------------------


def hurt(work: Work, name: str, damage: Damage | int) -> HealthChange:
    amount = damage if isinstance(damage, int) else damage.amount
    c = work.get(name)
    before = resource(c, "hp")
    out = dg.take_damage(before, amount, status=c.status)
    work.put(replace(c.with_resource("hp", out.hp_after), status=str(out.status_after)))
    if amount > 0 and work.fight is not None and name not in fightdata.damaged(work.fight):
        work.fight = fightdata.with_damaged(work.fight, fightdata.damaged(work.fight) + (name,))
    return HealthChange(name, amount, before, out.hp_after, c.status, str(out.status_after))


def mend(work: Work, name: str, amount: int) -> HealthChange:
    c = work.get(name)
    before = resource(c, "hp")
    out = dg.heal(before, cap(c, "hp"), amount, status=c.status)
    work.put(replace(c.with_resource("hp", out.hp_after), status=str(out.status_after)))
    return HealthChange(name, amount, before, out.hp_after, c.status, str(out.status_after))


def new_turn(work: Work, name: str) -> TurnState:
    assert work.fight is not None
    damaged = fightdata.damaged(work.fight)
    work.fight = fightdata.with_damaged(work.fight, tuple(n for n in damaged if n != name))
    return TurnState(name, actions=dg.BASE_ACTIONS, data=fightdata.turn_data(was_damaged=name in damaged))


# --- turns ----------------------------------------------------------------------------


def start(rules: Dungeon, enc: Encounter, source: DiceSource, ambush: str | None = None, **options: Any) -> Outcome:
    """DG-INIT-1: each side rolls 1d6 (party first), higher first, a tie to
    the enemies; an ambushing side acts first without a roll.  Within a
    side, higher reaction first; the dead take no part."""
    work = rules.work(enc)
    if work.fight is not None:
        raise RuleError(
            _("a fight is already running (round {round}); end it before starting another").format(
                round=work.fight.round)
        )
    side = None
    if ambush is not None:
        side = _AMBUSH_WORDS.get(ambush.strip().lower())
        if side is None:
            raise ValueError(_("an ambush is made by {party!r} or {enemy!r}, not {ambush!r}").format(
                party=PARTY, enemy=ENEMY, ambush=ambush))
    alive = [c for c in work.combatants.values() if c.status != DEAD]
    members = {s: [(c.name, value(c, "reaction")) for c in alive if c.side == s] for s in (PARTY, ENEMY)}
    if not members[PARTY] or not members[ENEMY]:
        raise RuleError(_("a fight needs someone alive on each side (party: {party}, enemy: {enemy})").format(
            party=len(members[PARTY]), enemy=len(members[ENEMY])))
    party = [c for c in alive if c.side == PARTY]
    agreed = any(fightdata.place(c) is not None for c in party)
    if agreed:
        by_reaction = [n for n, _r in sorted(members[PARTY], key=lambda m: -m[1])]
        reactions = dict(members[PARTY])
        members[PARTY] = [(n, reactions[n]) for n in manoeuvres.agreed(party, by_reaction)]
    order = dg.turn_order(
        source, members[PARTY], members[ENEMY], ambush=_DG_SIDE[side] if side else None,
        keep_party_order=agreed,
    )
    work.add_dice(order.dice)
    first = _SIDE_FROM_DG[order.initiative.first]
    event: dict[str, Any] = {"kind": "fight_start", "first": first}
    initiative = order.initiative
    if side is not None:
        work.tell("ambush", side=side)
        event["ambush"] = side
    else:
        assert initiative.party_die is not None and initiative.enemies_die is not None
        party_roll, enemy_roll = initiative.party_die.face, initiative.enemies_die.face
        work.tell("initiative", party_roll=party_roll, enemy_roll=enemy_roll, first=first, rule="DG-INIT-1")
        event.update(party_roll=party_roll, enemy_roll=enemy_roll)
    names = order.names
    work.tell("order", order=list(names))
    work.fight = Fight(round=1, order=names, index=0, data={"ambush": side} if side else {})
    report = ClockReport()
    open_rounds(work, source, rules, report)
    say_turn(work)
    event.update(order=list(names), actor=work.fight.current, **report.event_parts())
    return work.outcome(event)


def step(rules: Dungeon, enc: Encounter, source: DiceSource) -> Outcome:
    """End the current turn and start the next able combatant's.

    The dead are passed over without a word; the unconscious and those
    whose effects take their turn are skipped, but their effects still
    tick and run out [I].
    """
    work = rules.work(enc)
    fight = require_fight(work)
    previous = fight.current
    report = ClockReport()
    end_turn(work, source, rules, report)
    manoeuvres.apply_party_order(work, acting=False)
    advance(work, source, rules, report)
    say_turn(work)
    assert work.fight is not None
    actor = work.fight.current
    assert actor is not None
    event: dict[str, Any] = {
        "kind": "turn", "round": work.fight.round, "previous": previous, "actor": actor,
        **report.event_parts(),
    }
    report_decided(work, event, rules.status)
    return work.outcome(event, hidden=work.get(actor).hidden)


def end(rules: Dungeon, enc: Encounter, source: DiceSource | None = None) -> Outcome:
    return end_fight(enc, hp_max=rules.hp_max, status=rules.status)


def join(rules: Dungeon, enc: Encounter, name: str) -> Outcome:
    return join_fight(enc, name, rules.hp_max)


# --- actions --------------------------------------------------------------------------


def attack(
    rules: Dungeon, enc: Encounter, source: DiceSource, attacker: str, target: str, *,
    kind: str = dg.MELEE, advantages: int = 0, disadvantages: int = 0,
    fatigue_advantage: bool = False, extra_die: bool = False, weapon: str | None = None,
    situation: Sequence[str] = (),
) -> Outcome:
    """One action: the hit roll (DG-HIT-1), on a hit the damage (DG-DMG-1)
    and what it does to the target (DG-DEATH-1).

    The situation words (cover, dim light, darkness, invisibility) and the
    tracked prone states of both add their advantages and disadvantages
    (DG-ADV-1, DG-PRONE-1), held within the cap; with both on the grid the
    target must be within reach (DG-RANGE-1).  The +5 bought with fatigue
    is refused, before any fatigue is spent, when the cap would throw it
    away (DG-FAT-1); it is paid with the attack, the extra damage die only
    when the attack hits [I].
    """
    work = rules.work(enc)
    a, t = find(enc, attacker), find(enc, target)
    turn = turn_of(work, a)
    if kind not in dg.ATTACK_KINDS:
        raise ValueError(_("an attack is {melee!r} or {ranged!r}, not {kind!r}").format(
            melee=dg.MELEE, ranged=dg.RANGED, kind=kind))
    if a == t:
        raise RuleError(_("{attacker} cannot attack itself").format(attacker=a))
    ac, tc = work.get(a), work.get(t)
    if tc.status == DEAD:
        raise RuleError(_("{target} is already dead; attack someone else").format(target=t), rule="DG-DEATH-1")
    weapon_text = attack_weapon(a, ac.stats, weapon)
    count, sides, weapon_bonus = parse_weapon(weapon_text)
    situated = situation_of(situation, ac, tc)
    reach = manoeuvres.require_reach(ac, tc, kind)
    budget = budget_of(turn).spend()
    used = list(turn.used)
    fatigue, max_fatigue = resource(ac, "fatigue"), cap(ac, "fatigue")
    if fatigue_advantage:
        require_fatigue_advantage_counts(kind, situated, advantages=advantages, disadvantages=disadvantages)
        bought = dg.spend_fatigue("advantage", fatigue, max_fatigue, used)
        fatigue, used = bought.fatigue_after, list(bought.used_this_turn)
    extra = None
    if extra_die:
        # checked now so a refusal comes before any die is rolled
        extra = dg.spend_fatigue("extra_damage_die", fatigue, max_fatigue, used)

    hit = dg.hit_roll(
        source, kind, value(tc, "dodge"), reaction=value(ac, "reaction"),
        bonus=ac.modifier("hit"), advantages=advantages, disadvantages=disadvantages,
        fatigue_advantage=fatigue_advantage, situation=situated,
    )
    work.add_dice(hit.dice)
    event: dict[str, Any] = {
        "kind": "attack", "actor": a, "target": t, "attack": kind, "roll": hit.die.face,
        "total": hit.total, "dodge": hit.dodge, "hit": hit.hit,
    }
    if hit.natural is not None:
        event["natural"] = hit.natural
    work.tell(
        "hit_roll", about=[a, t], attacker=a, target=t, attack=kind, die=hit.die.face,
        modifiers=[{"amount": t.amount, "reason": t.reason} for t in hit.terms],
        advantage=hit.advantage, advantage_cap=dg.ADVANTAGE_CAP,
        situation=_situation_keys(situated) or None,
        distance=reach.distance if reach else None, reach=reach.reach if reach else None,
        total=hit.total, target_number=hit.dodge, hit=hit.hit, natural=hit.natural, rule="DG-HIT-1",
    )
    if hit.hit:
        if extra is not None:
            fatigue, used = extra.fatigue_after, list(extra.used_this_turn)
        damage = dg.damage_roll(
            source, kind, (count, sides), body=value(ac, "body"),
            armor=max(0, value(tc, "armor")), bonus=weapon_bonus + ac.modifier("damage"),
            extra_die=extra_die,
        )
        work.add_dice(damage.dice)
        work.tell(
            "damage", about=[a, t], source=a, target=t, dice=[d.face for d in damage.dice], sides=sides,
            count=count, extra_die=extra_die,
            body=damage.body_bonus, bonus=damage.bonus,
            before_armor=damage.raw, armor=damage.armor, dealt=damage.dealt, rule="DG-DMG-1",
        )
        change = hurt(work, t, damage.dealt)
        work.tell("health", about=[a, t], **health_fields(change))
        event.update(damage=damage.dealt, armor=damage.armor, hp=change.hp_after,
                     status=change.status_after)
    if fatigue != resource(ac, "fatigue"):
        work.put(work.get(a).with_resource("fatigue", fatigue))
        event["fatigue"] = fatigue
    turn = set_turn(work, turn, budget, used)
    work.tell("actions_left", about=[a], name=a, actions=turn.remaining)
    report_decided(work, event, rules.status)
    return work.outcome(event, hidden=ac.hidden)


def act(rules: Dungeon, enc: Encounter, name: str, what: str = "an action") -> Outcome:
    """Any other action (draw a weapon, reload, pull a lever): one action (DG-ACT-1).

    WHAT naming one of the seed's listed actions (DG-ACT-2) is recorded by
    its canonical name; lying down and standing up are played as such
    (DG-PRONE-1), and the actions with their own command (attack, move,
    knock down, push) point to it, as they need a target or a path.
    """
    listed = manoeuvres.listed_action(what)
    if listed is not None and listed.key in _POSTURES:
        return manoeuvres.posture(rules, enc, name, prone=_POSTURES[listed.key])
    if listed is not None and listed.key in _OWN_COMMANDS:
        raise RuleError(_("{action} has its own command: {command}").format(
            action=listed.name_en, command=_OWN_COMMANDS[listed.key]), rule=listed.rule)
    work = rules.work(enc)
    n = find(enc, name)
    turn = turn_of(work, n)
    budget = budget_of(turn).spend()
    turn = set_turn(work, turn, budget, turn.used)
    work.tell("action", about=[n], name=n, what=what, actions=turn.remaining,
              action=listed.key if listed else None, action_name=listed.name_en if listed else None,
              action_name_ru=listed.name_ru if listed else None, rule=listed.rule if listed else None)
    event: dict[str, Any] = {"kind": "action", "actor": n, "what": what}
    if listed is not None:
        event["action"] = listed.key
    return work.outcome(event, hidden=work.get(n).hidden)


def move(rules: Dungeon, enc: Encounter, name: str, cells: int | Sequence[tuple[int, int]]) -> Outcome:
    """DG-MOVE-1: a number of cells, or a path of grid cells (a diagonal
    step costs 2).  Each move action covers up to speed cells; the free
    move bought with fatigue is used first."""
    work = rules.work(enc)
    n = find(enc, name)
    turn = turn_of(work, n)
    c = work.get(n)
    speed = value(c, "speed")
    if isinstance(cells, int):
        if cells < 1:
            raise ValueError(_("a move covers at least one cell (got {cells})").format(cells=cells))
        here = fightdata.cell(c)
        if here is not None:
            # a count would leave the grid wrong for range and pushes
            raise RuleError(_('{name} stands on {cell}; give the path (move {name} --path "{cell} ..."), '
                              "or take {name} off the grid (place {name} --off)").format(
                name=n, cell=f"{here[0]},{here[1]}"), rule="DG-MOVE-1")
        cost, needed = cells, dg.move_actions_needed(cells, speed)
    else:
        plan = dg.plan_move(list(cells), speed)
        cost, needed = plan.cost, plan.actions
        if cost == 0:
            raise ValueError(_("a path needs at least two cells"))
    budget = budget_of(turn)
    available = budget.remaining + int(budget.free_move_left)
    if needed > available:
        raise RuleError(
            _("{cost} cells at speed {speed} take {needed} move actions; {name} has {available} left").format(
                cost=cost, speed=speed, needed=needed, name=n, available=available),
            rule="DG-MOVE-1",
        )
    for _i in range(needed):
        budget = budget.spend_move()
    if not isinstance(cells, int):
        manoeuvres.moved_to(work, n, list(cells))
    turn = set_turn(work, turn, budget, turn.used)
    work.tell("move", about=[n], name=n, cells=cost, speed=speed, move_actions=needed,
              actions=turn.remaining, rule="DG-MOVE-1")
    return work.outcome(
        {"kind": "move", "actor": n, "cells": cost, "speed": speed, "move_actions": needed},
        hidden=c.hidden,
    )


def spend_fatigue(rules: Dungeon, enc: Encounter, source: DiceSource, name: str, ability: str) -> Outcome:
    """DG-FAT-1 on the character's own turn: extra action, extra move or
    rally.  Advantage and the extra damage die are bought with an attack."""
    work = rules.work(enc)
    n = find(enc, name)
    try:
        chosen = dg.find_fatigue_ability(ability)
    except UnknownNameError as err:
        raise NotFound(N_("fatigue ability"), ability, err.suggestions) from None
    turn = turn_of(work, n)
    buy = _FATIGUE_BUYS.get(chosen.key)
    if buy is None:
        raise RuleError(
            _("{ability} is bought with the attack it helps: attack NAME TARGET --fatigue-adv (advantage) "
              "or --extra-die (one more damage die)").format(ability=chosen.name_en),
            rule="DG-FAT-1",
        )
    return buy(work, source, n, turn)


def _buy(work: Work, n: str, turn: TurnState, ability: str,
         budget_change: Callable[[dg.ActionBudget], dg.ActionBudget]) -> Outcome:
    c = work.get(n)
    bought = dg.spend_fatigue(ability, resource(c, "fatigue"), cap(c, "fatigue"), turn.used)
    budget = budget_change(budget_of(turn))
    work.put(c.with_resource("fatigue", bought.fatigue_after))
    turn = set_turn(work, turn, budget, bought.used_this_turn)
    work.tell("fatigue_bought", about=[n], name=n, ability=ability,
              ability_name=dg.find_fatigue_ability(ability).name_en.lower(),
              fatigue_before=bought.fatigue_before, fatigue_after=bought.fatigue_after,
              fatigue_max=bought.max_fatigue, actions=turn.remaining, free_move=bool(fightdata.free_moves(turn)),
              rule="DG-FAT-1")
    return work.outcome({"kind": "fatigue", "actor": n, "ability": ability,
                         "fatigue": bought.fatigue_after}, hidden=c.hidden)


def _extra_action(work: Work, source: DiceSource, n: str, turn: TurnState) -> Outcome:
    return _buy(work, n, turn, "extra_action", lambda b: b.with_extra_action())


def _extra_move(work: Work, source: DiceSource, n: str, turn: TurnState) -> Outcome:
    return _buy(work, n, turn, "extra_move", lambda b: b.with_extra_move())


def _rally(work: Work, source: DiceSource, n: str, turn: TurnState) -> Outcome:
    c = work.get(n)
    budget = budget_of(turn).spend()
    out = dg.rally(
        source, body=value(c, "body"), hp=resource(c, "hp"), max_hp=cap(c, "hp"),
        fatigue=resource(c, "fatigue"), max_fatigue=cap(c, "fatigue"),
        used_this_turn=turn.used, damaged_last_turn=fightdata.was_damaged(turn),
    )
    work.add_dice(out.dice)
    resources = {**c.resources, "hp": out.hp_after, "fatigue": out.spend.fatigue_after}
    work.put(replace(c, resources=resources))
    turn = set_turn(work, turn, budget, out.spend.used_this_turn)
    work.tell("rally", about=[n], name=n, body=out.body, die=out.die.face, rolled=out.rolled,
              hp_before=out.hp_before, hp_after=out.hp_after, fatigue_before=out.spend.fatigue_before,
              fatigue_after=out.spend.fatigue_after, actions=turn.remaining, rule="DG-FAT-1")
    return work.outcome({"kind": "rally", "actor": n, "heal": out.healed, "hp": out.hp_after,
                         "fatigue": out.spend.fatigue_after}, hidden=c.hidden)


# --- the master's hand ----------------------------------------------------------------


def damage(rules: Dungeon, enc: Encounter, name: str, amount: int) -> Outcome:
    """Damage as the master says, straight off HP (no armor) [I]; any time."""
    if amount < 0:
        raise ValueError(_("damage cannot be negative (got {amount}); heal instead").format(amount=amount))
    work = rules.work(enc)
    n = find(enc, name)
    if work.get(n).status == DEAD:
        raise RuleError(_("{name} is already dead").format(name=n), rule="DG-DEATH-1")
    change = hurt(work, n, amount)
    work.tell("master_damage", about=[n], **health_fields(change))
    event: dict[str, Any] = {"kind": "damage", "target": n, "amount": amount,
                             "hp": change.hp_after, "status": change.status_after}
    if work.fight is not None:
        report_decided(work, event, rules.status)
    return work.outcome(event, hidden=work.get(n).hidden)


def heal(rules: Dungeon, enc: Encounter, name: str, amount: int) -> Outcome:
    """Healing of any kind wakes the unconscious, never past max HP (DG-DEATH-1)."""
    if amount < 0:
        raise ValueError(_("healing cannot be negative (got {amount})").format(amount=amount))
    work = rules.work(enc)
    n = find(enc, name)
    change = restore(rules, work, n, amount)
    work.tell("master_heal", about=[n], **health_fields(change))
    return work.outcome({"kind": "heal", "target": n, "amount": amount,
                         "hp": change.hp_after, "status": change.status_after},
                        hidden=work.get(n).hidden)


def resolve_modifier(key: str) -> str:
    found = MODIFIER_NAMES.get(key)
    if found is not None:
        return found
    try:
        return SHEET.resolve(key)
    except UnknownStat as err:
        raise NotFound(N_("stat to modify"), key, err.suggestions) from None


# --- rolls outside the action economy -------------------------------------------------


def _living(work: Work, name: str) -> Combatant:
    c = work.get(name)
    if c.status == DEAD:
        raise RuleError(_("{name} is dead and rolls nothing").format(name=name), rule="DG-DEATH-1")
    return c


def check(
    rules: Dungeon, enc: Encounter, source: DiceSource, name: str, stat_or_skill: str, dc: int, *,
    advantages: int = 0, disadvantages: int = 0, bonus: int = 0,
) -> Outcome:
    """DG-CHECK-1 with a stat or a skill (DG-SKILL-1); not an action [I]."""
    work = rules.work(enc)
    n = find(enc, name)
    c = _living(work, n)
    stat_key, skill = check_subject(stat_or_skill)
    effective = {key: value(c, key) for key in PRIMARY}
    if skill is not None:
        stat_key = dg.skill_stat(skill.key, effective)
    out = dg.check(
        source, effective[stat_key], dc, bonus=bonus + c.modifier("check"),
        advantages=advantages, disadvantages=disadvantages, stat_key=stat_key,
        skill=skill.key if skill else None,
    )
    work.add_dice(out.dice)
    work.tell("check", about=[n], name=n, stat=stat_key, skill=skill.key if skill else None,
              skill_name=skill.name_en if skill else None, die=out.die.face,
              modifiers=_modifiers((out.stat, stat_key), (out.bonus, "bonus"),
                                   (out.advantage, "advantage" if out.advantage > 0 else "disadvantage")),
              total=out.total, dc=dc, passed=out.success, natural=out.natural, rule="DG-CHECK-1")
    event: dict[str, Any] = {"kind": "check", "actor": n, "stat": stat_key, "roll": out.die.face,
                             "total": out.total, "dc": dc, "passed": out.success}
    if skill is not None:
        event["skill"] = skill.key
    return work.outcome(event, passed=out.success, hidden=c.hidden)


def save(rules: Dungeon, enc: Encounter, source: DiceSource, name: str, stat: str, modifier: int = 0) -> Outcome:
    """DG-SAVE-1: 1d10 <= stat (+ the master's modifier) saves."""
    work = rules.work(enc)
    n = find(enc, name)
    c = _living(work, n)
    key, skill = check_subject(stat)
    if skill is not None:
        raise RuleError(_("a saving throw uses a stat ({stats}), not a skill").format(stats=", ".join(PRIMARY)),
                        rule="DG-SAVE-1")
    out = dg.saving_throw(source, value(c, key), modifier=modifier + c.modifier("save"))
    work.add_dice(out.dice)
    work.tell("save", about=[n], name=n, stat=key, die=out.die.face, target=out.target, passed=out.success,
              rule="DG-SAVE-1")
    return work.outcome(
        {"kind": "save", "actor": n, "stat": key, "roll": out.die.face, "target": out.target,
         "passed": out.success},
        passed=out.success, hidden=c.hidden,
    )


def rest(rules: Dungeon, enc: Encounter, source: DiceSource, name: str, kind: str, *, medkit: bool = False) -> Outcome:
    """DG-REST-1 outside a fight: eats one of the combatant's rations
    (the sheet's start value until written); none left, no effect.

    ``medkit``: the injuries are treated with a medical kit from the
    inventory, used up (DG-INJ-2); refused, rest and all, without a kit or
    with nothing to treat, so nothing is spent by mistake.  The kit works
    even when no ration is left [I]: it needs the time, not the food.
    """
    work = rules.work(enc)
    if work.fight is not None:
        raise RuleError(_("there is no resting during a fight"), rule="DG-REST-1")
    n = find(enc, name)
    c = work.get(n)
    rest_kind = dg.REST_NAMES.get(kind)
    if rest_kind is None:
        raise ValueError(_("a rest is short or long, not {kind!r}").format(kind=kind))
    max_mp = cap(c, "mp")
    if medkit:
        manoeuvres.treat(work, n)
        c = work.get(n)
    hp, max_hp, fatigue, rations = resource(c, "hp"), cap(c, "hp"), resource(c, "fatigue"), resource(c, "rations")
    mp = resource(c, "mp") if max_mp else None
    if rest_kind == dg.LONG:
        out = dg.long_rest(source, body=value(c, "body"), mind=value(c, "mind"), hp=hp, max_hp=max_hp,
                           fatigue=fatigue, rations=rations, mp=mp, max_mp=max_mp or None, status=c.status)
    else:
        out = dg.short_rest(source, hp=hp, max_hp=max_hp, fatigue=fatigue, rations=rations, mp=mp,
                            max_mp=max_mp or None, status=c.status)
    work.add_dice(out.dice)
    event: dict[str, Any] = {"kind": "rest", "actor": n, "rest": rest_kind, "rested": out.rested}
    if medkit:
        event["treated"] = True
    if not out.rested:
        work.tell("rest", about=[n], name=n, rest=rest_kind, rested=False, rule="DG-REST-1")
        return work.outcome(event, hidden=c.hidden)
    resources = dict(c.resources)
    changes = []
    for part in (out.hp, out.fatigue, out.mp):
        if part is not None:
            resources[part.resource] = part.after
            changes.append({"resource": part.resource, "before": part.before, "after": part.after})
            event[part.resource] = part.after
    resources["rations"] = out.rations_after
    changes.append({"resource": "rations", "before": out.rations_before, "after": out.rations_after})
    work.put(replace(c, resources=resources, status=str(out.status_after)))
    work.tell("rest", about=[n], name=n, rest=rest_kind, rested=True, changes=changes, rule="DG-REST-1")
    return work.outcome(event, hidden=c.hidden)


def _situation_keys(situation: dg.Situation) -> list[str]:
    keys = [key for key in ("attacker_prone", "target_prone", "target_in_cover", "target_invisible")
            if getattr(situation, key)]
    return keys + ([situation.light] if situation.light != "bright" else [])


_FATIGUE_BUYS: dict[str, Callable[[Work, DiceSource, str, TurnState], Outcome]] = {
    "extra_action": _extra_action,
    "extra_move": _extra_move,
    "rally": _rally,
}

#: listed actions that ``act`` plays as the posture change they are
_POSTURES = {"drop_prone": True, "stand_up": False}
#: listed actions with a command of their own
_OWN_COMMANDS = {"attack": "attack ATTACKER TARGET", "move": "move NAME CELLS",
                 "knock_down": "knock ATTACKER TARGET", "push": "push PUSHER TARGET"}


