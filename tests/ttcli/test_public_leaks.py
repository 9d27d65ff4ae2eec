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
from support.paths import ROOT_DIR

from ttcli.app import app
from ttcli.argv import FORMATS

ROOT = ROOT_DIR
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


# ---------------------------------------------------------------- every system, a hidden one on each side

#: a hidden combatant's name in any inflection (the sweep's hidden ones: a party spy, an enemy ghost, the shaman)
SWEEP_HIDDEN = re.compile("шпион|призрак|шаман", re.IGNORECASE)
SOMEONE = re.compile(r"\b(someone|кто-то)\b", re.IGNORECASE)
#: a die in a line: d20 14, 1д4 (3), D4+D4 ...
A_DIE = re.compile(r"(?<![^\W\d_])\d*[dдDД]\d+(?![^\W\d_])")
#: fields that hold what a roll showed
ROLL_KEYS = frozenset({"die", "dice", "faces", "modifiers", "terms", "attacker_die", "target_die"})
#: fields that say whose roll it is
ROLLER_KEYS = ("attacker", "name", "roller", "source", "defender", "actor", "target")

#: system -> (save file, the hidden ones and whom each copies, the steps); a step is a
#: command, or ("turn", NAME): `fight next` until it is NAME's turn
SWEEP: dict[str, tuple[str, dict[str, str], tuple[tuple[str, ...], ...]]] = {
    "dungeon": ("crypt.toml", {"Шпион": "Вор", "Гоблин-шаман": "Гоблин-шаман"}, (
        ("fight", "start", "--ambush", "enemy"),
        ("attack", "Гоблин 1", "Шпион", "--given", "20 3"),
        ("turn", "Гоблин-шаман"),
        ("attack", "Гоблин-шаман", "Вор", "--given", "18 4"),
        ("knock", "Гоблин-шаман", "Вор", "--given", "18 4"),
        ("turn", "Шпион"),
        ("attack", "Шпион", "Гоблин 2", "--given", "20 2"),
        ("attack", "Шпион", "Гоблин-шаман", "--given", "20 1"),
        ("damage", "Гоблин-шаман", "1"),
        ("heal", "Шпион", "1"),
    )),
    "terra": ("terra.toml", {"Шпион": "Плут", "Призрак": "Волк 1"}, (
        ("place", "Шпион", "3,0"),
        ("place", "Призрак", "1,1"),
        ("fight", "start", "--seed", "3"),
        ("turn", "Торн"),
        ("attack", "Торн", "Волк 1", "--given", "3"),
        ("turn", "Призрак"),
        ("attack", "Призрак", "Плут", "--given", "3"),
        ("turn", "Шпион"),
        ("attack", "Шпион", "Волк 2", "--given", "2 3"),
        ("turn", "Плут"),
        ("attack", "Плут", "Призрак", "--given", "2 3"),
        ("damage", "Призрак", "2"),
        ("damage", "Шпион", "3"),
        ("heal", "Шпион", "1"),
    )),
    "skirmish": ("skirmish.toml", {"Шпион": "Стрелок", "Призрак": "Разбойник 1"}, (
        ("fight", "start", "--given", "12 9 8 7 6 5 17"),
        ("turn", "Призрак"),
        ("attack", "Призрак", "Рыцарь", "--given", "13"),
        ("defend", "Рыцарь", "block", "--given", "5 36 2 5"),
        ("turn", "Стрелок"),
        ("attack", "Стрелок", "Разбойник 2", "--weapon", "Лук", "--given", "16"),
        ("defend", "Разбойник 2", "dodge", "--given", "3"),
        ("turn", "Шпион"),
        ("attack", "Шпион", "Разбойник 2", "--weapon", "Лук", "--given", "16"),
        ("defend", "Разбойник 2", "dodge", "--given", "3"),
        ("turn", "Рыцарь"),
        ("attack", "Рыцарь", "Призрак", "--weapon", "Меч", "--answer", "block", "--given", "15 6 99 9 99"),
        ("turn", "Призрак"),
        ("attack", "Призрак", "Стрелок", "--given", "19"),
        ("damage", "Призрак", "2"),
    )),
    "twilight": ("arena.toml", {"Шпион": "Кочевник", "Призрак": "Викинг"}, (
        ("fight", "start"),
        ("fight", "next"),
        ("declare", "Призрак", "attack", "Кочевник", "--given", "6 6 6 6 1 1 1 1 1"),
        ("declare", "Шпион", "attack", "Викинг", "--given", "6 6 6 1 1 1 1 1 1"),
        ("declare", "Кочевник", "attack", "Призрак", "--given", "6 6 1 1 1 1 1 1 1"),
        ("declare", "Викинг", "defend", "--given", "1 1 1 1 1 1 1 1 1"),
        ("fight", "next"),
    )),
}
#: the players' reads of the fight, after the steps
SWEEP_READS = (("fight", "status"), ("log", "-n", "0"), ("log", "--round", "1"), ("log", "--round", "2"))


