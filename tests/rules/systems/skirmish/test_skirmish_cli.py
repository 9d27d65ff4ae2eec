"""Skirmish fights through the command line, replayed from given dice.

Every rule of the seed that the issue lists under "Done when" is played here
as a master would type it: the attack waiting for its answer, stacking bleeds,
a poison replacing another, counterattacks at 2, 4 and 8 st, the reroll
allowance at 5, 6 and 9, each breakage band, the slot penalties; and every
bad input gets one message, an exit code, and leaves the file as it was.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ttcli.app import app
from ttcli.exitcodes import ExitCode

#: Воин acts first with the start's given "20 1" (20 + 4 against 1 + 2)
DUEL = """\
format = 1
name = "duel"
system = "skirmish"
created = "2026-11-29T13:29:04+00:00"

[combatants."Воин"]
side = "party"

[combatants."Воин".stats]
hp_max = 30
st_max = 20
strength = 2
dexterity = 4
endurance = 5
accuracy = 5
defense = 6
ranged = 9
endurance_def = 1

[combatants."Воин".data.weapons."Меч"]
damage = 5
size = "large"
effects = { bleeding = 30, stun = 20 }
breakage = true
durability = 10

[combatants."Воин".data.weapons."Щит"]
kind = "shield"
def = 2
size = "large"

[combatants."Воин".data.armor."Кольчуга"]
def = 3
breakage = true
durability = 8

[combatants."Монстр"]
side = "enemy"

[combatants."Монстр".stats]
hp_max = 40
st_max = 4
strength = 3
dexterity = 2
endurance = 2
accuracy = 4
defense = 3
endurance_def = 1

[combatants."Монстр".data.weapons."Когти"]
damage = 4
effects = { bleeding = 50, poison = { chance = 50, damage = 2 } }

