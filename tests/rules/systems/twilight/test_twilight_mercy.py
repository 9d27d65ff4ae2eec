"""Issue 25, the twilight items: mercy that lets a champion fight again, healing that stops
bleeding and eases wounds (by `heal` and by `char set hp=`), the counter's line against one
attacker's several rolls, and a mass endgame whose picks give the master's die nothing to pick.

Every situation is replayed through the command line from given dice.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_twilight_fight import Arena, champ, kinds

from ttcli.exitcodes import ExitCode


def _combatant(arena: Arena, name: str) -> dict[str, Any]:
    return arena.doc()["combatants"][name]


def _effects(arena: Arena, name: str) -> list[str]:
    return [e["name"] for e in _combatant(arena, name).get("effects", [])]


@pytest.fixture
def mercy(tmp_path, runner):
    """A nomad whose blade bleeds (2 HP) at 3 successes against a viking of 20 HP."""
    return Arena(tmp_path, runner, {"Кочевник": champ(bleed_threshold=3, bleed=2), "Викинг": champ("enemy")})


def _spared(arena: Arena) -> None:
    """Round 1: 12 damage and BLEEDING(2); round 2: 5 more and the tick: 1 HP left, out; then mercy."""
    arena.to_fight()
    arena.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 6 6 6")
    arena.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 6 6 6")
    arena.ok("declare", "Викинг", "defend", "--given", "1 1 1 1 1 1 1 1 1")
    arena.ok("fight", "next")
    arena.ok("declare", "Кочевник", "attack", "Викинг", "--given", "6 6 6 6 6 1")
    arena.ok("fight", "next")
    viking = _combatant(arena, "Викинг")
    assert (viking["status"], viking["resources"]["hp"], viking["data"]["wound"]) == ("out", 1, 3)
    assert _effects(arena, "Викинг") == ["bleeding"]
    arena.ok("verdict", "spare")


def test_tw_choice_1_a_spared_champion_is_healed_by_the_organisers_and_fights_again(mercy):
    """Seed: "Пощада – раненый чемпион вернётся в строй в следующем раунде турнира, поставленный на
    ноги при помощи целительной магии организаторов и сможет продолжить соревноваться за первенство."
    The spared viking stayed `out` for good: the next `fight start` found nobody on his side."""
    _spared(mercy)
    mercy.ok("fight", "end")
    r = mercy.ok("heal", "Викинг")
    assert "Викинг is healed by 19: HP 1 -> 20, and is back on their feet." in r.stdout
    viking = _combatant(mercy, "Викинг")
    assert (viking["status"], viking["resources"]["hp"]) == ("ok", 20)
    assert "wound" not in viking.get("data", {}) and _effects(mercy, "Викинг") == []  # healing clears both
    assert viking["resources"]["energy"] == 3  # healing gives no energy back (TW-WOUND-1)
    assert viking["data"]["losses"] == 1  # a second loss in a row cannot be spared (TW-LEG-1)
    mercy.ok("fight", "start")
    assert mercy.doc()["fight"]["stage"] == "approach"


def test_tw_choice_1_the_organisers_healing_is_journaled_and_undone(mercy):
    """Like every change: `undo` takes the healing back, and the Russian word works too."""
    _spared(mercy)
    mercy.ok("fight", "end")
    r = mercy.ok("--lang", "ru", "лечение", "Викинг")
    assert "Викинг" in r.stdout and "1 -> 20" in r.stdout
    assert _combatant(mercy, "Викинг")["status"] == "ok"
    mercy.ok("undo")
    viking = _combatant(mercy, "Викинг")
    assert (viking["status"], viking["resources"]["hp"]) == ("out", 1)
    assert "Викинг is healed by 19" in mercy.ok("log").stdout


def test_tw_choice_1_healing_refuses_the_dead_the_fallen_mid_fight_and_a_whole_champion(mercy):
    """Bad input: one sentence naming the rule and the way out, exit code 3, nothing written."""
    _spared(mercy)
    mercy.ok("fight", "end")
    before = mercy.file.read_bytes()
    r = mercy("heal", "Кочевник")
    assert r.exit_code == ExitCode.RULES and "Кочевник has all 20 HP: nothing to heal" in r.stderr
    assert mercy.file.read_bytes() == before
    mercy.ok("heal", "Викинг")
    mercy.ok("fight", "start")
    mercy.ok("fight", "next")
    mercy.ok("surrender", "Викинг")  # the choice stage: the viking is out, waiting for the verdict
    before = mercy.file.read_bytes()
    r = mercy("heal", "Викинг")
    assert r.exit_code == ExitCode.RULES and "(TW-CHOICE-1)" in r.stderr
    assert "heal Викинг after fight end" in r.stderr
    assert mercy.file.read_bytes() == before
    mercy.ok("verdict", "execute")  # two losses in a row
    before = mercy.file.read_bytes()
    r = mercy("heal", "Викинг")
    assert r.exit_code == ExitCode.RULES and "Викинг is dead" in r.stderr and "(TW-DEATH-1)" in r.stderr
    assert mercy.file.read_bytes() == before


def test_tw_choice_1_char_set_status_names_the_way_out(mercy):
    """`char set … status=ok` stays refused (the fight keeps the status) but says what to do."""
    _spared(mercy)
    r = mercy("char", "set", "Викинг", "status=ok")
    assert r.exit_code == ExitCode.USAGE and "heal NAME" in r.stderr and "(TW-CHOICE-1)" in r.stderr


@pytest.fixture
def bleeding(tmp_path, runner):
    """The paladin's spiked whip (7d6, bleeding at 7) against an amazon of 10 HP without armor."""
    paladin = champ(weapon_dice=7, deadliness=0, bleed_threshold=7, bleed=1)
    amazon = champ("enemy", hp_max=10, armor_dice=0, endurance=0)
    return Arena(tmp_path, runner, {"Паладин": paladin, "Амазонка": amazon})


