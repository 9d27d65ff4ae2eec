"""Dungeon inventory as a session value (DG-INV-1) and treatment with a medical kit (DG-INJ-2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import DocumentError, NotFound, RuleError
from rules.systems.dungeon import mechanics as dg

SWORD = dg.Item("меч")
MAIL = dg.Item("кольчуга", "armor")
CANDLES = dg.Item("свеча", "small", 12)


def inv(*items: dg.Item) -> dg.Inventory:
    return dg.Inventory(items)


# --- DG-INV-1: the session form --------------------------------------------------


def test_dg_inv_1_toml_form_writes_only_what_differs_from_the_defaults():
    raw = inv(SWORD, MAIL, CANDLES, dg.Item("стрела", "small", 20, stack=20)).to_toml()
    assert raw == [
        {"name": "меч"},
        {"name": "кольчуга", "kind": "armor"},
        {"name": "свеча", "kind": "small", "quantity": 12},
        {"name": "стрела", "kind": "small", "quantity": 20, "stack": 20},
    ]
    assert dg.Inventory.from_toml(raw) == inv(SWORD, MAIL, CANDLES,
                                              dg.Item("стрела", "small", 20, stack=20))


def test_dg_inv_1_russian_kinds_are_read_and_stored_in_english():
    found = dg.Inventory.from_toml([{"name": "топор", "kind": "двуручное"}])
    assert found.items[0].kind == "two_handed"
    assert found.to_toml() == [{"name": "топор", "kind": "two_handed"}]


items = st.builds(
    lambda name, kind, quantity, stack: dg.Item(name, kind, quantity,
                                                stack if kind == "small" else None),
    st.text(alphabet="абвгдежзxyz ", min_size=1, max_size=8).filter(str.strip),
    st.sampled_from(["item", "armor", "two_handed", "small"]),
    st.integers(1, 50),
    st.one_of(st.none(), st.integers(1, 20)),
)


@given(st.lists(items, max_size=6, unique_by=lambda item: item.key))
def test_dg_inv_1_toml_round_trip(found):
    inventory = dg.Inventory(tuple(found))
    raw = inventory.to_toml()
    assert dg.Inventory.from_toml(raw) == inventory
    assert dg.Inventory.from_toml(raw).to_toml() == raw


BASE = ("combatants", "Викинг", "inventory")


@pytest.mark.parametrize(
    "raw, path, problem",
    [
        ({"name": "меч"}, BASE, "must be a list"),
        (["меч"], BASE + (0,), "must be a table"),
        ([{"name": "меч"}, {"kind": "armor"}], BASE + (1, "name"), "missing"),
        ([{"name": " "}], BASE + (0, "name"), "non-empty"),
        ([{"name": "меч", "kind": "armour"}], BASE + (0, "kind"), "did you mean"),
        ([{"name": "меч", "quantity": 0}], BASE + (0, "quantity"), "1..10000"),
        ([{"name": "меч", "quantity": "2"}], BASE + (0, "quantity"), "whole number"),
        ([{"name": "меч", "stack": 5}], BASE + (0, "stack"), "only small items stack"),
        ([{"name": "свеча", "kind": "small", "stack": 0}], BASE + (0, "stack"), "at least 1"),
        ([{"name": "меч", "qty": 2}], BASE + (0, "qty"), "unknown key"),
        ([{"name": "Меч"}, {"name": "меч"}], BASE + (1, "name"), "already listed at [0]"),
    ],
)
def test_dg_inv_1_a_bad_hand_edit_names_its_field(raw, path, problem):
    with pytest.raises(DocumentError) as caught:
        dg.Inventory.from_toml(raw, BASE)
    assert caught.value.path == path and problem in caught.value.problem


# --- DG-INV-1: slots, giving and taking ---------------------------------------


def test_dg_inv_1_used_and_free_slots_against_the_sheets_slots():
    load = inv(SWORD, MAIL, CANDLES).load(12)  # seed: ТЕЛО 4 -> 12 slots
    assert (load.used, load.free, load.capacity) == (5, 7, 12)
    assert [line.slots for line in load.lines] == [1, 2, 2]


def test_dg_inv_1_giving_adds_to_a_line_of_the_same_name():
    change = dg.give_item("Викинг", inv(SWORD, CANDLES), dg.Item("Свеча", "small", 8), 12)
    assert change.taker_after == inv(SWORD, dg.Item("свеча", "small", 20))
    assert (change.taker_load.used, change.taker_load.free) == (3, 9)
    assert change.taker_before == inv(SWORD, CANDLES) and change.dice == ()


def test_dg_inv_1_giving_more_than_the_slots_hold_is_refused():
    with pytest.raises(RuleError) as caught:
        dg.give_item("Вор", inv(MAIL, SWORD), dg.Item("топор", "two_handed"), 4)
    assert caught.value.rule == "DG-INV-1" and "only 4" in caught.value.message


def test_dg_inv_1_the_same_name_as_another_kind_is_refused():
    with pytest.raises(RuleError, match="carried as armor"):
        inv(MAIL).plus(dg.Item("кольчуга"))


def test_dg_inv_1_taking_leaves_the_rest_and_removes_an_emptied_line():
    change = dg.drop_item("Викинг", inv(SWORD, CANDLES), "свеч", 5)
    assert change.giver_after == inv(SWORD, dg.Item("свеча", "small", 7))
    assert change.item == dg.Item("свеча", "small", 5)
    assert dg.drop_item("Викинг", inv(SWORD, CANDLES), "меч").giver_after == inv(CANDLES)


def test_dg_inv_1_taking_more_than_carried_or_an_unknown_item_is_refused():
    with pytest.raises(RuleError, match="only 12"):
        dg.drop_item("Викинг", inv(CANDLES), "свеча", 13)
    with pytest.raises(NotFound, match="did you mean: меч"):
        dg.drop_item("Викинг", inv(SWORD), "мечь")


def test_dg_inv_1_hand_over_between_characters():
    change = dg.hand_over("Викинг", inv(SWORD, CANDLES), "Вор", inv(), "свеча", 10, 6)
    assert change.giver_after == inv(SWORD, dg.Item("свеча", "small", 2))
    assert change.taker_after == inv(dg.Item("свеча", "small", 10))
    assert (change.giver, change.taker, change.taker_load.used) == ("Викинг", "Вор", 1)


def test_dg_inv_1_hand_over_refused_when_the_taker_has_no_room():
    with pytest.raises(RuleError, match="Вор would use 4 slots but can carry only 3"):
        dg.hand_over("Викинг", inv(MAIL), "Вор", inv(SWORD, dg.Item("щит")), "кольчуга", 1, 3)


def test_dg_inv_1_an_inventory_is_immutable_and_lists_each_name_once():
    with pytest.raises(ValueError, match="twice"):
        dg.Inventory((SWORD, dg.Item("МЕЧ")))
    with pytest.raises(AttributeError):
        inv(SWORD).items = ()  # type: ignore[misc]


# --- DG-INJ-2 ------------------------------------------------------------------

KIT = dg.Item("медицинский набор", quantity=2)
LOST_ARM = dg.Injury("потеря руки", treatable=False)


def test_dg_inj_2_a_medical_kit_removes_the_treatable_injuries_and_is_used_up():
    treated = dg.treat_injuries([dg.TWISTED_ANKLE, LOST_ARM], inv(SWORD, KIT))
    assert treated.removed == (dg.TWISTED_ANKLE,) and treated.kept == (LOST_ARM,)
    assert treated.inventory_after == inv(SWORD, dg.Item("медицинский набор"))
    assert (treated.kit, treated.dice) == ("медицинский набор", ())


@pytest.mark.parametrize("name", ["Аптечка", "medical kit", "Медицинская сумка"])
def test_dg_inj_2_the_kit_goes_by_several_names(name):
    treated = dg.treat_injuries([dg.TWISTED_ANKLE], inv(dg.Item(name)))
    assert treated.inventory_after == inv()


def test_dg_inj_2_no_kit_or_nothing_treatable_is_refused_and_no_kit_is_spent():
    with pytest.raises(RuleError, match="no medical kit"):
        dg.treat_injuries([dg.TWISTED_ANKLE], inv(SWORD))
    with pytest.raises(RuleError, match="потеря руки cannot be"):
        dg.treat_injuries([LOST_ARM], inv(KIT))
    with pytest.raises(RuleError) as caught:
        dg.treat_injuries([], inv(KIT))
    assert caught.value.rule == "DG-INJ-2"


def test_dg_inv_1_the_inventory_is_the_dungeons_own_combatant_data():
    from rules.core.codec import encounter_from_doc, encounter_to_doc
    from rules.systems import system_rules as get_rules

    doc = {"system": "dungeon", "combatants": {"Вор": {
        "side": "party", "hidden": False, "status": "ok", "stats": {"body": 2},
        "resources": {"hp": 7}, "data": {"inventory": inv(SWORD, CANDLES).to_toml(),
                                         "prone": True, "cell": [2, 3]}}}}
    rules = get_rules("dungeon")
    assert encounter_to_doc(encounter_from_doc(doc, rules), doc) == doc


@pytest.mark.parametrize(("data", "where", "problem"), [
    ({"inventory": [{"name": "меч", "kind": "armour"}]}, ("data", "inventory", 0, "kind"), "did you mean"),
    ({"prone": "да"}, ("data", "prone"), "true or false"),
    ({"cell": [1]}, ("data", "cell"), "two whole numbers"),
    ({"cel": [1, 2]}, ("data", "cel"), "unknown key"),
])
def test_dg_inv_1_the_dungeon_checks_its_combatant_data_with_the_field(data, where, problem):
    from rules.core.codec import encounter_from_doc
    from rules.core.errors import DocumentError
    from rules.systems import system_rules as get_rules

    doc = {"system": "dungeon", "combatants": {"Вор": {"side": "party", "stats": {"body": 2}, "data": data}}}
    with pytest.raises(DocumentError) as caught:
        encounter_from_doc(doc, get_rules("dungeon"))
    assert caught.value.path == ("combatants", "Вор", *where)
    assert problem in str(caught.value)


def test_dg_inv_1_the_core_codec_refuses_an_inventory_outside_the_data_table():
    from rules.core.codec import encounter_from_doc
    from rules.core.errors import DocumentError

    doc = {"system": "dungeon", "combatants": {"Вор": {"side": "party", "inventory": []}}}
    with pytest.raises(DocumentError, match="unknown key"):
        encounter_from_doc(doc)
