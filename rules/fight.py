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

from collections.abc import Mapping, Set
from typing import Any

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
    STRONGEST,
    TURN_END,
    TURN_START,
    TURNS,
    UNTIL_ROUND,
    Duration,
    Effect,
    EffectSpec,
    describe,
    lose_turns,
    parse_duration,
)
from rules.core.errors import NotFound, RuleError
from rules.core.names import closest, name_key
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
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems import system_odds, system_rules


def start_fight(enc: Encounter, source: DiceSource, **options: object) -> Outcome:
    """Open the fight by the system's rules (initiative, the first turn or round)."""
    return system_rules(enc.system).start(enc, source, **options)


def next_turn(enc: Encounter, source: DiceSource) -> Outcome:
    """The system's next step: the next turn, the round's resolution, or the next stage."""
    return system_rules(enc.system).step(enc, source)


def end_fight(enc: Encounter, source: DiceSource | None = None) -> Outcome:
    """End the fight: effects bound to it end; reports who is down or dead."""
    return system_rules(enc.system).end(enc, source)


def join_fight(enc: Encounter, name: str) -> Outcome:
    """Put a combatant added during a fight into the order."""
    return system_rules(enc.system).join(enc, name)


def perform(enc: Encounter, source: DiceSource | None, verb: str, **values: object) -> Outcome:
    """Play one of the system's declared actions with already converted values."""
    rules = system_rules(enc.system)
    action = rules.action(verb)
    if action is None:
        raise RuleError(_("{verb} is not an action of {system}").format(verb=verb, system=enc.system))
    return action.run(rules, enc, source, **values)


def action_odds(enc: Encounter, action: str, **values: object) -> Any:
    """The exact odds of one action of the session's system (``rules.odds.actions.ActionOdds``),
    from its ``odds`` module (``rules.systems.system_odds``), as ``ttcli odds`` asks them."""
    table = system_odds(enc.system)
    if action not in table:
        raise RuleError(_("{system} has no odds of {action}; it has: {actions}").format(
            system=enc.system, action=action, actions=", ".join(table) or "-"))
    return table[action](enc, **values)


def damage(enc: Encounter, name: str, n: int) -> Outcome:
    """The master deals ``n`` damage; allowed at any time."""
    return perform(enc, None, "damage", name=name, amount=n)


def heal(enc: Encounter, name: str, n: int) -> Outcome:
    """The master heals ``n``; allowed at any time."""
    return perform(enc, None, "heal", name=name, amount=n)


def add_effect(enc: Encounter, name: str, effect: EffectSpec) -> Outcome:
    """Give ``name`` an effect; the same name again stacks by its policy."""
    return system_rules(enc.system).add_effect(enc, name, effect)


def standing(enc: Encounter, side: str) -> list[str]:
    """Who of ``side`` is still on their feet by the system's own states (nobody when no fight runs)."""
    if enc.fight is None:
        return []
    rules = system_rules(enc.system)
    return [c.name for c in enc.combatants if c.side == side and rules.status(c).standing]


def asked_effect(system: str, name: str, typed: Set[str], *, duration: Duration | None, damage: int, dice: str | None,
                 heal: int, tick: str, stacking: str, skip_turn: bool, modifiers: Mapping[str, int],
                 custom: bool = False) -> EffectSpec:
    """The effect a master asks for: the system's preset when ``name`` is one, with every
    option the master typed (``typed``: their names) applied on top of it; else an effect of
    that name with the options as given.  An effect that deals or heals ticks as its
    bearer's turn starts unless told otherwise, and one that does neither does not tick;
    without a duration it lasts the fight [I].  A name close to a preset's is taken for a typo
    of it and refused with the preset offered, unless ``custom`` says it is the master's own
    [I].  Raises ValueError for options that do not fit."""
    words = system_rules(system).effect_presets
    presets = {name_key(k): v for k, v in words.items()}
    build = presets.get(name_key(name))
    if build is None and not custom:
        near = closest(name_key(name), {name_key(k): k for k in words}, 1)
        if near:
            shown = next(k for k in words if name_key(k) == near[0])
            raise ValueError(_("{name!r} is not an effect of this system; did you mean {preset!r}? (for an effect "
                               "of your own with this name add --custom)").format(name=name, preset=shown))
    if build is not None:
        turns = duration.count if duration is not None and duration.count else None
        spec = build(turns, damage or None)
        changes: dict[str, Any] = {
            "duration": duration if "duration" in typed else None,
            "damage": damage if "damage" in typed else None,
            "damage_dice": dice if "dice" in typed else None,
            "heal": heal if "heal" in typed else None,
            "tick": tick if "tick" in typed else None,
            "stacking": stacking if "stack" in typed else None,
            "skip_turn": skip_turn if "skip_turn" in typed else None,
            "modifiers": modifiers if "mod" in typed else None,
        }
        spec = replace(spec, **{k: v for k, v in changes.items() if v is not None})
        if spec.tick == NEVER and (spec.damage or spec.damage_dice or spec.heal):
            spec = replace(spec, tick=TURN_START)
        return spec
    if tick == NEVER and (damage or dice or heal):
        tick = TURN_START
    if not (damage or dice or heal) and tick == TURN_START and "tick" not in typed:
        tick = NEVER
    return EffectSpec(name, tick=tick, damage=damage, damage_dice=dice or "", heal=heal, stacking=stacking,
                      skip_turn=skip_turn, modifiers=modifiers, duration=duration or Duration(FIGHT))


def remove_effect(enc: Encounter, name: str, effect_name: str) -> Outcome:
    """Remove ``name``'s effect called ``effect_name``; a preset's name in either language
    removes it as added (``кровотечение`` removes the ``bleeding`` that ``bleeding`` added) [I]."""
    rules = system_rules(enc.system)
    try:
        return rules.remove_effect(enc, name, effect_name)
    except NotFound as missing:
        build = {name_key(k): v for k, v in rules.effect_presets.items()}.get(name_key(effect_name))
        stored = build(None, None).name if build is not None else effect_name
        if name_key(stored) == name_key(effect_name):
            raise
        try:
            return rules.remove_effect(enc, name, stored)
        except NotFound:
            raise missing from None


__all__ = [
    "ADD", "DEAD", "ENEMY", "FIGHT", "FIGHT_END", "IGNORE", "NEVER", "NEXT_TURN", "OK", "PARTY",
    "REFRESH", "REMOVED", "REPLACE", "REPLACE_DAMAGE", "ROUNDS", "ROUND_END", "ROUND_START", "STRONGEST",
    "TURNS", "TURN_END", "TURN_START", "UNCONSCIOUS", "UNTIL_ROUND",
    "Combatant", "Duration", "Effect", "EffectSpec", "Encounter", "Fight", "NotFound", "Outcome",
    "RuleError", "TurnState",
    "add_effect", "asked_effect", "damage", "perform",
    "describe", "encounter_from_doc", "encounter_to_doc", "end_fight", "find", "heal",
    "join_fight", "leave_fight", "lose_turns", "next_turn", "parse_duration",
    "remove_effect", "standing", "start_fight",
]
