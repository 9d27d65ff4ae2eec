"""Immutable records for the dice engine, cheap to define and to build.

Every ``ttcli roll`` defines a score of node and result types before it rolls
once, so their definition cost is start-up time: a named tuple is defined in
a fraction of the time of a frozen dataclass and needs neither
``dataclasses`` nor ``inspect`` loaded.  Instances are built by the tuple
constructor, with no per-field ``__setattr__``.

A bare named tuple compares equal to any tuple with the same items, so
``Neg(x, 0) == Group(x, 0)`` would hold and a test could not tell two node
kinds apart.  :func:`record` keeps the value semantics of the frozen
dataclasses it replaces: equal only to an instance of the very same class
(never to a plain tuple), hashed on its fields, and unordered.

Type checkers read ``record`` as the ``namedtuple`` it wraps, so in::

    class Num(record("Num", "value pos")):
        __slots__ = ()
        value: int
        pos: int

a checker knows the fields, their order, which have defaults, and (from the
annotations in the class body) their types.  Field names and ``defaults``
must therefore be literals at the call, as ``namedtuple`` requires of a
checked call.
"""

from __future__ import annotations

from collections import namedtuple

__all__ = ["RolledDie", "record"]

# Not typing.TYPE_CHECKING: a one-shot roll never imports typing, and this
# module must not be the one that starts to.  Checkers treat any constant of
# this name as true.
TYPE_CHECKING = False

if TYPE_CHECKING:
    # The equality, hash and order set below are invisible to a checker;
    # what it must see are the fields, and those namedtuple() describes.
    from collections import namedtuple as record
    from collections.abc import Callable, Iterable
    from typing import Any


class _ValueSemantics(tuple[object, ...]):
    """The comparison methods every record gets (see the module docstring).

    Never built: :func:`record` copies its methods onto each named tuple.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple) and other.__class__ is self.__class__:
            return tuple.__eq__(self, other)
        # a tuple of another kind would answer by its items when reflected
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, tuple) and other.__class__ is self.__class__:
            return tuple.__ne__(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


_VALUE_SEMANTICS = tuple(
    (name, vars(_ValueSemantics)[name])
    for name in ("__eq__", "__ne__", "__hash__", "__lt__", "__le__", "__gt__", "__ge__")
)


# Called through a plain variable: checkers treat a direct namedtuple() call
# with a computed name as an error, and here the name is computed on purpose.
_namedtuple: Callable[..., type[tuple[Any, ...]]] = namedtuple

def _record(
    name: str, fields: str | Iterable[str], defaults: tuple[object, ...] = ()
) -> type[tuple[Any, ...]]:
    """Make a named-tuple base class; subclass it with ``__slots__ = ()``."""
    base = _namedtuple(name, fields, defaults=defaults or None)
    for method, function in _VALUE_SEMANTICS:
        setattr(base, method, function)
    return base


if not TYPE_CHECKING:
    record = _record


#: The one record of a die, wherever it was drawn: a term of a rolled expression
#: (with its flags) or a die a rule drew (with its ``purpose``).  rules.core.die
#: names it ``Die`` for the rules.
class RolledDie(record("RolledDie", "sides face origin counter kept rerolled exploded extra success failure "
                       "value mark crit purpose",
                       defaults=("rolled", None, True, False, False, False, False, False, None, "", 0, ""))):
    __slots__ = ()
    sides: int
    face: int
    origin: str
    counter: int | None
    kept: bool
    #: replaced by the die that follows it
    rerolled: bool
    #: showed an exploding face, so the die that follows it was added
    exploded: bool
    #: added by an explosion
    extra: bool
    success: bool
    failure: bool
    #: what the die counts for when that is not its face: a fudge die's -1/0/+1,
    #: a penetrating die's face - 1, a value raised by mi or lowered by ma
    value: int | None
    #: how to show it beyond the flags above: "F" fudge, "c" part of a
    #: compounding die, "p" penetrating, "m" raised or lowered (mi/ma)
    mark: str
    #: a crit mark (cs/cf): 1 critical success, -1 critical failure
    crit: int
    #: what a rule drew the die for ("check", "hit", "damage", "tick_damage" ...);
    #: empty for a die of a rolled expression
    purpose: str

    @property
    def counts(self) -> int:
        return self.face if self.value is None else self.value
