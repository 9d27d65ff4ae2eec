"""What terra's actions do: each takes the rules object, the encounter, a dice
source (None for those that roll nothing) and the converted values, and
returns an Outcome.  Their declarations (verbs, aliases, parameters, help)
are in ``rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.clock import ClockReport, delay, land, restore
from rules.core.common import report_decided
from rules.core.errors import RuleError
from rules.core.events import health_fields
from rules.core.outcome import Damage
from rules.core.state import DEAD, Combatant, find
from rules.dice.datatypes import replace
from rules.i18n import _
from rules.systems.terra import damage as dmg
from rules.systems.terra import health, mirror, weapons
from rules.systems.terra.counters import countered
from rules.systems.terra.fight import (
    ATTACK_AP,
    AURA_AP,
    COMBAT,
    COMBINED,
    GEMINI_MISS,
    SYNC,
    _NoDice,
    in_fight,
    normal_combat,
)
from rules.systems.terra.formula import MISS, parse_formula, roll_formula
from rules.systems.terra.grid import Cell, distance
from rules.systems.terra.messages import state_name
from rules.systems.terra.positions import cell_of
from rules.systems.terra.reading import by_level as _by_level
from rules.systems.terra.reading import int_stat as _int
from rules.systems.terra.signs import libra

if TYPE_CHECKING:
    from rules.core.outcome import Outcome, Work
    from rules.core.state import Encounter
    from rules.dice.sources import DiceSource
    from rules.systems.terra.rules import Terra

#: the equipment moves of TT-EQUIP-1: AP, SP
EQUIP_COST = {"off": (3, 1), "on": (1, 0), "give": (1, 0), "take": (1, 0)}


def _kind(word: str | None) -> str:
    return dmg.damage_type(word) if word else dmg.PHYSICAL


def formula(rules: Terra, enc: Encounter, source: DiceSource, text: str, by: str | None, gk: int | None,
            kind_word: str | None, technique: bool, shift: int, monster: bool) -> Outcome:
    """A terra formula with its crit check, in or out of a fight; changes nothing."""
    work = rules.work(enc)
    parsed = parse_formula(text)
    kind = _kind(kind_word)
    if sum(x is not None and x is not False for x in (by, gk, monster or None)) != 1:
        raise ValueError(_("say whose formula it is: --by NAME, --gk 1..4, or --monster for a plain roll"))
    roller = work.get(find(enc, by)) if by else None
    if gk is not None and not 1 <= gk <= 4:
        raise ValueError(_("--gk: a blood group is 1..4, got {gk}").format(gk=gk))
    if roller is None and shift:
        raise ValueError(_("--shift is Козерог's (TT-CRIT-6): give --by NAME to say who shifts"))
    check = rules.check_of(roller, kind, technique=technique, shift=shift, blood=gk, monster=monster)
    rolled = roll_formula(parsed, source, check)
    work.add_dice(rolled.dice)
    work.tell("formula", about=[roller.name] if roller else [], roller=roller.name if roller else None,
              **rolled.fields())
    return work.outcome({"kind": "formula", "formula": text, "result": rolled.result, "total": rolled.total},
                        hidden=bool(roller and roller.hidden))


def _nearest(work: Work, c: Combatant, *, anyone: bool) -> tuple[int, list[str]] | None:
    """The distance to, and names of, the nearest enemies (or anyone, for a Berserk)."""
    here = cell_of(c)
    if here is None:
        return None
    found: dict[int, list[str]] = {}
    for o in work.combatants.values():
        there = cell_of(o)
        if o.name == c.name or there is None or o.status == DEAD or (o.side == c.side and not anyone):
            continue
        found.setdefault(distance(here, there), []).append(o.name)
    if not found:
        return None
    near = min(found)
    return near, found[near]


_ONLY_MOVES = (health.PANIC,)
_ATTACKS_ONLY = (health.RAGE, health.BERSERK)


def _may(rules: Terra, work: Work, c: Combatant, what: str) -> None:
    """What the rhesus states forbid (TT-RH-1, TT-RH-2)."""
    if work.fight is None:
        return
    state = c.status
    if state in _ONLY_MOVES and what != "move":
        raise RuleError(_("{name} is in Panic: it flees and takes no actions, only moves").format(name=c.name),
                        rule="TT-RH-1")
    if state in _ATTACKS_ONLY and what not in ("move", "attack"):
        raise RuleError(_("{name} is in {state}: it can only attack and move toward enemies").format(
            name=c.name, state=health_state(state)), rule="TT-RH-1")


def health_state(label: str) -> str:
    return state_name(label)


def _check_target(work: Work, c: Combatant, target: str, reach: int) -> None:
    t = work.get(target)
    if t.status == DEAD:
        raise RuleError(_("{name} is dead").format(name=target), rule="TT-END-1")
    here, there = cell_of(c), cell_of(t)
    if here is not None and there is not None and distance(here, there) > reach:
        raise RuleError(_("{target} is {d} cells away; {name} reaches {reach}").format(
            target=target, d=distance(here, there), name=c.name, reach=reach), rule="TT-RADIUS-1")
    if work.fight is not None and c.status in _ATTACKS_ONLY:
        nearest = _nearest(work, c, anyone=c.status == health.BERSERK)
        if nearest is not None and target not in nearest[1]:
            raise RuleError(_("{name} is in {state}: it must hit the nearest ({names})").format(
                name=c.name, state=health_state(c.status), names=", ".join(nearest[1])), rule="TT-RH-1")


def _check_weapon_reach(work: Work, c: Combatant, target: str) -> None:
    """TT-WEAPON-1: the weapon Attack's reach by kind: a bow's dead zone, an orb's friends."""
    r = weapons.reach_of(c)
    _check_target(work, c, target, r.farthest if r.farthest is not None and not r.orb else 10**6)
    here, there = cell_of(c), cell_of(work.get(target))
    if here is None or there is None:
        return
    if r.orb:
        friends = [f.name for f in work.combatants.values()
                   if f.side == c.side and f.status != DEAD and (cell := cell_of(f)) is not None
                   and distance(cell, there) <= 1]
        if not friends:
            raise RuleError(_("{target} is not within radius 1 of {name} or an ally: an orb strikes there "
                              "only").format(target=target, name=c.name), rule="TT-WEAPON-1")
    elif distance(here, there) < r.nearest:
        raise RuleError(_("{target} is {d} cells away, in the bow's dead zone: a bow shoots from {nearest} "
                          "cells").format(target=target, d=distance(here, there), nearest=r.nearest),
                        rule="TT-WEAPON-1")


