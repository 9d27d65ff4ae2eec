"""Terra's results said again from their dice, for ``ttcli verify``.

A ``formula`` record keeps the formula, the faces of its dice, the crit check's D4
(and Capricorn's shift of it), the roller's ГК and the result.  The formula is rolled
again on those very faces by the same function that rolled it (formula.roll_formula),
so a crit, a minimum or a miss that the first die and the D4 do not give, or a total
that the faces do not make, is found (TT-CRIT-1..6).  A hit's incoming damage is the
formula's total, and the initiative's tie between the sides is its last pair of D6
(TT-INIT-3); a sign's d100 (Рыбы, Близнецы, Змееносец and Кит) is held to its chance (TT-SIGN-1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.core.recheck import Check, Record, faces, flag, others, whole
from rules.dice.sources import GivenFaceError, GivenSource
from rules.i18n import _
from rules.systems.terra.formula import Check as CritCheck
from rules.systems.terra.formula import parse_formula, roll_formula

if TYPE_CHECKING:
    from rules.dice.sources import Draw
    from rules.systems.terra.formula import FormulaRoll


def _replayed(r: Record, rolled: list[int], doubling: bool) -> FormulaRoll | None:
    """The formula rolled again on its recorded faces and D4 (None when they do not fit it)."""
    group = r.get("blood_group")
    check, shifted = r.get("check"), r.get("shifted")
    given = rolled + ([check] if type(check) is int else [])
    shift = shifted - check if type(shifted) is int and type(check) is int else 0
    try:
        formula = parse_formula(str(r.get("formula")))
        source = GivenSource(given, _Exhausted())
        out = roll_formula(formula, source, CritCheck(group if type(group) is int else None, doubling, shift,
                                                      bool(r.get("forced"))))
    except (ValueError, GivenFaceError, _Short):
        return None
    return out if not source.unused else None


class _Short(Exception):
    """The record has fewer faces than its formula rolls."""


class _Exhausted:
    def draw(self, sides: int) -> Draw:
        raise _Short


def _formula(r: Record, records: list[Record]) -> Iterator[str]:
    rolled, numbers = faces(r.get("faces")), whole(r, "total")
    if rolled is None or numbers is None or not isinstance(r.get("result"), str):
        return
    # supernatural and mystic crits count the maximum without doubling (TT-CRIT-5):
    # the damage type is the hit's, which a heal or a formula rolled alone lacks
    tried = [t for t in (_replayed(r, rolled, doubling) for doubling in (True, False)) if t is not None]
    if not tried:
        yield _("the faces {faces} and the check D4 do not fit the formula {formula} (TT-CRIT-1)").format(
            faces=rolled, formula=r.get("formula"))
        return
    if not any(t.result == r["result"] for t in tried):
        yield _("recorded {shown}, but the first die {first} and the check D4 give {expected} (TT-CRIT-1)").format(
            shown=_result(r["result"]), first=rolled[0] if rolled else "-", expected=_result(tried[0].result))
    elif not any(t.result == r["result"] and t.total == numbers[0] for t in tried):
        expected = next(t.total for t in tried if t.result == r["result"])
        yield _("{formula} on {faces} ({result}) gives {expected}, not {shown} (TT-CRIT-1..3)").format(
            formula=r.get("formula"), faces=rolled, result=_result(r["result"]), expected=expected,
            shown=numbers[0])


def _result(key: str) -> str:
    words = {"crit": _("a crit"), "minimum": _("a minimum"), "miss": _("a miss"), "normal": _("no check"),
             "plain": _("no check (rolled plainly)")}
    return words.get(key, key)


def _hit(r: Record, records: list[Record]) -> Iterator[str]:
    numbers = whole(r, "incoming")
    attacker = r.get("attacker")
    if numbers is None or not isinstance(attacker, str):
        return
    rolled = [f for f in others(records, "formula", roller=attacker) if type(f.get("total")) is int]
    if len(rolled) != 1 or flag(r, "absorbed"):
        return
    # Rage and Berserk add to the attack's total (TT-RH-1, TT-RH-2): their record says by how much
    raised = next(others(records, "attack_bonus", name=attacker), None)
    expected = raised.get("total") if raised is not None else rolled[0]["total"]
    if type(expected) is int and expected != numbers[0]:
        yield _("{incoming} incoming, but the formula rolled {total}").format(incoming=numbers[0], total=expected)


def _sign_roll(r: Record, records: list[Record]) -> Iterator[str]:
    numbers, success = whole(r, "die", "chance"), flag(r, "success")
    if numbers is not None and success is not None and success != (numbers[0] <= numbers[1]):
        yield (_("d100 {die} against {chance}% fails, yet the sign's power is recorded as working (TT-SIGN-1)")
               if success else
               _("d100 {die} against {chance}% succeeds, yet the sign's power is recorded as failing (TT-SIGN-1)")
               ).format(die=numbers[0], chance=numbers[1])


def _initiative(r: Record, records: list[Record]) -> Iterator[str]:
    ties = r.get("ties")
    if not isinstance(ties, list):
        return
    for tie in ties:
        numbers = whole(tie, "party", "enemy") if isinstance(tie, dict) else None
        if numbers is None or tie.get("first") not in ("party", "enemy"):
            continue
        party, enemy = numbers
        if party == enemy:
            yield _("D6 party:enemies {party}:{enemy} is a tie, rolled again (TT-INIT-3)").format(
                party=party, enemy=enemy)
        elif tie["first"] != ("party" if party > enemy else "enemy"):
            yield (_("D6 party:enemies {party}:{enemy}: the party act first (TT-INIT-3)") if party > enemy else
                   _("D6 party:enemies {party}:{enemy}: the enemies act first (TT-INIT-3)")).format(
                party=party, enemy=enemy)


CHECKS: dict[str, Check] = {
    "formula": _formula,
    "hit": _hit,
    "sign_roll": _sign_roll,
    "mirror": _sign_roll,  # Змееносец and Кит (TT-SIGN-1): the same d100 against the chance
    "initiative": _initiative,
}