[combatants."Монстр".data.weapons."Жало"]
damage = 1
size = "short"
effects = { poison = { chance = 100, damage = 3 } }
"""


class Duel:
    def __init__(self, folder: Path, text: str = DUEL) -> None:
        self.saves = folder / "saves"
        self.saves.mkdir()
        self.path = self.saves / "duel.toml"
        self.path.write_text(text, encoding="utf-8")
        self.runner = CliRunner()

    def __call__(self, *args: str):
        return self.runner.invoke(app, ["--saves", str(self.saves), "--session", "duel", *args])

    def ok(self, *args: str):
        r = self(*args)
        assert r.exit_code == 0, (args, r.output)
        return r

    def doc(self) -> dict:
        return tomllib.loads(self.path.read_text(encoding="utf-8"))

    def who(self, name: str) -> dict:
        return self.doc()["combatants"][name]

    def effect(self, name: str, effect: str) -> dict | None:
        return next((e for e in self.who(name).get("effects", []) if e["name"] == effect), None)

    def events(self, *args: str) -> list[dict]:
        r = self.ok(*args, "--json")
        return json.loads(r.stdout)["events"]

    def started(self) -> Duel:
        self.ok("fight", "start", "--given", "20 1")
        return self

    def to_turn_of(self, name: str) -> None:
        for _ in range(4):
            if self.doc()["fight"]["order"][self.doc()["fight"]["index"]] == name:
                return
            self.ok("fight", "next")
        raise AssertionError(f"{name}'s turn never came")


@pytest.fixture
def duel(tmp_path):
    return Duel(tmp_path).started()


def _kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


# --- the attack across two posts ------------------------------------------------------------


def test_sk_atk_1_the_attack_waits_for_the_answer_and_status_shows_it(duel):
    r = duel.ok("attack", "Воин", "Монстр", "--given", "14")
    assert "d20 14 + 5 accuracy = 19" in r.stdout and "Монстр answers: block or dodge" in r.stdout
    pending = duel.doc()["fight"]["data"]["pending"]
    assert [(p["attacker"], p["target"], p["total"]) for p in pending] == [("Воин", "Монстр", 19)]
    status = duel.ok("fight", "status")
    assert "waiting: Воин -> Монстр (Меч) = 19" in status.stdout
    r = duel.ok("defend", "Монстр", "block", "--given", "16 99 99")
    assert "Монстр blocks with Когти: d20 16 + 3 defense = 19 against 19: the attack fails (a tie goes to the " \
           "defender)" in r.stdout
    assert "pending" not in duel.doc()["fight"].get("data", {})
    assert duel.who("Монстр")["resources"].get("hp", 40) == 40


def test_sk_atk_1_sk_dmg_1_a_hit_deals_weapon_and_strength_through_def(duel):
    events = duel.events("attack", "Воин", "Монстр", "--answer", "dodge", "--given", "14 3 99 99")
    hit = next(e for e in events if e["kind"] == "hit")
    # Меч 5 + strength 2 = 7, def 1 (endurance def) -> 6
    assert (hit["damage"], hit["armour"], hit["dealt"], hit["hp_after"]) == (7, 1, 6, 34)
    assert [e["effect"] for e in events if e["kind"] == "effect_roll"] == ["bleeding", "stun"]


def test_sk_tie_1_the_session_may_give_ties_to_the_attacker(tmp_path):
    duel = Duel(tmp_path, DUEL.replace('created = "2026-11-29T13:29:04+00:00"\n',
                                       'created = "2026-11-29T13:29:04+00:00"\n\n[settings]\n'
                                       'tie_to_defender = false\n'))
    duel.started()
    r = duel.ok("attack", "Воин", "Монстр", "--answer", "block", "--given", "14 16 99 99")
    assert "19 against 19: the attack lands" in r.stdout


def test_sk_shield_1_a_shields_def_counts_only_when_its_bearer_blocked(duel):
    duel.ok("fight", "next")
    blocked = duel.events("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "block",
                          "--given", "20 1 99 99")
    hit = next(e for e in blocked if e["kind"] == "hit")
    # Когти 4 + strength 3 = 7 against def 1 + 3 (Кольчуга) + 2 (Щит)
    assert (hit["shield"], hit["dealt"]) == (2, 1)
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    dodged = duel.events("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "dodge",
                         "--given", "20 1 99 99")
    hit = next(e for e in dodged if e["kind"] == "hit")
    assert (hit["shield"], hit["dealt"]) == (0, 3)


def test_sk_eff_1_effects_are_rolled_even_when_def_takes_all_the_damage(duel):
    duel.ok("fight", "next")
    events = duel.events("attack", "Монстр", "Воин", "--weapon", "Жало", "--answer", "none", "--given", "20 50 4")
    hit = next(e for e in events if e["kind"] == "hit")
    assert hit["dealt"] == 0
    assert duel.effect("Воин", "poison")["damage"] == 3


# --- effects ------------------------------------------------------------------------------------


def test_sk_bleed_1_a_second_bleeding_adds_one_a_turn_and_keeps_the_first_deadline(duel):
    duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 5 4 99")
    first = duel.effect("Монстр", "bleeding")
    assert (first["damage"], first["until_round"]) == (1, 4)
    r = duel.ok("fight", "next")
    assert "Монстр: bleeding deals 1" in r.stdout  # it ticks as its bearer's turn starts
    duel.ok("fight", "next")
    r = duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 30 99")
    assert "lasts d10" not in r.stdout  # the second bleeding's duration decides nothing
    second = duel.effect("Монстр", "bleeding")
    assert (second["damage"], second.get("stacks"), second["until_round"]) == (2, 2, 4)
    r = duel.ok("fight", "next")
    assert "Монстр: bleeding deals 2" in r.stdout


def test_sk_bleed_1_bandaging_stops_it_even_when_it_fails(duel):
    duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 5 4 99")
    r = duel.ok("bandage", "Монстр", "--failed")
    assert "bandage fails, but the bleeding stops" in r.stdout
    assert duel.effect("Монстр", "bleeding") is None
    r = duel("bandage", "Монстр")
    assert r.exit_code == ExitCode.RULES and "not bleeding" in r.stderr


def test_sk_poison_1_a_new_poison_replaces_the_damage_and_keeps_the_deadline(duel):
    duel.ok("fight", "next")
    duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "none", "--given", "20 99 10 5")
    first = duel.effect("Воин", "poison")
    assert (first["damage"], first["until_round"]) == (2, 6)
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    r = duel.ok("attack", "Монстр", "Воин", "--weapon", "Жало", "--answer", "none", "--given", "20 100")
    assert "the new damage replaces the old" in r.stdout
    second = duel.effect("Воин", "poison")
    assert (second["damage"], second["until_round"], second.get("stacks", 1)) == (3, 6, 1)


def test_sk_stun_1_sk_nodef_1_the_stunned_cannot_answer_and_may_drop_the_weapon(duel):
    # stun 20%: d100 15 lands; the drop roll at 10%: d100 7 drops Когти
    r = duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 99 15 7")
    assert "Монстр may drop Когти (10%): d100 7: drops it" in r.stdout
    assert duel.effect("Монстр", "stun") is not None
    assert duel.who("Монстр")["data"]["dropped"] == ["Когти"]
    assert "dropped: Когти" in duel.ok("fight", "status").stdout
    r = duel("defend", "Монстр", "dodge")
    assert r.exit_code == ExitCode.RULES
    r = duel.ok("fight", "next")  # its stun ends as its turn starts
    assert duel.effect("Монстр", "stun") is None
    r = duel("attack", "Монстр", "Воин", "--weapon", "Когти")
    assert r.exit_code == ExitCode.RULES and "pick it up first" in r.stderr
    duel.ok("pickup", "Монстр", "Когти")
    assert "dropped" not in duel.who("Монстр").get("data", {})


def test_sk_nodef_1_an_attack_on_the_stunned_lands_without_a_defence_roll(duel):
    duel.ok("effect", "add", "Монстр", "оглушение")
    events = duel.events("attack", "Воин", "Монстр", "--given", "1 99 99")
    assert _kinds(events)[:3] == ["attack_roll", "no_defence", "hit"]
    assert "pending" not in duel.doc()["fight"].get("data", {})


def test_sk_stun_2_the_next_stun_is_resisted_on_fifty_percent_once(duel):
    duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 99 15 99")
    assert duel.doc()["fight"]["data"]["stun_resist"] == ["Монстр"]
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    r = duel.ok("attack", "Воин", "Монстр", "--answer", "none", "--given", "10 99 15 50")
    assert "Монстр resists the stun: d100 50 <= 50" in r.stdout
    assert duel.effect("Монстр", "stun") is None
    assert "stun_resist" not in duel.doc()["fight"]["data"]


def test_sk_burn_1_burning_ticks_d4_rolls_breakage_and_a_plain_d20_puts_it_out(duel):
    duel.ok("fight", "next")
    duel.ok("effect", "add", "Воин", "поджог")
    r = duel.ok("effect", "add", "Воин", "burning")
    assert "ignored" in r.stdout  # setting the burning alight again does nothing
    r = duel.ok("fight", "next", "--given", "3 7")
    assert "Воин: burning deals 3" in r.stdout
    assert "Воин: Кольчуга breakage (burning): d10 7: -1 durability (durability 8 -> 7)" in r.stdout
    r = duel("extinguish", "Воин", "--given", "10")
    assert r.exit_code == ExitCode.FAILED and "it still burns" in r.stdout
    r = duel.ok("extinguish", "Воин", "--by", "Воин", "--given", "11")
    assert "the fire is out" in r.stdout and duel.effect("Воин", "burning") is None


# --- counterattacks and rerolls -------------------------------------------------------------------


def test_sk_out_1_counterattacks_cost_2_then_4_then_8_st(duel):
    costs = []
    for _ in range(3):
        duel.ok("fight", "next")  # Монстр's turn, each round
        duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "dodge", "--given", "2 15")
        r = duel.ok("counter", "Воин", "Монстр", "--answer", "block", "--given", "1 20")
        costs.append(duel.who("Воин")["resources"]["st"])
        assert "counterattacks (number" in r.stdout
        duel.ok("fight", "next")
    assert costs == [18, 14, 6]
    duel.ok("fight", "next")
    duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "dodge", "--given", "2 15")
    # the fourth costs 16 with 6 st left: out of st, SK-EXH-1 takes over: the endurance check
    # (d20 5 + 5 = 10 against 10), the 10 st short paid with HP, the check again 1 harder (15 + 5 - 1)
    events = duel.events("counter", "Воин", "Монстр", "--answer", "block", "--given", "5 15 1 20")
    checks = [(e["total"], e["passed"]) for e in events if e["kind"] == "exhaustion"]
    assert checks == [(10, True), (19, True)]
    counter = next(e for e in events if e["kind"] == "counter")
    assert (counter["cost"], counter["st_before"], counter["st_after"]) == (16, 6, 0)
    assert duel.who("Воин")["resources"]["hp"] == 20


def test_sk_out_1_a_counterattack_needs_a_dodge_first(duel):
    r = duel("counter", "Монстр", "Воин")
    assert r.exit_code == ExitCode.RULES and "follows a successful dodge" in r.stderr
    duel.ok("fight", "next")
    duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "block", "--given", "2 15")
    r = duel("counter", "Воин", "Монстр")
    assert r.exit_code == ExitCode.RULES  # a block earns no counterattack


@pytest.mark.parametrize(("stat", "score", "allowed"), [("endurance", 5, 0), ("defense", 6, 1), ("ranged", 9, 2)])
def test_sk_reroll_1_the_allowance_at_5_6_and_9(duel, stat, score, allowed):
    for used in range(allowed):
        r = duel("check", "Воин", stat, "--dc", "10", "--reroll", "1", "--given", "2 19")
        assert r.exit_code == 0, r.output
        assert f"d20 2 -> 19 + {score} = {19 + score}" in r.stdout
        assert duel.doc()["fight"]["data"]["rerolls"]["Воин"][stat] == used + 1
    before = duel.path.read_bytes()
    r = duel("check", "Воин", stat, "--dc", "10", "--reroll", "1", "--given", "2 19")
    assert r.exit_code == ExitCode.RULES and f"{allowed} time(s)" in r.stderr
    assert duel.path.read_bytes() == before


def test_sk_reroll_1_the_attack_and_the_dodge_reroll_too_and_the_last_roll_stands(duel):
    duel.ok("attack", "Воин", "Монстр", "--given", "20")
    r = duel("defend", "Монстр", "dodge", "--reroll", "1", "--given", "3 19")
    assert r.exit_code == ExitCode.RULES  # dexterity 2: no rerolls
    duel.ok("defend", "Монстр", "block", "--given", "19 99 99")
    duel.ok("fight", "next")
    duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--given", "20")
    r = duel.ok("defend", "Воин", "block", "--reroll", "1", "--given", "1 18")
    assert "d20 1 -> 18 + 6 defense = 24 against 24: the attack fails" in r.stdout


# --- shooting ----------------------------------------------------------------------------------------

ARCHER = DUEL.replace('[combatants."Воин".data.armor."Кольчуга"]', '''[combatants."Воин".data.weapons."Лук"]
kind = "ranged"
damage = 4
size = "two-handed"

[combatants."Воин".data.armor."Кольчуга"]''')


def test_sk_ranged_1_a_shot_against_a_miss_roll_with_its_modifiers(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    r = duel.ok("attack", "Воин", "Монстр", "--weapon", "Лук", "--wind", "--rain", "--terrain",
                "--given", "12 3 2")
    assert "shoots at Монстр with Лук: d20 12 + 9 ranged - 3 wind - 2 rain or snow - 1 terrain = 15" in r.stdout
    r = duel("defend", "Монстр", "dodge", "--reroll", "1")
    assert r.exit_code == ExitCode.RULES and "plain d20" in r.stderr
    events = duel.events("defend", "Монстр", "dodge", "--given", "15")
    defence = next(e for e in events if e["kind"] == "defence")
    assert (defence["how"], defence["total"], defence["landed"]) == ("miss", 15, False)
    assert "may_counter" not in _kinds(events)  # nobody counterattacks a shooter out of reach [I]
    hit = None
    duel.ok("fight", "next")
    duel.ok("fight", "next")
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--answer", "dodge", "--given", "12 1")
    hit = next(e for e in events if e["kind"] == "hit")
    assert (hit["strength"], hit["dealt"]) == (0, 3)  # no strength damage for shooting (SK-DMG-1)


def test_sk_cover_1_a_shot_at_cover_rolls_to_destroy_it(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    r = duel.ok("attack", "Воин", "Монстр", "--weapon", "Лук", "--cover", "-2", "--given", "12 13")
    assert "The shot hits Монстр's cover: d20 13 + -2 = 11 against 11: the cover is destroyed" in r.stdout
    assert "pending" not in duel.doc()["fight"].get("data", {})


def test_sk_melee_1_no_shooting_in_melee_but_a_bow_can_strike(tmp_path):
    duel = Duel(tmp_path, ARCHER).started()
    duel.ok("fight", "next")
    duel.ok("attack", "Монстр", "Воин", "--weapon", "Когти", "--answer", "block", "--given", "2 15")
    duel.ok("fight", "next")
    before = duel.path.read_bytes()
    r = duel("attack", "Воин", "Монстр", "--weapon", "Лук")
    assert r.exit_code == ExitCode.RULES and "in melee" in r.stderr and "SK-MELEE-1" in r.stderr
    assert duel.path.read_bytes() == before
    events = duel.events("attack", "Воин", "Монстр", "--weapon", "Лук", "--strike", "--answer", "none",
                         "--given", "12")
    hit = next(e for e in events if e["kind"] == "hit")
    assert hit["strength"] == 2  # struck, not shot: strength counts


THROWER = DUEL.replace('[combatants."Монстр".data.weapons."Жало"]', '''[combatants."Монстр".data.weapons."Камень"]
kind = "thrown"
damage = 2
size = "short"

[combatants."Монстр".data.weapons."Жало"]''')


def test_sk_throw_1_a_thrown_weapon_is_blocked_or_dodged_and_adds_strength(tmp_path):
    duel = Duel(tmp_path, THROWER).started()
    duel.ok("fight", "next")
    events = duel.events("attack", "Монстр", "Воин", "--weapon", "Камень", "--answer", "dodge", "--given", "20 1")
    defence = next(e for e in events if e["kind"] == "defence")
    hit = next(e for e in events if e["kind"] == "hit")
    assert defence["how"] == "dodge" and hit["strength"] == 3


# --- the end of the fight: breakage ----------------------------------------------------------------


@pytest.mark.parametrize(("die", "sword", "mail"), [
    (10, {"damage": 5, "durability": 10}, {"def": 3, "durability": 8}),
    (9, {"damage": 5, "durability": 10}, {"def": 3, "durability": 8}),
    (7, {"damage": 5, "durability": 9}, {"def": 3, "durability": 7}),
    (4, {"damage": 4, "durability": 8}, {"def": 2.9, "durability": 6}),
    (2, {"damage": 2, "durability": 7}, {"def": 1, "durability": 5}),
    (1, None, None),
])
def test_sk_break_1_fight_end_rolls_for_the_used_weapon_and_the_hit_armor(duel, die, sword, mail):
    duel.ok("attack", "Воин", "Монстр", "--weapon", "Меч", "--answer", "block", "--given", "1 20")
    duel.ok("damage", "Воин", "1")
    r = duel.ok("fight", "end", "--yes", "--given", f"{die} {die}")
    assert r.stdout.count(f"d10 {die}") == 2
    weapons, armor = duel.who("Воин")["data"].get("weapons", {}), duel.who("Воин")["data"].get("armor", {})
    for item, want in (("Меч", sword), ("Кольчуга", mail)):
        got = weapons.get(item) or armor.get(item)
        if want is None:
            assert got is None
        else:
            assert {k: got[k] for k in want} == want
    assert "fight" not in duel.doc()


def test_sk_break_1_nothing_rolls_without_use_or_damage_and_enemies_never_roll(duel):
    r = duel.ok("fight", "end", "--yes")
    assert "breakage" not in r.stdout


# --- slots, movement, fleeing, exhaustion ------------------------------------------------------------


def test_sk_slot_1_slots_and_penalties_through_the_cli(tmp_path):
    loaded = DUEL.replace('[combatants."Воин".data.armor."Кольчуга"]', '''[combatants."Воин".data.weapons."Алебарда"]
size = "two-handed"

[combatants."Воин".data.armor."Кольчуга"]''')
    duel = Duel(tmp_path, loaded)
    events = duel.events("slots", "Воин")
    assert {k: events[0][k] for k in ("used", "stealth", "dexterity")} == {"used": 4, "stealth": -3, "dexterity": -1}
    r = duel.ok("check", "Воин", "ловкость", "--dc", "5", "--given", "10")
    assert "d20 10 + 3 = 13" in r.stdout  # dexterity 4, -1 for the fourth slot


def test_sk_move_1_free_metres_then_stamina(duel):
    r = duel.ok("move", "Воин", "6")
    assert "Воин moves 6 m (4 m free): 2 st, st 20 -> 18" in r.stdout
    # 30 m cost 26 st of 18: out of st, the endurance check d20 3 + 5 = 8 fails: Воин faints, stays put
    r = duel("move", "Воин", "30", "--given", "3")
    assert r.exit_code == ExitCode.FAILED and "faints for 1 turn" in r.stdout
    assert duel.who("Воин")["resources"]["st"] == 18 and duel.effect("Воин", "fainted") is not None


def test_sk_move_1_a_dash_spends_stamina_and_rolls_the_accuracy_die(duel):
    r = duel.ok("attack", "Воин", "Монстр", "--dash", "3", "--given", "10 2")
    assert "d20 10 + 5 accuracy - 3 dash = 12" in r.stdout
    assert duel.who("Воин")["resources"]["st"] == 17


def test_sk_flee_1_alone_and_chased(duel):
    r = duel("flee", "Монстр", "--given", "7")
    assert r.exit_code == ExitCode.FAILED and "stays in the fight" in r.stdout
    r = duel.ok("flee", "Монстр", "--chaser", "Воин", "--no-attack", "--given", "18 15")
    assert "d20 18 + 2 = 20 against Воин's d20 15 + dexterity = 19: escapes" in r.stdout
    assert "Монстр" not in duel.doc()["fight"]["order"]


def test_sk_exh_1_the_check_grows_harder_and_a_failure_faints(duel):
    r = duel.ok("exhaust", "Воин", "--given", "5")
    assert "d20 5 + 5 endurance = 10 against 10: keeps going" in r.stdout
    duel.ok("pay", "Воин", "2")
    assert duel.who("Воин")["resources"]["hp"] == 28
    r = duel("exhaust", "Воин", "--turns", "2", "--given", "5")
    assert r.exit_code == ExitCode.FAILED and "- 1 earlier checks = 9" in r.stdout
    assert duel.effect("Воин", "fainted")["skip_turn"] is True


# --- bad input: one message, an exit code, nothing changed ------------------------------------------


@pytest.mark.parametrize(("args", "code", "words"), [
    (("defend", "Монстр", "block"), ExitCode.RULES, "no attack on Монстр waits"),
    (("defend", "Монстр", "parry"), ExitCode.USAGE, "not one of"),
    (("attack", "Монстр", "Воин"), ExitCode.RULES, "does not act now"),
    (("attack", "Воин", "Монстр", "--weapon", "Лопата"), ExitCode.NOT_FOUND, "Лопата"),
    (("attack", "Воин", "Воин"), ExitCode.RULES, "cannot attack itself"),
    (("attack", "Воин", "Монстр", "--wind"), ExitCode.USAGE, "for shots"),
    (("counter", "Воин", "Монстр"), ExitCode.RULES, "SK-OUT-1"),
    (("check", "Воин", "stealth", "--dc", "10", "--reroll", "1"), ExitCode.RULES, "SK-REROLL-1"),
    (("pickup", "Воин", "Меч"), ExitCode.RULES, "dropped nothing"),
])
def test_bad_input_gets_one_message_and_changes_nothing(duel, args, code, words):
    before = duel.path.read_bytes()
    r = duel(*args)
    assert r.exit_code == code, r.output
    assert words in r.stderr and "Traceback" not in r.stderr
    assert duel.path.read_bytes() == before


def test_a_block_without_a_weapon_or_shield_is_refused(tmp_path):
    bare = DUEL.replace('[combatants."Монстр".data.weapons."Когти"]\ndamage = 4\n', '').replace(
        'effects = { bleeding = 50, poison = { chance = 50, damage = 2 } }\n\n', '').replace(
        '[combatants."Монстр".data.weapons."Жало"]\ndamage = 1\nsize = "short"\n'
        'effects = { poison = { chance = 100, damage = 3 } }\n', '')
    duel = Duel(tmp_path, bare).started()
    duel.ok("attack", "Воин", "Монстр", "--given", "10")
    before = duel.path.read_bytes()
    r = duel("defend", "Монстр", "block")
    assert r.exit_code == ExitCode.RULES and "no weapon or shield to block with; dodge instead" in r.stderr
    assert duel.path.read_bytes() == before


def test_sk_off_1_nobody_attacks_a_character_in_a_combat_action(tmp_path):
    trio = DUEL + '''
[combatants."Лучник"]
side = "party"

[combatants."Лучник".stats]
hp_max = 10
dexterity = 1
'''
    duel = Duel(tmp_path, trio)
    duel.ok("fight", "start", "--given", "20 1 1")
    duel.ok("attack", "Воин", "Монстр", "--given", "10")
    duel.to_turn_of("Лучник")
    r = duel("attack", "Лучник", "Монстр")
    assert r.exit_code == ExitCode.RULES and "SK-OFF-1" in r.stderr


def test_a_bad_slot_size_in_the_file_is_bad_data_and_the_file_is_kept(tmp_path):
    duel = Duel(tmp_path, DUEL.replace('size = "large"\neffects = { bleeding = 30', 'size = "huge"\neffects = '
                                                                                     '{ bleeding = 30'))
    before = duel.path.read_bytes()
    r = duel("fight", "start")
    assert r.exit_code == ExitCode.BAD_DATA and "size" in r.stderr
    assert duel.path.read_bytes() == before
