"""Techniques in play: the master writes one on a character's sheet (``technique``),
and the character uses it (``cast``): the aspect choice (TT-TECH-2), the weapon's own
technique (TT-TECH-3), its costs in AP, HP and MP (TT-TECH-1), the combined action
(TT-COMBINED-1), several techniques in one phase (TT-COUNTER-1), the trance
(TT-TRANCE-1) and Водолей's use of an ally's weapon technique (TT-SIGN-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.clock import restore
from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.names import pick
from rules.core.state import Combatant, find
from rules.dice.datatypes import replace
from rules.i18n import N_, _
from rules.systems.terra import damage as dmg
from rules.systems.terra import health, mirror
from rules.systems.terra import techniques as tech
from rules.systems.terra.actions import (
    _check_target,
    _close,
    _may,
    _sp_allows,
    _technique_misses,
)
from rules.systems.terra.fight import COMBAT, COMBINED
from rules.systems.terra.formula import parse_formula
from rules.systems.terra.reading import int_stat as _int

if TYPE_CHECKING:
    from rules.core.outcome import Outcome, Work
    from rules.core.state import Encounter, TurnState
    from rules.dice.sources import DiceSource
    from rules.systems.terra.rules import Terra

#: effects whose presence means the Eidolon form (TT-COMBINED-1: no combined action in it)
EIDOLON = ("eidolon", "эйдолон")


def declare(rules: Terra, enc: Encounter, source: DiceSource | None, name: str, technique: str,
            aspect: str | None, effect: str, formula_text: str | None, kind_word: str | None, ap: int, hp: int,
            mp: int, weapon: bool, learned: bool, slot: bool, passive: bool, provokes: bool, reach: int,
            forget: bool, copied: bool = False) -> Outcome:
    """Write a technique on a character's sheet, or take it off (the master's hand: no AP)."""
    work = rules.work(enc)
    name = find(enc, name)
    c = work.get(name)
    known = tech.known(c.data)
    if forget:
        gone = pick(N_("technique"), technique, known)
        data = {**c.data, "techniques": {k: v.table() for k, v in known.items() if k != gone}}
        if not data["techniques"]:
            data.pop("techniques")
        work.put(replace(c, data=data))
        work.tell("technique_forgotten", about=[name], name=name, technique=gone)
        return work.outcome({"kind": "technique", "actor": name, "technique": gone, "forgotten": True},
                            hidden=c.hidden)
    if aspect is None:
        raise ValueError(_("say the technique's aspect: --aspect Время, Мана, Жизнь or Душа"))
    if formula_text is not None:
        parse_formula(formula_text)
    elif effect != tech.SUPPORT and not passive:
        raise ValueError(_("a technique that deals damage or heals needs its --formula, e.g. --formula 2D6; "
                           "one that does neither is --effect support"))
    if kind_word is not None:
        dmg.damage_type(kind_word)
    if learned and not weapon:
        raise ValueError(_("--learned marks a weapon's technique the character has learned: add --weapon"))
    if copied:
        _may_copy(work, c, weapon or learned or slot or passive)
    entry = tech.Technique(technique, aspect, effect, formula_text or "", kind_word or "", ap, hp, mp, weapon,
                           learned, slot, passive, provokes, reach, copied)
    chosen = c.stats.get("aspect")
    if slot and aspect == chosen:
        raise RuleError(_("{technique} is of {name}'s own aspect ({aspect}): it needs no slot").format(
            technique=technique, name=name, aspect=tech.aspect_label(aspect)), rule="TT-TECH-2")
    after = {**{k: v for k, v in known.items() if k != technique}, technique: entry}
    problem = tech.over_slots(after, str(c.stats.get("zodiac", "")), _int(c, "sign_level", 1))
    if problem is not None:
        raise RuleError(_("{name}: {problem}").format(name=name, problem=problem), rule="TT-TECH-2")
    work.put(replace(c, data={**c.data, "techniques": {k: v.table() for k, v in after.items()}}))
    work.tell("technique_written", about=[name], name=name, technique=technique, aspect=aspect, effect=effect,
              formula=formula_text, ap=ap, hp=hp, mp=mp, weapon=weapon or None, learned=learned or None,
              slot=slot or None, passive=passive or None, provokes=provokes or None, copied=copied or None,
              new=technique not in known)
    return work.outcome({"kind": "technique", "actor": name, "technique": technique, **entry.table()},
                        hidden=c.hidden)


def _may_copy(work: Work, c: Combatant, marked: bool) -> None:
    """TT-SIGN-1: the master writes down a technique Змееносец or Кит copied from an enemy's unwritten one."""
    if marked:
        raise ValueError(_("--copied is a technique copied from an enemy: it is not the weapon's own, learned, "
                           "slotted or passive; leave those out"))
    if not mirror.serpent(c):
        raise RuleError(_("{name} is not Змееносец or Кит: only they copy enemy techniques; write it without "
                          "--copied").format(name=c.name), rule="TT-SIGN-1")
    if work.fight is None:
        raise RuleError(_("a copied technique is {name}'s for the fight it was copied in, and no fight is running: "
                          "write it without --copied").format(name=c.name), rule="TT-SIGN-1")


