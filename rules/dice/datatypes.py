"""``datatype``: a dataclass whose methods are made without compiling code.

On Python 3.11 and 3.12, ``@dataclass`` writes each class's ``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` as
source text and compiles it: about 0.5 ms a class, which the thirty-odd state,
sheet, effect and action classes of a fight pay on every one-shot command
(some 20 ms, more than a whole ``python -c pass``).  ``datatype`` lets the
standard ``dataclass`` read the fields (so ``fields``, ``replace`` and
``asdict`` work as usual) but asks it for no method, then adds methods built
from closures over the field list.  They behave as the generated ones: the
same positional and keyword-only parameters, defaults and factories,
``__post_init__``, equality and hashing over the compared fields, the same
``repr`` and the same ``FrozenInstanceError``; ``tests/rules/dice/test_datatypes.py``
compares both on each point.  Making an instance costs about a microsecond
more, which no command notices.

The type checker reads ``datatype`` as ``dataclasses.dataclass`` itself, so it
checks fields, ``replace`` and frozenness exactly as for a dataclass.  Only
``frozen``, ``slots`` and ``kw_only`` are taken; anything else is refused
rather than ignored.

:func:`replace` is ``dataclasses.replace`` for every class, and for a frozen
datatype a quicker copy: the new instance gets the old one's field values with
the changes and runs ``__post_init__``, as the class's own ``__init__`` would,
without going through the generic field walk and a keyword call.  A simulation
copies its frozen encounter on every action, so this is most of what a copy costs.

It is the one record idiom above the dice (tests/test_layers.py): the dice engine's
own nodes are :func:`rules.dice.records.record` named tuples, because a bare roll
loads neither ``dataclasses`` nor ``inspect``.  It lives on the dice floor so that
every layer may use it, and is reached as ``rules.dice.datatype``, loaded on first use.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import TYPE_CHECKING

__all__ = ["datatype", "replace"]

if TYPE_CHECKING:
    from collections.abc import Callable
    from dataclasses import Field, replace
    from dataclasses import dataclass as datatype
    from typing import Any

    Fields = tuple[Field[Any], ...]
    Method = Callable[..., Any]
else:
    def datatype(cls=None, /, *, frozen: bool = False, slots: bool = False, kw_only: bool = False, **other):
        """``@datatype`` / ``@datatype(frozen=True, slots=True, kw_only=True)``: see the module's text."""
        if other:
            raise TypeError(f"datatype() takes frozen, slots and kw_only only, not {', '.join(sorted(other))}")

        def wrap(cls):
            return _make(cls, frozen, slots, kw_only)

        return wrap if cls is None else wrap(cls)

    def replace(obj, /, **changes):
        """``dataclasses.replace``: a copy of ``obj`` with ``changes``; quick for a frozen datatype."""
        copier = _COPIERS.get(obj.__class__)
        if copier is None:
            return dataclasses.replace(obj, **changes)
        return copier(obj, changes)

#: frozen datatype class -> its quick copy (see :func:`replace`)
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def _make(cls: type, frozen: bool, slots: bool, kw_only: bool) -> type:
    if not vars(cls).get("__doc__"):
        # dataclass writes a class without a docstring one from inspect.signature, which parses
        # the text of object.__init__'s signature with ast: milliseconds on every command
        cls.__doc__ = f"{cls.__name__}({', '.join(vars(cls).get('__annotations__', {}))})"
    # init/repr/eq off and frozen left to us: the standard dataclass then compiles nothing
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=slots, kw_only=kw_only)
    fields = dataclasses.fields(cls)
    own = vars(cls)
    methods: dict[str, Method | None] = {}
    if "__init__" not in own:
        methods["__init__"] = _init(cls, fields, frozen)
    if "__repr__" not in own:
        methods["__repr__"] = _repr(fields)
    if "__eq__" not in own:
        methods["__eq__"] = _eq(fields)
    if frozen:
        if own.get("__hash__") is None:
            methods["__hash__"] = _hash(fields)
        names = frozenset(f.name for f in fields)
        methods["__setattr__"] = _frozen_setattr(cls, names)
        methods["__delattr__"] = _frozen_delattr(cls, names)
        if slots:
            # copy and pickle restore a slotted instance through setattr, which is refused
            methods["__getstate__"] = _getstate(fields)
            methods["__setstate__"] = _setstate(fields)
        if "__init__" not in own and all(f.init for f in fields) \
                and len(fields) == len(cls.__dataclass_fields__):  # type: ignore[attr-defined]
            # every field set by the __init__ made here (no InitVar, no ClassVar, no init=False)
            _COPIERS[cls] = _copier(cls, fields, slots)
    elif "__hash__" not in own:
        methods["__hash__"] = None  # mutable and compared by value: unhashable, as a dataclass
    for name, method in methods.items():
        if method is not None:
            method.__name__ = name
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    return cls


