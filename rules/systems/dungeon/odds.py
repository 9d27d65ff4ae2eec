"""Exact odds of a dungeon attack, check and save, through the fight's own functions.

The hit roll (``hit_roll``), the damage roll (``damage_roll``), the check
(``check``), the saving throw (``saving_throw``) and the damage landing
(``take_damage``) are called once per way their dice can fall
(``rules.odds.actions``); the weapon's dice are handed as each total they can
make, with that total's exact chance from the odds engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.state import OK, find
from rules.dice import parse
from rules.dice.sources import DiceSource, GivenSource
from rules.i18n import _
from rules.odds import distribution
from rules.odds.actions import ActionOdds, Chance, Law, enumerate_dice, mixture, sum_faces
from rules.systems.dungeon import attacks, checks, health, situations
from rules.systems.dungeon.checks import PRIMARY, check_subject
from rules.systems.dungeon.common import attack_weapon, parse_weapon
from rules.systems.dungeon.situations import situation_of
from rules.systems.dungeon.values import resource, value

if TYPE_CHECKING:
    from rules.core.state import Encounter


def weapon_totals(count: int, sides: int) -> Law:
    """The sum of ``count`` d``sides`` from the odds engine (exact)."""
    d = distribution(parse(f"{count}d{sides}"))
    return Law.of((v, Fraction(w, d.total)) for v, w in zip(d.values, d.weights, strict=True))


def attack(enc: Encounter, attacker: str, target: str, *, ranged: bool = False,
           weapon: str | None = None, advantages: int = 0, disadvantages: int = 0,
           situation: Sequence[str] = ()) -> ActionOdds:
    """DG-HIT-1, DG-DMG-1, DG-DEATH-1: the hit, the damage dealt and the chance the target drops."""
    a, t = find(enc, attacker), find(enc, target)
    if a == t:
        raise RuleError(_("{attacker} cannot attack itself").format(attacker=a))
    ac, tc = enc.get(a), enc.get(t)
    kind = situations.RANGED if ranged else situations.MELEE
    weapon_text = attack_weapon(a, ac.stats, weapon)
    count, sides, weapon_bonus = parse_weapon(weapon_text)
    situated = situation_of(situation, ac, tc)
    dodge = value(tc, "dodge")

    def hit_of(source: DiceSource) -> bool:
        return attacks.hit_roll(source, kind, dodge, reaction=value(ac, "reaction"), bonus=ac.modifier("hit"),
                           advantages=advantages, disadvantages=disadvantages, situation=situated).hit

    hits = enumerate_dice(hit_of).get(True, Fraction(0))
    armor = max(0, value(tc, "armor"))

    def dealt(total: int) -> int:
        faces = GivenSource(sum_faces(total, count, sides))
        return attacks.damage_roll(faces, kind, (count, sides), body=value(ac, "body"), armor=armor,
                              bonus=weapon_bonus + ac.modifier("damage")).dealt

    damage = weapon_totals(count, sides).map(dealt)
    law = mixture(((1 - hits, Law.certain(0)), (hits, damage)))
    hp = resource(tc, "hp")
    after = {v: health.take_damage(hp, v, status=tc.status) for v, _p in law.pairs}
    drops = law.chance(lambda v: after[v].status_after != OK and after[v].status_before == OK)
    dies = law.chance(lambda v: after[v].killed)
    chances = [Chance("hit", _("{attacker} hits {target}").format(attacker=a, target=t), hits),
               Chance("drop", _("{target} drops (0 HP) this action").format(target=t), drops)]
    if dies:
        chances.append(Chance("death", _("{target} dies this action").format(target=t), dies))
    title = _("{attacker} attacks {target} ({kind}, {weapon}): d20 against dodge {dodge}, armor {armor}, "
              "HP {hp}").format(attacker=a, target=t, kind=_("ranged") if ranged else _("melee"),
                                weapon=weapon_text, dodge=dodge, armor=armor, hp=hp)
    return ActionOdds("attack", title, tuple(chances), law, _("damage dealt"),
                      facts=(("attacker", a), ("target", t), ("kind", kind), ("weapon", weapon_text),
                             ("dodge", dodge), ("armor", armor), ("hp", hp)))


def check(enc: Encounter, name: str, stat: str, *, dc: int | None = None,
          advantages: int = 0, disadvantages: int = 0) -> ActionOdds:
    """DG-CHECK-1 (a stat or a skill, DG-SKILL-1): the chance to pass and the total."""
    if dc is None:
        raise RuleError(_("a check needs its difficulty: --dc N"), rule="DG-CHECK-1")
    n = find(enc, name)
    c = enc.get(n)
    key, skill = check_subject(stat)
    effective = {k: value(c, k) for k in PRIMARY}
    if skill is not None:
        key = checks.skill_stat(skill.key, effective)

    def run(source: DiceSource) -> tuple[int, bool]:
        out = checks.check(source, effective[key], dc, bonus=c.modifier("check"), advantages=advantages,
                       disadvantages=disadvantages)
        return out.total, out.success

    results = enumerate_dice(run)
    passed = sum((p for (_total, ok), p in results.items() if ok), Fraction(0))
    law = Law.of((total, p) for (total, _ok), p in results.items())
    what = skill.name_en if skill is not None else key
    title = _("{name}: check of {stat} ({value}) against DC {dc}, d20").format(
        name=n, stat=what, value=effective[key], dc=dc)
    return ActionOdds("check", title, (Chance("pass", _("the check passes"), passed),), law, _("check total"),
                      facts=(("name", n), ("stat", key), ("value", effective[key]), ("dc", dc)))


def save(enc: Encounter, name: str, stat: str, *, modifier: int = 0) -> ActionOdds:
    """DG-SAVE-1: 1d10 <= stat (+ the master's modifier) saves."""
    n = find(enc, name)
    c = enc.get(n)
    key, skill = check_subject(stat)
    if skill is not None:
        raise RuleError(_("a saving throw uses a stat ({stats}), not a skill").format(stats=", ".join(PRIMARY)),
                        rule="DG-SAVE-1")
    score = value(c, key)
    total_modifier = modifier + c.modifier("save")

    def run(source: DiceSource) -> tuple[int, bool]:
        out = checks.saving_throw(source, score, modifier=total_modifier)
        return out.die.face, out.success

    results = enumerate_dice(run)
    saved = sum((p for (_face, ok), p in results.items() if ok), Fraction(0))
    law = Law.of((face, p) for (face, _ok), p in results.items())
    title = _("{name}: saving throw of {stat} ({value}), d10 at most {target}").format(
        name=n, stat=key, value=score, target=score + total_modifier)
    return ActionOdds("save", title, (Chance("pass", _("the save succeeds"), saved),), law, _("the d10"),
                      facts=(("name", n), ("stat", key), ("value", score), ("modifier", total_modifier)))


ODDS: dict[str, Callable[..., ActionOdds]] = {"attack": attack, "check": check, "save": save}
