"""A formula rolled and landed in a fight: whose crit check it takes (TT-CRIT-1..6),
the target's defenses as its rhesus state and sign leave them (TT-DEF-1, TT-SIGN-2),
Рыбы' dodge (TT-SIGN-1), the hit into SP and HP (TT-DMG-1, TT-SP-1) and the trance
that enemy damage bringing SP to 0 opens (TT-TRANCE-1).

``damage.py`` works a hit out in numbers; here they are applied to the encounter.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.outcome import Damage, Work
from rules.core.state import DEAD, Combatant
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.terra import damage as dmg
from rules.systems.terra import health
from rules.systems.terra.formula import Formula, FormulaRoll, roll_formula
from rules.systems.terra.reading import PISCES_DODGE as PISCES_DODGE
from rules.systems.terra.reading import blood_group
from rules.systems.terra.reading import by_level as _by_level
from rules.systems.terra.reading import check_of as check_of
from rules.systems.terra.reading import int_stat as _int
from rules.systems.terra.reading import target_of as target_of

TRANCE_USES = TRANCE_TURNS = 3  # TT-TRANCE-1

def roll_for(work: Work, source: DiceSource, roller: Combatant | None, formula: Formula, kind: str,
             *, technique: bool = False, shift: int = 0) -> FormulaRoll:
    rolled = roll_formula(formula, source, check_of(roller, kind, technique=technique, shift=shift))
    work.add_dice(rolled.dice)
    work.tell("formula", about=[roller.name] if roller else [], roller=roller.name if roller else None,
              **rolled.fields())
    return rolled


def strike(work: Work, source: DiceSource, attacker: str | None, target: str, kind: str,
           amount: int, *, roll: FormulaRoll | None = None, into_hp: bool = False,
           from_enemy: bool = True) -> dict[str, Any]:
    """Land ``amount`` damage of ``kind`` on ``target``: dodge, defenses, SP, HP,
    trance.  Returns the journal part of the hit."""
    c = work.get(target)
    if c.status == DEAD:
        raise RuleError(_("{name} is dead").format(name=target), rule="TT-END-1")
    sign, level = str(c.stats.get("zodiac", "")), _int(c, "sign_level", 1)
    if kind in dmg.PHYSICAL_TYPES and sign == "pisces" and level < 10 and amount > 0:
        chance = _by_level(PISCES_DODGE, level)
        die = work.roll(source, 100, "pisces_dodge")
        dodged = die.face <= chance
        work.tell("sign_roll", about=[target], name=target, sign="pisces", chance=chance, die=die.face,
                  success=dodged)
        if dodged:
            return {"target": target, "dodged": True}
    if into_hp and blood_group(c) != 4:
        raise RuleError(_("only ГК 4 chooses to take blocked damage in HP; {name} is ГК {group}").format(
            name=target, group=blood_group(c) or "-"), rule="TT-SP-1")
    split = bool(work.settings.get("split_physical", False))
    hit = dmg.land_hit(target_of(c), kind, amount, dice_part=roll.dice_part if roll else None,
                       split=split, medium_into_hp=into_hp)
    sp_before = c.resources.get("sp", 0)
    sp_after = sp_before - hit.sp_loss
    if hit.sp_loss:
        work.put(work.get(target).with_resource("sp", sp_after))
    if hit.absorbed:
        change = health.mend(work, target, hit.absorbed)
    else:
        change = health.hurt(work, target, Damage(hit.dealt, kind=kind, source=attacker or ""))
    work.tell("hit", about=[n for n in (attacker, target) if n], attacker=attacker, target=target,
              sp_before=sp_before if hit.sp_loss else None, sp_after=sp_after if hit.sp_loss else None,
              **hit.fields(), **{k: v for k, v in health_fields(change).items() if k != "amount"})
    part: dict[str, Any] = {"target": target, "dealt": hit.dealt, "hp": change.hp_after,
                            "status": change.status_after}
    if hit.sp_loss:
        part["sp"] = sp_after
    # TT-TRANCE-1: enemy damage that brings SP to 0, once a day
    if (from_enemy and work.fight is not None and sp_before > 0 >= sp_after
            and not work.get(target).data.get("trance_used") and not health.is_monster(c)):
        enter_trance(work, target)
        part["trance"] = True
    return part


def enter_trance(work: Work, name: str) -> None:
    c = work.get(name)
    data = {**c.data, "trance": {"uses": TRANCE_USES, "turns": TRANCE_TURNS}, "trance_used": True}
    hp = c.resources.get("hp", 0)
    c = replace(c, data=data)
    if hp < 1:
        c = c.with_resource("hp", 1)
    work.put(c)
    work.tell("trance", about=[name], name=name, uses=TRANCE_USES, turns=TRANCE_TURNS)