def _usable(c: Combatant, t: tech.Technique, *, trance: bool, borrowed: bool) -> None:
    """TT-TECH-2, TT-TECH-3, TT-TRANCE-1: may ``c`` use ``t`` now?"""
    if trance:
        if t.aspect not in tech.TRANCE_ASPECTS:
            raise RuleError(_("a trance uses techniques of Мана, Жизнь or Время; {technique} is of {aspect}").format(
                technique=t.name, aspect=tech.aspect_label(t.aspect)), rule="TT-TRANCE-1")
        return
    if borrowed or t.weapon or t.slot or t.copied or health.is_monster(c):
        return  # [I] a monster has no day's aspect: the choice of TT-TECH-2 is a character's
    chosen = c.stats.get("aspect")
    if chosen is None:
        raise RuleError(_("{name} has chosen no aspect for today: char set {name} аспект=Мана (Время, Мана, "
                          "Жизнь or Душа)").format(name=c.name), rule="TT-TECH-2")
    if t.aspect != chosen:
        raise RuleError(_("{technique} is of {aspect}, and {name} uses {chosen} today: a technique of another "
                          "aspect needs one of the sign-level slots (technique ... --slot)").format(
            technique=t.name, aspect=tech.aspect_label(t.aspect), name=c.name,
            chosen=tech.aspect_label(str(chosen))), rule="TT-TECH-2")


def _borrow(work: Work, c: Combatant, owner: str, t: tech.Technique) -> dict[str, Any]:
    """Водолей (TT-SIGN-2): an ally's weapon technique, or at level 10 any active one the ally knows;
    the Essence (ЕА) it costs or brings is the master's to move."""
    o = work.get(owner)
    level = _int(c, "sign_level", 1)
    if c.stats.get("zodiac") != "aquarius":
        raise RuleError(_("{name} is not Водолей: only Водолей uses the techniques of allies").format(name=c.name),
                        rule="TT-SIGN-2")
    if o.side != c.side or o.name == c.name:
        raise RuleError(_("{owner} is not {name}'s ally").format(owner=owner, name=c.name), rule="TT-SIGN-2")
    if not t.weapon and level < 10:
        raise RuleError(_("{technique} is not in {owner}'s weapon: Водолей uses other techniques of the party "
                          "from sign level 10").format(technique=t.name, owner=owner), rule="TT-SIGN-2")
    weapon_level = _int(o, "weapon_level", 1)
    if not t.weapon:
        return {"owner": owner}
    if level >= 10:
        return {"owner": owner, "ea_to_owner": 2 * weapon_level}
    if level >= 5:
        return {"owner": owner, "ea_to_owner": weapon_level}
    return {"owner": owner, "ea_paid": 2 * weapon_level}


