"""``datatype``: a dataclass made without the ``dataclasses`` module.

``@dataclass`` costs a one-shot command twice: importing ``dataclasses`` loads ``inspect``,
``ast``, ``dis`` and ``tokenize`` (about 9 ms, nearly a ``python -c pass``), and each class
it makes has its methods written as source text and compiled (about 0.5 ms a class on
Python 3.11 and 3.12, for the forty-odd state, sheet, effect and action classes of a fight).
``datatype`` reads the fields itself, from the class's annotations and defaults as
``@dataclass`` reads them, and adds methods built from closures over the field list.  They
behave as the generated ones: the same positional and keyword-only parameters, defaults and
factories, ``init=False`` fields, ``__post_init__``, equality and hashing over the compared
fields, the same ``repr``, ``__match_args__``, ``slots`` and the same ``FrozenInstanceError``;
``tests/rules/dice/test_datatypes.py`` compares both on each point.

:func:`field`, :func:`fields` and :func:`replace` are the ones to use with a datatype (the
type checker reads them, and ``datatype``, as the ``dataclasses`` originals, so it checks
fields, ``replace`` and frozenness exactly as for a dataclass).  A datatype still answers the
``dataclasses`` module itself (``dataclasses.fields``, ``replace``, ``asdict``, a
``dataclasses.field`` in its body): the module's own view of the fields is made the first time
someone asks for it, so only code that asks loads it.  Only ``frozen``, ``slots`` and
``kw_only`` are taken; anything else is refused rather than ignored, and so are ``ClassVar``,
``InitVar`` and ``KW_ONLY`` annotations, which no datatype needs.

:func:`replace` of a frozen datatype is a quicker copy: the new instance gets the old one's
field values with the changes and runs ``__post_init__``, as the class's own ``__init__``
would, without a keyword call.  A simulation copies its frozen encounter on every action, so
this is most of what a copy costs.

It is the one record idiom above the dice (tests/test_layers.py): the dice engine's own
nodes are :func:`rules.dice.records.record` named tuples, because a bare roll loads not even
this module.  It lives on the dice floor so that every layer may use it, and is reached as
``rules.dice.datatype``, loaded on first use.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING


class _Missing:
    """No default (``dataclasses.MISSING``): a field without one must be given."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


if TYPE_CHECKING:
    from dataclasses import MISSING
else:
    MISSING = _Missing()

__all__ = ["datatype", "field", "fields", "replace"]

if TYPE_CHECKING:
    from collections.abc import Callable
    from dataclasses import Field, field, fields, replace
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

    def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
              metadata=None, kw_only=MISSING):
        """``dataclasses.field`` for a datatype: the same parameters, the same meaning."""
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        return _Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)

    def fields(class_or_instance):
        """``dataclasses.fields``: the fields of a datatype class or instance, in order."""
        try:
            return class_or_instance.__datatype_fields__
        except AttributeError:
            raise TypeError("must be called with a datatype type or instance") from None

    def replace(obj, /, **changes):
        """``dataclasses.replace``: a copy of ``obj`` with ``changes``; quick for a frozen datatype."""
        copier = _COPIERS.get(obj.__class__)
        if copier is None:
            return _replace(obj, changes)
        return copier(obj, changes)

#: frozen datatype class -> its quick copy (see :func:`replace`)
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}

#: annotations a datatype refuses (``@dataclass`` gives them meanings no datatype uses)
_SPECIAL = frozenset({"ClassVar", "InitVar", "KW_ONLY"})