def _sweep_fight(saves: Path, system: str, runner):
    """The session of ``system`` with its hidden ones added (copies of those named), and how to run it."""
    import tomllib

    import tomli_w

    file, clones, _steps = SWEEP[system]
    doc = tomllib.loads((ROOT / "saves" / file).read_text(encoding="utf-8"))
    for new, old in clones.items():
        doc["combatants"][new] = {**doc["combatants"][old], "hidden": True}
    saves.mkdir()
    (saves / file).write_text(tomli_w.dumps(doc), encoding="utf-8")
    session = file.removesuffix(".toml")

    def run(*args: str):
        return runner.invoke(app, ["--saves", str(saves), "--session", session, "--lang", "en", *args])

    return run


def _turn_to(run, name: str) -> None:
    for _ in range(30):
        fight = json.loads(run("fight", "status", "--json").stdout)["fight"]
        if isinstance(fight.get("index"), int) and fight["order"][fight["index"]] == name:
            return
        assert run("fight", "next").exit_code == 0
    raise AssertionError(f"{name}'s turn never came")


def _secret_health(master_log: dict, kept: set[str]) -> dict[str, set[tuple[int, int]]]:
    """Each HP change ``before -> after`` the master's log shows of ``kept`` combatants."""
    out: dict[str, set[tuple[int, int]]] = {}
    for event in master_log["events"]:
        for r in event.get("events", []):
            owner = r.get("name") if isinstance(r.get("name"), str) else r.get("target")
            if owner in kept and type(r.get("hp_before")) is int and type(r.get("hp_after")) is int:
                out.setdefault(owner, set()).add((r["hp_before"], r["hp_after"]))
    return out


def _leaks_in_text(out: str, health: dict[str, set[tuple[int, int]]]) -> list[str]:
    found = []
    for line in out.splitlines():
        for name, changes in health.items():
            if name in line or SOMEONE.search(line):
                found += [f"{name} HP in {line!r}" for before, after in changes if f"{before} -> {after}" in line]
        if SOMEONE.search(line) and A_DIE.search(line):
            found.append(f"a hidden one's die in {line!r}")
    return found


def _leaks_in_json(value, kept: set[str], named: bool = False) -> list[str]:
    """HP numbers of ``kept`` combatants, and rolls whose roller is not named (``named``: a
    table around this one names it): the players' version leaves a hidden roller out."""
    found = []
    if isinstance(value, dict):
        owner = value.get("name") if isinstance(value.get("name"), str) else value.get("target")
        if owner in kept:
            found += [f"{owner}: {k}" for k in ("hp", "hp_before", "hp_after", "hp_max") if k in value]
            if value.get("resources"):
                found.append(f"{owner}: resources")
        named = named or any(isinstance(value.get(k), str) for k in ROLLER_KEYS)
        if "seq" in value:  # a journal event keeps its dice only when nothing in it is a hidden one's
            named = not any(SOMEONE.search(line) for line in value.get("text", []))
        if ROLL_KEYS & value.keys() and not named:
            found.append(f"a roll of nobody named (a hidden one's): {value}")
        for v in value.values():
            found += _leaks_in_json(v, kept, named)
    elif isinstance(value, list):
        for v in value:
            found += _leaks_in_json(v, kept, named)
    return found


@pytest.mark.parametrize("fmt", SHOWN_FORMATS)
@pytest.mark.parametrize("system", sorted(SWEEP))
def test_issue_1_players_see_no_hidden_name_hp_or_roll_in_any_system(tmp_path, runner, system, fmt):
    """Issue section 1, the sweep: a hidden combatant on each side acts and is acted on; every
    command that takes --public, in every format, names neither, shows no exact HP of a hidden
    one or an enemy, and no roll of a hidden one."""
    run = _sweep_fight(tmp_path / "saves", system, runner)
    _file, clones, steps = SWEEP[system]
    outputs = []
    for step in steps:
        if step[0] == "turn":
            _turn_to(run, step[1])
            continue
        public = step[0] not in ("fight",)
        r = run(*step, *(("--public", "--format", fmt) if public else ()))
        assert r.exit_code in (0, 1), (step, r.output)
        if public:
            outputs.append((step, r))
    outputs += [(read, run(*read, "--public", "--format", fmt)) for read in SWEEP_READS]
    master = json.loads(run("log", "--json", "-n", "0").stdout)
    enemies = {c["name"] for c in json.loads(run("fight", "status", "--json").stdout)["combatants"]
               if c["side"] != "party"}
    kept = enemies | set(clones)
    health = _secret_health(master, kept)
    assert health, "the steps hurt no enemy: the sweep would prove nothing"
    for command, r in outputs:
        assert r.exit_code in (0, 1), (command, r.output)
        out = r.stdout + r.stderr
        assert not SWEEP_HIDDEN.search(out), (command, out)
        leaks = _leaks_in_text(out, health)
        if fmt == "json":
            leaks += _leaks_in_json(json.loads(r.stdout), kept)
        assert not leaks, (command, leaks, out)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Each system's sweep fight played through by the master (no --public): system -> run."""
    from typer.testing import CliRunner

    runner, fights = CliRunner(), {}

    def fight(system: str):
        if system not in fights:
            run = _sweep_fight(tmp_path_factory.mktemp(system) / "saves", system, runner)
            for step in SWEEP[system][2]:
                if step[0] == "turn":
                    _turn_to(run, step[1])
                else:
                    assert run(*step).exit_code in (0, 1), step
            fights[system] = run
        return fights[system]

    return fight