def _between(work: Work, one: str, other: str) -> int | None:
    here, there = cell_of(work.get(one)), cell_of(work.get(other))
    return distance(here, there) if here is not None and there is not None else None


def _sp_allows(work: Work, c: Combatant, learned: bool, trance: bool) -> None:
    """TT-SP-2: at SP 0 or below only the Attack and the learned weapon technique remain."""
    if c.resources.get("sp", 0) > 0 or learned or trance or c.data.get("temp_sp"):
        return
    raise RuleError(_("{name} has no SP left (SP {sp}): no abilities or magic today; the weapon Attack "
                      "and its learned technique remain (--learned)").format(
        name=c.name, sp=c.resources.get("sp", 0)), rule="TT-SP-2")


def attack(rules: Terra, enc: Encounter, source: DiceSource, attacker: str, target: str,
           formula_text: str | None, kind_word: str | None, ap: int | None, technique: bool, shift: int,
           into_hp: bool, provokes: bool, trance: bool, learned: bool, reach: int | None,
           near: str | None = None) -> Outcome:
    """An Attack with the weapon, or a technique (TT-AP-1, TT-CRIT-1, TT-DMG-1); a spear's Attack
    with ``near`` strikes two cells at once (TT-WEAPON-1)."""
    work = rules.work(enc)
    name, target = find(enc, attacker), find(enc, target)
    if near is not None:
        near = _spear_near(work, name, target, find(enc, near), technique or trance or reach is not None)
    kind = _kind(kind_word)
    if kind_word is None and not technique and weapons.kind_of(enc.get(name)) == "pistol":
        kind = dmg.MYSTIC  # TT-WEAPON-1: "Пистоли ... Наносят Мистический урон"
    text = formula_text or enc.get(name).stats.get("weapon")
    if not text:
        raise ValueError(_("{name} has no weapon formula: give --formula, e.g. --formula D6+2, "
                           "or set it: char set {name} weapon=D6+2").format(name=name))
    parsed = parse_formula(str(text))
    kind = dmg.physical_kind(kind, parsed.has_dice)
    if trance and not technique:
        technique = True
    turn = rules.turn_for(work, source, name, "attack", "TT-AP-2")
    c = work.get(name)
    _may(rules, work, c, "attack")
    if technique or reach is not None:
        _check_target(work, c, target, reach if reach is not None else _int(c, "reach", 1))
    else:
        _check_weapon_reach(work, c, target)
    cost = ATTACK_AP if ap is None else ap
    left = None
    if technique:
        _sp_allows(work, c, learned, trance)
    if trance:
        t = c.data.get("trance")
        if not t or int(t["uses"]) <= 0:
            raise RuleError(_("{name} is not in a combat trance").format(name=name), rule="TT-TRANCE-1")
        uses = int(t["uses"]) - 1
        data = dict(c.data)
        data["trance"] = {"uses": uses, "turns": t["turns"]}
        if uses == 0:
            data.pop("trance")
        work.put(replace(c, data=data))
        if turn is not None:
            left = turn.remaining
        work.tell("trance_use", about=[name], name=name, left=uses)
        if uses == 0:
            work.tell("trance_ends", about=[name], name=name)
    elif turn is not None:
        left = rules.spend(work, turn, cost, combat=True)
    work.tell("attack", about=[name, target], attacker=name, target=target, ap=0 if trance else cost,
              ap_left=left, technique=technique or None)
    event: dict[str, Any] = {"kind": "attack", "actor": name, "target": target, "ap": 0 if trance else cost}
    if technique and rules.count_technique(work, name):
        provokes = True
    if technique and _technique_misses(rules, work, source, name):
        event["missed"] = "gemini"
        _unwritten_mirror(work, source, name, target, event)  # [I] a technique that misses is still used on him
        return _close(rules, work, event, name, provokes or trance, technique=technique)
    rolled = rules.roll_for(work, source, work.get(name), parsed, kind, technique=technique, shift=shift)
    total = rolled.total
    if technique and _unwritten_mirror(work, source, name, target, event):
        # TT-SIGN-1: "вместо копирования, прием целиком отражается": the caster's own technique comes back
        event.update(formula=parsed.text, result=rolled.result, total=total)
        if total > 0:
            event["hit"] = rules.strike(work, source, target, name, kind, total, roll=rolled)
        else:
            work.tell("dodged", about=[name], target=name)
        return _close(rules, work, event, name, provokes or trance, technique=technique)
    bonus = health.ATTACK_BONUS.get(work.get(name).status, 0) if work.fight is not None and not technique else 0
    if bonus and rolled.result != MISS:
        total += bonus
        work.tell("attack_bonus", about=[name], name=name, state=work.get(name).status, bonus=bonus, total=total)
    extra = 0
    # [I] "по дальней клетке максимальный, по ближней меньший": the nearer cell takes half, rounded down
    near_amount = max(0, total) // 2
    if not technique and rolled.result != MISS:
        added, extra = weapons.sign_bonus(c, _between(work, name, target))
        if added:
            total += added
            event["sign_bonus"] = added
            work.tell("sign_bonus", about=[name], name=name, sign=str(c.stats.get("zodiac")), bonus=added,
                      total=total)
    event.update(formula=parsed.text, result=rolled.result, total=total)
    if total > 0:
        event["hit"] = rules.strike(work, source, name, target, kind, total, roll=rolled, into_hp=into_hp,
                                    from_enemy=work.get(name).side != work.get(target).side)
    else:
        work.tell("dodged", about=[target], target=target)
    landed = total > 0 and not event["hit"].get("dodged")
    if extra and landed and work.get(target).status != DEAD:  # [I] the extra damage rides on a landed Attack
        event["extra"] = rules.strike(work, source, name, target, dmg.SUPERNATURAL, extra,
                                      from_enemy=work.get(name).side != work.get(target).side)
    if not technique:
        libra(rules, work, source, name, target, _between(work, name, target), event)
    if near is not None:
        work.tell("spear_near", about=[name, near], name=name, target=near, amount=near_amount)
        if near_amount > 0 and work.get(near).status != DEAD:
            event["near"] = rules.strike(work, source, name, near, kind, near_amount, into_hp=into_hp,
                                         from_enemy=work.get(name).side != work.get(near).side)
        else:
            work.tell("dodged", about=[near], target=near)
    return _close(rules, work, event, name, provokes or trance, technique=technique)


