"""Plain documents: what TOML holds (tables, arrays, text, numbers, booleans, dates).

Both the rules' codec and the session store copy such documents on every command.
"""

from __future__ import annotations

from rules.i18n import _, ngettext

TYPE_CHECKING = False  # the journaled roll reads the 64-bit limit here: typing costs it milliseconds
if TYPE_CHECKING:
    from typing import Any

#: TOML's integers are signed 64-bit: a session file or a journal holds -INT_LIMIT..INT_LIMIT-1
INT_LIMIT = 2**63


def fits(value: int) -> bool:
    """Whether the whole number ``value`` can be written to a session file and read back."""
    return -INT_LIMIT <= value < INT_LIMIT


def beyond_64_bits(value: int) -> str:
    """Why ``value`` (which does not :func:`fit <fits>`) is refused, with the limit it passed."""
    if value.bit_length() <= 256:
        shown = str(value)
    else:  # Python will not turn thousands of digits into text
        digits = int(value.bit_length() * 0.30103) + 1
        shown = ngettext("a number of about {n} digit", "a number of about {n} digits", digits).format(n=digits)
    if value > 0:
        return _("{value} does not fit in 64 bits: the largest whole number allowed is {high}").format(
            value=shown, high=INT_LIMIT - 1)
    return _("{value} does not fit in 64 bits: the smallest whole number allowed is {low}").format(
        value=shown, low=-INT_LIMIT)


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
    # here, not at the top: a journaled roll reads this module, and copy (with weakref) is rarely needed
    import copy

    return copy.deepcopy(value)
