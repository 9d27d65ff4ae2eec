"""Combat state shared by every system: combatants, fight, name lookup."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.effects import Effect
from rules.fight import Combatant, Encounter, Fight, NotFound, TurnState, find

ROSTER = ("Викинг", "Эльфийка", "Гоблин 1", "Гоблин 2", "Ёж", "Orc")


def encounter(names=ROSTER) -> Encounter:
    return Encounter("dungeon", {}, tuple(Combatant(n, "party") for n in names))


@pytest.mark.parametrize(
    "query, name",
    [
        ("Викинг", "Викинг"),
        ("викинг", "Викинг"),
        ("ВИКИНГ", "Викинг"),
        ("вик", "Викинг"),
        ("эль", "Эльфийка"),
        ("еж", "Ёж"),
        ("ёж", "Ёж"),
        ("  гоблин   1 ", "Гоблин 1"),
        ("гоблин 2", "Гоблин 2"),
        ("orc", "Orc"),
        ("O", "Orc"),
    ],
)
def test_find_forgives_case_yo_spaces_and_takes_a_unique_prefix(query, name):
    assert find(encounter(), query) == name


def test_find_exact_name_wins_over_a_longer_one_sharing_its_prefix():
    enc = encounter(("Гоблин", "Гоблин шаман"))
    assert find(enc, "гоблин") == "Гоблин"
    assert find(enc, "гоблин ш") == "Гоблин шаман"


def test_find_ambiguous_prefix_lists_the_candidates():
    with pytest.raises(NotFound) as caught:
        find(encounter(), "гоб")
    assert caught.value.ambiguous
    assert caught.value.suggestions == ("Гоблин 1", "Гоблин 2")
    assert "Гоблин 1, Гоблин 2" in str(caught.value)


def test_find_unknown_name_suggests_close_ones():
    with pytest.raises(NotFound) as caught:
        find(encounter(), "Викинк")
    assert not caught.value.ambiguous
    assert caught.value.suggestions[0] == "Викинг"
    assert isinstance(caught.value, LookupError)


def test_find_empty_query_is_ambiguous_not_a_match():
    with pytest.raises(NotFound):
        find(encounter(), "")


@given(st.sampled_from(ROSTER), st.integers(min_value=1, max_value=10))
def test_find_any_unique_prefix_of_a_name_finds_it(name, length):
    prefix = name[:length]
    others = [n for n in ROSTER if n != name and n.casefold().replace("ё", "е").startswith(
        prefix.casefold().replace("ё", "е"))]
    if others and prefix.casefold() != name.casefold():
        with pytest.raises(NotFound):
            find(encounter(), prefix)
    else:
        assert find(encounter(), prefix.upper()) == name


def test_names_are_unique_regardless_of_case():
    with pytest.raises(ValueError, match="share a name"):
        Encounter("dungeon", {}, (Combatant("Ёж"), Combatant("еж")))


def test_combatant_rejects_unknown_side():
    with pytest.raises(ValueError, match="side"):
        Combatant("Викинг", "enemies")


def test_combatant_is_frozen_and_its_mappings_read_only():
    c = Combatant("Викинг", stats={"body": 4})
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.side = "enemy"  # type: ignore[misc]
    with pytest.raises(TypeError):
        c.stats["body"] = 5  # type: ignore[index]


def test_combatant_modifier_sums_its_effects():
    c = Combatant("Викинг", effects=(
        Effect("ankle", modifiers={"speed": -1}),
        Effect("haste", modifiers={"speed": 2, "dodge": 1}),
    ))
    assert (c.modifier("speed"), c.modifier("dodge"), c.modifier("body")) == (1, 1, 0)


def test_two_effects_of_one_name_on_a_combatant_are_refused():
    with pytest.raises(ValueError, match="share a name"):
        Combatant("Викинг", effects=(Effect("Яд"), Effect("яд")))


def test_with_combatant_replaces_in_place_or_appends():
    enc = encounter(("А", "Б"))
    replaced = enc.with_combatant(Combatant("А", "enemy"))
    assert replaced.names == ("А", "Б") and replaced.get("А").side == "enemy"
    assert enc.with_combatant(Combatant("В")).names == ("А", "Б", "В")
    assert enc.get("А").side == "party"


@pytest.mark.parametrize(
    "fight, problem",
    [
        ({"round": 0}, "rounds"),
        ({"order": ("А",), "index": 1}, "index"),
        ({"order": ("А", "Б"), "index": 0, "turn": TurnState("Б")}, "turn belongs"),
        ({"groups": (("А",),)}, "two or more"),
        ({"groups": (("А", "Б"), ("Б", "В"))}, "two groups"),
        ({"order": ("А", "Б"), "delayed": (TurnState("В"),)}, "delayed turn"),
        ({"order": ("А", "Б"), "initiative": ("А",)}, "initiative"),
    ],
)
def test_fight_refuses_impossible_clocks(fight, problem):
    with pytest.raises(ValueError, match=problem):
        Fight(**fight)


def test_fight_order_must_name_combatants():
    with pytest.raises(ValueError, match="unknown combatants"):
        Encounter("dungeon", {}, (Combatant("А"),), Fight(order=("А", "Я")))


def test_turn_ahead_is_true_only_for_later_slots():
    fight = Fight(order=("А", "Б", "В"), index=1)
    assert [fight.turn_ahead(n) for n in ("А", "Б", "В", "Г")] == [False, False, True, False]


_CHAMPION = {"hp_max": 10, "energy_max": 5, "ap": 2, "deadliness": 1, "might": 1, "weapon_dice": 5,
             "weapon_damage": 1, "weapon_stat": "deadliness", "armor_dice": 5, "endurance": 3}


def _told_apart(steps):
    """The lines of one Work told ``steps`` (put or tell, in order), and those of a fresh Work
    for each tell on the encounter as it then stood: the players' view must follow every put."""
    from rules.systems import system_rules

    foe = Combatant("Ворон", side="enemy", stats=_CHAMPION, resources={"hp": 10})
    enc = Encounter("twilight", {}, (Combatant("Волк", stats=_CHAMPION, resources={"hp": 10}), foe))
    work = system_rules("twilight").work(enc)  # as the system makes it: with its max HP
    fresh_lines: list[tuple[str, ...]] = []
    for step in steps:
        if isinstance(step, Combatant):
            work.put(step)
            continue
        alone = system_rules("twilight").work(work.encounter())
        work.tell("health", about=[step[0]], **step[1])
        alone.tell("health", about=[step[0]], **step[1])
        fresh_lines.append(alone.outcome({}).public_lines)
    return work.outcome({}).public_lines, tuple(line for lines in fresh_lines for line in lines)


