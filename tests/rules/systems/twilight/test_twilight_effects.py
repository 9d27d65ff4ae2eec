"""Weapon effects, perks and team rewards of twilight: bleeding and poison against healing,
drains, immunities, specials, the samurai, the death knight's grip, who is paid after a team fight."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_twilight_fight import Arena, champ, kinds

from rules.core.effects import stack
from rules.core.outcome import Work
from rules.core.state import Combatant, Encounter
from rules.systems.twilight import presets
from rules.systems.twilight.rules import RULES


def test_tw_bleed_1_and_tw_poison_1_healing_stops_bleeding_never_poison_and_gives_no_energy_back():
    c = Combatant("Амазонка", stats={"hp_max": 10, "energy_max": 5}, resources={"hp": 3, "energy": 3},
                  effects=(presets.laid("bleed", 1, 2), presets.laid("poison", 2, 2)),
                  data={"wound": 3, "wound_energy": 2})
    work = Work(Encounter("twilight", combatants=(c,)))
    change = RULES.mend(work, "Амазонка", 5)
    healed = work.get("Амазонка")
    assert (change.hp_before, change.hp_after) == (3, 8)
    assert [(e.name, e.damage) for e in healed.effects] == [(presets.POISON, 2)]
    assert healed.data["wound"] == 1 and healed.resources["energy"] == 3  # the level drops, the energy stays


def test_tw_bleed_1_a_second_bleeding_keeps_the_larger_damage_and_its_first_round():
    # RULES.md TW-BLEED-1 [I]: "A second bleeding keeps the larger n"; it does not stack
    first = presets.laid("bleed", 1, 2)
    assert stack(first, presets.laid("bleed", 3, 4)) == replace(first, damage=3)
    assert stack(presets.laid("bleed", 3, 2), presets.laid("bleed", 1, 4)) == presets.laid("bleed", 3, 2)


def test_tw_hit_1_effects_do_not_stack_within_a_round_and_tw_drain_1_drains_on_every_draining_hit(tmp_path,
                                                                                                  runner):
    arena = Arena(tmp_path, runner, {
        "Викинг": champ(weapon_dice=5, weapon_stat="might", might=2, drain_threshold=3, bleed_threshold=3,
                        bleed=2),
        "Жертва": champ("enemy", hp_max=40, armor_dice=0, endurance=0)})
    arena.to_fight()
    arena.ok("declare", "Викинг", "attack", "Жертва", "--given", "6 6 6 1 1 1 1")
    arena.ok("declare", "Викинг", "attack", "Жертва", "--given", "6 6 6 6 1 1 1")
    events = arena.events("fight", "next")
    assert len(kinds(events, "afflicted")) == 1  # one bleeding for the round
    assert kinds(events, "drained")[0]["energy"] == 2  # two draining hits drain twice
    assert arena.doc()["combatants"]["Жертва"]["resources"]["energy"] == 3


def test_tw_imm_1_immunities_to_bleeding_poison_and_energy_loss(tmp_path, runner):
    arena = Arena(tmp_path, runner, {
        "Викинг": champ(weapon_dice=5, weapon_stat="might", might=2, drain_threshold=3, bleed_threshold=3,
                        poison_threshold=3),
        "Нежить": champ("enemy", hp_max=40, armor_dice=0, endurance=0,
                        data={"perks": [{"name": "Неживой", "immune": ["bleeding", "poison", "energy"]}]})})
    arena.to_fight()
    arena.ok("declare", "Викинг", "attack", "Нежить", "--given", "6 6 6 6 6 6 6")
    events = arena.events("fight", "next")
    assert not kinds(events, "afflicted") and not kinds(events, "drained")
    assert arena.doc()["combatants"]["Нежить"]["resources"]["energy"] == 5


def test_tw_spec_2_tw_ctr_3_a_special_without_the_main_weapon_passes_a_counter(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Метатель": champ(data={"perks": ["throwing_knife"]}),
                                     "Фехтовальщик": champ("enemy", deadliness=4)})
    arena.to_fight()
    arena.ok("declare", "Метатель", "special", "Метательный кинжал", "--at", "Фехтовальщик")
    arena.ok("declare", "Фехтовальщик", "counter", "--given", "6 6 6 6 6 6 6 6 6")
    events = arena.events("fight", "next")
    assert not kinds(events, "counter_wins")  # TW-CTR-3: nothing for the counter to answer
    assert arena.hp("Фехтовальщик") == 18 and arena.hp("Метатель") == 20


def test_tw_spec_1_tactical_perks_in_the_approach_only_and_no_specials_behind_the_barrier(duel_barrier):
    arena = duel_barrier
    arena.ok("fight", "start", "--condition", "barrier")
    arena.ok("fight", "next")
    r = arena("declare", "Страж", "special", "Глухая оборона")
    assert r.exit_code == 5 and "no special actions this round (the magic barrier)" in r.stderr
    r = arena("declare", "Страж", "special", "Зона контроля")
    assert r.exit_code == 5 and "tactical: the approach only" in r.stderr


def test_tw_death_1_the_samurais_kill_needs_no_d100(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Самурай": champ(weapon_dice=9, deadliness=0, data={"perks": ["samurai"]}),
                                     "Жертва": champ("enemy", hp_max=3, armor_dice=0, endurance=0)})
    arena.to_fight()
    arena.ok("declare", "Самурай", "attack", "Жертва", "--given", "6 6 6 6 1 1 1 1 1")
    events = arena.events("fight", "next")
    assert kinds(events, "at_death")[0] == {"kind": "at_death", "name": "Жертва", "why": "samurai", "died": True}
    assert arena.doc()["fight"]["stage"] == "over"


def test_tw_perk_1_the_paladins_extra_attack_only_against_a_heretic(tmp_path, runner):
    arena = Arena(tmp_path, runner, {
        "Паладин": champ(data={"perks": ["heretic_bane"], "faith": "свет"}),
        "Еретик": champ("enemy", data={"faith": "тьма"}), "Брат": champ("enemy", data={"faith": "свет"})})
    arena.to_fight()
    for target in ("Брат", "Еретик", "Еретик"):
        arena.ok("declare", "Паладин", "attack", target)
    r = arena("declare", "Паладин", "attack", "Брат")
    assert r.exit_code == 5 and "2 AP this round; these declarations cost 3" in r.stderr


def test_tw_perk_1_the_death_knights_grip_takes_one_energy_from_every_other_champion(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Рыцарь смерти": champ(data={"perks": ["death_grip"]}),
                                     "Союзник": champ(), "Враг": champ("enemy", energy_max=1)})
    arena.to_fight()
    events = arena.events("fight", "next")
    assert sorted(e["name"] for e in kinds(events, "aura")) == ["Враг", "Союзник"]
    doc = arena.doc()["combatants"]
    assert doc["Рыцарь смерти"]["resources"]["energy"] == 5 and doc["Союзник"]["resources"]["energy"] == 4
    assert doc["Враг"]["resources"]["energy"] == 0
    r = arena("declare", "Враг", "counter")
    assert r.exit_code == 5 and "exhausted" in r.stderr  # TW-EXH-1


def test_tw_mass_5_and_tw_mass_6_the_fallen_are_carried_off_and_only_the_standing_are_paid(tmp_path, runner):
    def weak(side: str) -> dict:
        return champ(side, hp_max=2, armor_dice=0, endurance=0)

    arena = Arena(tmp_path, runner, {"Герой": champ(weapon_dice=9), "Павший": weak("party"),
                                     "Гоблин": weak("enemy"), "Орк": weak("enemy")})
    arena.to_fight()
    arena.ok("declare", "Гоблин", "attack", "Павший", "--given", "6 6 6 1 1 1")
    arena.ok("declare", "Герой", "attack", "Гоблин", "--given", "6 6 6 1 1 1 1 1 1 1")
    events = arena.events("fight", "next", "--given", "80 90")  # both survive the d100: carried off
    assert [e["name"] for e in kinds(events, "at_death")] == ["Павший", "Гоблин"]
    assert arena.doc()["fight"]["stage"] == "fight"
    arena.ok("declare", "Герой", "attack", "Орк", "--given", "6 6 6 1 1 1 1 1 1 1")
    arena.ok("fight", "next", "--given", "70")
    doc = arena.doc()
    assert doc["fight"]["data"]["loser"] == "Орк"  # only the last to fall gets the choice
    arena.ok("verdict", "execute")
    doc = arena.doc()["combatants"]
    assert doc["Герой"]["resources"]["legend"] == 100 and doc["Павший"]["resources"]["legend"] == 0


def test_tw_gods_1_the_march_of_the_dead_and_the_duel_of_fates(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Альфа": champ(), "Бета": champ("enemy")}, gods=True)
    arena.ok("fight", "start")
    events = arena.events("fight", "next", "--given", "4 5")  # march of the dead: -2 energy each
    assert [e["energy"] for e in kinds(events, "aura")] == [2, 2]
    events = arena.events("fight", "next", "--given", "6 10")  # duel of fates: the endgame now
    assert arena.doc()["fight"]["stage"] == "endgame"


def test_tw_gods_1_the_endgame_is_best_of_three(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Альфа": champ(), "Бета": champ("enemy")}, gods=True)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", "6 10")  # duel of fates
    for a, b in (("6 6 1 1 1 1", "6 1 1 1 1 1"), ("6 1 1 1 1 1", "6 6 1 1 1 1"), ("6 6 6 1 1 1", "1 1 1 1 1 1")):
        arena.ok("declare", "Альфа", "attack", "Бета", "--given", a)
        arena.ok("declare", "Бета", "attack", "Альфа", "--given", b)
        events = arena.events("fight", "next")
    assert [e["score"] for e in kinds(events, "endgame_point")] == [[2, 1]]
    assert kinds(events, "at_death")[0] == {"kind": "at_death", "name": "Бета", "why": "gods", "died": True}


@pytest.fixture
def duel_barrier(tmp_path, runner):
    return Arena(tmp_path, runner, {"Страж": champ(data={"perks": ["full_defense", "control_zone"]}),
                                    "Враг": champ("enemy")})



def test_tw_revive_1_rebirth_raises_once_but_never_after_an_endgame_defeat(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Палач": champ(weapon_dice=9, deadliness=0),
                                     "Восставший": champ("enemy", hp_max=3, armor_dice=0, endurance=0,
                                                         data={"perks": ["risen"]})})
    arena.to_fight()
    arena.ok("declare", "Палач", "attack", "Восставший", "--given", "6 6 6 6 1 1 1 1 1")
    events = arena.events("fight", "next")
    assert kinds(events, "reborn") and not kinds(events, "at_death")
    assert arena.hp("Восставший") == 1
    arena.ok("fight", "next")
    arena.ok("fight", "next")  # three fight rounds: the endgame
    arena.ok("declare", "Палач", "attack", "Восставший", "--given", "6 6 1 1 1 1 1 1 1")
    arena.ok("declare", "Восставший", "attack", "Палач", "--given", "1 1 1 1 1 1")
    events = arena.events("fight", "next", "--given", "20")
    assert not kinds(events, "reborn") and kinds(events, "at_death")[0]["d100"] == 20
