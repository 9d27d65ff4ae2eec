"""Issue 27, item 3: `verify` exits 0 on no forgery.

Each forgery of the issue is made on real files through the command line and must
fail verify (exit 1), or, for burned counters, never pass silently (exit 7).
"""

from __future__ import annotations

import json

import pytest

from ttcli.exitcodes import ExitCode

SECRET = "5e" * 32


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


@pytest.fixture
def played(cli, saves, tmp_path):
    """A public 1d20, a hidden 1d100 (counter 1), a public 2d6 under SECRET, revealed; the
    players' journal saved before the last roll (as posted during the fight), and the full
    journal and the final players' journal exported."""
    for words in (("session", "new", "склеп", "--system", "dungeon"), ("session", "commit", "--secret", SECRET),
                  ("roll", "1d20"), ("roll", "1d100", "--hidden")):
        assert cli(*words).exit_code == 0
    posted = tmp_path / "posted.json"
    posted.write_text(cli("log", "--public", "--json", "-n", "0").stdout, encoding="utf-8")
    for words in (("roll", "2d6"), ("session", "reveal")):
        assert cli(*words).exit_code == 0
    full = json.loads(cli("log", "--json", "-n", "0").stdout)
    public = json.loads(cli("log", "--public", "--json", "-n", "0").stdout)
    return full, public, posted


def verify(cli, tmp_path, data, *extra):
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return cli("verify", str(path), "--secret", SECRET, *extra)


def event(data, seq):
    return next(e for e in data["events"] if e["seq"] == seq)


def test_issue_27_an_honest_journal_and_players_journal_pass(cli, tmp_path, played):
    full, public, posted = played
    assert verify(cli, tmp_path, full, "--against", str(posted)).exit_code == 0
    assert verify(cli, tmp_path, public).exit_code == 0


def test_issue_27_the_players_journal_carries_every_counter_hidden_ones_as_placeholders(played):
    _full, public, _posted = played
    hidden = event(public, 3)
    assert hidden["kind"] == "withheld" and hidden["withheld_dice"] == [{"counter": 1, "sides": 100}]
    assert hidden["text"] == ["hidden: committed die #1 d100"]  # the counter and die size, not the face
    assert "face" not in json.dumps(hidden)


def test_issue_27_two_events_swapped_and_renumbered_are_caught(cli, tmp_path, played):
    full, _public, _posted = played
    events = full["events"]
    first, last = events.index(event(full, 2)), events.index(event(full, 4))
    events[first], events[last] = events[last], events[first]
    for seq, e in enumerate(events, start=1):
        e["seq"] = seq
    r = verify(cli, tmp_path, full)
    assert r.exit_code == ExitCode.FAILED and "not in the order their dice were drawn" in r.stdout


def test_issue_27_a_committed_roll_removed_from_the_players_journal_is_missing(cli, tmp_path, played):
    _full, public, _posted = played
    public["events"] = [e for e in public["events"] if e["seq"] != 4]
    r = verify(cli, tmp_path, public)
    assert r.exit_code == ExitCode.FAILED and "a committed roll is missing" in r.stdout


def test_issue_27_a_hidden_roll_replaced_by_a_burned_event_is_listed_not_passed(cli, tmp_path, played):
    full, _public, _posted = played
    hidden = event(full, 3)
    full["events"][full["events"].index(hidden)] = {
        "seq": 3, "time": hidden["time"], "kind": "burned", "commitment": event(full, 1)["commitment"],
        "counters": [1, 2], "text": ["committed dice 1..1 were drawn by a command that did not finish"]}
    r = verify(cli, tmp_path, full)
    assert r.exit_code == ExitCode.BURNED
    assert "event 3: committed dice 1..1 burned (drawn, never shown) by a command the journal does not name" \
        in r.stdout


