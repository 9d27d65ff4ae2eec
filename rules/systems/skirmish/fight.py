"""A skirmish fight on the shared turn clock: initiative, turns, health, the end.

The attack across two posts (attack, answer, counterattack) is in
``attacks.py``; the other actions in ``manoeuvres.py``.  This module holds what
the clock asks of the system and what every action reads of a combatant;
``rules.py`` hands these functions to the clock as the system's hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.clock import ClockReport, open_rounds, proceed
from rules.core.common import end_fight, leave_fight, report_decided, require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Damage, Outcome, Work
from rules.core.state import DEAD, OK, PARTY, Combatant, Encounter, Fight, TurnState, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource, RandomSource
from rules.i18n import _
from rules.systems.skirmish import fightdata
from rules.systems.skirmish.breakage import after_fight, burning_item, roll_breakage
from rules.systems.skirmish.reading import base as base
from rules.systems.skirmish.reading import cannot_act as cannot_act
from rules.systems.skirmish.reading import resource as resource
from rules.systems.skirmish.reading import slots as slots
from rules.systems.skirmish.reading import stored_cover as stored_cover
from rules.systems.skirmish.reading import stunned as stunned
from rules.systems.skirmish.reading import total_def as total_def
from rules.systems.skirmish.reading import value as value
from rules.systems.skirmish.sheet import SHEET

if TYPE_CHECKING:
    from rules.systems.skirmish.rules import Skirmish


# --- reading a combatant (the readers live in reading.py, which the odds load alone) ----


def with_cover(c: Combatant, rating: int | None) -> Combatant:
    """``c`` in cover of ``rating``, or out of cover (None)."""
    data = dict(c.data)
    if rating is None:
        data.pop("cover", None)
    else:
        data["cover"] = rating
    return replace(c, data=data)


def joined(first: Outcome, second: Outcome) -> Outcome:
    """Two outcomes of one command as one: the second's encounter, both records."""
    return replace(
        second, dice=first.dice + second.dice, lines=first.lines + second.lines,
        public_lines=first.public_lines + second.public_lines, events=first.events + second.events,
        event={**second.event, **first.event}, passed=first.passed if first.passed is not None else second.passed,
        hidden=first.hidden or second.hidden,
    )


# --- what the shared clock asks ----------------------------------------------


def before_hurt(work: Work, name: str, damage: Damage) -> None:
    """What damage to ``name`` does before the shared rules take it off its HP."""
    c = work.get(name)
    if "hp" not in c.resources:
        work.put(c.with_resource("hp", resource(c, "hp")))
    if damage.amount > 0 and damage.kind != "strain" and work.fight is not None:
        # SK-BREAK-1: any damage taken (a bleeding's, a fire's, the master's) makes the armor roll;
        # HP paid for MP or st is no damage taken [I]
        work.fight = fightdata.with_listed(work.fight, "damaged", name, True)


def new_turn(work: Work, name: str) -> TurnState:
    """A turn of one attack; the free metres of SK-MOVE-1 come back with it."""
    fight = work.fight
    # nobody moved yet: most turns, a simulated fight's every turn
    if fight is not None and fight.data.get("moved") and fightdata.count(fight, "moved", name):
        moved = {k: v for k, v in fightdata.get(fight, "moved", {}).items() if k != name}
        work.fight = fightdata.put(fight, "moved", moved)
    return TurnState.fresh(name, 1)


def burn(work: Work, source: DiceSource, name: str) -> None:
    """SK-BURN-1: each burning turn, one burning item rolls for breakage."""
    named = fightdata.get(work.fight, "burning", {}).get(name) if work.fight is not None else None
    item = burning_item(work.get(name), named)
    if item is not None:
        roll_breakage(work, source, name, *item, why="burning")


def resolve_modifier(key: str) -> str:
    if key in ("def", "деф"):
        return "def"
    return SHEET.resolve(key)


# --- the fight --------------------------------------------------------------------


def _say_turn(work: Work) -> None:
    assert work.fight is not None
    if work.fight.turn is not None:
        name = work.fight.turn.actor
        if not work.quiet:
            work.tell("turn", about=[name], name=name)


