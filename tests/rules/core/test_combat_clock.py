"""The turn clock: places, groups that act in the order they choose, delayed
turns, actions out of turn, and an empty order that never raises.

The terra rules (TT-INIT-2, TT-SYNC-1, TT-DELAY-1) and skirmish's
counterattack (SK-OUT-1) are proven here in their generic shape, on a plain
system with no rules of its own: the clock is what those systems will use.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core.actions import NAME, Action, Catalogue, Param
from rules.core.clock import (
    ClockReport,
    advance,
    claim,
    delay,
    may_act,
    open_rounds,
    place,
    proceed,
    take_turn,
    waiting,
)
from rules.core.codec import encounter_from_doc, encounter_to_doc
from rules.core.common import join_fight, leave_fight
from rules.core.contract import SystemRules
from rules.core.effects import TURN_START, TURNS, Duration, EffectSpec, lose_turns
from rules.core.errors import RuleError
from rules.core.outcome import Work
from rules.core.state import ENEMY, UNCONSCIOUS, Combatant, Encounter, Fight, TurnState
from rules.dice.sources import GivenSource


class _NoMoreDice:
    def draw(self, sides: int):
        raise AssertionError(f"an unexpected d{sides} was drawn")


NO_DICE = GivenSource((), fallback=_NoMoreDice())


def _nothing(rules, enc, source, name):
    return Work(enc).outcome({"kind": "nothing"})


class Plain(SystemRules):
    id = "plain"
    actions = Catalogue((
        Action("strike", "Strike in one's turn.", run=_nothing, params=(Param("name", NAME, "Who."),)),
        Action("counter", "Counterattack after a dodge.", run=_nothing, out_of_turn=True,
               params=(Param("name", NAME, "Who."),)),
    ))

    def new_turn(self, work, name):
        return TurnState(name, actions=2)


RULES = Plain()
NAMES = ("А", "Б", "В", "Г")


def started(order=NAMES, groups=(), **changes) -> Work:
    roster = tuple(Combatant(n, resources={"hp": 5}) for n in NAMES + ("Д",))
    work = Work(Encounter("plain", {}, roster, Fight(order=order, groups=groups)))
    for name, combatant in changes.items():
        work.put(combatant(work.get(name)))
    open_rounds(work, NO_DICE, RULES, ClockReport())
    return work


def next_(work: Work) -> Work:
    proceed(work, NO_DICE, RULES, ClockReport())
    return work


def spend(work: Work) -> None:
    work.fight = replace(work.fight, turn=replace(work.fight.turn, spent=1))


# --- an empty order -------------------------------------------------------------------


def test_an_empty_order_never_raises_and_each_step_is_a_new_round():
    work = started(order=())
    assert (work.fight.round, work.fight.current, waiting(work.fight)) == (1, None, ())
    next_(work)
    advance(work, NO_DICE, RULES, ClockReport())
    assert work.fight.round == 3 and work.fight.turn is None
    assert place(work.fight) == ()


# --- groups: TT-INIT-2, TT-SYNC-1 ----------------------------------------------------


def test_tt_init_2_a_group_shares_one_place_and_its_members_choose_their_order():
    work = started(groups=(("Б", "В"),))
    assert work.fight.turn.actor == "А" and waiting(work.fight) == ("А",)
    next_(work)
    # the group's place is open: either may act, nobody else
    assert work.fight.turn is None and waiting(work.fight) == ("Б", "В")
    assert [may_act(work.fight, n) for n in NAMES] == [False, True, True, False]
    assert work.events[-1].kind == "place_open"
    assert claim(work, NO_DICE, RULES, "В", ClockReport())
    assert work.fight.turn.actor == "В" and work.fight.order == ("А", "В", "Б", "Г")
    assert not may_act(work.fight, "Б")
    next_(work)
    assert work.fight.turn.actor == "Б"  # the last member left: its turn starts at once
    next_(work)
    assert work.fight.turn.actor == "Г"
    next_(work)
    assert (work.fight.round, work.fight.turn.actor) == (2, "А")


def test_tt_sync_1_a_whole_order_can_be_one_simultaneous_group():
    work = started(groups=(NAMES,))
    assert work.fight.turn is None and waiting(work.fight) == NAMES
    claim(work, NO_DICE, RULES, "Г", ClockReport())
    next_(work)
    assert waiting(work.fight) == ("А", "Б", "В")


def test_fight_next_at_an_open_place_starts_the_first_listed_members_turn():
    work = next_(started(groups=(("Б", "В"),)))
    next_(work)
    assert work.fight.turn.actor == "Б"
    next_(work)
    assert work.fight.turn.actor == "В"


def test_a_group_member_who_cannot_act_loses_its_turn_and_the_rest_act_as_usual():
    work = started(groups=(("Б", "В"),), Б=lambda c: replace(c, status=UNCONSCIOUS))
    next_(work)
    assert work.fight.turn.actor == "В"  # one able member left: no open place
    assert "Б" in [e.fields.get("name") for e in work.events if e.kind == "turn_skipped"]


def test_a_claim_by_someone_whose_place_it_is_not_is_refused():
    work = next_(started(groups=(("Б", "В"),)))
    with pytest.raises(RuleError, match="place of Б, В"):
        claim(work, NO_DICE, RULES, "Г", ClockReport())
    with pytest.raises(RuleError, match="does not act now"):
        take_turn(work, NO_DICE, RULES, "А", ClockReport(), verb="strike")


def test_an_action_in_an_open_place_claims_it_through_the_turn_check():
    work = next_(started(groups=(("Б", "В"),)))
    turn = take_turn(work, NO_DICE, RULES, "В", ClockReport(), verb="strike")
    assert turn == TurnState("В", actions=2) and work.fight.current == "В"


def test_claiming_starts_the_turn_so_its_start_effects_tick_then():
    bleeding = EffectSpec("bleeding", tick=TURN_START, damage=1, duration=Duration(TURNS, 3))
    work = next_(started(groups=(("Б", "В"),)))
    work.put(replace(work.get("В"), effects=(bleeding.effect_at(1, True),)))
    claim(work, NO_DICE, RULES, "В", ClockReport())
    assert work.get("В").resources["hp"] == 4


# --- delaying: TT-DELAY-1 ---------------------------------------------------------------


def test_tt_delay_1_delayers_each_get_their_own_place_at_the_end_in_the_order_they_delayed():
    work = started()
    delay(work, NO_DICE, RULES, "А", ClockReport())
    assert work.fight.turn.actor == "Б" and work.fight.order == ("Б", "В", "Г", "А")
    delay(work, NO_DICE, RULES, "Б", ClockReport())
    assert work.fight.turn.actor == "В" and work.fight.order == ("В", "Г", "А", "Б")
    actors = [next_(work).fight.turn.actor for _ in range(3)]
    assert actors == ["Г", "А", "Б"]
    assert work.fight.round == 1
    # the next round goes back to the initiative order
    next_(work)
    assert (work.fight.round, work.fight.order, work.fight.turn.actor) == (2, NAMES, "А")
    assert work.fight.delayed == () and work.fight.initiative == ()


def test_tt_delay_1_delayers_of_one_group_do_not_become_simultaneous():
    work = started(groups=(("А", "Б"),))
    delay(work, NO_DICE, RULES, "А", ClockReport())  # claims А's place, then delays
    assert work.fight.turn.actor == "Б"
    delay(work, NO_DICE, RULES, "Б", ClockReport())
    next_(work)
    next_(work)
    assert work.fight.turn.actor == "А" and work.fight.turn is not None  # not an open place
    next_(work)
    assert work.fight.turn.actor == "Б"


def test_tt_delay_1_a_delayed_turn_resumes_as_it_was_and_its_start_does_not_tick_twice():
    bleeding = EffectSpec("bleeding", tick=TURN_START, damage=1, duration=Duration(TURNS, 3))
    work = started()
    work.put(replace(work.get("Б"), effects=(bleeding.effect_at(1, True),)))
    next_(work)
    assert work.get("Б").resources["hp"] == 4
    delay(work, NO_DICE, RULES, "Б", ClockReport())
    next_(work)
    next_(work)
    assert work.fight.turn == TurnState("Б", actions=2) and work.get("Б").resources["hp"] == 4
    assert work.events[-1].kind == "turn_resumed"


def test_tt_delay_1_only_an_untouched_turn_with_someone_after_it_may_be_delayed():
    work = started()
    spend(work)
    with pytest.raises(RuleError, match="already acted"):
        delay(work, NO_DICE, RULES, "А", ClockReport())
    work = started()
    for _ in range(3):
        next_(work)
    with pytest.raises(RuleError, match="nobody acts after Г"):
        delay(work, NO_DICE, RULES, "Г", ClockReport())
    with pytest.raises(RuleError, match="it is Г's turn"):
        delay(work, NO_DICE, RULES, "А", ClockReport())


def test_tt_delay_1_a_delayer_who_falls_meanwhile_loses_the_delayed_turn():
    work = started()
    delay(work, NO_DICE, RULES, "А", ClockReport())
    work.put(replace(work.get("А"), status=UNCONSCIOUS))
    for _ in range(3):
        next_(work)
    assert (work.fight.round, work.fight.turn.actor) == (2, "Б")  # А is skipped in both rounds
    assert work.fight.order == NAMES


def test_joining_and_leaving_a_round_with_delays_keeps_the_initiative_to_return_to():
    work = started()
    delay(work, NO_DICE, RULES, "А", ClockReport())
    enc = work.encounter().with_combatant(Combatant("Д", ENEMY))
    enc = join_fight(enc, "Д").encounter
    assert enc.fight.initiative == ("А", "Б", "В", "Г", "Д")
    enc = leave_fight(enc, "А").encounter
    assert enc.fight.initiative == ("Б", "В", "Г", "Д") and enc.fight.delayed == ()


def test_leaving_a_group_dissolves_a_group_of_two():
    enc = started(groups=(("В", "Г"),)).encounter()
    assert leave_fight(enc, "Г").encounter.fight.groups == ()


# --- out of turn: SK-OUT-1 ---------------------------------------------------------------


def test_sk_out_1_an_action_declared_out_of_turn_is_played_outside_the_turns():
    work = started()
    before = work.fight
    assert take_turn(work, NO_DICE, RULES, "В", ClockReport(), verb="counter") is None
    assert work.fight == before  # nothing of the running turn is spent or moved
    with pytest.raises(RuleError, match="does not act now"):
        take_turn(work, NO_DICE, RULES, "В", ClockReport(), verb="strike")
    assert may_act(work.fight, "В", out_of_turn=True) and not may_act(work.fight, "Д", out_of_turn=True)


def test_sk_out_1_who_cannot_act_cannot_act_out_of_turn_either():
    work = started(В=lambda c: replace(c, status=UNCONSCIOUS))
    with pytest.raises(RuleError, match="unconscious"):
        take_turn(work, NO_DICE, RULES, "В", ClockReport(), verb="counter")


# --- skipping and the session file ---------------------------------------------------------


def test_lost_turns_are_skipped_with_a_typed_event():
    work = started(Б=lambda c: replace(c, effects=(lose_turns("сон", 1).effect_at(1, True),)))
    next_(work)
    assert work.fight.turn.actor == "В"
    skipped = [e for e in work.events if e.kind == "turn_skipped"]
    assert skipped[-1].fields == {"name": "Б", "reason": "loses the turn (сон)"}


def test_a_fight_with_a_group_and_a_delayed_turn_round_trips_through_the_session_file():
    work = started(groups=(("В", "Г"),))
    delay(work, NO_DICE, RULES, "А", ClockReport())
    enc = work.encounter()
    doc = encounter_to_doc(enc, {"format": 1})
    assert doc["fight"]["groups"] == [["В", "Г"]] and doc["fight"]["initiative"] == list(NAMES)
    assert doc["fight"]["delayed"] == [{"actor": "А", "actions": 2, "spent": 0}]
    assert encounter_from_doc(doc) == enc


def test_an_effect_given_at_an_open_place_counts_the_waiting_members_turn_as_to_come():
    from rules.core.common import add_effect

    enc = next_(started(groups=(("Б", "В"),))).encounter()
    spec = EffectSpec("ослеплён", tick=TURN_START, damage=1, duration=Duration(TURNS, 1))
    effect = add_effect(enc, "Б", spec, str).encounter.get("Б").effects[0]
    assert effect.until_round == 1  # its one turn is the one still to come this round
    work = Work(add_effect(enc, "Б", spec, str).encounter)
    claim(work, NO_DICE, RULES, "Б", ClockReport())
    assert work.get("Б").resources["hp"] == 4  # and it ticks when that turn starts
