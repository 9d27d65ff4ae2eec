"""Operations every system's fight shares: effects, joining, ending a fight.

A system's rules object calls these and adds its own parts (which stats a
modifier may name, what ending a fight means for health).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.effects import Effect, EffectSpec, effect_record, stack
from rules.core.errors import RuleError
from rules.core.outcome import HpMax, Outcome, QuietWork, Work
from rules.core.state import DEAD, SIDES, UNCONSCIOUS, Combatant, Encounter, Fight, Status, find, find_effect
from rules.dice.datatypes import replace
from rules.i18n import _


def require_fight(work: Work) -> Fight:
    if work.fight is None:
        raise RuleError(_("no fight is running; start one first"))
    return work.fight


def add_effect(
    enc: Encounter, query: str, spec: EffectSpec, resolve_modifier: Callable[[str], str], hp_max: HpMax = None,
    *, quiet: bool = False,
) -> Outcome:
    """Give ``query`` the effect ``spec``; a same-named effect stacks by the
    new one's stacking policy.  ``resolve_modifier`` turns a typed stat name
    into its key (or raises NotFound).  ``quiet``: for a rule working inside a
    :class:`QuietWork`, which keeps no words and no records of what happened."""
    name = find(enc, query)
    work = (QuietWork if quiet else Work)(enc, hp_max=hp_max)
    bearer = work.get(name)
    new, old, result = put_effect(work, name, spec, resolve_modifier)
    event = {
        "kind": "effect_added",
        "target": name,
        "effect": result.name,
        "stacking": new.stacking if old is not None else "new",
        "stacks": result.stacks,
        "until": result.until,
    }
    if result.until_round:
        event["until_round"] = result.until_round
    return work.outcome(event, hidden=bearer.hidden)


def put_effect(work: Work, name: str, spec: EffectSpec,
               resolve_modifier: Callable[[str], str]) -> tuple[Effect, Effect | None, Effect]:
    """:func:`add_effect` inside ``work``, to the combatant of that exact name: for a rule that
    gives an effect as part of its own operation (a hit's bleeding), without a copy of the
    encounter and a second scratch pad.  Returns the new effect, the same-named one it stacked
    on (or None) and the effect the bearer now has."""
    bearer = work.get(name)
    if bearer.status == DEAD:
        raise RuleError(_("{name} is dead; effects on the dead do nothing").format(name=name))
    if spec.modifiers:
        modifiers = {resolve_modifier(key): value for key, value in spec.modifiers.items()}
        spec = replace(spec, modifiers=modifiers)
    fight = work.fight
    if fight is None:
        new = spec.effect_at(None, False)
    else:
        new = spec.effect_at(fight.round, fight.turn_ahead(name), acting_now=fight.acting(name))
    old = bearer.effect(new.name)
    if old is None:
        effects = bearer.effects + (new,)
        result = new
        if not work.quiet:  # a quiet work keeps no events: the record is not even made
            work.tell("effect_added", about=[name], name=name, effect=effect_record(new))
    else:
        result = stack(old, new)
        effects = tuple(result if e.key == old.key else e for e in bearer.effects)
        if not work.quiet:
            work.tell("effect_stacked", about=[name], name=name, old=old.name, stacking=new.stacking,
                      effect=effect_record(result))
    work.put(replace(bearer, effects=effects))
    return new, old, result


def remove_effect(enc: Encounter, query: str, effect_query: str, hp_max: HpMax = None) -> Outcome:
    name = find(enc, query)
    work = Work(enc, hp_max=hp_max)
    bearer = work.get(name)
    effect = find_effect(bearer, effect_query)
    work.put(replace(bearer, effects=tuple(e for e in bearer.effects if e.key != effect.key)))
    work.tell("effect_removed", about=[name], name=name, effect=effect.name)
    return work.outcome(
        {"kind": "effect_removed", "target": name, "effect": effect.name}, hidden=bearer.hidden
    )


def side_order_slot(fight: Fight, side: str, sides: dict[str, str]) -> int:
    """Where a newcomer of ``side`` goes: after the last of its side in the order."""
    return _side_slot(fight.order, side, sides)


def _side_slot(order: tuple[str, ...], side: str, sides: dict[str, str]) -> int:
    slots = [i for i, n in enumerate(order) if sides[n] == side]
    return slots[-1] + 1 if slots else len(order)


def join_fight(enc: Encounter, query: str, hp_max: HpMax = None) -> Outcome:
    """Put a combatant added during a fight into the order, after the last
    of its side [I]; it acts when that place comes round."""
    name = find(enc, query)
    work = Work(enc, hp_max=hp_max)
    fight = require_fight(work)
    if name in fight.order:
        raise RuleError(_("{name} is already in the fight").format(name=name))
    joiner = work.get(name)
    if joiner.status == DEAD:
        raise RuleError(_("{name} is dead and cannot join the fight").format(name=name))
    sides = {c.name: c.side for c in work.combatants.values()}
    slot = side_order_slot(fight, joiner.side, sides)
    order = fight.order[:slot] + (name,) + fight.order[slot:]
    index = fight.index + 1 if slot <= fight.index else fight.index
    # a round with delayed turns goes back to the initiative order next: the
    # newcomer has its place there too
    initiative = fight.initiative
    if initiative:
        at = _side_slot(initiative, joiner.side, sides)
        initiative = initiative[:at] + (name,) + initiative[at:]
    work.fight = replace(fight, order=order, index=index, initiative=initiative)
    work.tell("joined", about=[name], public=True, name=name, side=joiner.side, order=list(order))
    return work.outcome({"kind": "fight_join", "actor": name, "order": list(order)},
                        hidden=joiner.hidden)


def leave_fight(enc: Encounter, query: str, hp_max: HpMax = None) -> Outcome:
    """Take a combatant out of the order (fled, removed from the roster)."""
    name = find(enc, query)
    work = Work(enc, hp_max=hp_max)
    fight = require_fight(work)
    if name not in fight.order:
        raise RuleError(_("{name} is not in the fight").format(name=name))
    if name == fight.current:
        raise RuleError(_("it is {name}'s turn; end it first").format(name=name))
    slot = fight.order.index(name)
    order = tuple(n for n in fight.order if n != name)
    index = fight.index - 1 if slot < fight.index else fight.index
    groups = tuple(g for g in (tuple(n for n in group if n != name) for group in fight.groups) if len(g) > 1)
    work.fight = replace(
        fight, order=order, index=index, groups=groups,
        initiative=tuple(n for n in fight.initiative if n != name),
        delayed=tuple(t for t in fight.delayed if t.actor != name),
    )
    work.tell("left", about=[name], name=name)
    return work.outcome({"kind": "fight_leave", "actor": name}, hidden=work.get(name).hidden)


def standing(work: Work, side: str, status: Callable[[Combatant], Status]) -> list[str]:
    """Who of ``side`` in the fight's order still stands, by the system's own states (``status``:
    its rules object's): terra's Rage fights on, a twilight champion AT DEATH does not."""
    fight = require_fight(work)
    return [n for n in fight.order if work.get(n).side == side and status(work.get(n)).standing]


def decided(work: Work, status: Callable[[Combatant], Status]) -> str | None:
    """The side left standing when the other has nobody on its feet, else None."""
    fight = require_fight(work)
    # asked after every action: each side is looked at until one of its own stands
    up = set()
    for name in fight.order:
        c = work.get(name)
        if c.side not in up and status(c).standing:
            up.add(c.side)
            if len(up) == len(SIDES):
                return None
    return next((side for side in SIDES if side in up), None) if len(up) == 1 else None


def report_decided(work: Work, event: dict[str, Any], status: Callable[[Combatant], Status]) -> None:
    winner = decided(work, status)
    if winner is not None:
        loser = next(side for side in SIDES if side != winner)
        work.tell("decided", loser=loser, winner=winner)
        event["decided"] = winner


def end_fight(enc: Encounter, messages: Mapping[str, Any] | None = None, hp_max: HpMax = None, *,
              status: Callable[[Combatant], Status], quiet: bool = False) -> Outcome:
    """The fight is over: effects bound to its clock end, the order goes.

    Effects that last until removed stay (injuries, curses).  ``messages`` is
    the system's table, so its own words for the end are used.  ``quiet``: for a
    rule working inside a :class:`QuietWork` (its words would be thrown away).
    """
    work = (QuietWork if quiet else Work)(enc, messages, hp_max)
    fight = require_fight(work)
    ended = []
    for combatant in list(work.combatants.values()):
        lasting = tuple(e for e in combatant.effects if not e.ends_with_fight)
        for effect in combatant.effects:
            if effect.ends_with_fight:
                ended.append({"combatant": combatant.name, "effect": effect.name})
        if lasting != combatant.effects:
            work.put(replace(combatant, effects=lasting))
    down = [n for n in fight.order if work.get(n).status == UNCONSCIOUS]
    dead = [n for n in fight.order if work.get(n).status == DEAD]
    winner = decided(work, status)
    work.tell("fight_ended", rounds=fight.round, unconscious=down, dead=dead)
    if ended:
        work.tell("fight_effects_ended", about=[e["combatant"] for e in ended], ended=ended)
    work.fight = None
    event = {"kind": "fight_end", "rounds": fight.round, "unconscious": down, "dead": dead}
    if winner is not None:
        event["winner"] = winner
    if ended:
        event["ended"] = ended
    return work.outcome(event)


__all__ = [
    "add_effect", "decided", "end_fight", "join_fight", "leave_fight", "put_effect",
    "remove_effect", "report_decided", "require_fight", "side_order_slot", "standing",
]
