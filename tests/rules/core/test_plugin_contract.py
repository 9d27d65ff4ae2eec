"""The plug-in contract: a system from outside ttcli plays through the CLI unchanged."""

from __future__ import annotations

import json

import pytest
from support.paths import ROOT_DIR, SUPPORT_DIR
from support.registered import session_of

from rules import systems
from ttcli.exitcodes import ExitCode


@pytest.fixture
def toy(tmp_path, runner, monkeypatch):
    return session_of(tmp_path, runner, monkeypatch, "toy", "toy_system", "pit", "Ёж", "Уж")


def test_a_system_outside_ttcli_plays_a_fight_through_the_cli(toy):
    r = toy("fight", "start")
    assert r.exit_code == 0, r.output
    r = toy("poke", "ёж", "уж", "--given", "4", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["dice"] == [{"sides": 6, "face": 4, "origin": "given", "purpose": "poke"}]
    assert "Ёж pokes Уж for 4 (HP 6 -> 2)." in data["lines"]
    r = toy("тык", "Ёж", "Уж", "--given", "5 6 1")  # the Russian alias; extras ignored and listed
    assert r.exit_code == 0, r.output
    assert "HP 2 -> 0" in r.stdout and "ignored given values: 6 1" in r.stdout
    assert toy("fight", "next").exit_code == 0
    status = json.loads(toy("fight", "status", "--json").stdout)
    # Уж is at 0 HP, unconscious: the toy's status (the core's for that word) says it cannot act, so the turn skips it
    assert status["fight"]["order"][status["fight"]["index"]] == "Ёж"
    assert status["fight"]["round"] == 2


def test_a_verb_of_another_system_is_refused_with_its_owner(toy):
    toy("fight", "start")
    r = toy("attack", "Ёж", "Уж")
    assert r.exit_code == ExitCode.USAGE
    assert "attack belongs to " in r.stderr and "dungeon" in r.stderr and "this session plays toy" in r.stderr


def test_the_new_verb_has_help_listing_its_system(runner, monkeypatch):
    from ttcli.app import app

    monkeypatch.setitem(systems.REGISTRY, "toy", "toy_system")
    monkeypatch.syspath_prepend(str(SUPPORT_DIR))
    r = runner.invoke(app, ["poke", "--help"])
    assert r.exit_code == 0 and "Poke TARGET" in r.stdout and "toy" in r.stdout


def test_system_data_round_trips_and_a_typo_is_reported_at_its_path(monkeypatch):
    """Open state: a system's own data on a combatant and on the fight, checked by its decoder."""
    from rules.core.codec import encounter_from_doc, encounter_to_doc
    from rules.core.errors import DocumentError

    monkeypatch.syspath_prepend(str(SUPPORT_DIR))
    from toy_system.rules import RULES

    doc = {
        "format": 1, "name": "pit", "system": "toy",
        "combatants": {"Ёж": {"side": "party", "hidden": False, "status": "ok", "stats": {}, "resources": {},
                              "data": {"mood": "злой"}}},
        "fight": {"round": 1, "order": [], "index": 0, "data": {"loud": True}},
    }
    enc = encounter_from_doc(doc, RULES)
    assert enc.get("Ёж").data == {"mood": "злой"} and enc.fight.order == ()
    assert encounter_to_doc(enc, doc) == doc
    doc["combatants"]["Ёж"]["data"] = {"moood": "злой"}
    with pytest.raises(DocumentError) as caught:
        encounter_from_doc(doc, RULES)
    assert "moood" in str(caught.value) and "data" in str(caught.value)


def test_verbs_shared_by_systems_agree_on_their_arguments_and_every_verb_has_help(runner):
    """One command per verb: its positional arguments must mean the same in every system."""
    from ttcli.app import app
    from ttcli.commands.actions import declarations
    from ttcli.i18n import load

    russian = load("ru")
    for verb, entries in declarations().items():
        shapes = {tuple((p.name, p.kind) for p in action.positionals) for _, action in entries}
        assert len(shapes) == 1, f"{verb}: systems disagree on its arguments: {shapes}"
        for _, action in entries:
            assert action.help and russian.gettext(action.help) != action.help, f"{verb} needs help in Russian too"
        r = runner.invoke(app, [verb, "--help"])
        assert r.exit_code == 0 and "Examples" in r.stdout, verb


def test_a_hand_edited_data_table_with_a_typo_is_reported_at_its_line_and_kept(toy):
    """Bad input: the system's decoder checks hand edits; the file is left as it is."""
    import re

    text = toy.path.read_text(encoding="utf-8") + '\n[combatants."Ёж".data]\nmoood = "злой"\n'
    toy.path.write_text(text, encoding="utf-8")
    before = toy.path.read_bytes()
    r = toy("poke", "Ёж", "Уж")
    assert r.exit_code == ExitCode.BAD_DATA, r.output
    assert "moood" in r.stderr and re.search(r"pit\.toml:\d+", r.stderr), r.stderr
    assert toy.path.read_bytes() == before


def test_checking_a_session_with_system_data_loads_no_fight_rules(tmp_path):
    """Every command reads (and checks) the session file; the system's data tables are read by
    its light decoders, so `fight status` does not pay for the fight rules."""
    import shutil
    import subprocess
    import sys

    saves = tmp_path / "saves"
    saves.mkdir()
    shutil.copy(ROOT_DIR / "saves" / "crypt.toml", saves / "crypt.toml")
    assert "[combatants.\"Викинг\".data]" in (saves / "crypt.toml").read_text(encoding="utf-8")
    code = (
        "import sys\nfrom ttcli.main import main\n"
        f"sys.argv = ['ttcli', '--saves', {str(saves)!r}, '--session', 'crypt', 'fight', 'status']\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('rules.systems.dungeon.')), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    import ast

    loaded = ast.literal_eval(result.stderr.strip().splitlines()[-1])
    assert "rules.systems.dungeon.data" in loaded
    assert "rules.systems.dungeon.fight" not in loaded and "rules.systems.dungeon.mechanics" not in loaded


# --- the data readers' hooks (SystemData), declared by the toy ---------------------------------------


def test_the_toys_own_notes_reach_fight_status_and_a_problem_reaches_session_check(toy):
    """status_notes, fight_notes and combatant_problems: called plainly, nothing in ttcli/ knows the toy."""
    text = toy.path.read_text(encoding="utf-8") + '\n[combatants."Ёж".data]\nmood = "sleepy"\n'
    toy.path.write_text(text, encoding="utf-8")
    assert toy("fight", "start").exit_code == 0
    status = toy("fight", "status", "--format", "plain")
    assert status.exit_code == 0, status.output
    assert "feels sleepy" in status.stdout and "2 toys still squeak" in status.stdout
    toy.path.write_text(toy.path.read_text(encoding="utf-8").replace('"sleepy"', '"very sleepy"'), encoding="utf-8")
    r = toy("session", "check")
    assert r.exit_code == ExitCode.BAD_DATA and "a toy's mood is one word" in r.output, r.output


# --- the defaults of the data readers, with a system that keeps them (the toy overrides every hook) ---


@pytest.fixture
def relay(tmp_path, runner, monkeypatch):
    """The turn system of the test folder: it overrides no data hook."""
    return session_of(tmp_path, runner, monkeypatch, "relay", "turn_system", "relay", "Ёж")


@pytest.mark.parametrize(("args", "said"), [
    (["char", "give", "Ёж", "камешек"], "keeps no inventory"),             # keeps_inventory, give
    (["char", "take", "Ёж", "камешек"], "keeps no inventory"),             # take
    (["char", "set", "Ёж", "status=dead"], "status is kept by the fight"),  # parse_status
])
def test_a_hook_a_system_leaves_at_its_default_answers_as_documented(relay, args, said):
    before = relay.path.read_bytes()
    r = relay(*args)
    assert r.exit_code == ExitCode.USAGE and said in r.stderr, r.output
    assert relay.path.read_bytes() == before


def test_the_default_health_rule_keeps_the_status_a_master_gives(relay):
    """settle_health's default: HP changes, the status stays as it was."""
    r = relay("char", "set", "Ёж", "hp=0")
    assert r.exit_code == 0, r.output
    assert 'status = "ok"' in relay.path.read_text(encoding="utf-8").split('[combatants."Ёж"]')[1].split("[")[0]