def _unwritten_mirror(work: Work, source: DiceSource, name: str, target: str, event: dict[str, Any]) -> bool:
    """Змееносец's or Кит's aura on a technique not written on the sheet (TT-SIGN-1): True when it is
    reflected; a copy of it is the master's to write down (``technique ... --copied``)."""
    answered = mirror.answer(work, source, name, target, None)
    if answered is None:
        return False
    event["mirror"] = answered
    return bool(answered.get("reflected"))


def _spear_near(work: Work, name: str, target: str, near: str, not_weapon: bool) -> str:
    """TT-WEAPON-1: "Копья наносят урон по двум клеткам одновременно": the nearer cell is
    radius 1 from the spearman and from the target, which stands at radius 2 (on the grid)."""
    c = work.get(name)
    if not_weapon:
        raise RuleError(_("--near is the second cell of a spear's weapon Attack, not of a technique; attack the "
                          "other one separately"), rule="TT-WEAPON-1")
    if weapons.kind_of(c) != "spear":
        raise RuleError(_("--near is the second cell of a spear's Attack, and {name}'s weapon is not a spear: set "
                          "\"тип оружия\"=копьё, or attack the other one separately").format(name=name),
                        rule="TT-WEAPON-1")
    if near in (name, target):
        raise ValueError(_("--near names the one between {name} and {target}, not either of them").format(
            name=name, target=target))
    if work.get(near).status == DEAD:
        raise RuleError(_("{name} is dead").format(name=near), rule="TT-END-1")
    far, close, between = _between(work, name, target), _between(work, name, near), _between(work, near, target)
    if None not in (far, close, between) and (far != 2 or close != 1 or between != 1):
        raise RuleError(_("a spear strikes two cells in a line: {target} must stand 2 cells from {name} (it is "
                          "{far}) and {near} between them, 1 cell from each; attack them one at a time "
                          "otherwise").format(target=target, name=name, far=far, near=near), rule="TT-WEAPON-1")
    return near


