"""Terra's fights: initiative and synchronization, phases of 6 AP turns, the AP
a turn spends, the end of a fight.

The fight runs on the core's turn clock (``rules.core.clock``): a phase is a
round, equal initiative is a group sharing one place (TT-INIT-2), a delay
puts the turn at the end of the phase (TT-DELAY-1), a counter attack is an
action out of turn (TT-COUNTER-1).  The synchronization phase is the stage
``sync`` before phase 1 (TT-SYNC-1).  AP live in the turn's budget
(``TurnState.actions``/``spent``), the one combat action in ``used``.
Damage into HP and SP is in ``hits.py``, the rhesus states in ``health.py``,
counter attacks in ``counters.py``, movement on the grid in ``positions.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.clock import ClockReport, end_turn, land, open_rounds, proceed, take_turn
from rules.core.common import end_fight, report_decided, require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import DEAD, ENEMY, PARTY, Combatant, Encounter, Fight, TurnState
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.terra import health
from rules.systems.terra.initiative import roll_initiative
from rules.systems.terra.reading import blood_group as blood_group
from rules.systems.terra.sheet import SHEET
from rules.systems.terra.techniques import drop_copies

if TYPE_CHECKING:
    from rules.systems.terra.rules import Terra

TURN_AP = 6  # TT-AP-1
SYNC_AP = 5  # TT-SYNC-1
SYNC = "sync"
COMBAT = "combat"  # the mark of the turn's one combat action (TT-AP-2)
COMBINED = "combined"  # the mark of a turn whose combat action was a combined one (TT-COMBINED-1)
ATTACK_AP = 3  # [I] the text prices no weapon Attack; as an unarmed one with a free hand
AURA_AP = 5  # TT-SIGN-1

#: TT-SIGN-2: chance of a technique missing near Близнецы
GEMINI_MISS = {5: 20, 10: 50}
#: what a combatant keeps from one fight to the next (the rest of its data is the fight's)
KEPT = ("cell", "trance_used", "techniques", "worn")
#: per-phase marks, cleared as a phase begins: counter attacks made, techniques used
PHASE_MARKS = ("countered", "cast")
#: fight data: each Лев who gave an ally this turn's guaranteed defensive win (TT-SIGN-2), cleared as a turn starts
LION_USED = "lion"


def new_turn(work: Work, name: str) -> TurnState:
    c = work.get(name)
    status, data = health.turn_starts(c)
    if (status, data) != (c.status, dict(c.data)):
        work.put(replace(c, status=status, data=data))
        if status != c.status:
            work.tell("state_released", about=[name], name=name, was=c.status, now=status)
    fight = work.fight
    if fight is not None and LION_USED in fight.data:
        fight = work.fight = replace(fight, data={k: v for k, v in fight.data.items() if k != LION_USED})
    ap = SYNC_AP if fight is not None and fight.stage == SYNC else TURN_AP
    return TurnState(name, actions=ap)


def start(rules: Terra, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
    work = rules.work(enc)
    if work.fight is not None:
        raise RuleError(_("a fight is already running; end it first"))
    present = [c for c in enc.combatants if c.status != DEAD]
    if not any(c.side == PARTY for c in present) or not any(c.side == ENEMY for c in present):
        raise RuleError(_("a fight needs someone alive on each side"))
    rolled = roll_initiative(present, source)
    work.add_dice(rolled.dice)
    work.tell("initiative", rolls=rolled.rolls, ties=rolled.ties or None, order=list(rolled.order))
    skip = bool(options.get("no_sync")) or bool(enc.settings.get("skip_sync", False))
    # everyone starts the fight with full MP (TT-MP-1) and no marks of an earlier one
    weapon_mana = bool(enc.settings.get("weapon_mana", False))
    for c in present:
        cap = SHEET.resource_caps(c.stats).get("mp")
        if weapon_mana and cap is not None and not _carries_mana(c):
            cap = 0  # TT-MP-2: no MP of one's own, only a weapon's with a Mana technique
        data = {k: v for k, v in c.data.items() if k in KEPT}
        work.put(replace(c.with_resource("mp", cap) if cap is not None else c, data=data))
    base = {"initiative": list(rolled.order), "groups": [list(g) for g in rolled.groups]}
    if rolled.synced and not skip:
        synced = tuple(rolled.synced)
        work.fight = Fight(order=synced, groups=(synced,) if len(synced) > 1 else (), stage=SYNC,
                           data=base)
        work.tell("sync_phase", names=list(synced))
        if len(synced) == 1:
            land(work, source, rules, 0, ClockReport())
        else:
            work.tell("place_open", names=list(synced))
    else:
        if rolled.synced:
            work.tell("sync_skipped", names=list(rolled.synced))
        work.fight = Fight(data=base)
        normal_combat(rules, work, source)
    return work.outcome({"kind": "fight_start", "order": list(rolled.order),
                         "synced": list(rolled.synced), "sync_phase": bool(rolled.synced and not skip)})


def normal_combat(rules: Terra, work: Work, source: DiceSource) -> None:
    """Phase 1 begins in initiative order (after the sync phase, if any)."""
    assert work.fight is not None
    data = dict(work.fight.data)
    last = [n for n in data.get("last", []) if n in work.combatants]
    order = [n for n in data["initiative"] if n not in last and work.get(n).status != DEAD] + last
    groups = tuple(g for g in (tuple(n for n in grp if n in order and n not in last)
                               for grp in data["groups"]) if len(g) > 1)
    for mark in PHASE_MARKS:
        data.pop(mark, None)
    work.fight = Fight(round=1, order=tuple(order), groups=groups, data=data)
    open_rounds(work, source, rules, ClockReport())


def step(rules: Terra, enc: Encounter, source: DiceSource) -> Outcome:
    work = rules.work(enc)
    fight = require_fight(work)
    before = fight.round
    if fight.turn is not None:
        _turn_ends(work, fight.turn.actor)
    fight = require_fight(work)
    if fight.stage == SYNC and (fight.turn is not None or len(fight.order) == 1) \
            and fight.index == len(fight.order) - 1:
        end_turn(work, source, rules, ClockReport())
        work.tell("sync_ends")
        normal_combat(rules, work, source)
    else:
        proceed(work, source, rules, ClockReport())
        if require_fight(work).round != before:
            data = dict(require_fight(work).data)
            for mark in PHASE_MARKS:
                data.pop(mark, None)
            work.fight = replace(require_fight(work), data=data)
    event: dict[str, Any] = {"kind": "turn", "round": require_fight(work).round}
    current = require_fight(work).turn
    if current is not None:
        event["actor"] = current.actor
        work.tell("turn_starts", about=[current.actor], name=current.actor, ap=current.actions,
                  round=require_fight(work).round, sync=require_fight(work).stage == SYNC or None)
    if require_fight(work).stage != SYNC:  # the sync phase's order holds only the synchronized
        report_decided(work, event, rules.status)
    return work.outcome(event)


def _turn_ends(work: Work, name: str) -> None:
    """A turn of ``name`` ends: unspent AP burn (TT-AP-1); a trance counts its turns."""
    c = work.get(name)
    fight = require_fight(work)
    assert fight.turn is not None
    left = fight.turn.remaining
    if left > 0:
        work.tell("ap_burn", about=[name], name=name, ap=left)
    trance = c.data.get("trance")
    if trance:
        turns = int(trance["turns"]) - 1
        data = dict(c.data)
        if turns <= 0:
            data.pop("trance")
            work.tell("trance_ends", about=[name], name=name)
        else:
            data["trance"] = {"uses": trance["uses"], "turns": turns}
        work.put(replace(c, data=data))


def end(rules: Terra, enc: Encounter, source: DiceSource | None = None) -> Outcome:
    """TT-END-1: -6 HP or lower is death, 0 or lower fainting; the fight's marks go."""
    work = rules.work(enc)
    require_fight(work)
    for c in list(work.combatants.values()):
        status = health.after_fight(c)
        data, copies = drop_copies({k: v for k, v in c.data.items() if k in KEPT})
        if c.data.get("lured"):  # TT-SIGN-2 [I]: a monster lured by Весы is theirs for this fight
            c = replace(c, side=str(c.data["lured"]))
        if c.data.get("temp_sp"):  # TT-SYNC-3 [I]: the temporary SP lasts for this fight
            c = c.with_resource("sp", c.resources.get("sp", 0) - int(c.data["temp_sp"]))
        if status != c.status or data != dict(c.data):
            work.put(replace(c, status=status, data=data))
            if status != c.status:
                work.tell("after_fight", about=[c.name], name=c.name, status=status,
                          hp=c.resources.get("hp", 0))
        for gone in copies:  # TT-SIGN-1 [I]: a copy is the copier's for the fight it was made in
            work.tell("copy_lost", about=[c.name], name=c.name, technique=gone)
    ended = end_fight(work.encounter(), rules.messages, rules.hp_max, status=rules.status)
    return replace(ended, lines=tuple(work_lines(work)) + ended.lines,
                   public_lines=tuple(work_lines(work, public=True)) + ended.public_lines,
                   events=tuple(work.events) + ended.events)


