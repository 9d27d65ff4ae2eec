"""The seed's perks that change a round by their own mechanic (TW-PERK-1), each played through the
command line from given dice; every test quotes the seed's rule it plays.

Champions are ``champ()``'s: 20 HP, weapon 5d6 + deadliness 1 (a 6d6 attack), damage 1 a success,
armor 5d6 + endurance 4 (a 9d6 defense); the master's d100s come from ``fight next --given``.
"""

from __future__ import annotations

import pytest
from test_twilight_fight import Arena, champ, kinds

from ttcli.exitcodes import ExitCode

SIX = "6 6 6 6 6 6"  # six successes
THREE = "6 6 6 1 1 1"  # three successes


@pytest.mark.parametrize(("d100", "hp"), [("50", 20), ("51", 8)])
def test_tw_perk_1_the_amazons_deadly_dance_dodges_every_attack_on_a_won_d100(tmp_path, runner, d100, hp):
    # "Смертельный танец. В случае успешного ролла д100, уклонение от всех входящих атак, вне
    # зависимости от их качества и количества." (the preset's chance: d100 at most 50)
    arena = Arena(tmp_path, runner, {"Амазонка": champ("enemy", data={"perks": ["deadly_dance"]}),
                                     "Викинг": champ(), "Кочевник": champ()})
    arena.to_fight()
    arena.ok("declare", "Амазонка", "special", "Смертельный танец")
    arena.ok("declare", "Викинг", "attack", "Амазонка", "--given", SIX)
    arena.ok("declare", "Кочевник", "attack", "Амазонка", "--given", SIX)
    events = arena.events("fight", "next", "--given", f"{d100} 40 60")  # the dance's d100, then initiative
    dance = kinds(events, "dodge_roll")
    assert [(e["d100"], e["chance"], e["dodged"]) for e in dance] == [(int(d100), 50, d100 == "50")]
    assert arena.hp("Амазонка") == hp  # no dodge and no defense: 6 + 6 successes through, 1 damage each


def test_tw_perk_1_the_shamans_sight_shows_the_master_one_opponents_declarations(tmp_path, runner):
    # "Дальновидность шаманов. На старте выбирается один оппонент, заявки которого шаман будет знать всегда."
    arena = Arena(tmp_path, runner, {"Шаман": champ(data={"perks": ["shamans_sight"]}), "Викинг": champ("enemy")})
    arena.ok("fight", "start")
    arena.ok("declare", "Шаман", "special", "Дальновидность шаманов", "--at", "Викинг")
    events = arena.events("fight", "next")
    assert [(e["name"], e["target"]) for e in kinds(events, "sight")] == [("Шаман", "Викинг")]
    master = arena.ok("declare", "Викинг", "attack", "Шаман", "--given", SIX).stdout
    assert "The master shows this declaration to Шаман" in master
    assert "The master shows" not in arena.ok("log", "--public").stdout  # the players never see it
    assert "knows Викинг's declarations" in arena.ok("fight", "status").stdout


def test_tw_perk_1_the_reapers_mantle_is_absolute_and_takes_an_ap_next_round(tmp_path, runner):
    # "Мантия тени. Жнец выбирает, какому именно противнику снять ОД на одной из фаз."
    arena = Arena(tmp_path, runner, {"Жнец": champ("enemy", data={"perks": ["shadow_mantle"]}),
                                     "Викинг": champ()})
    arena.to_fight()
    arena.ok("declare", "Жнец", "special", "Мантия тени", "--at", "Викинг")
    arena.ok("declare", "Викинг", "attack", "Жнец", "--given", SIX)
    events = arena.events("fight", "next")
    assert arena.hp("Жнец") == 20  # absolute defense (TW-ABS-1)
    assert [(e["target"], e["n"]) for e in kinds(events, "ap_taken")] == [("Викинг", 1)]
    arena.ok("declare", "Викинг", "attack", "Жнец", "--given", "1")
    r = arena("declare", "Викинг", "defend", "--given", "1")
    assert r.exit_code == ExitCode.RULES and "Викинг has 1 AP this round" in r.stderr
    arena.ok("fight", "next")
    arena.ok("declare", "Викинг", "attack", "Жнец", "--given", "1")
    arena.ok("declare", "Викинг", "defend", "--given", "1")  # the AP is back a round later


