"""A champion's secret declaration of the round: its rolls and their checks (TW-AP-1, TW-STAGE-1).

Each ``declare`` adds one roll to the champion's declaration of the round and
checks the AP of the whole declaration; its pool is rolled then (the player's
posted dice, the missing ones rolled and marked, TW-AUDIT-1).  ``withdraw``
takes the declaration back, or one roll of it.  The declarations are kept in the
fight's data until the round resolves (``rules.core.rounds``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core import rounds
from rules.core.common import require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import OK, Combatant, Encounter, find
from rules.dice.sources import DiceSource
from rules.i18n import _, ngettext
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages as st
from rules.systems.twilight.messages import word
from rules.systems.twilight.perks import ATTACK, FINISHER, find_perk
from rules.systems.twilight.resolve import ATTACK_KIND, COUNTER, DEFEND, GUARD, PHANTOM, SPECIAL, helper_of

if TYPE_CHECKING:
    from rules.systems.twilight.rules import Twilight


def _roll_pool(work: Work, source: DiceSource, size: int, purpose: str) -> tuple[list[int], int]:
    """``size`` d6: the given ones first, the rest rolled here (their count is kept: TW-AUDIT-1)."""
    faces, rolled = [], 0
    for _i in range(size):
        die = work.roll(source, 6, purpose)
        faces.append(die.face)
        rolled += die.origin != "given"
    return faces, rolled


def _cost(fight_data: Mapping[str, Any], c: Combatant, rolls: list[dict[str, Any]], stage: str,
          work: Work) -> int:
    """AP the rolls cost: 1 an attack or a defense, 2 a counter, a special its own; free attacks of perks."""
    if stage == st.ENDGAME:
        return 1 if rolls else 0
    cost = 0
    attacks = [r for r in rolls if r["kind"] == ATTACK_KIND]
    for r in rolls:
        if r.get("legend"):
            continue  # a fallen legend's help costs no AP (TW-GODS-1)
        if r["kind"] in (ATTACK_KIND, DEFEND):
            cost += 1
        elif r["kind"] == COUNTER:
            cost += 2
        elif r["kind"] == SPECIAL:
            perk = find_perk(ch.usable_perks(c, fight_data), r["perk"])
            cost += st.special_cost(fight_data, perk.cost if perk else 1)
    for perk in ch.perks(c):
        if not perk.extra_attacks:
            continue
        fits = [r for r in attacks
                if (not perk.extra_attack_weapon or r.get("weapon", 1) == perk.extra_attack_weapon)
                and (not perk.extra_attack_heretic or _heretic(work, c, r.get("target", "")))]
        free = min(perk.extra_attacks, len(fits))
        cost -= free
        for r in fits[:free]:
            attacks.remove(r)
    return cost


def _heretic(work: Work, c: Combatant, target: str) -> bool:
    if target not in work.combatants:
        return False
    mine, theirs = c.data.get("faith", ""), work.get(target).data.get("faith", "")
    return bool(mine) and bool(theirs) and mine != theirs


def declare(rules: Twilight, enc: Encounter, source: DiceSource, name: str, move: str,
            target: str | None = None, at: str | None = None, weapon: int | None = None,
            betray: bool = False) -> Outcome:
    """One roll more in NAME's declaration of the round, its pool rolled now (TW-AP-1, TW-AUDIT-1)."""
    # a special names its perk where an attack names its target
    what, target = target, at
    work = rules.work(enc)
    fight = require_fight(work)
    stage = fight.stage
    who = find(enc, name)
    c = work.get(who)
    if stage in (st.CHOICE, st.OVER):
        raise RuleError(_("the fight is in its {stage} stage: nobody declares; give the verdict or end "
                          "the fight").format(stage=word(stage)), rule="TW-STAGE-1")
    if c.status != OK:
        raise RuleError(_("{name} is out of the fight ({status}) and cannot declare").format(
            name=who, status=word(c.status)), rule="TW-STAGE-1")
    mine = [dict(r) for r in rounds.pending_of(fight, who).get("rolls", [])]
    roll: dict[str, Any] = {"kind": move}
    circ = st.circumstances(fight.data, stage)
    if betray and not (move == ATTACK_KIND or (move == SPECIAL and target)):
        raise RuleError(_("only an attack or a directed special (--at) turns on an ally; --betray goes with "
                          "them"), rule="TW-MASS-7")
    if move in (ATTACK_KIND, COUNTER):
        aim = what or target
        if move == ATTACK_KIND and not aim:
            raise ValueError(_("an attack names its TARGET, e.g. declare {name} attack Викинг").format(name=who))
        if aim:
            roll["target"] = _target(work, enc, who, aim, betray)
    if move == ATTACK_KIND:
        roll["weapon"] = weapon or 1
        ch.weapon(c, roll["weapon"])
    helper = helper_of(work, who)
    if move in (PHANTOM, GUARD):
        _legend_help(work, who, helper, mine)
        roll["legend"] = helper.name if helper else ""
        if move == PHANTOM:
            if not what:
                raise ValueError(_("the phantom's attack names its TARGET, e.g. declare {name} phantom "
                                   "Викинг").format(name=who))
            roll["target"] = _target(work, enc, who, what, betray)
    perk = None
    if move == SPECIAL:
        if not what:
            raise ValueError(_("a special names its perk, e.g. declare {name} special \"Глухая оборона\"").format(
                name=who))
        usable = ch.usable_perks(c, fight.data)
        perk = find_perk(usable, what)
        if perk is None and helper is not None:
            # one special of the fallen legend's arsenal, free this round (TW-GODS-1)
            perk = find_perk(ch.perks(helper), what)
            if perk is not None and perk.special:
                _legend_help(work, who, helper, mine)
                roll["legend"] = helper.name
        if perk is None or not perk.special:
            known = ", ".join(p.name for p in usable if p.special) or _("none")
            raise RuleError(_("{name} has no special action {perk!r}; theirs: {known}").format(
                name=who, perk=what, known=known), rule="TW-SPEC-1")
        roll["perk"] = perk.name
        if target:
            roll["target"] = _target(work, enc, who, target, betray)
        elif perk.targeted:
            raise ValueError(_("{perk} is directed: give --at NAME").format(perk=perk.name))
    _check_stage(work, stage, who, move, perk, mine)
    if move == COUNTER:
        if c.data.get("counter_used"):
            raise RuleError(_("{name} has countered once this fight already").format(name=who), rule="TW-CTR-1")
        if ch.exhausted(c):
            raise RuleError(_("{name} is exhausted and cannot counter").format(name=who), rule="TW-EXH-1")
        if any(r["kind"] in (ATTACK_KIND, DEFEND) for r in mine):
            raise RuleError(_("a counter cannot be combined with attack or defense rolls"), rule="TW-CTR-1")
    if move in (ATTACK_KIND, DEFEND) and any(r["kind"] == COUNTER for r in mine):
        raise RuleError(_("a counter cannot be combined with attack or defense rolls"), rule="TW-CTR-1")
    rolls = [*mine, roll]
    ap = 1 if stage == st.ENDGAME else ch.action_points(c, circ)
    cost = _cost(fight.data, c, rolls, stage, work)
    endgame_rolls = 2 if stage == st.ENDGAME and ch.weapon(c, roll.get("weapon", 1)).twin_roll else 1
    if cost > ap or (stage == st.ENDGAME and len(rolls) > endgame_rolls):
        raise RuleError(_("{name} has {ap} AP this round; these declarations cost {cost}").format(
            name=who, ap=ap, cost=len(rolls) if stage == st.ENDGAME else cost), rule="TW-AP-1")
    size = _pool(c, move, roll, perk, circ, work)
    if size is not None:
        roll["faces"], rolled = _roll_pool(work, source, size, move)
        if rolled:
            roll["rolled"] = rolled
    declaration = {"rolls": rolls}
    for seer in work.combatants.values():
        # the shaman's sight: the master passes this declaration on (TW-PERK-1)
        if seer.data.get("sight") == who and seer.status == OK:
            work.tell("seen", about=[seer.name, who], name=seer.name, target=who)
    return rounds.declare(rules, enc, who, declaration, work=work)