def _combined(work: Work, c: Combatant, turn: TurnState | None, t: tech.Technique) -> str | None:
    """TT-COMBINED-1: the name of the first technique when ``t`` follows it as a combined action."""
    if turn is None or COMBAT not in turn.used:
        return None
    first = turn.data.get("combo")
    if not first:
        return None  # the one combat action is spent: the AP check refuses it
    if any(e.name.casefold() in EIDOLON for e in c.effects):
        raise RuleError(_("{name} is in Eidolon form: no combined action").format(name=c.name),
                        rule="TT-COMBINED-1")
    if "item" in turn.used:
        raise RuleError(_("{name} used an item this turn: no combined action in the same turn").format(
            name=c.name), rule="TT-COMBINED-1")
    if t.provokes:
        raise RuleError(_("{technique} provokes counter attacks by itself: it cannot be combined").format(
            technique=t.name), rule="TT-COMBINED-1")
    return str(first)


def _pay(rules: Terra, work: Work, c: Combatant, turn: TurnState | None, t: tech.Technique, *,
         trance: bool, combined: bool) -> int | None:
    """TT-TECH-1: AP, HP and MP from the technique's data, refused whole when one cannot be paid."""
    if trance:
        return turn.remaining if turn is not None else None
    hp, mp = c.resources.get("hp", 0), c.resources.get("mp", 0)
    if t.mp > mp:
        raise RuleError(_("{name} has {mp} MP, {technique} costs {cost} MP").format(
            name=c.name, mp=mp, technique=t.name, cost=t.mp), rule="TT-TECH-1")
    if t.hp and t.hp >= hp:
        raise RuleError(_("{name} has {hp} HP, {technique} costs {cost} HP: paying must leave at least 1").format(
            name=c.name, hp=hp, technique=t.name, cost=t.hp), rule="TT-TECH-1")
    left = rules.spend(work, turn, t.ap, combat=True, combined=combined, mark=COMBINED if combined else "")
    if t.hp or t.mp:
        work.put(work.get(c.name).with_resource("hp", hp - t.hp).with_resource("mp", mp - t.mp))
    return left


def cast(rules: Terra, enc: Encounter, source: DiceSource, name: str, technique: str, target: str | None,
         owner: str | None, trance: bool, shift: int, into_hp: bool) -> Outcome:
    """A technique from the sheet: its checks, costs and effect."""
    work = rules.work(enc)
    name = find(enc, name)
    owner = find(enc, owner) if owner else None
    book = tech.known(work.get(owner or name).data)
    if not book:
        raise RuleError(_("{name} knows no techniques; write one: technique {name} NAME --aspect Мана "
                          "--formula 2D6 --ap 4").format(name=owner or name), rule="TT-TECH-1")
    t = book[pick(N_("technique"), technique, book)]
    if t.passive:
        raise RuleError(_("{technique} is a passive ability: it works by itself and is not cast").format(
            technique=t.name), rule="TT-TECH-2")
    target = find(enc, target) if target else None
    if t.effect == tech.DAMAGE and target is None:
        raise ValueError(_("{technique} deals damage: say whom, e.g. cast {name} \"{technique}\" TARGET").format(
            technique=t.name, name=name))
    turn = rules.turn_for(work, source, name, "cast", "TT-AP-2")
    c = work.get(name)
    _may(rules, work, c, "cast")
    borrowed = _borrow(work, c, owner, t) if owner else None
    _usable(c, t, trance=trance, borrowed=borrowed is not None)
    _sp_allows(work, c, t.weapon and t.learned, trance)
    if target is not None and t.effect == tech.DAMAGE:
        _check_target(work, c, target, t.reach or _int(c, "reach", 1))
    first = None if trance else _combined(work, c, turn, t)
    event: dict[str, Any] = {"kind": "cast", "actor": name, "technique": t.name, "ap": 0 if trance else t.ap}
    if target is not None:
        event["target"] = target
    if trance:
        _trance_use(work, c)
        if turn is not None and "combo" in turn.data:  # the trance technique came first: no combined action now
            fight = work.fight
            assert fight is not None and fight.turn is not None
            work.fight = replace(fight, turn=replace(fight.turn, data={
                k: v for k, v in fight.turn.data.items() if k != "combo"}))
    left = _pay(rules, work, c, turn, t, trance=trance, combined=first is not None)
    work.tell("cast", about=[n for n in (name, target) if n], name=name, technique=t.name, target=target,
              aspect=t.aspect, ap=0 if trance else t.ap, hp=0 if trance else t.hp, mp=0 if trance else t.mp,
              ap_left=left, combined=first, trance=trance or None, **(borrowed or {}))
    if borrowed:
        event["borrowed"] = borrowed
    several = rules.count_technique(work, name)
    provokes = t.provokes or trance or several
    if first is not None:
        # TT-COMBINED-1: the combined action provokes between its first technique and the second
        event["combined"] = first
        offered = rules.offer_counters(work, name) if work.fight is not None else []
        if offered:
            event["counters"] = offered
        provokes = False
    elif turn is not None and t.combinable_first and not trance:
        fight = work.fight
        assert fight is not None and fight.turn is not None
        work.fight = replace(fight, turn=replace(fight.turn, data={**fight.turn.data, "combo": t.name}))
    if t.effect == tech.DAMAGE:
        assert target is not None
        if _technique_misses(rules, work, source, name):
            event["missed"] = "gemini"
            _mirrored(work, source, name, target, t, event)  # [I] a technique that misses is still used on him
        else:
            _damage(rules, work, source, name, target, t, shift, into_hp, event)
    elif t.effect == tech.HEAL:
        _heal(rules, work, source, name, target or name, t, shift, event)
    else:
        _mirrored(work, source, name, target, t, event)
    return _close(rules, work, event, name, provokes and first is None, technique=first is None)


