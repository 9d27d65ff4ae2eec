"""The turn clock: places in an order, rounds, and the effects that tick on them.

Shared by every turn-based system (the round clock of declared, then
resolved rounds builds on it in ``rules.core.rounds``).  A place is one
combatant, or a group who act in the order they choose (TT-INIT-2,
TT-SYNC-1); a turn may be delayed to the end of the round (TT-DELAY-1); an
action declared ``out_of_turn`` (SK-OUT-1) is played outside the turns.

A system lends the clock a few rules (:class:`ClockRules`): who still
ticks, who cannot act, how damage and healing land, and what a fresh turn
holds.

Moments, in the order they happen:
round start (everyone) -> for each slot of the order: turn start, the turn,
turn end -> round end (everyone) -> next round.  At each moment an effect
first ticks if it is due, then ends if its deadline is that moment.
"""

from __future__ import annotations

from typing import Any, Protocol

from rules.core.effects import (
    ROUND_END,
    ROUND_START,
    TURN_END,
    TURN_MOMENTS,
    TURN_START,
    Effect,
)
from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.messages import reason_words
from rules.core.outcome import Damage, HealthChange, Work
from rules.core.state import DEAD, Combatant, Fight, TurnState
from rules.dice import roll_text
from rules.dice.datatypes import datatype, field, replace
from rules.dice.sources import DiceSource
from rules.i18n import _


class ClockRules(Protocol):
    def ticks(self, combatant: Combatant) -> bool:
        """Whether the combatant's effects still tick (the dead's do not)."""

    def cannot_act(self, combatant: Combatant) -> str | None:
        """Why the combatant cannot take its turn (``"is unconscious"``), or None."""

    def hurt(self, work: Work, name: str, damage: Damage) -> HealthChange:
        """Apply ``damage`` to ``name`` in ``work``."""

    def mend(self, work: Work, name: str, amount: int) -> HealthChange:
        """Apply ``amount`` healing to ``name`` in ``work``."""

    def new_turn(self, work: Work, name: str) -> TurnState:
        """What ``name`` may do in the turn that starts now (asked before its
        turn-start effects tick); the system may update its own data here."""

    def effect_hook(self, work: Work, source: DiceSource, name: str, effect: Effect) -> None:
        """A system's own part of an effect's tick (rolls allowed)."""


@datatype
class ClockReport:
    """What the clock did during one operation, for the journal event."""

    ticks: list[dict[str, Any]] = field(default_factory=list)
    ended: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def event_parts(self) -> dict[str, Any]:
        parts: dict[str, Any] = {}
        if self.ticks:
            parts["ticks"] = self.ticks
        if self.ended:
            parts["ended"] = self.ended
        if self.skipped:
            parts["skipped"] = self.skipped
        return parts


def _tick_damage(work: Work, source: DiceSource, effect: Effect) -> tuple[int, list[int]]:
    if not effect.damage_dice:
        return effect.damage, []
    rolled = roll_text(effect.damage_dice, source)
    work.add_dice(
        d._replace(purpose="tick_damage") for d in rolled.dice
    )
    return effect.damage + rolled.value, [d.face for d in rolled.dice]


def _tick(
    work: Work, source: DiceSource, rules: ClockRules, name: str, effect: Effect,
    round_: int, report: ClockReport,
) -> None:
    record: dict[str, Any] = {"combatant": name, "effect": effect.name}
    amount, faces = _tick_damage(work, source, effect) if effect.damage or effect.damage_dice else (0, [])
    if effect.floor and amount > 0:
        # this effect alone never brings its bearer below its floor (TW-BLEED-1)
        amount = min(amount, max(0, work.get(name).resources.get("hp", 0) - effect.floor))
    if amount > 0:
        change = rules.hurt(work, name, Damage(amount, kind="effect", source=effect.name))
        if not work.quiet:
            work.tell("tick", about=[name], what="damage", effect=effect.name, dice=effect.damage_dice or None,
                      faces=faces or None, **health_fields(change))
        record["damage"] = amount
    if effect.hook:
        rules.effect_hook(work, source, name, effect)
    if effect.heal and work.get(name).status != DEAD:
        change = restore(rules, work, name, effect.heal)
        if not work.quiet:
            work.tell("tick", about=[name], what="heal", effect=effect.name, **health_fields(change))
        record["heal"] = effect.heal
    record["hp"] = work.get(name).resources.get("hp", 0)
    record["status"] = work.get(name).status
    report.ticks.append(record)


