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


# --- a spell paid with MP (DG-ACT-2, DG-DER-1) --------------------------------------------------


def mp(crypt, name: str) -> int:
    return doc(crypt)["combatants"][name]["resources"]["mp"]


def test_dg_act_2_a_spell_costs_one_action_and_the_mp_the_master_names(party_first):
    """The seed lists "заклинание" among the actions and gives casters "Очки Магии = Разум (х3)",
    but names no cost: the master names it.  Жрец: РАЗ 4, 12 MP."""
    to_turn_of(party_first, "Жрец")
    r = ok(party_first("spell", "Жрец", "Исцеление", "3", "--target", "Викинг"))
    assert "Жрец casts Исцеление on Викинг: 3 MP (MP 12 -> 9 of 12); 1 action left." in r.stdout
    assert mp(party_first, "Жрец") == 9
    assert doc(party_first)["fight"]["turn"]["spent"] == 1
    out = json.loads(ok(party_first("заклинание", "Жрец", "Свет", "2", "--format", "json")).stdout)
    cast = next(e for e in out["events"] if e["kind"] == "cast")
    assert (cast["cost"], cast["before"], cast["after"], cast["actions"]) == (2, 9, 7, 0)
    ok(party_first("undo"))
    assert mp(party_first, "Жрец") == 9


def test_dg_act_2_outside_a_fight_a_spell_costs_its_mp_only(crypt):
    r = ok(crypt("spell", "Жрец", "Исцеление", "3", "--target", "Викинг"))
    assert "Жрец casts Исцеление on Викинг: 3 MP (MP 12 -> 9 of 12)." in r.stdout
    assert mp(crypt, "Жрец") == 9


def test_dg_der_1_a_spell_the_mp_cannot_cover_is_refused_and_nothing_is_spent(party_first):
    to_turn_of(party_first, "Жрец")
    refused_unchanged(party_first, ["spell", "Жрец", "Гроза", "13"], ExitCode.RULES,
                      "Жрец has 12 MP and Гроза costs 13: not enough MP", "rest Жрец", "(DG-DER-1)")


def test_dg_der_1_a_character_without_magic_casts_nothing(party_first):
    to_turn_of(party_first, "Викинг")
    refused_unchanged(party_first, ["spell", "Викинг", "Искра", "1"], ExitCode.RULES,
                      "Викинг has no MP", "caster=yes", "(DG-DER-1)")


def test_dg_init_1_a_spell_waits_for_the_casters_turn(party_first):
    refused_unchanged(party_first, ["spell", "Жрец", "Свет", "2"], ExitCode.RULES,
                      "it is Лучница's turn", "(DG-INIT-1)")


def test_dg_act_1_a_spell_needs_an_action_left(party_first):
    to_turn_of(party_first, "Жрец")
    ok(party_first("spell", "Жрец", "Свет", "2"))
    ok(party_first("spell", "Жрец", "Свет", "2"))
    refused_unchanged(party_first, ["spell", "Жрец", "Свет", "2"], ExitCode.RULES, "0 of 2 actions left",
                      "(DG-ACT-1)")
    assert mp(party_first, "Жрец") == 8


def test_dg_death_1_the_unconscious_cast_nothing(crypt):
    ok(crypt("damage", "Жрец", "10"))
    refused_unchanged(crypt, ["spell", "Жрец", "Свет", "1"], ExitCode.RULES,
                      "Жрец is unconscious and casts nothing", "heal Жрец", "(DG-DEATH-1)")


@pytest.mark.parametrize(("args", "words"), [
    (["spell", "Жрец", "Свет", "0"], "a spell costs 1 MP or more"),
    (["spell", "Жрец", "Свет"], "COST"),
    (["spell", "Жрец", "Свет", "2", "--target", "Никто"], "Никто"),
])
def test_a_bad_spell_gets_one_message_and_changes_nothing(crypt, args, words):
    before = crypt.path.read_bytes()
    r = crypt(*args)
    assert r.exit_code in (ExitCode.USAGE, ExitCode.NOT_FOUND), r.output
    assert words in r.stderr and "Traceback" not in r.output
    assert crypt.path.read_bytes() == before
