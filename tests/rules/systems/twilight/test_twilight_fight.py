"""Twilight fights through the command line: the seed's worked examples replayed from given dice.

Each session is a real file in tmp_path; every roll comes from ``--given``
(a player's posted dice), so the numbers are the seed's own.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from ttcli.exitcodes import ExitCode

BASE = {"hp_max": 20, "energy_max": 5, "ap": 2, "deadliness": 1, "might": 1, "weapon_dice": 5,
        "weapon_damage": 1, "weapon_stat": "deadliness", "armor_dice": 5, "endurance": 4}


def champ(side: str = "party", data: dict[str, Any] | None = None, **stats: Any) -> dict[str, Any]:
    merged = {**BASE, **stats}
    table: dict[str, Any] = {
        "side": side, "hidden": False, "status": "ok", "stats": merged,
        "resources": {"hp": merged["hp_max"], "energy": merged["energy_max"], "legend": 0, "legend_total": 0}}
    if data:
        table["data"] = data
    return table


class Arena:
    def __init__(self, tmp_path: Path, runner: Any, combatants: dict[str, Any], **settings: Any) -> None:
        self.saves = tmp_path / "saves"
        self.saves.mkdir(exist_ok=True)
        self.file = self.saves / "arena.toml"
        self.runner = runner
        doc = {"format": 1, "name": "arena", "system": "twilight", "created": "2026-11-29T13:29:01+00:00",
               "settings": {"success_threshold": 5, "win_legend": 100, "gods": False, **settings},
               "combatants": combatants}
        self.file.write_text(tomli_w.dumps(doc), encoding="utf-8")

    def __call__(self, *args: str) -> Any:
        from ttcli.app import app

        return self.runner.invoke(app, ["--saves", str(self.saves), "--session", "arena", *args])

    def ok(self, *args: str) -> Any:
        r = self(*args)
        assert r.exit_code == 0, r.output
        return r

    def events(self, *args: str) -> list[dict[str, Any]]:
        return json.loads(self.ok(*args, "--format", "json").stdout)["events"]

    def doc(self) -> dict[str, Any]:
        return tomllib.loads(self.file.read_text(encoding="utf-8"))

    def hp(self, name: str) -> int:
        return int(self.doc()["combatants"][name]["resources"]["hp"])

    def to_fight(self) -> None:
        self.ok("fight", "start")
        self.ok("fight", "next")  # the approach: nobody declares an attack


def kinds(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


@pytest.fixture
def duel(tmp_path, runner):
    nomad = champ(weapon_dice=6, deadliness=3, bleed_threshold=5, deadly_threshold=8,
                  data={"perks": ["twin_blades"],
                        "weapons": [{"name": "второй меч", "dice": 5, "stat": "deadliness"}]})
    viking = champ("enemy", hp_max=30, energy_max=6, might=4, weapon_stat="might", weapon_damage=2,
                   drain_threshold=5)
    return Arena(tmp_path, runner, {"Кочевник": nomad, "Викинг": viking})


def test_tw_def_1_the_nomads_three_attacks_against_the_vikings_two_defenses(duel):
    duel.to_fight()
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 2 4 5 5 5 4")
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--weapon", "2", "--given", "5 4 5 5 5 5 5 5")
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "5 4 3 5 4 5 5 5 5")  # TW-PERK-1: free
    duel.ok("declare", "Викинг", "defend", "--given", "5 4 3 2 4 5 5 5 4")
    duel.ok("declare", "Викинг", "defend", "--given", "5 5 3 2 4 5 5 5 4")
    events = duel.events("fight", "next")
    pools = [(e["name"], e["roll"], e["successes"]) for e in kinds(events, "pool")]
    assert pools == [("Кочевник", "attack", 4), ("Кочевник", "attack", 7), ("Кочевник", "attack", 6),
                     ("Викинг", "defend", 4), ("Викинг", "defend", 5)]
    best = next(e for e in kinds(events, "best_defense") if e["name"] == "Викинг")
    assert best["successes"] == 5  # only the best defense counts
    through = [(e["successes"], e["defense"], e["through"]) for e in kinds(events, "attack_vs_defense")]
    assert through == [(4, 5, 0), (7, 5, 2), (6, 5, 1)]  # three successes through
    assert duel.hp("Викинг") == 27


def test_tw_ap_1_a_fourth_roll_costs_more_ap_than_the_nomad_has(duel):
    duel.to_fight()
    for weapon in ("1", "2", "1"):
        duel.ok("declare", "Кочевник", "attack", "Викинг", "--weapon", weapon, "--given", "1")
    before = duel.file.read_bytes()
    r = duel("declare", "Кочевник", "defend")
    assert r.exit_code == ExitCode.RULES and "Кочевник has 2 AP this round; these declarations cost 3" in r.stderr
    assert duel.file.read_bytes() == before


@pytest.fixture
def whip(tmp_path, runner):
    paladin = champ(weapon_dice=7, deadliness=0, bleed_threshold=7, bleed=1)
    amazon = champ("enemy", hp_max=10)
    return Arena(tmp_path, runner, {"Паладин": paladin, "Амазонка": amazon})


def test_tw_bleed_1_the_paladins_whip_one_success_through_bleeding_from_the_next_round(whip):
    whip.to_fight()
    whip.ok("declare", "Паладин", "attack", "Амазонка", "--given", "5 5 5 5 1 1 1")
    whip.ok("declare", "Паладин", "attack", "Амазонка", "--given", "5 5 5 5 5 5 5")
    whip.ok("declare", "Амазонка", "defend", "--given", "5 5 5 5 5 5 1 1 1")
    whip.ok("declare", "Амазонка", "defend", "--given", "5 5 5 1 1 1 1 1 1")
    events = whip.events("fight", "next")
    through = [(e["successes"], e["defense"], e["through"]) for e in kinds(events, "attack_vs_defense")]
    assert through == [(4, 6, 0), (7, 6, 1)]
    assert kinds(events, "afflicted") == [{"kind": "afflicted", "name": "Амазонка", "what": "bleed", "n": 1,
                                          "since": 3}]
    assert whip.hp("Амазонка") == 9  # one success through, one damage of the whip
    events = whip.events("fight", "next")  # the next round: the bleeding takes its 1
    assert kinds(events, "tick")[0]["amount"] == 1
    assert whip.hp("Амазонка") == 8


def test_tw_bleed_1_bleeding_never_brings_a_champion_below_1_hp(whip):
    whip.to_fight()
    doc = whip.doc()
    doc["combatants"]["Амазонка"]["resources"]["hp"] = 2
    doc["combatants"]["Амазонка"]["data"] = {"bleed": {"n": 3, "since": 1}, "wound": 3}
    whip.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    events = whip.events("fight", "next")
    assert kinds(events, "tick")[0]["amount"] == 1
    assert whip.hp("Амазонка") == 1


@pytest.fixture
def counter(tmp_path, runner):
    # counter pool: 5 weapon dice + deadliness 4 + a "+2d6 to the sword" perk = 11d6 (TW-CTR-1)
    fencer = champ(deadliness=4, weapon_damage=2, data={"perks": [{"name": "Мастер меча", "weapon_dice": 2}]})
    brute = champ("enemy", hp_max=40, weapon_stat="might", might=4, weapon_damage=1)
    return Arena(tmp_path, runner, {"Фехтовальщик": fencer, "Громила": brute})


def _counter_round(arena: Arena, counter: str, attacks: list[str], defend: str = "") -> list[dict[str, Any]]:
    arena.to_fight()
    arena.ok("declare", "Фехтовальщик", "counter", "--given", counter)
    for faces in attacks:
        arena.ok("declare", "Громила", "attack", "Фехтовальщик", "--given", faces)
    if defend:
        arena.ok("declare", "Громила", "defend", "--given", defend)
    return arena.events("fight", "next")


def test_tw_ctr_2_counter_beats_all_attacks_full_damage_back_defense_ignored(counter):
    events = _counter_round(counter, "5 5 5 5 5 1 1 1 1 1 1", ["5 5 5 5 1 1 1 1 1"])
    win = kinds(events, "counter_wins")[0]
    assert (win["successes"], win["best"], win["damage"]) == (5, 4, 10)  # 5 successes x 2 damage
    assert counter.hp("Громила") == 30 and counter.hp("Фехтовальщик") == 20


def test_tw_ctr_2_an_attack_that_beats_the_counter_deals_all_its_successes(counter):
    doc = counter.doc()
    doc["combatants"]["Громила"]["stats"]["ap"] = 3
    counter.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    events = _counter_round(counter, "5 5 5 1 1 1 1 1 1 1 1", ["5 5 5 5 5 1 1 1 1", "5 5 1 1 1 1 1 1 1"],
                            defend="5 5 5 5 5 5 5 5 5")
    broken = [(e["successes"], e["damage"]) for e in kinds(events, "counter_broken")]
    assert broken == [(5, 5), (2, 0)]  # full damage for every success; the weaker attack nothing
    assert counter.hp("Фехтовальщик") == 15 and counter.hp("Громила") == 40


def test_tw_ctr_2_a_counter_equal_to_the_best_attack_parts_them(counter):
    events = _counter_round(counter, "5 5 5 1 1 1 1 1 1 1 1", ["5 5 5 1 1 1 1 1 1"])
    assert kinds(events, "counter_parts")[0]["successes"] == 3
    assert counter.hp("Фехтовальщик") == 20 and counter.hp("Громила") == 40


def test_tw_ctr_2_against_defense_only_nothing_happens(counter):
    events = _counter_round(counter, "5 5 5 5 5 5 1 1 1 1 1", [], defend="5 1 1 1 1 1 1 1 1")
    assert not kinds(events, "counter_wins") and not kinds(events, "damage_lands")


def test_tw_ctr_1_once_a_fight_never_with_attack_or_defense_and_never_exhausted(counter):
    counter.to_fight()
    counter.ok("declare", "Фехтовальщик", "counter")
    r = counter("declare", "Фехтовальщик", "defend")
    assert r.exit_code == ExitCode.RULES and "cannot be combined" in r.stderr
    counter.ok("fight", "next")
    r = counter("declare", "Фехтовальщик", "counter")
    assert r.exit_code == ExitCode.RULES and "countered once this fight already" in r.stderr
    doc = counter.doc()
    doc["combatants"]["Громила"]["resources"]["energy"] = 0
    counter.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    r = counter("declare", "Громила", "counter")
    assert r.exit_code == ExitCode.RULES and "exhausted and cannot counter" in r.stderr  # TW-EXH-1, TW-CTR-3


def test_tw_abs_1_a_counter_against_absolute_defense_only_parries(tmp_path, runner):
    arena = Arena(tmp_path, runner, {
        "Фехтовальщик": champ(deadliness=4),
        "Жнец": champ("enemy", data={"perks": ["shadow_mantle", {"name": "Коса", "cost": 0}]})})
    arena.to_fight()
    arena.ok("declare", "Фехтовальщик", "counter", "--given", "5 5 5 5 5 5 5 5 5")
    arena.ok("declare", "Жнец", "special", "Мантия тени")
    events = arena.events("fight", "next")
    assert not kinds(events, "damage_lands")  # no attack: nothing to counter, and no damage either way


def test_tw_full_1_full_defense_blocks_attacks_but_not_other_specials(tmp_path, runner):
    arena = Arena(tmp_path, runner, {
        "Кочевник": champ(data={"perks": ["throwing_knife"]}),
        "Рыцарь": champ("enemy", data={"perks": ["full_defense"]})})
    arena.to_fight()
    arena.ok("declare", "Кочевник", "attack", "Рыцарь", "--given", "6 6 6 6 6 6")
    arena.ok("declare", "Кочевник", "special", "Метательный кинжал", "--at", "Рыцарь")
    arena.ok("declare", "Рыцарь", "special", "Глухая оборона")
    events = arena.events("fight", "next")
    assert kinds(events, "absorbed")[0]["why"] == "full_defense"
    assert kinds(events, "special_hit")[0]["damage"] == 2
    assert arena.hp("Рыцарь") == 18


def test_tw_wound_1_the_ladder_lands_with_its_energy_and_penalties_from_the_next_round(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Палач": champ(weapon_dice=9, deadliness=0),
                                     "Жертва": champ("enemy", hp_max=10, armor_dice=0, endurance=0)})
    arena.to_fight()
    arena.ok("declare", "Палач", "attack", "Жертва", "--given", "5 5 5 5 1 1 1 1 1")
    events = arena.events("fight", "next")
    wound = kinds(events, "wound")[0]
    assert (wound["level"], wound["energy"]) == (2, 1)  # 4 of 10 lost: medium, -1 energy
    doc = arena.doc()["combatants"]["Жертва"]
    assert doc["resources"]["energy"] == 4 and doc["data"]["wound"] == 2
    r = arena.ok("declare", "Жертва", "defend", "--json")
    rolls = json.loads(r.stdout)["events"][0]["declaration"]["rolls"]
    assert len(rolls[0]["faces"]) == 0  # no armor, and -3d6 never below 0 dice
    arena.ok("withdraw", "Жертва")
    arena.ok("declare", "Палач", "attack", "Жертва", "--given", "5 5 5 1 1 1 1 1 1")
    events = arena.events("fight", "next")
    assert (kinds(events, "wound")[0]["level"], kinds(events, "wound")[0]["energy"]) == (3, 1)  # heavy: 1 more
    arena.ok("declare", "Жертва", "attack", "Палач", "--given", "1")
    r = arena("declare", "Жертва", "attack", "Палач")
    assert r.exit_code == ExitCode.RULES and "has 1 AP" in r.stderr  # heavy wound: -1 AP


def test_tw_deadly_1_one_deadly_strike_puts_the_target_at_death_and_d100_decides(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Убийца": champ(weapon_dice=6, deadliness=2, deadly_threshold=6),
                                     "Жертва": champ("enemy", hp_max=30)})
    arena.to_fight()
    arena.ok("declare", "Убийца", "attack", "Жертва", "--given", "6 6 6 6 6 6 1 1")
    events = arena.events("fight", "next", "--given", "73")
    assert kinds(events, "deadly_strike")[0]["attacker"] == "Убийца"
    assert kinds(events, "at_death")[0] == {"kind": "at_death", "name": "Жертва", "d100": 73, "died": False}
    doc = arena.doc()
    assert doc["combatants"]["Жертва"]["status"] == "dying" and doc["fight"]["stage"] == "choice"


@pytest.mark.parametrize(("stats", "d100", "expected", "legend"), [
    ({"Альфа": 5, "Бета": 3}, "12", {"Альфа": "ok", "Бета": "dead"}, {"Альфа": 100, "Бета": 0}),  # higher first
    ({"Альфа": 3, "Бета": 3}, "12 88", {"Альфа": "dead", "Бета": "dying"}, {"Альфа": 0, "Бета": 100}),  # one lives
    ({"Альфа": 3, "Бета": 3}, "60 88", {"Альфа": "dying", "Бета": "dying"}, {"Альфа": 50, "Бета": 50}),  # a draw
    ({"Альфа": 3, "Бета": 3}, "1 2", {"Альфа": "dead", "Бета": "dead"}, {"Альфа": 0, "Бета": 0}),  # no winner
])
def test_tw_sim_1_mutual_lethal_blows(tmp_path, runner, stats, d100, expected, legend):
    arena = Arena(tmp_path, runner, {
        "Альфа": champ(hp_max=4, weapon_dice=3, deadliness=stats["Альфа"], armor_dice=0, endurance=0),
        "Бета": champ("enemy", hp_max=4, weapon_dice=3, deadliness=stats["Бета"], armor_dice=0, endurance=0)})
    arena.to_fight()
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "6 6 6 6 6 6 6 6")
    arena.ok("declare", "Бета", "attack", "Альфа", "--given", "6 6 6 6 6 6 6 6")
    events = arena.events("fight", "next", "--given", d100)
    assert kinds(events, "mutual_blows")
    doc = arena.doc()
    assert {n: doc["combatants"][n]["status"] for n in expected} == expected
    if "ok" not in expected.values():  # nobody standing: the fight is decided at once
        assert {n: doc["combatants"][n]["resources"]["legend"] for n in legend} == legend


def test_tw_audit_1_extra_dice_are_dropped_from_the_end_missing_dice_rolled_and_marked(duel):
    duel.to_fight()
    r = json.loads(duel.ok("declare", "Викинг", "defend", "--given", "6 6 6 6 6 6 6 6 6 1 2", "--json").stdout)
    assert r["events"][0]["declaration"]["rolls"][0]["faces"] == [6] * 9
    log = json.loads(duel.ok("log", "--json").stdout)["events"]
    assert log[-1]["given_ignored"] == [1, 2]
    r = json.loads(duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6", "--json").stdout)
    roll = r["events"][0]["declaration"]["rolls"][0]
    assert roll["faces"][:2] == [6, 6] and len(roll["faces"]) == 9 and roll["rolled"] == 7
    origins = [d["origin"] for d in r["dice"]]
    assert origins == ["given"] * 2 + ["rolled"] * 7


def test_tw_round_1_the_pools_stay_hidden_from_players_until_the_round_resolves(duel):
    duel.to_fight()
    r = duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 6 6 6 6 6 6", "--public", "--json")
    players = json.loads(r.stdout)
    assert players["lines"] == ["Кочевник declares."] and "6+6" not in r.stdout and "dice" not in players
    status = duel.ok("fight", "status", "--public", "--json").stdout
    assert "attack" not in status
    duel.ok("fight", "next")
    r = duel.ok("log", "--public")
    assert "Кочевник declared: attack -> Викинг: 9d6 = 6+6+6+6+6+6+6+6+6." in r.stdout


@pytest.mark.parametrize(("approach", "args", "code", "words"), [
    (True, ("declare", "Кочевник", "attack", "Викинг"), ExitCode.RULES, "the approach: no attacks or damage"),
    (False, ("declare", "Кочевник", "attack", "Кочевник"), ExitCode.RULES, "cannot target itself"),
    (False, ("declare", "Кочевник", "attack", "Викинг", "--given", "7 1"), ExitCode.USAGE, "d6"),
    (False, ("declare", "Кочевник", "special", "Полёт"), ExitCode.RULES, "no special action"),
    (False, ("declare", "Нихто", "defend"), ExitCode.NOT_FOUND, "Нихто"),
    (False, ("fight", "verdict", "execute"), ExitCode.USAGE, "no such command: verdict"),
    (False, ("verdict", "execute"), ExitCode.RULES, "no choice to make"),
])
def test_bad_declarations_say_what_is_wrong_and_change_nothing(duel, approach, args, code, words):
    duel.ok("fight", "start")
    if not approach:
        duel.ok("fight", "next")
    before = duel.file.read_bytes()
    r = duel(*args)
    assert r.exit_code == code and words in r.stderr, r.output
    assert "Traceback" not in r.output
    assert duel.file.read_bytes() == before


def test_declaring_for_a_champion_who_is_out_is_refused(duel):
    doc = duel.doc()
    doc["combatants"]["Викинг"]["status"] = "out"
    duel.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    doc["combatants"]["Викинг"]["status"] = "ok"
    doc["combatants"]["Рыцарь"] = champ("enemy")
    duel.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    duel.ok("fight", "start")
    doc = duel.doc()
    doc["combatants"]["Рыцарь"]["status"] = "out"
    duel.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    r = duel("declare", "Рыцарь", "defend")
    assert r.exit_code == ExitCode.RULES and "Рыцарь is out of the fight" in r.stderr


def test_tw_mass_7_a_team_mate_is_no_target_without_betray(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"А": champ(), "Б": champ(), "В": champ("enemy")})
    arena.to_fight()
    r = arena("declare", "А", "attack", "Б")
    assert r.exit_code == ExitCode.RULES and "fights on А's side" in r.stderr and "--betray" in r.stderr


def test_declarations_change_and_withdraw_one_roll_before_the_round_resolves(duel):
    duel.to_fight()
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "1 1 1 1 1 1 1 1 1")
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 6 6 6 6 6 6")
    duel.ok("withdraw", "Кочевник", "--roll", "1")
    declared = duel.doc()["fight"]["data"]["declared"]["Кочевник"]["rolls"]
    assert [r["faces"][0] for r in declared] == [6]
    duel.ok("withdraw", "Кочевник")
    assert "declared" not in duel.doc()["fight"].get("data", {})


def test_tw_mass_3_the_imperial_triangle_initiative_decides_who_strikes_first(tmp_path, runner):
    def fighter(team: str, main: int) -> dict[str, Any]:
        return champ(hp_max=4, weapon_dice=4, deadliness=main, armor_dice=0, endurance=0, data={"team": team})

    arena = Arena(tmp_path, runner, {"Икс": fighter("a", 5), "Игрек": fighter("b", 4), "Зет": fighter("c", 3)})
    arena.to_fight()
    for who, whom in (("Икс", "Игрек"), ("Игрек", "Зет"), ("Зет", "Икс")):
        arena.ok("declare", who, "attack", whom, "--given", "6 6 6 6 6 6 6 6 6")
    events = arena.events("fight", "next", "--given", "10 10")
    triangle = kinds(events, "triangle")[0]
    assert (triangle["first"], triangle["victim"]) == ("Икс", "Игрек")  # Игрек's blow on Зет is void
    doc = arena.doc()
    assert {n: c["status"] for n, c in doc["combatants"].items()} == {"Икс": "dead", "Игрек": "dead", "Зет": "ok"}
    assert doc["fight"]["stage"] == "over" and doc["fight"]["data"]["winners"] == ["Зет"]


def test_tw_mass_2_tw_mass_1_a_counter_against_several_answers_the_first_by_initiative_and_parries_the_rest(
        tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Мечник": champ(deadliness=4, weapon_damage=1),
                                     "Раз": champ("enemy", deadliness=2), "Два": champ("enemy", deadliness=2)})
    arena.to_fight()
    arena.ok("declare", "Мечник", "counter", "--given", "6 6 6 6 6 6 1 1 1")
    arena.ok("declare", "Раз", "attack", "Мечник", "--given", "6 1 1 1 1 1 1")
    arena.ok("declare", "Два", "attack", "Мечник", "--given", "6 6 1 1 1 1 1")
    events = arena.events("fight", "next", "--given", "40 70")  # TW-MASS-1: equal main stats, the d100 decides
    assert [(e["name"], e["d100"]) for e in kinds(events, "initiative_roll")] == [("Раз", 40), ("Два", 70)]
    win = kinds(events, "counter_wins")[0]
    assert (win["attacker"], win["parried"], win["damage"]) == ("Два", ["Раз"], 6)
    assert (arena.hp("Два"), arena.hp("Раз"), arena.hp("Мечник")) == (14, 20, 20)


def _to_endgame(arena: Arena) -> None:
    arena.ok("fight", "start")
    for _ in range(4):  # the approach and three fight rounds with nobody winning
        arena.ok("fight", "next")
    assert arena.doc()["fight"]["stage"] == "endgame"


def test_tw_mass_4_the_mass_endgame_resolves_mutual_picks_only(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Амазонка": champ(deadliness=3), "Кочевник": champ("enemy"),
                                     "Шаман": champ("enemy")})
    _to_endgame(arena)
    arena.ok("declare", "Амазонка", "attack", "Кочевник", "--given", "6 6 6 6 1 1 1 1")
    arena.ok("declare", "Кочевник", "attack", "Амазонка", "--given", "6 6 1 1 1 1")
    arena.ok("declare", "Шаман", "attack", "Амазонка", "--given", "6 6 6 6 6 6")
    events = arena.events("fight", "next", "--given", "30")
    won = kinds(events, "endgame_won")
    assert [(e["name"], e["loser"]) for e in won] == [("Амазонка", "Кочевник")]  # the shaman's pick does nothing
    doc = arena.doc()
    assert doc["combatants"]["Кочевник"]["status"] == "dead" and doc["combatants"]["Амазонка"]["status"] == "ok"
    assert doc["fight"]["stage"] == "endgame"
    arena.ok("declare", "Амазонка", "attack", "Шаман", "--given", "6 1 1 1 1 1 1 1")
    arena.ok("declare", "Шаман", "attack", "Амазонка", "--given", "6 6 1 1 1 1")
    events = arena.events("fight", "next", "--given", "77")
    assert kinds(events, "endgame_won")[0]["name"] == "Шаман"
    doc = arena.doc()
    assert doc["fight"]["stage"] == "choice" and doc["fight"]["data"]["loser"] == "Амазонка"


def test_tw_end_1_a_tie_repeats_the_endgame_and_the_loser_goes_at_death_whatever_its_hp(duel):
    _to_endgame(duel)
    r = duel("declare", "Кочевник", "defend")
    assert r.exit_code == ExitCode.RULES and "one attack roll each" in r.stderr
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 1 1 1 1 1 1 1")
    r = duel("declare", "Кочевник", "attack", "Викинг", "--weapon", "2")
    assert r.exit_code == ExitCode.RULES and "1 AP" in r.stderr  # the nomad's second blade is not for the endgame
    duel.ok("declare", "Викинг", "attack", "Кочевник", "--given", "6 6 1 1 1 1 1 1 1")
    events = duel.events("fight", "next")
    assert kinds(events, "endgame_tie")[0]["successes"] == 2 and duel.doc()["fight"]["stage"] == "endgame"
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 1 1 1 1 1 1")
    duel.ok("declare", "Викинг", "attack", "Кочевник", "--given", "6 6 1 1 1 1 1 1 1")
    events = duel.events("fight", "next", "--given", "64")
    assert kinds(events, "at_death")[0] == {"kind": "at_death", "name": "Викинг", "d100": 64, "died": False}
    assert duel.hp("Викинг") == 30  # AT DEATH at full HP


def test_tw_choice_1_and_tw_leg_1_the_verdict_rewards_the_winner_and_two_losses_cannot_be_spared(duel):
    _to_endgame(duel)
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 1 1 1 1 1 1")
    duel.ok("declare", "Викинг", "attack", "Кочевник", "--given", "1 1 1 1 1 1 1 1 1")
    duel.ok("fight", "next", "--given", "99")
    duel.ok("verdict", "spare", "--crowd", "execute")  # against the crowd: half the reward
    doc = duel.doc()
    assert doc["combatants"]["Кочевник"]["resources"]["legend"] == 50
    assert doc["combatants"]["Викинг"]["data"]["losses"] == 1 and doc["fight"]["stage"] == "over"
    duel.ok("fight", "end")
    doc = duel.doc()
    doc["combatants"]["Викинг"]["status"] = "ok"
    duel.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    _to_endgame(duel)
    duel.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 1 1 1 1 1 1")
    duel.ok("declare", "Викинг", "attack", "Кочевник", "--given", "1 1 1 1 1 1 1 1 1")
    duel.ok("fight", "next", "--given", "99")
    r = duel("verdict", "spare")
    assert r.exit_code == ExitCode.RULES and "lost twice in a row and cannot be spared" in r.stderr
    r = duel.ok("verdict", "execute")
    assert "Викинг is executed." in r.stdout
    assert "Кочевник: legend +100, now 150 (150)" in r.stdout


def test_tw_leg_1_legend_reads_300_600(duel):
    duel.ok("legend", "Кочевник", "award", "600")
    r = duel.ok("legend", "Кочевник", "spend", "300")
    assert "now 300 (600); free points: 3" in r.stdout
    r = duel.ok("legend", "Викинг", "refuse")
    assert "now 0 (0)" in r.stdout  # -50, never below 0
    r = duel("legend", "Викинг", "spend", "10")
    assert r.exit_code == ExitCode.RULES and "cannot spend 10" in r.stderr


def test_tw_surr_1_surrender_costs_half_the_unspent_legend_and_the_choice_follows(duel):
    duel.ok("legend", "Викинг", "award", "101")
    duel.to_fight()
    duel.ok("surrender", "Викинг")
    doc = duel.doc()
    assert doc["combatants"]["Викинг"]["resources"]["legend"] == 51
    assert doc["fight"]["stage"] == "choice" and doc["fight"]["data"]["loser"] == "Викинг"


def test_tw_gods_1_a_hidden_chaos_effect_stays_hidden_until_the_round_ends_and_at_death_means_death(tmp_path,
                                                                                                      runner):
    arena = Arena(tmp_path, runner, {"Альфа": champ(weapon_dice=9, deadliness=0, deadly_threshold=5),
                                     "Бета": champ("enemy", armor_dice=0, endurance=0)}, gods=True)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", "2 9")  # the round opens: even d10, then 9: ghost fog (hidden)
    players = arena.ok("log", "--public").stdout
    assert "fog" not in players and "Twilight: nothing unusual this round." in players
    public = json.loads(arena.ok("log", "--public", "--json").stdout)["events"]
    assert "fog" not in json.dumps(public, ensure_ascii=False) and '"hidden": true' not in json.dumps(public)
    assert "ghost fog" in arena.ok("log").stdout
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "6 6 6 6 6 6 6 6 6")
    events = arena.events("fight", "next", "--given", "1")
    assert kinds(events, "chaos_revealed")[0]["effect"] == "fog" and not kinds(events, "damage_lands")
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "6 6 6 6 6 6 6 6 6")
    events = arena.events("fight", "next")
    assert kinds(events, "at_death")[0] == {"kind": "at_death", "name": "Бета", "why": "gods", "died": True}


def test_tw_stage_1_a_control_zone_extends_the_fight_to_four_rounds_never_more(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Страж": champ(data={"perks": ["control_zone"]}),
                                     "Враг": champ("enemy", data={"perks": [{"name": "Долгий бой",
                                                                              "fight_rounds": 4}]})})
    arena.ok("fight", "start")
    arena.ok("declare", "Страж", "special", "Зона контроля")
    r = arena("declare", "Враг", "attack", "Страж")
    assert r.exit_code == ExitCode.RULES
    arena.ok("fight", "next")
    assert arena.doc()["fight"]["data"]["max_rounds"] == 4
    for _ in range(4):
        assert arena.doc()["fight"]["stage"] == "fight"
        arena.ok("fight", "next")
    assert arena.doc()["fight"]["stage"] == "endgame"


def test_tw_cond_1_rain_takes_2d6_from_every_defense_roll(duel):
    duel.ok("fight", "start", "--condition", "roll", "--given", "4")
    assert duel.doc()["fight"]["data"]["condition"] == "rain"
    duel.ok("fight", "next")
    r = json.loads(duel.ok("declare", "Викинг", "defend", "--json").stdout)
    assert len(r["events"][0]["declaration"]["rolls"][0]["faces"]) == 7  # 9d6 - 2d6


def test_fight_status_shows_the_stage_wounds_bleeding_and_legend_as_300_600(whip):
    whip.ok("legend", "Паладин", "award", "600")
    whip.ok("legend", "Паладин", "spend", "300")
    whip.to_fight()
    whip.ok("declare", "Паладин", "attack", "Амазонка", "--given", "5 5 5 5 5 5 5")
    whip.ok("fight", "next")
    out = whip.ok("fight", "status").stdout
    assert "Stage: fight round 2 of 3." in out
    assert "legend 300 (600)" in out
    assert "heavy wound (-4d6, -1 AP), BLEEDING(1)" in out  # 7 of 10 lost
    ru = whip.ok("--lang", "ru", "fight", "status").stdout
    assert "тяжёлое ранение (-4д6, -1 ОД), КРОВОТЕЧЕНИЕ(1)" in ru and "легендарность 300 (600)" in ru


def test_tw_perk_1_a_broken_perk_in_the_session_file_is_reported_with_its_place(duel):
    text = duel.file.read_text(encoding="utf-8").replace('"twin_blades"', '"twin_blade"')
    duel.file.write_text(text, encoding="utf-8")
    r = duel("fight", "start")
    assert r.exit_code == ExitCode.BAD_DATA
    assert 'combatants."Кочевник".data.perks[0]: no perk preset \'twin_blade\'' in r.stderr
    assert duel.file.read_text(encoding="utf-8") == text
