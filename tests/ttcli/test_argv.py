"""One command-line front end: the global options are read in one pass, and the fast
paths read exactly the options the Click commands declare (a contract, per command).
"""

from __future__ import annotations

import pytest
import typer.main
from hypothesis import given
from hypothesis import strategies as st

from ttcli import argv, fastroll, fastverbs
from ttcli.app import app
from ttcli.argv import GLOBALS, read_line

ROOT_GROUP = typer.main.get_command(app)


# --- the global options, one pass -----------------------------------------------------------


@pytest.mark.parametrize(("words", "options", "for_click", "plain"), [
    (["roll", "1d6", "--no-color"], {"no_color": True}, ["--no-color", "roll", "1d6"], True),
    (["roll", "1d6", "--lang", "ru"], {"lang": "ru"}, ["--lang", "ru", "roll", "1d6"], True),
    (["fight", "status", "--lang=ru", "--no-color"], {"lang": "ru", "no_color": True},
     ["--lang=ru", "--no-color", "fight", "status"], True),
    (["roll", "--", "--no-color"], {}, ["roll", "--", "--no-color"], True),
    (["-s", "crypt", "roll", "2d6"], {"session": "crypt"}, ["-s", "crypt", "roll", "2d6"], True),
    (["--no-color", "--saves=x", "-s", "Склеп", "fight", "status"],
     {"no_color": True, "saves": "x", "session": "Склеп"},
     ["--no-color", "--saves=x", "-s", "Склеп", "fight", "status"], True),
    (["--lang", "en", "roll", "d6", "--lang", "ru"], {"lang": "ru"}, ["--lang", "en", "--lang", "ru", "roll", "d6"],
     True),
    (["attack", "А", "Б", "--bbcode-dialect", "phpbb", "-f", "bbcode"], {"bbcode_dialect": "phpbb"},
     ["--bbcode-dialect", "phpbb", "attack", "А", "Б", "-f", "bbcode"], True),
    # --saves and --session stand before the command, as Click reads them
    (["roll", "1d6", "-s", "crypt"], {}, ["roll", "1d6", "-s", "crypt"], True),
    # what the fast paths leave to the full app, which words its error or its answer
    (["--saves"], {}, ["--saves"], False),
    (["-scrypt", "fight", "status"], {}, ["-scrypt", "fight", "status"], False),
    (["-s=crypt", "fight", "status"], {}, ["-s=crypt", "fight", "status"], False),
    (["--bogus", "fight"], {}, ["--bogus", "fight"], False),
    (["--version"], {}, ["--version"], False),
    (["--no-color=1", "roll", "d6"], {}, ["--no-color=1", "roll", "d6"], False),
])
def test_global_options_are_read_once_wherever_a_master_types_them(words, options, for_click, plain):
    line = read_line(words)
    assert line.options == options
    assert line.for_click() == for_click
    assert line.plain is plain


_WORDS = st.lists(st.sampled_from(["roll", "1d6", "--", "--no-color", "--lang", "ru", "--lang=en", "-s", "crypt",
                                   "--saves", "x", "--bbcode-dialect", "phpbb", "-f", "json", "Ёж", "--bogus"]),
                  max_size=12)


@given(_WORDS)
def test_reading_a_line_keeps_every_word_and_the_order_of_the_commands_own(words):
    line = read_line(words)
    assert sorted(line.for_click()) == sorted(words)
    kept = iter(words)  # what is not hoisted stays in the order typed
    assert all(w in kept for w in [*line.leading, *line.command])
    again = read_line(line.for_click())  # the root group reads the same options from what it is given
    assert (again.options, again.command) == (line.options, line.command)
    if "--" in line.command:  # nothing after -- is read (a -- may be an option's value)
        tail = line.command[line.command.index("--"):]
        assert words[-len(tail):] == tail


# --- the contract: the fast paths read what the Click commands declare ---------------------------


def _click_options(command) -> dict[str, str]:
    """spelling -> "flag", "int" or "text", for every option of a Click command."""
    out = {}
    for p in command.params:
        if p.param_type_name != "option":
            continue
        kind = "flag" if p.is_flag else "int" if p.type.name in ("int", "integer") else "text"
        for spelling in (*p.opts, *p.secondary_opts):
            out[spelling] = kind
    return out


def _spec_options(spec: argv.Spec) -> dict[str, str]:
    return {s: "flag" if kind == "flag" else "int" if kind in ("int", "count") else "text"
            for s, (_name, kind) in spec.options.items()}


def test_the_global_options_are_the_root_groups():
    declared = {s: "flag" if kind == "flag" else "value" for s, kind in _click_options(ROOT_GROUP).items()}
    declared = {s: k for s, k in declared.items() if s not in ("--version", "-V", "--help", "-h")}
    assert {s: "value" if takes else "flag" for s, (_n, takes, _a) in GLOBALS.items()} == declared


def test_the_fast_roll_reads_every_option_of_roll_and_no_other():
    assert fastroll.options() == _click_options(ROOT_GROUP.get_command(None, "roll"))


@pytest.mark.parametrize("command", sorted(fastverbs.FIGHT_OWN))
def test_the_fast_fight_commands_read_the_options_of_the_fight_groups_commands(command):
    fight = ROOT_GROUP.get_command(None, "fight")
    click_command = fight.get_command(None, command)
    assert _spec_options(argv.Spec([], fastverbs.FIGHT_OWN[command])) == _click_options(click_command)
    assert not [p for p in click_command.params if p.param_type_name == "argument"]


def _verbs():
    from rules.systems import known
    from ttcli.commands.actions import declarations

    for noun in ("", "fight"):
        for verb in declarations(noun, tuple(known())):
            yield noun, verb


@pytest.mark.parametrize(("noun", "verb"), list(_verbs()), ids=lambda v: v or "-")
def test_the_fast_path_of_every_system_verb_reads_its_commands_parameters(noun, verb):
    from rules.systems import known
    from ttcli.commands.actions import build_command, declarations

    entries = declarations(noun, tuple(known()))[verb]
    spec = fastverbs.action_spec(entries)
    command = build_command(verb, entries, noun)
    assert _spec_options(spec) == _click_options(command)
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    assert [name for name, _kind, _required in spec.positionals] == [p.name for p in arguments]
    assert [required for _name, _kind, required in spec.positionals] == [p.required for p in arguments]


# --- a session named on the line keeps a roll on its fast path ---------------------------------


@pytest.mark.parametrize("words", [
    ["-s", "crypt", "roll", "2d6"],
    ["--saves", "x", "--session", "crypt", "roll", "2d6"],
    ["roll", "2d6", "--no-color"],
])
def test_global_options_keep_a_roll_on_its_fast_path(words, monkeypatch):
    from ttcli.main import main

    seen = []
    monkeypatch.setattr("ttcli.fastroll.run", lambda command, options: seen.append((command, options)) or 0)
    assert main(words) == 0
    line = read_line(words)
    assert seen == [(line.command, line.options)]
