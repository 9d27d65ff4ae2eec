"""The dungeon's results said again from their dice, for ``ttcli verify``.

Each check reads one record of a journal event (rules.core.recheck) and says what
does not follow from its own dice and inputs: a hit or a miss that the d20 against
the dodge does not give (DG-HIT-1), damage that its dice, body, bonus and armor do
not add up to (DG-DMG-1), HP that the damage does not leave (DG-DEATH-1), a check
or save that its die does not pass or fail (DG-CHECK-1, DG-SAVE-1), the side that
acts first (DG-INIT-1), a knock-down (DG-KNOCK-1).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.recheck import Check, Record, faces, flag, others, whole
from rules.i18n import _

#: a natural 1 fails and a natural 20 succeeds whatever the total (DG-CHECK-1, DG-HIT-1 [I])
_NATURAL = {1: False, 20: True}


def _d20(die: int, total: int, target: int) -> bool:
    return _NATURAL.get(die, total >= target)


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def _hit_roll(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, hit = whole(r, "die", "total", "target_number"), flag(r, "hit")
    if numbers is None or hit is None:
        return
    die, total, target = numbers
    if hit != _d20(die, total, target):
        yield (_("recorded a miss, but d20 {die} = {total} against dodge {target} hits (DG-HIT-1)") if not hit
               else _("recorded a hit, but d20 {die} = {total} against dodge {target} misses (DG-HIT-1)")).format(
            die=die, total=total, target=target)


def _damage(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "sides", "count", "body", "bonus", "before_armor", "armor", "dealt")
    extra = flag(r, "extra_die")
    if numbers is None or extra is None:
        return
    sides, count, body, bonus, before, armor, dealt = numbers
    rolled = faces(r.get("dice"))
    if rolled is None:
        return
    if len(rolled) != count + extra or not all(1 <= f <= sides for f in rolled):
        yield _("the damage dice {faces} are not {count} d{sides} (DG-DMG-1)").format(
            faces=rolled, count=count + extra, sides=sides)
        return
    if before != sum(rolled) + body + bonus:
        yield _("damage before armor is {shown}, but the dice {faces} + {body} + {bonus} give {expected} "
                "(DG-DMG-1)").format(shown=before, faces=rolled, body=body, bonus=bonus,
                                     expected=sum(rolled) + body + bonus)
    elif dealt != max(0, before - armor):
        yield _("{shown} damage dealt, but {before} - armor {armor} gives {expected} (DG-DMG-1)").format(
            shown=dealt, before=before, armor=armor, expected=max(0, before - armor))


def _health(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "amount", "hp_before", "hp_after")
    if numbers is None:
        return
    amount, before, after = numbers
    damage = next(others(records, "damage", target=r.get("name")), None)
    dealt = damage.get("dealt") if damage is not None else None
    if type(dealt) is int and dealt != amount:
        yield _("loses {amount} HP, but the damage dealt is {dealt} (DG-DMG-1)").format(amount=amount, dealt=dealt)
    elif after != max(0, before - amount):
        yield _("HP {before} -> {after}, but {amount} damage leaves {expected} (DG-DEATH-1)").format(
            before=before, after=after, amount=amount, expected=max(0, before - amount))


def _check(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, passed = whole(r, "die", "total", "dc"), flag(r, "passed")
    if numbers is None or passed is None:
        return
    die, total, dc = numbers
    if passed != _d20(die, total, dc):
        yield _("recorded passed: {shown}, but d20 {die} = {total} against {dc} gives {expected} "
                "(DG-CHECK-1)").format(shown=_yes(passed), die=die, total=total, dc=dc,
                                       expected=_yes(not passed))


def _save(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, passed = whole(r, "die", "target"), flag(r, "passed")
    if numbers is None or passed is None:
        return
    die, target = numbers
    if not 1 <= die <= 10:
        yield _("a save rolls a d10, not {die} (DG-SAVE-1)").format(die=die)
    elif passed != (die <= target):
        yield _("recorded passed: {shown}, but d10 {die} against {target} gives {expected} (DG-SAVE-1)").format(
            shown=_yes(passed), die=die, target=target, expected=_yes(not passed))


def _initiative(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "party_roll", "enemy_roll")
    if numbers is None or r.get("first") not in ("party", "enemy"):
        return
    party, enemy = numbers
    first = "party" if party > enemy else "enemy"  # a tie goes to the enemies
    if r["first"] != first:
        yield (_("party d6 {party} against enemies d6 {enemy}: the party acts first, not the enemies (DG-INIT-1)")
               if first == "party" else
               _("party d6 {party} against enemies d6 {enemy}: the enemies act first, not the party (DG-INIT-1)")
               ).format(party=party, enemy=enemy)


def _knock(r: Record, records: list[Record]) -> Iterator[str]:
    down = flag(r, "knocked_down")
    numbers = whole(r, "target_die", "target_total")
    if down is None or numbers is None:
        return
    target_die, target_total = numbers
    if r.get("resist") == "save":
        expected = not target_die <= target_total
    else:
        theirs = whole(r, "attacker_total")
        if theirs is None:
            return
        expected = theirs[0] > target_total  # a tie keeps the target standing
    if down != expected:
        yield _("recorded knocked down: {shown}, but the dice give {expected} (DG-KNOCK-1)").format(
            shown=_yes(down), expected=_yes(expected))


CHECKS: dict[str, Check] = {
    "hit_roll": _hit_roll,
    "damage": _damage,
    "health": _health,
    "check": _check,
    "save": _save,
    "initiative": _initiative,
    "knock": _knock,
}
