"""The dice engine: notation -> AST -> rolled tree -> text.

>>> from rules.dice.sources import GivenSource
>>> to_text(roll_text("9d6>=5", GivenSource([5, 4, 3, 2, 4, 5, 5, 5, 4])))
'9d6>=5 = 5+4+3+2+4+5+5+5+4 = 4 successes'
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is start-up cost on the roll path

#: name -> the module of the engine that holds it; each name loads only its own module, on
#: first use (PEP 562): a command that only prints a roll's text (a status, a post) or only
#: declares records loads neither the parser nor the roller, and nothing loads dataclasses
#: but ``datatype``, the record idiom of every layer above the dice
_DOOR = {
    "Cond": "ast", "Dice": "ast", "Expression": "ast", "Keep": "ast", "Percent": "ast",
    "DiceError": "errors",
    "DEFAULT_LIMITS": "limits", "Limits": "limits",
    "parse": "parser",
    "PERCENT": "rolled", "SUCCESSES": "rolled", "TOTAL": "rolled", "Roll": "rolled",
    "RolledDie": "records", "record": "records",
    "roll": "roller", "resolve": "roller", "roll_text": "roller",
    "CommittedSource": "sources", "DiceSource": "sources", "Draw": "sources", "GivenFaceError": "sources",
    "GivenSource": "sources", "RandomSource": "sources", "ReplayMismatch": "sources", "ReplaySource": "sources",
    "commitment": "sources", "committed_face": "sources",
    "Stringifier": "stringify", "to_text": "stringify",
    "datatype": "datatypes", "field": "datatypes", "fields": "datatypes", "replace": "datatypes",
}

__all__ = [
    "Cond", "Dice", "DiceError", "DiceSource", "Expression", "Keep", "Limits", "Percent",
    "CommittedSource", "Draw", "GivenFaceError", "GivenSource", "RandomSource", "ReplayMismatch", "ReplaySource",
    "commitment", "committed_face",
    "Roll", "RolledDie", "Stringifier", "PERCENT", "SUCCESSES", "TOTAL", "DEFAULT_LIMITS",
    "parse", "roll", "roll_text", "to_text", "resolve", "datatype", "field", "fields", "replace", "record",
]


def __getattr__(name: str) -> object:
    module = _DOOR.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # __import__, not importlib.import_module: importlib is a module of its own to load, on every roll
    value = globals()[name] = getattr(__import__(f"{__name__}.{module}", fromlist=(name,)), name)
    return value


if TYPE_CHECKING:
    from .ast import Cond, Dice, Expression, Keep, Percent
    from .datatypes import datatype, field, fields, replace
    from .errors import DiceError
    from .limits import DEFAULT_LIMITS, Limits
    from .parser import parse
    from .records import RolledDie, record
    from .rolled import PERCENT, SUCCESSES, TOTAL, Roll
    from .roller import resolve, roll, roll_text
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
