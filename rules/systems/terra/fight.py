"""Terra's fights: initiative and synchronization, phases of 6 AP turns, damage
into HP and SP, the rhesus states, counter attacks.

The fight runs on the core's turn clock (``rules.core.clock``): a phase is a
round, equal initiative is a group sharing one place (TT-INIT-2), a delay
puts the turn at the end of the phase (TT-DELAY-1), a counter attack is an
action out of turn (TT-COUNTER-1).  The synchronization phase is the stage
``sync`` before phase 1 (TT-SYNC-1).  AP live in the turn's budget
(``TurnState.actions``/``spent``), the one combat action in ``used``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.clock import ClockReport, end_turn, land, open_rounds, proceed, take_turn
from rules.core.common import end_fight, report_decided, require_fight
from rules.core.contract import SystemRules
from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.outcome import Damage, HealthChange, Outcome, Work
from rules.core.state import DEAD, ENEMY, PARTY, Combatant, Encounter, Fight, Status, TurnState
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.terra import damage as dmg
from rules.systems.terra import health
from rules.systems.terra.data import DECODERS
from rules.systems.terra.formula import Check, Formula, FormulaRoll, roll_formula
from rules.systems.terra.grid import Cell, check_path, distance, shortest_path
from rules.systems.terra.sheet import SHEET

TURN_AP = 6  # TT-AP-1
SYNC_AP = 5  # TT-SYNC-1
SYNC = "sync"
COMBAT = "combat"  # the mark of the turn's one combat action (TT-AP-2)
COMBINED = "combined"  # the mark of a turn whose combat action was a combined one (TT-COMBINED-1)
ATTACK_AP = 3  # [I] the text prices no weapon Attack; as an unarmed one with a free hand
AURA_AP = 5  # TT-SIGN-1
TRANCE_USES = TRANCE_TURNS = 3  # TT-TRANCE-1

#: TT-SIGN-1: chance by sign level (1, 5, 10) of Рыбы dodging physical damage
PISCES_DODGE = {1: 20, 5: 50}
#: TT-SIGN-2: chance of a technique missing near Близнецы
GEMINI_MISS = {5: 20, 10: 50}
#: what a combatant keeps from one fight to the next (the rest of its data is the fight's)
KEPT = ("cell", "trance_used", "techniques", "worn")
#: per-phase marks, cleared as a phase begins: counter attacks made, techniques used
PHASE_MARKS = ("countered", "cast")


def _by_level(table: dict[int, int], level: int) -> int:
    """Powers are cumulative by sign level: L7 uses the L5 value (TT-SIGN-1 [I])."""
    reached = [lvl for lvl in table if lvl <= level]
    return table[max(reached)] if reached else 0


def _int(c: Combatant, key: str, default: int = 0) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def cell_of(c: Combatant) -> Cell | None:
    raw = c.data.get("cell")
    return (int(raw[0]), int(raw[1])) if raw else None


def blood_group(c: Combatant) -> int | None:
    value = c.stats.get("blood_group")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


#: why a combatant loses its turn, by state
_CANNOT_ACT = {
    health.SHOCK: N_("is in Shock"), health.DOWN: N_("is down (HP -6 or lower)"),
    "unconscious": N_("is unconscious"), DEAD: N_("is dead"),
}


class TerraFight(SystemRules):
    """The fight rules; ``rules.py`` adds the declared actions."""

    sheet = SHEET

    decode_combatant_data = staticmethod(DECODERS.decode_combatant_data)
    decode_fight_data = staticmethod(DECODERS.decode_fight_data)
    decode_turn_data = staticmethod(DECODERS.decode_turn_data)

    # --- who is who ----------------------------------------------------------------

    def status(self, combatant: Combatant) -> Status:
        known = health.STATUSES.get(combatant.status)  # asked of everyone at every moment of a round
        return known if known is not None else Status(combatant.status)

    def cannot_act(self, combatant: Combatant) -> str | None:
        state = self.status(combatant)
        if state.can_act:
            return None
        return _(_CANNOT_ACT[state.label]) if state.label in _CANNOT_ACT else state.label

    def resolve_modifier(self, key: str) -> str:
        from rules.core.errors import NotFound
        from rules.core.sheet import UnknownStat

        try:
            return SHEET.resolve(key)
        except UnknownStat as err:
            raise NotFound(N_("stat to modify"), key, err.suggestions) from None

    # --- health --------------------------------------------------------------------

    def hurt(self, work: Work, name: str, damage: Damage) -> HealthChange:
        c = work.get(name)
        before = c.resources.get("hp", 0)
        after = before - damage.amount
        if c.data.get("trance") and work.fight is not None:
            after = max(after, min(before, 1))  # TT-TRANCE-1: HP cannot fall below 1
        status, data = health.settle(c, after, work.fight is not None)
        work.put(replace(c.with_resource("hp", after), status=status, data=data))
        return HealthChange(name, damage.amount, before, after, c.status, status)

    def mend(self, work: Work, name: str, amount: int) -> HealthChange:
        c = work.get(name)
        before = c.resources.get("hp", 0)
        if c.status == DEAD:
            return HealthChange(name, amount, before, before, DEAD, DEAD)
        cap = self.hp_max(c)
        after = before + amount if cap is None else max(before, min(cap, before + amount))
        status, data = health.settle(c, after, work.fight is not None)
        work.put(replace(c.with_resource("hp", after), status=status, data=data))
        return HealthChange(name, amount, before, after, c.status, status)

    def new_turn(self, work: Work, name: str) -> TurnState:
        c = work.get(name)
        status, data = health.turn_starts(c)
        if (status, data) != (c.status, dict(c.data)):
            work.put(replace(c, status=status, data=data))
            if status != c.status:
                work.tell("state_released", about=[name], name=name, was=c.status, now=status)
        fight = work.fight
        ap = SYNC_AP if fight is not None and fight.stage == SYNC else TURN_AP
        return TurnState(name, actions=ap)

    # --- the fight -------------------------------------------------------------------

    def start(self, enc: Encounter, source: DiceSource, **options: Any) -> Outcome:
        from rules.systems.terra.initiative import roll_initiative

        work = self.work(enc)
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
                land(work, source, self, 0, ClockReport())
            else:
                work.tell("place_open", names=list(synced))
        else:
            if rolled.synced:
                work.tell("sync_skipped", names=list(rolled.synced))
            work.fight = Fight(data=base)
            self._normal_combat(work, source)
        return work.outcome({"kind": "fight_start", "order": list(rolled.order),
                             "synced": list(rolled.synced), "sync_phase": bool(rolled.synced and not skip)})

    def _normal_combat(self, work: Work, source: DiceSource) -> None:
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
        open_rounds(work, source, self, ClockReport())

    def step(self, enc: Encounter, source: DiceSource) -> Outcome:
        work = self.work(enc)
        fight = require_fight(work)
        before = fight.round
        if fight.turn is not None:
            self._turn_ends(work, fight.turn.actor)
        fight = require_fight(work)
        if fight.stage == SYNC and (fight.turn is not None or len(fight.order) == 1) \
                and fight.index == len(fight.order) - 1:
            end_turn(work, source, self, ClockReport())
            work.tell("sync_ends")
            self._normal_combat(work, source)
        else:
            proceed(work, source, self, ClockReport())
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
            report_decided(work, event)
        return work.outcome(event)

    def _turn_ends(self, work: Work, name: str) -> None:
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

    def end(self, enc: Encounter, source: DiceSource | None = None) -> Outcome:
        """TT-END-1: -6 HP or lower is death, 0 or lower fainting; the fight's marks go."""
        work = self.work(enc)
        require_fight(work)
        for c in list(work.combatants.values()):
            status = health.after_fight(c)
            data = {k: v for k, v in c.data.items() if k in KEPT}
            if c.data.get("lured"):  # TT-SIGN-2 [I]: a monster lured by Весы is theirs for this fight
                c = replace(c, side=str(c.data["lured"]))
            if c.data.get("temp_sp"):  # TT-SYNC-3 [I]: the temporary SP lasts for this fight
                c = c.with_resource("sp", c.resources.get("sp", 0) - int(c.data["temp_sp"]))
            if status != c.status or data != dict(c.data):
                work.put(replace(c, status=status, data=data))
                if status != c.status:
                    work.tell("after_fight", about=[c.name], name=c.name, status=status,
                              hp=c.resources.get("hp", 0))
        ended = end_fight(work.encounter(), self.messages, self.hp_max)
        return replace(ended, lines=tuple(work_lines(work)) + ended.lines,
                       public_lines=tuple(work_lines(work, public=True)) + ended.public_lines,
                       events=tuple(work.events) + ended.events)

    # --- helpers for the actions ------------------------------------------------------

    def turn_for(self, work: Work, source: DiceSource | None, name: str, verb: str,
                 rule: str = "TT-AP-1") -> TurnState | None:
        """The running turn of ``name`` (claimed at an open place), None outside fights."""
        if work.fight is None:
            return None
        return take_turn(work, source or _NoDice(), self, name, ClockReport(), verb=verb, rule=rule)

    def spend(self, work: Work, turn: TurnState | None, ap: int, *, combat: bool = False,
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

    def check_of(self, c: Combatant | None, kind: str, *, technique: bool = False, shift: int = 0,
                 blood: int | None = None, monster: bool = False) -> Check:
        """How ``c``'s formula is checked (TT-CRIT-1..6)."""
        doubling = kind not in (dmg.SUPERNATURAL, dmg.MYSTIC)
        if c is None:
            return Check(None if monster else blood, doubling, shift)
        if health.is_monster(c) and not c.stats.get("crits", False):
            if shift:
                raise RuleError(_("{name} is a monster: it rolls without a crit check").format(name=c.name),
                                rule="TT-CRIT-4")
            return Check(None, doubling)
        group = blood_group(c)
        if group is None:
            raise RuleError(_("{name} has no blood group (ГК) to check a crit against").format(name=c.name),
                            rule="TT-CRIT-1")
        sign, level = c.stats.get("zodiac", ""), _int(c, "sign_level", 1)
        if shift and sign != "capricorn":
            raise RuleError(_("only Козерог may shift a check die (TT-CRIT-6); {name} is not").format(
                name=c.name), rule="TT-CRIT-6")
        forced = technique and sign == "capricorn" and (
            level >= 10 or (level >= 5 and kind in (*dmg.PHYSICAL_TYPES, dmg.PHYSICAL)))
        return Check(group, doubling, shift, forced)

    def target_of(self, c: Combatant) -> dmg.Target:
        bonus = dict(health.defense_bonus(c))
        if c.stats.get("zodiac") == "pisces" and _int(c, "sign_level", 1) >= 10:
            # TT-SIGN-2: Рыбы L10, one Aura of Mystery (+1 to each МЗ) per full 10 of physical defenses
            auras = sum(max(0, _int(c, k) + bonus.get(k, 0)) for k in ("pdef", "pdef_dice")) // 10
            for key in ("mdef_mana", "mdef_life", "mdef_time", "mdef_soul"):
                bonus[key] = bonus.get(key, 0) + auras
        return dmg.Target(
            defenses=dmg.defenses_of(c.stats, bonus), level=_int(c, "level", 1),
            blood_group=None if health.is_monster(c) else blood_group(c),
            sign=str(c.stats.get("zodiac", "")), sign_level=_int(c, "sign_level", 1),
        )

    def strike(self, work: Work, source: DiceSource, attacker: str | None, target: str, kind: str,
               amount: int, *, roll: FormulaRoll | None = None, into_hp: bool = False,
               from_enemy: bool = True) -> dict[str, Any]:
        """Land ``amount`` damage of ``kind`` on ``target``: dodge, defenses, SP, HP,
        trance.  Returns the journal part of the hit."""
        c = work.get(target)
        if c.status == DEAD:
            raise RuleError(_("{name} is dead").format(name=target), rule="TT-END-1")
        sign, level = str(c.stats.get("zodiac", "")), _int(c, "sign_level", 1)
        if kind in dmg.PHYSICAL_TYPES and sign == "pisces" and level < 10 and amount > 0:
            chance = _by_level(PISCES_DODGE, level)
            die = work.roll(source, 100, "pisces_dodge")
            dodged = die.face <= chance
            work.tell("sign_roll", about=[target], name=target, sign="pisces", chance=chance, die=die.face,
                      success=dodged)
            if dodged:
                return {"target": target, "dodged": True}
        if into_hp and blood_group(c) != 4:
            raise RuleError(_("only ГК 4 chooses to take blocked damage in HP; {name} is ГК {group}").format(
                name=target, group=blood_group(c) or "-"), rule="TT-SP-1")
        split = bool(work.settings.get("split_physical", False))
        hit = dmg.land_hit(self.target_of(c), kind, amount, dice_part=roll.dice_part if roll else None,
                           split=split, medium_into_hp=into_hp)
        sp_before = c.resources.get("sp", 0)
        sp_after = sp_before - hit.sp_loss
        if hit.sp_loss:
            work.put(work.get(target).with_resource("sp", sp_after))
        if hit.absorbed:
            change = self.mend(work, target, hit.absorbed)
        else:
            change = self.hurt(work, target, Damage(hit.dealt, kind=kind, source=attacker or ""))
        work.tell("hit", about=[n for n in (attacker, target) if n], attacker=attacker, target=target,
                  sp_before=sp_before if hit.sp_loss else None, sp_after=sp_after if hit.sp_loss else None,
                  **hit.fields(), **{k: v for k, v in health_fields(change).items() if k != "amount"})
        part: dict[str, Any] = {"target": target, "dealt": hit.dealt, "hp": change.hp_after,
                                "status": change.status_after}
        if hit.sp_loss:
            part["sp"] = sp_after
        # TT-TRANCE-1: enemy damage that brings SP to 0, once a day
        if (from_enemy and work.fight is not None and sp_before > 0 >= sp_after
                and not work.get(target).data.get("trance_used") and not health.is_monster(c)):
            self.enter_trance(work, target)
            part["trance"] = True
        return part

    def enter_trance(self, work: Work, name: str) -> None:
        c = work.get(name)
        data = {**c.data, "trance": {"uses": TRANCE_USES, "turns": TRANCE_TURNS}, "trance_used": True}
        hp = c.resources.get("hp", 0)
        c = replace(c, data=data)
        if hp < 1:
            c = c.with_resource("hp", 1)
        work.put(c)
        work.tell("trance", about=[name], name=name, uses=TRANCE_USES, turns=TRANCE_TURNS)

    def roll_for(self, work: Work, source: DiceSource, roller: Combatant | None, formula: Formula, kind: str,
                 *, technique: bool = False, shift: int = 0) -> FormulaRoll:
        rolled = roll_formula(formula, source, self.check_of(roller, kind, technique=technique, shift=shift))
        work.add_dice(rolled.dice)
        work.tell("formula", about=[roller.name] if roller else [], roller=roller.name if roller else None,
                  **rolled.fields())
        return rolled

    def offer_counters(self, work: Work, actor: str, *, taurus: int = 0,
                       cells: tuple[Cell, ...] = ()) -> list[str]:
        """TT-COUNTER-1: the enemies within radius 1 who may answer with a counter attack.

        ``taurus`` > 0 offers the answer only to Телец of at least that sign level
        (TT-SIGN-2: level 1 answers any enemy technique, level 10 movement too);
        ``cells`` are the cells a mover passed (radius 1 of any of them counts)."""
        fight = require_fight(work)
        c = work.get(actor)
        if c.stats.get("zodiac") == "taurus" and _int(c, "sign_level", 1) >= 5:
            return []  # Телец L5: immune to counter attacks (TT-SIGN-2)
        here = cell_of(c)
        if here is None:
            return []
        near = cells or (here,)
        done = set(countered(fight))
        names = [o.name for o in work.combatants.values()
                 if o.side != c.side and o.name in in_fight(fight) and o.name not in done
                 and (not taurus or (o.stats.get("zodiac") == "taurus" and _int(o, "sign_level", 1) >= taurus))
                 and self.status(o).can_act and (cell := cell_of(o)) is not None
                 and any(distance(spot, cell) <= 1 for spot in near)]
        if names:
            work.tell("counters_offered", about=[actor, *names], name=actor, names=names,
                      taurus=bool(taurus) or None)
        return names

    def count_technique(self, work: Work, name: str) -> bool:
        """Count a technique ``name`` uses this phase; True when it is not the first:
        several techniques in one phase always provoke counter attacks (TT-COUNTER-1)."""
        fight = work.fight
        if fight is None:
            return False
        cast = dict(fight.data.get("cast", {}))
        before = int(cast.get(name, 0))
        cast[name] = before + 1
        work.fight = replace(fight, data={**fight.data, "cast": cast})
        if before:
            work.tell("several_techniques", about=[name], name=name, n=before + 1)
        return before > 0

    def occupied(self, work: Work, mover: str) -> set[Cell]:
        return {cell for c in work.combatants.values()
                if c.name != mover and c.status != DEAD and (cell := cell_of(c)) is not None}

    def walk(self, work: Work, name: str, to: Cell | None, path: tuple[Cell, ...] | None,
             limit: int) -> tuple[Cell, ...]:
        """The cells ``name`` walks (TT-RADIUS-1), at most ``limit`` of them."""
        here = cell_of(work.get(name))
        if here is None:
            raise RuleError(_("{name} has no cell on the grid; place it first: place {name} x,y").format(
                name=name))
        blocked = self.occupied(work, name)
        if path is not None:
            steps = path[1:] if path and path[0] == here else path
            problem = check_path(here, steps, blocked)
            if problem:
                raise RuleError(problem, rule="TT-RADIUS-1")
            if len(steps) > limit:
                raise RuleError(_("{name} may move {limit} cells now, the path has {cells}").format(
                    name=name, limit=limit, cells=len(steps)), rule="TT-AP-2")
            return steps
        assert to is not None
        if to in blocked:
            raise RuleError(_("{cell} is occupied").format(cell=f"{to[0]},{to[1]}"), rule="TT-RADIUS-1")
        found = shortest_path(here, to, blocked, limit)
        if found is None:
            far = shortest_path(here, to, blocked, 10_000 if distance(here, to) < 200 else 0)
            if far is None:
                raise RuleError(_("no way to {cell}: others stand in every path").format(
                    cell=f"{to[0]},{to[1]}"), rule="TT-RADIUS-1")
            raise RuleError(_("{cell} is {steps} steps away; {name} may move {limit} cells now").format(
                cell=f"{to[0]},{to[1]}", steps=len(far), name=name, limit=limit), rule="TT-AP-2")
        return found


def _carries_mana(c: Combatant) -> bool:
    """TT-MP-2: the equipped weapon holds a technique of the Mana aspect."""
    return any(t.get("weapon") and t.get("aspect") == "mana" for t in dict(c.data.get("techniques", {})).values())


def in_fight(fight: Fight) -> set[str]:
    """Everyone taking part, the synchronization phase included (its order holds only the synchronized)."""
    return {*fight.order, *fight.data.get("initiative", ())}


def countered(fight: Fight) -> list[str]:
    return list(fight.data.get("countered", []))


class _NoDice:
    """Actions that roll nothing still pass the clock a source; drawing from it is a bug."""

    def draw(self, sides: int) -> Any:
        raise AssertionError("this action rolls no dice")


def work_lines(work: Work, public: bool = False) -> list[str]:
    out = work.outcome({})
    return list(out.public_lines if public else out.lines)