def _technique_misses(rules: Terra, work: Work, source: DiceSource, name: str) -> bool:
    """TT-SIGN-2: Близнецы of sign level 5+ within radius 1 make enemy techniques miss on d100."""
    c = work.get(name)
    here = cell_of(c)
    if here is None:
        return False
    chance = 0
    for o in work.combatants.values():
        there = cell_of(o)
        if (o.side != c.side and o.status != DEAD and o.stats.get("zodiac") == "gemini" and there is not None
                and distance(here, there) <= 1):
            chance = max(chance, _by_level(GEMINI_MISS, _int(o, "sign_level", 1)))
    if not chance:
        return False
    die = work.roll(source, 100, "gemini_miss")
    missed = die.face <= chance
    work.tell("sign_roll", about=[name], name=name, sign="gemini", chance=chance, die=die.face, success=missed)
    return missed


def _close(rules: Terra, work: Work, event: dict[str, Any], actor: str, provokes: bool, *,
           technique: bool = False) -> Outcome:
    if work.fight is not None and (provokes or technique):
        # TT-SIGN-2: Телец answers any enemy technique within radius 1, provoking or not
        offered = rules.offer_counters(work, actor, taurus=0 if provokes else 1)
        if offered:
            event["counters"] = offered
    if work.fight is not None and work.fight.stage != SYNC:
        report_decided(work, event, rules.status)
    return work.outcome(event, hidden=work.get(actor).hidden)


def counter(rules: Terra, enc: Encounter, source: DiceSource, attacker: str, target: str,
            formula_text: str | None, kind_word: str | None, shift: int, into_hp: bool) -> Outcome:
    """TT-COUNTER-1: a plain attack out of turn, once a phase, on an enemy within radius 1."""
    work = rules.work(enc)
    name, target = find(enc, attacker), find(enc, target)
    if work.fight is None:
        raise RuleError(_("a counter attack is made in a fight"), rule="TT-COUNTER-1")
    # out of turn: no turn is claimed or spent, so the sync phase's enemies may answer too
    if name not in in_fight(work.fight):
        raise RuleError(_("{name} is not in the fight").format(name=name), rule="TT-COUNTER-1")
    c = work.get(name)
    reason = rules.cannot_act(c)
    if reason is not None:
        raise RuleError(_("{name} makes no counter attack: it {reason}").format(name=name, reason=reason),
                        rule="TT-COUNTER-1")
    if c.status in (health.PANIC,):
        raise RuleError(_("{name} is in Panic and makes no attacks").format(name=name), rule="TT-RH-1")
    done = countered(work.fight)
    if name in done:
        raise RuleError(_("{name} has made its counter attack this phase").format(name=name), rule="TT-COUNTER-1")
    t = work.get(target)
    if t.side == c.side:
        raise RuleError(_("a counter attack answers an enemy; {target} is on {name}'s side").format(
            target=target, name=name), rule="TT-COUNTER-1")
    if t.stats.get("zodiac") == "taurus" and _int(t, "sign_level", 1) >= 5:
        raise RuleError(_("{target} (Телец, sign level 5+) is immune to counter attacks").format(target=target),
                        rule="TT-SIGN-2")
    _check_target(work, replace(c, status="ok"), target, 1)
    text = formula_text or c.stats.get("weapon")
    if not text:
        raise ValueError(_("{name} has no weapon formula: give --formula").format(name=name))
    parsed = parse_formula(str(text))
    kind = dmg.physical_kind(_kind(kind_word), parsed.has_dice)
    work.fight = replace(work.fight, data={**work.fight.data, "countered": [*done, name]})
    work.tell("attack", about=[name, target], attacker=name, target=target, counter=True)
    rolled = rules.roll_for(work, source, c, parsed, kind, shift=shift)
    event: dict[str, Any] = {"kind": "counter", "actor": name, "target": target, "formula": parsed.text,
                             "result": rolled.result, "total": rolled.total}
    if rolled.total > 0:
        event["hit"] = rules.strike(work, source, name, target, kind, rolled.total, roll=rolled, into_hp=into_hp)
    else:
        work.tell("dodged", about=[target], target=target)
    return _close(rules, work, event, name, False)