def _bleeding_amazon(arena: Arena) -> None:
    """Round 1: 7 successes through: 7 damage (HP 3, a heavy wound, -2 energy) and BLEEDING(1)."""
    arena.to_fight()
    arena.ok("declare", "Паладин", "attack", "Амазонка", "--given", "6 6 6 6 6 6 6")
    arena.ok("fight", "next")
    amazon = _combatant(arena, "Амазонка")
    assert (amazon["resources"]["hp"], amazon["data"]["wound"], amazon["resources"]["energy"]) == (3, 3, 3)
    assert _effects(arena, "Амазонка") == ["bleeding"]


def test_tw_bleed_1_an_ability_that_restores_hp_stops_bleeding_and_lowers_the_wound(bleeding):
    """Seed: "Уникальные способности, полностью или частично восполняющие ОЗ снимают эффект
    кровотечения"; "яд не снимается способностями, восполняющими частично или полностью ОЗ".
    Healing lowers the wound level and gives no energy back (TW-WOUND-1)."""
    _bleeding_amazon(bleeding)
    bleeding.ok("effect", "add", "Амазонка", "яд", "--damage", "1")
    r = bleeding.ok("heal", "Амазонка", "3")
    assert "Амазонка is healed by 3: HP 3 -> 6." in r.stdout
    assert "the healing ends bleeding" in r.stdout
    assert "Амазонка: the wound eases: medium wound (-3d6)." in r.stdout
    amazon = _combatant(bleeding, "Амазонка")
    assert (amazon["resources"]["hp"], amazon["data"]["wound"], amazon["resources"]["energy"]) == (6, 2, 3)
    assert _effects(bleeding, "Амазонка") == ["poison"]  # poison stays (TW-POISON-1)
    events = bleeding.events("fight", "next")
    assert [e["what"] for e in kinds(events, "tick")] == ["poison"]
    r = bleeding("heal", "Амазонка", "0")
    assert r.exit_code == ExitCode.RULES and "heals nothing" in r.stderr


def test_tw_bleed_1_char_set_hp_keeps_bleeding_and_wounds_in_step_with_the_new_hp(bleeding):
    """`char set hp=` raising HP is a healing: bleeding stops, the wound level falls to the new
    HP's; lowering HP raises the level, with the energy it costs once (TW-WOUND-1)."""
    _bleeding_amazon(bleeding)
    r = bleeding.ok("char", "set", "Амазонка", "hp=9")
    amazon = _combatant(bleeding, "Амазонка")
    assert (amazon["resources"]["hp"], amazon["data"]["wound"], amazon["resources"]["energy"]) == (9, 1, 3)
    assert _effects(bleeding, "Амазонка") == []
    assert "wound 3 -> 1" in r.stdout and "bleeding" in r.stdout
    bleeding.ok("char", "set", "Амазонка", "hp=10")
    assert "wound" not in _combatant(bleeding, "Амазонка").get("data", {})
    status = bleeding.ok("fight", "status").stdout
    assert "Амазонка: hp 10/10" in status and "wound" not in status and "BLEEDING" not in status


def test_tw_wound_1_char_set_hp_lowered_raises_the_wound_and_takes_its_energy_once(bleeding):
    """The wound follows HP the other way too: 10 -> 5 of 10 is a medium wound, -1 energy;
    an `energy=` typed in the same command stands as the master gave it."""
    bleeding.ok("fight", "start")
    r = bleeding.ok("char", "set", "Амазонка", "hp=5")
    amazon = _combatant(bleeding, "Амазонка")
    assert (amazon["data"]["wound"], amazon["resources"]["energy"]) == (2, 4)
    assert "energy 5 -> 4" in r.stdout
    bleeding.ok("char", "set", "Амазонка", "hp=2", "energy=5")
    amazon = _combatant(bleeding, "Амазонка")
    assert (amazon["data"]["wound"], amazon["resources"]["energy"]) == (3, 5)


