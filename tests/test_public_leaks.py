"""Players' versions leak nothing (C-DICE-4): every command that has ``--public``, in every
format, over a fight with a hidden combatant, hidden rolls and a hidden attacker's actions.

The fight: the crypt with the goblin shaman hidden, a commitment (so hidden rolls are
committed ones), a hidden ``roll --hidden``, the enemies ambushing; the shaman attacks
Жрец on its own turn before any command below runs.  Each command then runs on a fresh
copy of that fight, so what it prints depends on nothing but its own arguments.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ttcli.app import app
from ttcli.commands.options import FORMATS

ROOT = Path(__file__).resolve().parent.parent
HIDDEN = "Гоблин-шаман"
#: the hidden one's name in any case or inflection a sentence could give it
HIDDEN_WORD = re.compile("шаман", re.IGNORECASE)
SHOWN_FORMATS = [f for f in FORMATS if f != "auto"]

#: command -> (steps run first on the copy, the command); the shaman acts where it can
COMMANDS: dict[str, tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]] = {
    "fight status": ((), ("fight", "status")),
    "log": ((), ("log", "-n", "0")),
    "log --round": ((), ("log", "--round", "1")),
    "attack": ((), ("attack", HIDDEN, "Жрец")),
    "knock": ((), ("knock", HIDDEN, "Вор")),
    "push": ((), ("push", HIDDEN, "Вор")),
    "prone": ((), ("prone", HIDDEN)),
    "stand": ((("fatigue", HIDDEN, "extra-action"), ("prone", HIDDEN)), ("stand", HIDDEN)),
    "place": ((), ("place", HIDDEN, "3,3")),
    "check": ((), ("check", HIDDEN, "тело", "--dc", "10")),
    "save": ((), ("save", HIDDEN, "тело")),
    "fatigue": ((), ("fatigue", HIDDEN, "extra-action")),
    "move": ((), ("move", HIDDEN, "2")),
    "act": ((), ("act", HIDDEN, "перезарядить")),
    "damage": ((), ("damage", HIDDEN, "2")),
    "heal": ((("damage", HIDDEN, "2"),), ("heal", HIDDEN, "1")),
    "fight order": ((), ("fight", "order", "Лучница", "Вор")),
}
#: commands refused during a fight: run on the copy saved before it started
BEFORE_FIGHT = {"rest": ((), ("rest", HIDDEN, "short"))}


def _run(runner, saves: Path, *args: str):
    return runner.invoke(app, ["--saves", str(saves), "--session", "crypt", *args])


@pytest.fixture(scope="module")
def fights(tmp_path_factory):
    """Two copies of the saves folder: before the fight, and at the shaman's turn."""
    from typer.testing import CliRunner

    runner = CliRunner()
    base = tmp_path_factory.mktemp("leaks")
    saves = base / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    for step in (("char", "set", HIDDEN, "hidden=true"), ("session", "commit"), ("roll", "3d6", "--hidden")):
        assert _run(runner, saves, *step).exit_code == 0
    before = base / "before"
    shutil.copytree(saves, before)
    steps = [("fight", "start", "--ambush", "enemy"),
             ("attack", "Гоблин 1", "Вор"), ("fight", "next"), ("fight", "next"), ("fight", "next"),
             ("fight", "next"), ("attack", HIDDEN, "Жрец")]
    for step in steps:
        r = _run(runner, saves, *step)
        assert r.exit_code == 0, (step, r.output)
    hidden_roll = next(e for e in json.loads(_run(runner, saves, "log", "--json", "-n", "0").stdout)["events"]
                       if e["kind"] == "roll")
    return {"fight": saves, "before": before, "hidden_roll": hidden_roll["text"]}