def unarmed(rules: Terra, enc: Encounter, source: DiceSource, attacker: str, target: str, identify: bool,
            both_hands: bool) -> Outcome:
    """TT-UNARMED-1: 3 AP (5 with both hands busy), radius 1, damage or identification."""
    work = rules.work(enc)
    name, target = find(enc, attacker), find(enc, target)
    turn = rules.turn_for(work, source, name, "unarmed", "TT-AP-2")
    c = work.get(name)
    _may(rules, work, c, "attack")
    _check_target(work, c, target, 1)
    cost = 5 if both_hands else 3
    left = rules.spend(work, turn, cost, combat=True)
    body, level = _int(c, "body"), _int(c, "level", 1)
    amount = (0 if body < 0 else 1) if identify else max(0, min(level, body))
    # TT-RH-1: "+3 к своей Атаке Оружием (либо безоружной Атаке, если не вооружен)": an armed character's
    # bonus goes to its weapon Attack only; identification deals "всего 1 урон" whatever the bonuses
    bonus = 0
    if work.fight is not None and not identify and not weapons.armed(c):
        bonus = health.ATTACK_BONUS.get(c.status, 0)
    amount += bonus
    work.tell("unarmed", about=[name, target], attacker=name, target=target, ap=cost, ap_left=left,
              effect="identify" if identify else "damage", amount=amount)
    event: dict[str, Any] = {"kind": "unarmed", "actor": name, "target": target, "ap": cost,
                             "effect": "identify" if identify else "damage", "amount": amount}
    if amount > 0:
        event["hit"] = rules.strike(work, source, name, target, dmg.PHYSICAL_CONSTANT, amount,
                                    from_enemy=c.side != work.get(target).side)
    if identify:
        t = work.get(target)
        shown = {k: v for k, v in t.stats.items() if k not in ("weapon",)}
        shown["hp"] = t.resources.get("hp", 0)
        work.tell("identified", about=[name, target], name=name, target=target, stats=shown)
    if work.get(target).status != DEAD:
        libra(rules, work, source, name, target, _between(work, name, target), event, melee=True)
    return _close(rules, work, event, name, False)


