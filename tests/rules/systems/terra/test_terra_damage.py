"""Where terra damage goes: defenses, damage types, soul points, absorption
(TT-DEF-1, TT-DMG-1..4, TT-SP-1, TT-ABSORB-1, TT-IMMUNE-1), the grid
(TT-RADIUS-1) and the rhesus states (TT-HP-1, TT-RH-1..4, TT-END-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import NotFound
from rules.core.outcome import Damage
from rules.core.state import Combatant, Encounter, Fight
from rules.systems.terra import damage as dmg
from rules.systems.terra import health
from rules.systems.terra.grid import check_path, distance, shortest_path
from rules.systems.terra.rules import RULES

NONE = dict.fromkeys(dmg.ALL_DEFENSES, 0)


def target(gk: int | None = 1, sign: str = "", level: int = 1, **defenses: int) -> dmg.Target:
    return dmg.Target({**NONE, **defenses}, level=3, blood_group=gk, sign=sign, sign_level=level)


# --- TT-DMG-1: twelve types in Russian and English ---------------------------------------------

@pytest.mark.parametrize(("word", "kind"), [
    ("Огонь", dmg.FIRE), ("fire", dmg.FIRE), ("Вода", dmg.WATER), ("Земля", dmg.EARTH),
    ("Воздух", dmg.AIR), ("Ветер", dmg.AIR), ("Тьма", dmg.SHADOW), ("Тень", dmg.SHADOW), ("Свет", dmg.LIGHT),
    ("Звук", dmg.SOUND), ("Сила", dmg.FORCE), ("физический постоянный", dmg.PHYSICAL_CONSTANT),
    ("перманентный", dmg.PHYSICAL_CONSTANT), ("вариативный", dmg.PHYSICAL_DICE),
    ("физический переменный", dmg.PHYSICAL_DICE), ("сверхъестественный", dmg.SUPERNATURAL),
    ("Сверхестественный", dmg.SUPERNATURAL), ("мистический", dmg.MYSTIC), ("физ", dmg.PHYSICAL),
])
def test_tt_dmg_1_every_damage_type_by_its_seed_name_or_english(word, kind):
    assert dmg.damage_type(word) == kind


def test_tt_dmg_1_twelve_types_and_an_unknown_one_gets_a_suggestion():
    assert len(dmg.TYPES) == 12
    with pytest.raises(NotFound, match="огонь"):
        dmg.damage_type("огнь")


# --- TT-DEF-1: which defense blocks what -----------------------------------------------------------

@pytest.mark.parametrize(("kind", "defense"), [
    (dmg.FIRE, "mdef_mana"), (dmg.AIR, "mdef_mana"), (dmg.WATER, "mdef_life"), (dmg.EARTH, "mdef_life"),
    (dmg.LIGHT, "mdef_time"), (dmg.SHADOW, "mdef_time"), (dmg.FORCE, "mdef_soul"), (dmg.SOUND, "mdef_soul"),
    (dmg.PHYSICAL_CONSTANT, "pdef"), (dmg.PHYSICAL_DICE, "pdef_dice"),
])
def test_tt_def_1_each_type_meets_its_own_defense(kind, defense):
    hit = dmg.land_hit(target(gk=None, **{defense: 3}), kind, 5)
    assert (hit.dealt, hit.blocks) == (2, ((defense, 3, 3),))
    other = next(d for d in dmg.ALL_DEFENSES if d != defense)
    assert dmg.land_hit(target(gk=None, **{other: 3}), kind, 5).dealt == 5


def test_tt_def_1_physical_by_the_formula_and_the_split_setting():
    assert dmg.physical_kind(dmg.PHYSICAL, has_dice=True) == dmg.PHYSICAL_DICE
    assert dmg.physical_kind(dmg.PHYSICAL, has_dice=False) == dmg.PHYSICAL_CONSTANT
    t = target(gk=None, pdef=1, pdef_dice=2)
    # D6+2 rolled 4+2: whole as variable, or 4 against ФЗ(D) and 2 against ФЗ
    assert dmg.land_hit(t, dmg.PHYSICAL_DICE, 6, dice_part=4).dealt == 4
    split = dmg.land_hit(t, dmg.PHYSICAL_DICE, 6, dice_part=4, split=True)
    assert (split.dealt, split.blocks) == (3, (("pdef_dice", 2, 2), ("pdef", 1, 1)))


# --- TT-DMG-2..4 ----------------------------------------------------------------------------------------

def test_tt_dmg_2_tt_dmg_4_supernatural_ignores_defenses_and_spares_sp():
    hit = dmg.land_hit(target(gk=1, pdef=5, pdef_dice=5, mdef_mana=5), dmg.SUPERNATURAL, 4)
    assert (hit.dealt, hit.sp_loss, hit.blocks) == (4, 0, ())


@pytest.mark.parametrize(("defenses", "amount", "dealt"), [
    ({}, 9, 3),  # no defenses at all: 1 per target level (3)
    ({"pdef": 1, "mdef_soul": 2, "pdef_dice": 1}, 9, 5),  # 9 - (1 + 2 + 1)
    ({"mdef_time": 10}, 4, 0),
])
def test_tt_dmg_3_mystic_damage(defenses, amount, dealt):
    hit = dmg.land_hit(target(gk=2, **defenses), dmg.MYSTIC, amount)
    assert (hit.dealt, hit.sp_loss) == (dealt, 0)  # TT-DMG-4


# --- TT-SP-1: blocked physical damage into SP by blood group -----------------------------------------------

@pytest.mark.parametrize(("gk", "medium_into_hp", "dealt", "sp_loss"), [
    (1, False, 2, 5), (2, False, 2, 5), (3, False, 2, 2), (4, False, 2, 5), (4, True, 7, 0),
])
def test_tt_sp_1_blocked_physical_damage_goes_into_sp_by_blood_group(gk, medium_into_hp, dealt, sp_loss):
    hit = dmg.land_hit(target(gk=gk, pdef_dice=5), dmg.PHYSICAL_DICE, 7, medium_into_hp=medium_into_hp)
    assert (hit.dealt, hit.sp_loss) == (dealt, sp_loss)


@pytest.mark.parametrize(("gk", "sp_loss"), [(1, 0), (2, 2), (3, 1), (4, 0)])
def test_tt_sp_1_magic_past_the_defense_costs_sp_for_gk_2_and_3(gk, sp_loss):
    assert dmg.land_hit(target(gk=gk, mdef_life=2), dmg.WATER, 5).sp_loss == sp_loss
    assert dmg.land_hit(target(gk=gk, mdef_life=9), dmg.WATER, 5).sp_loss == 0  # nothing got past


def test_tt_sp_1_monsters_have_no_soul_to_pay():
    assert dmg.land_hit(target(gk=None, pdef=3), dmg.PHYSICAL_CONSTANT, 5).sp_loss == 0


# --- TT-ABSORB-1, TT-IMMUNE-1 ----------------------------------------------------------------------------

@pytest.mark.parametrize(("sign", "kind"), [
    ("gemini", dmg.FIRE), ("gemini", dmg.AIR), ("virgo", dmg.WATER), ("virgo", dmg.EARTH),
    ("taurus", dmg.LIGHT), ("taurus", dmg.SHADOW), ("ophiuchus", dmg.SOUND), ("cetus", dmg.FORCE),
])
def test_tt_absorb_1_absorption_heals_the_incoming_amount(sign, kind):
    hit = dmg.land_hit(target(sign=sign, level=10, mdef_mana=2), kind, 6)
    assert (hit.absorbed, hit.dealt) == (6, 0)
    assert dmg.land_hit(target(sign=sign, level=4), kind, 6).absorbed == 0


@pytest.mark.parametrize(("sign", "level", "kind"), [
    ("pisces", 10, dmg.PHYSICAL_DICE), ("pisces", 10, dmg.MYSTIC), ("gemini", 5, dmg.FIRE),
])
def test_tt_immune_1_immune_damage_is_zero_and_touches_no_sp(sign, level, kind):
    hit = dmg.land_hit(target(sign=sign, level=level, pdef=3), kind, 6)
    assert (hit.immune, hit.dealt, hit.sp_loss) == (True, 0, 0)


@given(st.sampled_from(dmg.TYPES), st.integers(0, 40), st.integers(1, 4),
       st.lists(st.integers(0, 8), min_size=6, max_size=6))
def test_a_hit_never_deals_more_than_it_brings_and_never_less_than_zero(kind, amount, gk, values):
    hit = dmg.land_hit(target(gk=gk, **dict(zip(dmg.ALL_DEFENSES, values, strict=True))), kind, amount)
    assert hit.dealt >= 0 and hit.sp_loss >= 0
    if kind != dmg.MYSTIC:  # mystic against no defenses deals the target's level
        assert hit.dealt <= amount


# --- TT-RADIUS-1 -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("a", "b", "d"), [
    ((0, 0), (1, 0), 1), ((0, 0), (1, 1), 1), ((0, 0), (2, 1), 2), ((0, 0), (2, 2), 3), ((0, 0), (3, 0), 3),
    ((2, 2), (0, 0), 3), ((0, 0), (0, 0), 0),
])
def test_tt_radius_1_one_diagonal_step_the_rest_orthogonal(a, b, d):
    assert distance(a, b) == d


def test_tt_radius_1_a_move_goes_around_others_with_one_diagonal():
    assert len(shortest_path((0, 0), (2, 2), set(), 10)) == 3
    around = shortest_path((0, 0), (2, 0), {(1, 0)}, 10)
    # around the blocked cell takes 3 steps: a second diagonal (1,1 then 2,0) is not allowed
    assert around is not None and (1, 0) not in around and len(around) == 3
    walled = {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}
    assert shortest_path((0, 0), (2, 0), walled, 10) is None
    assert shortest_path((0, 0), (3, 0), set(), 2) is None
    assert "one diagonal" in check_path((0, 0), ((1, 1), (2, 2)), set())
    assert "occupied" in check_path((0, 0), ((1, 0),), {(1, 0)})
    assert check_path((0, 0), ((1, 0), (2, 1)), set()) is None


@given(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), st.tuples(st.integers(-5, 5), st.integers(-5, 5)))
def test_tt_radius_1_on_an_empty_grid_a_move_is_as_long_as_the_distance(a, b):
    path = shortest_path(a, b, set(), 30)
    assert path is not None and len(path) == distance(a, b)


def _one_way(start, goal, blocked, limit):
    """The way of one goal's own breadth-first search (the search the simulation's walks were made with)."""
    from collections import deque

    if goal in blocked:
        return None
    seen = {(start, False)}
    queue = deque([(start, False, ())])
    while queue:
        cell, diagonal, path = queue.popleft()
        if cell == goal:
            return path
        if len(path) >= limit:
            continue
        steps = [(d, diagonal) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        if not diagonal:
            steps += [(d, True) for d in ((1, 1), (1, -1), (-1, 1), (-1, -1))]
        for (dx, dy), used in steps:
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in blocked or (nxt, used) in seen:
                continue
            seen.add((nxt, used))
            queue.append((nxt, used, path + (nxt,)))
    return None


_cells = st.tuples(st.integers(-4, 4), st.integers(-4, 4))


@given(_cells, st.lists(_cells, min_size=1, max_size=4), st.sets(_cells, max_size=14), st.integers(0, 12))
def test_tt_radius_1_one_search_finds_each_goal_the_way_its_own_search_would(start, goals, blocked, limit):
    """The simulation's walk asks for the ways to several cells next to its target at once: each is
    the very way (the same cells) a search for that goal alone finds, or None when it finds none."""
    from rules.systems.terra.grid import shortest_paths

    blocked = blocked - {start}
    # an enclosed goal would be searched for up to ``limit`` steps: keep the grid finite
    fence = {(x, y) for x in range(-7, 8) for y in range(-7, 8) if max(abs(x), abs(y)) == 7}
    walls = blocked | fence
    ways = shortest_paths(start, goals, walls, limit)
    assert set(ways) == set(goals)
    for goal in goals:
        assert ways[goal] == _one_way(start, goal, walls, limit) == shortest_path(start, goal, walls, limit)


# --- TT-HP-1, TT-RH-1..4, TT-END-1 ----------------------------------------------------------------------------

@pytest.mark.parametrize(("hp", "rhesus", "state"), [
    (1, "+", "ok"), (0, "+", "rage"), (-2, "+", "rage"), (-3, "+", "berserk"), (-5, "+", "berserk"),
    (0, "-", "panic"), (-2, "-", "panic"), (-3, "-", "shock"), (-5, "-", "shock"),
    (-6, "+", "down"), (-9, "-", "down"),
])
def test_tt_rh_1_tt_rh_2_tt_rh_4_each_rhesus_band(hp, rhesus, state):
    assert health.band(hp, rhesus) == state


def hero(rhesus: str = "+", hp: int = 10, **data) -> Combatant:
    return Combatant("Торн", stats={"blood_group": 3, "rhesus": rhesus, "zodiac": "leo"},
                     resources={"hp": hp, "sp": 10}, data=data)


def in_fight(*combatants: Combatant) -> Encounter:
    names = tuple(c.name for c in combatants)
    return Encounter("terra", {}, combatants, Fight(order=names))


def test_tt_rh_3_a_state_holds_for_the_next_turn_even_if_healed():
    work = RULES.work(in_fight(hero("+", 2), Combatant("Волк", "enemy", stats={"monster": True})))
    RULES.hurt(work, "Торн", Damage(3))
    assert (work.get("Торн").status, work.get("Торн").data["held"]) == ("rage", "entered")
    RULES.mend(work, "Торн", 5)  # healed before its turn: still Rage for that turn
    assert work.get("Торн").status == "rage"
    RULES.new_turn(work, "Торн")
    assert (work.get("Торн").status, work.get("Торн").data["held"]) == ("rage", "playing")
    RULES.new_turn(work, "Торн")  # the next turn starts: the state is released
    assert (work.get("Торн").status, "held" in work.get("Торн").data) == ("ok", False)


def test_tt_rh_3_healed_after_the_held_turn_the_state_goes_at_once():
    work = RULES.work(in_fight(hero("-", 0, held="playing")))
    work.put(Combatant("Торн", stats=work.get("Торн").stats, resources={"hp": 0}, status="panic"))
    RULES.mend(work, "Торн", 3)
    assert work.get("Торн").status == "ok"


def test_tt_hp_1_outside_a_fight_zero_hp_is_unconscious_and_monsters_die_at_zero():
    work = RULES.work(Encounter("terra", {}, (hero("+", 2), Combatant("Волк", "enemy", stats={"monster": True},
                                                                    resources={"hp": 2}))))
    RULES.hurt(work, "Торн", Damage(4))
    RULES.hurt(work, "Волк", Damage(4))
    assert (work.get("Торн").status, work.get("Волк").status) == ("unconscious", "dead")


@pytest.mark.parametrize(("hp", "status"), [(3, "ok"), (0, "unconscious"), (-5, "unconscious"), (-6, "dead")])
def test_tt_end_1_after_the_fight_fainted_or_dead(hp, status):
    assert health.after_fight(hero(hp=hp)) == status


@pytest.mark.parametrize(("state", "can_act", "standing"), [
    ("rage", True, True), ("berserk", True, True), ("panic", True, True), ("shock", False, False),
    ("down", False, False),
])
def test_tt_rh_1_tt_rh_2_what_each_state_allows(state, can_act, standing):
    status = RULES.status(Combatant("X", status=state))
    assert (status.can_act, status.standing) == (can_act, standing)


def test_tt_rh_1_tt_rh_2_panic_and_shock_raise_physical_defenses():
    assert health.defense_bonus(Combatant("X", status="panic"))["pdef"] == 2
    shock = health.defense_bonus(Combatant("X", status="shock"))
    assert (shock["pdef"], shock["pdef_dice"]) == (4, 2)
    assert health.ATTACK_BONUS == {"rage": 3, "berserk": 4}


def test_tt_trance_1_in_trance_hp_cannot_fall_below_1():
    work = RULES.work(in_fight(hero("+", 4, trance={"uses": 3, "turns": 3})))
    RULES.hurt(work, "Торн", Damage(9))
    assert work.get("Торн").resources["hp"] == 1
