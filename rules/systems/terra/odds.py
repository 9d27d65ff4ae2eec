"""Exact odds of a terra Attack: the formula with its crit check, through the defenses into HP and SP.

``roll_formula`` (TT-CRIT-1..5) is called once per way the formula's dice and
the check's D4 fall (``rules.odds.actions``), with the attacker's own check
(``check_of``: its ГК, a monster's plain roll); the total, with the Rage or
Berserk bonus and the sign's bonus as the fight adds them, meets the target
through ``land_hit`` (TT-DEF-1, TT-DMG-1..3, TT-SP-1), and Рыбы's dodge
(TT-SIGN-1) through its d100.  So the plain dice distribution of ``D6+2`` is
not what a character with a ГК deals: a first die of 1 may crit, stay at its
minimum or miss.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.state import DEAD, find
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.odds.actions import ActionOdds, Chance, Law, enumerate_dice
from rules.systems.terra import damage as dmg
from rules.systems.terra import health, weapons
from rules.systems.terra.formula import CRIT, MISS, parse_formula, roll_formula
from rules.systems.terra.grid import distance
from rules.systems.terra.reading import PISCES_DODGE, by_level, cell_of, check_of, int_stat, target_of

if TYPE_CHECKING:
    from rules.core.state import Encounter


def attack(enc: Encounter, attacker: str, target: str, *, formula: str | None = None) -> ActionOdds:
    """The weapon Attack of ``attacker`` on ``target`` (TT-CRIT-1, TT-DMG-1, TT-SP-1)."""
    a, t = find(enc, attacker), find(enc, target)
    ac, tc = enc.get(a), enc.get(t)
    if tc.status == DEAD:
        raise RuleError(_("{name} is dead").format(name=t), rule="TT-END-1")
    text = formula or ac.stats.get("weapon")
    if not text:
        raise ValueError(_("{name} has no weapon formula: give --formula, e.g. --formula D6+2, "
                           "or set it: char set {name} weapon=D6+2").format(name=a))
    parsed = parse_formula(str(text))
    kind = dmg.MYSTIC if formula is None and weapons.kind_of(ac) == "pistol" else dmg.PHYSICAL
    kind = dmg.physical_kind(kind, parsed.has_dice)
    check = check_of(ac, kind)
    bonus = health.ATTACK_BONUS.get(ac.status, 0) if enc.fight is not None else 0
    here, there = cell_of(ac), cell_of(tc)
    added, extra = weapons.sign_bonus(ac, distance(here, there) if here is not None and there is not None else None)
    aim = target_of(tc)
    split = bool(enc.settings.get("split_physical", False))
    sign, level = str(tc.stats.get("zodiac", "")), int_stat(tc, "sign_level", 1)
    dodge = Fraction(by_level(PISCES_DODGE, level), 100) if (
        kind in dmg.PHYSICAL_TYPES and sign == "pisces" and level < 10) else Fraction(0)

    def run(source: DiceSource) -> tuple[str, int, int]:
        rolled = roll_formula(parsed, source, check)
        total = rolled.total
        if rolled.result != MISS:
            total += bonus + added
        return rolled.result, total, rolled.dice_part

    rolls = enumerate_dice(run)
    hp_law: dict[int, Fraction] = {}
    sp_law: dict[int, Fraction] = {}
    landed = Fraction(0)
    for (_result, total, dice_part), p in rolls.items():
        outcomes: list[tuple[Fraction, int, int]] = []
        if total > 0:
            hit = dmg.land_hit(aim, kind, total, dice_part=dice_part, split=split)
            more = dmg.land_hit(aim, dmg.SUPERNATURAL, extra).dealt if extra else 0
            outcomes.append((1 - dodge, hit.dealt - hit.absorbed + more, hit.sp_loss))
            if dodge:
                outcomes.append((dodge, 0, 0))
            landed += p * (1 - dodge)
        else:
            outcomes.append((Fraction(1), 0, 0))
        for q, hp, sp in outcomes:
            hp_law[hp] = hp_law.get(hp, Fraction(0)) + p * q
            sp_law[sp] = sp_law.get(sp, Fraction(0)) + p * q
    law, soul = Law.of(hp_law), Law.of(sp_law)
    hp = int(tc.resources.get("hp", 0))

    def result_chance(which: str) -> Fraction:
        return sum((p for (r, _t, _d), p in rolls.items() if r == which), Fraction(0))

    chances = [Chance("hit", _("{attacker} deals damage to {target} (before defenses)").format(attacker=a, target=t),
                      landed),
               Chance("crit", _("crit"), result_chance(CRIT)),
               Chance("miss", _("miss (the crit check)"), result_chance(MISS)),
               Chance("drop", _("{target} falls to 0 HP or below this action").format(target=t),
                      law.chance(lambda v: hp > 0 and v >= hp))]
    who = _("ГК {group}").format(group=check.blood_group) if check.blood_group is not None else _("no crit check")
    title = _("{attacker} attacks {target}: {formula} ({who}), {kind} damage, HP {hp}, SP {sp}").format(
        attacker=a, target=t, formula=parsed.text, who=who, kind=dmg.label(kind), hp=hp,
        sp=tc.resources.get("sp", 0))
    return ActionOdds("attack", title, tuple(chances), law, _("HP lost"),
                      laws=(("sp_loss", _("SP lost"), soul),),
                      facts=(("attacker", a), ("target", t), ("formula", parsed.text), ("kind", kind),
                             ("blood_group", check.blood_group), ("hp", hp)))


ODDS: dict[str, Callable[..., ActionOdds]] = {"attack": attack}