def move(rules: Terra, enc: Encounter, source: DiceSource | None, name: str, cells: int | None,
         to: tuple[Cell, ...] | None, path: tuple[Cell, ...] | None) -> Outcome:
    """Movement: 1 AP a cell, within speed (TT-AP-1, TT-AP-2), one diagonal, around others (TT-RADIUS-1)."""
    if sum(x is not None for x in (cells, to, path)) != 1:
        raise ValueError(_('give --to x,y, --path "x,y x,y ..." or, without a map, a number of cells: '
                           'move Торн --to 3,2, or move Торн 2'))
    work = rules.work(enc)
    name = find(enc, name)
    turn = rules.turn_for(work, source, name, "move", "TT-AP-2")
    c = work.get(name)
    _may(rules, work, c, "move")
    if turn is None:
        limit = 10_000
    else:
        limit = turn.remaining
        if work.fight is not None and work.fight.stage != SYNC:  # the sync phase moves beyond speed
            limit = min(limit, _int(c, "speed", 6) - int(turn.data.get("moved", 0)))
    if cells is not None:
        return _move_blind(rules, work, name, cells, limit, turn)
    steps = rules.walk(work, name, to[0] if to else None, path, max(0, limit))
    if not steps:
        raise ValueError(_("{name} already stands there").format(name=name))
    before = _nearest(work, c, anyone=False)
    end = steps[-1]
    moved = replace(c, data={**c.data, "cell": [end[0], end[1]]})
    after = _nearest(work, moved, anyone=False)
    if work.fight is not None and before and after:
        if c.status in _ATTACKS_ONLY and after[0] >= before[0] and after[0] > 1:
            raise RuleError(_("{name} is in {state}: it moves toward the nearest enemy").format(
                name=name, state=health_state(c.status)), rule="TT-RH-1")
        if c.status == health.PANIC and after[0] < before[0]:
            raise RuleError(_("{name} is in Panic: it flees, never closer to an enemy").format(name=name),
                            rule="TT-RH-1")
    work.put(moved)
    left = rules.spend(work, turn, len(steps), moved=len(steps))
    work.tell("moved", about=[name], name=name, path=[list(s) for s in steps], ap_left=left)
    event: dict[str, Any] = {"kind": "move", "actor": name, "path": [list(s) for s in steps]}
    if work.fight is not None:
        # TT-SIGN-2: Телец of sign level 10 answers movement within radius 1 of him
        start = cell_of(c)
        offered = rules.offer_counters(work, name, taurus=10, cells=(*((start,) if start else ()), *steps))
        if offered:
            event["counters"] = offered
    return work.outcome(event, hidden=c.hidden)


def _move_blind(rules: Terra, work: Work, name: str, cells: int, limit: int,
                turn: Any) -> Outcome:
    """A move counted in cells, for fights played without a map."""
    c = work.get(name)
    if cell_of(c) is not None:
        raise ValueError(_("{name} stands on the grid: give --to x,y or --path").format(name=name))
    if cells < 1:
        raise ValueError(_("move at least 1 cell"))
    if cells > limit:
        raise RuleError(_("{name} may move {limit} cells now, not {cells}").format(
            name=name, limit=limit, cells=cells), rule="TT-AP-2")
    left = rules.spend(work, turn, cells, moved=cells)
    work.tell("moved_blind", about=[name], name=name, cells=cells, ap_left=left)
    return work.outcome({"kind": "move", "actor": name, "cells": cells}, hidden=c.hidden)


def place(rules: Terra, enc: Encounter, source: DiceSource | None, name: str,
          cell: tuple[Cell, ...] | None, off: bool) -> Outcome:
    """The master puts a combatant on a cell (no AP)."""
    if (cell is None) == (not off):
        raise ValueError(_('give a cell or --off, e.g. place Торн "2,3", or place Торн --off'))
    work = rules.work(enc)
    name = find(enc, name)
    c = work.get(name)
    data = dict(c.data)
    if cell is not None:
        if len(cell) != 1:
            raise ValueError(_("place takes one cell, e.g. 2,3"))
        if cell[0] in rules.occupied(work, name):
            raise RuleError(_("{cell} is occupied").format(cell=f"{cell[0][0]},{cell[0][1]}"), rule="TT-RADIUS-1")
        data["cell"] = list(cell[0])
    else:
        data.pop("cell", None)
    work.put(replace(c, data=data))
    work.tell("placed", about=[name], name=name, cell=data.get("cell"))
    return work.outcome({"kind": "place", "actor": name, **({"cell": data["cell"]} if "cell" in data else {})},
                        hidden=c.hidden)


def wait(rules: Terra, enc: Encounter, source: DiceSource, name: str) -> Outcome:
    """TT-DELAY-1: put the turn off to the end of the phase."""
    work = rules.work(enc)
    name = find(enc, name)
    if work.fight is None:
        raise RuleError(_("no fight is running; start one first"))
    if work.fight.stage == SYNC:
        raise RuleError(_("a turn is delayed in normal combat, not in the synchronization phase"),
                        rule="TT-DELAY-1")
    delay(work, source, rules, name, ClockReport())
    return work.outcome({"kind": "delay", "actor": name})


