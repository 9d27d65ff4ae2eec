"""The skirmish's numbers, one rule at a time (rules/systems/skirmish/mechanics.py, gear.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import DocumentError
from rules.systems.skirmish import gear
from rules.systems.skirmish import mechanics as sk


@pytest.mark.parametrize(("attack", "defence", "tie_to_defender", "lands"), [
    (15, 14, True, True),
    (14, 14, True, False),   # SK-TIE-1: the defender keeps a tie
    (14, 14, False, True),   # the session setting gives it to the attacker
    (3, 20, True, False),
])
def test_sk_atk_1_sk_tie_1_the_attack_lands_on_a_greater_total(attack, defence, tie_to_defender, lands):
    assert sk.lands(attack, defence, tie_to_defender=tie_to_defender) is lands


@pytest.mark.parametrize(("damage", "def_", "dealt"), [
    (8, 3, 5), (3, 3, 0), (2, 5, 0), (5, 2.9, 2), (5, 3.1, 1), (0, 0, 0),
])
def test_sk_dmg_1_only_a_positive_remainder_comes_off_hp(damage, def_, dealt):
    assert sk.damage_through(damage, def_) == dealt


@pytest.mark.parametrize(("score", "allowed"), [(0, 0), (5, 0), (6, 1), (8, 1), (9, 2), (15, 2)])
def test_sk_reroll_1_allowance_at_5_6_and_9(score, allowed):
    assert sk.reroll_allowance(score) == allowed


@pytest.mark.parametrize(("done", "cost"), [(0, 2), (1, 4), (2, 8), (3, 16)])
def test_sk_out_1_each_counterattack_costs_double_the_previous(done, cost):
    assert sk.counter_cost(done) == cost


@pytest.mark.parametrize(("dexterity", "penalty"), [(0, 0), (2, 0), (3, -1), (5, -1), (6, -2), (8, -2), (9, -3),
                                                     (12, -3)])
def test_sk_ranged_1_the_targets_dexterity_lowers_the_shot(dexterity, penalty):
    assert sk.dexterity_shot_penalty(dexterity) == penalty


@pytest.mark.parametrize(("chance", "drop"), [(10, 5), (15, 7), (1, 0), (100, 50)])
def test_sk_stun_1_the_weapon_drop_chance_is_half_the_stun_chance_rounded_down(chance, drop):
    assert sk.stun_drop_chance(chance) == drop


@pytest.mark.parametrize(("roll", "chance", "lands"), [(30, 30, True), (31, 30, False), (1, 1, True), (100, 99, False)])
def test_sk_eff_1_an_effect_lands_at_or_under_its_chance(roll, chance, lands):
    assert sk.percent(roll, chance) is lands


@pytest.mark.parametrize(("dex", "end", "free"), [(3, 4, 3), (4, 4, 4), (-3, 1, 0), (0, 0, 0)])
def test_sk_move_1_free_metres_and_their_stamina(dex, end, free):
    assert sk.free_move(dex, end) == free
    assert sk.move_cost(free + 2, free) == 2
    assert sk.move_cost(free, free) == 0


def test_sk_move_1_a_dash_adds_the_accuracy_die_minus_accuracy():
    assert sk.dash_modifier(6, 4) == 2
    assert sk.dash_modifier(1, 4) == -3


@pytest.mark.parametrize(("total", "kwargs", "escapes"), [
    (10, {"threshold": 10}, True), (9, {"threshold": 10}, False),
    (12, {"chaser_total": 11}, True), (12, {"chaser_total": 12}, False),  # SK-TIE-1: the chaser keeps a tie
])
def test_sk_flee_1_alone_against_the_threshold_chased_against_the_chaser(total, kwargs, escapes):
    assert sk.escapes(total, **kwargs) is escapes


@pytest.mark.parametrize(("die", "endurance", "penalty", "passes"), [
    (7, 3, 0, True), (6, 3, 0, False), (9, 3, 2, True), (8, 3, 2, False),
])
def test_sk_exh_1_the_endurance_check_with_its_growing_penalty(die, endurance, penalty, passes):
    assert sk.exhaustion_passes(die, endurance, penalty, 10) is passes


# --- SK-BREAK-1 ----------------------------------------------------------------------------

SWORD = gear.Weapon("Меч", damage=5, durability=10, breakage=True, bonuses={"dexterity": 1})
MAIL = gear.Armor("Кольчуга", def_=3, durability=8, breakage=True, bonuses={"dexterity": -1, "stealth": -2})


@pytest.mark.parametrize(("roll", "band", "sword", "mail"), [
    (10, gear.NOTHING, (10, 5, 1), (8, 3, -1, -2)),
    (9, gear.NOTHING, (10, 5, 1), (8, 3, -1, -2)),
    (8, gear.WORN, (9, 5, 1), (7, 3, -1, -2)),
    (6, gear.WORN, (9, 5, 1), (7, 3, -1, -2)),
    (5, gear.DAMAGED, (8, 4, 0.9), (6, 2.9, -1.1, -3)),
    (4, gear.DAMAGED, (8, 4, 0.9), (6, 2.9, -1.1, -3)),
    (3, gear.CRIPPLED, (7, 2, 0), (5, 1, -1, -1)),
    (2, gear.CRIPPLED, (7, 2, 0), (5, 1, -1, -1)),
])
def test_sk_break_1_each_band_changes_durability_and_the_other_values(roll, band, sword, mail):
    b = gear.band(roll)
    assert b.name == band
    w, a = gear.worn_weapon(SWORD, b), gear.worn_armor(MAIL, b)
    assert (w.durability, w.damage, w.bonuses["dexterity"]) == sword
    assert (a.durability, a.def_, a.bonuses["dexterity"], a.bonuses["stealth"]) == mail
    assert not gear.broken(w.durability, b)


@pytest.mark.parametrize("roll", [1, 0, -2])
def test_sk_break_1_one_or_less_destroys_the_item(roll):
    assert gear.broken(10, gear.band(roll))


def test_sk_break_1_durability_worn_to_zero_destroys_the_item():
    b = gear.band(7)
    assert gear.broken(gear.worn_weapon(gear.Weapon("Палка", durability=1), b).durability, b)


# --- SK-SLOT-1 -------------------------------------------------------------------------------

def _carry(*sizes: str) -> dict[str, gear.Weapon]:
    return {f"w{i}": gear.Weapon(f"w{i}", size=size) for i, size in enumerate(sizes)}


@pytest.mark.parametrize(("sizes", "clothing", "used", "stealth", "dexterity"), [
    ((gear.LARGE,), 1, 1, 0, 0),
    ((gear.TWO_HANDED,), 1, 2, -1, 0),
    ((gear.TWO_HANDED, gear.LARGE), 1, 3, -2, 0),
    ((gear.TWO_HANDED, gear.LARGE, gear.LARGE), 1, 4, -3, -1),
    ((gear.TWO_HANDED, gear.TWO_HANDED, gear.LARGE), 1, 5, -4, -2),
    ((gear.SHORT, gear.SHORT), 2, 0, 0, 0),           # a short weapon per clothing item takes no slot
    ((gear.SHORT, gear.SHORT, gear.SHORT), 2, 1, 0, 0),  # the third one takes a slot
    ((gear.LARGE, gear.SHORT), 0, 2, -1, 0),
])
def test_sk_slot_1_slots_and_their_penalties(sizes, clothing, used, stealth, dexterity):
    load = gear.slots(_carry(*sizes), clothing)
    assert (load.used, load.stealth, load.dexterity) == (used, stealth, dexterity)


def test_sk_slot_1_the_other_reading_adds_the_fourth_slot_penalty_on_top():
    load = gear.slots(_carry(gear.TWO_HANDED, gear.TWO_HANDED, gear.LARGE), 1, over_three_adds=True)
    assert (load.used, load.stealth, load.dexterity) == (5, -6, -2)


def test_sk_slot_1_a_size_that_does_not_exist_is_refused_at_its_place():
    with pytest.raises(DocumentError) as caught:
        gear.weapons({"weapons": {"Меч": {"size": "huge"}}})
    assert caught.value.path == ("data", "weapons", "Меч", "size")
    assert "two-handed, large, short" in caught.value.problem


@pytest.mark.parametrize(("table", "place"), [
    ({"kind": "laser"}, "kind"),
    ({"damage": "много"}, "damage"),
    ({"effects": {"bleeding": 130}}, "effects"),
    ({"effects": {"poison": {"damage": 2}}}, "effects"),
    ({"dice": "2d"}, "dice"),
    ({"colour": "red"}, "colour"),
])
def test_a_weapon_typo_is_named_at_its_place(table, place):
    with pytest.raises(DocumentError) as caught:
        gear.read_weapon("Меч", table, ("data", "weapons", "Меч"))
    assert caught.value.path[3] == place


_weapons = st.builds(
    gear.Weapon,
    name=st.text(min_size=1, max_size=8),
    kind=st.sampled_from(gear.KINDS),
    damage=st.integers(0, 30) | st.floats(0, 30, allow_nan=False).map(lambda x: round(x, 1)),
    dice=st.sampled_from(["", "1d6", "2d4+1"]),
    accuracy=st.none() | st.integers(-5, 20),
    shield_def=st.integers(0, 5),
    size=st.sampled_from(tuple(gear.SIZE_SLOTS)),
    effects=st.dictionaries(st.sampled_from(["bleeding", "poison", "stun", "burning", "яд кобры"]),
                            st.integers(0, 100), max_size=3),
    breakage=st.booleans(),
    durability=st.none() | st.integers(0, 20),
)


@given(_weapons)
def test_a_weapon_reads_back_as_it_was_written(weapon):
    weapon = gear.Weapon(**{**weapon.__dict__, "block": weapon.kind != gear.MAGIC})
    again = gear.read_weapon(weapon.name, weapon.to_toml(), ("w",))
    assert again.to_toml() == weapon.to_toml()
    assert again == gear.read_weapon(weapon.name, again.to_toml(), ("w",))
