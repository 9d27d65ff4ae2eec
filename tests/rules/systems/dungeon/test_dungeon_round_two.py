"""Dungeon rules round two (issue 25): the stun takes the turn it says it takes, and a
caster spends MP on a spell.  Played through the command line on the example session
(Лучница, Вор, Викинг, Жрец against goblins, a shaman and an ogre)."""

from __future__ import annotations

import json
import tomllib

import pytest

from ttcli.exitcodes import ExitCode


def ok(result):
    assert result.exit_code == 0, result.output
    return result


def doc(crypt) -> dict:
    return tomllib.loads(crypt.path.read_text(encoding="utf-8"))


def current(crypt) -> str:
    fight = doc(crypt)["fight"]
    return fight["order"][fight["index"]]


def refused_unchanged(crypt, args, code: ExitCode, *words: str) -> str:
    """Bad input: one message, the documented exit code, the file as it was."""
    before = crypt.path.read_bytes()
    r = crypt(*args)
    assert r.exit_code == code, r.output
    assert all(w in r.stderr for w in words), r.stderr
    assert r.stderr.count("error:") == 1 and "Traceback" not in r.output
    assert crypt.path.read_bytes() == before
    return r.stderr


@pytest.fixture
def party_first(crypt):
    """Party d6 6, enemies d6 1: Лучница, Вор, Викинг, Жрец, Гоблин 1 ... Огр; Лучница acts."""
    ok(crypt("fight", "start", "--given", "6 1"))
    return crypt


def to_turn_of(crypt, name: str) -> None:
    for _ in range(12):
        if current(crypt) == name:
            return
        ok(crypt("fight", "next"))
    raise AssertionError(f"{name}'s turn never came")


# --- the stun (DG-ACT-1, DG-INJ-1) ------------------------------------------------------------


def test_dg_act_1_a_stunned_combatant_loses_its_next_turn(party_first):
    """The dungeon seed has no stun of its own; its preset says the bearer loses its turn,
    and so it does.  DG-ACT-1: "Каждый раунд у каждого персонажа есть 2 действия" - a
    stun takes them, as nothing else is left to take: "Откладывать свой ход нельзя"
    (DG-INIT-1) and nobody acts out of turn."""
    ok(party_first("effect", "add", "Гоблин 1", "оглушение"))
    for _ in range(3):
        ok(party_first("fight", "next"))
    r = ok(party_first("fight", "next"))  # Жрец -> Гоблин 1, stunned: its turn passes to Гоблин 2
    assert "Гоблин 1 loses the turn (stun): turn skipped." in r.stdout
    assert current(party_first) == "Гоблин 2"
    refused_unchanged(party_first, ["attack", "Гоблин 1", "Викинг", "--given", "15 3"], ExitCode.RULES,
                      "DG-INIT-1")
    to_turn_of(party_first, "Гоблин 1")  # the next round: the stun is over, Гоблин 1 acts
    assert doc(party_first)["fight"]["round"] == 2
    ok(party_first("attack", "Гоблин 1", "Викинг", "--given", "15 3"))


def test_dg_act_1_a_stun_for_n_turns_takes_n_turns(party_first):
    ok(party_first("effect", "add", "Гоблин 1", "stun", "--duration", "2 хода"))
    skipped = 0
    for _ in range(30):
        r = ok(party_first("fight", "next", "--format", "json"))
        skipped += sum(1 for e in json.loads(r.stdout)["events"]
                       if e["kind"] == "turn_skipped" and e["name"] == "Гоблин 1")
        if doc(party_first)["fight"]["round"] == 3 and current(party_first) == "Гоблин 1":
            break
    assert skipped == 2 and current(party_first) == "Гоблин 1"


def test_dg_act_1_the_stun_says_it_takes_the_turn(party_first):
    r = ok(party_first("effect", "add", "Гоблин 1", "stun"))
    assert "loses its turns" in r.stdout
    (stun,) = doc(party_first)["combatants"]["Гоблин 1"]["effects"]
    assert stun["skip_turn"] is True