class _Field:
    """One field of a datatype, with the attributes of a ``dataclasses.Field``."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "metadata",
                 "kw_only")

    def __init__(self, default: Any, default_factory: Any, init: bool, repr: bool, hash: bool | None,
                 compare: bool, metadata: Any, kw_only: Any) -> None:
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r})"


def _standard(value: Any) -> bool:
    """Whether ``value`` is a ``dataclasses.field`` (told by its class, without the module)."""
    kind = type(value)
    return kind.__name__ == "Field" and kind.__module__ == "dataclasses"


def _is_field(value: Any) -> bool:
    return isinstance(value, _Field) or _standard(value)


def _as_field(value: Any) -> Any:
    """``value`` as a :class:`_Field`: itself, a ``dataclasses.field`` read over, or a plain default."""
    if isinstance(value, _Field):
        return value
    if _standard(value):
        def ours(v: Any) -> Any:
            return MISSING if type(v).__name__ == "_MISSING_TYPE" else v

        return _Field(ours(value.default), ours(value.default_factory), value.init, value.repr, value.hash,
                      value.compare, dict(value.metadata), ours(value.kw_only))
    return _Field(value, MISSING, True, True, None, True, None, MISSING)


def _read_fields(cls: type, kw_only: bool) -> Fields:
    """The fields of ``cls`` as ``@dataclass`` reads them: the bases' first (in reverse method
    resolution order), then the class's own annotations in order, an own one replacing a base's
    in its place.  Sets each field's class attribute to its default, as ``@dataclass`` does."""
    found: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__datatype_fields__", ()):
            found[f.name] = f
    own = cls.__dict__
    annotations = own.get("__annotations__", {})
    for name, value in own.items():
        if name not in annotations and _is_field(value):
            raise TypeError(f"{name!r} is a field but has no type annotation")
    for name, annotation in annotations.items():
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text.split("[", 1)[0].rsplit(".", 1)[-1] in _SPECIAL:
            raise TypeError(f"{cls.__qualname__}.{name}: a datatype takes no ClassVar, InitVar or KW_ONLY")
        given = own.get(name, MISSING)
        f = _as_field(given)  # no default at all: a field whose default is MISSING
        f.name, f.type = name, annotation
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if f.default is not MISSING and f.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use default_factory")
        if given is not MISSING and given is not f.default:
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        found[name] = f
    made = tuple(found.values())
    seen_default = False
    for f in made:
        if f.init and not f.kw_only:
            if f.default is not MISSING or f.default_factory is not MISSING:
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
    return made


def _make(cls: type, frozen: bool, slots: bool, kw_only: bool) -> type:
    if not vars(cls).get("__doc__"):
        # as @dataclass names a class without a docstring, but without inspect.signature
        cls.__doc__ = f"{cls.__name__}({', '.join(vars(cls).get('__annotations__', {}))})"
    fields = _read_fields(cls, kw_only)
    if slots:
        cls = _with_slots(cls, fields)
    own = vars(cls)
    methods: dict[str, Method | None] = {}
    if "__init__" not in own:
        methods["__init__"] = _init(cls, fields, frozen, slots)
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
        if "__init__" not in own and all(f.init for f in fields):
            # every field set by the __init__ made here
            _COPIERS[cls] = _copier(cls, fields, slots)
    elif "__hash__" not in own:
        methods["__hash__"] = None  # mutable and compared by value: unhashable, as a dataclass
    for name, method in methods.items():
        if method is not None:
            method.__name__ = name
            method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    cls.__datatype_fields__ = fields  # type: ignore[attr-defined]
    cls.__dataclass_fields__ = _STANDARD_VIEW  # type: ignore[attr-defined]
    if "__match_args__" not in own:
        cls.__match_args__ = tuple(f.name for f in fields if f.init and not f.kw_only)  # type: ignore[attr-defined,misc]
    return cls


def _with_slots(cls: type, fields: Fields) -> type:
    """``cls`` made again with a slot per field not slotted by a base, as ``@dataclass(slots=True)``."""
    inherited = {name for base in cls.__mro__[1:-1] for name in base.__dict__.get("__slots__", ())}
    space = dict(cls.__dict__)
    space["__slots__"] = tuple(f.name for f in fields if f.name not in inherited)
    for f in fields:
        space.pop(f.name, None)  # a default stays in __init__; as a class attribute it would hide the slot
    space.pop("__dict__", None)
    space.pop("__weakref__", None)
    made = type(cls)(cls.__name__, cls.__bases__, space)
    made.__qualname__ = cls.__qualname__
    return made