def start(rules: Skirmish, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
    """Initiative [I] (the seed gives none): d20 + dexterity each, in roster
    order; the higher total acts first, a tie keeps the roster order."""
    work = rules.work(enc)
    if work.fight is not None:
        raise RuleError(_("a fight is already running (round {round}); end it before starting another")
                        .format(round=work.fight.round))
    alive = [c for c in work.combatants.values() if c.status != DEAD]
    sides = {c.side for c in alive}
    if len(sides) < 2:
        raise RuleError(_("a fight needs someone alive on each side"))
    rolls: list[dict[str, Any]] = []
    for c in alive:
        die = work.roll(source, 20, "initiative")
        dex = value(c, "dexterity", work.settings)
        rolls.append({"name": c.name, "die": die.face, "dexterity": dex, "total": die.face + dex})
    ranked = sorted(rolls, key=lambda r: -int(r["total"]))
    order = tuple(str(r["name"]) for r in ranked)
    work.tell("initiative", rolls=ranked)
    work.fight = Fight(round=1, order=order)
    report = ClockReport()
    open_rounds(work, source, rules, report)
    _say_turn(work)
    return work.outcome({"kind": "fight_start", "order": list(order), "actor": work.fight.current,
                         **report.event_parts()})


def step(rules: Skirmish, enc: Encounter, source: DiceSource) -> Outcome:
    """End the running turn and start the next; a new round takes back the
    counterattacks earned by dodges that were not used [I]."""
    work = rules.work(enc)
    fight = require_fight(work)
    previous, round_ = fight.current, fight.round
    report = ClockReport()
    proceed(work, source, rules, report)
    assert work.fight is not None
    if work.fight.round != round_ and fightdata.get(work.fight, "dodged", {}):
        work.fight = fightdata.put(work.fight, "dodged", {})
    _say_turn(work)
    actor = work.fight.current
    event: dict[str, Any] = {"kind": "turn", "round": work.fight.round, "previous": previous, "actor": actor,
                             **report.event_parts()}
    report_decided(work, event, rules.status)
    return release_runners(rules, work.outcome(event, hidden=actor is not None and work.get(actor).hidden))


def end(rules: Skirmish, enc: Encounter, source: DiceSource | None = None) -> Outcome:
    """SK-BREAK-1: breakage rolls for the players' gear, then the fight ends."""
    work = rules.work(enc)
    fight = require_fight(work)
    for attack in fightdata.pending(fight):
        work.tell("pending_dropped", about=[attack["attacker"], attack["target"]],
                  attacker=attack["attacker"], target=attack["target"])
    rolled = after_fight(work, source if source is not None else RandomSource())
    ended = end_fight(work.encounter(), hp_max=rules.hp_max, status=rules.status, quiet=work.quiet)
    return joined(work.outcome({"breakage": rolled} if rolled else {}), ended)


# --- helpers the actions share ---------------------------------------------------------


def release_runners(rules: Skirmish, out: Outcome) -> Outcome:
    """SK-FLEE-1: a runner who escaped leaves the order once no attack waits
    on it (the chaser's) and its own turn is over [I]; one the chaser's attack
    brought down stays where it fell."""
    fight = out.encounter.fight
    if fight is None or not fightdata.get(fight, "fled", []):
        return out
    waiting = {p["target"] for p in fightdata.pending(fight)}
    for name in fightdata.listed(fight, "fled"):
        if name in waiting or name == fight.current:
            continue
        work = rules.work(out.encounter)
        fight = fightdata.with_listed(require_fight(work), "fled", name, False)
        # a counterattack the runner earned goes with it
        work.fight = fightdata.put(fight, "dodged", {k: v for k, v in fightdata.get(fight, "dodged", {}).items()
                                                     if name not in (k, v)})
        if work.get(name).status != OK:
            work.tell("caught", about=[name], name=name)
            out = joined(out, work.outcome({}))
        else:
            released = work.outcome({})
            out = joined(out, joined(released, leave_fight(released.encounter, name, rules.hp_max)))
    return out


def fighter(work: Work, query: str) -> str:
    """A combatant in the running fight, alive."""
    fight = require_fight(work)
    # an exact name is itself; only a typed one needs the encounter to be matched in
    name = query if query in work.combatants else find(work.encounter(), query)
    if name not in fight.order:
        raise RuleError(_("{name} is not in the fight").format(name=name))
    if work.get(name).status == DEAD:
        raise RuleError(_("{name} is dead").format(name=name))
    return name


def party(c: Combatant) -> bool:
    return c.side == PARTY
