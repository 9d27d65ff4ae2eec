"""Dungeon hit-roll situations, term by term (DG-ADV-1, DG-PRONE-1, DG-FAT-1 with the cap)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.errors import RuleError, UnknownNameError
from rules.dice.sources import GivenSource
from rules.systems.dungeon import mechanics as dg


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


def script(*faces: int) -> GivenSource:
    """Dice that must all be used: a fallback roll would mean a wrong draw count."""
    return GivenSource(faces, fallback=_NoMoreDice())

S = dg.Situation


def pairs(terms) -> list[tuple[int, str]]:
    return [(t.amount, t.reason) for t in terms]


@pytest.mark.parametrize(
    "kind, situation, terms",
    [
        # DG-PRONE-1: a prone target is easier in melee, harder at range
        ("melee", S(target_prone=True), [(5, "target prone")]),
        ("ranged", S(target_prone=True), [(-5, "target prone")]),
        # cover hinders ranged attacks only (the seed names ranged attacks)
        ("ranged", S(target_in_cover=True), [(-5, "target in cover")]),
        ("melee", S(target_in_cover=True), []),
        # DG-PRONE-1: attacking while prone
        ("melee", S(attacker_prone=True), [(-5, "attacker prone")]),
        ("ranged", S(attacker_prone=True), [(-5, "attacker prone")]),
        ("melee", S(light="dim"), [(-5, "dim light")]),
        ("ranged", S(light="dark"), [(-10, "darkness")]),
        ("melee", S(target_invisible=True), [(-10, "target invisible")]),
        # darkness and invisibility are one condition in the seed: -10, not -20
        ("ranged", S(light="dark", target_invisible=True), [(-10, "darkness, target invisible")]),
        ("ranged", S(light="dim", target_invisible=True), [(-10, "target invisible")]),
        ("ranged", S(target_prone=True, target_in_cover=True, light="dim"),
         [(-5, "target prone"), (-5, "target in cover"), (-5, "dim light")]),
        ("melee", S(), []),
    ],
)
def test_dg_adv_1_each_situation_is_a_term_with_its_reason(kind, situation, terms):
    assert pairs(dg.situation_terms(kind, situation)) == terms


def test_dg_adv_1_a_ranged_hit_shows_every_modifier_in_order():
    mods = dg.hit_modifiers("ranged", S(target_in_cover=True, light="dim"), reaction=4, bonus=1,
                            advantages=1)
    assert pairs(mods.terms) == [(4, "reaction"), (1, "bonus"), (-5, "target in cover"),
                                 (-5, "dim light"), (5, "advantage")]
    assert (mods.total, mods.advantage, mods.advantages, mods.disadvantages) == (0, -5, 1, 2)


def test_dg_adv_1_the_cap_is_its_own_term_and_can_be_lifted():
    capped = dg.hit_modifiers("melee", S(target_prone=True), advantages=2)
    assert pairs(capped.terms)[-1] == (-5, "advantage cap +-10")
    assert (capped.uncapped, capped.advantage, capped.total) == (15, 10, 10)
    free = dg.hit_modifiers("melee", S(target_prone=True), advantages=2, cap=None)
    assert (free.advantage, free.total) == (15, 15)
    assert all(t.reason != "advantage cap" for t in free.terms)


@given(
    st.sampled_from(["melee", "ranged"]), st.booleans(), st.booleans(), st.booleans(),
    st.sampled_from(["bright", "dim", "dark"]), st.booleans(), st.integers(0, 4),
    st.integers(0, 4), st.booleans(), st.integers(-3, 8), st.integers(0, 6),
    st.one_of(st.none(), st.integers(0, 30)),
)
def test_dg_adv_1_terms_add_up_to_the_modifier_and_stay_within_the_cap(
    kind, attacker_prone, target_prone, cover, light, invisible, adv, dis, fatigue, bonus,
    reaction, cap,
):
    situation = S(attacker_prone, target_prone, cover, light, invisible)
    mods = dg.hit_modifiers(kind, situation, reaction=reaction, bonus=bonus, advantages=adv,
                            disadvantages=dis, fatigue_advantage=fatigue, cap=cap)
    reaction_part = reaction if kind == "ranged" else 0
    assert mods.total == reaction_part + bonus + mods.advantage
    if cap is not None:
        assert -cap <= mods.advantage <= cap
    assert mods.uncapped == 5 * (mods.advantages - mods.disadvantages)
    outcome = dg.hit_roll(script(10), kind, 13, reaction=reaction, bonus=bonus, advantages=adv,
                          disadvantages=dis, fatigue_advantage=fatigue, situation=situation,
                          cap=cap)
    assert outcome.total == 10 + sum(t.amount for t in outcome.terms)
    assert outcome.terms == mods.terms


def test_dg_prone_1_a_prone_target_in_melee_is_hit_more_easily():
    standing = dg.hit_roll(script(9), "melee", 13)
    lying = dg.hit_roll(script(9), "melee", 13, situation=S(target_prone=True))
    assert (standing.hit, lying.hit, lying.total) == (False, True, 14)


@pytest.mark.parametrize(
    "words, expected",
    [
        (["укрытие"], S(target_in_cover=True)),
        (["полумрак"], S(light="dim")),
        (["dark", "dim"], S(light="dark")),  # the darker light counts
        (["невидим", "лежит"], S(target_invisible=True, target_prone=True)),
        (["Полная  темнота"], S(light="dark")),
        ([], S()),
    ],
)
def test_dg_adv_1_situations_by_russian_or_english_words(words, expected):
    assert dg.situation_from_words(words) == expected


def test_dg_prone_1_tracked_prone_states_enter_the_situation():
    found = dg.situation_from_words(["cover"], attacker_prone=True, target_prone=True)
    assert (found.attacker_prone, found.target_prone, found.target_in_cover) == (True, True, True)


def test_dg_adv_1_unknown_situation_word_suggests():
    with pytest.raises(UnknownNameError) as caught:
        dg.situation_from_words(["укрытиe"])  # a Latin e at the end
    assert "укрытие" in caught.value.suggestions


@pytest.mark.parametrize(
    "kwargs, gain",
    [({}, 5), ({"advantages": 1}, 5), ({"disadvantages": 2}, 5)],
)
def test_dg_fat_1_a_fatigue_advantage_that_counts_is_allowed(kwargs, gain):
    assert dg.require_fatigue_advantage_counts("melee", **kwargs) == gain


@pytest.mark.parametrize(
    "situation, kwargs",
    [
        (S(), {"advantages": 2}),  # already +10 of +-10
        (S(target_prone=True), {"advantages": 1}),
        (S(light="dark"), {"disadvantages": 1}),  # -15 held at -10; +5 leaves -10
        (S(), {"disadvantages": 3}),
    ],
)
def test_dg_fat_1_a_fatigue_advantage_the_cap_throws_away_is_refused(situation, kwargs):
    with pytest.raises(RuleError) as caught:
        dg.require_fatigue_advantage_counts("melee", situation, **kwargs)
    assert caught.value.rule == "DG-FAT-1" and "no fatigue was spent" in caught.value.message


def test_dg_fat_1_without_a_cap_the_bought_advantage_always_counts():
    assert dg.require_fatigue_advantage_counts("melee", advantages=5, cap=None) == 5


def test_dg_fat_1_the_hit_roll_marks_a_wasted_fatigue_advantage():
    wasted = dg.hit_roll(script(8), "melee", 13, advantages=2, fatigue_advantage=True)
    kept = dg.hit_roll(script(8), "melee", 13, advantages=1, fatigue_advantage=True)
    assert (wasted.fatigue_wasted, kept.fatigue_wasted) == (True, False)


@pytest.mark.parametrize("kwargs", [{"cap": -1}, {"advantages": -1}])
def test_dg_adv_1_bad_modifier_inputs_are_refused(kwargs):
    with pytest.raises(ValueError):
        dg.hit_modifiers("melee", **kwargs)
