"""rules.dice.records.named_tuple makes the class collections.namedtuple makes, without compiling."""

from __future__ import annotations

import copy
import pickle
from collections import namedtuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice.records import named_tuple

SHAPES = [
    ("One", "value", ()),
    ("Two", "mode count", ()),
    ("Die", "sides face origin counter kept", ("rolled", None, True)),
    ("All", ["a", "b", "c"], (1, 2, 3)),
    ("Commas", "x, y", (0,)),
]


def twins(name, fields, defaults):
    return namedtuple(name, fields, defaults=defaults or None), named_tuple(name, fields, defaults)


def outcome(make, args, kwargs):
    try:
        return ("value", tuple(make(*args, **kwargs)), repr(make(*args, **kwargs)))
    except TypeError:
        return ("TypeError",)


@pytest.mark.parametrize(("name", "fields", "defaults"), SHAPES)
def test_the_class_has_namedtuples_parts(name, fields, defaults):
    std, ours = twins(name, fields, defaults)
    for attribute in ("_fields", "_field_defaults", "__match_args__", "__doc__", "__slots__", "__name__"):
        assert getattr(ours, attribute) == getattr(std, attribute), attribute
    assert ours.__bases__ == (tuple,)
    assert ours.__new__.__defaults__ == std.__new__.__defaults__
    assert ours.__new__.__doc__ == std.__new__.__doc__
    assert ours.__new__.__code__.co_varnames == std.__new__.__code__.co_varnames
    for index, field in enumerate(ours._fields):
        assert vars(ours)[field].__doc__ == vars(std)[field].__doc__ == f"Alias for field number {index}"


@pytest.mark.parametrize(("name", "fields", "defaults"), SHAPES)
@given(args=st.lists(st.integers(0, 9), max_size=6),
       keywords=st.dictionaries(st.sampled_from(["value", "mode", "count", "sides", "face", "kept", "a", "c", "x",
                                                 "nope"]), st.integers(0, 9), max_size=3))
def test_building_answers_as_namedtuple(name, fields, defaults, args, keywords):
    std, ours = twins(name, fields, defaults)
    assert outcome(ours, args, keywords) == outcome(std, args, keywords)


@pytest.mark.parametrize(("name", "fields", "defaults"), SHAPES)
def test_the_methods_answer_as_namedtuples(name, fields, defaults):
    std, ours = twins(name, fields, defaults)
    values = tuple(range(len(std._fields)))
    a, b = std(*values), ours(*values)
    assert repr(a) == repr(b) and a._asdict() == b._asdict() and a.__getnewargs__() == b.__getnewargs__()
    first = std._fields[0]
    assert tuple(a._replace(**{first: 7})) == tuple(b._replace(**{first: 7}))
    with pytest.raises(ValueError, match="unexpected field names"):
        b._replace(nope=1)
    assert tuple(ours._make(values)) == values
    with pytest.raises(TypeError, match=f"Expected {len(values)} arguments, got {len(values) + 1}"):
        ours._make((*values, 0))
    assert getattr(b, first) == 0 and type(b._replace()) is ours
    assert copy.deepcopy(b) == b


def test_a_record_type_pickles_and_keeps_its_own_equality():
    from rules.dice.ast import Keep, Num

    keep = Keep("h", 3)
    assert pickle.loads(pickle.dumps(keep)) == keep
    assert Num(1, 0) != (1, 0) and Num(1, 0) == Num(1, 0) and hash(Num(1, 0)) == hash((1, 0))


def test_more_defaults_than_fields_are_refused_as_by_namedtuple():
    with pytest.raises(TypeError, match="more default values"):
        named_tuple("Bad", "a", (1, 2))
