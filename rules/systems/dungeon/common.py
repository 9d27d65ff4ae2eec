"""What every part of the dungeon (Подземелье Ужаса) mechanics shares.

Stat keys and their spellings, the advantage steps, and the weapon's dice.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import dice
from rules.core.errors import RuleError
from rules.core.names import Names
from rules.dice.ast import Chain, Dice, Node, Num
from rules.i18n import _

BODY = "body"
REACTION = "reaction"
MIND = "mind"
CHARISMA = "charisma"
STAT_KEYS = (BODY, REACTION, MIND, CHARISMA)

#: every spelling a master may use for a stat: the seed's capitals, the full
#: Russian word, and English
_STAT_SPELLINGS = {
    BODY: ("body", "ТЕЛО", "Телосложение"),
    REACTION: ("reaction", "РЕАК", "Реакция"),
    MIND: ("mind", "РАЗ", "Разум"),
    CHARISMA: ("charisma", "ХАР", "Харизма"),
}

ADVANTAGE_STEP = 5
ADVANTAGE_CAP = 10

STAT_NAMES = Names("stat", _STAT_SPELLINGS)


def stat_key(name: str) -> str:
    """``"ТЕЛО"``, ``"Телосложение"``, ``"body"`` ... -> ``"body"``."""
    return STAT_NAMES.key(name)


def require_non_negative(**values: int) -> None:
    for label, value in values.items():
        if value < 0:
            raise ValueError(_("{label} cannot be negative (got {value})").format(label=label, value=value))


def parse_weapon(text: str) -> tuple[int, int, int]:
    """``"1d8"`` -> (1, 8, 0); ``"2d6+1"`` -> (2, 6, 1); ``"д8"`` -> (1, 8, 0).

    Read by the dice engine (one dice-text parser); a weapon is one plain dice
    term with at most a flat bonus or penalty.
    """
    expected = _("a weapon's damage looks like 1d8 or 2d6+1, not {text!r}").format(text=text)
    try:
        root = dice.parse(text).root  # through the door: only a weapon's check loads the parser
    except dice.DiceError:
        raise ValueError(expected) from None
    rest: tuple[tuple[str, Node, int], ...] = ()
    if isinstance(root, Chain):
        rest = root.rest
        root = root.first
    if not isinstance(root, Dice) or any((root.reroll, root.explode, root.keep, root.success, root.failure)) \
            or len(rest) > 1:
        raise ValueError(expected)
    bonus = 0
    for op, term, _pos in rest:
        if op not in "+-" or not isinstance(term, Num):
            raise ValueError(expected)
        bonus += term.value if op == "+" else -term.value
    return root.count, root.sides, bonus


def attack_weapon(attacker: str, stats: Mapping[str, object], weapon: str | None) -> str:
    """The weapon text an attack (or its odds) strikes with: the one given, else the attacker's
    ``stats.weapon``; a RuleError when there is none."""
    text = weapon if weapon is not None else stats.get("weapon")
    if not isinstance(text, str):
        raise RuleError(_("{attacker} has no weapon die; give the weapon (e.g. 1d8) or set stats.weapon").format(
            attacker=attacker))
    return text
