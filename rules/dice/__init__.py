"""The dice engine: notation -> AST -> rolled tree -> text.

>>> from rules.dice.sources import GivenSource
>>> to_text(roll_text("9d6>=5", GivenSource([5, 4, 3, 2, 4, 5, 5, 5, 4])))
'9d6>=5 = 5+4+3+2+4+5+5+5+4 = 4 successes'
"""

from __future__ import annotations

from .ast import Cond, Dice, Expression, Keep, Percent
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits
from .parser import parse
from .records import record
from .rolled import PERCENT, SUCCESSES, TOTAL, Roll, RolledDie
from .roller import roll
from .sources import (
    CommittedSource,
    DiceSource,
    Draw,
    GivenFaceError,
    GivenSource,
    RandomSource,
    ReplayMismatch,
    ReplaySource,
    commitment,
    committed_face,
)
from .stringify import Stringifier, to_text

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from .datatypes import datatype

__all__ = [
    "Cond", "Dice", "DiceError", "DiceSource", "Expression", "Keep", "Limits", "Percent",
    "CommittedSource", "Draw", "GivenFaceError", "GivenSource", "RandomSource", "ReplayMismatch", "ReplaySource",
    "commitment", "committed_face",
    "Roll", "RolledDie", "Stringifier", "PERCENT", "SUCCESSES", "TOTAL", "DEFAULT_LIMITS",
    "parse", "roll", "roll_text", "to_text", "resolve", "datatype", "record",
]


def resolve(expr: Expression, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    """Roll ``expr``; a given face that does not fit its die becomes a DiceError."""
    try:
        return roll(expr, source, limits)
    except GivenFaceError as e:
        from ..i18n import _

        raise DiceError(str(e), expr.source or expr.text, e.position, "given",
                        _("given values are matched to the dice left to right")) from None


def roll_text(text: str, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    return resolve(parse(text, limits), source, limits)


def __getattr__(name: str) -> object:
    # the record idiom of every layer above the dice: loaded on first use, as it loads dataclasses
    # and inspect, which a bare roll never needs (its own nodes are rules.dice.records)
    if name == "datatype":
        from .datatypes import datatype

        return datatype
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