class _StandardView:
    """``__dataclass_fields__`` of every datatype: the ``dataclasses`` module's own Field objects
    for its fields, made (and kept on the class) the first time that module asks, so that
    ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on a datatype
    while no command that does not ask loads the module."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        space: dict[str, Any] = {"__annotations__": {}}
        for f in owner.__datatype_fields__:  # type: ignore[attr-defined]
            space["__annotations__"][f.name] = f.type
            given = {"init": f.init, "repr": f.repr, "hash": f.hash, "compare": f.compare, "metadata": f.metadata,
                     "kw_only": f.kw_only}
            if f.default is not MISSING:
                given["default"] = f.default
            if f.default_factory is not MISSING:
                given["default_factory"] = f.default_factory
            space[f.name] = dataclasses.field(**given)
        shadow: Any = dataclasses.dataclass(type(owner.__name__, (), space), init=False, repr=False, eq=False)
        view = dict(shadow.__dataclass_fields__)
        owner.__dataclass_fields__ = view  # type: ignore[attr-defined]
        return view


_STANDARD_VIEW = _StandardView()


def _replace(obj: Any, changes: dict[str, Any]) -> Any:
    """``dataclasses.replace`` for any datatype: every field not changed is the old one's."""
    for f in fields(obj):
        if not f.init:
            if f.name in changes:
                raise ValueError(f"field {f.name} is declared with init=False, it cannot be specified with replace()")
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _init(cls: type, fields: Fields, frozen: bool, slots: bool) -> Method:
    positional = tuple(f.name for f in fields if f.init and not f.kw_only)
    accepted = frozenset(f.name for f in fields if f.init)
    plan = tuple((f.name, f.init, f.default, f.default_factory) for f in fields)
    missing = MISSING
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
            compiled = _compiled_init(cls, fields, frozen, slots)
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


def _compiled_init(cls: type, fields: Fields, frozen: bool, slots: bool = False) -> Method:
    """The __init__ a dataclass would compile for ``fields``: the same parameters, defaults,
    factories and ``__post_init__``; what it raises for a bad call is Python's own TypeError.
    A frozen class with a ``__dict__`` gets its fields in one table rather than one
    ``object.__setattr__`` each (what a frozen dataclass does), a third of the cost: the small
    records of a simulated fight (damage, health changes, moves) are made thousands of times."""
    missing = MISSING
    space: dict[str, Any] = {"_set": object.__setattr__ if frozen else setattr, "_NOTHING": _NOTHING}
    positional: list[str] = []
    keywords: list[str] = []
    body: list[str] = []
    values: list[tuple[str, str]] = []  # (field, the expression of its value)
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
            values.append((f.name, f.name))
        elif f.default_factory is not missing:
            space[f"_f{i}"] = f.default_factory
            values.append((f.name, f"_f{i}()"))
        elif f.default is not missing:
            space[f"_d{i}"] = f.default
            values.append((f.name, f"_d{i}"))
    if frozen and not slots:
        table = ", ".join(f"{name!r}: {value}" for name, value in values)
        body.append(f"    _set(self, '__dict__', {{{table}}})")
    else:
        body.extend(f"    _set(self, {name!r}, {value})" for name, value in values)
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
            return _replace(obj, changes)
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


def _frozen(message: str) -> Exception:
    """``dataclasses.FrozenInstanceError``, the error a frozen dataclass raises (loaded only now)."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


def _frozen_setattr(cls: type, names: frozenset[str]) -> Method:
    def __setattr__(self: Any, name: str, value: object) -> None:
        if self.__class__ is cls or name in names:
            raise _frozen(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]  # mypy reads a variable class as an instance

    return __setattr__


def _frozen_delattr(cls: type, names: frozenset[str]) -> Method:
    def __delattr__(self: Any, name: str) -> None:
        if self.__class__ is cls or name in names:
            raise _frozen(f"cannot delete field {name!r}")
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