# --- the turn's AP, for the actions ------------------------------------------------------


def turn_for(rules: Terra, work: Work, source: DiceSource | None, name: str, verb: str,
             rule: str = "TT-AP-1") -> TurnState | None:
    """The running turn of ``name`` (claimed at an open place), None outside fights."""
    if work.fight is None:
        return None
    return take_turn(work, source or _NoDice(), rules, name, ClockReport(), verb=verb, rule=rule)


def spend(work: Work, turn: TurnState | None, ap: int, *, combat: bool = False,
          mark: str = "", moved: int = 0, combined: bool = False) -> int | None:
    """Pay ``ap`` of the running turn; refuse more than is left or a second
    combat action (TT-AP-1, TT-AP-2).  Returns the AP left (None outside fights).

    ``combined``: the second technique of a combined action, part of the same
    combat action (TT-COMBINED-1).  Anything else spent closes the chance of one."""
    if turn is None:
        return None
    if ap > turn.remaining:
        raise RuleError(_("{name} has {left} AP left this turn, {cost} needed").format(
            name=turn.actor, left=turn.remaining, cost=ap), rule="TT-AP-1")
    if combat and COMBAT in turn.used and not combined:
        raise RuleError(_("{name} has made its combat action this turn: one attack, ability or "
                          "magic a turn").format(name=turn.actor), rule="TT-AP-2")
    used = turn.used + tuple(m for m in ((COMBAT if combat else ""), mark) if m and m not in turn.used)
    data = dict(turn.data)
    data.pop("combo", None)
    if moved:
        data["moved"] = int(data.get("moved", 0)) + moved
    new = replace(turn, spent=turn.spent + ap, used=used, data=data)
    fight = require_fight(work)
    work.fight = replace(fight, turn=new)
    return new.remaining


def _carries_mana(c: Combatant) -> bool:
    """TT-MP-2: the equipped weapon holds a technique of the Mana aspect."""
    return any(t.get("weapon") and t.get("aspect") == "mana" for t in dict(c.data.get("techniques", {})).values())


def in_fight(fight: Fight) -> set[str]:
    """Everyone taking part, the synchronization phase included (its order holds only the synchronized)."""
    return {*fight.order, *fight.data.get("initiative", ())}


class _NoDice:
    """Actions that roll nothing still pass the clock a source; drawing from it is a bug."""

    def draw(self, sides: int) -> Any:
        raise AssertionError("this action rolls no dice")


def work_lines(work: Work, public: bool = False) -> list[str]:
    out = work.outcome({})
    return list(out.public_lines if public else out.lines)
