"""Змееносец's and Кит's aura (TT-SIGN-1): an enemy technique used on them is copied, and
from sign level 10 reflected.

The seed: "Змееносец (и Кит) – 20% шанс скопировать любой прием проведенный врагом, на него.
Способность теряет 5% за каждого сопартийца Змееносца или Кита. Не действует против существ
Знака Змееносец либо Кит. 5 уровень: шанс повышается до 40%. ... 10 уровень: вместо
копирования, прием целиком отражается."

The check is automatic: whenever an enemy's technique (``cast``, ``attack --technique``) is
used on a Змееносец or Кит in a fight, a d100 is rolled right after the technique's own dice
(the Близнецы d100, the formula, its crit D4) and before it lands (so Рыбы' dodge comes after).
Below level 10 a success copies the technique: a written one goes on the copier's sheet marked
``copied``, his for this fight, and is gone when the fight ends; at level 10 a success turns the
whole technique back onto the one who used it. [I] The level-10 chance is the level-5 one, 40%.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.state import DEAD
from rules.dice.datatypes import replace
from rules.systems.terra import techniques as tech
from rules.systems.terra.reading import by_level as _by_level
from rules.systems.terra.reading import int_stat as _int

if TYPE_CHECKING:
    from rules.core.outcome import Work
    from rules.core.state import Combatant
    from rules.dice.sources import DiceSource

#: the signs of this aura
SERPENTS = ("ophiuchus", "cetus")
#: "20% шанс скопировать"; L5 "шанс повышается до 40%"; L10 [I] the reflection at the L5 chance
COPY_CHANCE = {1: 20, 5: 40}
REFLECT_CHANCE = {10: 40}
REFLECT_LEVEL = 10
#: "Способность теряет 5% за каждого сопартийца Змееносца или Кита"
ALLY_PENALTY = 5
COPY, REFLECT = "copy", "reflect"


def serpent(c: Combatant) -> bool:
    return str(c.stats.get("zodiac", "")) in SERPENTS


def allies_of(work: Work, c: Combatant) -> int:
    """[I] The other living combatants of ``c``'s side whose sign is Змееносец or Кит."""
    return sum(1 for o in work.combatants.values()
               if o.name != c.name and o.side == c.side and o.status != DEAD and serpent(o))


def chance(work: Work, c: Combatant) -> tuple[str, int, int, int]:
    """(the power, the sign level's chance, the allies' penalty, the chance left, never below 0)."""
    level = _int(c, "sign_level", 1)
    power = REFLECT if level >= REFLECT_LEVEL else COPY
    base = _by_level(REFLECT_CHANCE if power == REFLECT else COPY_CHANCE, level)
    penalty = ALLY_PENALTY * allies_of(work, c)
    return power, base, penalty, max(0, base - penalty)


def answer(work: Work, source: DiceSource, caster: str, target: str | None,
           technique: tech.Technique | None) -> dict[str, Any] | None:
    """Roll the aura of ``target`` against ``caster``'s technique, when it applies.

    Returns the journal part (``power``, ``chance``, ``die``, ``success``, and ``copied`` or
    ``reflected``), or None when there is no check: no fight, the target is no Змееносец or Кит,
    not an enemy, dead, or the caster is of those signs ("Не действует против существ Знака
    Змееносец либо Кит")."""
    if work.fight is None or target is None or target == caster:
        return None
    c, t = work.get(caster), work.get(target)
    if not serpent(t) or t.side == c.side or t.status == DEAD or serpent(c):
        return None
    sign = str(t.stats["zodiac"])
    power, base, penalty, left = chance(work, t)
    part: dict[str, Any] = {"by": target, "sign": sign, "power": power, "chance": left}
    fields: dict[str, Any] = {"name": target, "caster": caster, "sign": sign, "power": power, "base": base,
                              "penalty": penalty, "chance": left}
    if left <= 0:
        work.tell("mirror", about=[target], allies=penalty // ALLY_PENALTY, **fields)
        part["success"] = False
        return part
    die = work.roll(source, 100, f"{sign}_{power}")
    success = die.face <= left
    part.update(die=die.face, success=success)
    fields.update(die=die.face, success=success)
    if success and power == REFLECT:
        part["reflected"] = caster
    elif success and technique is not None:
        fields["technique"] = part["copied"] = technique.name
        book = tech.known(t.data)
        if technique.name in book:
            fields["known"] = True
        else:
            copy = replace(technique, copied=True, weapon=False, learned=False, slot=False, passive=False)
            book[technique.name] = copy
            work.put(replace(t, data={**t.data, "techniques": {k: v.table() for k, v in book.items()}}))
    elif success:
        fields["unwritten"] = part["copied"] = True
    work.tell("mirror", about=[target, caster], **fields)
    return part