def test_the_table_covers_every_command_with_public():
    """A new command with --public must join the walk below."""
    from rules.systems import system_rules
    from ttcli.commands.actions import declarations

    dungeon = system_rules("dungeon")
    verbs = {verb for verb, entries in declarations().items() if any(r is dungeon for r, _ in entries)}
    verbs |= {f"fight {verb}" for verb, entries in declarations("fight").items()
              if any(r is dungeon for r, _ in entries)}
    assert verbs | {"fight status", "log"} <= set(COMMANDS) | set(BEFORE_FIGHT)


def _case(fights, tmp_path, runner, table, name, fmt):
    steps, command = table[name]
    saves = tmp_path / "saves"
    shutil.copytree(fights["before" if table is BEFORE_FIGHT else "fight"], saves)
    for step in steps:
        assert _run(runner, saves, *step).exit_code == 0, step
    return _run(runner, saves, *command, "--public", "--format", fmt)


def _assert_nothing_hidden(result, fights):
    out = result.stdout + result.stderr
    assert not HIDDEN_WORD.search(out), out
    for line in fights["hidden_roll"]:
        assert line not in out


@pytest.mark.parametrize("fmt", SHOWN_FORMATS)
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_c_dice_4_players_version_names_no_hidden_combatant(fights, tmp_path, runner, name, fmt):
    result = _case(fights, tmp_path, runner, COMMANDS, name, fmt)
    assert result.exit_code in (0, 1), result.output  # 1: a check or save that failed
    _assert_nothing_hidden(result, fights)


@pytest.mark.parametrize("fmt", SHOWN_FORMATS)
def test_c_dice_4_rest_before_the_fight_names_no_hidden(fights, tmp_path, runner, fmt):
    result = _case(fights, tmp_path, runner, BEFORE_FIGHT, "rest", fmt)
    assert result.exit_code == 0, result.output
    _assert_nothing_hidden(result, fights)


@pytest.mark.parametrize("fmt", SHOWN_FORMATS)
def test_players_log_and_status_still_tell_what_they_saw(fights, tmp_path, runner, fmt):
    """The walk above cannot pass by printing nothing: the visible goblin's attack is there."""
    log = _case(fights, tmp_path, runner, COMMANDS, "log --round", fmt)
    assert "Гоблин 1" in log.stdout and "Вор" in log.stdout
    status = _run(runner, fights["fight"], "fight", "status", "--public", "--format", fmt)
    assert "Огр" in status.stdout


def test_public_status_json_keeps_no_hidden_name_in_the_fight_table(fights, runner):
    data = json.loads(_run(runner, fights["fight"], "fight", "status", "--public", "--json").stdout)
    assert HIDDEN not in data["fight"]["order"] and "Огр" in data["fight"]["order"]
    assert "index" not in data["fight"]  # a place in the full order would count the hidden
    assert data["fight"].get("current") != HIDDEN


def test_public_log_json_drops_the_hidden_turn_and_the_previous_field(fights, runner):
    data = json.loads(_run(runner, fights["fight"], "log", "--public", "--json", "-n", "0").stdout)
    assert not HIDDEN_WORD.search(json.dumps(data, ensure_ascii=False))
    assert data["withheld"] >= 3  # the hidden roll, the shaman's turn, its attack
    assert any(e["kind"] == "attack" for e in data["events"])  # the goblin's, in full


def test_players_read_an_enemy_health_as_a_word_in_the_log_as_in_status(tmp_path, runner):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    for step in (("fight", "start", "--ambush", "party"),
                 ("attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 3")):
        assert _run(runner, saves, *step).exit_code == 0
    log = _run(runner, saves, "log", "--public", "--round", "1").stdout
    status = _run(runner, saves, "fight", "status", "--public").stdout
    assert "Гоблин 1: wounded." in log and "HP 7 -> 4" not in log
    assert "Гоблин 1: wounded" in status
    master = _run(runner, saves, "log", "--round", "1").stdout
    assert "Гоблин 1: HP 7 -> 4." in master


