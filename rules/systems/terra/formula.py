"""Terra's damage and healing formulas and the crit check on their first die.

A terra formula is a sum of dice (``D4``, ``2D6``), dice with a multiplier
(``3*D6``) and constants (``+2``).  It is read by the project's one dice
parser (``rules.dice``) and refused when it holds anything else (keep, explode,
successes, functions): those are not terra's notation.  ``2D6`` is read as
``D6+D6`` (TT-CRIT-3 [I]), so "the first die" is always one die.

The crit check (TT-CRIT-1..6) looks at the first die only: a 1 there calls
for a D4 against the roller's blood group (ГК).  Dice are drawn in written
order, then the check's D4, so a player's posted dice are given in that order
(C-DICE-3).
"""

from __future__ import annotations

from typing import Any

from rules.core.die import Die, roll
from rules.dice import DiceError, parse
from rules.dice.ast import Chain, Dice, Neg, Num
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import _

#: what became of a formula
PLAIN = "plain"  # rolled without a check (monsters, TT-CRIT-4)
NORMAL = "normal"  # the first die was not 1: the sum as rolled
CRIT = "crit"
MINIMUM = "minimum"
MISS = "miss"

#: the check D4's value farthest from each blood group (TT-CRIT-1)
_FARTHEST = {1: 4, 2: 4, 3: 1, 4: 1}


#: not a terra formula: a plain ValueError, the rules' error for a malformed argument
FormulaError = ValueError


@datatype(frozen=True, slots=True)
class Term:
    """One die (``sides`` > 0, with its multiplier) or one constant, with its sign."""

    sign: int
    factor: int = 1
    sides: int = 0
    value: int = 0


@datatype(frozen=True)
class Formula:
    text: str
    terms: tuple[Term, ...]

    @property
    def dice(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.sides)

    @property
    def has_dice(self) -> bool:
        return any(t.sides for t in self.terms)


def parse_formula(text: str) -> Formula:
    """``"D4+2"`` -> Formula; FormulaError (a ValueError) for anything not terra's."""
    try:
        expr = parse(text)
    except DiceError as e:
        raise FormulaError(_("{formula!r} is not a dice formula: {error}").format(
            formula=text, error=e)) from None
    terms: list[Term] = []

    def refuse() -> FormulaError:
        return FormulaError(_(
            "{formula!r} is not a terra formula: write dice, dice with a multiplier and "
            "constants joined by + or -, e.g. D4+2, 3*D6, D4+D4+D4, 2D6+3").format(formula=text))

    def plain_dice(node: object) -> Dice | None:
        if isinstance(node, Dice) and node.more is None and not any(
                (node.reroll, node.explode, node.keep, node.success, node.failure)):
            return node
        return None

    def product(node: object, sign: int) -> None:
        if isinstance(node, Neg):
            product(node.operand, -sign)
            return
        die = plain_dice(node)
        if die is not None:
            terms.extend(Term(sign, 1, die.sides) for _n in range(die.count))
            return
        if isinstance(node, Num):
            terms.append(Term(sign, value=node.value))
            return
        if isinstance(node, Chain) and len(node.rest) == 1 and node.rest[0][0] == "*":
            left, right = node.first, node.rest[0][1]
            while isinstance(left, Neg):
                left, sign = left.operand, -sign
            number, die = (left, plain_dice(right)) if isinstance(left, Num) else (right, plain_dice(left))
            if isinstance(number, Num) and die is not None and die.count == 1 and number.value > 0:
                terms.append(Term(sign, number.value, die.sides))
                return
        raise refuse()

    root = expr.root
    if isinstance(root, Chain) and all(op in "+-" for op, _t, _p in root.rest):
        product(root.first, 1)
        for op, node, _pos in root.rest:
            product(node, 1 if op == "+" else -1)
    else:
        product(root, 1)
    return Formula(text, tuple(terms))


@datatype(frozen=True)
class Check:
    """How a roller's formula is checked.

    ``blood_group`` None rolls plainly (monsters, TT-CRIT-4); ``doubling`` is
    False for supernatural and mystic damage (TT-CRIT-5); ``shift`` is
    Capricorn's ±1 on the check D4 (TT-CRIT-6); ``forced`` makes the formula a
    crit with no check (Capricorn's techniques at sign level 5 and 10).
    """

    blood_group: int | None
    doubling: bool = True
    shift: int = 0
    forced: bool = False


@datatype(frozen=True)
class FormulaRoll:
    formula: Formula
    #: one face per die of the formula, in written order
    faces: tuple[int, ...]
    #: every die drawn: the formula's, then the check's D4
    dice: tuple[Die, ...]
    result: str
    total: int
    #: the part of the total from dice, and from constants (TT-DEF-1 split)
    dice_part: int
    constant_part: int
    check: int | None = None
    #: the check D4 after Capricorn's shift
    shifted: int | None = None
    blood_group: int | None = None
    forced: bool = False

    def fields(self) -> dict[str, Any]:
        """The fields of a ``formula`` event."""
        return {
            "formula": self.formula.text, "faces": list(self.faces), "result": self.result,
            "total": self.total, "check": self.check,
            "shifted": self.shifted if self.shifted != self.check else None,
            "blood_group": self.blood_group, "forced": self.forced or None,
            "dice_part": self.dice_part, "constant_part": self.constant_part,
        }


def _crit_value(term: Term, doubling: bool) -> int:
    if not doubling:
        return term.factor * term.sides  # TT-CRIT-5: the maximum, not doubled
    if term.factor > 2:
        return term.factor * term.sides + term.sides  # TT-CRIT-2: 3*D6 -> 18 + 6
    return term.factor * 2 * term.sides  # TT-CRIT-1: D6 -> 12; [I] 2*D6 -> 24


def verdict(check: int, blood_group: int) -> str:
    """TT-CRIT-1: the check D4 against ГК."""
    if check == blood_group:
        return CRIT
    if check == _FARTHEST[blood_group]:
        return MINIMUM
    return MISS


def roll_formula(formula: Formula, source: DiceSource, check: Check, purpose: str = "formula") -> FormulaRoll:
    """Roll ``formula`` with the crit check; every die is in the result."""
    if check.shift not in (-1, 0, 1):
        raise ValueError(_("a check die moves by 1 at most (TT-CRIT-6)"))
    dice = [roll(source, t.sides, purpose) for t in formula.dice]
    faces = tuple(d.face for d in dice)
    parts = [t.sign * t.factor * f for t, f in zip(formula.dice, faces, strict=True)]
    constant = sum(t.sign * t.value for t in formula.terms if not t.sides)
    first = formula.dice[0] if formula.dice else None
    result = PLAIN if check.blood_group is None else NORMAL
    seen = shifted = None
    if first is not None and check.blood_group is not None:
        if check.forced:
            result = CRIT
        elif faces[0] == 1:
            die = roll(source, 4, "crit_check")
            dice.append(die)
            seen = die.face
            shifted = min(4, max(1, seen + check.shift))
            result = verdict(shifted, check.blood_group)
    if result == CRIT and first is not None:
        parts[0] = first.sign * _crit_value(first, check.doubling)
        constant = 0  # a crit cancels every constant (TT-CRIT-1)
    if result == MISS:
        parts, constant = [0] * len(parts), 0
    dice_part = sum(parts)
    return FormulaRoll(
        formula, faces, tuple(dice), result, max(0, dice_part + constant), dice_part, constant,
        check=seen, shifted=shifted, blood_group=check.blood_group, forced=check.forced and result == CRIT,
    )
