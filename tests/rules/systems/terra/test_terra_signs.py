"""The sign powers a fight computes (TT-SIGN-2), each from given dice through the
command line, each quoting the seed (terra.ru.txt, "Особые силы").

The example session (see test_terra_fight): Айрис at 0,1, Торн (ГК 3) at 1,0,
Плут at 0,0; Волк 1 (ФЗ 1, level 1) at 2,1, Волк 2 at 4,0.  ``phase1``: Торн acts
first, then Айрис and Плут share a place, then Волк 2, then Волк 1.
"""

from __future__ import annotations

import json

from test_terra_fight import ok, phase1, refused_unchanged, terra, who  # noqa: F401  (fixtures)

from ttcli.exitcodes import ExitCode


def kinds(result) -> list[str]:
    return [e["kind"] for e in json.loads(result.stdout)["events"]]


def purposes(result) -> list[str]:
    return [d["purpose"] for d in json.loads(result.stdout)["dice"]]


def pluts_turn(terra):  # noqa: F811
    """Торн's turn ends; Плут takes the shared place and steps next to Волк 1 (1,1)."""
    ok(terra("fight next"))
    ok(terra("move Плут --to 1,1"))


# --- Овен --------------------------------------------------------------------------------------------------------

def test_tt_sign_2_aries_adds_the_weapon_level_to_melee_attacks_with_a_staff(phase1):  # noqa: F811
    """"Овен – получает постоянную прибавку ко всем ближним атакам Перчатками, Жезлами и Посохами +1 за каждый
    уровень оружия." """
    ok(phase1('char set Торн знак=овен "тип оружия"=посох "уровень оружия"=2'))
    r = ok(phase1('attack Торн "Волк 1" --given 3'))  # D6+2: 5, +2
    assert "Торн (Овен): +2 to the Attack, 7 in all." in r.stdout
    assert who(phase1, "Волк 1")["resources"]["hp"] == 3