def test_tw_perk_1_reflecting_the_first_attack_by_initiative(tmp_path, runner):
    # "Специальные действия, которые отражают первую направленную атаку, отразят первую направленную
    # атаку с точки зрения инициативы противников."
    arena = Arena(tmp_path, runner, {"Амазонка": champ("enemy", data={"perks": ["mirror"]}),
                                     "Викинг": champ(might=4, weapon_stat="might"), "Кочевник": champ()})
    arena.to_fight()
    arena.ok("declare", "Амазонка", "special", "Отражение")
    arena.ok("declare", "Кочевник", "attack", "Амазонка", "--given", THREE)
    arena.ok("declare", "Викинг", "attack", "Амазонка", "--given", "6 6 6 6 6 6 1 1 1")  # 6 successes
    arena.ok("declare", "Викинг", "defend", "--given", "6 6 1 1 1 1 1 1 1")  # 2 successes
    events = arena.events("fight", "next")
    # the viking (might 4) is first by initiative: his 6 against his own defense 2 come back to him
    assert [(e["attacker"], e["damage"]) for e in kinds(events, "reflected")] == [("Викинг", 4)]
    assert arena.hp("Викинг") == 16
    assert arena.hp("Амазонка") == 17  # the nomad's 3 against no defense


def test_tw_perk_1_tw_deadly_1_a_deadly_strike_block_lets_the_champion_fight_on_once(tmp_path, runner):
    # "Другие классовые абилки позволяют, напротив, переживать смертельный удар и продолжать схватку."
    arena = Arena(tmp_path, runner, {"Убийца": champ(deadly_threshold=3),
                                     "Страж": champ("enemy", data={"perks": ["deadly_block"]})})
    arena.to_fight()
    arena.ok("declare", "Убийца", "attack", "Страж", "--given", THREE)
    events = arena.events("fight", "next")
    assert [e["name"] for e in kinds(events, "deadly_blocked")] == ["Страж"]
    assert not kinds(events, "at_death") and arena.hp("Страж") == 17  # the damage still lands
    arena.ok("declare", "Убийца", "attack", "Страж", "--given", THREE)
    events = arena.events("fight", "next", "--given", "10")
    assert [(e["name"], e["d100"]) for e in kinds(events, "at_death")] == [("Страж", 10)]  # once a fight


def test_tw_perk_1_a_deadly_strike_block_special_answers_the_deadly_strike_whoever_is_first(tmp_path, runner):
    # "если вас под глухой обороной атакует больше одного противника, но при этом первый по инициативе
    # не наносит смертельный удар, а второй наносит, то способность в любом случае срабатывает на
    # отражение смертельного удара."
    block = {"name": "Стойкость", "effect": "deadly_block", "cost": 1}
    arena = Arena(tmp_path, runner, {"Викинг": champ(might=4, weapon_stat="might"),
                                     "Убийца": champ(deadly_threshold=3),
                                     "Страж": champ("enemy", hp_max=40, data={"perks": [block]})})
    arena.to_fight()
    arena.ok("declare", "Страж", "special", "Стойкость")
    arena.ok("declare", "Викинг", "attack", "Страж", "--given", THREE + " 1 1 1")  # 9d6 with might 4
    arena.ok("declare", "Убийца", "attack", "Страж", "--given", THREE)
    events = arena.events("fight", "next")
    assert [(e["name"], e["attacker"]) for e in kinds(events, "deadly_blocked")] == [("Страж", "Убийца")]
    assert not kinds(events, "at_death") and arena.hp("Страж") == 34


def test_tw_perk_1_the_twilight_shadow_copies_the_attack_roll_on_another_target(tmp_path, runner):
    # "Сумеречная тень. Бросок нападения идентичен, но для тени можно выбрать любую другую цель."
    arena = Arena(tmp_path, runner, {"Следопыт": champ(data={"perks": ["twilight_shadow"]}),
                                     "Викинг": champ("enemy"), "Кочевник": champ("enemy")})
    arena.to_fight()
    arena.ok("declare", "Следопыт", "attack", "Викинг", "--given", THREE)
    arena.ok("declare", "Следопыт", "special", "Сумеречная тень", "--at", "Кочевник")
    events = arena.events("fight", "next")
    assert [(e["target"], e["successes"]) for e in kinds(events, "attack_copied")] == [("Кочевник", 3)]
    assert (arena.hp("Викинг"), arena.hp("Кочевник")) == (17, 17)


