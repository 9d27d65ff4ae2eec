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
"""

from __future__ import annotations

from collections import namedtuple


def _eq(self, other):
    if other.__class__ is self.__class__:
        return tuple.__eq__(self, other)
    # a tuple of another kind would answer by its items when reflected
    return False if isinstance(other, tuple) else NotImplemented


def _ne(self, other):
    if other.__class__ is self.__class__:
        return tuple.__ne__(self, other)
    # a tuple of another kind would answer by its items when reflected
    return True if isinstance(other, tuple) else NotImplemented


def _unordered(self, other):
    return NotImplemented


def record(name: str, fields: str, defaults: tuple = ()) -> type:
    """A named-tuple base class; subclass it with ``__slots__ = ()``."""
    base = namedtuple(name, fields, defaults=defaults or None)
    base.__eq__ = _eq
    base.__ne__ = _ne
    base.__hash__ = tuple.__hash__
    base.__lt__ = base.__le__ = base.__gt__ = base.__ge__ = _unordered
    return base
