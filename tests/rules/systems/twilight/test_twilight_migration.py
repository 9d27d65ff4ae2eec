"""Twilight's bleeding and poison are the core's effects, like every system's, and files of
older releases (``data.bleed = {n, since}``) still load, play and are stored in today's shape."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w
from support.paths import ROOT_DIR
from test_twilight_fight import Arena, champ, kinds

from rules.core.codec import effect_from_doc, encounter_from_doc, encounter_to_doc
from rules.systems import system_rules
from rules.systems.twilight import presets

OLD_MARKS = {"bleed": {"n": 3, "since": 1}, "poison": {"n": 2, "since": 1}}


@pytest.fixture
def old_file(tmp_path, runner):
    """A fight in its second round, its champion marked the way older releases wrote it."""
    arena = Arena(tmp_path, runner, {"Амазонка": champ(hp_max=20), "Паладин": champ("enemy", hp_max=20)})
    arena.to_fight()
    doc = arena.doc()
    doc["combatants"]["Амазонка"]["data"] = dict(OLD_MARKS)
    arena.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    return arena


def test_tw_bleed_1_an_old_files_marks_are_checked_shown_and_tick_as_before(old_file):
    assert old_file("session", "check").exit_code == 0
    status = old_file.ok("--lang", "ru", "fight", "status").stdout
    assert "КРОВОТЕЧЕНИЕ(3)" in status and "ЯД(2)" in status
    events = old_file.events("fight", "next")
    assert sorted((e["what"], e["amount"]) for e in kinds(events, "tick")) == [("bleed", 3), ("poison", 2)]
    assert old_file.hp("Амазонка") == 15


def test_tw_bleed_1_the_next_change_stores_an_old_mark_as_an_effect(old_file):
    old_file.ok("fight", "next")
    table = old_file.doc()["combatants"]["Амазонка"]
    assert "bleed" not in table["data"] and "poison" not in table["data"]
    stored = {e["name"]: effect_from_doc(e, ("effects", i)) for i, e in enumerate(table["effects"])}
    assert stored["bleeding"].damage == 3 and stored["bleeding"].healing_removes
    assert stored["poison"].damage == 2 and not stored["poison"].healing_removes
    assert {e.floor for e in stored.values()} == {1}


def test_a_twilight_bleeding_and_a_skirmish_bleeding_are_one_kind_of_table():
    from rules.systems.skirmish import presets as skirmish

    twilight = presets.laid("bleed", 2, 1)
    other = skirmish.bleeding(3).effect_at(1, turn_ahead=True)
    assert type(twilight) is type(other) and twilight.name == other.name == "bleeding"
    for effect in (twilight, other):
        written = _one_bearer(effect)
        doc = encounter_to_doc(encounter_from_doc(written), written)
        assert effect_from_doc(doc["combatants"]["Ёж"]["effects"][0], ()) == effect


def _one_bearer(effect) -> dict:
    from rules.core.codec import effect_to_doc

    return {"system": "twilight", "combatants": {"Ёж": {"side": "party", "effects": [effect_to_doc(effect)]}}}


@pytest.mark.parametrize("save", sorted((ROOT_DIR / "saves").glob("*.toml")), ids=lambda p: p.stem)
def test_the_example_saves_need_no_upgrade_and_read_back_unchanged(save):
    doc = tomllib.loads(save.read_text("utf-8"))
    rules = system_rules(doc["system"])
    for table in doc.get("combatants", {}).values():
        assert rules.upgrade_combatant(table) == table
    assert encounter_to_doc(encounter_from_doc(doc, rules), doc) == doc


def test_a_malformed_old_mark_is_left_for_the_check_to_name(old_file):
    doc = old_file.doc()
    doc["combatants"]["Амазонка"]["data"]["bleed"] = {"n": 0, "since": 1}
    old_file.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    r = old_file("session", "check")
    assert r.exit_code != 0 and "data.bleed" in r.stderr + r.stdout
