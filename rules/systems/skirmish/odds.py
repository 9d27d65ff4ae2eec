"""Exact odds of a skirmish attack and check, through the fight's own functions.

The opposed d20s are decided by ``lands`` (SK-ATK-1, SK-TIE-1), the damage by
``damage_through`` (SK-DMG-1), each effect's d100 by ``percent`` (SK-EFF-1,
C-PCT-1), each called once per way the dice fall (``rules.odds.actions``); a
weapon's damage dice come from the odds engine, exact.

Readings: a reroll (SK-REROLL-1) is taken only after a failed d20, as a
master would, up to the rerolls asked or, by default, those the skill has
left in this fight; an effect's chance is the chance it lands on this attack
(a stun a resisted earlier one may cancel counts its d100 <= 50, SK-STUN-2).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.state import find
from rules.dice import parse
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.odds import distribution
from rules.odds.actions import ActionOdds, Chance, Law, enumerate_dice, mixture
from rules.systems.skirmish import fightdata, gear, presets
from rules.systems.skirmish import mechanics as sk
from rules.systems.skirmish.reading import ANSWERS, BLOCK, DODGE, NONE, blocker, stunned, total_def, value, weapon_of
from rules.systems.skirmish.reading import unable as unable_to_answer
from rules.systems.skirmish.sheet import SHEET

if TYPE_CHECKING:
    from rules.core.state import Encounter


def _d20_passes(test: Callable[[int], bool], rerolls: int) -> Fraction:
    """The chance a d20 passes ``test(face)``, rerolled after each failure up to ``rerolls`` times."""
    def run(source: DiceSource) -> bool:
        return any(test(source.draw(20).face) for _i in range(1 + rerolls))

    return enumerate_dice(run).get(True, Fraction(0))


def _d100_passes(chance: int) -> Fraction:
    """C-PCT-1 through ``percent``, over the hundred faces."""
    def run(source: DiceSource) -> bool:
        return sk.percent(source.draw(100).face, chance)

    return enumerate_dice(run).get(True, Fraction(0))


def _rerolls_left(enc: Encounter, name: str, stat: str, score: int) -> int:
    used = fightdata.nested_count(enc.fight, "rerolls", name, stat) if enc.fight is not None else 0
    return max(0, sk.reroll_allowance(score) - used) if enc.fight is not None else 0


def attack(enc: Encounter, attacker: str, target: str, *, answer: str | None = None,
           weapon: str | None = None) -> ActionOdds:
    """SK-ATK-1 against the answer, SK-DMG-1 through def, each effect's chance (SK-EFF-1)."""
    a, t = find(enc, attacker), find(enc, target)
    if a == t:
        raise RuleError(_("{name} cannot attack itself").format(name=a))
    how = answer or NONE
    if how not in ANSWERS:
        raise ValueError(_("an answer is block, dodge or none, not {answer!r}").format(answer=how))
    ac, tc = enc.get(a), enc.get(t)
    settings = enc.settings
    w = weapon_of(ac, weapon)
    shot = w.kind == gear.RANGED
    stat = "ranged" if shot else "accuracy"
    score = w.accuracy if w.accuracy is not None else value(ac, stat, settings)
    modifier = score + (sk.dexterity_shot_penalty(value(tc, "dexterity", settings)) if shot else 0)
    tie = bool(settings.get("tie_to_defender", True))
    used = None
    unable = unable_to_answer(tc) is not None
    if unable or how == NONE:
        defence = 0  # SK-NODEF-1: no roll meets the attack
        lands = Fraction(1)
    else:
        if how == BLOCK:
            used = blocker(tc, None)
            defence = used.defense if used.defense is not None else value(tc, "defense", settings)
        elif shot:
            defence = 0  # the miss roll: a plain d20 (SK-RANGED-1)
        else:
            defence = value(tc, "dexterity", settings)

        def run(source: DiceSource) -> bool:
            attack_total = source.draw(20).face + modifier
            return sk.lands(attack_total, source.draw(20).face + defence, tie_to_defender=tie)

        lands = enumerate_dice(run).get(True, Fraction(0))
    mode = str(settings.get("damage_mode", "full"))
    if mode == "dice" and not w.dice:
        mode = "fixed"
    fixed = w.damage if mode != "dice" else 0
    striking = w.kind in gear.STRENGTH_KINDS or (w.kind == gear.RANGED and not shot)
    strength = value(ac, "strength", settings) if striking and mode == "full" else 0
    rolled = Law.certain(0)
    if w.dice and mode != "fixed":
        d = distribution(parse(w.dice))
        rolled = Law.of((v, Fraction(x, d.total)) for v, x in zip(d.values, d.weights, strict=True))
    shield = 0.0
    if used is not None and used.kind == gear.SHIELD and not stunned(tc):
        shield = float(used.shield_def)
    armour = total_def(tc)
    damage = rolled.map(lambda r: sk.damage_through(fixed + r + strength, armour + shield))
    law = mixture(((1 - lands, Law.certain(0)), (lands, damage)))
    hp = int(tc.resources.get("hp", 0))
    chances = [Chance("hit", _("{attacker} hits {target}").format(attacker=a, target=t), lands),
               Chance("drop", _("{target} drops (0 HP) this action").format(target=t),
                      law.chance(lambda v: v >= hp > 0))]
    resisting = enc.fight is not None and t in fightdata.listed(enc.fight, "stun_resist")
    for word, chance in w.effects.items():
        name = presets.canonical(word) or word
        lands_effect = _d100_passes(chance)
        if name == presets.STUN and resisting:
            lands_effect *= 1 - _d100_passes(50)
        chances.append(Chance(f"effect:{name}", _("{effect} on {target}").format(
            effect=_(name), target=t), lands * lands_effect))
    shown = {BLOCK: _("block"), DODGE: _("miss roll") if shot else _("dodge"), NONE: _("no defence")}[
        NONE if unable else how]
    title = _("{attacker} attacks {target} with {weapon}: d20+{score} against {answer}, def {armour}, "
              "HP {hp}").format(attacker=a, target=t, weapon=w.name or _("bare hands"), score=modifier,
                                answer=shown if not defence else f"{shown} d20+{defence}",
                                armour=f"{armour + shield:g}", hp=hp)
    return ActionOdds("attack", title, tuple(chances), law, _("damage dealt"),
                      facts=(("attacker", a), ("target", t), ("weapon", w.name), ("answer", how),
                             ("attack_modifier", modifier), ("defence", defence), ("def", armour + shield),
                             ("hp", hp)))


