"""A one-shot command imports and builds only what it runs; help still sees everything.

Start-up speed itself is measured in benchmarks/fight_commands.py; these tests
prove the behaviour that speed rests on, by what a real process imports.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import typer.main
from support.paths import ROOT_DIR

from ttcli.app import LazyCommands, app
from ttcli.commands import COMMANDS

ROOT = ROOT_DIR

PROBE = (
    "import json, sys\n"
    "from ttcli.main import main\n"
    "code = main(sys.argv[1:])\n"
    "mods = sorted(m for m in sys.modules if m.startswith(('ttcli.commands.', 'rich', 'prompt_toolkit', 'typer',\n"
    "                                                   'rules.systems.')))\n"
    "print(json.dumps({'code': code, 'modules': mods}))\n"
)


def _imports(tmp_path: Path, *args: str, full: bool = False) -> dict:
    saves = tmp_path / "saves"
    if not saves.exists():
        saves.mkdir()
        shutil.copy(ROOT / "saves" / "crypt.toml", saves / "crypt.toml")
    env = {"NO_COLOR": "1", "PATH": "", **({"TTCLI_NO_FASTPATH": "1"} if full else {})}
    out = subprocess.run([sys.executable, "-c", PROBE, "--saves", str(saves), "-s", "crypt", *args],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    return json.loads(out.stdout.splitlines()[-1])


def test_fight_status_imports_neither_typer_nor_any_command_module(tmp_path):
    seen = _imports(tmp_path, "fight", "status")
    assert seen["code"] == 0
    assert not [m for m in seen["modules"] if m.startswith(("typer", "ttcli.commands.", "rich"))], seen["modules"]
    # checking the file reads the dungeon's data, never its fight rules
    assert "rules.systems.dungeon.fight" not in seen["modules"]


def test_an_attack_loads_no_rest_and_no_other_command(tmp_path):
    assert _imports(tmp_path, "fight", "start", "--seed", "1")["code"] == 0
    seen = _imports(tmp_path, "attack", "Гоблин 1", "Вор", "--seed", "6")
    assert seen["code"] == 0
    assert "typer" not in seen["modules"]
    assert "rules.systems.dungeon.rest" not in seen["modules"]
    assert [m for m in seen["modules"] if m.startswith("ttcli.commands.")] == ["ttcli.commands.actions"]
    # the session plays the dungeon: the other systems' fight rules stay unread
    assert [m for m in seen["modules"] if m.endswith(".rules") and m.startswith("rules.systems.")] == [
        "rules.systems.dungeon.rules"]


def test_fight_status_in_the_full_app_imports_only_the_fight_commands(tmp_path):
    seen = _imports(tmp_path, "fight", "status", full=True)
    assert seen["code"] == 0
    others = {"ttcli.commands.history", "ttcli.commands.odds", "ttcli.commands.roll",
              "ttcli.commands.completion", "ttcli.commands.actions"}
    assert "ttcli.commands.fight" in seen["modules"]
    assert not others & set(seen["modules"]), seen["modules"]
    assert not [m for m in seen["modules"] if m.startswith(("rich", "prompt_toolkit"))]


def test_a_system_verb_imports_no_other_command_group(tmp_path):
    assert _imports(tmp_path, "fight", "start", "--seed", "1")["code"] == 0
    seen = _imports(tmp_path, "attack", "Гоблин 1", "Вор", "--seed", "6", full=True)
    assert seen["code"] == 0
    assert "ttcli.commands.actions" in seen["modules"]
    assert not {"ttcli.commands.history", "ttcli.commands.odds", "ttcli.commands.roll"} & set(seen["modules"])


def test_the_app_lists_every_command_in_help_order_without_building_them():
    group = typer.main.get_command(app)
    assert list(group.commands.keys()) == list(COMMANDS)
    assert all(name in group.commands for name in COMMANDS)
    assert group.commands._built == {}


def test_lazy_commands_build_each_name_once_on_lookup():
    made: list[str] = []

    def make(name):
        made.append(name)
        return f"<{name}>"

    commands = LazyCommands({}, ["b", "a"], make)
    assert "a" in commands and "z" not in commands and made == []
    assert commands.get("a") == "<a>" and commands["a"] == "<a>" and made == ["a"]
    assert commands.get("z") is None
    commands["verb"] = "<verb>"  # a generated command joins after the declared ones
    assert list(commands) == ["b", "a", "verb"] and len(commands) == 3
    assert dict(commands.items()) == {"b": "<b>", "a": "<a>", "verb": "<verb>"} and made == ["a", "b"]
    del commands["b"]
    assert list(commands) == ["a", "verb"]


def test_a_group_converts_its_commands_one_by_one():
    group = typer.main.get_command(app)
    fight = group.commands["fight"]
    assert isinstance(fight.commands, LazyCommands)
    assert {"status", "next", "end", "join"} <= set(fight.commands.keys())
    assert fight.commands.get("status").name == "status"
    assert set(fight.commands._built) == {"status"}


def test_the_command_table_reads_the_systems_catalogues_never_their_fight_rules(tmp_path):
    """The root's help lists every system's verbs from its catalogue (``catalogue.py``, its
    ``SystemCard``): no system's rules object nor any module of its fight rules is loaded."""
    seen = _imports(tmp_path, "--help", full=True)
    assert seen["code"] == 0
    loaded = {m for m in seen["modules"] if m.startswith("rules.systems.")}
    for system in ("dungeon", "skirmish", "terra", "twilight"):
        assert f"rules.systems.{system}.catalogue" in loaded
        assert f"rules.systems.{system}.rules" not in loaded
        assert f"rules.systems.{system}.fight" not in loaded
