"""The dungeon's actions beyond attacking and moving, played on the encounter.

Lying down and standing up (DG-PRONE-1), knocking down (DG-KNOCK-1), pushing
and the other listed actions (DG-ACT-2), where a combatant stands
(DG-RANGE-1), the party's agreed order (DG-INIT-1) and the medical kit at a
rest (DG-INJ-2).  The arithmetic is in ``actions``, ``positions``,
``turns`` and ``health``; these functions decide who may do it now, spend
the action and record the events, and ``rules.py`` makes the actions
methods of the dungeon's rules object.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.core.effects import NEVER, Effect
from rules.core.errors import NotFound, RuleError, UnknownNameError
from rules.core.outcome import Outcome, Work
from rules.core.state import DEAD, ENEMY, OK, PARTY, Combatant, Encounter, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.dungeon import fightdata
from rules.systems.dungeon import mechanics as dg
from rules.systems.dungeon.acting import budget_of, set_turn, turn_of
from rules.systems.dungeon.situations import MELEE, RANGED
from rules.systems.dungeon.values import base_values, value

if TYPE_CHECKING:
    from rules.systems.dungeon.rules import Dungeon

#: (status, dropping prone?) -> why the posture cannot change (DG-DEATH-1)
_CANNOT = {("dead", True): N_("{name} is dead and cannot act"),
           ("dead", False): N_("{name} is dead and cannot stand up"),
           ("unconscious", True): N_("{name} is unconscious and cannot act"),
           ("unconscious", False): N_("{name} is unconscious and cannot stand up")}

#: words in an effect's name or note that keep a medical kit off it (a lost limb) [I]
UNTREATABLE_WORDS = ("untreatable", "не лечится", "неизлечимо", "неизлечимая")


def is_injury(effect: Effect) -> bool:
    """DG-INJ-1/2: an injury is a lasting effect: it runs until removed and does
    not tick (a bleeding or a poison counts down and is not an injury) [I]."""
    return effect.until == NEVER and effect.tick == NEVER


def as_injury(effect: Effect) -> dg.Injury:
    note = f"{effect.name} {effect.note}".casefold()
    return dg.Injury(effect.name, duration=effect.note or None, modifiers=dict(effect.modifiers),
                     treatable=not any(word in note for word in UNTREATABLE_WORDS))


# --- lying down and standing up (DG-PRONE-1) ------------------------------------------


def posture(rules: Dungeon, enc: Encounter, name: str, *, prone: bool) -> Outcome:
    """Drop prone or stand up: one action in a fight; outside a fight the
    master just sets it (lying in ambush before the first round) [I]."""
    work = rules.work(enc)
    n = find(enc, name)
    c = work.get(n)
    if c.status == DEAD or (not prone and c.status != OK):
        raise RuleError(_(_CANNOT[c.status, prone]).format(name=n), rule="DG-DEATH-1")
    change = dg.drop_prone(fightdata.prone(c)) if prone else dg.stand_up(fightdata.prone(c))
    actions = None
    if work.fight is not None:
        turn = turn_of(work, n)
        budget = budget_of(turn).spend(change.actions)
        actions = set_turn(work, turn, budget, turn.used).remaining
    work.put(fightdata.with_data(work.get(n), prone=change.prone_after))
    work.tell("posture", about=[n], name=n, prone=change.prone_after, actions=actions, rule="DG-PRONE-1")
    return work.outcome({"kind": "prone" if prone else "stand", "actor": n, "prone": change.prone_after},
                        hidden=c.hidden)


# --- knocking down (DG-KNOCK-1) -------------------------------------------------------


def knock(rules: Dungeon, enc: Encounter, source: DiceSource, attacker: str, target: str, *,
          save: bool = False) -> Outcome:
    """One action: opposed d20 + ТЕЛО (or the target's save with ``save``);
    the fallen target is prone (DG-PRONE-1).  With both on the grid the
    target must be within melee reach [I]."""
    work = rules.work(enc)
    a, t = find(enc, attacker), find(enc, target)
    turn = turn_of(work, a)
    if a == t:
        raise RuleError(_("{attacker} cannot knock itself down; drop prone instead").format(
            attacker=a), rule="DG-KNOCK-1")
    ac, tc = work.get(a), work.get(t)
    if tc.status == DEAD:
        raise RuleError(_("{target} is dead; there is nobody to knock down").format(target=t), rule="DG-DEATH-1")
    if fightdata.prone(tc):
        raise RuleError(_("{target} is already prone; there is nothing to knock down").format(
            target=t), rule="DG-KNOCK-1")
    require_reach(ac, tc, MELEE)
    budget = budget_of(turn).spend()

    out = dg.knock_down(source, value(ac, "body"), value(tc, "body"),
                        resist=dg.SAVE if save else dg.OPPOSED)
    work.add_dice(out.dice)
    if out.knocked_down:
        work.put(fightdata.with_data(tc, prone=True))
    turn = set_turn(work, turn, budget, turn.used)
    work.tell("knock", about=[a, t], attacker=a, target=t, resist=out.resist,
              attacker_die=out.attacker_die.face if out.attacker_die else None,
              target_die=out.target_die.face, attacker_total=out.attacker_total,
              target_total=out.target_total, knocked_down=out.knocked_down, actions=turn.remaining,
              rule="DG-KNOCK-1")
    # like an attack, a failed knock-down is no failed command (exit 0)
    return work.outcome({"kind": "knock", "actor": a, "target": t, "knocked_down": out.knocked_down},
                        hidden=ac.hidden)


# --- pushing (DG-ACT-2) ---------------------------------------------------------------


def push(rules: Dungeon, enc: Encounter, pusher: str, target: str) -> Outcome:
    """One action.  With both on the grid the target moves one cell straight
    away, refused into a taken cell; without cells the push is the master's
    to narrate [I]."""
    work = rules.work(enc)
    p, t = find(enc, pusher), find(enc, target)
    turn = turn_of(work, p)
    if p == t:
        raise RuleError(_("{pusher} cannot push itself").format(pusher=p), rule="DG-ACT-2")
    pc, tc = work.get(p), work.get(t)
    if tc.status == DEAD:
        raise RuleError(_("{target} is dead; move the body as a narrative act instead").format(
            target=t), rule="DG-ACT-2")
    here, there = fightdata.cell(pc), fightdata.cell(tc)
    moved = None
    if here is not None and there is not None:
        # the dead do not stop a push [I]: a body can be stepped over
        spots = (fightdata.cell(c) for c in work.combatants.values()
                 if c.name not in (p, t) and c.status != DEAD)
        taken = [spot for spot in spots if spot is not None]
        moved = dg.push(here, there, blocked=taken)
    budget = budget_of(turn).spend()
    if moved is not None:
        work.put(fightdata.with_data(tc, cell=moved.target_after))
    turn = set_turn(work, turn, budget, turn.used)
    work.tell("push", about=[p, t], pusher=p, target=t,
              cell_before=list(moved.target_before) if moved else None,
              cell_after=list(moved.target_after) if moved else None, actions=turn.remaining,
              rule="DG-ACT-2")
    event: dict[str, Any] = {"kind": "push", "actor": p, "target": t}
    if moved is not None:
        event["cell"] = list(moved.target_after)
    return work.outcome(event, hidden=pc.hidden)


# --- where a combatant stands (DG-RANGE-1) --------------------------------------------


def place(rules: Dungeon, enc: Encounter, name: str, cell: Sequence[tuple[int, int]] | None) -> Outcome:
    """The master puts a combatant on a cell (or off the grid): no action, any time."""
    work = rules.work(enc)
    n = find(enc, name)
    if cell is not None and len(cell) != 1:
        raise ValueError(_('give one cell, e.g. place Вор "2,3"'))
    spot = (cell[0][0], cell[0][1]) if cell else None
    if spot is not None:
        for other in work.combatants.values():
            if other.name != n and other.status != DEAD and fightdata.cell(other) == spot:
                raise RuleError(_("{name} already stands on {cell}").format(
                    name=other.name, cell=f"{spot[0]},{spot[1]}"))
    work.put(fightdata.with_data(work.get(n), cell=spot))
    work.tell("placed", about=[n], name=n, cell=list(spot) if spot else None)
    return work.outcome({"kind": "place", "target": n, "cell": list(spot) if spot else None},
                        hidden=work.get(n).hidden)


def require_reach(attacker: Combatant, target: Combatant, kind: str) -> dg.RangeCheck | None:
    """DG-RANGE-1 when both stand on the grid; None when either is off it."""
    here, there = fightdata.cell(attacker), fightdata.cell(target)
    if here is None or there is None:
        return None

    reach = base_values(attacker).get("weapon_range") if kind == RANGED else None
    return dg.require_in_range(kind, here, there, weapon_range=reach)


def moved_to(work: Work, name: str, path: Sequence[tuple[int, int]]) -> None:
    """A move along ``path`` ends on its last cell; a known start must match."""
    c = work.get(name)
    start = fightdata.cell(c)
    if start is not None and tuple(path[0]) != start:
        raise RuleError(_("{name} stands on {cell}; start the path there").format(
            name=name, cell=f"{start[0]},{start[1]}"), rule="DG-MOVE-1")
    end = tuple(path[-1])
    for other in work.combatants.values():
        if other.name != name and other.status != DEAD and fightdata.cell(other) == end:
            raise RuleError(_("{name} stands on {cell}; end the move elsewhere").format(
                name=other.name, cell=f"{end[0]},{end[1]}"), rule="DG-MOVE-1")
    work.put(fightdata.with_data(c, cell=end))


# --- the party's agreed order (DG-INIT-1) ---------------------------------------------


def party_order(rules: Dungeon, enc: Encounter, names: Sequence[str]) -> Outcome:
    """The party acts in the order the players agreed; members left out follow
    by РЕАК.  Kept on the party's own data (``place``), so it holds before the
    fight, through it and for the next one [I].  In a running fight the
    party's places are refilled at once when none of them has acted this
    round or all have; otherwise as soon as the party's last turn of the
    round ends, so nobody acts twice in a round or loses a turn [I]."""
    work = rules.work(enc)

    alive = [c for c in work.combatants.values() if c.status != DEAD]
    party = [c.name for c in sorted((c for c in alive if c.side == PARTY),
                                    key=lambda c: -value(c, "reaction"))]
    enemies = [c.name for c in work.combatants.values() if c.side == ENEMY]
    chosen = dg.agreed_party_order(party, list(names), enemies=enemies)
    for c in list(work.combatants.values()):
        if c.side == PARTY:
            at = chosen.named.index(c.name) + 1 if c.name in chosen.named else None
            work.put(fightdata.with_data(c, place=at))
    now = None
    order = list(chosen.order)
    if work.fight is not None:
        now = apply_party_order(work, acting=True)
        order = [n for n in work.fight.order if work.get(n).side == PARTY] if now else order
    work.tell("party_order", order=order, named=list(chosen.named), now=now, rule="DG-INIT-1")
    return work.outcome({"kind": "party_order", "order": order, "now": now})


def agreed(combatants: Sequence[Combatant], by_reaction: Sequence[str]) -> list[str]:
    """Party names: those with an agreed place first, in it, then the rest as given."""
    places = {c.name: fightdata.place(c) for c in combatants}
    named = sorted((n for n, at in places.items() if at is not None), key=lambda n: places[n] or 0)
    return named + [n for n in by_reaction if n not in named]


def apply_party_order(work: Work, *, acting: bool) -> bool:
    """Refill the party's places of the running fight in the agreed order,
    when that changes nothing of the round already played; True when the
    fight's order is as agreed now."""
    fight = work.fight
    assert fight is not None
    slots = [i for i, n in enumerate(fight.order) if work.get(n).side == PARTY]
    present = [fight.order[i] for i in slots]
    wanted = agreed([work.get(n) for n in present], present)
    if wanted == present:
        return True
    # ``acting``: the turn at ``index`` is still running, so it has not ended yet
    done = [i for i in slots if i < fight.index or (i == fight.index and not acting)]
    running = acting and fight.index in slots
    if running or (done and len(done) != len(slots)):
        return False
    order = list(fight.order)
    for i, name in zip(slots, wanted, strict=True):
        order[i] = name
    work.fight = replace(fight, order=tuple(order))
    return True


# --- the medical kit (DG-INJ-2) -------------------------------------------------------


def treat(work: Work, name: str) -> None:
    """Remove the injuries a medical kit treats, the kit used up."""
    c = work.get(name)
    injuries = [e for e in c.effects if is_injury(e)]
    treated = dg.treat_injuries([as_injury(e) for e in injuries], fightdata.inventory(c))
    gone = {i.name for i in treated.removed}
    work.put(replace(fightdata.with_data(c, inventory=treated.inventory_after.to_toml()),
                     effects=tuple(e for e in c.effects if not (is_injury(e) and e.name in gone))))
    work.tell("treated", about=[name], name=name, kit=treated.kit,
              removed=[i.name for i in treated.removed], kept=[i.name for i in treated.kept],
              rule="DG-INJ-2")


# --- naming a listed action (DG-ACT-2) ------------------------------------------------


def listed_action(what: str) -> dg.ListedAction | None:
    try:
        return dg.find_action(what)
    except (UnknownNameError, NotFound):
        return None


__all__ = [
    "UNTREATABLE_WORDS", "agreed", "apply_party_order", "as_injury", "is_injury", "knock", "listed_action",
    "moved_to", "party_order", "place", "posture", "push", "require_reach", "treat",
]