def _init(cls: type, fields: Fields, frozen: bool) -> Method:
    positional = tuple(f.name for f in fields if f.init and not f.kw_only)
    accepted = frozenset(f.name for f in fields if f.init)
    plan = tuple((f.name, f.init, f.default, f.default_factory) for f in fields)
    missing = dataclasses.MISSING
    post_init = hasattr(cls, "__post_init__")
    setter = object.__setattr__ if frozen else setattr
    title = cls.__qualname__

    calls = 0

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == _COMPILE_AFTER and type(self) is cls and vars(cls).get("__init__") is __init__:
            # a class made this often is made in a loop (a simulation's thousands of fights):
            # from now on its instances get a compiled __init__, as a dataclass's, which
            # costs about a third of this one's per call
            compiled = _compiled_init(cls, fields, frozen)
            compiled.__qualname__ = __init__.__qualname__
            cls.__init__ = compiled  # type: ignore[method-assign]
            compiled(self, *args, **kwargs)
            return
        if args:
            if len(args) > len(positional):
                raise TypeError(f"{title}.__init__() takes {len(positional) + 1} positional arguments "
                                f"but {len(args) + 1} were given")
            for name, value in zip(positional, args, strict=False):
                if name in kwargs:
                    raise TypeError(f"{title}.__init__() got multiple values for argument {name!r}")
                kwargs[name] = value
        for name in kwargs:
            if name not in accepted:
                raise TypeError(f"{title}.__init__() got an unexpected keyword argument {name!r}")
        for name, init, default, factory in plan:
            if init and name in kwargs:
                value = kwargs[name]
            elif factory is not missing:
                value = factory()
            elif default is not missing:
                value = default
            elif init:
                raise TypeError(f"{title}.__init__() missing 1 required argument: {name!r}")
            else:
                continue  # init=False without a default: left unset, as a dataclass does
            setter(self, name, value)
        if post_init:
            self.__post_init__()  # type: ignore[attr-defined]  # hasattr above

    return __init__


#: a class's instances made with the closure __init__ before its compiled one takes over
_COMPILE_AFTER = 200


def _compiled_init(cls: type, fields: Fields, frozen: bool) -> Method:
    """The __init__ a dataclass would compile for ``fields``: the same parameters, defaults,
    factories and ``__post_init__``; what it raises for a bad call is Python's own TypeError."""
    missing = dataclasses.MISSING
    space: dict[str, Any] = {"_set": object.__setattr__ if frozen else setattr, "_NOTHING": _NOTHING}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    for i, f in enumerate(fields):
        if f.init:
            if f.default_factory is not missing:
                space[f"_f{i}"] = f.default_factory
                param = f"{f.name}=_NOTHING"
                body.append(f"    if {f.name} is _NOTHING: {f.name} = _f{i}()")
            elif f.default is not missing:
                space[f"_d{i}"] = f.default
                param = f"{f.name}=_d{i}"
            else:
                param = f.name
            (keywords if f.kw_only else positional).append(param)
            body.append(f"    _set(self, {f.name!r}, {f.name})")
        elif f.default_factory is not missing:
            space[f"_f{i}"] = f.default_factory
            body.append(f"    _set(self, {f.name!r}, _f{i}())")
        elif f.default is not missing:
            space[f"_d{i}"] = f.default
            body.append(f"    _set(self, {f.name!r}, _d{i})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    params = ", ".join(["self", *positional, *(["*", *keywords] if keywords else [])])
    source = f"def __init__({params}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, space)  # the text is made above from the field names alone
    return space["__init__"]


class _Nothing:
    """The default of a parameter whose field has a factory: no caller can pass it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_NOTHING = _Nothing()


def _values(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """A function giving the tuple of the named attributes of an object."""
    if not names:
        return lambda obj: ()

    get = attrgetter(*names)
    if len(names) == 1:
        return lambda obj: (get(obj),)
    return get  # several names: attrgetter gives the tuple itself


def _copier(cls: type, fields: Fields, slots: bool) -> Callable[[Any, dict[str, Any]], Any]:
    """What ``replace`` does for a frozen datatype: what ``cls(**every field, **changes)`` does,
    without the call.  Changes naming no field go the standard way (and its error)."""
    names = tuple(f.name for f in fields)
    known = frozenset(names)
    count = len(names)
    values = _values(names)
    post_init = getattr(cls, "__post_init__", None)
    new = object.__new__
    put = object.__setattr__

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        if not known.issuperset(changes):
            return dataclasses.replace(obj, **changes)
        made: Any = new(cls)
        if slots:
            for name, value in zip(names, values(obj), strict=True):
                put(made, name, changes.get(name, value))
        else:
            state = obj.__dict__
            # the fields alone (all set by __init__) are copied whole; anything else kept on the
            # instance is left behind, as the class's own __init__ would
            state = state.copy() if len(state) == count else dict(zip(names, values(obj), strict=True))
            state.update(changes)
            put(made, "__dict__", state)
        if post_init is not None:
            post_init(made)
        return made

    return copy


def _repr(fields: Fields) -> Method:
    shown = tuple(f.name for f in fields if f.repr)

    # no guard against an instance holding itself: a frozen instance cannot
    def __repr__(self: object) -> str:
        return f"{self.__class__.__qualname__}(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in shown) + ")"

    return __repr__


def _eq(fields: Fields) -> Method:
    key = _values(tuple(f.name for f in fields if f.compare))

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(fields: Fields) -> Method:
    key = _values(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))

    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _frozen_setattr(cls: type, names: frozenset[str]) -> Method:
    def __setattr__(self: Any, name: str, value: object) -> None:
        if self.__class__ is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]  # mypy reads a variable class as an instance

    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Method:
    def __delattr__(self: Any, name: str) -> None:
        if self.__class__ is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]  # as above

    return __delattr__


def _getstate(fields: Fields) -> Method:
    key = _values(tuple(f.name for f in fields))

    def __getstate__(self: object) -> list[Any]:
        return list(key(self))

    return __getstate__


def _setstate(fields: Fields) -> Method:
    names = tuple(f.name for f in fields)

    def __setstate__(self: object, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)

    return __setstate__