def decline(rules: Terra, enc: Encounter, source: DiceSource, name: str) -> Outcome:
    """TT-SYNC-3: with no SP left, decline the synchronization phase for 1 temporary SP; act last."""
    work = rules.work(enc)
    name = find(enc, name)
    fight = work.fight
    if fight is None or fight.stage != SYNC or name not in fight.order:
        raise RuleError(_("{name} is not in a synchronization phase").format(name=name), rule="TT-SYNC-3")
    c = work.get(name)
    if c.resources.get("sp", 0) > 0:
        raise RuleError(_("{name} still has SP ({sp}); only a character with no SP left may decline").format(
            name=name, sp=c.resources.get("sp", 0)), rule="TT-SYNC-3")
    if fight.turn is not None and (fight.turn.actor != name or not fight.turn.untouched):
        raise RuleError(_("{name} declines before acting in the synchronization phase").format(name=name),
                        rule="TT-SYNC-3")
    if fight.turn is None and not fight.turn_ahead(name):
        raise RuleError(_("{name} has acted in the synchronization phase already").format(name=name),
                        rule="TT-SYNC-3")
    work.put(replace(c.with_resource("sp", c.resources.get("sp", 0) + 1), data={**c.data, "temp_sp": 1}))
    order = tuple(n for n in fight.order if n != name)
    index = min(fight.index, max(0, len(order) - 1))
    data = {**fight.data, "last": [*fight.data.get("last", []), name]}
    work.tell("sync_declined", about=[name], name=name)
    rest = order[index:]
    if not rest:
        work.fight = replace(fight, order=order or fight.order, data=data)
        normal_combat(rules, work, source)
        return work.outcome({"kind": "decline", "actor": name})
    groups = (rest,) if len(rest) > 1 and fight.turn is None else ()
    work.fight = replace(fight, order=order, index=index, turn=None if fight.turn else fight.turn,
                         groups=groups, data=data)
    if fight.turn is not None or len(rest) == 1:
        land(work, source, rules, index, ClockReport())
    return work.outcome({"kind": "decline", "actor": name})


def equip(rules: Terra, enc: Encounter, source: DiceSource | None, name: str, how: str, item: str,
          other: str | None, slot: str | None) -> Outcome:
    """TT-EQUIP-1: take off 3 AP + 1 SP, put on 1 AP, hand over or take 1 AP (radius 1);
    with ``--slot`` the worn equipment is kept by slot (TT-WEAPON-1)."""
    work = rules.work(enc)
    name = find(enc, name)
    turn = rules.turn_for(work, source, name, "equip", "TT-EQUIP-1")
    c = work.get(name)
    _may(rules, work, c, "equip")
    ap, sp = EQUIP_COST[how]
    if work.fight is None:
        ap, sp = 0, 0  # [I] before the fight equipment is chosen freely
    worn = {k: list(v) for k, v in dict(c.data.get("worn", {})).items()}
    if how in ("give", "take"):
        if other is None:
            raise ValueError(_("say with whom: --with NAME"))
        partner = work.get(find(enc, other))
        here, there = cell_of(c), cell_of(partner)
        if here is not None and there is not None and distance(here, there) > 1:
            raise RuleError(_("{other} is {d} cells away; items are handed over within radius 1").format(
                other=partner.name, d=distance(here, there)), rule="TT-EQUIP-1")
    elif how == "on" and slot is not None:
        problem = weapons.wearing(worn, slot, item)
        if problem == "weapon":
            raise RuleError(_("{name} has a weapon already ({items}): a weapon is not changed in a fight, and "
                              "only one is carried").format(name=name, items=", ".join(
                                  i for s in weapons.WEAPON_SLOTS for i in worn.get(s, []))), rule="TT-WEAPON-1")
        if problem == "full":
            raise RuleError(_("{name} wears {items} there already: take it off first").format(
                name=name, items=", ".join(worn[slot])), rule="TT-WEAPON-1")
        if problem == "hands":
            raise RuleError(_("{name}'s hands are full: a two-handed weapon leaves no hand for a shield").format(
                name=name), rule="TT-WEAPON-1")
        worn.setdefault(slot, []).append(item)
    elif how == "off":
        held = weapons.slot_of(worn, item)
        if held in weapons.WEAPON_SLOTS and work.fight is not None:
            raise RuleError(_("{item} is {name}'s weapon: a weapon is not changed in a fight").format(
                item=item, name=name), rule="TT-EQUIP-1")
        if held is not None:
            worn[held].remove(item)
    left = rules.spend(work, turn, ap)
    c = work.get(name)
    if sp:
        c = c.with_resource("sp", c.resources.get("sp", 0) - sp)
    kept = {k: v for k, v in worn.items() if v}
    data = {k: v for k, v in c.data.items() if k != "worn"} | ({"worn": kept} if kept else {})
    work.put(replace(c, data=data))
    work.tell("equip", about=[name], name=name, how=how, item=item, ap=ap, ap_left=left, sp=sp or None)
    return work.outcome({"kind": "equip", "actor": name, "how": how, "item": item, "ap": ap}, hidden=c.hidden)