def _health(name, before, after):
    return (name, {"name": name, "amount": before - after, "hp_before": before, "hp_after": after,
                   "status_before": "ok", "status_after": "ok"})


def test_the_players_view_of_an_operation_follows_every_change_of_hiding_side_stats_and_hp():
    base = Combatant("Ворон", side="enemy", stats=_CHAMPION, resources={"hp": 10})
    steps = [
        _health("Ворон", 10, 9),
        dataclasses.replace(base, stats={**_CHAMPION, "hp_max": 40}),
        _health("Ворон", 9, 8),
        dataclasses.replace(base, stats={**_CHAMPION, "hp_max": 40}, side="party"),
        _health("Ворон", 8, 7),
        dataclasses.replace(base, stats={}, resources={"hp": 7}),  # no max HP: its HP stands in
        _health("Ворон", 7, 6),
        dataclasses.replace(base, stats={}, resources={"hp": 20}),
        _health("Ворон", 7, 6),
        dataclasses.replace(base, hidden=True),
        _health("Ворон", 6, 5),
        Combatant("Сова", side="enemy", stats=_CHAMPION, resources={"hp": 4}),
        _health("Сова", 4, 1),
    ]
    told, fresh = _told_apart(steps)
    assert told == fresh
    assert told == ("Ворон: wounded.", "Ворон: badly wounded.", "Ворон: HP 8 -> 7.", "Ворон: wounded.",
                    "Ворон: badly wounded.", "Сова: badly wounded.")


def test_a_view_asks_a_function_for_the_foes_max_hp_once_and_reads_as_with_the_table():
    from rules.core.messages import View

    asked = []

    def caps():
        asked.append(1)
        return {"Ворон": 10}

    lazy, table = View(public=True, guarded=caps), View(public=True, guarded={"Ворон": 10})
    assert asked == []
    record = {"kind": "health", "name": "Ворон", "hp_before": 10, "hp_after": 4, "hp_max": 10}
    assert lazy.health("Ворон", 6) == table.health("Ворон", 6) == "wounded"
    assert lazy.worded(record) == table.worded(record)
    assert lazy.health("Волк", 4) is None and asked == [1]