def restore(rules: ClockRules, work: Work, name: str, amount: int) -> HealthChange:
    """Healing by the system's rules; healing that restores HP removes the
    effects that healing removes (TW-BLEED-1)."""
    change = rules.mend(work, name, amount)
    if change.hp_after > change.hp_before:
        bearer = work.get(name)
        gone = [e for e in bearer.effects if e.healing_removes]
        if gone:
            work.put(replace(bearer, effects=tuple(e for e in bearer.effects if not e.healing_removes)))
            for effect in gone:
                work.tell("effect_ended", about=[name], name=name, effect=effect.name, why="healed")
    return change


def _ends(effect: Effect, moment: str, round_: int) -> bool:
    if effect.ends_at(moment, round_):
        return True
    # a turn deadline whose turn never came (the bearer joined late or was
    # skipped over) is overdue once its round is over
    return moment == ROUND_END and effect.until in TURN_MOMENTS and round_ >= effect.until_round


def run_moment(
    work: Work, source: DiceSource, rules: ClockRules, name: str, moment: str, report: ClockReport
) -> None:
    """Tick ``name``'s effects due at ``moment``, then end those whose deadline it is."""
    assert work.fight is not None
    round_ = work.fight.round
    bearer = work.combatants[name]
    if not bearer.effects:  # nothing to tick or end: most moments of most turns
        return
    if not rules.ticks(bearer):
        return
    effects = []
    changed = False  # a tick makes a new effect, an end takes one away
    for effect in bearer.effects:
        if effect.due(moment, round_) and rules.ticks(work.get(name)):
            _tick(work, source, rules, name, effect, round_, report)
            effect = effect.ticked(round_)
            changed = True
        effects.append(effect)
    bearer = work.get(name)
    if rules.ticks(bearer):
        # the dead keep their effects as they were: nothing ticks on a body
        for effect in [e for e in effects if _ends(e, moment, round_)]:
            effects.remove(effect)
            changed = True
            work.tell("effect_ended", about=[name], name=name, effect=effect.name, why="time")
            report.ended.append({"combatant": name, "effect": effect.name})
    if changed:
        work.put(bearer.with_effects(tuple(effects)))


def run_round_moment(
    work: Work, source: DiceSource, rules: ClockRules, moment: str, report: ClockReport
) -> None:
    """Everyone's round moment: those in the order first, in turn order, then
    any combatant present but not (yet) in the order."""
    assert work.fight is not None
    others = [name for name in work.combatants if name not in work.fight.order]
    for name in (*work.fight.order, *others):
        if work.combatants[name].effects:  # run_moment has nothing to do for anyone else
            run_moment(work, source, rules, name, moment, report)


def skip_reason(rules: ClockRules, combatant: Combatant) -> str | None:
    reason = rules.cannot_act(combatant)
    if reason is not None or not combatant.effects:
        return reason
    lost = next((e for e in combatant.effects if e.skip_turn), None)
    return f"loses the turn ({lost.name})" if lost else None


# --- places: who may act now ---------------------------------------------------------


