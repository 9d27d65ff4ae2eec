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

from types import FunctionType

__all__ = ["COMMITTED", "GIVEN", "ROLLED", "RolledDie", "named_tuple", "record"]

#: where a die came from (``Draw.origin``, ``RolledDie.origin``): drawn at random, given by a
#: player (``--given``), or from a committed sequence
ROLLED = "rolled"
GIVEN = "given"
COMMITTED = "committed"

# Not typing.TYPE_CHECKING: a one-shot roll never imports typing, and this
# module must not be the one that starts to.  Checkers treat any constant of
# this name as true.
TYPE_CHECKING = False

if TYPE_CHECKING:
    # The equality, hash and order set below are invisible to a checker;
    # what it must see are the fields, and those namedtuple() describes.
    from collections import namedtuple as record
    from collections.abc import Iterable
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


try:
    # the C accessor collections.namedtuple gives each field
    from _collections import _tuplegetter  # type: ignore[import-not-found]  # CPython's, without a stub
except ImportError:  # another Python: what collections falls back to
    from operator import itemgetter as _itemgetter

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(_itemgetter(index), doc=doc)

#: ``__new__`` of an n-field named tuple, compiled once per field count: see named_tuple
_NEW_BY_COUNT: dict[int, Any] = {}


def _new_function(name: str, fields: tuple[str, ...], defaults: tuple[object, ...]) -> Any:
    """``namedtuple``'s ``__new__`` for ``fields``: ``lambda _cls, a, b: tuple.__new__(_cls, (a, b))``.

    namedtuple compiles that text for every type, which is most of its cost (a score of
    types on every roll).  Parameters differ only by their names, and a code object's
    names can be replaced without compiling: one code per field count serves every type.
    """
    template = _NEW_BY_COUNT.get(len(fields))
    if template is None:
        params = ", ".join(f"_{i}" for i in range(len(fields)))
        items = params + ("," if len(fields) == 1 else "")
        template = _NEW_BY_COUNT[len(fields)] = eval(
            f"lambda _cls, {params}: _tuple_new(_cls, ({items}))",
            {"_tuple_new": tuple.__new__, "__builtins__": {}})
    code = template.__code__.replace(co_varnames=("_cls", *fields), co_name="__new__",
                                     co_qualname=f"{name}.__new__")
    function = FunctionType(code, template.__globals__, "__new__", defaults or None)
    function.__qualname__ = f"{name}.__new__"
    function.__doc__ = f"Create new instance of {name}({', '.join(fields)}{',' if len(fields) == 1 else ''})"
    return function


def named_tuple(name: str, fields: str | Iterable[str], defaults: tuple[object, ...] = ()) -> type[tuple[Any, ...]]:
    """``collections.namedtuple(name, fields, defaults=defaults)``, made without compiling code.

    The same class: ``__new__`` with the same parameters and defaults, ``_fields``,
    ``_field_defaults``, ``_make``, ``_replace``, ``_asdict``, ``__repr__``,
    ``__getnewargs__``, ``__match_args__`` and field accessors (tests/rules/dice/test_dice_records.py
    compares the two).  Names are trusted: the types are written in this package.
    """
    fields = tuple(fields.replace(",", " ").split() if isinstance(fields, str) else fields)
    count = len(fields)
    if len(defaults) > count:
        raise TypeError("Got more default values than field names")
    tuple_new = tuple.__new__

    def _make(cls: Any, iterable: Iterable[object]) -> Any:
        result = tuple_new(cls, iterable)
        if len(result) != count:
            raise TypeError(f"Expected {count} arguments, got {len(result)}")
        return result

    def _replace(self: Any, /, **kwds: object) -> Any:
        result = self._make(map(kwds.pop, fields, self))
        if kwds:
            raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
        return result

    shown = "(" + ", ".join(f"{field}=%r" for field in fields) + ")"

    def __repr__(self: tuple[object, ...]) -> str:
        return self.__class__.__name__ + shown % self

    def _asdict(self: Any) -> dict[str, object]:
        return dict(zip(self._fields, self, strict=True))

    def __getnewargs__(self: Any) -> tuple[object, ...]:
        return tuple(self)

    for method in (_make, _replace, __repr__, _asdict, __getnewargs__):
        method.__qualname__ = f"{name}.{method.__name__}"
    namespace: dict[str, Any] = {
        "__doc__": f"{name}({', '.join(fields)}{',' if count == 1 else ''})",
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": dict(zip(fields[count - len(defaults):], defaults, strict=True)),
        "__new__": _new_function(name, fields, defaults),
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
    }
    for index, field in enumerate(fields):
        namespace[field] = _tuplegetter(index, f"Alias for field number {index}")
    made = type(name, (tuple,), namespace)
    # namedtuple names its caller's module; the record types are subclassed where they are named
    made.__module__ = __name__
    return made


def _record(
    name: str, fields: str | Iterable[str], defaults: tuple[object, ...] = ()
) -> type[tuple[Any, ...]]:
    """Make a named-tuple base class; subclass it with ``__slots__ = ()``."""
    base = named_tuple(name, fields, defaults)
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
