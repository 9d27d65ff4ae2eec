"""The fight clock: turns in order, rounds, and the effects that tick on them.

Shared by every turn-based system.  A system lends the clock a few rules
(:class:`ClockRules`): who still ticks, who cannot act, how damage and
healing land, and what a fresh turn holds.

Moments, in the order they happen:
round start (everyone) -> for each slot of the order: turn start, the turn,
turn end -> round end (everyone) -> next round.  At each moment an effect
first ticks if it is due, then ends if its deadline is that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from rules.core.effects import (
    ROUND_END,
    ROUND_START,
    TURN_END,
    TURN_MOMENTS,
    TURN_START,
    Effect,
)
from rules.core.outcome import Damage, HealthChange, Work
from rules.core.state import DEAD, OK, UNCONSCIOUS, Combatant, TurnState
from rules.dice import roll_text
from rules.core.die import Die
from rules.core.errors import RuleError
from rules.core.sources import DiceSource


class ClockRules(Protocol):
    def ticks(self, combatant: Combatant) -> bool:
        """Whether the combatant's effects still tick (the dead's do not)."""

    def cannot_act(self, combatant: Combatant) -> str | None:
        """Why the combatant cannot take its turn (``"is unconscious"``), or None."""

    def hurt(self, work: Work, name: str, amount: int) -> HealthChange:
        """Apply ``amount`` damage to ``name`` in ``work``."""

    def mend(self, work: Work, name: str, amount: int) -> HealthChange:
        """Apply ``amount`` healing to ``name`` in ``work``."""

    def new_turn(self, work: Work, name: str, was_damaged: bool) -> TurnState:
        """What ``name`` may do in the turn that starts now."""

    def effect_hook(self, work: Work, source: DiceSource, name: str, effect: Effect) -> None:
        """A system's own part of an effect's tick (rolls allowed)."""


@dataclass
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


_STATUS_NEWS = {
    (OK, UNCONSCIOUS): " and falls unconscious",
    (OK, DEAD): " and dies",
    (UNCONSCIOUS, DEAD): " and dies",
    (UNCONSCIOUS, OK): " and wakes up",
}


def status_news(change: HealthChange) -> str:
    """`` and falls unconscious`` ... for a change of status, else ``""``."""
    return _STATUS_NEWS.get((change.status_before, change.status_after), "")


def hp_text(change: HealthChange) -> str:
    return f"HP {change.hp_before} -> {change.hp_after}"


def _tick_damage(work: Work, source: DiceSource, effect: Effect) -> tuple[int, str]:
    if not effect.damage_dice:
        return effect.damage, ""
    rolled = roll_text(effect.damage_dice, source)
    work.add_dice(
        Die(d.face, d.sides, "tick_damage", d.origin, d.counter) for d in rolled.dice
    )
    faces = "+".join(str(d.face) for d in rolled.dice)
    return effect.damage + rolled.value, f" ({effect.damage_dice}: {faces})"


def _tick(
    work: Work, source: DiceSource, rules: ClockRules, name: str, effect: Effect,
    round_: int, report: ClockReport,
) -> None:
    record: dict[str, Any] = {"combatant": name, "effect": effect.name}
    amount, shown = _tick_damage(work, source, effect) if effect.damage or effect.damage_dice else (0, "")
    if effect.floor and amount > 0:
        # this effect alone never brings its bearer below its floor (TW-BLEED-1)
        amount = min(amount, max(0, work.get(name).resources.get("hp", 0) - effect.floor))
    if amount > 0:
        change = rules.hurt(work, name, Damage(amount, kind="effect", source=effect.name))
        work.say(
            f"{name}: {effect.name} deals {amount}{shown} ({hp_text(change)}){status_news(change)}.",
            about=[name],
        )
        record["damage"] = amount
    if effect.hook:
        rules.effect_hook(work, source, name, effect)
    if effect.heal and work.get(name).status != DEAD:
        change = restore(rules, work, name, effect.heal)
        work.say(
            f"{name}: {effect.name} heals {effect.heal} ({hp_text(change)}){status_news(change)}.",
            about=[name],
        )
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
                work.say(f"{name}: the healing ends {effect.name}.", about=[name])
                work.emit("effect_ended", about=[name], name=name, effect=effect.name, why="healed")
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
    if not rules.ticks(work.get(name)):
        return
    effects = []
    for effect in work.get(name).effects:
        if effect.due(moment, round_) and rules.ticks(work.get(name)):
            _tick(work, source, rules, name, effect, round_, report)
            effect = effect.ticked(round_)
        effects.append(effect)
    bearer = work.get(name)
    if rules.ticks(bearer):
        # the dead keep their effects as they were: nothing ticks on a body
        for effect in [e for e in effects if _ends(e, moment, round_)]:
            effects.remove(effect)
            work.say(f"{name}: {effect.name} ends.", about=[name])
            report.ended.append({"combatant": name, "effect": effect.name})
    work.put(replace(bearer, effects=tuple(effects)))


def run_round_moment(
    work: Work, source: DiceSource, rules: ClockRules, moment: str, report: ClockReport
) -> None:
    """Everyone's round moment: those in the order first, in turn order, then
    any combatant present but not (yet) in the order."""
    assert work.fight is not None
    others = [name for name in work.combatants if name not in work.fight.order]
    for name in (*work.fight.order, *others):
        run_moment(work, source, rules, name, moment, report)


def skip_reason(rules: ClockRules, combatant: Combatant) -> str | None:
    reason = rules.cannot_act(combatant)
    if reason is not None:
        return reason
    lost = next((e for e in combatant.effects if e.skip_turn), None)
    return f"loses the turn ({lost.name})" if lost else None


def land(
    work: Work, source: DiceSource, rules: ClockRules, index: int, report: ClockReport
) -> bool:
    """Start the turn of slot ``index``; False when the turn was skipped."""
    assert work.fight is not None
    fight = replace(work.fight, index=index, turn=None)
    name = fight.order[index]
    work.fight = fight
    if work.get(name).status == DEAD:
        return False
    was_damaged = name in fight.damaged
    work.fight = replace(fight, damaged=tuple(n for n in fight.damaged if n != name))
    run_moment(work, source, rules, name, TURN_START, report)
    bearer = work.get(name)
    reason = skip_reason(rules, bearer)
    if reason is not None:
        work.say(f"{name} {reason}: turn skipped.", about=[name])
        report.skipped.append(name)
        run_moment(work, source, rules, name, TURN_END, report)
        return False
    work.fight = replace(work.fight, turn=rules.new_turn(work, name, was_damaged))
    return True


_NOBODY = "nobody in the fight can act any more; end the fight"


def open_rounds(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """Round 1 begins and the first combatant able to act gets the turn."""
    assert work.fight is not None
    work.say(f"Round {work.fight.round}.")
    run_round_moment(work, source, rules, ROUND_START, report)
    if not work.fight.order:
        return  # a round clock: nobody takes turns, the round resolves at once
    for index in range(len(work.fight.order)):
        if land(work, source, rules, index, report):
            return
    raise RuleError(_NOBODY)


def end_turn(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    assert work.fight is not None
    current = work.fight.current
    if current is not None:
        run_moment(work, source, rules, current, TURN_END, report)
    work.fight = replace(work.fight, turn=None)


def advance(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """From the turn just ended to the next combatant able to act.

    Wrapping past the end of the order closes the round and opens the next.
    If a whole lap finds nobody able to act, the fight cannot go on.
    """
    assert work.fight is not None
    slots = len(work.fight.order)
    index = work.fight.index
    if not slots:
        next_round(work, source, rules, report)
        return
    for _ in range(slots):
        index += 1
        if index == slots:
            next_round(work, source, rules, report)
            index = 0
        if land(work, source, rules, index, report):
            return
    raise RuleError(_NOBODY)


def next_round(work: Work, source: DiceSource, rules: ClockRules, report: ClockReport) -> None:
    """Close the round (its end ticks) and open the next (its start ticks)."""
    assert work.fight is not None
    run_round_moment(work, source, rules, ROUND_END, report)
    work.fight = replace(work.fight, round=work.fight.round + 1, index=0)
    work.say(f"Round {work.fight.round}.")
    run_round_moment(work, source, rules, ROUND_START, report)


__all__ = [
    "ClockReport", "ClockRules", "advance", "end_turn", "hp_text", "land", "next_round", "open_rounds",
    "run_moment", "run_round_moment", "skip_reason", "status_news",
]