def _legend_help(work: Work, who: str, helper: Combatant | None, mine: list[dict[str, Any]]) -> None:
    """A fallen legend helps once a round, and only when the gods' chaos calls the legends (TW-GODS-1)."""
    if st.chaos(require_fight(work).data) != st.LEGENDS:
        raise RuleError(_("no legend of the arena helps this round; the chaos d10 must call them (6-8)"),
                        rule="TW-GODS-1")
    if helper is None:
        raise RuleError(_("no fallen champion answers {name}: nobody has died in this arena yet").format(name=who),
                        rule="TW-GODS-1")
    if any(r.get("legend") for r in mine):
        raise RuleError(_("{name}'s legend helps once this round: a special, an attack or a shield").format(
            name=who), rule="TW-GODS-1")


def _pool(c: Combatant, move: str, roll: Mapping[str, Any], perk: Any,
          circ: tuple[ch.Circumstances, ...], work: Work | None = None) -> int | None:
    if move == PHANTOM and work is not None:
        # the fallen champion's full attack roll at its death, with every bonus (TW-GODS-1)
        return ch.attack_pool(work.get(roll["legend"]))
    if move == ATTACK_KIND or (move == SPECIAL and perk is not None and perk.effect == ATTACK):
        return ch.after_penalty(ch.attack_pool(c, int(roll.get("weapon", 1))), ch.penalty(c, circ, "attack"))
    if move == DEFEND:
        return ch.after_penalty(ch.defense_pool(c), ch.penalty(c, circ, "defense"))
    if move == COUNTER:
        return ch.after_penalty(ch.counter_pool(c), ch.penalty(c, circ, "counter"))
    return None


