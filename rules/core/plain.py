"""Plain documents: what TOML holds (tables, arrays, text, numbers, booleans, dates).

Both the rules' codec and the session store copy such documents on every command.
"""

from __future__ import annotations

import copy
from typing import Any

#: what a copy shares: a value of one of these very types cannot change
_SCALARS = frozenset((str, int, bool, float, type(None)))


def copy_plain(value: Any) -> Any:
    """A deep copy of a document's tables and arrays, their scalars shared.

    A prompt command copies a twelve-champion document several times (the codec, a
    store draft, the prompt's cache): walking it here is about three times as quick
    as ``copy.deepcopy``.  Anything else (a subclass, a tuple, a date) is left to
    ``copy.deepcopy``.  Unlike it, a table that appears twice is copied twice; a
    document never shares one.
    """
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _SCALARS else copy_plain(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _SCALARS else copy_plain(v) for v in value]
    if kind in _SCALARS:
        return value
    return copy.deepcopy(value)
