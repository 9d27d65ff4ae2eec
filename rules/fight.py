"""Fights for every system, one set of operations.

Each operation takes an :class:`Encounter` (and a dice source when it rolls)
and returns an :class:`Outcome`: the new encounter, every die, the lines to
post, a journal event.  The encounter given is never changed, so a refused
request (a :class:`RuleError` saying what the rules allow, or a
:class:`NotFound` for a name that fits nobody) loses nothing.

Names are typed names: case, ``ё``/``е`` and a unique prefix are forgiven
(:func:`find`).  Each call is handed to the system's fight rules
(``rules.systems``); systems whose fights are not built yet refuse them.
"""

from __future__ import annotations

from typing import Sequence

from rules.core.codec import encounter_from_doc, encounter_to_doc
from rules.core.common import leave_fight
from rules.core.effects import (
    ADD,
    FIGHT,
    FIGHT_END,
    IGNORE,
    NEVER,
    NEXT_TURN,
    REFRESH,
    REMOVED,
    REPLACE,
    REPLACE_DAMAGE,
    ROUND_END,
    ROUND_START,
    ROUNDS,
    TURN_END,
    TURN_START,
    TURNS,
    UNTIL_ROUND,
    Duration,
    Effect,
    EffectSpec,
    bleeding,
    burning,
    describe,
    lose_turns,
    parse_duration,
    poison,
    stun,
)
from rules.core.outcome import Outcome
from rules.core.state import (
    DEAD,
    ENEMY,
    OK,
    PARTY,
    UNCONSCIOUS,
    Combatant,
    Encounter,
    Fight,
    TurnState,
    find,
)
from rules.core.errors import NotFound, RuleError
from rules.core.sources import DiceSource
from rules.systems import available, fight_rules

Cell = tuple[int, int]


def start_fight(enc: Encounter, source: DiceSource, ambush: str | None = None) -> Outcome:
    """Roll initiative and give the first turn; ``ambush`` = "party" | "enemy"."""
    return fight_rules(enc.system).start_fight(enc, source, ambush)


def next_turn(enc: Encounter, source: DiceSource) -> Outcome:
    """End the current turn (its end ticks) and start the next able combatant's."""
    return fight_rules(enc.system).next_turn(enc, source)


def end_fight(enc: Encounter) -> Outcome:
    """End the fight: effects bound to it end; reports who is down or dead."""
    return fight_rules(enc.system).end_fight(enc)


def join_fight(enc: Encounter, name: str) -> Outcome:
    """Put a combatant added during a fight into the order."""
    return fight_rules(enc.system).join_fight(enc, name)


def attack(
    enc: Encounter,
    source: DiceSource,
    attacker: str,
    target: str,
    kind: str = "melee",
    advantages: int = 0,
    disadvantages: int = 0,
    fatigue_advantage: bool = False,
    extra_die: bool = False,
    weapon: str | None = None,
) -> Outcome:
    """The acting combatant attacks ``target`` with ``weapon`` (e.g. "1d8";
    default: its ``weapon`` stat)."""
    return fight_rules(enc.system).attack(
        enc, source, attacker, target, kind=kind, advantages=advantages,
        disadvantages=disadvantages, fatigue_advantage=fatigue_advantage,
        extra_die=extra_die, weapon=weapon,
    )


def act(enc: Encounter, name: str, what: str = "an action") -> Outcome:
    """Any other action of the acting combatant (draw, stand up, pull a lever)."""
    return fight_rules(enc.system).act(enc, name, what)


def damage(enc: Encounter, name: str, n: int) -> Outcome:
    """The master deals ``n`` damage; allowed at any time."""
    return fight_rules(enc.system).damage(enc, name, n)


def heal(enc: Encounter, name: str, n: int) -> Outcome:
    """The master heals ``n``; allowed at any time."""
    return fight_rules(enc.system).heal(enc, name, n)


def add_effect(enc: Encounter, name: str, effect: EffectSpec) -> Outcome:
    """Give ``name`` an effect; the same name again stacks by its policy."""
    return fight_rules(enc.system).add_effect(enc, name, effect)


def remove_effect(enc: Encounter, name: str, effect_name: str) -> Outcome:
    return fight_rules(enc.system).remove_effect(enc, name, effect_name)


def check(
    enc: Encounter,
    source: DiceSource,
    name: str,
    stat_or_skill: str,
    dc: int,
    advantages: int = 0,
    disadvantages: int = 0,
    bonus: int = 0,
) -> Outcome:
    """A stat or skill check against ``dc``; ``Outcome.passed`` says how it went."""
    return fight_rules(enc.system).check(
        enc, source, name, stat_or_skill, dc,
        advantages=advantages, disadvantages=disadvantages, bonus=bonus,
    )


def save(enc: Encounter, source: DiceSource, name: str, stat: str, modifier: int = 0) -> Outcome:
    return fight_rules(enc.system).save(enc, source, name, stat, modifier)


def spend_fatigue(enc: Encounter, source: DiceSource, name: str, ability: str) -> Outcome:
    """Buy a fatigue ability on one's own turn (rally rolls, hence the source)."""
    return fight_rules(enc.system).spend_fatigue(enc, source, name, ability)


def move(enc: Encounter, name: str, cells: int | Sequence[Cell]) -> Outcome:
    """Move a number of cells, or along a path of (x, y) cells."""
    return fight_rules(enc.system).move(enc, name, cells)


def rest(enc: Encounter, source: DiceSource, name: str, kind: str) -> Outcome:
    """A short or long rest, outside fights."""
    return fight_rules(enc.system).rest(enc, source, name, kind)


__all__ = [
    "ADD", "DEAD", "ENEMY", "FIGHT", "FIGHT_END", "IGNORE", "NEVER", "NEXT_TURN", "OK", "PARTY",
    "REFRESH", "REMOVED", "REPLACE", "REPLACE_DAMAGE", "ROUNDS", "ROUND_END", "ROUND_START",
    "TURNS", "TURN_END", "TURN_START", "UNCONSCIOUS", "UNTIL_ROUND",
    "Combatant", "Duration", "Effect", "EffectSpec", "Encounter", "Fight", "NotFound", "Outcome",
    "RuleError", "TurnState",
    "act", "add_effect", "attack", "available", "bleeding", "burning", "check", "damage",
    "describe", "encounter_from_doc", "encounter_to_doc", "end_fight", "find", "heal",
    "join_fight", "leave_fight", "lose_turns", "move", "next_turn", "parse_duration", "poison",
    "remove_effect", "rest", "save", "spend_fatigue", "start_fight", "stun",
]
