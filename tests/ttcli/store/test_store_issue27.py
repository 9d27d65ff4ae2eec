"""Issue 27: no command may lock a master out of a session (items 4 and 5).

Each case is played through the command line on real files and must fail on the
code before the issue: the journal goes before the state for undo and redo too,
every number typed is read with a length limit, the saves folder is private.
"""

from __future__ import annotations

import json
import os
import stat

import pytest

from ttcli.exitcodes import ExitCode

HUGE = "9" * 5000


@pytest.fixture
def saves(tmp_path):
    return tmp_path / "saves"


@pytest.fixture
def crypt(cli):
    r = cli("session", "new", "склеп", "--system", "dungeon")
    assert r.exit_code == 0, r.output
    r = cli("char", "add", "Огр", "--side", "enemy", "тело=4", "реак=2", "--force")
    assert r.exit_code == 0, r.output
    return "склеп"


def refused(result, code: ExitCode, *words: str):
    """The documented code, one short message on stderr, never a traceback."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert len(result.stderr) < 400, result.stderr[:400]
    for word in words:
        assert word in result.stderr, result.stderr
    return result


# ---------------------------------------------------------------- undo and redo: the journal first


class Killed(BaseException):
    """A kill -9 at a chosen point: nothing after it runs."""


def _hp(cli) -> int:
    shown = json.loads(cli("char", "show", "Огр", "--json").stdout)
    return shown["resources"]["hp"] if "resources" in shown else shown["combatant"]["resources"]["hp"]


@pytest.mark.parametrize("word", ["undo", "redo"])
def test_issue_27_a_killed_undo_or_redo_leaves_its_journal_record(cli, crypt, saves, monkeypatch, word):
    from ttcli.store import history

    assert cli("damage", "Огр", "5").exit_code == 0
    if word == "redo":
        assert cli("undo").exit_code == 0
    before = len(json.loads(cli("log", "--json", "-n", "0").stdout)["events"])

    def killed_after_the_file(self):  # the index write, after the file was replaced
        raise Killed

    monkeypatch.setattr(history.History, "save", killed_after_the_file)
    with pytest.raises(Killed):
        cli(word)
    monkeypatch.undo()
    events = json.loads(cli("log", "--json", "-n", "0").stdout)["events"]
    assert len(events) == before + 1 and events[-1]["kind"] == word  # the file moved: so did the journal


def test_issue_27_kill_9_during_undo_and_redo_leaves_no_state_the_journal_does_not_tell(tmp_path):
    import importlib.util
    import sys

    from support.paths import ROOT_DIR

    spec = importlib.util.spec_from_file_location("store_reliability", ROOT_DIR / "benchmarks" / "store_reliability.py")
    harness = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = harness
    spec.loader.exec_module(harness)
    figures = harness.run_undo_kills(tmp_path, kills=12, seed=5)
    assert figures.failures == []
    assert figures.kills == 12


# ---------------------------------------------------------------- numbers are read with a length limit


@pytest.mark.parametrize("words", [
    ("roll", "1d6", "--given", HUGE), ("roll", "2d6", "--given", f"3,{HUGE}"), ("roll", "1d6", "--given", "²"),
    ("roll", "1d6", "--given", "0" * 5000 + "7"),
])
def test_issue_27_given_faces_are_read_with_a_length_limit(cli, crypt, words):
    refused(cli(*words), ExitCode.USAGE, "--given")


@pytest.mark.parametrize("words", [
    ("roll", "1d6", "--times", HUGE), ("roll", "1d6", "-n", HUGE), ("roll", "1d6", "--seed", HUGE),
    ("damage", "Огр", HUGE), ("heal", "Огр", HUGE), ("log", "-n", HUGE), ("undo", HUGE),
])
def test_issue_27_whole_number_options_are_read_with_a_length_limit(cli, crypt, words):
    refused(cli(*words), ExitCode.USAGE, "at most 20 digits")


# ---------------------------------------------------------------- the saves folder is private


def test_issue_27_a_saves_folder_the_program_creates_is_0700_whatever_the_umask(cli, saves):
    old = os.umask(0)
    try:
        assert cli("session", "new", "склеп", "--system", "dungeon").exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(saves).st_mode) == 0o700


# ---------------------------------------------------------------- depth is checked on load


@pytest.mark.parametrize("deep", [
    "extra = " + "[" * 300 + "]" * 300 + "\n",
    "[" + ".".join(["a"] * 20000) + "]\nx = 1\n",
])
def test_issue_27_a_session_nested_too_deep_is_refused_on_load_not_after(cli, crypt, saves, deep):
    path = saves / "склеп.toml"
    text = path.read_text(encoding="utf-8")
    if deep.startswith("extra"):  # a top-level key: before the first table
        text = text.replace('system = "dungeon"\n', 'system = "dungeon"\n' + deep, 1)
    else:
        text += deep
    path.write_text(text, encoding="utf-8")
    refused(cli("session", "check"), ExitCode.BAD_DATA, "nested too deeply: more than 64 levels")
    refused(cli("damage", "Огр", "1"), ExitCode.BAD_DATA, "nested too deeply: more than 64 levels")
    assert cli("undo", "--yes").exit_code == 0  # the master gets back to the last saved state
    assert cli("damage", "Огр", "1").exit_code == 0


# ---------------------------------------------------------------- one call rolls a bounded number of dice


def test_issue_27_one_roll_call_in_a_session_is_capped_before_a_die_is_rolled(cli, crypt, saves):
    journal = saves / "склеп.journal.toml"
    before = journal.read_bytes() if journal.exists() else b""
    refused(cli("roll", *["1000d1000000"] * 4, "--times", "1000"), ExitCode.BAD_EXPRESSION, "at most 10,000 dice")
    assert (journal.read_bytes() if journal.exists() else b"") == before  # nothing journaled
    assert cli("roll", "1000d6", "--times", "10").exit_code == 0  # the cap itself is allowed


# ---------------------------------------------------------------- terminal escapes never reach the terminal raw

ESCAPE = "x\x1b[31mRED\u202e"


@pytest.mark.parametrize("words", [
    ("effect", "add", "Огр", ESCAPE, "--custom"), ("char", "give", "Огр", ESCAPE), ("roll", "1d6", "--label", ESCAPE),
    ("roll", f"1d6 [{ESCAPE}]"), ("roll", f"1d6{ESCAPE}"), ("char", "add", ESCAPE),
])
def test_issue_27_control_and_bidi_characters_are_refused_at_every_entry(cli, crypt, saves, words):
    before = (saves / "склеп.toml").read_bytes()
    result = refused(cli(*words), ExitCode.USAGE, "control or bidi character")
    assert "\x1b" not in result.output and "\u202e" not in result.output
    assert (saves / "склеп.toml").read_bytes() == before


def test_issue_27_the_prompt_echoes_a_line_printable(cli, crypt):
    result = cli("fight", input="roll 1d6\x1b[31m\nbogus\u202e\n")
    assert result.exit_code == ExitCode.USAGE
    assert "\x1b" not in result.stderr and "\u202e" not in result.stderr
    assert "\\x1b[31m" in result.stderr  # spelled out, so the master sees what was typed


def test_issue_27_a_hand_edited_effect_name_with_an_escape_is_refused_on_load(cli, crypt, saves):
    assert cli("effect", "add", "Огр", "Проклятие", "--custom").exit_code == 0
    path = saves / "склеп.toml"
    text = path.read_text(encoding="utf-8")
    assert 'name = "Проклятие"' in text
    path.write_text(text.replace('name = "Проклятие"', 'name = "Проклятие\\u001b[31m"'), encoding="utf-8")
    result = refused(cli("session", "check"), ExitCode.BAD_DATA, "effects[0].name", "control or bidi")
    assert "\x1b" not in result.output