def check(enc: Encounter, name: str, stat: str, *, dc: int | None = None,
          rerolls: int | None = None) -> ActionOdds:
    """A d20 check on a skill or stat; rerolls after a failure from its allowance (SK-REROLL-1)."""
    if dc is None:
        raise RuleError(_("a check needs its difficulty: --dc N"))
    who = find(enc, name)
    key = SHEET.resolve(stat)
    score = value(enc.get(who), key, enc.settings)
    allowed = _rerolls_left(enc, who, key, score)
    if rerolls is None:
        rerolls = allowed
    elif rerolls > allowed:
        raise RuleError(_("{name} may reroll {stat} {allowed} more time(s) in this fight").format(
            name=who, stat=key, allowed=allowed), rule="SK-REROLL-1")
    passed = _d20_passes(lambda face: face + score >= dc, rerolls)
    law = Law.of((face + score, Fraction(1, 20)) for face in range(1, 21))
    title = _("{name}: check of {stat} ({score}) against DC {dc}, d20, rerolls after a failure: {rerolls}").format(
        name=who, stat=key, score=score, dc=dc, rerolls=rerolls)
    return ActionOdds("check", title, (Chance("pass", _("the check passes"), passed),), law,
                      _("total of one d20"),
                      facts=(("name", who), ("stat", key), ("value", score), ("dc", dc), ("rerolls", rerolls)))


ODDS: dict[str, Callable[..., ActionOdds]] = {"attack": attack, "check": check}
