"""Skirmish's results said again from their dice, for ``ttcli verify``.

Each check reads one record (rules.core.recheck): a d20 plus its terms is the total
shown (SK-ATK-1), a defence lands or holds by the totals (SK-ATK-1, SK-TIE-1), a
hit's damage is its fixed part, its dice and strength less def (SK-DMG-1), an
effect takes hold on its d100 (SK-EFF-1), a check passes at its difficulty, and
the initiative order follows the totals.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from rules.core.recheck import Check, Record, amounts, faces, flag, others, whole
from rules.i18n import _


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def _total(r: Record) -> Iterator[str]:
    numbers, terms = whole(r, "die", "total"), amounts(r.get("terms"))
    if numbers is None or terms is None:
        return
    die, total = numbers
    if total != die + terms:
        yield _("shows {total}, but d20 {die} and its terms give {expected} (SK-ATK-1)").format(
            total=total, die=die, expected=die + terms)


def _attack_roll(r: Record, records: list[Record]) -> Iterator[str]:
    yield from _total(r)


def _defence(r: Record, records: list[Record]) -> Iterator[str]:
    landed = flag(r, "landed")
    if landed is None:
        return
    if r.get("how") == "none":
        if not landed:
            yield _("an attack nobody answered always lands (SK-ATK-1)")
        return
    found = list(_total(r))
    yield from found
    numbers = whole(r, "total", "attack_total")
    if found or numbers is None:
        return
    total, attack = numbers
    attack_roll = next(others(records, "attack_roll", attacker=r.get("attacker"), target=r.get("defender")), None)
    rolled = attack_roll.get("total") if attack_roll is not None else None
    if type(rolled) is int and rolled != attack:
        yield _("answers an attack of {shown}, but the attack roll was {rolled} (SK-ATK-1)").format(
            shown=attack, rolled=rolled)
    elif attack != total and landed != (attack > total):
        # a tie is the session's call (SK-TIE-1): only a clear result is checked
        yield _("recorded landed: {shown}, but {attack} against {total} gives {expected} (SK-ATK-1)").format(
            shown=_yes(landed), attack=attack, total=total, expected=_yes(attack > total))


def _hit(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "fixed", "rolled", "strength", "damage", "dealt")
    armour, shield = r.get("armour", 0), r.get("shield", 0)
    if numbers is None or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (armour, shield)):
        return
    fixed, rolled, strength, damage, dealt = numbers
    shown = faces(r.get("faces")) if "faces" in r else []
    if shown is not None and shown and rolled != sum(shown):
        yield _("rolled {rolled} on the damage dice, but they show {faces} (SK-DMG-1)").format(
            rolled=rolled, faces=shown)
    elif damage != fixed + rolled + strength:
        yield _("damage {damage}, but {fixed} + {rolled} + strength {strength} give {expected} (SK-DMG-1)").format(
            damage=damage, fixed=fixed, rolled=rolled, strength=strength, expected=fixed + rolled + strength)
    else:
        through = max(0, math.floor(round(damage - armour - shield, 6)))
        if dealt != through:
            yield _("deals {dealt}, but {damage} less def {armour} and shield {shield} leaves {expected} "
                    "(SK-DMG-1)").format(dealt=dealt, damage=damage, armour=armour, shield=shield, expected=through)


def _effect_roll(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, landed = whole(r, "die", "chance"), flag(r, "landed")
    if numbers is None or landed is None:
        return
    die, chance = numbers
    if landed != (die <= chance):
        yield _("recorded taking hold: {shown}, but d100 {die} against {chance}% gives {expected} "
                "(SK-EFF-1)").format(shown=_yes(landed), die=die, chance=chance, expected=_yes(die <= chance))


def _check(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, passed = whole(r, "die", "score", "bonus", "total", "dc"), flag(r, "passed")
    if numbers is None or passed is None:
        return
    die, score, bonus, total, dc = numbers
    if total != die + score + bonus:
        yield _("shows {total}, but d20 {die} + {score} + {bonus} give {expected}").format(
            total=total, die=die, score=score, bonus=bonus, expected=die + score + bonus)
    elif passed != (total >= dc):
        yield _("recorded passed: {shown}, but {total} against {dc} gives {expected}").format(
            shown=_yes(passed), total=total, dc=dc, expected=_yes(total >= dc))


def _initiative(r: Record, records: list[Record]) -> Iterator[str]:
    rolls = r.get("rolls")
    if not isinstance(rolls, list):
        return
    totals = []
    for roll in rolls:
        numbers = whole(roll, "die", "dexterity", "total") if isinstance(roll, dict) else None
        if numbers is None:
            return
        die, dex, total = numbers
        if total != die + dex:
            yield _("{name}: initiative {total}, but d20 {die} + dexterity {dex} give {expected}").format(
                name=roll.get("name"), total=total, die=die, dex=dex, expected=die + dex)
        totals.append(total)
    if totals != sorted(totals, reverse=True):
        yield _("the initiative order does not follow the totals {totals}").format(totals=totals)


CHECKS: dict[str, Check] = {
    "attack_roll": _attack_roll,
    "defence": _defence,
    "hit": _hit,
    "effect_roll": _effect_roll,
    "check": _check,
    "initiative": _initiative,
}
