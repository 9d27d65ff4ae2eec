"""Dungeon actions and positions: DG-ACT-2, DG-KNOCK-1, DG-PRONE-1, DG-RANGE-1, DG-INIT-1."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import NotFound, RuleError, UnknownNameError
from rules.dice.sources import GivenSource
from rules.systems.dungeon import mechanics as dg


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


def script(*faces: int) -> GivenSource:
    return GivenSource(faces, fallback=_NoMoreDice())


def faces(outcome) -> list[tuple[int, int, str]]:
    return [(die.face, die.sides, die.purpose) for die in outcome.dice]


# --- DG-ACT-2 ---------------------------------------------------------------

SEED_ACTIONS = [
    ("атака", "attack"), ("использование способности", "ability"), ("способность", "ability"),
    ("заклинание", "spell"), ("перемещение", "move"), ("упасть ничком", "drop_prone"),
    ("встать на ноги", "stand_up"), ("сбить с ног", "knock_down"), ("толкнуть", "push"),
    ("вытащить оружие", "draw_weapon"), ("спрятать оружие", "stow_weapon"),
    ("вытащить из инвентаря", "take_item"), ("потянуть рычаг", "pull_lever"),
    ("использовать предмет", "use_item"), ("перезарядить", "reload"),
    ("потянуть за рычаг", "pull_lever"), ("перезарядить оружие", "reload"),
    ("Knock down", "knock_down"), ("stow_weapon", "stow_weapon"), ("ДОСТАТЬ ОРУЖИЕ", "draw_weapon"),
]


@pytest.mark.parametrize("name, key", SEED_ACTIONS)
def test_dg_act_2_every_seed_action_is_known_by_name(name, key):
    assert dg.find_action(name).key == key


def test_dg_act_2_the_list_is_the_seeds_and_each_costs_one_action():
    assert len(dg.ACTIONS) == 14
    assert {action.cost for action in dg.ACTIONS} == {1}


@pytest.mark.parametrize("name", ["push", "вытащить оружие", "потянуть рычаг", "reload",
                                  "встать", "сбить с ног"])
def test_dg_act_2_an_action_spends_one_of_two(name):
    taken = dg.take_action(dg.ActionBudget(), name)
    assert (taken.budget_before.remaining, taken.budget_after.remaining) == (2, 1)
    assert taken.dice == ()


def test_dg_act_2_a_third_action_is_refused():
    budget = dg.take_action(dg.take_action(dg.ActionBudget(), "push").budget_after, "reload")
    with pytest.raises(RuleError) as caught:
        dg.take_action(budget.budget_after, "pull lever")
    assert caught.value.rule == "DG-ACT-1"


def test_dg_act_2_a_move_uses_the_free_move_first():
    budget = dg.ActionBudget().with_extra_move()
    taken = dg.take_action(budget, "move")
    assert (taken.budget_after.remaining, taken.budget_after.free_move_used) == (2, True)


def test_dg_act_2_unknown_action_suggests():
    with pytest.raises(UnknownNameError) as caught:
        dg.find_action("толкунть")
    assert "толкнуть" in caught.value.suggestions


# --- DG-KNOCK-1 -------------------------------------------------------------


@pytest.mark.parametrize(
    "mine, theirs, attacker_body, target_body, down",
    [
        (12, 10, 3, 3, True),
        (10, 10, 3, 3, False),  # a tie keeps the target standing [I]
        (12, 14, 4, 2, False),  # 16 vs 16: a tie
        (9, 12, 4, 2, False),  # 13 vs 14
        (15, 2, 1, 5, True),
        (1, 20, 5, 1, False),
        (20, 1, 1, 5, True),
    ],
)
def test_dg_knock_1_opposed_d20_plus_body_attacker_must_win(mine, theirs, attacker_body,
                                                            target_body, down):
    outcome = dg.knock_down(script(mine, theirs), attacker_body, target_body)
    assert (outcome.attacker_total, outcome.target_total) == (mine + attacker_body,
                                                               theirs + target_body)
    assert outcome.knocked_down is down and outcome.target_prone is down
    assert faces(outcome) == [(mine, 20, "knock_attacker"), (theirs, 20, "knock_target")]
    assert outcome.actions == 1


@given(st.integers(1, 20), st.integers(1, 20), st.integers(0, 6), st.integers(0, 6))
def test_dg_knock_1_down_exactly_when_the_attacker_total_is_higher(mine, theirs, a, t):
    outcome = dg.knock_down(script(mine, theirs), a, t)
    assert outcome.knocked_down is (mine + a > theirs + t)


@pytest.mark.parametrize("face, body, bonus, down", [(3, 3, 0, False), (4, 3, 0, True),
                                                     (4, 3, 1, False), (10, 9, 0, True)])
def test_dg_knock_1_the_master_may_let_the_target_save_instead(face, body, bonus, down):
    outcome = dg.knock_down(script(face), 5, body, resist="save", target_bonus=bonus)
    assert outcome.knocked_down is down
    assert faces(outcome) == [(face, 10, "knock_save")]
    assert outcome.attacker_die is None


def test_dg_knock_1_a_prone_target_cannot_be_knocked_down():
    with pytest.raises(RuleError) as caught:
        dg.knock_down(script(), 3, 3, target_prone=True)
    assert caught.value.rule == "DG-KNOCK-1"


def test_dg_knock_1_unknown_resistance_is_refused():
    with pytest.raises(ValueError):
        dg.knock_down(script(), 3, 3, resist="dodge")


# --- DG-PRONE-1 -------------------------------------------------------------


def test_dg_prone_1_dropping_prone_and_standing_up_cost_an_action():
    down = dg.drop_prone(False)
    up = dg.stand_up(True)
    assert (down.prone_before, down.prone_after, down.actions) == (False, True, 1)
    assert (up.prone_before, up.prone_after, up.actions) == (True, False, 1)


@pytest.mark.parametrize("change, prone", [(dg.drop_prone, True), (dg.stand_up, False)])
def test_dg_prone_1_no_action_spent_on_a_posture_already_held(change, prone):
    with pytest.raises(RuleError) as caught:
        change(prone)
    assert caught.value.rule == "DG-PRONE-1"


# --- push (DG-ACT-2) ---------------------------------------------------------


@pytest.mark.parametrize(
    "pusher, target, after",
    [((0, 0), (1, 0), (2, 0)), ((0, 0), (0, -1), (0, -2)), ((2, 2), (1, 1), (0, 0)),
     ((5, 5), (6, 4), (7, 3))],
)
def test_dg_act_2_push_moves_the_target_one_cell_away(pusher, target, after):
    outcome = dg.push(pusher, target)
    assert (outcome.target_before, outcome.target_after, outcome.actions) == (target, after, 1)
    assert outcome.dice == ()


def test_dg_act_2_push_needs_a_neighbour_and_a_free_cell_behind():
    with pytest.raises(RuleError, match="neighbouring"):
        dg.push((0, 0), (2, 0))
    with pytest.raises(RuleError, match="taken"):
        dg.push((0, 0), (1, 0), blocked=[(2, 0)])


# --- DG-RANGE-1 -------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, attacker, target, weapon_range, distance, within",
    [
        ("melee", (0, 0), (1, 0), None, 1, True),
        ("melee", (0, 0), (1, 1), None, 2, True),  # a diagonal neighbour is in reach [I]
        ("melee", (0, 0), (2, 0), None, 2, False),
        ("melee", (0, 0), (0, 2), 10, 2, False),  # the range stat is for ranged weapons
        ("ranged", (0, 0), (12, 0), None, 12, True),  # default range 12 [I]
        ("ranged", (0, 0), (13, 0), None, 13, False),
        ("ranged", (0, 0), (6, 6), None, 12, True),  # a diagonal step counts 2
        ("ranged", (0, 0), (7, 6), None, 13, False),
        ("ranged", (0, 0), (4, 4), 8, 8, True),
        ("ranged", (3, 3), (0, 8), 7, 8, False),
    ],
)
def test_dg_range_1_target_within_the_weapons_reach(kind, attacker, target, weapon_range,
                                                    distance, within):
    found = dg.range_check(kind, attacker, target, weapon_range=weapon_range)
    assert (found.distance, found.within) == (distance, within)


def test_dg_range_1_out_of_reach_is_refused_with_the_distance():
    with pytest.raises(RuleError) as caught:
        dg.require_in_range("ranged", (0, 0), (20, 0), weapon_range=15)
    assert caught.value.rule == "DG-RANGE-1" and "20 cells away" in caught.value.message
    assert dg.require_in_range("melee", (0, 0), (0, 1)).within


@pytest.mark.parametrize("kind, weapon_range, reach", [("melee", None, 1), ("melee", 6, 1),
                                                       ("ranged", None, 12), ("ranged", 30, 30)])
def test_dg_range_1_reach_of_a_weapon(kind, weapon_range, reach):
    assert dg.weapon_reach(kind, weapon_range) == reach


def test_dg_range_1_bad_ranges_are_refused():
    with pytest.raises(ValueError):
        dg.weapon_reach("ranged", 0)
    with pytest.raises(RuleError):
        dg.range_check("melee", (1, 1), (1, 1))


# --- DG-INIT-1: the agreed party order ----------------------------------------

PARTY = ("Лучница", "Вор", "Викинг", "Жрец")  # by РЕАК
ENEMIES = ("Гоблин 1", "Огр")


@pytest.mark.parametrize(
    "wanted, order, rest",
    [
        (["Викинг", "Жрец", "Лучница", "Вор"], ("Викинг", "Жрец", "Лучница", "Вор"), ()),
        (["вик", "ЖРЕЦ"], ("Викинг", "Жрец", "Лучница", "Вор"), ("Лучница", "Вор")),
        (["жрец"], ("Жрец", "Лучница", "Вор", "Викинг"), ("Лучница", "Вор", "Викинг")),
    ],
)
def test_dg_init_1_the_party_plays_in_the_agreed_order(wanted, order, rest):
    agreed = dg.agreed_party_order(PARTY, wanted, enemies=ENEMIES)
    assert (agreed.order, agreed.rest) == (order, rest)
    assert agreed.dice == ()


@pytest.mark.parametrize(
    "wanted, error, text",
    [
        (["Огр"], RuleError, "Огр is an enemy"),
        (["вик", "Викинг"], RuleError, "named twice"),
        (["Викингг"], NotFound, "did you mean: Викинг"),
        (["В"], NotFound, "ambiguous"),
    ],
)
def test_dg_init_1_a_bad_agreed_order_is_refused(wanted, error, text):
    with pytest.raises(error, match=text):
        dg.agreed_party_order(PARTY, wanted, enemies=ENEMIES)


def test_dg_init_1_an_empty_agreed_order_is_refused():
    with pytest.raises(ValueError):
        dg.agreed_party_order(PARTY, [])


def test_dg_init_1_the_agreed_order_fills_the_partys_places_in_the_fight():
    fight = ("Гоблин 1", "Огр", "Лучница", "Вор", "Викинг", "Жрец")
    agreed = dg.agreed_party_order(PARTY, ["жрец", "вор"]).order
    assert dg.with_party_order(fight, agreed) == (
        "Гоблин 1", "Огр", "Жрец", "Вор", "Лучница", "Викинг")
    with pytest.raises(ValueError):
        dg.with_party_order(fight[:3], agreed)