@pytest.fixture
def counter(tmp_path, runner):
    fencer = champ(deadliness=4, weapon_damage=2, data={"perks": [{"name": "Мастер меча", "weapon_dice": 2}]})
    brute = champ("enemy", hp_max=40, weapon_stat="might", might=4, weapon_damage=1)
    return Arena(tmp_path, runner, {"Фехтовальщик": fencer, "Громила": brute})


def test_tw_ctr_2_a_counter_that_beats_both_attacks_of_one_attacker_parries_nobody_else(counter):
    """Defect: "…takes 10 damage. Parried only: Громила." when the counter beat both of Громила's
    attacks: he takes the return damage once and nobody else attacked, so nobody is only parried."""
    counter.to_fight()
    counter.ok("declare", "Фехтовальщик", "counter", "--given", "5 5 5 5 5 1 1 1 1 1 1")
    counter.ok("declare", "Громила", "attack", "Фехтовальщик", "--given", "5 5 5 5 1 1 1 1 1")
    counter.ok("declare", "Громила", "attack", "Фехтовальщик", "--given", "5 5 1 1 1 1 1 1 1")
    r = counter.ok("fight", "next")
    line = next(s for s in r.stdout.splitlines() if "beats every attack" in s)
    assert line == "Фехтовальщик's counter (5) beats every attack (best 4): Громила takes 10 damage."
    assert counter.hp("Громила") == 30 and counter.hp("Фехтовальщик") == 20


def test_tw_mass_2_the_first_attackers_second_roll_is_not_listed_as_parried(tmp_path, runner):
    """TW-MASS-2 "for the others it only parries": the others are the other champions."""
    arena = Arena(tmp_path, runner, {"Мечник": champ(deadliness=4, weapon_damage=1),
                                     "Раз": champ("enemy", deadliness=2), "Два": champ("enemy", deadliness=3)})
    arena.to_fight()
    arena.ok("declare", "Мечник", "counter", "--given", "6 6 6 6 6 6 1 1 1")
    arena.ok("declare", "Два", "attack", "Мечник", "--given", "6 6 1 1 1 1 1 1")
    arena.ok("declare", "Два", "attack", "Мечник", "--given", "6 1 1 1 1 1 1 1")
    arena.ok("declare", "Раз", "attack", "Мечник", "--given", "6 1 1 1 1 1 1")
    events = arena.events("fight", "next")
    win = kinds(events, "counter_wins")[0]
    assert (win["attacker"], win["parried"], win["damage"]) == ("Два", ["Раз"], 6)


def _to_endgame(arena: Arena) -> None:
    arena.ok("fight", "start")
    for _ in range(4):  # the approach and three fight rounds with nobody winning
        arena.ok("fight", "next")
    assert arena.doc()["fight"]["stage"] == "endgame"


def test_tw_mass_4_picks_without_a_cycle_repeat_the_endgame_and_roll_no_d0(tmp_path, runner):
    """Known bug: the nomad and the shaman both pick the amazon, who rolls nothing: no mutual pair
    and no "треугольник", so no master's die. The old code counted a cycle, and at the second
    one rolled a d0 (given a face it failed; rolled, it never came back)."""
    arena = Arena(tmp_path, runner, {"Амазонка": champ(), "Кочевник": champ("enemy"), "Шаман": champ("enemy")})
    _to_endgame(arena)
    for _ in range(2):
        arena.ok("declare", "Кочевник", "attack", "Амазонка", "--given", "6 6 1 1 1 1")
        arena.ok("declare", "Шаман", "attack", "Амазонка", "--given", "6 1 1 1 1 1")
        events = arena.events("fight", "next", "--given", "1")
        assert not kinds(events, "endgame_cycle") and not kinds(events, "endgame_pair")
        assert [e["idle"] for e in kinds(events, "endgame_no_pair")] == [["Амазонка"]]
        doc = arena.doc()
        assert doc["fight"]["stage"] == "endgame" and "cycles" not in doc["fight"]["data"]
        assert {c["status"] for c in doc["combatants"].values()} == {"ok"}


def test_tw_mass_4_a_second_triangle_lets_the_masters_die_pick_the_pair(tmp_path, runner):
    """Seed: "В случае повторного «треугольника» мастерский дайс определяет первую пару противников"."""
    arena = Arena(tmp_path, runner, {"Икс": champ(data={"team": "x"}), "Игрек": champ("enemy", data={"team": "y"}),
                                     "Зет": champ("enemy", data={"team": "z"})})
    _to_endgame(arena)
    for round_, given in ((1, ""), (2, "2")):
        for who, whom in (("Икс", "Игрек"), ("Игрек", "Зет"), ("Зет", "Икс")):
            arena.ok("declare", who, "attack", whom, "--given", "6 6 1 1 1 1")
        events = arena.events("fight", "next", *(("--given", given) if given else ()))
        assert [e["count"] for e in kinds(events, "endgame_cycle")] == [round_]
    pair = kinds(events, "endgame_pair")[0]
    assert (pair["d"], pair["face"], pair["names"]) == (3, 2, ["Игрек", "Зет"])