def test_tt_sign_2_aries_swords_from_level_5(phase1):  # noqa: F811
    """"5 уровень: эффект распространяется на Мечи и Кортики." """
    ok(phase1('char set Торн знак=овен "тип оружия"=меч'))
    assert "sign_bonus" not in kinds(ok(phase1('attack Торн "Волк 1" --given 3 --json')))
    ok(phase1("fight end --yes"))
    ok(phase1("char set Торн sign_level=5"))
    ok(phase1('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    assert "Торн (Овен): +1 to the Attack, 6 in all." in ok(phase1('attack Торн "Волк 1" --given 3')).stdout


def test_tt_sign_2_aries_level_10_every_weapon_but_orbs_and_1_supernatural(phase1):  # noqa: F811
    """"10 уровень: эффект распространяется на все оружия, но в радиусе 1. Кроме Шаров. Все такие оружия наносят
    дополнительно 1 Сверхестественный урон в радиусе 1." """
    ok(phase1('char set Торн знак=овен "тип оружия"=топор sign_level=10'))
    r = ok(phase1('attack Торн "Волк 1" --given 3'))
    assert "Торн (Овен): +1 to the Attack, 6 in all." in r.stdout
    assert "Волк 1 takes 1 supernatural: 1 to HP (HP 4 -> 3)." in r.stdout


def test_tt_sign_2_aries_adds_nothing_to_a_technique(phase1):  # noqa: F811
    ok(phase1('char set Торн знак=овен "тип оружия"=посох'))
    assert "sign_bonus" not in kinds(ok(phase1('attack Торн "Волк 1" --technique --given 3 --json')))


# --- Стрелец ------------------------------------------------------------------------------------------------------

def test_tt_sign_2_sagittarius_a_bow_from_max_radius_minus_3(phase1):  # noqa: F811
    """"Стрелец – получает постоянную прибавку ко всем дальним атакам Луком (не ближе чем максимальный радиус -3)
    ... +1 за каждый уровень оружия." """
    ok(phase1('char set Торн знак=стрелец "тип оружия"=лук радиус=6'))
    r = ok(phase1('attack Торн "Волк 2" --given 3'))  # 3 cells >= 6 - 3
    assert "Торн (Стрелец): +1 to the Attack, 6 in all." in r.stdout


def test_tt_sign_2_sagittarius_too_close_for_level_1_but_not_for_level_5(phase1):  # noqa: F811
    """"5 уровень: эффект распространяется на Пистоли. Дальность не ближе чем максимальный радиус – 5." """
    ok(phase1('char set Торн знак=стрелец "тип оружия"=лук радиус=8'))
    assert "sign_bonus" not in kinds(ok(phase1('attack Торн "Волк 2" --given 3 --json')))  # 3 < 8 - 3
    ok(phase1("fight end --yes"))
    ok(phase1("char set Торн sign_level=5"))
    ok(phase1('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    assert "sign_bonus" in kinds(ok(phase1('attack Торн "Волк 2" --given 3 --json')))  # 3 >= 8 - 5


def test_tt_sign_2_sagittarius_a_spear_at_radius_2(phase1):  # noqa: F811
    """"... и Копьем в радиусе 2 +1 за каждый уровень оружия." """
    ok(phase1('char set Торн знак=стрелец "тип оружия"=копьё'))
    assert "sign_bonus" not in kinds(ok(phase1('attack Торн "Волк 1" --given 3 --json')))
    ok(phase1('place "Волк 2" 3,0'))
    ok(phase1("fight end --yes"))
    ok(phase1('fight start --no-sync --given "4 1 5 1 4 2 1 2"'))
    assert "sign_bonus" in kinds(ok(phase1('attack Торн "Волк 2" --given 3 --json')))


def test_tt_sign_2_sagittarius_level_10_orbs_beyond_radius_1_and_1_supernatural(phase1):  # noqa: F811
    """"10 уровень: эффект распространяется на Шары. Дальность любая, кроме радиуса 1. Оружие наносит
    дополнительно 1 Сверхестественный урон в радиусе большем чем 1." """
    ok(phase1('char set Торн знак=стрелец "тип оружия"=шар sign_level=10'))
    ok(phase1("place Плут 3,0"))  # the orb strikes within radius 1 of a friend
    r = ok(phase1('attack Торн "Волк 2" --given 3'))
    assert "Торн (Стрелец): +1 to the Attack, 6 in all." in r.stdout
    assert "Волк 2 takes 1 supernatural" in r.stdout


# --- Весы ---------------------------------------------------------------------------------------------------------

def test_tt_sign_2_libra_lures_a_lower_level_monster_hit_in_melee(phase1):  # noqa: F811
    """"Весы – при совершении любой ближней атаки по монстру (если не указано, что он не призываемый), уровень
    которого ниже чем у персонажа, существует 20% шанс, что монстр перейдет на сторону персонажа, до конца боя,
    если остался жив." """
    ok(phase1("char set Плут level=2"))
    pluts_turn(phase1)
    r = ok(phase1('attack Плут "Волк 1" --given "2 3 20"'))  # D4+D4 = 5; d100 20 <= 20
    assert "Плут (Весы, 20%): d100 = 20: the monster goes over to Плут's side for this fight." in r.stdout
    assert who(phase1, "Волк 1")["side"] == "party"
    ok(phase1("fight end --yes"))
    assert who(phase1, "Волк 1")["side"] == "enemy"


def test_tt_sign_2_libra_no_roll_on_a_monster_of_equal_level_or_one_that_cannot_be_summoned(phase1):  # noqa: F811
    pluts_turn(phase1)
    r = ok(phase1('attack Плут "Волк 1" --given "2 3" --json'))
    assert "libra_lure" not in purposes(r)
    assert who(phase1, "Волк 1")["side"] == "enemy"


def test_tt_sign_2_libra_theft_from_level_5(phase1):  # noqa: F811
    """"5 уровень: шанс переманивания повышается до 40%. Шанс кражи предмета до 30%." """
    ok(phase1("char set Плут level=2 sign_level=5"))
    pluts_turn(phase1)
    r = ok(phase1('attack Плут "Волк 1" --given "2 3 41 30"'))
    assert "Плут (Весы, 40%): d100 = 41: the monster stays where it is." in r.stdout
    assert "Плут (Весы, 30%): d100 = 30: steals an item (the master says which)." in r.stdout


# --- Рак ----------------------------------------------------------------------------------------------------------

def wolf_2s_turn(terra):  # noqa: F811
    for _turn in range(4):
        ok(terra("fight next"))  # the shared place: Айрис, Плут; then Волк 2
    assert terra.path.read_text(encoding="utf-8").count('actor = "Волк 2"') == 1


def test_tt_sign_2_cancer_controls_a_monster_within_radius_1_on_its_turn(phase1):  # noqa: F811
    """"Рак – 20% шанс, что монстр (которого можно призвать) стоящий в радиусе 1 от персонажа попадет под
    контроль персонажа в течение своего хода." """
    ok(phase1("char set Айрис знак=рак"))
    ok(phase1('place "Волк 2" 1,2'))
    refused_unchanged(phase1, 'control Айрис "Волк 2"', ExitCode.RULES, "does not act now")
    wolf_2s_turn(phase1)
    r = ok(phase1('control Айрис "Волк 2" --given 20'))
    assert "Айрис (Рак, 20%): d100 = 20: the monster's turn is under Айрис's control." in r.stdout
    refused_unchanged(phase1, 'control Айрис "Волк 2"', ExitCode.RULES, "has had its control roll")


def test_tt_sign_2_cancer_fails_above_20_and_never_takes_the_unsummonable(phase1):  # noqa: F811
    ok(phase1("char set Айрис знак=рак"))
    ok(phase1('char set "Волк 2" непризываемый=да'))
    ok(phase1('place "Волк 2" 1,2'))
    wolf_2s_turn(phase1)
    refused_unchanged(phase1, 'control Айрис "Волк 2"', ExitCode.RULES, "not an enemy monster that can be summoned")
    ok(phase1('char set "Волк 2" непризываемый=нет'))
    assert "no control" in ok(phase1('control Айрис "Волк 2" --given 21')).stdout
    refused_unchanged(phase1, 'control Плут "Волк 2"', ExitCode.RULES, "Плут is not Рак")


# --- Водолей ------------------------------------------------------------------------------------------------------

def test_tt_sign_2_aquarius_uses_an_allys_weapon_technique_for_2_ea_a_weapon_level(phase1):  # noqa: F811
    """"Водолей – может использовать приемы заключенные в оружии сопартийцев, платя за каждое использование по 2 ЕА
    за уровень оружия, переливая их владельцу оружия." """
    ok(phase1('char set Плут знак=водолей'))
    ok(phase1('char set Айрис "уровень оружия"=2'))
    ok(phase1("technique Айрис Жало --aspect Мана --formula D4 --ap 2 --weapon"))
    ok(phase1("technique Айрис Буря --aspect Мана --formula D6 --ap 2"))
    pluts_turn(phase1)
    refused_unchanged(phase1, 'cast Плут Буря "Волк 1" --from Айрис', ExitCode.RULES, "from sign level 10")
    r = ok(phase1('cast Плут Жало "Волк 1" --from Айрис --given 3'))
    assert "Водолей Плут uses Айрис's weapon technique and pays Айрис 4 EA." in r.stdout
    assert who(phase1, "Волк 1")["resources"]["hp"] == 7


def test_tt_sign_2_aquarius_level_5_pays_nothing_and_the_owner_gains(phase1):  # noqa: F811
    """"5 уровень: может использовать приемы в оружии сопартийцев без платы ЕА, владелец оружия получает по 1 ЕА
    за уровень оружия за каждое применение. Получает +2 дополнительных слота под пассивные способности." """
    ok(phase1("char set Плут знак=водолей sign_level=5 аспект=Мана"))
    ok(phase1("technique Айрис Жало --aspect Мана --formula D4 --ap 2 --weapon"))
    for n in range(7):  # 5 slots by sign level, and 2 more for passives only
        ok(phase1(f"technique Плут Пассив{n} --aspect Душа --passive"))
    refused_unchanged(phase1, "technique Плут Пассив7 --aspect Душа --passive", ExitCode.RULES, "gives 5 slots")
    pluts_turn(phase1)
    assert "Айрис gets 1 EA" in ok(phase1('cast Плут Жало "Волк 1" --from Айрис --given 3')).stdout


def test_tt_sign_2_only_aquarius_borrows(phase1):  # noqa: F811
    ok(phase1("technique Айрис Жало --aspect Мана --formula D4 --ap 2 --weapon"))
    pluts_turn(phase1)
    refused_unchanged(phase1, 'cast Плут Жало "Волк 1" --from Айрис', ExitCode.RULES, "Плут is not Водолей")


# --- Телец --------------------------------------------------------------------------------------------------------

def test_tt_sign_2_taurus_answers_any_enemy_technique_within_radius_1(phase1):  # noqa: F811
    """"Телец – может проводить 1 Ответную атаку на любой прием врага." """
    ok(phase1('char set "Волк 1" знак=телец'))
    ok(phase1('place "Волк 2" 2,0'))  # next to Торн too, but no Телец
    ok(phase1("char set Торн аспект=Душа"))
    ok(phase1("technique Торн Щит --aspect Душа --effect support --ap 1"))
    r = ok(phase1("cast Торн Щит"))
    assert "Телец Волк 1 may answer Торн with a counter attack." in r.stdout
    assert "Волк 2" not in r.stdout
    ok(phase1('counter "Волк 1" Торн --given 2'))


def test_tt_sign_2_taurus_level_5_is_immune_to_counter_attacks(phase1):  # noqa: F811
    """"5 уровень: становится иммунен к Ответным Атакам." """
    ok(phase1("char set Торн знак=телец sign_level=5"))
    refused_unchanged(phase1, 'counter "Волк 1" Торн', ExitCode.RULES, "immune to counter attacks")


def test_tt_sign_2_taurus_level_10_answers_movement_within_radius_1(phase1):  # noqa: F811
    """"10 уровень: может проводить Ответные атаки на передвижение врага в радиусе 1 от персонажа." """
    ok(phase1('char set "Волк 1" знак=телец'))
    assert "counters_offered" not in kinds(ok(phase1("move Торн --to 1,1 --json")))
    ok(phase1('char set "Волк 1" sign_level=10'))
    r = ok(phase1("move Торн --to 1,2"))
    assert "Телец Волк 1 may answer Торн with a counter attack." in r.stdout


# --- Рыбы ---------------------------------------------------------------------------------------------------------

def test_tt_sign_2_pisces_level_10_an_aura_of_mystery_per_10_physical_defense(terra):  # noqa: F811
    """"10 уровень: ... За каждые 10 пунктов физических защит получает 1 Ауру Тайны. (Аура Тайны: +1 к каждой
    магической защите. Множественные эффекты складываются.)" """
    ok(terra('char set Айрис sign_level=10 ФЗ=9'))  # ФЗ 9 + ФЗ(D) 1 = 10
    r = ok(terra("damage Айрис 5 --type Огонь"))
    assert "Айрис takes 5 Fire: МЗ(Мана) 3 blocks 3; 2 to HP (HP 10 -> 8)." in r.stdout