def _trance_use(work: Work, c: Combatant) -> None:
    t = c.data.get("trance")
    if not t or int(t["uses"]) <= 0:
        raise RuleError(_("{name} is not in a combat trance").format(name=c.name), rule="TT-TRANCE-1")
    uses = int(t["uses"]) - 1
    data = {**c.data, "trance": {"uses": uses, "turns": t["turns"]}}
    if uses == 0:
        data.pop("trance")
    work.put(replace(work.get(c.name), data=data))
    work.tell("trance_use", about=[c.name], name=c.name, left=uses)
    if uses == 0:
        work.tell("trance_ends", about=[c.name], name=c.name)


def _damage(rules: Terra, work: Work, source: DiceSource, name: str, target: str, t: tech.Technique,
            shift: int, into_hp: bool, event: dict[str, Any]) -> None:
    parsed = parse_formula(t.formula)
    kind = dmg.physical_kind(dmg.damage_type(t.type) if t.type else dmg.PHYSICAL, parsed.has_dice)
    rolled = rules.roll_for(work, source, work.get(name), parsed, kind, technique=True, shift=shift)
    event.update(formula=parsed.text, result=rolled.result, total=rolled.total)
    lands, by = _mirrored(work, source, name, target, t, event)
    if rolled.total > 0:
        event["hit"] = rules.strike(work, source, by, lands, kind, rolled.total, roll=rolled,
                                    into_hp=into_hp and lands == target,
                                    from_enemy=work.get(by).side != work.get(lands).side)
    else:
        work.tell("dodged", about=[lands], target=lands)


def _heal(rules: Terra, work: Work, source: DiceSource, name: str, target: str, t: tech.Technique,
          shift: int, event: dict[str, Any]) -> None:
    rolled = rules.roll_for(work, source, work.get(name), parse_formula(t.formula), "heal", technique=True,
                            shift=shift)
    target, _by = _mirrored(work, source, name, target, t, event)
    change = restore(rules, work, target, rolled.total)
    work.tell("master_heal", about=[target], **health_fields(change))
    event.update(formula=t.formula, result=rolled.result, total=rolled.total, healed=target, hp=change.hp_after)


def _mirrored(work: Work, source: DiceSource, name: str, target: str | None, t: tech.Technique | None,
              event: dict[str, Any]) -> tuple[str, str]:
    """Змееносец's or Кит's aura on a technique used on them (TT-SIGN-1): (on whom the technique lands,
    who sends it there): the caster's own technique comes back to the caster when it is reflected."""
    answered = mirror.answer(work, source, name, target, t)
    if answered is None:
        return target or name, name
    event["mirror"] = answered
    if answered.get("reflected"):
        assert target is not None
        return name, target
    return target or name, name
