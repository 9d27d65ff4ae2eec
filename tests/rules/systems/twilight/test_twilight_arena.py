"""The arena's own help and hazards: the legends of the arena under the gods (TW-GODS-1, 6-8) and
the random weapons condition (TW-COND-1, 7-8), played through the command line from given dice."""

from __future__ import annotations

from test_twilight_fight import Arena, champ, kinds

from ttcli.exitcodes import ExitCode

# the gods' chaos of the round that opens: an even d10, then 6 (legends of the arena), then each standing
# champion's die over the dead (Альфа 1: Арес, Бета 2: Бальдр)
LEGENDS = "2 6 1 2"


def _legends(tmp_path, runner):
    fallen = {"status": "dead"}
    return Arena(tmp_path, runner, {
        "Альфа": champ(), "Бета": champ("enemy"),
        "Арес": {**champ(weapon_dice=9, weapon_damage=2), **fallen},
        "Бальдр": {**champ("enemy", data={"perks": ["throwing_knife"]}), **fallen}}, gods=True)


def test_tw_gods_1_legends_a_die_over_the_dead_picks_each_champions_phantom(tmp_path, runner):
    # "для каждого игрока помощник определяется случайным дайсом из числа мёртвых на данный момент игроков"
    arena = _legends(tmp_path, runner)
    arena.ok("fight", "start")
    events = arena.events("fight", "next", "--given", LEGENDS)
    helpers = [(e["name"], e["helper"], e["d"], e["face"]) for e in kinds(events, "legend_helper")]
    assert helpers == [("Альфа", "Арес", 2, 1), ("Бета", "Бальдр", 2, 2)]


def test_tw_gods_1_legends_the_phantoms_full_attack_and_a_free_special_of_the_fallen(tmp_path, runner):
    # "Вы можете без траты ОД использовать одно любое СПЕЦИАЛЬНОЕ ДЕЙСТВИЕ из арсенала мёртвого чемпиона
    # в этом раунде. Либо вы можете направить чемпиона-помощника в атаку – он сделает одну атаку по
    # противнику, используя полный бросок нападения чемпиона на момент смерти со всеми бонусами и эффектами."
    arena = _legends(tmp_path, runner)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", LEGENDS)
    # Арес's pool: 9d6 weapon + deadliness 1 = 10d6, 2 damage a success; it costs Альфа no AP
    arena.ok("declare", "Альфа", "phantom", "Бета", "--given", "6 6 6 6 6 1 1 1 1 1")
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "1 1 1 1 1 1")
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "1 1 1 1 1 1")
    arena.ok("declare", "Бета", "special", "Метательный кинжал", "--at", "Альфа")  # Бальдр's, free
    arena.ok("declare", "Бета", "defend", "--given", "1 1 1 1 1 1 1 1 1")
    arena.ok("declare", "Бета", "defend", "--given", "1 1 1 1 1 1 1 1 1")
    events = arena.events("fight", "next", "--given", "1")
    phantom = [e for e in kinds(events, "pool") if e.get("legend")]
    assert [(e["name"], e["legend"], len(e["faces"]), e["successes"]) for e in phantom] == [("Альфа", "Арес", 10, 5)]
    assert arena.hp("Бета") == 10  # 5 successes against no defense, Арес's 2 damage each
    assert arena.hp("Альфа") == 18  # the throwing knife's 2


def test_tw_gods_1_legends_the_phantoms_shield_takes_the_first_attack(tmp_path, runner):
    # "Либо вы можете использовать чемпиона-помощника в качестве одноразового щита – он примет удар на
    # себя, отменяя первую направленную на вас атаку в этом раунде боя."
    arena = _legends(tmp_path, runner)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", LEGENDS)
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "6 6 6 6 6 6")
    arena.ok("declare", "Альфа", "attack", "Бета", "--given", "6 6 6 1 1 1")
    arena.ok("declare", "Бета", "shield")
    events = arena.events("fight", "next", "--given", "1")
    assert [e["attacker"] for e in kinds(events, "shielded")] == ["Альфа"]
    assert arena.hp("Бета") == 17  # the first attack (6) is taken by the phantom, the second (3) lands


