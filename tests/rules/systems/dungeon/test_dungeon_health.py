"""HP and status kept in agreement (DG-DEATH-1): what `session check` finds, what `char set` does."""

from __future__ import annotations

import pytest

from rules.core.errors import RuleError
from rules.systems import get_sheet
from rules.systems.dungeon import mechanics as dg

SHEET = get_sheet("dungeon")
VIKING = {"body": 4, "reaction": 2, "mind": 2, "charisma": 4}  # ЗД_макс 13


@pytest.mark.parametrize(
    "stats, hp, status, found",
    [
        (VIKING, 13, "ok", []),
        (VIKING, 0, "unconscious", []),
        (VIKING, 5, "dead", []),  # a dead body keeps whatever HP it had
        (VIKING, 0, "dead", []),
        ({**VIKING, "hp_max": 20}, 20, "ok", []),  # an overridden maximum
        (VIKING, 14, "ok", [(("resources", "hp"), "above its maximum 13")]),
        (VIKING, 0, "ok", [(("status",), 'status is "ok" but HP is 0')]),
        (VIKING, 4, "unconscious", [(("status",), 'status is "unconscious" but HP is 4')]),
        (VIKING, -2, "unconscious", [(("resources", "hp"), "never goes below 0")]),
        (VIKING, -2, "ok", [(("resources", "hp"), "never goes below 0")]),
        (VIKING, 3, "asleep", [(("status",), "not one of ok, unconscious, dead")]),
    ],
)
def test_dg_death_1_health_problems(stats, hp, status, found):
    problems = dg.health_problems(SHEET, stats, {"hp": hp}, status)
    assert [p.path for p in problems] == [path for path, _ in found]
    for problem, (_, text) in zip(problems, found, strict=True):
        assert text in problem.message


def test_dg_death_1_hp_not_written_yet_is_at_its_maximum():
    assert dg.health_problems(SHEET, VIKING, {}, "ok") == ()


@pytest.mark.parametrize(
    "before, hp, status, after_hp, after",
    [
        (("ok", 13), 0, None, 0, "unconscious"),  # char set X hp=0 knocks X out
        (("unconscious", 0), 5, None, 5, "ok"),  # hp=5 wakes
        (("ok", 13), 5, None, 5, "ok"),
        (("unconscious", 0), 0, None, 0, "unconscious"),
        (("dead", 0), 5, None, 5, "dead"),  # the dead stay dead until the master says so
        (("dead", 0), 5, "ok", 5, "ok"),
        (("ok", 13), None, "dead", 13, "dead"),
        (("ok", 13), 0, "unconscious", 0, "unconscious"),
        (("unconscious", 0), 1, "ok", 1, "ok"),
    ],
)
def test_dg_death_1_setting_hp_or_status_keeps_them_in_agreement(before, hp, status,
                                                                 after_hp, after):
    result = dg.set_health(before[1], before[0], 13, hp=hp, status=status)
    assert (result.hp_after, result.status_after) == (after_hp, after)


def test_dg_death_1_knocked_out_and_woke_are_reported():
    assert dg.set_health(13, "ok", 13, hp=0).knocked_out
    assert dg.set_health(0, "unconscious", 13, hp=2).woke


@pytest.mark.parametrize(
    "before, hp, status, text",
    [
        (("ok", 13), 14, None, "above the maximum 13"),
        (("ok", 13), -1, None, "cannot be -1"),
        (("unconscious", 0), None, "ok", "hp=1 status=ok"),
        (("ok", 13), None, "unconscious", "set hp=0"),
        (("ok", 13), 0, "ok", "give HP too"),
    ],
)
def test_dg_death_1_contradictions_are_refused_with_what_to_do(before, hp, status, text):
    with pytest.raises(RuleError) as caught:
        dg.set_health(before[1], before[0], 13, hp=hp, status=status)
    assert text in caught.value.message and caught.value.rule == "DG-DEATH-1"


@pytest.mark.parametrize("status_before, status", [("asleep", None), ("ok", "asleep")])
def test_dg_death_1_unknown_statuses_are_refused(status_before, status):
    with pytest.raises(ValueError, match="status is one of"):
        dg.set_health(5, status_before, 13, status=status)


def test_dg_death_1_a_character_set_by_set_health_can_always_be_damaged_and_healed():
    # "nothing leaves a character that can neither be healed nor damaged"
    for before, hp in ((("ok", 13), 0), (("unconscious", 0), 7), (("ok", 13), 13)):
        result = dg.set_health(before[1], before[0], 13, hp=hp)
        dg.take_damage(result.hp_after, 1, status=result.status_after)
        dg.heal(result.hp_after, 13, 1, status=result.status_after)
