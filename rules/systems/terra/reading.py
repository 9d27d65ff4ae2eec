"""What a terra action reads of a combatant: its numbers, whose crit check its formula
takes (TT-CRIT-1..6), its defenses as its rhesus state and sign leave them (TT-DEF-1,
TT-SIGN-2), its cell.

The fight, the hits and the odds of an Attack (``odds.py``) read them here, so the
odds load none of the fight's turn machinery.
"""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.core.state import Combatant
from rules.i18n import _
from rules.systems.terra import damage as dmg
from rules.systems.terra import health
from rules.systems.terra.formula import Check
from rules.systems.terra.grid import Cell

#: TT-SIGN-1: chance by sign level (1, 5, 10) of Рыбы dodging physical damage
PISCES_DODGE = {1: 20, 5: 50}


def by_level(table: dict[int, int], level: int) -> int:
    """Powers are cumulative by sign level: L7 uses the L5 value (TT-SIGN-1 [I])."""
    reached = [lvl for lvl in table if lvl <= level]
    return table[max(reached)] if reached else 0


def int_stat(c: Combatant, key: str, default: int = 0) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def blood_group(c: Combatant) -> int | None:
    value = c.stats.get("blood_group")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_of(c: Combatant | None, kind: str, *, technique: bool = False, shift: int = 0,
             blood: int | None = None, monster: bool = False) -> Check:
    """How ``c``'s formula is checked (TT-CRIT-1..6)."""
    doubling = kind not in (dmg.SUPERNATURAL, dmg.MYSTIC)
    if c is None:
        return Check(None if monster else blood, doubling, shift)
    if health.is_monster(c) and not c.stats.get("crits", False):
        if shift:
            raise RuleError(_("{name} is a monster: it rolls without a crit check").format(name=c.name),
                            rule="TT-CRIT-4")
        return Check(None, doubling)
    group = blood_group(c)
    if group is None:
        raise RuleError(_("{name} has no blood group (ГК) to check a crit against").format(name=c.name),
                        rule="TT-CRIT-1")
    sign, level = c.stats.get("zodiac", ""), int_stat(c, "sign_level", 1)
    if shift and sign != "capricorn":
        raise RuleError(_("only Козерог may shift a check die (TT-CRIT-6); {name} is not").format(
            name=c.name), rule="TT-CRIT-6")
    forced = technique and sign == "capricorn" and (
        level >= 10 or (level >= 5 and kind in (*dmg.PHYSICAL_TYPES, dmg.PHYSICAL)))
    return Check(group, doubling, shift, forced)


def target_of(c: Combatant) -> dmg.Target:
    bonus = dict(health.defense_bonus(c))
    if c.stats.get("zodiac") == "pisces" and int_stat(c, "sign_level", 1) >= 10:
        # TT-SIGN-2: Рыбы L10, one Aura of Mystery (+1 to each МЗ) per full 10 of physical defenses
        auras = sum(max(0, int_stat(c, k) + bonus.get(k, 0)) for k in ("pdef", "pdef_dice")) // 10
        for key in ("mdef_mana", "mdef_life", "mdef_time", "mdef_soul"):
            bonus[key] = bonus.get(key, 0) + auras
    return dmg.Target(
        defenses=dmg.defenses_of(c.stats, bonus), level=int_stat(c, "level", 1),
        blood_group=None if health.is_monster(c) else blood_group(c),
        sign=str(c.stats.get("zodiac", "")), sign_level=int_stat(c, "sign_level", 1),
    )


def cell_of(c: Combatant) -> Cell | None:
    raw = c.data.get("cell")
    return (int(raw[0]), int(raw[1])) if raw else None
