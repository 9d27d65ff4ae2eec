"""Shared types of a character sheet: what a master may declare for a system.

A :class:`Sheet` is pure data plus pure functions.  It names the stats a
master types when adding a character (``тело=4``), the values the rules
compute from them, the resources that change during play, and the session
settings of the system.  Every name forgives case, ``ё``/``е`` and the
spaces, underscores and brackets people type inside abbreviations
(``ФЗ(D)``, ``фз d``, ``МЗ (Мана)``): they are compared the way every name
is, by :func:`rules.core.names.name_key`.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeGuard, TypeVar

from rules.core.names import closest, name_key
from rules.core.plain import fits
from rules.dice.datatypes import datatype, field
from rules.i18n import _, language

if TYPE_CHECKING:
    # A field declared without a kind holds whole numbers; the default lets
    # a checker infer Stat[int] for ``Stat(key=..., ru=...)`` as well.
    # typing_extensions is read by the checker only (it ships with it).
    from typing_extensions import TypeVar as DefaultedTypeVar

    V = DefaultedTypeVar("V", default=int)
else:
    V = TypeVar("V")

T = TypeVar("T")

#: a stored value: what the session file holds for a stat or setting
Value = int | str | bool

STAT = "stat"
RESOURCE = "resource"
SETTING = "setting"

# Words typed for yes/no.  "+"/"-" are included because forum sheets often
# mark a flag that way.
_TRUE = frozenset({"true", "yes", "y", "on", "1", "+", "да", "д", "вкл", "истина"})
_FALSE = frozenset({"false", "no", "n", "off", "0", "-", "нет", "н", "выкл", "ложь"})

_INT_TEXT = re.compile(r"[+-]?\d+")
_SPACES = re.compile(r"\s+")


def value_form(text: str) -> str:
    """The form choice values are compared in; keeps ``+`` and ``-``."""
    text = text.replace("\u2212", "-").replace("\u2013", "-")
    return _SPACES.sub(" ", text.strip().casefold().replace("ё", "е"))


class UnknownStat(ValueError):
    """A stat (or resource, or setting) name that matches nothing.

    ``suggestions`` are display names such as ``"тело (body)"``, best first.
    """

    def __init__(
        self,
        name: str,
        suggestions: Iterable[str] = (),
        *,
        system: str = "",
        what: str = STAT,
        known: Iterable[str] = (),
    ) -> None:
        self.name = name
        self.suggestions = tuple(suggestions)
        self.system = system
        self.what = what
        if system:
            message = _('unknown {what} "{name}" for {system}').format(what=_(what), name=name, system=system)
        else:
            message = _('unknown {what} "{name}"').format(what=_(what), name=name)
        if self.suggestions:
            message = _("{message}; did you mean: {names}?").format(message=message,
                                                                    names=", ".join(self.suggestions))
        else:
            known = tuple(known)
            if known:
                message = _("{message}; known: {names}").format(message=message, names=", ".join(known))
        super().__init__(message)


class MissingStat(ValueError):
    """A value the rules need was neither typed nor has a default."""

    def __init__(self, system: str, labels: Iterable[str]) -> None:
        self.labels = tuple(labels)
        super().__init__(_("{system}: no value for {labels}").format(system=system, labels=", ".join(self.labels)))


@datatype(frozen=True, slots=True)
class Choice:
    """One allowed value of a choice stat: the stored value and other spellings."""

    value: str
    names: tuple[str, ...] = ()

    def spellings(self) -> tuple[str, ...]:
        return (self.value, *self.names)


class Kind(ABC, Generic[T]):
    """What a field holds: the type of its values, how typed text becomes
    one, and what makes a stored value wrong.

    The four kinds are the module constants :data:`WHOLE`, :data:`CHOICE`,
    :data:`FLAG` and :data:`DICE`; a field's kind fixes the type its values
    have when a formula reads them (see :class:`Values`).
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"

    @abstractmethod
    def holds(self, value: object) -> TypeGuard[T]:
        """Whether ``value`` is of this kind (whatever the field's limits)."""

    @abstractmethod
    def parse(self, f: Field[T], text: str) -> T:
        """Typed text -> a value; ValueError naming the field otherwise."""

    @abstractmethod
    def problem(self, f: Field[T], value: object) -> str | None:
        """Why ``value`` is not a valid value of ``f``, or None."""

    @abstractmethod
    def range_text(self, f: Field[T]) -> str:
        """The valid values of ``f``, said for people."""