def test_issue_27_a_public_die_turned_rolled_with_its_counter_burned_is_not_a_pass(cli, tmp_path, played):
    full, _public, _posted = played
    roll = event(full, 2)
    die = roll["rolls"][0]["dice"][0]
    die.update(face=20, origin="rolled")
    die.pop("counter", None)
    roll["rolls"][0].update(value=20, text="1d20 = 20")
    roll["text"] = ["1d20 = 20"]
    full["events"].insert(2, {"seq": 2, "time": roll["time"], "kind": "burned",
                              "commitment": event(full, 1)["commitment"], "counters": [0, 1], "text": ["burned"]})
    for seq, e in enumerate(full["events"], start=1):
        e["seq"] = seq
    r = verify(cli, tmp_path, full)
    assert r.exit_code in (ExitCode.FAILED, ExitCode.BURNED)
    assert "committed dice 0..0 burned" in r.stdout


@pytest.mark.parametrize("forge", ["other dice", "fresh counter"])
def test_issue_27_a_hidden_roll_rewritten_after_it_was_drawn_is_caught_against_the_players_journal(
        cli, tmp_path, played, forge):
    from rules.dice import committed_face

    full, _public, posted = played
    hidden = event(full, 3)
    record = hidden["rolls"][0]
    sides, counter = (6, 1) if forge == "other dice" else (100, 4)
    face = committed_face(bytes.fromhex(SECRET), counter, sides)
    record.update(expression=f"1d{sides}", value=face, text=f"1d{sides} = {face}",
                  dice=[{**record["dice"][0], "face": face, "sides": sides, "counter": counter}])
    hidden["text"], hidden["command"] = [record["text"]], f"roll 1d{sides} --hidden"
    if forge == "fresh counter":  # moved past the others: the reveal counts one more, counter 1 burned
        event(full, 5)["rolls"] += 1
        hidden["kind"] = "roll"
    r = verify(cli, tmp_path, full, "--against", str(posted))
    assert r.exit_code == ExitCode.FAILED
    assert "event 3: the players saw committed dice #1 d100 drawn here" in r.stdout


def test_issue_27_a_secret_already_revealed_is_refused_unless_forced(cli, played):
    r = cli("session", "commit", "--secret", SECRET)
    assert r.exit_code == ExitCode.RULES and "already revealed" in r.stderr
    assert cli("session", "new", "другая", "--system", "dungeon").exit_code == 0  # any journal of the folder
    r = cli("--session", "другая", "session", "commit", "--secret", SECRET)
    assert r.exit_code == ExitCode.RULES and "склеп.journal.toml" in r.stderr
    assert cli("--session", "другая", "session", "commit", "--secret", SECRET, "--force").exit_code == 0


def test_issue_27_a_burned_event_names_the_command_that_drew_its_dice(cli, saves, tmp_path):
    from ttcli.store import session as store_session

    for words in (("session", "new", "склеп", "--system", "dungeon"), ("session", "commit", "--secret", SECRET)):
        assert cli(*words).exit_code == 0

    class Killed(BaseException):
        pass

    real = store_session.append_event

    def killed_before_the_roll_is_journaled(path, event, system=None):
        if event.get("kind") == "roll":
            raise Killed
        return real(path, event, system)

    store_session.append_event = killed_before_the_roll_is_journaled
    try:
        with pytest.raises(Killed):
            cli("roll", "3d6", "--hidden")
    finally:
        store_session.append_event = real
    for words in (("roll", "1d6"), ("session", "reveal")):
        assert cli(*words).exit_code == 0
    burned = [e for e in json.loads(cli("log", "--json", "-n", "0").stdout)["events"] if e["kind"] == "burned"]
    assert [(e["counters"], e["drawn_by"]) for e in burned] == [([0, 3], "roll 3d6 --hidden")]
    r = cli("verify", str(saves / "склеп.journal.toml"), "--secret", SECRET)
    assert r.exit_code == ExitCode.BURNED
    assert "committed dice 0..2 burned (drawn, never shown) by `roll 3d6 --hidden`: ask the master" in r.stdout
