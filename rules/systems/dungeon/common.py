"""What every part of the dungeon (Подземелье Ужаса) mechanics shares.

Stat keys, the record of a rolled die, and name lookup that forgives case,
``ё``/``е`` and the separators people type between words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.core.errors import UnknownNameError, close_names

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

_SEPARATORS = re.compile(r"[\s_\-]+")


def normalise(name: str) -> str:
    """Lower case, ``ё`` read as ``е``, any run of spaces/``_``/``-`` as one space."""
    return _SEPARATORS.sub(" ", name.strip().lower().replace("ё", "е"))


class Names:
    """Key lookup by any of its spellings; unknown names get suggestions."""

    __slots__ = ("kind", "_keys", "_shown")

    def __init__(self, kind: str, spellings: Mapping[str, tuple[str, ...]]) -> None:
        self.kind = kind
        self._keys = {normalise(s): key for key, group in spellings.items() for s in group}
        #: a suggestion is shown as first spelt in the table, not normalised
        self._shown: dict[str, str] = {}
        for group in spellings.values():
            for spelling in group:
                self._shown.setdefault(normalise(spelling), spelling)

    def key(self, name: str) -> str:
        found = self._keys.get(normalise(name))
        if found is None:
            raise UnknownNameError(self.kind, name, close_names(normalise(name), self._shown))
        return found


STAT_NAMES = Names("stat", _STAT_SPELLINGS)


def stat_key(name: str) -> str:
    """``"ТЕЛО"``, ``"Телосложение"``, ``"body"`` ... -> ``"body"``."""
    return STAT_NAMES.key(name)


def require_non_negative(**values: int) -> None:
    for label, value in values.items():
        if value < 0:
            raise ValueError(f"{label} cannot be negative (got {value})")


def parse_weapon(text: str) -> tuple[int, int, int]:
    """``"1d8"`` -> (1, 8, 0); ``"2d6+1"`` -> (2, 6, 1); ``"д8"`` -> (1, 8, 0).

    Read by the dice engine (one dice-text parser); a weapon is one plain dice
    term with at most a flat bonus or penalty.
    """
    # the parser alone: a sheet's weapon is checked on every read of a session
    from rules.dice.ast import Chain, Dice, Node, Num
    from rules.dice.errors import DiceError
    from rules.dice.parser import parse

    expected = f"a weapon's damage looks like 1d8 or 2d6+1, not {text!r}"
    try:
        root = parse(text).root
    except DiceError:
        raise ValueError(expected) from None
    rest: tuple[tuple[str, Node, int], ...] = ()
    if isinstance(root, Chain):
        rest = root.rest
        root = root.first
    if not isinstance(root, Dice) or any((root.reroll, root.explode, root.keep, root.success, root.failure)) \
            or len(rest) > 1:
        raise ValueError(expected)
    bonus = 0
    for op, term, _ in rest:
        if op not in "+-" or not isinstance(term, Num):
            raise ValueError(expected)
        bonus += term.value if op == "+" else -term.value
    return root.count, root.sides, bonus
