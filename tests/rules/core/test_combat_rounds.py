"""The round clock: secret declarations, changed or withdrawn, resolved together.

Played through the CLI with a throwaway system (``tests/support/round_system``), so
the contract needs no edit in ``ttcli/``.  What twilight will rely on
(TW-ROUND-1: secret and simultaneous declarations, damage landing together)
is proven here in its generic shape.
"""

from __future__ import annotations

import json
import tomllib

import pytest
from support.paths import SUPPORT_DIR

from rules import systems
from rules.core.errors import DocumentError
from ttcli.exitcodes import ExitCode

HERE = SUPPORT_DIR


@pytest.fixture
def duel(tmp_path, runner, monkeypatch):
    from ttcli.app import app

    monkeypatch.setitem(systems.REGISTRY, "duel", "round_system")
    monkeypatch.syspath_prepend(str(HERE))
    saves = tmp_path / "saves"

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "арена", *args])

    assert run("session", "new", "арена", "--system", "duel").exit_code == 0
    for name in ("Ёж", "Уж"):
        assert run("char", "add", name, "hp_max=6").exit_code == 0
    assert run("fight", "start").exit_code == 0
    run.file = saves / "арена.toml"
    return run


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def test_tw_round_1_a_declaration_is_hidden_from_every_players_output(duel):
    r = ok(duel("declare", "Ёж", "strike", "Уж", "--public", "--json"))
    players = json.loads(r.stdout)
    assert players["lines"] == ["Ёж declares."]
    assert players["events"] == [{"kind": "declared", "name": "Ёж", "round": 1, "changed": False,
                                  "added": False}]
    assert "strike" not in r.stdout
    status = ok(duel("fight", "status", "--public", "--json"))
    assert "strike" not in status.stdout and "declared" not in status.stdout
    log = ok(duel("log", "--public", "--json"))
    assert "strike" not in log.stdout and "Ёж declares." in log.stdout
    # the master sees it everywhere, and the journal keeps it
    master = json.loads(ok(duel("fight", "status", "--json")).stdout)
    assert master["fight"]["data"]["declared"] == {"Ёж": {"move": "strike", "target": "Уж"}}
    journal = json.loads(ok(duel("log", "--json")).stdout)["events"]
    declared = next(e for e in journal if e["kind"] == "declare")
    assert declared["declaration"] == {"move": "strike", "target": "Уж"}
    assert declared["text"] == ["Ёж declares: strike Уж."]
    assert declared["events"][0]["declaration"] == {"move": "strike", "target": "Уж"}


def test_tw_round_1_declarations_change_and_withdraw_before_the_round_resolves(duel):
    ok(duel("declare", "Ёж", "strike", "Уж"))
    r = ok(duel("заявка", "ёж", "защита"))
    assert "Ёж changes the declaration: guard (was: strike Уж)." in r.stdout
    public = json.loads(ok(duel("declare", "Ёж", "guard", "--public", "--json")).stdout)
    assert public["lines"] == ["Ёж changes the declaration."] and "strike" not in json.dumps(public)
    ok(duel("declare", "Уж", "strike", "Ёж"))
    r = ok(duel("withdraw", "Уж", "--public"))
    assert r.stdout.strip() == "Уж withdraws the declaration."
    r = duel("withdraw", "Уж")
    assert r.exit_code == ExitCode.RULES and "Уж has declared nothing this round" in r.stderr
    ok(duel("declare", "Уж", "strike", "Ёж"))
    doc = tomllib.loads(duel.file.read_text(encoding="utf-8"))
    assert doc["fight"]["data"]["declared"] == {"Ёж": {"move": "guard"},
                                                "Уж": {"move": "strike", "target": "Ёж"}}
    # fight next resolves them: the guard halves the strike (5 // 2)
    r = ok(duel("fight", "next", "--given", "5", "--format", "json"))
    out = json.loads(r.stdout)
    assert out["dice"] == [{"sides": 6, "face": 5, "origin": "given", "purpose": "strike"}]
    assert "Уж strikes Ёж: d6 5, 2 dealt (HP 6 -> 4)." in out["lines"]
    revealed = [e for e in out["events"] if e["kind"] == "revealed"]
    assert [e["declaration"] for e in revealed] == [{"move": "guard"}, {"move": "strike", "target": "Ёж"}]
    doc = tomllib.loads(duel.file.read_text(encoding="utf-8"))
    assert doc["fight"]["round"] == 2 and "data" not in doc["fight"]
    # once resolved, the players may read what was declared
    assert "strike Ёж" in ok(duel("log", "--public")).stdout


