"""The turn clock through the CLI, with a throwaway system (``tests/support/turn_system``).

Groups that act in the order they choose (the shape of TT-INIT-2), a turn
delayed to the end of the round (TT-DELAY-1) and a counterattack out of turn
(SK-OUT-1), all played by commands generated from the system's declarations,
with no edit in ``ttcli/``.
"""

from __future__ import annotations

import json

import pytest
from support.paths import SUPPORT_DIR

from rules import systems
from ttcli.exitcodes import ExitCode

HERE = SUPPORT_DIR


@pytest.fixture
def relay(tmp_path, runner, monkeypatch):
    from ttcli.app import app

    monkeypatch.setitem(systems.REGISTRY, "relay", "turn_system")
    monkeypatch.syspath_prepend(str(HERE))
    saves = tmp_path / "saves"

    def run(*args):
        return runner.invoke(app, ["--saves", str(saves), "--session", "эстафета", *args])

    assert run("session", "new", "эстафета", "--system", "relay").exit_code == 0
    for name, init in (("Ёж", 3), ("Уж", 3), ("Лис", 1)):
        r = run("char", "add", name, "hp_max=6", f"init={init}")
        assert r.exit_code == 0, r.output
    return run


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def fight(run) -> dict:
    return json.loads(ok(run("fight", "status", "--json")).stdout)["fight"]


def test_tt_init_2_tt_delay_1_sk_out_1_a_round_of_groups_delays_and_counters(relay):
    out = ok(relay("fight", "start")).stdout
    assert "Together: Ёж, Уж act in the order they choose." in out
    state = fight(relay)
    assert state["groups"] == [["Ёж", "Уж"]] and "turn" not in state  # the place is open
    # Уж acts first: its action claims the group's place
    ok(relay("hit", "Уж", "Лис", "--given", "2"))
    state = fight(relay)
    assert state["order"] == ["Уж", "Ёж", "Лис"] and state["turn"]["actor"] == "Уж"
    # Лис answers out of turn; Уж's turn is untouched
    ok(relay("counter", "Лис", "Уж", "--given", "1"))
    assert fight(relay)["turn"] == {"actor": "Уж", "actions": 1, "spent": 1}
    r = relay("hit", "Лис", "Уж")
    assert r.exit_code == ExitCode.RULES and "Лис does not act now (now: Уж)" in r.stderr
    ok(relay("fight", "next"))
    # Ёж delays: Лис acts, then Ёж's own place at the end of the round
    out = ok(relay("wait", "Ёж")).stdout
    assert "Ёж delays the turn to the end of round 1." in out
    state = fight(relay)
    assert state["order"] == ["Уж", "Лис", "Ёж"] and state["turn"]["actor"] == "Лис"
    assert state["initiative"] == ["Уж", "Ёж", "Лис"] and state["delayed"][0]["actor"] == "Ёж"
    assert "Ёж takes the delayed turn." in ok(relay("fight", "next")).stdout
    ok(relay("hit", "Ёж", "Лис", "--given", "3"))
    # the next round goes back to the initiative order, and the group's place opens again
    ok(relay("fight", "next"))
    state = fight(relay)
    assert (state["round"], state["order"], "turn" in state) == (2, ["Уж", "Ёж", "Лис"], False)
    hp = {c["name"]: c["resources"]["hp"]
          for c in json.loads(ok(relay("fight", "status", "--json")).stdout)["combatants"]}
    assert hp == {"Ёж": 6, "Уж": 5, "Лис": 1}


def test_fight_next_at_an_open_place_gives_the_turn_to_the_first_listed(relay):
    ok(relay("fight", "start"))
    ok(relay("fight", "next"))
    assert fight(relay)["turn"]["actor"] == "Ёж"
    ok(relay("fight", "next"))
    assert fight(relay)["turn"]["actor"] == "Уж"


def test_a_turn_already_used_cannot_be_delayed_and_the_fight_is_unchanged(relay):
    ok(relay("fight", "start"))
    ok(relay("hit", "Ёж", "Лис", "--given", "1"))
    before = fight(relay)
    r = relay("wait", "Ёж")
    assert r.exit_code == ExitCode.RULES and "already acted this turn" in r.stderr
    assert fight(relay) == before
