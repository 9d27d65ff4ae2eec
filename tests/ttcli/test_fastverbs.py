"""The fast path of one-shot fight commands behaves exactly like the full Typer app.

Each command line runs twice on its own copy of the same session, once each
way; output, exit code and every file left behind must be equal.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT_DIR

from ttcli.argv import Spec, parse_command
from ttcli.fastverbs import FIGHT_BUILTIN, action_spec

ROOT = ROOT_DIR
#: the journal and the undo history stamp each entry with the second it was written
STAMP = re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d\+00:00")
G = ["--saves", "saves", "-s", "crypt"]

CASES = [
    [*G, "fight", "status"],
    [*G, "fight", "status", "--public"],
    [*G, "fight", "status", "--json"],
    [*G, "fight", "status", "-f", "bbcode"],
    ["--no-color", "--session=crypt", "--saves=saves", "fight", "status", "--format=markdown"],
    [*G, "fight", "status", "--format", "html"],
    [*G, "fight", "status", "--help"],
    [*G, "fight", "next", "--seed", "3"],
    [*G, "fight", "next", "--given", "2"],
    [*G, "fight", "end"],
    [*G, "fight", "order", "Вор", "Викинг", "Лучница", "Жрец"],
    [*G, "attack", "Гоблин 1", "Вор", "--seed", "6"],
    [*G, "атака", "гоб", "вор", "--given", "20 6 9", "--json"],
    [*G, "attack", "Гоблин 1", "Вор", "--adv", "1", "--fatigue-adv", "--given", "1 1"],
    [*G, "attack", "Гоблин 1", "Вор", "--seed", "6", "--public"],
    [*G, "attack", "Гоблин 1", "Вор", "--given", "12", "--format", "plain", "--", ],
    [*G, "attack", "Вор", "Гоблин 1", "--seed", "1"],
    [*G, "attack", "Гоблин 1", "Никто", "--seed", "1"],
    [*G, "attack", "Гоблин 1"],
    [*G, "attack", "Гоблин 1", "Вор", "--given", "x"],
    [*G, "attack", "Гоблин 1", "Вор", "--seed", "x"],
    [*G, "attack", "Гоблин 1", "Вор", "--bogus"],
    [*G, "attack", "Гоблин 1", "Вор", "Огр"],
    [*G, "attack", "Гоблин 1", "Вор", "--weapon", "abc", "--seed", "1"],
    [*G, "check", "Гоблин 1", "тело", "--dc", "12", "--given", "3"],
    # trust item 1: a number beyond 64 bits is refused alike, naming the parameter
    [*G, "check", "Гоблин 1", "тело", "--dc", "9223372036854775808", "--given", "3"],
    [*G, "check", "Гоблин 1", "тело", "--dc", "-9223372036854775809", "--given", "3"],
    [*G, "check", "Гоблин 1", "тело", "--dc", "9223372036854775807", "--given", "3"],
    [*G, "damage", "Огр", "99999999999999999999"],
    [*G, "fight", "next", "--seed", "99999999999999999999"],
    # issue 26: the odds of an action, without Typer
    [*G, "odds", "attack", "Огр", "Вор"],
    [*G, "odds", "атака", "огр", "вор", "--at-least", "7", "--json"],
    [*G, "odds", "check", "Вор", "reaction", "--dc", "15", "-f", "bbcode"],
    [*G, "odds", "save", "Викинг", "тело", "--format", "markdown"],
    [*G, "odds", "attack", "Огр"],
    [*G, "odds", "attack", "Огр", "Никто"],
    [*G, "odds", "attack", "Огр", "Вор", "--answer", "block"],
    [*G, "odds", "attack", "Огр", "Вор", "--dc", "x"],
    ["--saves", "saves", "-s", "nosuch", "fight", "status"],
    ["--saves", "saves", "fight", "status"],
]


def run(args, folder: Path, fast: bool):
    env = {k: v for k, v in os.environ.items() if not k.startswith("TTCLI_") and k != "NO_COLOR"}
    if not fast:
        env["TTCLI_NO_FASTPATH"] = "1"
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "ttcli", *args], capture_output=True, text=True,
                          cwd=folder, env=env)
    files = {p.relative_to(folder).as_posix(): STAMP.sub(b"-", p.read_bytes())
             for p in sorted(folder.rglob("*")) if p.is_file()}
    return done.returncode, done.stdout, done.stderr, files


@pytest.fixture(scope="module")
def started(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("started")
    (folder / "saves").mkdir()
    shutil.copy(ROOT / "saves" / "crypt.toml", folder / "saves" / "crypt.toml")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TTCLI_NO_FASTPATH": "1"}
    subprocess.run([sys.executable, "-m", "ttcli", *G, "fight", "start", "--seed", "1"], cwd=folder,
                   env=env, check=True, capture_output=True)
    return folder


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a[4:] if a[:1] == ["--saves"] else a))
def test_fast_path_matches_the_full_app(args, started, tmp_path):
    shutil.copytree(started, tmp_path / "fast")
    shutil.copytree(started, tmp_path / "full")
    assert run(args, tmp_path / "fast", fast=True) == run(args, tmp_path / "full", fast=False)


def _attack_spec() -> Spec:
    from ttcli.commands.actions import declarations

    return action_spec(declarations()["attack"])


@pytest.mark.parametrize(("args", "expected"), [
    (["Ёж", "Уж"], ({"attacker": "Ёж", "target": "Уж"}, [])),
    (["--adv", "2", "Ёж", "--ranged", "Уж"], ({"attacker": "Ёж", "target": "Уж", "adv": 2, "ranged": True},
                                               ["adv", "ranged"])),
    (["Ёж", "Уж", "--given=5 4", "--json"], ({"given": "5 4", "as_json": True}, ["given", "as_json"])),
    (["--", "-Ёж", "Уж"], ({"attacker": "-Ёж", "target": "Уж"}, [])),
])
def test_a_verb_is_read_as_click_reads_it(args, expected):
    parsed = parse_command(_attack_spec(), args)
    assert parsed is not None
    values, typed = parsed
    assert {k: values[k] for k in expected[0]} == expected[0]
    assert typed == expected[1]
    assert values["fmt"] == "auto" and values["public"] is False


@pytest.mark.parametrize("args", [
    ["Ёж"], ["Ёж", "Уж", "Ох"], ["Ёж", "Уж", "--adv"], ["Ёж", "Уж", "--adv", "два"], ["Ёж", "Уж", "-h"],
    ["Ёж", "Уж", "--ranged=yes"], ["Ёж", "Уж", "-f", "html"], ["Ёж", "Уж", "-fplain"],
])
def test_lines_the_fast_path_leaves_to_the_full_app(args):
    assert parse_command(_attack_spec(), args) is None


def test_the_fight_groups_own_commands_are_known_to_the_fast_path():
    from typer.main import get_command_name

    from ttcli.commands.fight import app

    own = {c.name or get_command_name(c.callback.__name__) for c in app.registered_commands}
    assert set(FIGHT_BUILTIN) == own | {"start"}


def test_the_built_in_commands_are_the_apps():
    from typer.main import get_group

    from ttcli.app import app
    from ttcli.commands import COMMANDS

    assert set(COMMANDS) <= set(get_group(app).list_commands(None))
