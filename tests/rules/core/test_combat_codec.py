"""Encounter <-> session document: exact round trips, TOML-safe, clear errors."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st
from support.documents import containers as _containers

from rules.core.effects import CLOCK_MOMENTS, ENDS, STACKING, TICKS
from rules.core.errors import DocumentError
from rules.core.state import name_key
from rules.fight import (
    Combatant,
    Effect,
    Encounter,
    Fight,
    TurnState,
    encounter_from_doc,
    encounter_to_doc,
)

BASE = {"format": 1, "name": "склеп", "system": "dungeon", "created": "2026-11-29T13:00:00+00:00"}

CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
name_text = st.text(CYRILLIC + "abcXYZ -'0123456789", min_size=1, max_size=12).filter(
    lambda s: s.strip() != ""
)
keys = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
ints = st.integers(-(2**63), 2**63 - 1)


@st.composite
def effects(draw, name):
    tick = draw(st.sampled_from(TICKS))
    ticking = tick != "never"
    until = draw(st.sampled_from(ENDS))
    return Effect(
        name=name,
        tick=tick,
        damage=draw(st.integers(0, 50)) if ticking else 0,
        damage_dice=draw(st.sampled_from(["", "1d4", "2d6+1"])) if ticking else "",
        heal=draw(st.integers(0, 50)) if ticking else 0,
        modifiers=draw(st.dictionaries(keys, st.integers(-20, 20), max_size=3)),
        skip_turn=draw(st.booleans()),
        stacking=draw(st.sampled_from(STACKING)),
        stacks=draw(st.integers(1, 9)),
        until=until,
        until_round=draw(st.integers(1, 99)) if until in CLOCK_MOMENTS else 0,
        last_tick=draw(st.integers(0, 99)),
        note=draw(st.text(CYRILLIC + " ", max_size=10)),
    )


@st.composite
def combatants(draw, name):
    effect_names = draw(st.lists(name_text, max_size=3, unique_by=name_key))
    return Combatant(
        name=name,
        side=draw(st.sampled_from(["party", "enemy"])),
        hidden=draw(st.booleans()),
        status=draw(st.sampled_from(["ok", "unconscious", "dead"])),
        stats=draw(st.dictionaries(keys, st.one_of(ints, st.booleans(), name_text), max_size=4)),
        resources=draw(st.dictionaries(keys, ints, max_size=3)),
        effects=tuple(draw(effects(n)) for n in effect_names),
    )


data_values = st.one_of(st.integers(-5, 50), st.booleans(), name_text,
                        st.lists(name_text, max_size=3))


@st.composite
def fights(draw, names):
    order = tuple(draw(st.permutations(names))) if names else ()
    index = draw(st.integers(0, max(0, len(order) - 1)))
    turn = None
    if order and draw(st.booleans()):
        turn = TurnState(
            actor=order[index],
            actions=draw(st.integers(0, 3)),
            spent=draw(st.integers(0, 3)),
            used=tuple(draw(st.lists(st.sampled_from(["extra_action", "advantage", "rally"]),
                                     max_size=2, unique=True))),
            data=draw(st.dictionaries(keys, data_values, max_size=2)),
        )
    groups: tuple[tuple[str, ...], ...] = ()
    if len(order) >= 2 and draw(st.booleans()):
        groups = (order[:2],)
    delayed = tuple(TurnState(n, 2, 0) for n in order[index + 1:][:draw(st.integers(0, 2))])
    initiative = tuple(reversed(order)) if delayed else ()
    return Fight(
        round=draw(st.integers(1, 500)),
        order=order,
        index=index,
        turn=turn,
        groups=groups,
        delayed=delayed,
        initiative=initiative,
        stage=draw(st.sampled_from(["", "approach", "sync"])),
        data=draw(st.dictionaries(keys, data_values, max_size=3)),
    )


@st.composite
def encounters(draw):
    names = draw(st.lists(name_text, max_size=6, unique_by=name_key))
    roster = tuple(draw(combatants(n)) for n in names)
    fight = draw(st.one_of(st.none(), fights(names)))
    system = draw(st.sampled_from(["dungeon", "terra", "twilight", "skirmish"]))
    settings_ = draw(st.dictionaries(keys, st.one_of(st.integers(0, 9), st.booleans()), max_size=2))
    return Encounter(system, settings_, roster, fight)


def _ordered(value):
    """Nested key order made visible to ==, which ignores it for dicts."""
    if isinstance(value, dict):
        return [(k, _ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_ordered(v) for v in value]
    return value


@settings(max_examples=200, deadline=None)  # no timing: the machine may be busy
@given(encounters())
def test_codec_round_trip_over_generated_encounters(enc):
    doc = encounter_to_doc(enc, BASE)
    assert encounter_from_doc(doc) == enc
    again = encounter_to_doc(encounter_from_doc(doc), doc)
    assert _ordered(again) == _ordered(doc)


@settings(max_examples=100, deadline=None)
@given(encounters())
def test_codec_writes_only_toml_safe_values_and_survives_toml(enc):
    doc = encounter_to_doc(enc, BASE)
    text = tomli_w.dumps(doc)
    assert encounter_from_doc(tomllib.loads(text)) == enc
    assert tomllib.loads(text) == doc


@settings(deadline=None)
@given(encounters())
def test_codec_output_is_stable(enc):
    assert tomli_w.dumps(encounter_to_doc(enc, BASE)) == tomli_w.dumps(encounter_to_doc(enc, BASE))


EXAMPLE = '''
format = 1
name = "склеп"
system = "dungeon"
created = "2026-11-29T13:00:00+00:00"

[settings]

[commit]
commitment = "abc"
secret = "def"
counter = 7
revealed = false

[combatants."Викинг"]
side = "party"
hidden = false
status = "ok"

[combatants."Викинг".stats]
level = 1
body = 4

[combatants."Викинг".resources]
hp = 13

[[combatants."Викинг".effects]]
name = "bleeding"
tick = "turn_start"
damage = 2
stacking = "add"
stacks = 2
until = "turn_end"
until_round = 4
last_tick = 2

[combatants."Гоблин"]
side = "enemy"
hidden = true
status = "unconscious"
stats = {}
resources = {hp = 0}

[fight]
round = 2
order = ["Викинг", "Гоблин"]
index = 0

[fight.turn]
actor = "Викинг"
actions = 2
spent = 1
used = ["advantage"]

[fight.turn.data]
free_moves = 1

[fight.data]
damaged = ["Гоблин"]
'''


def test_session_file_example_reads_and_writes_back_exactly():
    doc = tomllib.loads(EXAMPLE)
    enc = encounter_from_doc(doc)
    assert enc.names == ("Викинг", "Гоблин")
    assert enc.get("Викинг").effects[0].damage == 2
    assert enc.fight is not None
    assert enc.fight.turn == TurnState("Викинг", 2, 1, ("advantage",), {"free_moves": 1})
    assert enc.fight.data == {"damaged": ["Гоблин"]}
    assert _ordered(encounter_to_doc(enc, doc)) == _ordered(doc)


def test_keys_not_managed_here_are_kept_and_the_base_is_untouched():
    doc = tomllib.loads(EXAMPLE)
    before = tomli_w.dumps(doc)
    out = encounter_to_doc(Encounter("dungeon", {}, (), None), doc)
    assert out["commit"] == doc["commit"] and out["format"] == 1
    assert "fight" not in out and out["combatants"] == {}
    assert tomli_w.dumps(doc) == before


def test_empty_settings_and_roster_are_not_added_to_a_base_without_them():
    out = encounter_to_doc(Encounter("dungeon"), {"format": 1})
    assert out == {"format": 1, "system": "dungeon"}


def test_a_minimal_hand_written_combatant_reads_with_defaults():
    enc = encounter_from_doc({"system": "dungeon", "combatants": {"Ёж": {"side": "enemy"}}})
    assert enc.get("Ёж") == Combatant("Ёж", "enemy")


def test_a_hand_written_effect_needs_only_a_name():
    doc = {"system": "dungeon", "combatants": {"Ёж": {"side": "enemy", "effects": [{"name": "яд"}]}}}
    assert encounter_from_doc(doc).get("Ёж").effects == (Effect("яд"),)


def _doc(**combatant):
    return {"system": "dungeon", "combatants": {"Ёж": {"side": "party", **combatant}}}


@pytest.mark.parametrize(
    "doc, path, problem",
    [
        ({}, ("system",), "missing"),
        ({"system": 3}, ("system",), "text"),
        ({"system": "dungeon", "combatants": []}, ("combatants",), "table"),
        ({"system": "dungeon", "combatants": {"Ёж": {}}}, ("combatants", "Ёж", "side"), "missing"),
        (_doc(side="enemies"), ("combatants", "Ёж"), "side"),
        (_doc(hidden="no"), ("combatants", "Ёж", "hidden"), "true or false"),
        (_doc(hp=3), ("combatants", "Ёж", "hp"), "unknown key"),
        (_doc(resources={"hp": "3"}), ("combatants", "Ёж", "resources", "hp"), "whole number"),
        (_doc(resources={"hp": True}), ("combatants", "Ёж", "resources", "hp"), "whole number"),
        (_doc(stats={"body": [1]}), ("combatants", "Ёж", "stats", "body"), "number, text"),
        (_doc(effects={"name": "x"}), ("combatants", "Ёж", "effects"), "list"),
        (_doc(effects=[{"tick": "turn_end"}]), ("combatants", "Ёж", "effects", 0, "name"), "name"),
        (_doc(effects=[{"name": "x", "tick": "dawn"}]), ("combatants", "Ёж", "effects", 0), "ticks at"),
        (_doc(effects=[{"name": "x", "dmg": 1}]), ("combatants", "Ёж", "effects", 0, "dmg"), "unknown key"),
        (_doc(effects=[{"name": "x", "until": "turn_end"}]), ("combatants", "Ёж", "effects", 0),
         "needs the round"),
        (_doc(effects=[{"name": "x"}, {"name": "X"}]), ("combatants", "Ёж"), "share a name"),
        ({"system": "dungeon", "fight": {"round": 0}}, ("fight",), "rounds"),
        ({"system": "dungeon", "fight": {"order": "Ёж"}}, ("fight", "order"), "list"),
        ({"system": "dungeon", "fight": {"order": ["Ёж"]}}, ("fight", "order"), "unknown combatants"),
        ({"system": "dungeon", "fight": {"turn": {"actions": 2}}}, ("fight", "turn", "actor"), "missing"),
        ({"system": "dungeon", "fight": {"speed": 2}}, ("fight", "speed"), "unknown key"),
    ],
)
def test_bad_documents_name_the_field(doc, path, problem):
    with pytest.raises(DocumentError) as caught:
        encounter_from_doc(doc)
    assert caught.value.path == path
    assert problem in caught.value.problem
    assert isinstance(caught.value, ValueError)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.text(max_size=5) | st.integers() | st.booleans() | st.floats(allow_nan=False)
                    | st.dates() | st.tuples(st.integers()),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=30))
def test_a_plain_copy_equals_deepcopy_and_shares_no_table_or_array(value):
    """The copy of a document's tables (the codec's, the store's drafts) is what deepcopy
    gives, and editing it cannot touch the frozen encounter's data or the document it came from."""
    import copy

    from rules.core.plain import copy_plain

    doc = {"x": value}
    copied = copy_plain(doc)
    assert copied == copy.deepcopy(doc)
    originals = {id(c) for c in _containers(doc)}
    assert not any(id(c) in originals for c in _containers(copied))


def test_a_plain_copy_leaves_what_is_not_a_plain_table_to_deepcopy():
    from collections import OrderedDict

    from rules.core.plain import copy_plain

    inner = [1, 2]
    odd = OrderedDict(a=inner)
    copied = copy_plain({"odd": odd, "pair": (inner, 3)})
    assert copied == {"odd": odd, "pair": (inner, 3)}
    assert type(copied["odd"]) is OrderedDict and copied["odd"]["a"] is not inner
    assert copied["pair"][0] is not inner
