"""Timed effects: ticks at the right moments, stacking, deadlines (never countdowns)."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import fight as cb
from rules.core.effects import (
    ADD,
    DURATIONS,
    FIGHT_END,
    IGNORE,
    NEVER,
    REFRESH,
    REPLACE,
    REPLACE_DAMAGE,
    ROUND_END,
    ROUND_START,
    TURN_END,
    TURN_START,
    Duration,
    Effect,
    EffectSpec,
    duration_text,
    parse_duration,
    stack,
)
from rules.core.errors import NotFound, RuleError
from rules.dice.sources import GivenSource
from rules.systems.dungeon import presets as dungeon_presets
from rules.systems.skirmish import presets


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


def script(*faces: int) -> GivenSource:
    return GivenSource(faces, fallback=_NoMoreDice())


NO_DICE = script()


def hero(name: str, side: str, reaction: int, **extra) -> cb.Combatant:
    stats = {"body": 4, "reaction": reaction, "mind": 2, "charisma": 2, "weapon": "1d6"}
    return cb.Combatant(name, side, stats=stats, **extra)


def duel(*extra: cb.Combatant) -> cb.Encounter:
    """Аня (party) then Бес (enemy): the party wins initiative 6 to 1.

    Body 4 at level 1: 13 HP each.
    """
    enc = cb.Encounter("dungeon", {}, (hero("Аня", "party", 3), hero("Бес", "enemy", 2), *extra))
    return cb.start_fight(enc, script(6, 1)).encounter


def hp(enc: cb.Encounter, name: str) -> int:
    return enc.get(name).resources.get("hp", 13)


def turns(enc: cb.Encounter, count: int) -> list[cb.Outcome]:
    outcomes = []
    for _ in range(count):
        outcome = cb.next_turn(enc, NO_DICE)
        outcomes.append(outcome)
        enc = outcome.encounter
    return outcomes


def clock(enc: cb.Encounter) -> tuple[int, str | None]:
    assert enc.fight is not None
    return enc.fight.round, enc.fight.current


def ticking(tick: str, duration: Duration, damage: int = 1, **parts) -> EffectSpec:
    return EffectSpec("hex", tick=tick, damage=damage, duration=duration, **parts)


# --- when effects tick ---------------------------------------------------------------


def test_turn_start_tick_hits_as_the_bearers_turn_begins_and_lasts_its_turns():
    enc = cb.add_effect(duel(), "бес", ticking(TURN_START, Duration("turns", 2))).encounter
    b1, a2, b2, a3 = turns(enc, 4)
    assert (clock(b1.encounter), hp(b1.encounter, "Бес")) == ((1, "Бес"), 12)
    assert hp(a2.encounter, "Бес") == 12
    assert (clock(b2.encounter), hp(b2.encounter, "Бес")) == ((2, "Бес"), 11)
    # through the end of its second turn, then gone: two ticks in all
    assert a3.encounter.get("Бес").effects == ()
    assert "Бес: hex ends." in a3.lines
    assert b1.event["ticks"] == [
        {"combatant": "Бес", "effect": "hex", "damage": 1, "hp": 12, "status": "ok"}
    ]


def test_turn_end_tick_comes_when_the_bearer_ends_its_turn():
    enc = cb.add_effect(duel(), "бес", ticking(TURN_END, Duration("turns", 1))).encounter
    b1, a2 = turns(enc, 2)
    assert hp(b1.encounter, "Бес") == 13
    assert hp(a2.encounter, "Бес") == 12
    assert a2.encounter.get("Бес").effects == ()


def test_an_effect_added_during_the_bearers_own_turn_counts_from_its_next_turn():
    enc = cb.add_effect(duel(), "аня", ticking(TURN_END, Duration("turns", 1))).encounter
    assert enc.get("Аня").effects[0].until_round == 2
    b1, _a2, b2 = turns(enc, 3)
    assert hp(b1.encounter, "Аня") == 13  # the turn in progress does not count
    assert hp(b2.encounter, "Аня") == 12 and b2.encounter.get("Аня").effects == ()


def test_round_ticks_come_at_round_boundaries_for_everyone():
    enc = duel()
    enc = cb.add_effect(enc, "аня", ticking(ROUND_START, Duration("rounds", 3))).encounter
    enc = cb.add_effect(enc, "бес", ticking(ROUND_END, Duration("rounds", 3))).encounter
    b1, a2 = turns(enc, 2)
    assert (hp(b1.encounter, "Аня"), hp(b1.encounter, "Бес")) == (13, 13)
    # round 1 ends (Бес ticks), round 2 begins (Аня ticks)
    assert (hp(a2.encounter, "Аня"), hp(a2.encounter, "Бес")) == (12, 12)
    assert a2.lines[:3] == (
        "Бес: hex deals 1 (HP 13 -> 12).", "Round 2.", "Аня: hex deals 1 (HP 13 -> 12).",
    )


def test_round_start_ticks_in_round_one_when_the_fight_starts():
    enc = cb.Encounter("dungeon", {}, (hero("Аня", "party", 3), hero("Бес", "enemy", 2)))
    enc = cb.add_effect(enc, "бес", ticking(ROUND_START, Duration("fight"))).encounter
    started = cb.start_fight(enc, script(6, 1))
    assert hp(started.encounter, "Бес") == 12
    assert started.event["ticks"][0]["effect"] == "hex"


@pytest.mark.parametrize(
    "duration, steps_alive, steps_gone",
    [
        # Бес's turn comes later in round 1: until the start of that turn
        (Duration("next_turn"), 0, 1),
        # rounds count the current one: through the end of round 2
        (Duration("rounds", 2), 3, 4),
        # until round 3 begins
        (Duration("until_round", 3), 3, 4),
        (Duration("fight"), 6, None),
        (Duration("removed"), 6, None),
    ],
)
def test_effects_end_at_their_deadline(duration, steps_alive, steps_gone):
    enc = cb.add_effect(duel(), "бес", EffectSpec("mark", duration=duration)).encounter
    outcomes = turns(enc, 6)
    assert outcomes[steps_alive - 1].encounter.get("Бес").effect("mark") if steps_alive else True
    if steps_gone is not None:
        assert outcomes[steps_gone - 1].encounter.get("Бес").effect("mark") is None
    else:
        assert outcomes[-1].encounter.get("Бес").effect("mark") is not None


def test_skip_turn_effect_loses_the_bearers_turn_but_it_still_counts():
    enc = cb.add_effect(duel(), "бес", cb.lose_turns("paralysed", 1)).encounter
    (outcome,) = turns(enc, 1)
    assert clock(outcome.encounter) == (2, "Аня")
    assert "Бес loses the turn (paralysed): turn skipped." in outcome.lines
    assert outcome.event["skipped"] == ["Бес"]
    assert outcome.encounter.get("Бес").effects == ()
    (after,) = turns(outcome.encounter, 1)
    assert clock(after.encounter) == (2, "Бес")


def test_heal_tick_restores_and_wakes():
    enc = cb.damage(duel(), "бес", 13).encounter
    assert enc.get("Бес").status == "unconscious"
    enc = cb.add_effect(enc, "бес", EffectSpec(
        "regeneration", tick=ROUND_END, heal=2, duration=Duration("fight"))).encounter
    b1, _a2 = turns(enc, 2)
    assert clock(b1.encounter) == (2, "Аня")  # unconscious Бес is skipped
    assert b1.encounter.get("Бес").status == "ok" and hp(b1.encounter, "Бес") == 2
    assert "Бес: regeneration heals 2 (HP 0 -> 2) and wakes up." in b1.lines


def test_tick_damage_dice_are_rolled_and_reported():
    enc = cb.add_effect(duel(), "бес", dungeon_presets.burning()).encounter
    outcome = cb.next_turn(enc, script(3))
    assert hp(outcome.encounter, "Бес") == 10
    assert [(d.face, d.sides, d.purpose) for d in outcome.dice] == [(3, 4, "tick_damage")]
    assert "Бес: burning deals 3 (1d4: 3) (HP 13 -> 10)." in outcome.lines


def test_the_unconscious_still_tick_and_tick_damage_kills_them():
    # DG-DEATH-1: any damage taken while unconscious kills
    enc = cb.damage(duel(), "бес", 13).encounter
    enc = cb.add_effect(enc, "бес", presets.bleeding(3)).encounter
    (outcome,) = turns(enc, 1)
    assert outcome.encounter.get("Бес").status == "dead"
    assert "Бес: bleeding deals 1 (HP 0 -> 0) and dies." in outcome.lines


def test_effects_on_the_dead_freeze():
    enc = cb.add_effect(duel(), "бес", ticking(TURN_START, Duration("turns", 2))).encounter
    enc = cb.damage(enc, "бес", 13).encounter
    enc = cb.damage(enc, "бес", 1).encounter
    assert enc.get("Бес").status == "dead"
    frozen = enc.get("Бес").effects
    last = turns(enc, 4)[-1]
    assert last.encounter.get("Бес").effects == frozen
    assert "ticks" not in last.event


def test_hidden_bearers_ticks_stay_out_of_the_public_lines():
    enc = duel(hero("Тень", "enemy", 1, hidden=True))
    enc = cb.add_effect(enc, "тень", presets.bleeding(2)).encounter
    outcome = turns(enc, 2)[-1]
    assert clock(outcome.encounter) == (1, "Тень")
    assert "Тень: bleeding deals 1 (HP 13 -> 12)." in outcome.lines
    assert not any("Тень" in line for line in outcome.public_lines)
    assert outcome.hidden


# --- deadlines, not countdowns ------------------------------------------------------


def test_rerunning_next_turn_from_an_older_state_gives_the_same_result():
    enc = cb.add_effect(duel(), "бес", presets.bleeding(3)).encounter
    first = cb.next_turn(enc, NO_DICE)
    again = cb.next_turn(enc, NO_DICE)
    assert first.encounter == again.encounter
    assert hp(enc, "Бес") == 13  # the older state is untouched


def test_stepping_the_clock_back_never_ticks_twice():
    enc = cb.add_effect(duel(), "бес", presets.bleeding(3)).encounter
    ticked = cb.next_turn(enc, NO_DICE).encounter
    assert hp(ticked, "Бес") == 12
    # the master steps back to Аня's turn by hand; the bleeding remembers round 1
    fight = ticked.fight
    assert fight is not None
    rewound = replace(ticked, fight=replace(fight, index=0, turn=cb.TurnState("Аня", 2)))
    replayed = cb.next_turn(rewound, NO_DICE)
    assert clock(replayed.encounter) == (1, "Бес")
    assert hp(replayed.encounter, "Бес") == 12
    assert "ticks" not in replayed.event


def test_effect_stores_its_deadline_and_last_tick_not_a_countdown():
    enc = cb.add_effect(duel(), "бес", presets.bleeding(3)).encounter
    stored = enc.get("Бес").effects[0]
    assert (stored.until, stored.until_round, stored.last_tick) == (TURN_END, 3, 0)
    after = turns(enc, 3)[-1].encounter.get("Бес").effects[0]
    assert (after.until, after.until_round, after.last_tick) == (TURN_END, 3, 2)


def test_a_turn_deadline_missed_because_the_bearer_had_no_turn_ends_with_its_round():
    enc = duel()
    late = cb.Encounter(enc.system, enc.settings, enc.combatants + (cb.Combatant(
        "Гость", "party", stats={"body": 2},
        effects=(Effect("hex", until=TURN_END, until_round=1),)),), enc.fight)
    outcomes = turns(late, 2)
    assert outcomes[0].encounter.get("Гость").effects != ()
    assert outcomes[1].encounter.get("Гость").effects == ()


# --- stacking ---------------------------------------------------------------------


def test_sk_bleed_1_second_bleeding_adds_damage_and_keeps_the_first_duration():
    enc = cb.add_effect(duel(), "бес", presets.bleeding(2)).encounter
    second = cb.add_effect(enc, "бес", presets.bleeding(9))
    (effect,) = second.encounter.get("Бес").effects
    assert (effect.damage, effect.stacks, effect.until_round) == (2, 2, 2)
    assert second.event["stacking"] == ADD
    third = cb.add_effect(second.encounter, "бес", presets.bleeding(1)).encounter.get("Бес").effects[0]
    assert (third.damage, third.stacks, third.until_round) == (3, 3, 2)
    assert hp(cb.next_turn(cb.add_effect(second.encounter, "бес", presets.bleeding(1)).encounter,
                           NO_DICE).encounter, "Бес") == 10


def test_sk_poison_1_new_poison_replaces_the_damage_and_keeps_the_duration():
    enc = cb.add_effect(duel(), "бес", presets.poison(2, 3)).encounter
    enc = cb.add_effect(enc, "бес", presets.poison(8, 1)).encounter
    (effect,) = enc.get("Бес").effects
    assert (effect.damage, effect.stacks, effect.until_round) == (1, 1, 2)
    assert hp(cb.next_turn(enc, NO_DICE).encounter, "Бес") == 12


OLD = Effect("x", tick=TURN_START, damage=2, modifiers={"dodge": -1}, until=TURN_END,
             until_round=3, last_tick=2)


@pytest.mark.parametrize(
    "stacking, expected",
    [
        (REFRESH, replace(OLD, until=ROUND_END, until_round=9)),
        (ADD, replace(OLD, damage=7, modifiers={"dodge": -3}, stacks=2)),
        (REPLACE_DAMAGE, replace(OLD, damage=5)),
        (REPLACE, Effect("x", tick=TURN_END, damage=5, modifiers={"dodge": -2}, stacking=REPLACE,
                         until=ROUND_END, until_round=9, last_tick=2)),
        (IGNORE, OLD),
    ],
)
def test_each_stacking_policy(stacking, expected):
    new = Effect("x", tick=TURN_END, damage=5, modifiers={"dodge": -2}, stacking=stacking,
                 until=ROUND_END, until_round=9)
    assert stack(OLD, new) == expected


def test_sk_stun_1_stun_lasts_until_the_bearers_next_turn_starts():
    enc = at_turn_of(duel(), "Бес")
    stunned = cb.add_effect(enc, "аня", presets.stun()).encounter
    assert stunned.get("Аня").effects[0].until_round == 2
    (outcome,) = turns(stunned, 1)
    assert clock(outcome.encounter) == (2, "Аня")  # the stun ends, the turn is played
    assert outcome.encounter.get("Аня").effects == ()
    assert "Аня: stun ends." in outcome.lines


def at_turn_of(enc: cb.Encounter, name: str) -> cb.Encounter:
    while clock(enc)[1] != name:
        enc = cb.next_turn(enc, NO_DICE).encounter
    return enc


def test_stacking_goes_by_name_case_and_yo_ignored():
    enc = cb.add_effect(duel(), "бес", EffectSpec("Ёжик", stacking=IGNORE)).encounter
    outcome = cb.add_effect(enc, "бес", EffectSpec("ежик", modifiers={"dodge": 5}, stacking=IGNORE))
    assert outcome.encounter.get("Бес").effects == enc.get("Бес").effects
    assert "the new one is ignored" in outcome.lines[0]


# --- adding and removing ------------------------------------------------------------


def test_clock_durations_need_a_running_fight():
    enc = cb.Encounter("dungeon", {}, (hero("Аня", "party", 3),))
    with pytest.raises(RuleError, match="needs a running fight"):
        cb.add_effect(enc, "аня", presets.bleeding(3))
    kept = cb.add_effect(enc, "аня", EffectSpec("curse", modifiers={"check": -2}))
    assert kept.encounter.get("Аня").effects[0].until == NEVER


def test_until_a_round_already_begun_is_refused():
    with pytest.raises(RuleError, match="already begun"):
        cb.add_effect(duel(), "бес", EffectSpec("x", duration=Duration("until_round", 1)))


def test_modifier_names_resolve_through_the_sheet_in_either_language():
    spec = EffectSpec("blind", modifiers={"УВ": -2, "Реакция": -1, "попадание": -5})
    effect = cb.add_effect(duel(), "бес", spec).encounter.get("Бес").effects[0]
    assert dict(effect.modifiers) == {"dodge": -2, "reaction": -1, "hit": -5}


def test_unknown_modifier_names_are_not_found_with_suggestions():
    with pytest.raises(NotFound) as caught:
        cb.add_effect(duel(), "бес", EffectSpec("x", modifiers={"dodgee": 1}))
    assert "dodge" in caught.value.suggestions


def test_remove_effect_by_prefix_and_unknown_effect_is_not_found():
    enc = cb.add_effect(duel(), "бес", presets.bleeding(3)).encounter
    removed = cb.remove_effect(enc, "бес", "BLEED")
    assert removed.encounter.get("Бес").effects == ()
    assert removed.event == {"kind": "effect_removed", "target": "Бес", "effect": "bleeding"}
    with pytest.raises(NotFound, match="poison"):
        cb.remove_effect(enc, "бес", "poison")


def test_no_effects_on_the_dead():
    enc = cb.damage(cb.damage(duel(), "бес", 13).encounter, "бес", 1).encounter
    with pytest.raises(RuleError, match="dead"):
        cb.add_effect(enc, "бес", presets.stun())


def test_end_fight_ends_clock_effects_and_keeps_lasting_ones():
    enc = duel()
    for spec in (presets.bleeding(5), EffectSpec("rage", duration=Duration("fight")),
                 EffectSpec("ankle", modifiers={"speed": -1})):
        enc = cb.add_effect(enc, "бес", spec).encounter
    out = cb.end_fight(enc)
    assert [e.name for e in out.encounter.get("Бес").effects] == ["ankle"]
    assert out.event["ended"] == [
        {"combatant": "Бес", "effect": "bleeding"}, {"combatant": "Бес", "effect": "rage"},
    ]


@pytest.mark.parametrize(
    "spec, problem",
    [
        ({"name": " "}, "name"),
        ({"name": "x", "damage": 1}, "tick moment"),
        ({"name": "x", "tick": "dawn"}, "ticks at"),
        ({"name": "x", "stacking": "merge"}, "stacking"),
        ({"name": "x", "tick": TURN_START, "damage": -1}, "negative"),
        ({"name": "x", "tick": TURN_START, "damage_dice": "lots"}, "damage dice"),
        ({"name": "x", "modifiers": {"dodge": True}}, "whole number"),
    ],
)
def test_bad_effect_specs_are_refused(spec, problem):
    with pytest.raises(ValueError, match=problem):
        EffectSpec(**spec)


@pytest.mark.parametrize(
    "effect, problem",
    [
        ({"until": TURN_END}, "needs the round"),
        ({"until": FIGHT_END, "until_round": 2}, "no end round"),
        ({"until": "dusk"}, "ends at"),
        ({"stacks": 0}, "stacks"),
    ],
)
def test_bad_stored_effects_are_refused(effect, problem):
    with pytest.raises(ValueError, match=problem):
        Effect("x", **effect)


# --- durations as text -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text, duration",
    [
        ("3 turns", Duration("turns", 3)),
        ("1 turn", Duration("turns", 1)),
        ("3t", Duration("turns", 3)),
        ("3 хода", Duration("turns", 3)),
        ("5 ходов", Duration("turns", 5)),
        ("2 rounds", Duration("rounds", 2)),
        ("2 раунда", Duration("rounds", 2)),
        ("until round 5", Duration("until_round", 5)),
        ("до раунда 4", Duration("until_round", 4)),
        ("next turn", Duration("next_turn")),
        ("Fight", Duration("fight")),
        ("до конца боя", Duration("fight")),
        ("forever", Duration("removed")),
        ("навсегда", Duration("removed")),
    ],
)
def test_parse_duration(text, duration):
    assert parse_duration(text) == duration


@pytest.mark.parametrize("text", ["", "soon", "0 turns", "3 weeks", "turns 3"])
def test_parse_duration_refuses_what_it_cannot_read(text):
    with pytest.raises(ValueError):
        parse_duration(text)


durations = st.sampled_from(DURATIONS).flatmap(
    lambda kind: st.builds(
        Duration, st.just(kind),
        st.integers(1, 999) if kind in ("turns", "rounds", "until_round") else st.just(0),
    )
)


@given(durations)
def test_duration_text_reads_back(duration):
    assert parse_duration(duration_text(duration)) == duration


@given(st.text(max_size=20))
def test_parse_duration_reads_or_raises_value_error(text):
    with contextlib.suppress(ValueError):
        parse_duration(text)


# --- what a master asks for, read by the rules (rules.fight.asked_effect, rules.fight.standing) ---


@pytest.mark.parametrize(("name", "typed", "options", "expected"), [
    # a preset of the system, what was typed on top: the dungeon's bleeding, 2 a turn
    ("кровотечение", {"damage"}, {"damage": 2}, {"name": "bleeding", "damage": 2, "tick": TURN_START}),
    # an effect of the master's own that deals damage ticks as its bearer's turn starts
    ("кислота", {"damage"}, {"damage": 1}, {"name": "кислота", "damage": 1, "tick": TURN_START}),
    # one that neither deals nor heals does not tick, and lasts the fight
    ("страх", set(), {"modifiers": {"body": -1}}, {"name": "страх", "tick": "never", "modifiers": {"body": -1}}),
])
def test_an_effect_asked_for_is_the_systems_preset_with_what_was_typed(name, typed, options, expected):
    asked = {"duration": None, "damage": 0, "dice": None, "heal": 0, "tick": TURN_START, "stacking": "refresh",
             "skip_turn": False, "modifiers": {}, **options}
    spec = cb.asked_effect("dungeon", name, typed, **asked)
    assert {key: getattr(spec, key) for key in expected} == expected
    if name == "страх":
        assert spec.duration == Duration("fight")


def test_standing_asks_the_systems_own_states():
    enc = duel()
    assert (cb.standing(enc, "party"), cb.standing(enc, "enemy")) == (["Аня"], ["Бес"])
    assert cb.standing(replace(enc, fight=None), "enemy") == []  # no fight runs
    down = cb.damage(enc, "Бес", 13).encounter  # 0 HP: unconscious (DG-DEATH-1), not standing
    assert cb.standing(down, "enemy") == []
