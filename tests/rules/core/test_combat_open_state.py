"""Open state: what only the dungeon keeps lives in its own data tables.

``ambush`` and ``damaged`` on the fight, ``free_moves`` and ``was_damaged``
on the turn were once core fields; they are the dungeon's ``data`` now,
checked by its decoders.  A session file written before the move (kept in
``tests/data``, made by the previous version mid-fight) still loads and is
written back in the new shape.
"""

from __future__ import annotations

import json
import shutil
import tomllib

import pytest
from support.paths import DATA_DIR

from rules.core.codec import encounter_from_doc, encounter_to_doc
from rules.core.errors import DocumentError
from rules.core.state import TurnState
from rules.systems import system_rules
from ttcli.exitcodes import ExitCode

OLD = DATA_DIR / "old_dungeon_fight.toml"
DUNGEON = system_rules("dungeon")


@pytest.fixture
def old_session(cli, tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(OLD, saves / "склеп.toml")

    def run(*args):
        return cli("--session", "склеп", *args)

    return run, saves / "склеп.toml"


def test_an_old_document_reads_its_core_keys_into_the_dungeons_data():
    doc = tomllib.loads(OLD.read_text(encoding="utf-8"))
    assert doc["fight"]["ambush"] == "party" and doc["fight"]["turn"]["free_moves"] == 1  # truly old
    enc = encounter_from_doc(doc, DUNGEON)
    assert enc.fight.data == {"ambush": "party", "damaged": ["Гоблин"]}
    assert enc.fight.turn == TurnState("Эльфийка", 2, 0, ("extra_move",),
                                       {"free_moves": 1, "was_damaged": True})
    new = encounter_to_doc(enc, doc)
    assert {"ambush", "damaged"}.isdisjoint(new["fight"])
    assert {"free_moves", "was_damaged"}.isdisjoint(new["fight"]["turn"])
    assert new["fight"]["data"] == {"ambush": "party", "damaged": ["Гоблин"]}
    assert new["fight"]["turn"]["data"] == {"free_moves": 1, "was_damaged": True}
    assert encounter_to_doc(encounter_from_doc(new, DUNGEON), new) == new


def test_dg_fat_1_an_old_file_plays_on_with_its_marks_and_is_saved_in_the_new_shape(old_session):
    run, path = old_session
    status = run("fight", "status", "--json")
    assert status.exit_code == 0, status.output
    assert json.loads(status.stdout)["fight"]["turn"]["actor"] == "Эльфийка"
    # was_damaged from the old file still forbids the rally (DG-FAT-1) ...
    r = run("fatigue", "Эльфийка", "rally")
    assert r.exit_code == ExitCode.RULES and "took no damage" in r.stderr
    # ... and the old free move is still free
    r = run("move", "Эльфийка", "1")
    assert r.exit_code == 0, r.output
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    fight = doc["fight"]
    assert "ambush" not in fight and "damaged" not in fight
    assert fight["data"] == {"ambush": "party", "damaged": ["Гоблин"]}
    assert fight["turn"]["spent"] == 0 and fight["turn"]["data"] == {"was_damaged": True}
    # the next turn takes its mark from the dungeon's list
    assert run("fight", "next").exit_code == 0
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    assert doc["fight"]["turn"]["actor"] == "Гоблин"
    assert doc["fight"]["turn"].get("data") == {"was_damaged": True}
    assert doc["fight"]["data"] == {"ambush": "party"}


@pytest.mark.parametrize("where, table, problem", [
    ("fight", {"ambush": "enemies"}, "ambush"),
    ("fight", {"damagd": []}, "damagd"),
    ("fight", {"damaged": "Гоблин"}, "list of names"),
    ("turn", {"free_moves": -1}, "free_moves"),
    ("turn", {"was_damaged": "yes"}, "true or false"),
])
def test_a_hand_edited_dungeon_data_typo_is_reported_at_its_path(where, table, problem):
    doc = tomllib.loads(OLD.read_text(encoding="utf-8"))
    for key in ("ambush", "damaged"):
        del doc["fight"][key]
    for key in ("free_moves", "was_damaged"):
        del doc["fight"]["turn"][key]
    (doc["fight"] if where == "fight" else doc["fight"]["turn"])["data"] = table
    with pytest.raises(DocumentError) as caught:
        encounter_from_doc(doc, DUNGEON)
    assert problem in str(caught.value) and "data" in str(caught.value)


def test_a_data_key_wins_over_the_same_legacy_key():
    doc = tomllib.loads(OLD.read_text(encoding="utf-8"))
    doc["fight"]["data"] = {"ambush": "enemy"}
    assert encounter_from_doc(doc, DUNGEON).fight.data["ambush"] == "enemy"


def test_the_core_state_holds_no_dungeon_fields():
    from dataclasses import fields

    from rules.core.state import Fight

    names = {f.name for f in fields(Fight)} | {f.name for f in fields(TurnState)}
    assert names.isdisjoint({"ambush", "damaged", "free_moves", "was_damaged"})
    assert {"actions", "spent", "used", "data"} <= {f.name for f in fields(TurnState)}