#: system -> (what the master's log says of a hidden one's blow on a visible one, what the players' says)
BLOWS = {
    "dungeon": (["Гоблин-шаман attacks Вор (melee): d20 18 = 18 vs dodge 13: hit.", "Вор: HP 7 -> 2."],
                ["Someone attacks Вор (melee): hit.", "Damage: 5.", "Вор: HP 7 -> 2."]),
    "terra": (["Призрак attacks Плут for 3 AP", "Плут takes 4 physical variable: 4 to HP (HP 10 -> 6)."],
              ["Someone attacks Плут.", "Плут takes 4 physical variable: 4 to HP (HP 10 -> 6)."]),
    "skirmish": (["Призрак attacks Рыцарь with Топор: d20 13 + 3 accuracy = 16.",
                  "Рыцарь loses 1 HP (30 -> 29).", "poison 20%: d100 2: it takes hold."],
                 ["Someone attacks Рыцарь: 16. Рыцарь answers: block or dodge.",
                  "Рыцарь blocks with Щит: d20 5 + 6 defense = 11 against 16: the attack lands.",
                  "Рыцарь loses 1 HP (30 -> 29).", "poison takes hold."]),
    "twilight": (["Призрак -> Кочевник: 4 against 0 of defense: 4 successes through, 8 damage.",
                  "Кочевник takes 8: HP 20 -> 12."],
                 ["Someone attacks Кочевник: 8 damage.", "Кочевник takes 8: HP 20 -> 12."]),
}


@pytest.mark.parametrize("system", sorted(BLOWS))
def test_issue_1_a_hidden_attackers_blow_on_a_visible_one_is_someones(played, system):
    """The players see every effect on them: the hidden one's attack is there, as "someone",
    without its die or stats, in the log, the round's post and the JSON, as in the command's own output."""
    run = played(system)
    master_words, players_words = BLOWS[system]
    master = run("log", "-n", "0").stdout
    assert all(line in master for line in master_words), master
    # twilight's round 2 resolves as round 3 begins
    for args in (("log", "-n", "0"), ("log", "--round", "3" if system == "twilight" else "1")):
        players = run(*args, "--public").stdout
        assert all(line in players for line in players_words), players
        assert not SWEEP_HIDDEN.search(players)
    records = json.loads(run("log", "--public", "--json", "-n", "0").stdout)
    said = [line for e in records["events"] for line in e["text"]]
    assert all(any(line in s for s in said) for line in players_words), said


@pytest.mark.parametrize("system", ["terra", "skirmish"])
def test_issue_1_terra_and_skirmish_logs_give_a_foes_health_as_fight_status_does(played, system):
    """`log --public` read `Волк 1 ... (ОЗ 10 -> 5)`, `Разбойник 1 теряет 3 ХП (15 -> 12)` while
    `fight status --public` said the condition word: now both say the word, in text and JSON."""
    run = played(system)
    foe = {"terra": "Волк 1", "skirmish": "Разбойник 2"}[system]
    word = run("fight", "status", "--public").stdout.split(f"{foe}:")[1].split("\n")[0].strip()
    assert word in ("wounded", "badly wounded")
    players = run("log", "--public", "-n", "0").stdout
    told = [line for line in players.splitlines() if foe in line and "HP" in line]
    assert told and all(f"({word})" in line and "->" not in line for line in told), told
    assert re.search(rf"{foe} (takes|loses) .*\(HP \d+ -> \d+\)|{foe} loses \d+ HP \(\d+ -> \d+\)",
                     run("log", "-n", "0").stdout)
    records = json.loads(run("log", "--public", "--json", "-n", "0").stdout)
    assert _foe_numbers(records, {foe}) == []
    hits = [r for e in records["events"] for r in e.get("events", []) if r.get("target") == foe and r["kind"] == "hit"]
    assert hits and hits[-1]["condition_after"] == word


def test_issue_1_a_hidden_bandits_pending_attack_is_in_the_players_status(played):
    """The player must answer it: the total to beat, from "someone", in text and JSON."""
    run = played("skirmish")
    status = run("fight", "status", "--public").stdout
    assert "waiting: someone attacks Стрелок = 22; Стрелок answers with defend Стрелок block|dodge|none" in status
    assert "waiting: Призрак -> Стрелок (Топор) = 22" in run("fight", "status").stdout
    data = json.loads(run("fight", "status", "--public", "--json").stdout)
    pending = data["fight"]["data"]["pending"]
    assert pending == [{"target": "Стрелок", "total": 22, "shot": False, "counter": False}]
    assert not SWEEP_HIDDEN.search(json.dumps(data, ensure_ascii=False))
