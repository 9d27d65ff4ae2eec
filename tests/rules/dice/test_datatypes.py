"""rules.dice.datatypes behaves as the standard dataclass it stands in for.

Each check builds the same class twice, with ``@dataclass`` and with
``@datatype``, and compares what they do: construction, defaults and
factories, keyword-only fields, ``__post_init__``, equality, hashing, repr,
frozenness, ``replace``/``fields``/``asdict``, copying and inheritance.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.datatypes import datatype


def twins(**options):
    """The same class made by @dataclass and by @datatype with ``options``."""

    def build(decorator):
        @decorator(**options)
        class Thing:
            """A test class."""

            name: str
            count: int = 0
            tags: tuple = ()
            notes: dict = field(default_factory=dict, hash=False)
            secret: str = field(default="", compare=False, repr=False)

        return Thing

    return build(dataclass), build(datatype)


def outcome(action):
    """What calling ``action`` gives: its value, or the type and text of its error."""
    try:
        return ("value", action())
    except Exception as e:  # noqa: BLE001 - any error is compared with its twin's
        return ("error", type(e).__name__, str(e).replace("Thing.__init__() ", "").replace("Thing() ", ""))


CALLS = [
    ((), {}),
    (("a",), {}),
    (("a", 2), {}),
    (("a", 2, ("x",), {"k": 1}, "s"), {}),
    (("a",), {"count": 3}),
    ((), {"name": "b", "secret": "t"}),
    (("a",), {"name": "b"}),
    (("a",), {"colour": "red"}),
    (("a", 1, (), {}, "", "extra"), {}),
]


@pytest.mark.parametrize("options", [{"frozen": True}, {"frozen": True, "slots": True}, {}, {"slots": True}])
@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_construction_matches_a_dataclass(options, args, kwargs):
    std, rec = twins(**options)
    made_std = outcome(lambda: std(*args, **dict(kwargs)))
    made_rec = outcome(lambda: rec(*args, **dict(kwargs)))
    assert made_std[0] == made_rec[0]
    if made_std[0] == "value":
        a, b = made_std[1], made_rec[1]
        assert repr(a) == repr(b)
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
        assert a.__match_args__ == b.__match_args__
    else:
        # the same kind of error; the standard messages vary between Python versions
        assert made_std[1] == made_rec[1] == "TypeError"


values = st.builds(lambda n, c, s: (n, c, s), st.text(max_size=3), st.integers(-2, 2), st.text(max_size=2))


@given(values, values)
def test_equality_and_hashing_match_a_dataclass(one, other):
    std, rec = twins(frozen=True)
    s1, s2 = std(one[0], one[1], secret=one[2]), std(other[0], other[1], secret=other[2])
    r1, r2 = rec(one[0], one[1], secret=one[2]), rec(other[0], other[1], secret=other[2])
    assert (s1 == s2) == (r1 == r2)
    assert (s1 != s2) == (r1 != r2)
    # a field left out of comparison is left out of the hash too
    assert (hash(r1) == hash(r2)) if r1 == r2 else True
    assert r1 != s1 and r1 != (one[0], one[1])


def test_a_mutable_datatype_is_unhashable_and_changeable_as_a_dataclass():
    std, rec = twins()
    assert std.__hash__ is None and rec.__hash__ is None
    thing = rec("a")
    thing.count = 5
    assert thing == rec("a", 5)


@pytest.mark.parametrize("slots", [False, True])
def test_a_frozen_datatype_refuses_changes_as_a_dataclass(slots):
    _, rec = twins(frozen=True, slots=slots)
    thing = rec("a")
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'count'"):
        thing.count = 1
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'name'"):
        del thing.name
    assert thing.count == 0


def test_each_instance_gets_its_own_factory_value():
    _, rec = twins(frozen=True)
    first, second = rec("a"), rec("b")
    assert first.notes == {} and first.notes is not second.notes


@pytest.mark.parametrize("slots", [False, True])
def test_replace_fields_and_copy_work_on_a_datatype(slots):
    _, rec = twins(frozen=True, slots=slots)
    thing = rec("a", 2, ("t",), {"k": 1}, "s")
    assert [f.name for f in dataclasses.fields(thing)] == ["name", "count", "tags", "notes", "secret"]
    changed = dataclasses.replace(thing, count=3)
    assert changed.count == 3 and changed.name == "a" and thing.count == 2
    # copy goes through __reduce_ex__ and restores the state as pickle would
    assert copy.copy(thing) == thing and copy.deepcopy(thing) == thing


REPLACES = [
    {},
    {"count": 3},
    {"name": "b", "tags": ("u",), "secret": "z"},
    {"notes": {"j": 2}},
    {"colour": "red"},
    {"count": -1},
]


@pytest.mark.parametrize("slots", [False, True])
@pytest.mark.parametrize("frozen", [False, True])
@pytest.mark.parametrize("changes", REPLACES)
def test_the_quick_replace_matches_dataclasses_replace(slots, frozen, changes):
    """rules.dice.datatypes.replace gives what dataclasses.replace gives on the same class: the same
    fields, the same __post_init__ checks and normalization, the same error for an unknown field."""
    from rules.dice.datatypes import replace

    def build(decorator):
        @decorator(frozen=frozen, slots=slots)
        class Thing:
            """A test class."""

            name: str
            count: int = 0
            tags: tuple = ()
            notes: dict = field(default_factory=dict, hash=False)
            secret: str = field(default="", compare=False, repr=False)

            def __post_init__(self):
                if self.count < 0:
                    raise ValueError(f"count {self.count} below zero")
                object.__setattr__(self, "tags", tuple(self.tags))

        return Thing

    std, rec = build(dataclass), build(datatype)

    def made(cls, how):
        def action():
            out = how(cls("a", 2, ["t"], {"k": 1}, "s"), **changes)
            return (type(out) is cls, [(f.name, getattr(out, f.name)) for f in dataclasses.fields(out)])

        return outcome(action)

    expected = made(std, dataclasses.replace)
    assert made(rec, replace) == expected
    assert made(rec, dataclasses.replace) == expected
    thing = rec("a", 2)
    if "count" in changes and changes["count"] >= 0:
        assert replace(thing, **changes) is not thing and thing.count == 2


def test_keyword_only_fields_and_post_init_as_a_dataclass():
    seen = []

    def build(decorator):
        @decorator(frozen=True, kw_only=True)
        class Base:
            key: str
            size: int = 1

            def __post_init__(self) -> None:
                seen.append(self.key)
                if self.size < 0:
                    raise ValueError("size must not be negative")

        @decorator(frozen=True, kw_only=True)
        class Child(Base):
            extra: str = "x"
            made: list = field(default_factory=list, init=False)

        return Child

    std, rec = build(dataclass), build(datatype)
    for cls in (std, rec):
        child = cls(key="k", extra="e")
        assert (child.key, child.size, child.extra, child.made) == ("k", 1, "e", [])
        with pytest.raises(TypeError):
            cls("k")
        with pytest.raises(TypeError):
            cls(key="k", made=[1])
        with pytest.raises(ValueError, match="negative"):
            cls(key="k", size=-1)
    assert seen == ["k", "k", "k", "k"]
    assert repr(std(key="k")) == repr(rec(key="k"))


def test_a_class_keeps_the_methods_it_writes_itself():
    @datatype(frozen=True)
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Named) and other.name.lower() == self.name.lower()

        def __hash__(self) -> int:
            return hash(self.name.lower())

    assert repr(Named("A")) == "<A>"
    assert Named("A") == Named("a") and hash(Named("A")) == hash(Named("a"))


def test_options_a_datatype_does_not_take_are_refused():
    with pytest.raises(TypeError, match="order"):
        datatype(order=True)


def test_a_datatype_without_a_docstring_is_named_by_its_fields_without_inspecting_a_signature(monkeypatch):
    import inspect

    def refuse(*args, **kwargs):
        raise AssertionError("inspect.signature was asked")

    monkeypatch.setattr(inspect, "signature", refuse)

    @datatype(frozen=True)
    class Plain:
        a: int
        b: str = ""

    assert Plain.__doc__ == "Plain(a, b)" and Plain(1) == Plain(1, "")


@pytest.mark.parametrize("slots", [False, True])
@pytest.mark.parametrize("frozen", [False, True])
def test_a_class_made_often_gets_a_compiled_init_that_behaves_alike(frozen, slots):
    """After many instances (a simulation's loop) a datatype's __init__ is compiled, as a dataclass's:
    the same parameters, defaults, factories, keyword-only fields, init=False fields and __post_init__."""
    from rules.dice import datatypes

    made = []

    def build(decorator):
        @decorator(frozen=frozen, slots=slots)
        class Thing:
            """A test class."""

            name: str
            count: int = 2
            notes: dict = field(default_factory=dict)
            later: list = field(default_factory=list, init=False)
            label: str = field(default="x", kw_only=True)

            def __post_init__(self):
                made.append((self.name, self.count, self.label))

        return Thing

    plain, ours = build(dataclass), build(datatype)
    closure = vars(ours)["__init__"]
    for i in range(datatypes._COMPILE_AFTER + 5):
        ours(f"n{i}")
    assert vars(ours)["__init__"] is not closure  # compiled now
    for args, kwargs in (((("a",)), {}), (("b", 5), {"label": "y"}), ((), {"name": "c", "notes": {"k": 1}})):
        a, b = plain(*args, **kwargs), ours(*args, **kwargs)
        assert dataclasses.asdict(a) == dataclasses.asdict(b) and repr(a) == repr(b)
    one, two = ours("d"), ours("e")
    assert one.notes is not two.notes and one.later == [] and one.later is not two.later
    assert made[-1] == ("e", 2, "x")
    if not slots:  # the compiled __init__ fills the same table of fields as the dataclass's
        assert vars(ours("g", 3, label="z")) == vars(plain("g", 3, label="z"))
    with pytest.raises(TypeError):
        ours()
    with pytest.raises(TypeError):
        ours("f", 1, {}, "too many")
    if frozen:
        with pytest.raises(FrozenInstanceError):
            one.name = "z"


def test_making_datatypes_loads_no_dataclasses_module():
    """The state, sheet, effect and action classes of a fight are made without ``dataclasses`` (and
    the ``inspect``, ``ast`` and ``dis`` it loads): a real process that loads them all."""
    import subprocess
    import sys

    code = ("import sys; import rules.core.state, rules.core.sheet, rules.core.effects, rules.core.actions, "
            "rules.core.outcome, rules.simulate; "
            "print(sorted({'dataclasses', 'inspect', 'ast'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def bad_class(decorator, body):
    """What making the class ``body`` (a function of ``field``) with ``decorator`` raises."""
    try:
        decorator(frozen=True)(body(field))
    except Exception as e:  # noqa: BLE001 - compared with the dataclass's
        return type(e).__name__
    return None


def _unannotated(f):
    class Thing:
        name: str
        size = f(default=1)

    return Thing


def _mutable(f):
    class Thing:
        items: list = []  # noqa: RUF012 - the mistake under test

    return Thing


def _order(f):
    class Thing:
        size: int = 1
        name: str

    return Thing


def _both(f):
    class Thing:
        size: int = f(default=1, default_factory=int)

    return Thing


@pytest.mark.parametrize("body", [_unannotated, _mutable, _order, _both])
def test_a_badly_declared_datatype_is_refused_as_a_dataclass(body):
    expected = bad_class(dataclass, body)
    assert expected is not None
    assert bad_class(datatype, body) == expected


def test_a_classvar_is_refused_rather_than_read_as_a_field():
    with pytest.raises(TypeError, match="ClassVar"):
        @datatype(frozen=True)
        class Counted:
            total: ClassVar[int] = 0  # noqa: F821 - a string annotation, never evaluated


def test_the_own_field_fields_and_replace_work_with_inheritance_and_slots():
    from rules.dice.datatypes import field as own_field
    from rules.dice.datatypes import fields as own_fields
    from rules.dice.datatypes import replace

    @datatype(frozen=True, slots=True)
    class Base:
        key: str
        size: int = 1

    @datatype(frozen=True, slots=True)
    class Child(Base):
        tags: dict = own_field(default_factory=dict, compare=False)
        size: int = 2

    child = Child("k")
    assert [f.name for f in own_fields(Child)] == ["key", "size", "tags"]
    assert [f.name for f in dataclasses.fields(child)] == ["key", "size", "tags"]
    assert (child.key, child.size, child.tags) == ("k", 2, {})
    assert not hasattr(child, "__dict__") and dataclasses.is_dataclass(child)
    assert replace(child, size=5) == Child("k", 5) and Child("k", tags={"a": 1}) == child
    assert dataclasses.asdict(child) == {"key": "k", "size": 2, "tags": {}}
    assert Child.__match_args__ == ("key", "size", "tags")
