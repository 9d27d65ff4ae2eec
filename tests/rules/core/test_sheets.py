"""Character sheets of the four systems: names, values, derived stats, checks."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.names import name_key
from rules.core.sheet import (
    CHOICE,
    DICE,
    FLAG,
    WHOLE,
    MissingStat,
    Resource,
    Setting,
    Sheet,
    Stat,
    UnknownStat,
)
from rules.systems import SYSTEMS, get_sheet
from rules.systems.dungeon import sheet as dungeon

SHEETS = {system: get_sheet(system) for system in SYSTEMS}
RULE_PREFIX = {"terra": "TT", "dungeon": "DG", "twilight": "TW", "skirmish": "SK"}

VIKING = {"body": 4, "reaction": 3, "mind": 2, "charisma": 3}  # 12 points, DG-STAT-1


def _stat_names():
    for system, sheet in SHEETS.items():
        for f in (*sheet.stats, *sheet.derived):
            for name in f.names:
                yield pytest.param(system, name, f.key, id=f"{system}-{name}")


def _resource_names():
    for system, sheet in SHEETS.items():
        for r in sheet.resources:
            for name in r.names:
                yield pytest.param(system, name, r.key, id=f"{system}-{name}")


def _setting_names():
    for system, sheet in SHEETS.items():
        for s in sheet.settings:
            for name in s.names:
                yield pytest.param(system, name, s.key, id=f"{system}-{name}")


def _fields():
    for system, sheet in SHEETS.items():
        for f in (*sheet.stats, *sheet.derived, *sheet.resources, *sheet.settings):
            yield pytest.param(system, f, id=f"{system}-{f.key}")


# -- names ---------------------------------------------------------------------


@pytest.mark.parametrize(("system", "name", "key"), list(_stat_names()))
def test_every_stat_name_resolves_in_any_case(system: str, name: str, key: str) -> None:
    sheet = SHEETS[system]
    for spelling in (name, name.upper(), name.lower(), f"  {name} ", name.replace("е", "ё")):
        assert sheet.resolve(spelling) == key


@pytest.mark.parametrize(("system", "name", "key"), list(_resource_names()))
def test_every_resource_name_resolves(system: str, name: str, key: str) -> None:
    assert SHEETS[system].resolve_resource(name.upper()) == key


@pytest.mark.parametrize(("system", "name", "key"), list(_setting_names()))
def test_every_setting_name_resolves(system: str, name: str, key: str) -> None:
    assert SHEETS[system].resolve_setting(name.upper()) == key


@pytest.mark.parametrize(
    ("system", "typed", "key"),
    [
        ("dungeon", "ТЕЛО", "body"),
        ("dungeon", "РЕАК", "reaction"),
        ("dungeon", "РАЗ", "mind"),
        ("dungeon", "ХАР", "charisma"),
        ("dungeon", "Телосложение", "body"),
        ("dungeon", "ЗД_макс", "hp_max"),
        ("dungeon", "макс ЗД", "hp_max"),
        ("dungeon", "дальность", "weapon_range"),
        ("dungeon", "УВ", "dodge"),
        ("dungeon", "БР", "armor"),
        ("dungeon", "УСТ", "fatigue_max"),
        ("dungeon", "ОМ", "mp_max"),
        ("terra", "ГК", "blood_group"),
        ("terra", "ОЗ", "hp_max"),
        ("terra", "ДЗ", "sp_max"),
        ("terra", "ОМ", "mp_max"),
        ("terra", "ФЗ", "pdef"),
        ("terra", "ФЗ(D)", "pdef_dice"),
        ("terra", "фз (d)", "pdef_dice"),
        ("terra", "ФЗ(Д)", "pdef_dice"),
        ("terra", "МЗ(Мана)", "mdef_mana"),
        ("terra", "МЗ (мана)", "mdef_mana"),
        ("terra", "МЗ(Жизнь)", "mdef_life"),
        ("terra", "МЗ(В)", "mdef_time"),
        ("terra", "МЗ(Душа)", "mdef_soul"),
        ("terra", "blood_group", "blood_group"),
        ("terra", "blood-group", "blood_group"),
        ("twilight", "смертоносность", "deadliness"),
        ("twilight", "физическая мощь", "might"),
        ("twilight", "ОД", "ap"),
        ("skirmish", "ловкость", "dexterity"),
        ("skirmish", "выносливость", "endurance"),
        ("skirmish", "ST", "st_max"),
    ],
)
def test_seed_abbreviations_resolve(system: str, typed: str, key: str) -> None:
    assert SHEETS[system].resolve(typed) == key


@pytest.mark.parametrize(
    ("system", "typed", "stat_key", "resource_key"),
    [
        ("terra", "ОЗ", "hp_max", "hp"),
        ("terra", "ДЗ", "sp_max", "sp"),
        ("dungeon", "УСТ", "fatigue_max", "fatigue"),
        ("twilight", "энергия", "energy_max", "energy"),
        ("skirmish", "st", "st_max", "st"),
    ],
)
def test_a_name_means_the_maximum_as_a_stat_and_the_current_value_as_a_resource(
    system: str, typed: str, stat_key: str, resource_key: str
) -> None:
    sheet = SHEETS[system]
    assert sheet.resolve(typed) == stat_key
    assert sheet.resolve_resource(typed) == resource_key


@pytest.mark.parametrize("typed", ["hp", "ЗД", "ОЗ", "здоровье", "Здоровье"])
def test_dg_death_1_health_words_name_current_hp_and_the_maximum_has_its_own(typed: str) -> None:
    sheet = SHEETS["dungeon"]
    assert sheet.resolve_resource(typed) == "hp"
    with pytest.raises(UnknownStat):
        sheet.resolve(typed)  # never the maximum: that is hp_max / ЗД_макс
    assert sheet.resolve("ЗД_макс") == sheet.resolve("hp_max") == "hp_max"


def test_dg_stat_1_typo_gets_a_suggestion_in_the_message() -> None:
    with pytest.raises(UnknownStat) as caught:
        SHEETS["dungeon"].resolve("тел")
    assert str(caught.value) == 'unknown stat "тел" for dungeon; did you mean: тело (body)?'
    assert caught.value.suggestions == ("тело (body)",)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("system", "typo", "suggestion"),
    [
        ("dungeon", "харизм", "харизма (charisma)"),
        ("dungeon", "reactoin", "reaction"),
        ("terra", "ГКК", "ГК (blood_group)"),
        ("terra", "резас", "резус (rhesus)"),
        ("terra", "zodiak", "zodiac"),
        # the seed itself misspells it this way
        ("twilight", "смертоность", "смертоносность (deadliness)"),
        ("skirmish", "ловкост", "ловкость (dexterity)"),
        ("skirmish", "strenght", "strength"),
    ],
)
def test_typos_get_suggestions(system: str, typo: str, suggestion: str) -> None:
    with pytest.raises(UnknownStat) as caught:
        SHEETS[system].resolve(typo)
    assert suggestion in caught.value.suggestions
    assert f"for {system}; did you mean:" in str(caught.value)


def test_unknown_name_without_close_match_lists_the_keys() -> None:
    with pytest.raises(UnknownStat) as caught:
        SHEETS["dungeon"].resolve("qqqq")
    assert caught.value.suggestions == ()
    assert "known: body, reaction, mind, charisma" in str(caught.value)


def test_unknown_resource_and_setting_say_what_they_are() -> None:
    with pytest.raises(UnknownStat, match='unknown resource "хпп" for skirmish'):
        SHEETS["skirmish"].resolve_resource("хпп")
    with pytest.raises(UnknownStat, match='unknown setting "порок" for twilight; did you mean'):
        SHEETS["twilight"].resolve_setting("порок")


def test_two_stats_claiming_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="claimed by both"):
        Sheet(system="x", title="x", stats=(
            Stat(key="a", ru=("ФЗ(D)",)),
            Stat(key="b", ru=("фз d",)),
        ))


@pytest.mark.parametrize(
    ("declare", "message"),
    [
        (lambda: Stat(key="a", ru=("а",), kind=CHOICE), "a choice needs its choices"),
        (lambda: Stat(key="a", ru=("а",), kind=DICE), "dice text needs the reader"),
        (lambda: Sheet(system="x", title="x", stats=(), settings=(Setting(key="s", ru=("с",)),)),
         "setting s needs a default"),
        (lambda: Sheet(system="x", title="x",
                       stats=(Stat(key="mage", ru=("маг",), kind=FLAG, default=False),),
                       resources=(Resource(key="mp", ru=("ОМ",), start="mage"),)),
         "resource mp refers to mage, which is not a whole number"),
    ],
)
def test_incomplete_declarations_are_refused(declare, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        declare()


# -- values are read by field, typed by kind ------------------------------------


def test_values_read_by_field_have_the_type_of_their_kind() -> None:
    values = SHEETS["dungeon"].values({**VIKING, "weapon": "1d8"})
    assert values[dungeon.BODY] == 4 and type(values[dungeon.BODY]) is int
    assert values[dungeon.LEVEL] == 1  # the default filled in
    assert values[dungeon.CASTER] is False
    assert values[dungeon.WEAPON] == "1d8"


def test_an_empty_optional_stat_reads_as_none_or_names_itself() -> None:
    values = SHEETS["dungeon"].values(VIKING)
    assert values.get(dungeon.WEAPON) is None and not values.has(dungeon.WEAPON)
    with pytest.raises(MissingStat, match=r"оружие \(weapon\)"):
        values[dungeon.WEAPON]


@pytest.mark.parametrize(
    ("stats", "message"),
    [
        ({**VIKING, "body": "four"}, r"тело \(body\): must be a whole number, got 'four'"),
        ({**VIKING, "body": True}, r"тело \(body\): must be a whole number, got True"),
        ({**VIKING, "caster": 1}, r"маг \(caster\): must be true or false, got 1"),
        ({**VIKING, "hp_max": "20"}, r"ЗД_макс \(hp_max\): must be a whole number, got '20'"),
    ],
)
def test_a_stored_value_of_the_wrong_kind_is_a_value_error_naming_it(stats, message) -> None:
    # derive() is called on stored stats that may not have been checked yet
    # (the roster view, session check); they catch ValueError, never TypeError
    with pytest.raises(ValueError, match=message):
        SHEETS["dungeon"].derive(stats)


# -- every declaration is complete --------------------------------------------


@pytest.mark.parametrize(("system", "f"), list(_fields()))
def test_every_field_has_a_description_and_a_rule_of_its_system(system: str, f) -> None:
    assert f.description
    assert re.fullmatch(rf"{RULE_PREFIX[system]}-[A-Z]+-\d+", f.rule)
    assert re.fullmatch(r"[a-z][a-z0-9_]*", f.key)
    assert f.ru, "every field has a Russian name"


@pytest.mark.parametrize(("system", "f"), list(_fields()))
def test_every_default_is_a_valid_value(system: str, f) -> None:
    assert f.default is None or f.problem(f.default) is None


@pytest.mark.parametrize("system", SYSTEMS)
def test_stored_keys_are_unique_per_namespace(system: str) -> None:
    sheet = SHEETS[system]
    declared = [f.key for f in (*sheet.stats, *sheet.derived)]
    assert len(declared) == len(set(declared))


# -- dungeon -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stats", "expected"),
    [
        (VIKING, ()),
        ({"body": 5, "reaction": 5, "mind": 1, "charisma": 1}, ()),
        ({"body": 5, "reaction": 3, "mind": 2, "charisma": 3},
         ("DG-STAT-1: stats must sum to 12 (1 each + 8 points), these sum to 13",)),
        ({}, ("DG-STAT-1: stats must sum to 12 (1 each + 8 points), these sum to 4",)),
        ({"body": 6, "reaction": 3, "mind": 1, "charisma": 2},
         ("DG-STAT-1: тело (body) must be 1..5 at creation, got 6",)),
        ({"body": 0, "reaction": 5, "mind": 5, "charisma": 2},
         ("DG-STAT-1: тело (body) must be 1..5 at creation, got 0",)),
    ],
)
def test_dg_stat_1_creation_limits(stats, expected) -> None:
    assert SHEETS["dungeon"].creation_problems(stats) == expected


@pytest.mark.parametrize(
    ("stats", "key", "value"),
    [
        # seed: Тело 4, level 1 -> ЗД 13, УСТ 5, 12 inventory places
        (VIKING, "hp_max", 13),
        (VIKING, "fatigue_max", 5),
        (VIKING, "slots", 12),
        (VIKING, "dodge", 13),
        # seed: ХАР 3 -> 21 gold
        (VIKING, "gold", 21),
        ({"charisma": 1}, "gold", 15),
        ({"charisma": 5}, "gold", 27),
        # seed: РЕАК 4 -> 4 cells per move
        ({"reaction": 4}, "speed", 4),
        # seed: Разум 4 -> ОМ 12, for casters only
        ({"mind": 4, "caster": True}, "mp_max", 12),
        ({"mind": 4}, "mp_max", 0),
        ({**VIKING, "level": 3}, "hp_max", 15),
        ({**VIKING, "level": 3}, "dodge", 15),
        ({**VIKING, "level": 3}, "fatigue_max", 7),
    ],
)
def test_dg_der_1_derived_values(stats, key: str, value: int) -> None:
    assert SHEETS["dungeon"].derive(stats)[key] == value


def test_dg_der_1_armor_is_typed_by_the_master_default_0() -> None:
    sheet = SHEETS["dungeon"]
    assert sheet.with_defaults(VIKING)["armor"] == 0
    assert sheet.parse_value("БР", "2") == 2
    assert "armor" not in sheet.derive(VIKING)


def test_dg_der_1_a_typed_derived_value_overrides_the_formula() -> None:
    sheet = SHEETS["dungeon"]
    stats = {**VIKING, "hp_max": 20}
    assert sheet.derive(stats)["hp_max"] == 20
    assert sheet.initial_resources(stats)["hp"] == 20
    assert sheet.validate(stats) == ()


def test_dg_fat_1_fatigue_starts_at_0_up_to_its_maximum() -> None:
    sheet = SHEETS["dungeon"]
    stats = {**VIKING, "caster": True}
    assert sheet.initial_resources(stats) == {"hp": 13, "fatigue": 0, "mp": 6, "rations": 3}
    assert sheet.resource_caps(stats) == {"hp": 13, "fatigue": 5, "mp": 6}


# -- terra ---------------------------------------------------------------------

HERO = {"blood_group": 3, "rhesus": "+", "zodiac": "leo", "main_stat": 4}


@pytest.mark.parametrize(("group", "sp"), [(1, 10), (2, 20), (3, 10), (4, 10)])
def test_tt_sp_1_soul_points_by_blood_group(group: int, sp: int) -> None:
    sheet = SHEETS["terra"]
    stats = {**HERO, "blood_group": group}
    assert sheet.derive(stats)["sp_max"] == sp
    assert sheet.initial_resources(stats)["sp"] == sp


def test_tt_sp_1_a_monster_without_blood_group_keeps_base_sp() -> None:
    assert SHEETS["terra"].derive({"monster": True})["sp_max"] == 10


def test_tt_hp_1_base_hp_10_and_tt_mp_1_main_stat_twice() -> None:
    sheet = SHEETS["terra"]
    assert sheet.derive(HERO)["hp_max"] == 10
    assert sheet.derive(HERO)["mp_max"] == 8
    assert sheet.initial_resources(HERO) == {"hp": 10, "sp": 10, "mp": 8}


def test_tt_hp_1_higher_health_level_is_typed_as_an_override() -> None:
    sheet = SHEETS["terra"]
    stats = {**HERO, sheet.resolve("ОЗ"): sheet.parse_value("ОЗ", "20")}
    assert sheet.initial_resources(stats)["hp"] == 20


@pytest.mark.parametrize("bad", [0, 5, -1])
def test_tt_sp_1_blood_group_is_1_to_4(bad: int) -> None:
    sheet = SHEETS["terra"]
    assert sheet.creation_problems({**HERO, "blood_group": bad}) == (
        f"TT-SP-1: ГК (blood_group) must be 1..4, got {bad}",
    )
    assert sheet.validate({**HERO, "blood_group": bad}) == (
        f"blood_group: must be 1..4, got {bad}",
    )
    with pytest.raises(ValueError, match=r"ГК \(blood_group\): must be 1..4, got"):
        sheet.parse_value("ГК", str(bad))


def test_tt_rh_1_characters_need_blood_group_rhesus_and_sign_monsters_do_not() -> None:
    sheet = SHEETS["terra"]
    assert sheet.creation_problems(HERO) == ()
    assert sheet.creation_problems({"main_stat": 2}) == (
        "TT-SP-1: ГК (blood_group) is required for a character (not for a monster)",
        "TT-RH-1: резус (rhesus) is required for a character (not for a monster)",
        "TT-SIGN-1: знак (zodiac) is required for a character (not for a monster)",
    )
    assert sheet.creation_problems({"monster": True}) == ()


@pytest.mark.parametrize(
    ("typed", "value"),
    [("+", "+"), ("-", "-"), ("\u2212", "-"), ("плюс", "+"), ("Отрицательный", "-"),
     ("positive", "+")],
)
def test_tt_rh_1_rhesus_spellings(typed: str, value: str) -> None:
    assert SHEETS["terra"].parse_value("резус", typed) == value


@pytest.mark.parametrize(
    ("typed", "value"),
    [("Козерог", "capricorn"), ("capricorn", "capricorn"), ("РЫБЫ", "pisces"),
     ("Змееносец", "ophiuchus"), ("кит", "cetus"), ("Близнецы", "gemini")],
)
def test_tt_sign_1_zodiac_in_russian_and_english(typed: str, value: str) -> None:
    assert SHEETS["terra"].parse_value("знак", typed) == value


def test_tt_sign_1_unknown_sign_lists_the_signs() -> None:
    with pytest.raises(ValueError, match=r"знак \(zodiac\): expected one of: aries, taurus"):
        SHEETS["terra"].parse_value("знак", "Дракон")


def test_tt_sync_2_synchronization_is_on_unless_the_master_skips_it() -> None:
    sheet = SHEETS["terra"]
    assert sheet.default_settings() == {"skip_sync": False, "split_physical": False, "weapon_mana": False}
    assert sheet.parse_setting("без синхронизации", "да") is True


# -- twilight ------------------------------------------------------------------

NOMAD = {"hp_max": 12, "energy_max": 4, "weapon_stat": "deadliness", "weapon_dice": 6,
         "deadliness": 3, "might": 1, "armor_dice": 2}
VIKING_CHAMPION = {"hp_max": 15, "energy_max": 5, "weapon_stat": "might", "weapon_dice": 5,
                   "might": 3, "deadliness": 1, "armor_dice": 5, "endurance": 4}


def test_tw_ap_1_attack_pool_is_weapon_dice_plus_its_stat_seed_nomad() -> None:
    # seed: 6d6 from the first sword + 3d6 from deadliness = a 9d6 attack roll
    assert SHEETS["twilight"].derive(NOMAD)["attack_pool"] == 9
    assert SHEETS["twilight"].derive(VIKING_CHAMPION)["attack_pool"] == 8


def test_tw_def_1_defense_pool_is_armor_plus_endurance_seed_viking() -> None:
    # seed: medium armor 5d6 + 4d6 from endurance = two 9d6 defense rolls
    assert SHEETS["twilight"].derive(VIKING_CHAMPION)["defense_pool"] == 9


def test_tw_ctr_1_counter_adds_deadliness_even_for_a_might_weapon() -> None:
    assert SHEETS["twilight"].derive(VIKING_CHAMPION)["counter_pool"] == 5 + 1
    assert SHEETS["twilight"].derive(NOMAD)["counter_pool"] == 6 + 3


@pytest.mark.parametrize(("deadliness", "might", "main"), [(3, 1, 3), (1, 4, 4), (2, 2, 2)])
def test_tw_sim_1_main_stat_is_the_higher(deadliness: int, might: int, main: int) -> None:
    stats = {**NOMAD, "deadliness": deadliness, "might": might}
    assert SHEETS["twilight"].derive(stats)["main_stat"] == main


def test_tw_leg_1_legend_starts_at_zero_and_resources_start_full() -> None:
    assert SHEETS["twilight"].initial_resources(NOMAD) == {
        "hp": 12, "energy": 4, "legend": 0, "legend_total": 0,
    }


def test_tw_wound_1_a_champion_needs_hp_energy_and_weapon_stat() -> None:
    sheet = SHEETS["twilight"]
    assert sheet.creation_problems(NOMAD) == ()
    assert sheet.creation_problems({}) == (
        "TW-WOUND-1: ОЗ (hp_max) is required",
        "TW-EXH-1: энергия (energy_max) is required",
        "TW-DEADLY-1: характеристика оружия (weapon_stat) is required",
    )
    with pytest.raises(MissingStat, match=r"ОЗ \(hp_max\)"):
        sheet.initial_resources({"energy_max": 3, "weapon_stat": "might"})
    with pytest.raises(MissingStat, match=r"weapon_stat"):
        sheet.derive({})


def test_tw_deadly_1_and_tw_drain_1_thresholds_need_the_matching_weapon() -> None:
    sheet = SHEETS["twilight"]
    assert sheet.creation_problems({**NOMAD, "deadly_threshold": 6}) == ()
    assert sheet.creation_problems({**VIKING_CHAMPION, "drain_threshold": 4}) == ()
    assert sheet.creation_problems({**VIKING_CHAMPION, "deadly_threshold": 6}) == (
        "TW-DEADLY-1: a deadly strike threshold needs a deadliness weapon "
        "(weapon_stat = deadliness), this one uses might",
    )
    assert sheet.creation_problems({**NOMAD, "drain_threshold": 4}) == (
        "TW-DRAIN-1: a drain threshold needs a might weapon "
        "(weapon_stat = might), this one uses deadliness",
    )


@pytest.mark.parametrize(("typed", "value"), [("мощь", "might"), ("Грация", "deadliness")])
def test_tw_sim_1_weapon_stat_in_russian(typed: str, value: str) -> None:
    assert SHEETS["twilight"].parse_value("характеристика оружия", typed) == value


def test_tw_pool_1_success_threshold_defaults_to_5_and_stays_on_a_d6() -> None:
    sheet = SHEETS["twilight"]
    assert sheet.default_settings()["success_threshold"] == 5
    assert sheet.parse_setting("порог", "6") == 6
    with pytest.raises(ValueError, match=r"must be 1..6, got 7"):
        sheet.parse_setting("порог", "7")
    assert sheet.validate_settings({"success_threshold": 0}) == (
        "success_threshold: must be 1..6, got 0",
    )


def test_tw_leg_1_and_tw_gods_1_settings() -> None:
    assert SHEETS["twilight"].default_settings() == {
        "success_threshold": 5, "win_legend": 100, "gods": False,
    }


# -- skirmish ------------------------------------------------------------------

WARRIOR = {"hp_max": 30, "mp_max": 5, "st_max": 10, "dexterity": 3, "endurance": 4,
           "endurance_def": 1, "armor_def": 3, "artifact_def": 1}


def test_sk_dmg_1_def_is_the_sum_of_its_parts() -> None:
    assert SHEETS["skirmish"].derive(WARRIOR)["def"] == 5


@pytest.mark.parametrize(("dex", "end", "move"), [(3, 4, 3), (4, 4, 4), (0, 1, 0), (-3, 0, 0)])
def test_sk_move_1_free_movement(dex: int, end: int, move: int) -> None:
    stats = {**WARRIOR, "dexterity": dex, "endurance": end}
    assert SHEETS["skirmish"].derive(stats)["free_move"] == move


def test_sk_exh_1_pools_start_full() -> None:
    sheet = SHEETS["skirmish"]
    assert sheet.initial_resources(WARRIOR) == {"hp": 30, "mp": 5, "st": 10}
    assert sheet.resource_caps(WARRIOR) == {"hp": 30, "mp": 5, "st": 10}


def test_sk_burn_1_and_sk_exh_1_settings() -> None:
    sheet = SHEETS["skirmish"]
    assert sheet.default_settings() == {
        "extinguish_threshold": 11, "exhaustion_difficulty": 10, "tie_to_defender": True, "cover_threshold": 11,
        "flee_threshold": 10, "damage_mode": "full", "slot_penalty": "instead", "faint_turns": 1}
    assert sheet.parse_setting("тушение", "12") == 12
    with pytest.raises(ValueError, match=r"1\.\.20"):
        sheet.parse_setting("extinguish", "21")


def test_sk_flee_1_dexterity_may_be_negative() -> None:
    assert SHEETS["skirmish"].parse_value("ЛОВ", "-2") == -2


# -- parsing -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "name", "text", "message"),
    [
        ("dungeon", "тело", "4.5", r'тело \(body\): expected a whole number, got "4.5"'),
        ("dungeon", "тело", "", r"тело \(body\): expected a whole number"),
        ("dungeon", "уровень", "0", r"уровень \(level\): must be at least 1, got 0"),
        ("dungeon", "маг", "может быть", r"маг \(caster\): expected yes/no"),
        ("terra", "резус", "*", r"резус \(rhesus\): expected one of: \+, -"),
        ("twilight", "ОЗ", "0", r"ОЗ \(hp_max\): must be at least 1, got 0"),
    ],
)
def test_bad_values_name_the_stat(system: str, name: str, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SHEETS[system].parse_value(name, text)


@pytest.mark.parametrize(
    ("typed", "value"),
    [("да", True), ("Yes", True), ("true", True), ("+", True), ("нет", False), ("0", False)],
)
def test_dg_der_1_caster_flag_spellings(typed: str, value: bool) -> None:
    assert SHEETS["dungeon"].parse_value("caster", typed) is value


@pytest.mark.parametrize(("typed", "value"), [("+3", 3), (" -2 ", -2), ("\u22122", -2)])
def test_whole_numbers_accept_signs(typed: str, value: int) -> None:
    assert SHEETS["terra"].parse_value("тело", typed) == value


def _valid_values(f):
    if f.kind is FLAG:
        return st.booleans()
    if f.kind is WHOLE:
        low = f.minimum if f.minimum is not None else -10_000
        high = f.maximum if f.maximum is not None else 10_000
        return st.integers(min_value=low, max_value=high)
    if f.kind is DICE:  # text of the shape its system rolls (a weapon's dice: NdS with a flat bonus)
        return st.builds(
            lambda n, s, b, letter: f"{n}{letter}{s}" + (f"{b:+d}" if b else ""),
            st.integers(1, 20), st.integers(1, 100), st.integers(-9, 9), st.sampled_from("dDдДкК"),
        ).filter(lambda text: f.problem(text) is None)
    assert f.kind is CHOICE
    return st.sampled_from([c.value for c in f.choices])


_PARSED = [
    (sheet, f)
    for sheet in SHEETS.values()
    for f in (*sheet.stats, *sheet.derived)
]


@given(st.sampled_from(_PARSED).flatmap(
    lambda pair: st.tuples(st.just(pair), _valid_values(pair[1]))
))
def test_parse_value_round_trips_every_valid_value(case) -> None:
    (sheet, f), value = case
    parsed = sheet.parse_value(f.key, str(value))
    assert parsed == value and type(parsed) is type(value)


@given(st.sampled_from(_PARSED), st.text(max_size=12))
def test_parse_value_gives_a_valid_value_or_a_value_error(pair, text: str) -> None:
    sheet, f = pair
    try:
        value = sheet.parse_value(f.key, text)
    except ValueError as err:
        assert f.key in str(err)
    else:
        assert f.problem(value) is None


@given(st.sampled_from([(s, f) for s in SHEETS.values()
                        for f in (*s.stats, *s.derived, *s.resources, *s.settings)]),
       st.integers(0, 3))
def test_names_resolve_whatever_the_separators(pair, which: int) -> None:
    sheet, f = pair
    lookup = {id(r): sheet.resolve_resource for r in sheet.resources}
    lookup.update({id(s): sheet.resolve_setting for s in sheet.settings})
    resolve = lookup.get(id(f), sheet.resolve)
    name = f.names[which % len(f.names)]
    assert resolve(name.replace(" ", "_")) == f.key
    assert resolve(name.replace(" ", "  ").swapcase()) == f.key


def test_stat_names_ignore_brackets_and_yo() -> None:
    assert name_key("МЗ (Мана)") == name_key("мз(мана)") == "мзмана"
    assert name_key("Ёж") == name_key("еж")


# -- stored sessions -------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "stats"),
    [("dungeon", VIKING), ("terra", HERO), ("twilight", NOMAD), ("skirmish", WARRIOR)],
)
def test_valid_stored_stats_have_no_problems(system: str, stats) -> None:
    assert SHEETS[system].validate(stats) == ()


def test_validate_names_the_key_of_every_problem() -> None:
    problems = SHEETS["dungeon"].validate(
        {"body": True, "reaction": "3", "тело": 4, "bodyy": 2, "caster": 1, "hp_max": "x"}
    )
    assert problems == (
        "body: must be a whole number, got True",
        "reaction: must be a whole number, got '3'",
        'тело: not a stored key; write "body"',
        "bodyy: unknown stat for dungeon; did you mean: body?",
        "caster: must be true or false, got 1",
        "hp_max: must be a whole number, got 'x'",
    )


def test_validate_reports_missing_required_stats() -> None:
    assert SHEETS["skirmish"].validate({"dexterity": 2}) == (
        "hp_max: required (hp (hp_max)), no value",
    )


def test_validate_lets_forced_house_rules_through() -> None:
    # 6 in a stat breaks DG-STAT-1 at creation, not the mechanics
    forced = {"body": 6, "reaction": 5, "mind": 5, "charisma": 5}
    assert SHEETS["dungeon"].creation_problems(forced)
    assert SHEETS["dungeon"].validate(forced) == ()


def test_creation_problems_report_wrong_kinds_with_the_rule() -> None:
    assert SHEETS["terra"].creation_problems({**HERO, "rhesus": "?"}) == (
        "TT-RH-1: резус (rhesus) must be one of: +, -; got '?'",
    )


def test_unknown_system_is_a_value_error_with_a_hint() -> None:
    with pytest.raises(ValueError, match='unknown system "dungeom"; did you mean: dungeon'):
        get_sheet("dungeom")


def test_sheets_stay_pure_and_load_only_the_system_asked_for() -> None:
    code = (
        "import sys; from rules.systems import get_sheet; get_sheet('dungeon');"
        "bad = [m for m in sys.modules if m.split('.')[0] in"
        " ('typer', 'rich', 'prompt_toolkit', 'ttcli')"
        " or m in ('rules.systems.terra.sheet', 'rules.systems.twilight.sheet',"
        " 'rules.systems.skirmish.sheet')];"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