@pytest.mark.parametrize(("faces", "knocked"), [("20 1", True), ("1 20", False)])
def test_dg_knock_1_a_hidden_attacker_knocking_someone_down_is_someone(tmp_path, runner, faces, knocked):
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    steps = [("char", "set", HIDDEN, "hidden=true"), ("fight", "start", "--ambush", "enemy"),
             *[("fight", "next")] * 4]
    for step in steps:
        assert _run(runner, saves, *step).exit_code == 0
    shown = _run(runner, saves, "knock", HIDDEN, "Вор", "--given", faces, "--public")
    log = _run(runner, saves, "log", "--public", "--round", "1").stdout
    words = "Someone knocks Вор down."
    assert (words in shown.stdout, words in log) == (knocked, knocked)
    assert not HIDDEN_WORD.search(shown.stdout + log)
    master = _run(runner, saves, "log", "--round", "1", "--format", "bbcode").stdout
    assert f"{HIDDEN} tries to knock Вор down" in master


def _foe_numbers(value, foes):
    """(name, key) of every HP number the value holds for one of ``foes``."""
    if isinstance(value, dict):
        found = [(value["name"], k) for k in ("hp", "hp_before", "hp_after", "hp_max")
                 if value.get("name") in foes and k in value]
        return found + [x for v in value.values() for x in _foe_numbers(v, foes)]
    if isinstance(value, list):
        return [x for v in value for x in _foe_numbers(v, foes)]
    return []


def test_players_json_gives_an_enemy_health_as_its_condition_not_its_hp(tmp_path, runner):
    """The players read a foe's health as a word in every format: its HP numbers stay the
    master's in the JSON of the command and of the log, as in their text."""
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    assert _run(runner, saves, "fight", "start", "--ambush", "party").exit_code == 0
    shot = _run(runner, saves, "attack", "Лучница", "Гоблин 1", "--ranged", "--given", "20 3", "--public", "--json")
    log = _run(runner, saves, "log", "--public", "--json", "-n", "0")
    foes = {"Гоблин 1"}
    for result in (shot, log):
        data = json.loads(result.stdout)
        assert _foe_numbers(data, foes) == []
        health = [r for e in data.get("events", []) for r in ([e] + e.get("events", []))
                  if r.get("kind") == "health" and r.get("name") == "Гоблин 1"]
        assert health and health[-1]["condition_after"] == "wounded"
    master = json.loads(_run(runner, saves, "log", "--json", "-n", "0").stdout)
    assert ("Гоблин 1", "hp_after") in _foe_numbers(master, foes)


def test_twilight_players_read_the_foes_health_as_a_word_in_the_log_as_in_status(tmp_path, runner):
    """The seed's round (the nomad's three attacks through the viking's best defense 5): the
    master reads the viking's HP, the players the word `fight status --public` gives them."""
    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT / "saves" / "arena.toml", saves / "arena.toml")

    def run(*args: str):
        r = runner.invoke(app, ["--saves", str(saves), "--session", "arena", "--lang", "en", *args])
        assert r.exit_code == 0, (args, r.output)
        return r.stdout

    for step in (("fight", "start"), ("fight", "next"),
                 ("declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 2 4 5 5 5 4"),
                 ("declare", "Кочевник", "attack", "Викинг", "--weapon", "2", "--given", "5 4 5 5 5 5 5 5"),
                 ("declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 5 4 5 5 5 5"),
                 ("declare", "Викинг", "defend", "--given", "5 4 3 2 4 5 5 5 4"),
                 ("declare", "Викинг", "defend", "--given", "5 5 3 2 4 5 5 5 4"),
                 ("fight", "next")):
        run(*step)
    master = run("log", "-n", "0")
    players = run("log", "--public", "-n", "0")
    word = run("fight", "status", "--public").split("Викинг:")[1].split("\n")[0].strip()
    assert re.search(r"Викинг takes \d+: HP 30 -> \d+\.", master)
    assert "HP 30 ->" not in players and re.search(rf"Викинг takes \d+: {word}\.", players)
    records = json.loads(run("log", "--public", "--json", "-n", "0"))
    assert _foe_numbers(records, {"Викинг"}) == []