def test_tw_perk_1_battle_sense_voids_the_targets_first_special(tmp_path, runner):
    # "Боевое чутьё тоже требует выбора конкретной цели и раунда. Если в одного противника на одном
    # раунде бросается два и более «боевых чутья», то все они отменяют одно и то же первое специальное
    # действие."
    arena = Arena(tmp_path, runner, {"Рыцарь": champ(data={"perks": ["battle_sense"]}),
                                     "Норд": champ(data={"perks": ["battle_sense"]}),
                                     "Метатель": champ("enemy", data={"perks": ["throwing_knife", "life_drain"]})})
    arena.to_fight()
    arena.ok("declare", "Рыцарь", "special", "Боевое чутьё", "--at", "Метатель")
    arena.ok("declare", "Норд", "special", "Боевое чутьё", "--at", "Метатель")
    arena.ok("declare", "Метатель", "special", "Метательный кинжал", "--at", "Рыцарь")
    arena.ok("declare", "Метатель", "special", "Высос жизни", "--at", "Норд")
    events = arena.events("fight", "next")
    assert [e["cancelled"] for e in kinds(events, "special_cancelled")] == ["Метательный кинжал"]
    assert arena.hp("Рыцарь") == 20 and arena.hp("Норд") == 19  # the second special still lands


def test_tw_cond_1_behind_the_barrier_a_beaten_opponent_is_thrown_into_it(tmp_path, runner):
    # "9-10 – магический барьер вокруг арены (блокирует любые СПЕЦИАЛЬНЫЕ ДЕЙСТВИЯ, открывает
    # возможность эффектно швырнуть оппонента в огненный барьер в качестве добивания)"
    arena = Arena(tmp_path, runner, {"Викинг": champ(weapon_damage=19), "Норд": champ("enemy")})
    arena.ok("fight", "start", "--condition", "barrier")
    arena.ok("fight", "next")
    arena.ok("declare", "Викинг", "attack", "Норд", "--given", "6 1 1 1 1 1")
    arena.ok("declare", "Викинг", "special", "Бросок в барьер", "--at", "Норд")
    events = arena.events("fight", "next", "--given", "30")
    assert arena.hp("Норд") == 1  # over 90% lost: out of the fight, but the barrier finishes
    assert kinds(events, "thrown_into_barrier") and not kinds(events, "out_of_fight")
    assert [(e["name"], e["d100"], e["died"]) for e in kinds(events, "at_death")] == [("Норд", 30, True)]


def test_tw_cond_1_the_throw_into_the_barrier_needs_the_barrier(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Викинг": champ(), "Норд": champ("enemy")})
    arena.to_fight()
    r = arena("declare", "Викинг", "special", "Бросок в барьер", "--at", "Норд")
    assert r.exit_code == ExitCode.RULES and "has no special action" in r.stderr


def test_tw_perk_1_a_dodge_needs_its_chance(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Амазонка": champ(data={"perks": [{"name": "Танец", "effect": "dodge"}]}),
                                     "Викинг": champ("enemy")})
    r = arena("fight", "status")
    assert r.exit_code != 0 and "a dodge needs its chance" in r.stderr


def test_tw_gods_1_a_resonance_round_turns_the_deadly_strike_block_off(tmp_path, runner):
    # "Любые специальные действия наносят двойной урон в этом раунде, действие всех пассивных эффектов в
    # этом раунде отменяется"
    arena = Arena(tmp_path, runner, {"Убийца": champ(deadly_threshold=3),
                                     "Страж": champ("enemy", data={"perks": ["deadly_block"]})}, gods=True)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", "2 1")  # the first fight round opens in resonance (hidden)
    arena.ok("declare", "Убийца", "attack", "Страж", "--given", THREE)
    events = arena.events("fight", "next", "--given", "1")
    assert not kinds(events, "deadly_blocked") and kinds(events, "deadly_strike")
