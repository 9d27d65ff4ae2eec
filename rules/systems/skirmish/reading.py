"""What every skirmish action reads of a combatant: its stats as a roll reads them, its def,
its weapons, what keeps it from acting.

The fight, the attack and the odds of an attack (``odds.py``) read them here, so
the odds load none of the fight's turn machinery.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules.core.errors import RuleError
from rules.core.state import DEFAULT_STATUSES, Combatant, Status, status_in
from rules.i18n import N_, _
from rules.systems.skirmish import gear
from rules.systems.skirmish.items import armor, artifacts, carried_items, kept_items, weapons, worn_items
from rules.systems.skirmish.presets import FAINTED, STUN
from rules.systems.skirmish.sheet import SHEET

BLOCK = "block"
DODGE = "dodge"
NONE = "none"
ANSWERS = (BLOCK, DODGE, NONE)

#: who lacks a weapon fights with bare hands: strength damage only [I]
BARE_HANDS = gear.Weapon(name="", kind=gear.MELEE, size=gear.SHORT)


#: stats whose item bonuses and slot penalties are added when a roll reads them
_SLOT_STATS = ("stealth", "dexterity")


def base(c: Combatant) -> dict[str, Any]:
    return SHEET.all_values(c.stats)


def slots(c: Combatant, settings: Mapping[str, Any]) -> gear.Slots:
    worn = armor(c)
    # every worn item can hold one short weapon; with none listed, the clothes on one's back [I]
    clothing = len(worn) if worn else 1
    return gear.slots(weapons(c), clothing, over_three_adds=settings.get("slot_penalty") == "on_top")


def _bonus(c: Combatant, key: str) -> float:
    data = c.data
    if type(data) is not MappingProxyType:
        return _item_bonus(c, key)
    known = _BONUSES.get((key, id(data)))
    if known is None or known[0] is not data:
        if len(_BONUSES) >= _BONUSES_KEPT:
            _BONUSES.clear()
        # the data is held with the sum, so its id is never reused meanwhile
        known = _BONUSES[(key, id(data))] = (data, _item_bonus(c, key))
    return known[1]


def _item_bonus(c: Combatant, key: str) -> float:
    items: list[gear.Weapon | gear.Armor] = [*weapons(c).values(), *armor(c).values(), *artifacts(c).values()]
    return sum((float(i.bonuses.get(key, 0)) for i in items), 0.0)


#: (stat, id of a combatant's frozen data) -> (the data, what its items add to the stat): read at
#: every roll of a fight, and a simulation's thousands of fights
_BONUSES: dict[tuple[str, int], tuple[Mapping[str, Any], float]] = {}
_BONUSES_KEPT = 1024


def value(c: Combatant, key: str, settings: Mapping[str, Any] | None = None) -> int:
    """A stat as a roll reads it: typed value, effects' modifiers, item bonuses
    (tenths round half up [I]) and, for stealth and dexterity, the slot penalties."""
    stats, data = c.stats, c.data
    if type(stats) is not MappingProxyType or type(data) is not MappingProxyType \
            or type(settings) is not MappingProxyType:
        return _value(c, key, settings)
    # read at every roll from the same frozen stats, items and settings: what they give is kept by
    # their identity, and the effects' modifiers (which change at every tick) added each time
    ids = (key, id(stats), id(data), id(settings))
    known = _PARTS.get(ids)
    if known is None or known[0] is not stats or known[1] is not data or known[2] is not settings:
        if len(_PARTS) >= _PARTS_KEPT:
            _PARTS.clear()
        known = _PARTS[ids] = (stats, data, settings, *_parts(c, key, settings))
    # _sum, written out: every roll of a fight reads a stat here
    total = known[3] + (c.modifier(key) if c.effects else 0) + known[4]
    if known[5] is not None:
        total += known[5]
    return math.floor(total + 0.5)


#: (stat, ids of the stats, data and settings it was read from) -> (them, the typed value, the
#: item bonus, the slot penalty or None)
_PARTS: dict[tuple[str, int, int, int], tuple[Any, Any, Any, float, float, Any]] = {}
_PARTS_KEPT = 4096


def _parts(c: Combatant, key: str, settings: Mapping[str, Any] | None) -> tuple[float, float, Any]:
    """What a stat's value adds up besides the effects: the typed value, the items' bonus and, for
    stealth and dexterity, the slot penalty (None for the other stats)."""
    typed = float(base(c)[key])
    bonus = _bonus(c, key)
    slot = None
    if key in _SLOT_STATS:
        load = slots(c, settings or {})
        slot = load.stealth if key == "stealth" else load.dexterity
    return typed, bonus, slot


def _sum(typed: float, modifier: int, bonus: float, slot: Any) -> int:
    total = typed + modifier + bonus
    if slot is not None:
        total += slot
    return math.floor(total + 0.5)


def _value(c: Combatant, key: str, settings: Mapping[str, Any] | None) -> int:
    typed, bonus, slot = _parts(c, key, settings)
    return _sum(typed, c.modifier(key), bonus, slot)


def total_def(c: Combatant) -> float:
    """SK-DMG-1: endurance def + armor + artifacts.  Listed armor (artifacts)
    replaces the sheet's armor def (artifact def), which is for characters without
    an item list [I]."""
    stats, data = c.stats, c.data
    if type(stats) is not MappingProxyType or type(data) is not MappingProxyType:
        return _worn_def(c) + c.modifier("def") + _bonus(c, "def")
    # every hit reads it of the same frozen stats and items: their part is kept by their
    # identity, and the effects' modifier and the items' bonus are added in the same order
    known = _WORN_DEF.get((id(stats), id(data)))
    if known is None or known[0] is not stats or known[1] is not data:
        if len(_WORN_DEF) >= _BONUSES_KEPT:
            _WORN_DEF.clear()
        known = _WORN_DEF[(id(stats), id(data))] = (stats, data, _worn_def(c))
    return known[2] + c.modifier("def") + _bonus(c, "def")


def _worn_def(c: Combatant) -> float:
    """Endurance def + artifacts + armor, the part of :func:`total_def` the stats and items give."""
    values = base(c)
    worn, kept = worn_items(c), kept_items(c)
    armor_def = sum(float(a.def_) for a in worn.values()) if worn else float(values["armor_def"])
    artifact_def = sum(float(a.def_) for a in kept.values()) if kept else float(values["artifact_def"])
    return float(values["endurance_def"]) + artifact_def + armor_def


#: (ids of a combatant's frozen stats and data) -> (them, :func:`_worn_def` of them)
_WORN_DEF: dict[tuple[int, int], tuple[Mapping[str, Any], Mapping[str, Any], float]] = {}


def resource(c: Combatant, key: str) -> int:
    if key in c.resources:
        return c.resources[key]
    return SHEET.initial_resources(c.stats)[key]


def stunned(c: Combatant) -> bool:
    return c.effect(STUN) is not None


def stored_cover(c: Combatant) -> int | None:
    """The destruction rating of the cover the master set for ``c`` (SK-COVER-1), or None."""
    rating = c.data.get("cover")
    return None if rating is None else int(rating)


def cannot_act(c: Combatant) -> str | None:
    """What keeps ``c`` from acting besides its status: a stun, a faint."""
    if stunned(c):
        return _("is stunned")
    if c.effect(FAINTED) is not None:
        # SK-EXH-1: fainted, it can neither block nor dodge [I]
        return _("has fainted")
    return None


def unable(c: Combatant, statuses: Mapping[str, Status] = DEFAULT_STATUSES) -> str | None:
    """What keeps ``c`` from acting, answering an attack included: its status, a stun, a faint."""
    state = status_in(statuses, c)
    return cannot_act(c) if state.can_act else f"is {state.label}"


def weapon_of(c: Combatant, query: str | None) -> gear.Weapon:
    """The weapon ``c`` attacks with: the one named, else its only one (a shield aside)."""
    return _by_items(_WIELDED, _weapon_of, c, query)


def blocker(c: Combatant, query: str | None) -> gear.Weapon:
    """What ``c`` blocks with: the named item, else its shield, else its first weapon that blocks."""
    return _by_items(_BLOCKERS, _blocker, c, query)


Chooser = Callable[[Combatant, str | None], gear.Weapon]
Chosen = dict[tuple[int, str | None], tuple[Mapping[str, Any], gear.Weapon]]
#: (id of a combatant's frozen data, the name asked for) -> (the data, the item chosen): every
#: attack and every block asks, and only the items (the data) and the name decide it
_WIELDED: Chosen = {}
_BLOCKERS: Chosen = {}


def _by_items(kept: Chosen, choose: Chooser, c: Combatant, query: str | None) -> gear.Weapon:
    data = c.data
    known = kept.get((id(data), query))
    if known is not None and known[0] is data:
        return known[1]
    chosen = choose(c, query)  # a refusal is not kept: it raises again, in the words of its own
    if type(data) is MappingProxyType:
        if len(kept) >= _BONUSES_KEPT:
            kept.clear()
        # the data is held with the choice, so its id is never reused meanwhile
        kept[(id(data), query)] = (data, chosen)
    return chosen


def _weapon_of(c: Combatant, query: str | None) -> gear.Weapon:
    carried = carried_items(c)
    if query is not None:
        chosen = carried[gear.pick_item(N_("weapon"), query, tuple(carried))] if carried else None
        if chosen is None:
            raise RuleError(_("{name} carries no weapons; leave out --weapon to strike with bare hands")
                            .format(name=c.name))
    elif not carried:
        return BARE_HANDS
    elif len(arms := [w for w in carried.values() if w.kind != gear.SHIELD] or list(carried.values())) == 1:
        # a shield strikes only when named: the one weapon besides it is meant [I]
        chosen = arms[0]
    else:
        raise RuleError(_("{name} carries several weapons; name one with --weapon ({names})")
                        .format(name=c.name, names=", ".join(carried)))
    if chosen.name in c.data.get("dropped", []):
        raise RuleError(_("{name} dropped {weapon} when stunned; pick it up first (pickup {name} {weapon})")
                        .format(name=c.name, weapon=chosen.name), rule="SK-STUN-1")
    return chosen


def _blocker(c: Combatant, query: str | None) -> gear.Weapon:
    carried = {n: w for n, w in carried_items(c).items() if n not in c.data.get("dropped", [])}
    able = {n: w for n, w in carried.items() if w.block}
    if query is not None:
        chosen = carried.get(gear.pick_item(N_("weapon or shield"), query, tuple(carried))) if carried else None
        if chosen is None or not chosen.block:
            raise RuleError(_("{name} cannot block with {item}").format(name=c.name, item=query),
                            rule="SK-ATK-1")
        return chosen
    shields = [w for w in able.values() if w.kind == gear.SHIELD]
    if shields:
        return shields[0]
    if able:
        return next(iter(able.values()))
    raise RuleError(_("{name} has no weapon or shield to block with; dodge instead").format(name=c.name),
                    rule="SK-ATK-1")
