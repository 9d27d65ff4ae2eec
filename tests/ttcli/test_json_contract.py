"""Contract of --json: every command's output is the versioned envelope, with its fields.

Fields may be added within a version; none of these may disappear or change meaning
without a new version number.
"""

import json
import shutil

import pytest
from support.paths import ROOT_DIR

ROOT = ROOT_DIR

CONTRACT = [
    (["roll", "2d6", "--given", "1 2"], "ttcli.roll", {"rolls"}),
    (["odds", "2d6"], "ttcli.odds", {"expression", "mean", "outcomes"}),
    (["session", "list"], "ttcli.sessions", {"sessions"}),
    (["session", "show"], "ttcli.session", {"session"}),
    (["char", "list"], "ttcli.roster", {"combatants"}),
    (["char", "show", "Огр"], "ttcli.combatant", {"name", "side", "stats", "resources", "derived"}),
    (["fight", "status"], "ttcli.status", {"session", "system", "public", "combatants"}),
    (["log"], "ttcli.log", {"session", "public", "events"}),
    (["fight", "simulate", "--runs", "2", "--seed", "1", "--jobs", "1"], "ttcli.simulation",
     {"session", "system", "runs", "seed", "outcomes", "rounds", "mean_rounds", "combatants", "interrupted"}),
]


@pytest.fixture
def saves(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", folder / "crypt.toml")
    (folder / ".current").write_text("crypt\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("args, schema, fields", CONTRACT, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_json_envelope(runner, saves, args, schema, fields):
    from ttcli.app import app

    r = runner.invoke(app, ["--saves", str(saves), *args, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema"] == schema and data["version"] == 1
    assert fields <= set(data), f"missing: {fields - set(data)}"


def test_roll_die_fields(runner):
    from ttcli.app import app

    data = json.loads(runner.invoke(app, ["roll", "4d6kh3", "--json", "--seed", "1"]).stdout)
    die = data["rolls"][0]["groups"][0]["dice"][0]
    assert {"sides", "face", "kept", "rerolled", "exploded", "extra", "success", "failure", "origin"} <= set(die)
    assert {"expression", "label", "kind", "value", "passed", "text", "groups"} <= set(data["rolls"][0])