def test_tw_round_1_strikes_land_together_so_the_fallen_still_strike(duel):
    ok(duel("char", "set", "Ёж", "hp=3"))
    ok(duel("declare", "Ёж", "strike", "Уж"))
    ok(duel("declare", "Уж", "strike", "Ёж"))
    out = json.loads(ok(duel("fight", "next", "--given", "2 6", "--format", "json")).stdout)
    health = {e["name"]: (e["hp_after"], e["status_after"]) for e in out["events"] if e["kind"] == "health"}
    assert health == {"Уж": (4, "ok"), "Ёж": (0, "unconscious")}
    # the fallen cannot declare in the next round
    r = duel("declare", "Ёж", "guard")
    assert r.exit_code == ExitCode.RULES and "cannot declare" in r.stderr


def test_a_round_without_declarations_resolves_and_the_empty_order_never_raises(duel):
    for round_ in (2, 3):
        r = ok(duel("fight", "next", "--format", "json"))
        assert json.loads(r.stdout)["events"][0] == {"kind": "round_resolves", "round": round_ - 1, "declared": 0}
    assert "Ёж declared nothing." in ok(duel("fight", "next")).stdout


def test_a_hidden_declarers_declaration_and_its_line_stay_out_of_the_players_log(duel):
    ok(duel("char", "add", "Тень", "hp_max=6", "--hidden"))
    assert ok(duel("declare", "Тень", "strike", "Ёж", "--public")).stdout.strip() == ""
    assert "Тень" not in ok(duel("log", "--public")).stdout
    assert "Тень declares: strike Ёж." in ok(duel("log")).stdout


def test_bad_declarations_get_one_message_and_leave_the_file_untouched(duel):
    before = duel.file.read_bytes()
    r = duel("declare", "Ёж", "strike")
    assert r.exit_code == ExitCode.USAGE and "a strike needs a TARGET" in r.stderr
    r = duel("declare", "Ёж", "dance")
    assert r.exit_code == ExitCode.USAGE and "strike" in r.stderr
    r = duel("attack", "Ёж", "Уж")
    assert r.exit_code == ExitCode.USAGE and "attack belongs to " in r.stderr and "dungeon" in r.stderr
    assert "this session plays duel" in r.stderr
    assert duel.file.read_bytes() == before


def test_a_hand_edited_declaration_is_checked_at_its_path(monkeypatch):
    from rules.core.codec import encounter_from_doc

    monkeypatch.syspath_prepend(str(HERE))
    from round_system.rules import RULES

    doc = {"system": "duel", "combatants": {"Ёж": {"side": "party"}},
           "fight": {"round": 1, "order": [], "index": 0, "data": {"declared": {"Ёж": "strike"}}}}
    with pytest.raises(DocumentError) as caught:
        encounter_from_doc(doc, RULES)
    assert "declared" in str(caught.value) and "Ёж" in str(caught.value)
    doc["fight"]["data"] = {"declard": {}}
    with pytest.raises(DocumentError, match="declard"):
        encounter_from_doc(doc, RULES)


def test_players_fight_leaves_only_the_declarations_out():
    from rules.core.messages import players_fight

    fight = {"round": 2, "data": {"declared": {"Ёж": {"move": "guard"}}, "storm": 3}}
    assert players_fight(fight) == {"round": 2, "data": {"storm": 3}}
    assert players_fight({"round": 2, "data": {"declared": {}}}) == {"round": 2}
    assert fight["data"]["declared"]  # the master's table is untouched
