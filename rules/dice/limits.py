"""Limits of one expression, checked before any die is rolled."""

from __future__ import annotations

from ..i18n import _
from .records import record

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, TypeVar

    _L = TypeVar("_L", bound="Limits")

# The parser, roller and stringifier recurse a few frames per nesting level:
# past this the interpreter's own stack limit would be hit before ours.
MAX_DEPTH_CEILING = 100


# Field names are a literal string: a checker reads the fields only from a literal.
class Limits(record("Limits", "max_length max_depth max_dice max_sides max_literal max_value",
                    defaults=(1000, 50, 1000, 1_000_000, 1_000_000_000, 2**63 - 1))):
    """Every field must be at least 1, and ``max_depth`` at most MAX_DEPTH_CEILING."""

    __slots__ = ()
    #: characters in one expression (label included)
    max_length: int
    #: nested parentheses and unary signs
    max_depth: int
    #: dice in the whole expression, rerolls and explosions included
    max_dice: int
    #: faces of one die
    max_sides: int
    #: any number written in the expression
    max_literal: int
    #: any value the expression can reach (fits a signed 64-bit integer,
    #: so it survives TOML and JSON)
    max_value: int

    def __new__(cls, *args: int, **kwargs: int) -> Limits:
        self = super().__new__(cls, *args, **kwargs)
        for name, value in zip(self._fields, self, strict=True):
            if value < 1:
                raise ValueError(_("Limits.{name} must be at least 1").format(name=name))
        if self.max_depth > MAX_DEPTH_CEILING:
            raise ValueError(_("Limits.max_depth must be at most {top}").format(top=MAX_DEPTH_CEILING))
        return self

    # mypy's own signature for a named tuple's _make cannot be restated by a subclass
    @classmethod
    def _make(cls: type[_L], iterable: Iterable[Any]) -> _L:  # type: ignore[override]
        # _replace builds through _make, which would skip the checks of __new__
        return cls(*iterable)


DEFAULT_LIMITS = Limits()