def place(fight: Fight, index: int | None = None) -> tuple[str, ...]:
    """Who shares the place at ``index`` (default: the current one), from there on.

    A group (TT-INIT-2, TT-SYNC-1) is one place: its members still to act
    stand next to each other in the order, those who acted before them.  A
    delayed turn always has a place of its own (TT-DELAY-1: delayers do not
    become simultaneous).
    """
    i = fight.index if index is None else index
    if not fight.order:
        return ()
    name = fight.order[i]
    if not fight.groups:  # most fights: everyone alone in its place, at every turn
        return (name,)
    group = fight.group_of(name)
    delayed = {t.actor for t in fight.delayed}
    if not group or name in delayed:
        return (name,)
    members = [name]
    for other in fight.order[i + 1:]:
        if other not in group or other in delayed:
            break
        members.append(other)
    return tuple(members)


def waiting(fight: Fight) -> tuple[str, ...]:
    """Who may take the turn now: the actor of the running turn, or, at an
    open group place, every member still to act there (empty for a round clock)."""
    if fight.turn is not None:
        return (fight.turn.actor,)
    return place(fight)


def may_act(fight: Fight, name: str, *, out_of_turn: bool = False) -> bool:
    """Whether ``name`` may act now: in its turn or its group's open place,
    or at any moment of the fight for an action declared ``out_of_turn``."""
    if out_of_turn:
        return name in fight.order or not fight.order
    return name in waiting(fight)


# --- turns -------------------------------------------------------------------------------


def land(
    work: Work, source: DiceSource, rules: ClockRules, index: int, report: ClockReport
) -> bool:
    """Start the turn of slot ``index``; False when the turn was skipped.

    The system's budget for the turn is made before the turn-start effects
    tick, so damage they deal counts towards the next turn, not this one.  A
    delayed turn resumes as it was put off: its start has ticked already.
    """
    assert work.fight is not None
    fight = work.fight
    name = fight.order[index]
    paused = fight.delayed_turn(name) if fight.delayed else None
    # one copy of the clock, not two: every turn of every fight (and of a simulation's thousands) lands here
    if paused is not None:
        work.fight = replace(fight, index=index, turn=None, delayed=tuple(t for t in fight.delayed if t.actor != name))
    else:
        work.fight = fight.at_place(index)
    if work.get(name).status == DEAD:
        return False
    if paused is not None:
        reason = skip_reason(rules, work.get(name))
        if reason is None:
            work.fight = replace(work.fight, turn=paused)
            work.tell("turn_resumed", about=[name], name=name)
            return True
        _skip(work, source, rules, name, reason, report)
        return False
    turn = rules.new_turn(work, name)
    run_moment(work, source, rules, name, TURN_START, report)
    reason = skip_reason(rules, work.get(name))
    if reason is not None:
        _skip(work, source, rules, name, reason, report)
        return False
    work.fight = work.fight.with_turn(turn)
    return True


def _skip(work: Work, source: DiceSource, rules: ClockRules, name: str, reason: str,
          report: ClockReport) -> None:
    if not work.quiet:
        work.tell("turn_skipped", about=[name], name=name, reason=reason)
    report.skipped.append(name)
    run_moment(work, source, rules, name, TURN_END, report)


def _arrive(
    work: Work, source: DiceSource, rules: ClockRules, index: int, report: ClockReport
) -> bool:
    """Come to the place at ``index``: land a lone actor, or open a group's place.

    Members who cannot act lose their turns first (their effects still
    tick); if two or more remain, the place opens and waits for one of them
    to claim it.  False when nobody there may act; ``work.fight.index`` is
    then the place's last slot.
    """
    assert work.fight is not None
    members = place(work.fight, index)
    if len(members) == 1:
        return land(work, source, rules, index, report)
    able = tuple(n for n in members
                 if work.get(n).status != DEAD and skip_reason(rules, work.get(n)) is None)
    unable = tuple(n for n in members if n not in able)
    fight = work.fight
    order = fight.order[:index] + unable + able + fight.order[index + len(members):]
    work.fight = replace(fight, order=order, index=index, turn=None)
    for k in range(len(unable)):
        if land(work, source, rules, index + k, report):
            return True  # an effect that kept it from acting ended as its turn began
    start = index + len(unable)
    if not able:
        work.fight = replace(work.fight, index=start - 1, turn=None)
        return False
    if len(able) == 1:
        return land(work, source, rules, start, report)
    work.fight = replace(work.fight, index=start, turn=None)
    work.tell("place_open", about=able, public=True, names=list(able))
    return True