class _Whole(Kind[int]):
    __slots__ = ()

    def holds(self, value: object) -> TypeGuard[int]:
        # True is an int to Python, never a number to a master
        return isinstance(value, int) and not isinstance(value, bool)

    def parse(self, f: Field[int], text: str) -> int:
        cleaned = text.strip().replace("\u2212", "-")
        if not _INT_TEXT.fullmatch(cleaned):
            raise ValueError(_("{label}: expected a whole number, got \"{text}\"").format(label=f.label, text=text))
        if len(cleaned.lstrip("+-").lstrip("0")) > 19:  # before int(): Python refuses very long ones itself
            raise ValueError(_("{label}: {text} is too large a number").format(label=f.label, text=text))
        return int(cleaned)

    def problem(self, f: Field[int], value: object) -> str | None:
        if not self.holds(value):
            return _("must be a whole number, got {value!r}").format(value=value)
        if not fits(value):
            return _("{value} is too large a number").format(value=value)
        if (f.minimum is not None and value < f.minimum) or (
            f.maximum is not None and value > f.maximum
        ):
            return _("must be {allowed}, got {value}").format(allowed=f.range_text(), value=value)
        return None

    def range_text(self, f: Field[int]) -> str:
        if f.minimum is not None and f.maximum is not None:
            return f"{f.minimum}..{f.maximum}"
        if f.minimum is not None:
            return _("at least {n}").format(n=f.minimum)
        if f.maximum is not None:
            return _("at most {n}").format(n=f.maximum)
        return _("a whole number")


class _Choice(Kind[str]):
    __slots__ = ()

    def holds(self, value: object) -> TypeGuard[str]:
        return isinstance(value, str)

    def parse(self, f: Field[str], text: str) -> str:
        wanted = value_form(text)
        for choice in f.choices:
            if wanted in {value_form(s) for s in choice.spellings()}:
                return choice.value
        raise ValueError(_('{label}: expected {allowed}; got "{text}"').format(
            label=f.label, allowed=f.range_text(), text=text))

    def problem(self, f: Field[str], value: object) -> str | None:
        if not isinstance(value, str):
            return _("must be text; got {value!r}").format(value=value)
        if value not in {c.value for c in f.choices}:
            return _("must be {allowed}; got {value!r}").format(allowed=f.range_text(), value=value)
        return None

    def range_text(self, f: Field[str]) -> str:
        return _("one of: {choices}").format(choices=", ".join(c.value for c in f.choices))


class _Flag(Kind[bool]):
    __slots__ = ()

    def holds(self, value: object) -> TypeGuard[bool]:
        return isinstance(value, bool)

    def parse(self, f: Field[bool], text: str) -> bool:
        wanted = value_form(text)
        if wanted in _TRUE:
            return True
        if wanted in _FALSE:
            return False
        raise ValueError(_("{label}: expected yes/no (true/false, да/нет), got \"{text}\"").format(
            label=f.label, text=text))

    def problem(self, f: Field[bool], value: object) -> str | None:
        if not isinstance(value, bool):
            return _("must be true or false, got {value!r}").format(value=value)
        return None

    def range_text(self, f: Field[bool]) -> str:
        return _("true or false")


class _Dice(Kind[str]):
    """Dice text such as a weapon's ``1d8``; the field's ``reads`` (the system's
    reader, built on the dice engine) says which shapes its system can roll."""

    __slots__ = ()

    def holds(self, value: object) -> TypeGuard[str]:
        return isinstance(value, str)

    def parse(self, f: Field[str], text: str) -> str:
        if not text.strip():
            raise ValueError(_("{label}: expected {allowed}").format(label=f.label, allowed=f.range_text()))
        return text.strip()

    def problem(self, f: Field[str], value: object) -> str | None:
        if not isinstance(value, str):
            return _("must be text; got {value!r}").format(value=value)
        if f.reads is not None:
            try:
                f.reads(value)
            except ValueError:
                return _("must be {allowed}; got {value!r}").format(allowed=f.range_text(), value=value)
        return None

    def range_text(self, f: Field[str]) -> str:
        # a system's pattern text is marked with N_ in its own catalog
        return _(f.pattern_text) if f.pattern_text else _("dice text")


