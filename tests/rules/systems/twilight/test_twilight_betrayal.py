"""Betrayal in team fights (TW-MASS-7): "выбрать в качестве цели для атаки или спец. действия
собственного союзника ... вы перестаёте быть союзниками, правило общей победы для вас отменяется,
вы становитесь друг для друга врагами"."""

from __future__ import annotations

import tomli_w
from test_twilight_fight import Arena, champ, kinds

from ttcli.exitcodes import ExitCode


def _trio(tmp_path, runner, **enemy):
    return Arena(tmp_path, runner, {"Амазонка": champ(), "Норд": champ(),
                                    "Шаман": champ("enemy", **enemy)})


def test_tw_mass_7_an_attack_on_an_ally_lands_and_ends_the_alliance(tmp_path, runner):
    arena = _trio(tmp_path, runner)
    arena.to_fight()
    arena.ok("declare", "Амазонка", "attack", "Норд", "--betray", "--given", "6 6 6 6 6 6")
    arena.ok("declare", "Норд", "defend", "--given", "6 1 1 1 1 1 1 1 1")
    events = arena.events("fight", "next")
    assert [(e["name"], e["target"]) for e in kinds(events, "betrayal")] == [("Амазонка", "Норд")]
    assert arena.hp("Норд") == 15  # 6 successes against 1 of defense, 1 damage each
    data = arena.doc()["combatants"]["Амазонка"]["data"]
    assert data["team"] == "Амазонка"  # she fights alone now
    # enemies to each other: no --betray needed any more, and the nord may answer
    arena.ok("declare", "Норд", "attack", "Амазонка", "--given", "1")
    arena.ok("declare", "Амазонка", "attack", "Норд", "--given", "1")


def test_tw_mass_7_the_common_victory_is_cancelled_for_the_betrayer(tmp_path, runner):
    arena = _trio(tmp_path, runner, hp_max=3, armor_dice=0, endurance=0)
    arena.to_fight()
    arena.ok("declare", "Амазонка", "attack", "Норд", "--betray", "--given", "1")
    arena.ok("declare", "Норд", "attack", "Шаман", "--given", "6 6 6 6 6 6")
    arena.events("fight", "next", "--given", "80")
    doc = arena.doc()
    assert doc["combatants"]["Шаман"]["status"] != "ok"
    # the shaman's team has fallen, but the nord and the amazon are no longer one team
    assert doc["fight"]["stage"] == "fight"


def test_tw_mass_7_bad_betrayals_are_refused_and_change_nothing(tmp_path, runner):
    arena = _trio(tmp_path, runner)
    arena.to_fight()
    before = arena.file.read_bytes()
    r = arena("declare", "Амазонка", "attack", "Шаман", "--betray")
    assert r.exit_code == ExitCode.RULES and "Шаман is not on Амазонка's side: there is no alliance to betray" \
        in r.stderr
    r = arena("declare", "Амазонка", "defend", "--betray")
    assert r.exit_code == ExitCode.RULES and "only an attack or a directed special" in r.stderr
    r = arena("--lang", "ru", "declare", "Амазонка", "counter", "--betray")
    assert r.exit_code == ExitCode.RULES and "--betray" in r.stderr and "нападение" in r.stderr
    assert arena.file.read_bytes() == before


def test_tw_mass_7_a_duel_has_nobody_to_betray(tmp_path, runner):
    arena = Arena(tmp_path, runner, {"Кочевник": champ(), "Викинг": champ("enemy")})
    arena.to_fight()
    r = arena("declare", "Кочевник", "attack", "Викинг", "--betray")
    assert r.exit_code == ExitCode.RULES and "no alliance to betray" in r.stderr


def test_tw_mass_7_the_alliance_ends_for_one_fight_only(tmp_path, runner):
    arena = _trio(tmp_path, runner)
    doc = arena.doc()
    doc["combatants"]["Амазонка"]["data"] = {"team": "Амазонка", "left_team": ""}
    doc["combatants"]["Норд"]["data"] = {"team": "волки"}
    doc["combatants"]["Шаман"]["data"] = {"team": "вороны"}
    arena.file.write_text(tomli_w.dumps(doc), encoding="utf-8")
    arena.ok("fight", "start")
    assert "team" not in arena.doc()["combatants"]["Амазонка"].get("data", {})
