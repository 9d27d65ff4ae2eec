"""Twilight's pure readings: successes, pools, penalties, AP, wounds, perks as data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import DocumentError
from rules.core.state import Combatant
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages
from rules.systems.twilight.perks import PRESETS, decode_perk, decode_perks


def champion(**stats: object) -> Combatant:
    data = stats.pop("data", {})
    resources = stats.pop("resources", {"hp": 20, "energy": 5})
    base = {"hp_max": 20, "energy_max": 5, "ap": 2, "weapon_stat": "deadliness", "weapon_dice": 5,
            "deadliness": 4, "might": 1, "armor_dice": 5, "endurance": 4}
    return Combatant("Кочевник", stats={**base, **stats}, resources=resources, data=data)  # type: ignore[arg-type]


@pytest.mark.parametrize(("faces", "threshold", "expected"), [
    ((5, 4, 3, 2, 4, 5, 5, 5, 4), 5, 4),  # the seed's first nomad attack
    ((5, 4, 5, 5, 5, 5, 5, 5), 5, 7),
    ((5, 4, 3, 5, 4, 5, 5, 5, 5), 5, 6),
    ((5, 5, 3, 2, 4, 5, 5, 5, 4), 5, 5),
    ((6, 4, 4), 4, 3),
    ((), 5, 0),
])
def test_tw_pool_1_successes_count_dice_at_the_threshold(faces, threshold, expected):
    assert ch.successes(faces, threshold) == expected


@given(st.lists(st.integers(1, 6), max_size=30), st.integers(1, 6))
def test_tw_pool_1_a_lower_threshold_never_counts_fewer_successes(faces, threshold):
    n = ch.successes(faces, threshold)
    assert 0 <= n <= len(faces) == ch.successes(faces, 1)
    assert ch.successes(faces, max(1, threshold - 1)) >= n
    assert ch.successes([*faces, 6], threshold) == n + 1


@pytest.mark.parametrize(("size", "lost", "expected"), [(9, 1, 8), (9, 4, 5), (3, 4, 0), (0, 2, 0), (5, -1, 6)])
def test_tw_pool_1_penalties_never_go_below_zero_dice(size, lost, expected):
    assert ch.after_penalty(size, lost) == expected


def test_tw_ctr_1_counter_pool_is_weapon_dice_plus_deadliness_plus_perks():
    # the seed: 5d6 weapon + deadliness 4 + a "+2d6 to the sword" perk = 11d6
    sword = {"name": "Мастер меча", "weapon_dice": 2}
    assert ch.counter_pool(champion(data={"perks": [sword]})) == 11
    # a might weapon still counts deadliness, not might, in a counter
    assert ch.counter_pool(champion(weapon_stat="might", might=6)) == 9
    assert ch.attack_pool(champion(weapon_stat="might", might=6)) == 11


def test_tw_weap_1_a_second_weapon_has_its_own_dice_and_main_stat():
    nomad = champion(weapon_dice=6, deadliness=3,
                     data={"weapons": [{"name": "второй меч", "dice": 5, "stat": "deadliness"}]})
    assert (ch.attack_pool(nomad, 1), ch.attack_pool(nomad, 2)) == (9, 8)  # the seed's 9d6 and 8d6
    assert ch.defense_pool(champion()) == 9  # the viking: armor 5d6 + endurance 4


@pytest.mark.parametrize(("hp", "level", "fate"), [
    (20, ch.NONE, None), (14, ch.LIGHT, None), (13, ch.MEDIUM, None), (8, ch.MEDIUM, None),
    (7, ch.HEAVY, None), (2, ch.HEAVY, None), (1, ch.HEAVY, ch.OUT), (0, ch.HEAVY, ch.AT_DEATH),
    (-3, ch.HEAVY, ch.AT_DEATH),
])
def test_tw_wound_1_the_wounds_ladder_by_share_of_hp_lost(hp, level, fate):
    # max 20: 30% = 6 lost, 60% = 12, 90% = 18; over 90% out, 100% AT DEATH
    assert ch.wound_level(20, hp) == level
    assert ch.fate_of_loss(20, hp) == fate


@pytest.mark.parametrize(("wound", "energy", "attack_lost", "ap"), [
    (0, 5, 0, 2), (1, 5, 1, 2), (2, 5, 3, 2), (3, 5, 4, 1), (0, 0, 4, 1), (3, 0, 8, 0),
])
def test_tw_wound_1_and_tw_exh_1_penalties_and_ap(wound, energy, attack_lost, ap):
    c = champion(data={"wound": wound} if wound else {}, resources={"hp": 20, "energy": energy})
    assert ch.penalty(c, (), "attack") == attack_lost
    assert ch.action_points(c, ()) == ap


def test_tw_ap_1_round_changes_never_below_zero_and_conditions_spare_the_seasoned():
    c = champion(data={"wound": 3}, resources={"hp": 5, "energy": 0})
    overload = ch.Circumstances(attack=-2, defense=-2, counter=-2, ap=-1)
    assert ch.action_points(c, (overload,)) == 0
    assert ch.action_points(champion(), (ch.Circumstances(ap=1),)) == 3  # the gods' flash
    rain = ch.Circumstances(defense=-2, from_condition=True)
    assert ch.penalty(champion(), (rain,), "defense") == 2
    seasoned = champion(data={"perks": ["seasoned_warrior"]})
    assert ch.penalty(seasoned, (rain,), "defense") == 0
    assert ch.penalty(seasoned, (overload,), "defense") == 2  # the gods cannot be cancelled (TW-GODS-1)


@pytest.mark.parametrize(("d10", "condition"), [(1, "none"), (3, "none"), (4, "rain"), (5, "rain"), (6, "storm"),
                                                 (7, "random"), (8, "random"), (9, "barrier"), (10, "barrier")])
def test_tw_cond_1_the_masters_d10(d10, condition):
    assert stages.condition_of_d10(d10) == condition


@pytest.mark.parametrize(("d10", "effect"), [(1, "resonance"), (2, "euphoria"), (3, "flash"), (4, "overload"),
                                              (5, "march"), (6, "legends"), (7, "legends"), (8, "legends"),
                                              (9, "fog"), (10, "fates")])
def test_tw_gods_1_the_chaos_d10(d10, effect):
    assert stages.chaos_of_d10(d10) == effect


def test_tw_cond_1_storm_and_rain_change_the_rolls_of_their_rounds():
    storm = {"condition": "storm", "storm_round": 2, "fight_round": 2}
    (lightning,) = stages.circumstances(storm, stages.FIGHT)
    assert (lightning.defense, lightning.attack) == (-3, 1)
    assert stages.circumstances({**storm, "fight_round": 1}, stages.FIGHT) == ()
    assert stages.specials_blocked(storm, stages.FIGHT) == "storm"
    assert stages.specials_blocked({"condition": "barrier"}, stages.FIGHT) == "barrier"
    assert stages.special_cost({"chaos": {"effect": "euphoria"}}, 2) == 0


@pytest.mark.parametrize(("unspent", "total", "text", "free"), [(300, 600, "300 (600)", 3), (0, 0, "0 (0)", 0),
                                                                (50, 199, "50 (199)", 0)])
def test_tw_leg_1_legend_reads_unspent_then_total(unspent, total, text, free):
    assert stages.legend_text(unspent, total) == text
    assert stages.free_points(total) == free


def test_tw_perk_1_presets_and_tables_of_the_vocabulary():
    assert decode_perk("twin_blades", ("perks", 0)) is PRESETS["twin_blades"]
    assert decode_perk("Два клинка", ("perks", 0)).extra_attack_weapon == 2
    own = decode_perk({"name": "Плеть", "effect": "damage", "damage": 2, "targeted": True}, ("perks", 1))
    assert (own.cost, own.damage, own.special) == (1, 2, True)
    assert [p.id for p in decode_perks(["samurai", "death_grip"], ("perks",))] == ["samurai", "death_grip"]


@pytest.mark.parametrize(("raw", "path", "words"), [
    ("nobody", ("perks", 0), "no perk preset"),
    ({"name": "X", "attack_dice": -1}, ("perks", 0, "attack_dice"), "0 or more"),
    ({"name": "X", "cost": 3}, ("perks", 0, "cost"), "1 or 2 AP"),
    ({"name": "X", "fight_rounds": 5}, ("perks", 0, "fight_rounds"), "4 rounds at most"),
    ({"name": "X", "effect": "fly"}, ("perks", 0, "effect"), "must be one of"),
    ({"name": "X", "colour": 1}, ("perks", 0, "colour"), "unknown perk key"),
    ({"attack_dice": 1}, ("perks", 0, "name"), "needs a name"),
])
def test_tw_perk_1_a_bad_perk_names_its_place(raw, path, words):
    with pytest.raises(DocumentError) as caught:
        decode_perk(raw, ("perks", 0))
    assert caught.value.path == path and words in str(caught.value)
