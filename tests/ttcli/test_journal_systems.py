"""Each journal event names the system whose session wrote it, and ``verify`` reads the name
instead of guessing (issue 23, item 5); files written before still load, undo and verify."""

from __future__ import annotations

import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from support.paths import DATA_DIR

from ttcli.store import read_events

OLD = DATA_DIR / "old_session"


def _journal(crypt) -> Path:
    return crypt.path.with_name("crypt.journal.toml")


def _ok(result):
    assert result.exit_code == 0, result.output
    return result


def test_every_event_a_session_writes_names_its_system(crypt):
    _ok(crypt("roll", "1d20"))  # the journaled roll's quick path
    for args in (["session", "commit"], ["fight", "start"], ["roll", "1d6", "--hidden"],
                 ["damage", "Огр", "2"], ["undo"], ["redo"], ["session", "reveal"]):
        _ok(crypt(*args))
    events = read_events(_journal(crypt))
    assert [e["kind"] for e in events][:2] == ["roll", "commit"] and len(events) == 8
    assert [e.get("system") for e in events] == ["dungeon"] * 8
    assert list(events[0])[:3] == ["seq", "time", "system"]


def _revealed_export(crypt, tmp_path) -> tuple[Path, str]:
    for args in (["session", "commit"], ["fight", "start", "--ambush", "party"],
                 ["attack", "Лучница", "Гоблин 1", "--ranged"], ["session", "reveal"]):
        _ok(crypt(*args))
    secret = tomllib.loads(crypt.path.read_text(encoding="utf-8"))["commit"]["secret"]
    export = tmp_path / "journal.json"
    export.write_text(_ok(crypt("log", "--json", "-n", "0")).stdout, encoding="utf-8")
    return export, secret


def _rename_systems(export: Path, names) -> None:
    doc = json.loads(export.read_text(encoding="utf-8"))
    for event, name in zip(doc["events"], names, strict=False):
        event["system"] = name
    export.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_verify_passes_a_journal_whose_events_name_their_system(crypt, tmp_path):
    export, secret = _revealed_export(crypt, tmp_path)
    assert {e.get("system") for e in json.loads(export.read_text(encoding="utf-8"))["events"]} == {"dungeon"}
    r = crypt("verify", str(export), "--secret", secret)
    assert r.exit_code == 0, r.output
    # the named system's checks ran (how many results: as the committed dice fell)
    assert re.search(r"\b[1-9]\d* results? of fight events recomputed by (its|their) system's rules", r.stdout)


@pytest.mark.parametrize(("names", "said"), [
    # a name edited to a system whose checks know none of the records cannot turn the checks off
    (["twilight"] * 99, "the events name twilight as their system, but their records are dungeon's"),
    (["dungeon", "terra"] * 50, "the events name more than one system: dungeon, terra"),
])
def test_verify_reports_events_that_name_another_system(crypt, tmp_path, names, said):
    export, secret = _revealed_export(crypt, tmp_path)
    _rename_systems(export, names)
    r = crypt("verify", str(export), "--secret", secret)
    assert r.exit_code == 1
    assert said in r.stdout + r.stderr


def test_a_session_of_the_previous_release_still_loads_undoes_and_verifies(tmp_path, runner):
    """tests/data/old_session: a dungeon fight under a commitment, revealed, written by the
    release before events named their system (a session file, its journal, its undo history)."""
    from ttcli.app import app

    saves = tmp_path / "saves"
    shutil.copytree(OLD, saves)
    secret = tomllib.loads((saves / "crypt.toml").read_text(encoding="utf-8"))["commit"]["secret"]

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args])

    assert not any("system" in e for e in read_events(saves / "crypt.journal.toml"))
    _ok(run("session", "check"))
    _ok(run("verify", str(saves / "crypt.journal.toml"), "--secret", secret))
    _ok(run("undo"))
    _ok(run("redo"))
    _ok(run("damage", "Огр", "1"))
    events = read_events(saves / "crypt.journal.toml")
    assert [e.get("system") for e in events[-3:]] == ["dungeon"] * 3
    # the old events and the new, read together
    _ok(run("verify", str(saves / "crypt.journal.toml"), "--secret", secret))
