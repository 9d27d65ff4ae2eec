"""SK-BREAK-1: the d10 a worn item rolls after a fight, or each turn it burns.

After each fight every player's character rolls for the weapon it used most
(if it used one) and, if it was hit at all (even when def took everything),
for its armor with the highest def, else its clothing.  Only items with a
breakage chance roll.  A burning character rolls for one burning item each
turn (SK-BURN-1).
"""

from __future__ import annotations

from typing import Any

from rules.core.outcome import Work
from rules.core.state import Combatant
from rules.dice.sources import DiceSource
from rules.systems.skirmish import fightdata, gear
from rules.systems.skirmish.items import armor, weapons, with_item

WEAPONS = "weapons"
ARMOR = "armor"


def most_used(c: Combatant, used: dict[str, int]) -> str | None:
    """The weapon used most this fight; a tie goes to the one listed first [I]."""
    carried = list(weapons(c))
    counted = [(n, used.get(n, 0)) for n in carried if used.get(n, 0) > 0]
    if not counted:
        return None
    return max(counted, key=lambda pair: pair[1])[0]


def strongest_armor(c: Combatant) -> str | None:
    """The armor with the highest def (first listed on a tie), else clothing."""
    worn = armor(c)
    proper = [a for a in worn.values() if not a.clothing and a.def_ > 0]
    if proper:
        return max(proper, key=lambda a: a.def_).name
    clothes = [a for a in worn.values() if a.clothing]
    return clothes[0].name if clothes else None


def burnable(c: Combatant) -> dict[str, str]:
    """Item -> its section, for every item of ``c`` with a breakage chance (armor first)."""
    items = {a.name: ARMOR for a in armor(c).values() if a.breakage}
    for w in weapons(c).values():
        if w.breakage:
            items.setdefault(w.name, WEAPONS)
    return items


def burning_item(c: Combatant, named: str | None = None) -> tuple[str, str] | None:
    """The one burning item of SK-BURN-1: the master's pick (``named``) while
    it can still break, else for them [I]: the worn armor that breaks with the
    highest def, else the first weapon that breaks; None if nothing can break."""
    if named is not None and named in (items := burnable(c)):
        return items[named], named
    worn = [a for a in armor(c).values() if a.breakage]
    if worn:
        return ARMOR, max(worn, key=lambda a: a.def_).name
    held = [w for w in weapons(c).values() if w.breakage]
    return (WEAPONS, held[0].name) if held else None


def roll_breakage(work: Work, source: DiceSource, name: str, section: str, item: str, *,
                  why: str) -> dict[str, Any]:
    """Roll the d10 for one item and apply its band."""
    c = work.get(name)
    read = gear.read_weapon if section == WEAPONS else gear.read_armor
    thing = read(item, c.data[section][item], ("data", section, item))
    die = work.roll(source, 10, "breakage")
    band = gear.band(die.face)
    before = thing.durability
    worn = gear.worn_weapon(thing, band) if isinstance(thing, gear.Weapon) else gear.worn_armor(thing, band)
    destroyed = gear.broken(worn.durability, band)
    work.put(with_item(c, section, item, None if destroyed else worn.to_toml()))
    record: dict[str, Any] = {"name": name, "item": item, "section": section, "die": die.face,
                              "band": band.name, "destroyed": destroyed, "why": why}
    if before is not None:
        record.update(durability_before=before, durability_after=0 if destroyed else worn.durability)
    work.tell("breakage", about=[name], **record)
    return record


def after_fight(work: Work, source: DiceSource) -> list[dict[str, Any]]:
    """Every player's weapon and armor roll, in roster order (weapon first)."""
    assert work.fight is not None
    fight = work.fight
    used = fightdata.get(fight, "used", {})
    damaged = set(fightdata.listed(fight, "damaged"))
    records = []
    for c in list(work.combatants.values()):
        if c.side != "party" or c.name not in fight.order:
            continue
        weapon = most_used(c, dict(used.get(c.name, {})))
        if weapon is not None and weapons(c)[weapon].breakage:
            records.append(roll_breakage(work, source, c.name, WEAPONS, weapon, why="fight"))
        if c.name in damaged:
            worn = strongest_armor(work.get(c.name))
            if worn is not None and armor(work.get(c.name))[worn].breakage:
                records.append(roll_breakage(work, source, c.name, ARMOR, worn, why="fight"))
    return records