def _target(work: Work, enc: Encounter, who: str, query: str, betray: bool = False) -> str:
    name = find(enc, query)
    t = work.get(name)
    if name == who:
        raise RuleError(_("{name} cannot target itself").format(name=who))
    if t.status != OK:
        raise RuleError(_("{name} is out of the fight ({status})").format(name=name, status=word(t.status)))
    allies = ch.team(t) == ch.team(work.get(who))
    if allies and not betray:
        raise RuleError(_("{target} fights on {name}'s side: turning on an ally ends the alliance; add --betray "
                          "to declare it").format(target=name, name=who), rule="TW-MASS-7")
    if betray and not allies:
        raise RuleError(_("{target} is not on {name}'s side: there is no alliance to betray").format(
            target=name, name=who), rule="TW-MASS-7")
    return name


def _check_stage(work: Work, stage: str, who: str, move: str, perk: Any, mine: list[dict[str, Any]]) -> None:
    fight = require_fight(work)
    if stage == st.APPROACH:
        if move != SPECIAL or perk is None or not perk.tactical:
            raise RuleError(_("the approach: no attacks or damage, only tactical perks"), rule="TW-STAGE-1")
        return
    if move == SPECIAL and perk is not None:
        if perk.tactical:
            raise RuleError(_("{perk} is tactical: the approach only").format(perk=perk.name), rule="TW-SPEC-1")
        blocked = st.specials_blocked(fight.data, stage)
        # the barrier blocks every special but the throw into it (TW-COND-1)
        if blocked and not (stage == st.ENDGAME and perk.endgame) and not (
                blocked == st.BARRIER and perk.effect == FINISHER):
            raise RuleError(_("no special actions this round ({why})").format(why=word(blocked)), rule="TW-SPEC-1")
        if any(r.get("perk") == perk.name for r in mine) and st.chaos(fight.data) != st.FLASH:
            raise RuleError(_("{perk} is declared already this round").format(perk=perk.name), rule="TW-SPEC-1")
    if stage == st.ENDGAME and move != ATTACK_KIND and not (perk is not None and perk.endgame):
        raise RuleError(_("the endgame: one attack roll each, no defense, counter or specials"),
                        rule="TW-END-1")


def withdraw(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str,
             roll: int | None = None) -> Outcome:
    """Take back NAME's declaration of this round, or only its ``roll``-th roll."""
    work = rules.work(enc)
    fight = require_fight(work)
    who = find(enc, name)
    declared = rounds.pending(fight)
    if roll is None or who not in declared:
        return rounds.withdraw(rules, enc, who, work=work)
    mine = list(declared[who].get("rolls", []))
    if not 1 <= roll <= len(mine):
        raise RuleError(ngettext("{name} declared {n} roll; there is no roll {roll}",
                                 "{name} declared {n} rolls; there is no roll {roll}", len(mine)).format(
            name=who, n=len(mine), roll=roll))
    del mine[roll - 1]
    if not mine:
        return rounds.withdraw(rules, enc, who, work=work)
    return rounds.declare(rules, enc, who, {"rolls": mine}, work=work)