def aura(rules: Terra, enc: Encounter, source: DiceSource | None, name: str) -> Outcome:
    """TT-SIGN-1: re-activate the sign's aura for 5 AP (not a combat action, provokes nothing)."""
    work = rules.work(enc)
    name = find(enc, name)
    turn = rules.turn_for(work, source, name, "aura", "TT-SIGN-1")
    c = work.get(name)
    _may(rules, work, c, "aura")
    left = rules.spend(work, turn, AURA_AP)
    work.tell("aura", about=[name], name=name, ap=AURA_AP, ap_left=left)
    return work.outcome({"kind": "aura", "actor": name, "ap": AURA_AP}, hidden=c.hidden)


def use_item(rules: Terra, enc: Encounter, source: DiceSource | None, name: str, item: str,
             ap: int) -> Outcome:
    """Item use: AP as the item says, not a combat action, any number a turn (TT-AP-2)."""
    work = rules.work(enc)
    name = find(enc, name)
    turn = rules.turn_for(work, source, name, "item", "TT-AP-2")
    c = work.get(name)
    _may(rules, work, c, "item")
    if turn is not None and COMBINED in turn.used:
        raise RuleError(_("{name} made a combined action this turn: no item use in the same turn").format(
            name=name), rule="TT-COMBINED-1")
    left = rules.spend(work, turn, ap, mark="item")
    work.tell("item", about=[name], name=name, item=item, ap=ap, ap_left=left)
    return work.outcome({"kind": "item", "actor": name, "item": item, "ap": ap}, hidden=c.hidden)


def master_damage(rules: Terra, enc: Encounter, source: DiceSource | None, name: str, amount: int,
                  kind_word: str | None, into_hp: bool) -> Outcome:
    """The master's damage: straight off HP, or through the defenses with --type."""
    work = rules.work(enc)
    name = find(enc, name)
    if work.get(name).status == DEAD:
        raise RuleError(_("{name} is dead").format(name=name), rule="TT-END-1")
    event: dict[str, Any] = {"kind": "damage", "target": name, "amount": amount}
    if kind_word:
        kind = dmg.physical_kind(_kind(kind_word), False)
        event["hit"] = rules.strike(work, source or _no_dice(), None, name, kind, amount, into_hp=into_hp)
    else:
        if into_hp:
            raise ValueError(_("--into-hp goes with a damage --type that a defense blocks"))
        change = rules.hurt(work, name, Damage(amount, kind="master"))
        work.tell("master_damage", about=[name], **health_fields(change))
        event.update(hp=change.hp_after, status=change.status_after)
    if work.fight is not None:
        report_decided(work, event, rules.status)
    return work.outcome(event, hidden=work.get(name).hidden)


def _no_dice() -> Any:
    return _NoDice()


def heal(rules: Terra, enc: Encounter, source: DiceSource, name: str, amount: int | None,
         formula_text: str | None, by: str | None, technique: bool, shift: int) -> Outcome:
    """Healing: an amount, or a formula with the healer's crit check (TT-CRIT-1 covers healing)."""
    if (amount is None) == (formula_text is None):
        raise ValueError(_("give an amount or --formula, e.g. heal Торн 3, or heal Торн --formula D4+2 --by Айрис"))
    work = rules.work(enc)
    name = find(enc, name)
    event: dict[str, Any] = {"kind": "heal", "target": name}
    if formula_text is not None:
        healer = work.get(find(enc, by)) if by else None
        if healer is None:
            raise ValueError(_("--formula heals with someone's crit check: say who with --by NAME"))
        rolled = rules.roll_for(work, source, healer, parse_formula(formula_text), "heal",
                                technique=technique, shift=shift)
        amount = rolled.total
        event.update(formula=formula_text, result=rolled.result, by=healer.name)
    assert amount is not None
    change = restore(rules, work, name, amount)
    work.tell("master_heal", about=[name], **health_fields(change))
    event.update(amount=amount, hp=change.hp_after, status=change.status_after)
    return work.outcome(event, hidden=work.get(name).hidden)


__all__ = ["COMBAT"]
