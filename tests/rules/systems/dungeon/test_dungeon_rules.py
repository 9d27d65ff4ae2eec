"""Dungeon (Подземелье Ужаса) mechanics, rule by rule (DG-* in RULES.md)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError, UnknownNameError
from rules.dice.sources import GIVEN, GivenSource
from rules.systems.dungeon import mechanics as dg


def script(*faces: int) -> GivenSource:
    """Dice that must all be used: a fallback roll would mean a wrong draw count."""
    return GivenSource(faces, fallback=_NoMoreDice())


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


def faces(outcome) -> list[tuple[int, int, str]]:
    return [(die.face, die.sides, die.purpose) for die in outcome.dice]


# --- DG-SKILL-1 -------------------------------------------------------------

SEED_SKILLS = [
    ("Атлетика", "body"),
    ("Акробатика", "body"),
    ("Ловкость рук", "reaction"),
    ("Скрытность", "reaction"),
    ("Зоркость", "reaction"),
    ("История", "mind"),
    ("Магия", "mind"),
    ("Природа", "mind"),
    ("Расследование", "mind"),
    ("Религия", "mind"),
    ("Выживание", "mind"),
    ("Медицина", "mind"),
    ("Проницательность", "mind"),
    ("Выступление", "charisma"),
    ("Обман", "charisma"),
    ("Убеждение", "charisma"),
]

FLAT_STATS = {"body": 1, "reaction": 2, "mind": 3, "charisma": 4}


@pytest.mark.parametrize("name, stat", SEED_SKILLS)
def test_dg_skill_1_seed_table_maps_each_skill_to_its_stat(name, stat):
    assert dg.skill_stat(name, FLAT_STATS) == stat


@pytest.mark.parametrize(
    "name, key",
    [
        ("athletics", "athletics"),
        ("STEALTH", "stealth"),
        ("Sleight of hand", "sleight_of_hand"),
        ("sleight_of-hand", "sleight_of_hand"),
        ("  ловкость   РУК ", "sleight_of_hand"),
        ("ЗОРКОСТЬ", "perception"),
        ("arcana", "arcana"),
        ("Выступлёние", "performance"),  # ё is read as е
        ("intimidation", "intimidation"),
    ],
)
def test_dg_skill_1_names_in_either_language_any_case(name, key):
    assert dg.find_skill(name).key == key


@pytest.mark.parametrize(
    "charisma, body, used",
    [(4, 2, "charisma"), (2, 4, "body"), (3, 3, "charisma")],
)
def test_dg_skill_1_intimidation_uses_the_higher_of_charisma_and_body(charisma, body, used):
    stats = {"body": body, "reaction": 1, "mind": 1, "charisma": charisma}
    assert dg.skill_stat("Запугивание", stats) == used


@pytest.mark.parametrize(
    "typo, suggestion",
    [("Атлтика", "Атлетика"), ("stelth", "Stealth"), ("убеждения", "Убеждение")],
)
def test_dg_skill_1_unknown_skill_suggests_close_names(typo, suggestion):
    with pytest.raises(UnknownNameError) as caught:
        dg.find_skill(typo)
    assert isinstance(caught.value, ValueError)
    assert suggestion in caught.value.suggestions
    assert "did you mean" in str(caught.value)


def test_dg_skill_1_unknown_skill_far_from_everything_has_no_suggestion():
    with pytest.raises(UnknownNameError) as caught:
        dg.find_skill("xyzzy")
    assert caught.value.suggestions == ()


@given(
    st.sampled_from(dg.SKILLS),
    st.sampled_from(["name_ru", "name_en", "key"]),
    st.lists(st.booleans(), min_size=40, max_size=40),
)
def test_dg_skill_1_lookup_ignores_case(skill, field, upper):
    name = getattr(skill, field)
    mixed = "".join(c.upper() if up else c.lower() for c, up in zip(name, upper, strict=False))
    assert dg.find_skill(mixed) == skill


@given(st.text(max_size=30))
def test_dg_skill_1_any_text_resolves_or_is_reported_as_unknown(text):
    try:
        assert dg.find_skill(text) in dg.SKILLS
    except UnknownNameError as error:
        assert error.name == text


def test_dg_skill_1_skill_check_rolls_with_the_skill_stat():
    stats = {"body": 2, "reaction": 4, "mind": 1, "charisma": 3}
    outcome = dg.skill_check(script(9), "Скрытность", stats, dc=13)
    assert (outcome.stat_key, outcome.stat, outcome.total, outcome.success) == ("reaction", 4, 13, True)
    assert outcome.skill == "stealth"


@pytest.mark.parametrize(
    "name, key",
    [("ТЕЛО", "body"), ("Телосложение", "body"), ("реак", "reaction"), ("РАЗ", "mind"),
     ("Харизма", "charisma"), ("mind", "mind")],
)
def test_dg_skill_1_stat_names_in_either_language(name, key):
    assert dg.stat_key(name) == key


def test_dg_skill_1_unknown_stat_suggests():
    with pytest.raises(UnknownNameError) as caught:
        dg.stat_key("ТЕЛ0")
    assert "ТЕЛО" in caught.value.suggestions


# --- DG-CHECK-1 -------------------------------------------------------------


@pytest.mark.parametrize(
    "face, stat, bonus, dc, success, natural",
    [
        (10, 3, 0, 13, True, None),  # equal to the difficulty succeeds
        (9, 3, 0, 13, False, None),
        (8, 3, 2, 13, True, None),
        (1, 30, 0, 10, False, 1),  # natural 1 fails despite a huge bonus
        (1, 5, 100, 2, False, 1),
        (20, 1, 0, 40, True, 20),  # natural 20 succeeds against anything
        (19, 1, 0, 21, False, None),
        (2, 0, 0, 2, True, None),
    ],
)
def test_dg_check_1_d20_plus_stat_against_difficulty(face, stat, bonus, dc, success, natural):
    outcome = dg.check(script(face), stat, dc, bonus=bonus)
    assert outcome.success is success
    assert outcome.natural == natural
    assert outcome.total == face + stat + bonus
    assert faces(outcome) == [(face, 20, "check")]
    assert outcome.die.origin == GIVEN


@given(
    st.integers(1, 20), st.integers(-5, 30), st.integers(-20, 40),
    st.integers(0, 4), st.integers(0, 4),
)
def test_dg_check_1_success_is_total_reaching_dc_unless_natural(face, stat, dc, adv, dis):
    outcome = dg.check(script(face), stat, dc, advantages=adv, disadvantages=dis)
    expected = {1: False, 20: True}.get(face, outcome.total >= dc)
    assert outcome.success is expected
    assert outcome.total == face + stat + dg.advantage_modifier(adv, dis)


def test_dg_check_1_outcome_is_frozen():
    outcome = dg.check(script(5), 2, 10)
    with pytest.raises(AttributeError):  # frozen: a dataclass or a record
        outcome.success = True


# --- DG-ADV-1 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "advantages, disadvantages, modifier",
    [(0, 0, 0), (1, 0, 5), (2, 0, 10), (3, 0, 10), (0, 1, -5), (0, 2, -10), (0, 5, -10),
     (3, 1, 10), (2, 1, 5), (1, 1, 0), (1, 3, -10)],
)
def test_dg_adv_1_five_per_step_clamped_to_ten(advantages, disadvantages, modifier):
    assert dg.advantage_modifier(advantages, disadvantages) == modifier


def test_dg_adv_1_three_advantages_on_a_check_add_ten():
    outcome = dg.check(script(7), 2, 19, advantages=3)
    assert (outcome.advantage, outcome.total, outcome.success) == (10, 19, True)


def test_dg_adv_1_negative_counts_are_refused():
    with pytest.raises(ValueError):
        dg.advantage_modifier(-1, 0)


@pytest.mark.parametrize(
    "kind, situation, advantages, disadvantages",
    [
        ("ranged", {"target_prone": True}, 0, 1),
        ("melee", {"target_prone": True}, 1, 0),
        ("ranged", {"target_in_cover": True}, 0, 1),
        ("melee", {"target_in_cover": True}, 0, 0),
        ("melee", {"attacker_prone": True}, 0, 1),
        ("ranged", {"light": "dim"}, 0, 1),
        ("melee", {"light": "dim"}, 0, 1),
        ("melee", {"light": "dark"}, 0, 2),
        ("ranged", {"target_invisible": True}, 0, 2),
        ("ranged", {"target_invisible": True, "light": "dark"}, 0, 2),
        ("ranged", {"target_prone": True, "target_in_cover": True, "light": "dim"}, 0, 3),
        ("melee", {}, 0, 0),
    ],
)
def test_dg_adv_1_seed_attack_situations(kind, situation, advantages, disadvantages):
    found = dg.hit_modifiers(kind, dg.Situation(**situation))
    assert (found.advantages, found.disadvantages) == (advantages, disadvantages)


def test_dg_adv_1_darkness_takes_ten_off_a_hit():
    outcome = dg.hit_roll(script(19), "melee", 12, situation=dg.Situation(light="dark"))
    assert (outcome.advantage, outcome.total, outcome.hit) == (-10, 9, False)
    assert [(t.amount, t.reason) for t in outcome.terms] == [(-10, "darkness")]


def test_dg_adv_1_unknown_light_is_refused():
    with pytest.raises(ValueError):
        dg.Situation(light="twilight")


# --- DG-SAVE-1 --------------------------------------------------------------


@pytest.mark.parametrize(
    "face, stat, modifier, success",
    [(4, 4, 0, True), (5, 4, 0, False), (5, 4, 1, True), (4, 4, -1, False),
     (1, 0, 0, False), (1, 1, 0, True), (10, 5, 5, True), (10, 5, 4, False)],
)
def test_dg_save_1_d10_at_most_stat_plus_modifier(face, stat, modifier, success):
    outcome = dg.saving_throw(script(face), stat, modifier=modifier)
    assert outcome.success is success
    assert outcome.target == stat + modifier
    assert faces(outcome) == [(face, 10, "save")]


# --- DG-FAT-1 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "ability, cost, takes_action",
    [("extra_action", 2, False), ("Дополнительное перемещение", 1, False),
     ("Преимущество", 1, False), ("extra damage die", 2, False),
     ("Собраться с силами", 2, True)],
)
def test_dg_fat_1_costs_of_the_shared_abilities(ability, cost, takes_action):
    spent = dg.spend_fatigue(ability, fatigue=1, max_fatigue=5)
    assert (spent.cost, spent.fatigue_after, spent.takes_action) == (cost, 1 + cost, takes_action)


def test_dg_fat_1_spending_up_to_the_maximum_exactly_is_allowed():
    assert dg.spend_fatigue("extra_action", 3, 5).fatigue_after == 5


@pytest.mark.parametrize("fatigue, ability", [(5, "extra_move"), (4, "extra_action"), (4, "rally")])
def test_dg_fat_1_cannot_go_past_the_maximum(fatigue, ability):
    with pytest.raises(RuleError) as caught:
        dg.spend_fatigue(ability, fatigue, 5)
    assert caught.value.rule == "DG-FAT-1"
    assert f"only {5 - fatigue} more" in str(caught.value)


def test_dg_fat_1_same_ability_twice_in_a_turn_is_refused():
    first = dg.spend_fatigue("advantage", 0, 5)
    with pytest.raises(RuleError, match="once per turn"):
        dg.spend_fatigue("Преимущество", first.fatigue_after, 5, first.used_this_turn)


def test_dg_fat_1_different_abilities_in_one_turn_are_allowed():
    first = dg.spend_fatigue("advantage", 0, 5)
    second = dg.spend_fatigue("extra_damage_die", first.fatigue_after, 5, ["Преимущество"])
    assert second.fatigue_after == 3
    assert second.used_this_turn == ("advantage", "extra_damage_die")


def test_dg_fat_1_rally_refused_after_taking_damage_last_turn():
    with pytest.raises(RuleError, match="no damage"):
        dg.spend_fatigue("rally", 0, 5, damaged_last_turn=True)


def test_dg_fat_1_fatigue_above_its_maximum_is_bad_data():
    with pytest.raises(ValueError):
        dg.spend_fatigue("extra_move", 6, 5)


def test_dg_fat_1_unknown_ability_suggests():
    with pytest.raises(UnknownNameError) as caught:
        dg.spend_fatigue("Преимушество", 0, 5)
    assert "Преимущество" in caught.value.suggestions


@pytest.mark.parametrize(
    "hp, d4, hp_after",
    [(5, 3, 12), (12, 3, 13), (1, 1, 6)],  # body 4: heal 4 + d4, capped at 13
)
def test_dg_fat_1_rally_heals_body_plus_d4_capped(hp, d4, hp_after):
    outcome = dg.rally(script(d4), body=4, hp=hp, max_hp=13, fatigue=0, max_fatigue=5)
    assert (outcome.rolled, outcome.hp_after, outcome.spend.fatigue_after) == (4 + d4, hp_after, 2)
    assert outcome.healed == hp_after - hp
    assert faces(outcome) == [(d4, 4, "rally_heal")]


@pytest.mark.parametrize(
    "kwargs",
    [{"hp": 0}, {"fatigue": 4}, {"damaged_last_turn": True}, {"used_this_turn": ["rally"]}],
)
def test_dg_fat_1_refused_rally_rolls_nothing(kwargs):
    args = {"body": 4, "hp": 5, "max_hp": 13, "fatigue": 0, "max_fatigue": 5} | kwargs
    source = script()
    with pytest.raises(RuleError):
        dg.rally(source, **args)
    assert source.used == 0


# --- DG-REST-1 --------------------------------------------------------------


def test_dg_rest_1_short_rest_rolls_hp_fatigue_mp_separately():
    outcome = dg.short_rest(script(3, 2, 4), hp=5, max_hp=13, fatigue=4, rations=2, mp=3, max_mp=12)
    assert (outcome.hp.after, outcome.fatigue.after, outcome.mp.after) == (8, 2, 7)
    assert (outcome.rations_before, outcome.rations_after, outcome.rested) == (2, 1, True)
    assert faces(outcome) == [(3, 6, "rest_hp"), (2, 6, "rest_fatigue"), (4, 6, "rest_mp")]


def test_dg_rest_1_short_rest_at_max_hp_and_no_fatigue_changes_nothing_but_rations():
    outcome = dg.short_rest(script(6, 6), hp=13, max_hp=13, fatigue=1, rations=1)
    assert (outcome.hp.after, outcome.hp.recovered) == (13, 0)
    assert outcome.fatigue.after == 0  # 1 - 6 stops at 0
    assert outcome.mp is None
    assert outcome.rations_after == 0


def test_dg_rest_1_long_rest_adds_stats_and_clears_fatigue():
    outcome = dg.long_rest(
        script(5, 6), body=4, mind=4, hp=2, max_hp=13, fatigue=5, rations=1, mp=0, max_mp=12
    )
    assert (outcome.hp.after, outcome.fatigue.after, outcome.mp.after) == (11, 0, 10)
    assert outcome.fatigue.die is None
    assert faces(outcome) == [(5, 6, "rest_hp"), (6, 6, "rest_mp")]


def test_dg_rest_1_no_mp_roll_for_a_character_without_magic():
    outcome = dg.short_rest(script(2, 2), hp=5, max_hp=13, fatigue=3, rations=1, mp=0, max_mp=0)
    assert outcome.mp is None
    assert len(outcome.dice) == 2


def test_dg_rest_1_long_rest_caps_at_max():
    outcome = dg.long_rest(script(6, 6), body=5, mind=5, hp=10, max_hp=16, fatigue=0, rations=3,
                           mp=14, max_mp=15)
    assert (outcome.hp.after, outcome.mp.after) == (16, 15)


@pytest.mark.parametrize("rest", [dg.short_rest, dg.long_rest])
def test_dg_rest_1_without_a_ration_nothing_happens(rest):
    extra = {"body": 4, "mind": 4} if rest is dg.long_rest else {}
    source = script()
    outcome = rest(source, hp=2, max_hp=13, fatigue=5, rations=0, mp=1, max_mp=12, **extra)
    assert outcome.rested is False
    assert (outcome.hp, outcome.fatigue, outcome.mp, outcome.rations_after) == (None, None, None, 0)
    assert source.used == 0


def test_dg_rest_1_rest_wakes_an_unconscious_character():
    outcome = dg.short_rest(script(1, 1), hp=0, max_hp=13, fatigue=0, rations=1)
    assert (outcome.status_before, outcome.status_after) == ("unconscious", "ok")


def test_dg_rest_1_the_dead_do_not_rest():
    with pytest.raises(RuleError):
        dg.short_rest(script(), hp=0, max_hp=13, fatigue=0, rations=1, status="dead")


@pytest.mark.parametrize(
    "kwargs",
    [{"rations": -1}, {"hp": 14}, {"mp": 3}, {"mp": 13, "max_mp": 12}, {"fatigue": -1}],
)
def test_dg_rest_1_inconsistent_numbers_are_bad_data(kwargs):
    args = {"hp": 5, "max_hp": 13, "fatigue": 0, "rations": 1} | kwargs
    with pytest.raises(ValueError):
        dg.short_rest(script(), **args)


# --- DG-INIT-1 --------------------------------------------------------------


@pytest.mark.parametrize(
    "party, enemies, first",
    [(5, 3, "party"), (3, 5, "enemies"), (4, 4, "enemies"), (1, 1, "enemies"), (6, 5, "party")],
)
def test_dg_init_1_higher_d6_first_tie_to_enemies(party, enemies, first):
    outcome = dg.side_initiative(script(party, enemies))
    assert outcome.first == first
    assert faces(outcome) == [(party, 6, "initiative_party"), (enemies, 6, "initiative_enemies")]


@pytest.mark.parametrize("side", ["party", "enemies"])
def test_dg_init_1_ambushers_act_first_without_a_roll(side):
    source = script()
    outcome = dg.side_initiative(source, ambush=side)
    assert (outcome.first, outcome.ambush, outcome.dice) == (side, side, ())
    assert source.used == 0


PARTY = [("Аня", 3), ("Борис", 5), ("Вика", 3)]
ENEMIES = [("Гоблин", 2), ("Орк", 4), ("Гоблин 2", 2)]


@pytest.mark.parametrize(
    "dice, order",
    [
        ((6, 2), ("Борис", "Аня", "Вика", "Орк", "Гоблин", "Гоблин 2")),
        ((3, 3), ("Орк", "Гоблин", "Гоблин 2", "Борис", "Аня", "Вика")),
    ],
)
def test_dg_init_1_sides_in_turn_each_by_reaction_ties_keep_order(dice, order):
    assert dg.turn_order(script(*dice), PARTY, ENEMIES).names == order


def test_dg_init_1_agreed_party_order_is_kept():
    outcome = dg.turn_order(script(), PARTY, ENEMIES, ambush="party", keep_party_order=True)
    assert outcome.names[:3] == ("Аня", "Борис", "Вика")
    assert outcome.names[3] == "Орк"


def test_dg_init_1_unknown_side_is_refused():
    with pytest.raises(ValueError):
        dg.side_initiative(script(), ambush="goblins")


# --- DG-ACT-1 ---------------------------------------------------------------


def test_dg_act_1_two_actions_three_with_the_fatigue_extra():
    assert (dg.actions_per_round(), dg.actions_per_round(extra_action=True)) == (2, 3)


def test_dg_act_1_a_third_action_needs_the_extra_action():
    budget = dg.ActionBudget().spend().spend()  # actions may repeat
    assert budget.remaining == 0
    with pytest.raises(RuleError, match="0 of 2"):
        budget.spend()
    assert budget.with_extra_action().spend().remaining == 0


def test_dg_act_1_extra_action_once_per_turn():
    with pytest.raises(RuleError):
        dg.ActionBudget().with_extra_action().with_extra_action()


def test_dg_act_1_free_move_is_used_before_an_action():
    budget = dg.ActionBudget().with_extra_move().spend_move()
    assert (budget.remaining, budget.free_move_left) == (2, False)
    assert budget.spend_move().remaining == 1


# --- DG-MOVE-1 --------------------------------------------------------------


@pytest.mark.parametrize(
    "path, cost",
    [
        ([(0, 0)], 0),
        ([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], 4),
        ([(0, 0), (1, 1)], 2),  # a diagonal step counts as 2
        ([(0, 0), (1, 1), (2, 2)], 4),
        ([(0, 0), (0, -1), (-1, -2)], 3),
    ],
)
def test_dg_move_1_path_cost(path, cost):
    assert dg.path_cost(path) == cost


@pytest.mark.parametrize("path", [[(0, 0), (2, 0)], [(0, 0), (0, 0)], [(0, 0), (1, 2)]])
def test_dg_move_1_steps_must_reach_a_neighbour(path):
    with pytest.raises(ValueError):
        dg.path_cost(path)


@pytest.mark.parametrize(
    "cost, speed, actions",
    [(4, 4, 1), (1, 4, 1), (5, 4, 2), (8, 4, 2), (0, 4, 0), (9, 1, 9)],  # seed: РЕАК 4 -> 4 cells
)
def test_dg_move_1_move_actions_needed(cost, speed, actions):
    assert dg.move_actions_needed(cost, speed) == actions


def test_dg_move_1_plan_counts_diagonals_and_spare_cells():
    plan = dg.plan_move([(0, 0), (1, 1), (2, 2), (3, 2)], speed=3)
    assert (plan.cost, plan.diagonal_steps, plan.orthogonal_steps) == (5, 2, 1)
    assert (plan.actions, plan.spare) == (2, 1)


@pytest.mark.parametrize(
    "path, speed, actions, spare",
    [
        ([(0, 0), (1, 1), (2, 2), (3, 3)], 3, 3, 3),  # RULES.md: 3 diagonals at РЕАК 3 take 3
        ([(0, 0), (1, 1), (2, 2), (3, 3)], 4, 2, 2),
        ([(0, 0), (1, 0), (2, 1), (3, 1)], 3, 2, 2),  # 1 + 2 fit one action, then 1
        ([(0, 0), (1, 0), (2, 0), (3, 1)], 3, 2, 2),  # 1 + 1, then the diagonal: not split
        ([(0, 0), (1, 0), (2, 0), (3, 0)], 3, 1, 0),
    ],
)
def test_dg_move_1_a_step_is_never_split_between_move_actions(path, speed, actions, spare):
    plan = dg.plan_move(path, speed)
    assert (plan.actions, plan.spare) == (actions, spare)


def test_dg_move_1_a_diagonal_step_does_not_fit_speed_one():
    with pytest.raises(RuleError) as caught:
        dg.plan_move([(0, 0), (1, 1)], 1)
    assert caught.value.rule == "DG-MOVE-1"
    assert dg.plan_move([(0, 0), (1, 0), (1, 1)], 1).actions == 2


def test_dg_move_1_speed_zero_cannot_move():
    with pytest.raises(RuleError):
        dg.move_actions_needed(1, 0)


_STEPS = st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)])


@given(st.lists(_STEPS, max_size=20))
def test_dg_move_1_no_path_beats_the_taxicab_distance(steps):
    path = [(0, 0)]
    for dx, dy in steps:
        path.append((path[-1][0] + dx, path[-1][1] + dy))
    assert dg.path_cost(path) >= dg.shortest_cost(path[0], path[-1])


# --- DG-HIT-1 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, face, reaction, dodge, hit, total",
    [
        ("melee", 13, 4, 13, True, 13),  # 12 + level 1 dodge, reached exactly
        ("melee", 12, 4, 13, False, 12),
        ("melee", 10, 5, 13, False, 10),  # reaction never helps in melee
        ("ranged", 9, 4, 13, True, 13),  # seed: РЕАК 4 -> d20+4
        ("ranged", 8, 4, 13, False, 12),
    ],
)
def test_dg_hit_1_d20_against_dodge(kind, face, reaction, dodge, hit, total):
    outcome = dg.hit_roll(script(face), kind, dodge, reaction=reaction)
    assert (outcome.hit, outcome.total) == (hit, total)
    assert faces(outcome) == [(face, 20, "hit")]


def test_dg_hit_1_natural_1_misses_with_a_huge_bonus():
    outcome = dg.hit_roll(script(1), "ranged", 5, reaction=5, bonus=50, advantages=2)
    assert (outcome.hit, outcome.natural) == (False, 1)


def test_dg_hit_1_natural_20_hits_through_two_disadvantages():
    outcome = dg.hit_roll(script(20), "melee", 40, disadvantages=2)
    assert (outcome.hit, outcome.natural, outcome.total) == (True, 20, 10)


def test_dg_hit_1_fatigue_advantage_is_one_advantage_within_the_clamp():
    alone = dg.hit_roll(script(8), "melee", 13, fatigue_advantage=True)
    assert (alone.advantage, alone.hit, alone.advantages) == (5, True, 1)
    stacked = dg.hit_roll(script(8), "melee", 13, advantages=2, fatigue_advantage=True)
    assert (stacked.advantage, stacked.advantages) == (10, 3)


def test_dg_hit_1_unknown_attack_kind_is_refused():
    with pytest.raises(ValueError):
        dg.hit_roll(script(), "magic", 13)


# --- DG-DMG-1 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, weapon, dice, body, armor, bonus, dealt",
    [
        ("melee", (1, 8), (5,), 4, 2, 0, 7),  # d8 + ТЕЛО 4 - БР 2
        ("ranged", (1, 8), (5,), 4, 2, 0, 3),  # body adds nothing at range
        ("melee", (2, 6), (3, 4), 2, 0, 1, 10),
        ("ranged", (1, 4), (1,), 5, 3, 0, 0),  # fully absorbed by armor
        ("melee", (1, 6), (2,), 1, 0, -10, 0),  # never below 0
    ],
)
def test_dg_dmg_1_weapon_dice_body_in_melee_minus_armor(kind, weapon, dice, body, armor, bonus, dealt):
    outcome = dg.damage_roll(script(*dice), kind, weapon, body=body, armor=armor, bonus=bonus)
    assert outcome.dealt == dealt
    assert faces(outcome) == [(face, weapon[1], "damage") for face in dice]


def test_dg_dmg_1_fully_absorbed_damage_reports_what_armor_stopped():
    outcome = dg.damage_roll(script(2), "ranged", (1, 4), armor=3)
    assert (outcome.raw, outcome.dealt, outcome.absorbed) == (2, 0, 2)


@pytest.mark.parametrize("weapon, dice", [((1, 6), (4, 3)), ((2, 6), (1, 2, 6))])
def test_dg_dmg_1_extra_damage_die_is_one_more_weapon_die(weapon, dice):
    outcome = dg.damage_roll(script(*dice), "melee", weapon, body=3, extra_die=True)
    assert outcome.weapon_total == sum(dice)
    assert outcome.dealt == sum(dice) + 3
    assert [die.purpose for die in outcome.dice][-1] == "extra_damage"
    assert len(outcome.dice) == weapon[0] + 1


@pytest.mark.parametrize("weapon", [(0, 6), (1, 0), (101, 6)])
def test_dg_dmg_1_impossible_weapon_is_refused(weapon):
    with pytest.raises(ValueError):
        dg.damage_roll(script(), "melee", weapon)


# --- DG-DEATH-1 -------------------------------------------------------------


@pytest.mark.parametrize(
    "hp, amount, status, hp_after, status_after",
    [
        (13, 5, None, 8, "ok"),
        (13, 13, None, 0, "unconscious"),
        (13, 20, "ok", 0, "unconscious"),  # HP floors at 0; big hits knock out, not kill
        (0, 1, "unconscious", 0, "dead"),
        (0, 1, None, 0, "dead"),  # HP 0 reads as unconscious
        (0, 0, "unconscious", 0, "unconscious"),  # nothing got through: nothing taken
        (0, 7, "dead", 0, "dead"),
    ],
)
def test_dg_death_1_damage(hp, amount, status, hp_after, status_after):
    outcome = dg.take_damage(hp, amount, status=status)
    assert (outcome.hp_after, outcome.status_after) == (hp_after, status_after)


def test_dg_death_1_outcome_flags():
    assert dg.take_damage(3, 5).knocked_out
    assert dg.take_damage(0, 5).killed
    assert dg.heal(0, 13, 1).woke


@pytest.mark.parametrize(
    "hp, amount, hp_after, status_after",
    [(0, 1, 1, "ok"), (0, 30, 13, "ok"), (10, 5, 13, "ok"), (0, 0, 0, "unconscious")],
)
def test_dg_death_1_any_healing_wakes_and_caps_at_max(hp, amount, hp_after, status_after):
    outcome = dg.heal(hp, 13, amount)
    assert (outcome.hp_after, outcome.status_after) == (hp_after, status_after)


def test_dg_death_1_healing_does_not_raise_the_dead():
    with pytest.raises(RuleError):
        dg.heal(0, 13, 5, status="dead")


@pytest.mark.parametrize("hp, status", [(0, "ok"), (4, "unconscious"), (3, "sleeping"), (-1, None)])
def test_dg_death_1_status_must_fit_hp(hp, status):
    with pytest.raises(ValueError):
        dg.take_damage(hp, 1, status=status)


def test_dg_death_1_armor_that_stops_everything_spares_the_unconscious():
    blow = dg.damage_roll(script(2), "ranged", (1, 4), armor=3)
    assert dg.take_damage(0, blow.dealt).status_after == "unconscious"
    blow = dg.damage_roll(script(4), "ranged", (1, 4), armor=3)
    assert dg.take_damage(0, blow.dealt).status_after == "dead"


# --- DG-INJ-1 ---------------------------------------------------------------


def test_dg_inj_1_seed_twisted_ankle_slows_by_one():
    injuries = [dg.TWISTED_ANKLE]
    speed = 4 + dg.injury_modifier(injuries, "speed")
    assert speed == 3
    assert dg.plan_move([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], speed).actions == 2
    assert dg.TWISTED_ANKLE.duration == "1 час"


def test_dg_inj_1_injury_is_frozen_and_keeps_its_own_modifiers():
    modifiers = {"speed": -1}
    injury = dg.Injury("вывих", turns=3, modifiers=modifiers)
    modifiers["speed"] = -5
    assert injury.modifiers["speed"] == -1
    with pytest.raises(TypeError):
        injury.modifiers["speed"] = 0
    with pytest.raises(AttributeError):  # frozen: a dataclass or a record
        injury.turns = 2
    assert injury == dg.Injury("вывих", turns=3, modifiers={"speed": -1})


def test_dg_inj_1_modifiers_add_up_across_injuries():
    injuries = [dg.TWISTED_ANKLE, dg.Injury("потеря руки", treatable=False, modifiers={"body": -1}),
                dg.Injury("ушиб", modifiers={"speed": -1})]
    assert (dg.injury_modifier(injuries, "speed"), dg.injury_modifier(injuries, "body")) == (-2, -1)


@pytest.mark.parametrize("kwargs", [{"name": " "}, {"name": "x", "turns": -1}])
def test_dg_inj_1_bad_injury_is_refused(kwargs):
    with pytest.raises(ValueError):
        dg.Injury(**kwargs)


# --- DG-INV-1 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "items, used",
    [
        ([dg.Item("меч")], 1),
        ([dg.Item("кольчуга", "броня")], 2),
        ([dg.Item("двуручный топор", "two_handed")], 2),
        ([dg.Item("свеча", "small", 10)], 1),  # seed: 10 candles = 1 slot
        ([dg.Item("свеча", "small", 11)], 2),
        ([dg.Item("свеча", "small", 3), dg.Item("Свеча", "small", 3)], 1),
        ([dg.Item("стрела", "small", 20, stack=20), dg.Item("факел", quantity=3)], 4),
        ([], 0),
    ],
)
def test_dg_inv_1_slots_used(items, used):
    assert dg.inventory_load(items, body=4).used == used


def test_dg_inv_1_capacity_is_body_times_three():
    load = dg.inventory_load([dg.Item("кольчуга", "armor")] * 6, body=4)  # seed: ТЕЛО 4 -> 12
    assert (load.used, load.capacity, load.free, load.fits) == (12, 12, 0, True)
    assert load.require_fits() is load


def test_dg_inv_1_overload_is_a_rule_error():
    load = dg.inventory_load([dg.Item("камень", quantity=4)], body=1)
    assert (load.fits, load.free) == (False, -1)
    with pytest.raises(RuleError, match="only 3"):
        load.require_fits()


@pytest.mark.parametrize(
    "kwargs", [{"kind": "armor", "stack": 5}, {"kind": "small", "stack": 0}, {"quantity": 0}]
)
def test_dg_inv_1_bad_item_is_refused(kwargs):
    with pytest.raises(ValueError):
        dg.Item("x", **kwargs)


def test_dg_inv_1_unknown_item_kind_suggests():
    with pytest.raises(UnknownNameError) as caught:
        dg.Item("x", "armour")
    assert "armor" in caught.value.suggestions


# --- purity -----------------------------------------------------------------


def test_dg_rules_import_no_interface_modules():
    probe = (
        "import sys; from rules.systems.dungeon.mechanics import *; "
        "print(sorted(m for m in ('typer', 'rich', 'prompt_toolkit', 'ttcli') if m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