def test_tw_gods_1_legends_help_once_a_round_and_only_when_called(tmp_path, runner):
    arena = _legends(tmp_path, runner)
    arena.ok("fight", "start")
    arena.ok("fight", "next", "--given", "1")  # an odd chaos d10: nothing unusual
    r = arena("declare", "Альфа", "phantom", "Бета")
    assert r.exit_code == ExitCode.RULES and "no legend of the arena helps this round" in r.stderr
    arena.ok("fight", "next", "--given", LEGENDS)
    arena.ok("declare", "Бета", "shield")
    before = arena.file.read_bytes()
    r = arena("declare", "Бета", "special", "Метательный кинжал", "--at", "Альфа")
    assert r.exit_code == ExitCode.RULES and "helps once this round" in r.stderr
    assert arena.file.read_bytes() == before


def test_tw_gods_1_legends_with_nobody_dead_no_phantom_comes(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Альфа": champ(), "Бета": champ("enemy")}, gods=True)
    arena.ok("fight", "start")
    events = arena.events("fight", "next", "--given", "2 7")
    assert kinds(events, "legends_none") and not kinds(events, "legend_helper")
    r = arena("declare", "Альфа", "phantom", "Бета")
    assert r.exit_code == ExitCode.RULES and "nobody has died in this arena yet" in r.stderr


def test_tw_cond_1_random_weapons_the_die_arms_everyone_alike_the_whip_replays(tmp_path, runner):
    # "7-8 – случайное оружие и экипировка (одинаковое для обоих, определю дайсом)"; with d6 = 6 both
    # take the spiked whip (7d6, bleeding at 7 successes) and armor 2d6, and the seed's whip example
    # replays: 7 successes against the best defense of 6, one through, КРОВОТЕЧЕНИЕ(1)
    arena = Arena(tmp_path, runner, {"Паладин": champ(deadliness=0, data={"weapons": [{"dice": 3}]}),
                                     "Амазонка": champ("enemy", hp_max=10, endurance=4)})
    events = arena.events("fight", "start", "--condition", "random", "--given", "6")
    kit = kinds(events, "random_kit")[0]
    assert (kit["face"], kit["weapon"], kit["dice"], kit["armor"]) == (6, "шипованный кнут", 7, 2)
    arena.ok("fight", "next")
    arena.ok("declare", "Паладин", "attack", "Амазонка", "--given", "5 5 5 5 5 5 5")
    arena.ok("declare", "Амазонка", "defend", "--given", "5 5 5 5 5 5")  # armor 2d6 + endurance 4d6
    events = arena.events("fight", "next")
    assert [(e["successes"], e["defense"], e["through"]) for e in kinds(events, "attack_vs_defense")] == [(7, 6, 1)]
    assert [(e["what"], e["n"]) for e in kinds(events, "afflicted")] == [("bleed", 1)]
    r = arena("declare", "Паладин", "attack", "Амазонка", "--weapon", "2")
    assert r.exit_code == ExitCode.RULES  # his own second weapon stays in the rack


def test_tw_cond_1_random_weapons_spare_a_seasoned_warrior_and_end_with_the_fight(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Ветеран": champ(data={"perks": ["seasoned_warrior"]}),
                                     "Новичок": champ("enemy")})
    arena.ok("fight", "start", "--condition", "random", "--given", "6")
    data = arena.doc()["combatants"]
    assert "arena_kit" not in data["Ветеран"].get("data", {}) and data["Новичок"]["data"]["arena_kit"] == 6
    arena.ok("fight", "end", "--yes")
    arena.ok("fight", "start")
    assert "arena_kit" not in arena.doc()["combatants"]["Новичок"].get("data", {})