def _go(work: Work, source: DiceSource, rules: ClockRules, index: int, report: ClockReport,
        *, wrap: bool = True) -> None:
    """Arrive at the first place from ``index`` on where someone may act.

    Past the end of the order the round closes and the next opens (unless
    ``wrap`` is off); a whole lap with nobody able to act ends in a refusal.
    """
    assert work.fight is not None
    lap = len(work.fight.order)
    passed = 0
    while passed <= lap:
        if index >= len(work.fight.order):
            if not wrap:
                break
            next_round(work, source, rules, report)
            index = 0
        if _arrive(work, source, rules, index, report):
            return
        passed += work.fight.index - index + 1
        index = work.fight.index + 1
    raise RuleError(_("nobody in the fight can act any more; end the fight"))


def open_rounds(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """Round 1 begins and the first place where someone can act comes up."""
    assert work.fight is not None
    if not work.quiet:
        work.tell("round", round=work.fight.round)
    run_round_moment(work, source, rules, ROUND_START, report)
    if not work.fight.order:
        return  # a round clock: nobody takes turns, the round resolves at once
    _go(work, source, rules, 0, report, wrap=False)


def end_turn(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """The running turn ends (its end ticks); nothing to do at an open place."""
    assert work.fight is not None
    if work.fight.turn is not None:
        run_moment(work, source, rules, work.fight.turn.actor, TURN_END, report)
    work.fight = work.fight.with_turn(None)


def advance(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """From the slot just done to the next place where someone can act.

    Wrapping past the end of the order closes the round and opens the next.
    If a whole lap finds nobody able to act, the fight cannot go on.  An
    empty order is a round clock: the round closes and the next opens.
    """
    assert work.fight is not None
    if not work.fight.order:
        next_round(work, source, rules, report)
        return
    _go(work, source, rules, work.fight.index + 1, report)


def proceed(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """``fight next`` on a turn clock: end the running turn and move on; at an
    open group place where nobody has acted, the first one listed takes its turn."""
    assert work.fight is not None
    fight = work.fight
    if fight.turn is None and len(place(fight)) > 1:
        if land(work, source, rules, fight.index, report):
            return
        advance(work, source, rules, report)
        return
    if fight.turn is not None and fight.index + 1 < len(fight.order):
        # the next place is in this round: arriving there puts the turn aside itself, and nothing
        # before reads it, so the turn's end makes no copy of the clock (every turn of a fight)
        run_moment(work, source, rules, fight.turn.actor, TURN_END, report)
        _go(work, source, rules, work.fight.index + 1, report)
        return
    end_turn(work, source, rules, report)
    advance(work, source, rules, report)


def claim(work: Work, source: DiceSource, rules: ClockRules, name: str, report: ClockReport) -> bool:
    """``name`` takes the turn: its own running turn, or its place in an open group.

    Taking a group's place starts that member's turn (its start ticks, so
    give the action a dice source).  Returns False when the turn began and
    was lost at once (an effect that ticked knocked it out); the place then
    moves on and the system plays nothing more.
    """
    assert work.fight is not None
    fight = work.fight
    if fight.turn is not None:
        if fight.turn.actor == name:
            return True
        raise RuleError(_("it is {actor}'s turn, not {name}'s").format(actor=fight.turn.actor, name=name))
    members = waiting(fight)
    if name not in members:
        now = ", ".join(members) or "nobody"
        raise RuleError(_("it is the place of {now}; {name} does not act now").format(now=now, name=name))
    reason = skip_reason(rules, work.get(name))
    if reason is not None:
        raise RuleError(_("{name} {reason}").format(name=name, reason=reason_words(reason)))
    index = fight.index
    order = fight.order[:index] + (name,) + tuple(n for n in members if n != name) \
        + fight.order[index + len(members):]
    work.fight = replace(fight, order=order)
    work.emit("turn_claimed", about=[name], name=name)
    if land(work, source, rules, index, report):
        return True
    advance(work, source, rules, report)
    return False


def take_turn(
    work: Work, source: DiceSource, rules: Any, name: str, report: ClockReport | None = None,
    *, verb: str | None = None, rule: str = "",
) -> TurnState | None:
    """The turn check of an action: the turn ``name`` acts in, or None for an
    action its declaration marks ``out_of_turn`` (SK-OUT-1: a defender's
    counterattack), which spends nothing of the running turn.

    Refuses (RuleError naming ``rule``) whoever may not act now.  ``report`` gets what
    the clock did when taking the turn starts it (a group's place); none is needed otherwise.
    """
    assert work.fight is not None
    action = rules.action(verb) if verb is not None else None
    if action is not None and action.out_of_turn:
        if not may_act(work.fight, name, out_of_turn=True):
            raise RuleError(_("{name} is not in the fight").format(name=name), rule=rule)
        reason = rules.cannot_act(work.get(name))
        if reason is not None:
            raise RuleError(_("{name} {reason}").format(name=name, reason=reason_words(reason)), rule=rule)
        return None
    turn = work.fight.turn
    if turn is not None and turn.actor == name:
        return turn  # its own running turn, as may_act and claim would find: every action of a turn
    if not may_act(work.fight, name):
        now = ", ".join(waiting(work.fight)) or "nobody"
        raise RuleError(_("{name} does not act now (now: {now})").format(name=name, now=now), rule=rule)
    if not claim(work, source, rules, name, report if report is not None else ClockReport()):
        return None
    return work.fight.turn


def delay(work: Work, source: DiceSource, rules: ClockRules, name: str, report: ClockReport) -> bool:
    """TT-DELAY-1: ``name`` puts its turn off to the end of this round (phase).

    Each delayer gets a place of its own at the end, in the order they
    delayed; the next round goes back to the initiative order.  The turn is
    kept as it is and resumes there; only a turn nothing was spent of may be
    delayed.  Returns False when claiming the turn lost it (see :func:`claim`).
    """
    assert work.fight is not None
    if not claim(work, source, rules, name, report):
        return False
    fight = work.fight
    turn = fight.turn
    assert turn is not None
    if not turn.untouched:
        raise RuleError(_("{name} has already acted this turn; a turn is delayed before acting").format(name=name))
    index = fight.index
    if index == len(fight.order) - 1:
        raise RuleError(_("nobody acts after {name} in this round; end the turn instead").format(name=name))
    order = fight.order[:index] + fight.order[index + 1:] + (name,)
    work.fight = replace(
        fight, order=order, turn=None, delayed=fight.delayed + (turn,),
        initiative=fight.initiative or fight.order,
    )
    work.tell("turn_delayed", about=[name], name=name, round=fight.round)
    _go(work, source, rules, index, report)
    return True


def next_round(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """Close the round (its end ticks) and open the next (its start ticks).

    A round in which someone delayed gives way to the initiative order again
    (TT-DELAY-1).
    """
    assert work.fight is not None
    run_round_moment(work, source, rules, ROUND_END, report)
    fight = work.fight
    work.fight = replace(fight, round=fight.round + 1, index=0, turn=None,
                         order=fight.initiative or fight.order, initiative=(), delayed=())
    if not work.quiet:
        work.tell("round", round=work.fight.round)
    run_round_moment(work, source, rules, ROUND_START, report)


__all__ = [
    "ClockReport", "ClockRules", "advance", "claim", "delay", "end_turn", "land", "may_act",
    "next_round", "open_rounds", "place", "proceed", "run_moment", "run_round_moment", "skip_reason",
    "take_turn", "waiting",
]