#: a whole number, within the field's minimum and maximum if it has them
WHOLE: Kind[int] = _Whole("whole number")
#: one of the field's choices, stored as the choice's value
CHOICE: Kind[str] = _Choice("choice")
#: yes or no
FLAG: Kind[bool] = _Flag("flag")
#: dice text of the shape the field's pattern allows
DICE: Kind[str] = _Dice("dice")


@datatype(frozen=True, kw_only=True)
class Field(Generic[V]):
    """A named, typed value: the common part of stats, derived values,
    resources and settings.  ``Field[int]`` holds whole numbers."""

    key: str
    ru: tuple[str, ...]
    en: tuple[str, ...] = ()
    # WHOLE fits V's default (int), which a checker cannot tie to this default
    kind: Kind[V] = WHOLE  # type: ignore[assignment]
    default: V | None = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    description: str = ""
    rule: str = ""
    #: for dice text: the system's reader (raises ValueError for a shape it cannot
    #: roll; one dice-text parser: it reads through rules.dice), and how to say
    #: the shape to people ("dice such as 1d8 or 2d6+1")
    reads: Callable[[str], object] | None = field(default=None, compare=False, repr=False)
    pattern_text: str = ""

    def __post_init__(self) -> None:
        if self.kind is CHOICE and not self.choices:
            raise ValueError(_("{key}: a choice needs its choices").format(key=self.key))
        if self.kind is DICE and self.reads is None:
            raise ValueError(_("{key}: dice text needs the reader of the shapes its system can roll").format(
                key=self.key))

    @property
    def names(self) -> tuple[str, ...]:
        return (self.key, *self.ru, *self.en)

    @property
    def label(self) -> str:
        return f"{self.ru[0]} ({self.key})" if self.ru else self.key

    def range_text(self) -> str:
        return self.kind.range_text(self)

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not a valid value of this field, or None."""
        return self.kind.problem(self, value)

    def parse(self, text: str) -> V:
        """Typed text -> value; ValueError that names the field otherwise."""
        value = self.kind.parse(self, text)
        trouble = self.problem(value)
        if trouble is not None:
            raise ValueError(_("{label}: {trouble}").format(label=self.label, trouble=trouble))
        return value


@datatype(frozen=True, kw_only=True)
class Stat(Field[V]):
    """A value the master types.  ``required`` stats have no default."""

    required: bool = False


@datatype(frozen=True, kw_only=True)
class Derived(Field[int]):
    """A whole number computed from stats.  ``compute`` reads the stats,
    defaults filled in, by field; ``formula`` says the same for people."""

    formula: str = ""
    compute: Callable[[Values], int] = field(repr=False)


@datatype(frozen=True, kw_only=True)
class Resource(Field[int]):
    """A current value kept in the session (HP now, fatigue now).

    ``start`` is a fixed number or the key of a whole-number stat or
    derived value; ``cap`` names the one it may not exceed, if any.
    """

    start: int | str = 0
    cap: str | None = None


@datatype(frozen=True, kw_only=True)
class Setting(Field[V]):
    """A choosable system option stored with the session; it has a default."""


class Values:
    """One character's stats as formulas and creation rules read them.

    Reading is by field, so the kind of the field gives the type of the
    value: ``v[BODY]`` is an ``int`` when ``BODY`` is a whole-number stat,
    and a system's arithmetic needs no casts.  Every stat is present, its
    default filled in; a stored value of the wrong kind raises ValueError.
    """

    __slots__ = ("_system", "_values")

    def __init__(self, system: str, values: Mapping[str, object]) -> None:
        self._system = system
        self._values = values

    def __getitem__(self, f: Field[T]) -> T:
        """The value; :class:`MissingStat` naming the stat when it has none."""
        value = self.get(f)
        if value is None:
            raise MissingStat(self._system, [f.label])
        return value

    def has(self, f: Field[Any]) -> bool:
        """Whether the stat has a value or a default."""
        return self._values[f.key] is not None

    def get(self, f: Field[T]) -> T | None:
        """The value, or None for a stat without a value or default."""
        value = self._values[f.key]
        if value is None:
            return None
        if not f.kind.holds(value):
            raise ValueError(f"{f.label}: {f.problem(value)}")
        return value


# A creation rule looks at the stats with defaults filled in and yields
# messages that start with the rule ID.
CreationRule = Callable[[Values], Iterable[str]]


class _Names:
    """Lookup of one namespace (stats, resources or settings) by any name."""

    __slots__ = ("system", "title", "what", "keys", "shown", "order", "russian")

    def __init__(self, system: str, what: str, fields: Iterable[Field[Any]], title: str = "") -> None:
        self.system = system
        #: the system's name for a Russian reader (the sheet's title)
        self.title = title or system
        self.what = what
        self.keys: dict[str, str] = {}
        self.shown: dict[str, str] = {}
        self.order: list[str] = []
        #: key -> its first Russian name, for a Russian reader's list of the known names
        self.russian: dict[str, str] = {}
        for f in fields:
            self.order.append(f.key)
            if f.ru:
                self.russian[f.key] = f.ru[0]
            for name in f.names:
                form = name_key(name)
                owner = self.keys.setdefault(form, f.key)
                if owner != f.key:
                    raise ValueError(
                        _("{system}: {what} name {name!r} is claimed by both {owner} and {key}").format(
                            system=system, what=what, name=name, owner=owner, key=f.key)
                    )
                self.shown.setdefault(form, name if name == f.key else f"{name} ({f.key})")

    def resolve(self, name: str) -> str:
        form = name_key(name)
        key = self.keys.get(form)
        if key is not None:
            return key
        russian = language() == "ru"
        raise UnknownStat(
            name,
            self.suggest(form),
            system=self.title if russian else self.system,
            what=self.what,
            known=[self.russian.get(key, key) for key in self.order] if russian else self.order,
        )

    def suggest(self, form: str, limit: int = 3) -> tuple[str, ...]:
        matches = closest(form, self.keys, limit * 4)
        picked: dict[str, str] = {}
        for match in matches:
            picked.setdefault(self.keys[match], self.shown[match])
        return tuple(picked.values())[:limit]


#: how many combatants' derived values a sheet keeps (then it forgets them all)
_DERIVED_KEPT = 512


@datatype(frozen=True, kw_only=True)
class Sheet:
    """Everything a master may declare for one system.

    Stats are typed by the master; derived values follow from them, but a
    derived value the master types explicitly among the stats replaces the
    formula (house rules: ``ОЗ=15`` for a terra hero of a higher health
    level).  Resources start from a derived maximum or a fixed start.
    """

    system: str
    title: str
    stats: tuple[Stat[Any], ...]
    derived: tuple[Derived, ...] = ()
    resources: tuple[Resource, ...] = ()
    settings: tuple[Setting[Any], ...] = ()
    creation_rules: tuple[CreationRule, ...] = field(default=(), repr=False)
    _stat_names: _Names = field(init=False, repr=False, compare=False, hash=False)
    _resource_names: _Names = field(init=False, repr=False, compare=False, hash=False)
    _setting_names: _Names = field(init=False, repr=False, compare=False, hash=False)
    _fields: dict[str, Field[Any]] = field(init=False, repr=False, compare=False, hash=False)
    #: frozen stats (by identity) -> their derived values: a fight asks for the same
    #: combatant's derived values at every hit, and a simulation thousands of times
    _derived: dict[int, tuple[Mapping[str, object], dict[str, int]]] = field(
        init=False, repr=False, compare=False, hash=False)
    #: (what, id of frozen stats) -> (the stats, every value / the maximums / the start values)
    _kept: dict[tuple[str, int], tuple[Mapping[str, object], dict[str, Any]]] = field(
        init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        declared = (*self.stats, *self.derived)
        set_ = object.__setattr__
        set_(self, "_derived", {})
        set_(self, "_kept", {})
        set_(self, "_stat_names", _Names(self.system, STAT, declared, self.title))
        set_(self, "_resource_names", _Names(self.system, RESOURCE, self.resources, self.title))
        set_(self, "_setting_names", _Names(self.system, SETTING, self.settings, self.title))
        set_(self, "_fields", {f.key: f for f in declared})
        for res in self.resources:
            for ref in (res.start, res.cap):
                if not isinstance(ref, str):
                    continue
                if ref not in self._fields:
                    raise ValueError(_("{system}: resource {key} refers to unknown {ref}").format(
                        system=self.system, key=res.key, ref=ref))
                if self._fields[ref].kind is not WHOLE:
                    raise ValueError(_("{system}: resource {key} refers to {ref}, which is not a whole number").format(
                        system=self.system, key=res.key, ref=ref))
        for s in self.settings:
            if s.default is None:
                raise ValueError(_("{system}: setting {key} needs a default").format(system=self.system, key=s.key))

    # -- names -----------------------------------------------------------

    def resolve(self, name: str) -> str:
        """Key of the stat or derived value called ``name`` (any spelling).

        Raises :class:`UnknownStat` with close spellings as suggestions.
        """
        return self._stat_names.resolve(name)

    def resolve_resource(self, name: str) -> str:
        """Key of a resource: ``ОЗ`` here is current HP, not its maximum."""
        return self._resource_names.resolve(name)

    def resolve_setting(self, name: str) -> str:
        return self._setting_names.resolve(name)

    def label(self, key: str) -> str:
        return self._fields[key].label

    def choice(self, key: str, value: object) -> Choice | None:
        """The choice ``value`` is of stat ``key`` (with its other spellings), or None."""
        field = self._fields.get(key)
        return next((c for c in field.choices if c.value == value), None) if field is not None else None

    # -- values ------------------------------------------------------------

    def parse_value(self, key: str, text: str) -> Value:
        """Typed text -> the value of stat (or derived override) ``key``.

        ``key`` may be any spelling of the name.  Values outside the hard
        range raise ValueError; creation limits are left to
        :meth:`creation_problems`.
        """
        value: Value = self._fields[self.resolve(key)].parse(text)
        return value

    def parse_setting(self, key: str, text: str) -> Value:
        key = self.resolve_setting(key)
        value: Value = next(s for s in self.settings if s.key == key).parse(text)
        return value

    def with_defaults(self, stats: Mapping[str, object]) -> dict[str, object]:
        """Every stat's value: the given one, else its default (None if none).

        Stored values are taken as they are: :meth:`validate` judges them,
        and reading one by field (:class:`Values`) checks its kind.
        """
        return {s.key: stats.get(s.key, s.default) for s in self.stats}

    def values(self, stats: Mapping[str, object]) -> Values:
        """The stats, defaults filled in, for reading by field (``v[BODY]``)."""
        return Values(self.system, self.with_defaults(stats))

    def derive(self, stats: Mapping[str, object]) -> dict[str, int]:
        """Derived values; one present in ``stats`` overrides its formula.

        Raises :class:`MissingStat` when a formula needs a stat that has
        neither a value nor a default, ValueError when a value it reads is
        of the wrong kind.
        """
        frozen = type(stats) is MappingProxyType
        if frozen:
            known = self._derived.get(id(stats))
            if known is not None and known[0] is stats:
                return dict(known[1])
        values = self.values(stats)
        out = {
            d.key: self._whole(d, stats[d.key]) if d.key in stats else d.compute(values)
            for d in self.derived
        }
        if frozen:
            if len(self._derived) >= _DERIVED_KEPT:
                self._derived.clear()
            # the stats are held with their values, so their id is never reused meanwhile
            self._derived[id(stats)] = (stats, dict(out))
        return out

    def all_values(self, stats: Mapping[str, object]) -> dict[str, Any]:
        """Every stat (defaults filled in) and every derived value, in one table."""
        return self._keep("values", stats, self._all_values)

    def _all_values(self, stats: Mapping[str, object]) -> dict[str, object]:
        return {**self.with_defaults(stats), **self.derive(stats)}

    def _keep(self, what: str, stats: Mapping[str, object],
              compute: Callable[[Mapping[str, object]], dict[str, Any]]) -> dict[str, Any]:
        """``compute(stats)``, kept by the identity of frozen stats (a fresh copy each time):
        a fight reads the same combatant's values at every roll, a simulation thousands of times."""
        if type(stats) is not MappingProxyType:
            return compute(stats)
        key = (what, id(stats))
        known = self._kept.get(key)
        if known is None or known[0] is not stats:
            if len(self._kept) >= _DERIVED_KEPT:
                self._kept.clear()
            # the stats are held with their values, so their id is never reused meanwhile
            known = self._kept[key] = (stats, compute(stats))
        return dict(known[1])

    def _whole(self, f: Field[Any], value: object) -> int:
        if value is None:
            raise MissingStat(self.system, [f.label])
        if not WHOLE.holds(value):
            raise ValueError(f"{f.label}: {WHOLE.problem(f, value)}")
        return value

    def initial_resources(self, stats: Mapping[str, object]) -> dict[str, int]:
        """Start values of every resource (HP at its maximum, fatigue at 0...)."""
        return self._keep("start", stats, self._initial_resources)

    def _initial_resources(self, stats: Mapping[str, object]) -> dict[str, int]:
        values = self.all_values(stats)
        return {
            r.key: r.start
            if isinstance(r.start, int)
            else self._whole(self._fields[r.start], values[r.start])
            for r in self.resources
        }

    def resource_caps(self, stats: Mapping[str, object]) -> dict[str, int]:
        """The maximum of every resource that has one."""
        return self._keep("caps", stats, self._resource_caps)

    def _resource_caps(self, stats: Mapping[str, object]) -> dict[str, int]:
        values = self.all_values(stats)
        return {
            r.key: self._whole(self._fields[r.cap], values[r.cap])
            for r in self.resources
            if r.cap
        }

    # -- checks ------------------------------------------------------------

    def validate(self, stats: Mapping[str, object]) -> tuple[str, ...]:
        """Hard problems of stored stats: unknown keys, wrong kinds, values
        outside the range the mechanics can handle, missing required stats.
        Each message starts with the key.  House rules forced past
        :meth:`creation_problems` still pass here."""
        problems = [self._unknown_key(key) if f is None else f"{key}: {trouble}"
                    for key, f, trouble in self._value_problems(stats)]
        for s in self.stats:
            if s.required and s.key not in stats:
                problems.append(_("{key}: required ({label}), no value").format(key=s.key, label=s.label))
        return tuple(problems)

    def _value_problems(
        self, stats: Mapping[str, object]
    ) -> Iterator[tuple[str, Field[Any] | None, str | None]]:
        """(key, field or None if unknown, trouble) for every stored value that is wrong."""
        for key, value in stats.items():
            f = self._fields.get(key)
            if f is None:
                yield key, None, None
                continue
            trouble = f.problem(value)
            if trouble is not None:
                yield key, f, trouble

    def _unknown_key(self, key: str) -> str:
        try:
            meant = self.resolve(key)
        except UnknownStat as err:
            message = _("{key}: unknown stat for {system}").format(key=key, system=self.system)
            if err.suggestions:
                message = _("{message}; did you mean: {names}?").format(message=message,
                                                                        names=", ".join(err.suggestions))
            return message
        return _('{key}: not a stored key; write "{stored}"').format(key=key, stored=meant)

    def creation_problems(self, stats: Mapping[str, object]) -> tuple[str, ...]:
        """Rule violations of a new character, each starting with a rule ID.

        Covers the hard checks of :meth:`validate` for known keys (so one
        call is enough) plus the system's creation rules (DG-STAT-1 ...).
        A master may force the latter as a house rule; never the former.
        """
        problems = [self._unknown_key(key) if f is None else
                    _("{rule}: {label} {problem}").format(rule=f.rule, label=f.label, problem=trouble)
                    for key, f, trouble in self._value_problems(stats)]
        if problems:
            # creation rules read the values as numbers; a wrong kind
            # would only add noise
            return tuple(problems)
        values = self.values(stats)
        for s in self.stats:
            if s.required and not values.has(s):
                problems.append(_("{rule}: {label} is required").format(rule=s.rule, label=s.label))
        for rule in self.creation_rules:
            problems.extend(rule(values))
        return tuple(problems)

    # -- settings ----------------------------------------------------------

    def default_settings(self) -> dict[str, Value]:
        # every setting has a default (checked when the sheet is made)
        return {s.key: s.default for s in self.settings if s.default is not None}

    def validate_settings(self, settings: Mapping[str, object]) -> tuple[str, ...]:
        by_key = {s.key: s for s in self.settings}
        problems: list[str] = []
        for key, value in settings.items():
            s = by_key.get(key)
            if s is None:
                problems.append(_("{key}: unknown setting for {system}").format(key=key, system=self.system))
                continue
            trouble = s.problem(value)
            if trouble is not None:
                problems.append(f"{key}: {trouble}")
        return tuple(problems)
