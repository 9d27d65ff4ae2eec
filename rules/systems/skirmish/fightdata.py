"""What a skirmish keeps beyond the shared clock, in the ``data`` tables.

On each combatant: ``weapons``, ``armor`` and ``artifacts`` (``gear.py``), ``dropped``
(weapons knocked out of its hands by a stun, SK-STUN-1), and ``cover`` (the
destruction rating of the cover it stands in, SK-COVER-1).

On the fight, every key left out while empty:

- ``pending``: attacks waiting for their defender's answer (SK-ATK-1), oldest first;
- ``dodged``: dodger -> the attacker it may counterattack (SK-OUT-1);
- ``counters``: how many counterattacks each combatant made (the cost doubles);
- ``rerolls``: combatant -> stat -> rerolls used this fight (SK-REROLL-1);
- ``used``: combatant -> weapon -> attacks made with it (the most used one rolls for breakage);
- ``damaged``: who was hit this fight, even when def took it all (SK-BREAK-1);
- ``stun_resist``: who resists the next stun on 50% (SK-STUN-2);
- ``strain``: combatant -> endurance checks made this fight (SK-EXH-1: each one is 1 harder);
- ``drained``: combatant -> the pools (mp, st) that ran out and had their check (SK-EXH-1);
- ``melee``: combatant -> the last round it struck or was struck in melee (SK-MELEE-1);
- ``fled``: runners who escaped (SK-FLEE-1) and leave the order once no attack
  waits on them and their own turn is over;
- ``burning``: combatant -> the item the master named to roll for breakage while it burns (SK-BURN-1);
- ``moved``: combatant -> metres it moved since its own turn last began (SK-MOVE-1: the free
  metres are a turn's, whatever the number of moves); its turn starting clears it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.core.errors import DocumentError
from rules.core.state import Fight, thawed
from rules.i18n import N_, _
from rules.systems.skirmish import gear

Path = tuple[str | int, ...]

_COMBATANT_KEYS = ("weapons", "armor", "artifacts", "dropped", "cover")
_FIGHT_KEYS = ("pending", "dodged", "counters", "rerolls", "used", "damaged", "stun_resist", "strain", "melee",
               "burning", "fled", "drained", "moved")
_PENDING_KEYS = {"attacker": str, "target": str, "weapon": str, "die": int, "total": int, "terms": list,
                 "faces": list, "shot": bool, "counter": bool, "stat": str, "chase": bool}
#: what a pending attack's value must be, in words
_KIND_WORDS = {str: N_("text"), int: N_("a whole number"), list: N_("a list"), bool: N_("true or false")}
_PENDING_REQUIRED = ("attacker", "target", "weapon", "die", "total")


def _names(raw: Any, path: Path) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise DocumentError(path, _("must be a list of names, got {value!r}").format(value=raw))
    return list(raw)


def _counts(raw: Any, path: Path) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("must be a table of counts, got {value!r}").format(value=raw))
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DocumentError(path + (key,), _("must be a whole number, 0 or more, got {value!r}")
                                .format(value=value))
    return dict(raw)


def decode_combatant(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    gear.refuse_unknown(raw, _COMBATANT_KEYS, path, N_("a skirmish combatant's data"))
    gear.weapons(raw, path + ("weapons",))
    gear.armor(raw, path + ("armor",))
    gear.artifacts(raw, path + ("artifacts",))
    if "dropped" in raw:
        _names(raw["dropped"], path + ("dropped",))
    if "cover" in raw:
        rating = raw["cover"]
        if isinstance(rating, bool) or not isinstance(rating, int):
            raise DocumentError(path + ("cover",), _("must be a whole number, got {value!r}").format(value=rating))
    return dict(raw)


def _pending(raw: Any, path: Path) -> None:
    if not isinstance(raw, list):
        raise DocumentError(path, _("must be a list of attacks, got {value!r}").format(value=raw))
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise DocumentError(path + (i,), _("must be a table, got {value!r}").format(value=item))
        gear.refuse_unknown(item, tuple(_PENDING_KEYS), path + (i,), N_("a pending attack"))
        for key in _PENDING_REQUIRED:
            if key not in item:
                raise DocumentError(path + (i, key), _("missing"))
        for key, value in item.items():
            kind = _PENDING_KEYS[key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DocumentError(path + (i, key), _("must be {kind}, got {value!r}").format(
                    kind=_(_KIND_WORDS[kind]), value=value))


def decode_fight(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    gear.refuse_unknown(raw, _FIGHT_KEYS, path, N_("a skirmish fight's data"))
    if "pending" in raw:
        _pending(raw["pending"], path + ("pending",))
    if "dodged" in raw:
        dodged = raw["dodged"]
        if not isinstance(dodged, Mapping) or not all(isinstance(v, str) for v in dodged.values()):
            raise DocumentError(path + ("dodged",), _("must be a table of dodger = attacker, got {value!r}")
                                .format(value=dodged))
    if "drained" in raw:
        drained = raw["drained"]
        if not isinstance(drained, Mapping):
            raise DocumentError(path + ("drained",), _("must be a table per combatant, got {value!r}")
                                .format(value=drained))
        for name, pools in drained.items():
            _names(pools, path + ("drained", name))
    if "burning" in raw:
        items = raw["burning"]
        if not isinstance(items, Mapping) or not all(isinstance(v, str) for v in items.values()):
            raise DocumentError(path + ("burning",), _("must be a table of combatant = item, got {value!r}")
                                .format(value=items))
    for key in ("counters", "strain", "melee", "moved"):
        if key in raw:
            _counts(raw[key], path + (key,))
    for key in ("rerolls", "used"):
        if key in raw:
            table = raw[key]
            if not isinstance(table, Mapping):
                raise DocumentError(path + (key,), _("must be a table per combatant, got {value!r}")
                                    .format(value=table))
            for name, counts in table.items():
                _counts(counts, path + (key, name))
    for key in ("damaged", "stun_resist", "fled"):
        if key in raw:
            _names(raw[key], path + (key,))
    return dict(raw)


def decode_turn(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    gear.refuse_unknown(raw, (), path, N_("a skirmish turn's data"))
    return {}


# --- accessors: read a key, write it back without leaving an empty table ----------------


def get(fight: Fight, key: str, default: Any) -> Any:
    value = fight.data.get(key)
    return default if value is None else value


def put(fight: Fight, key: str, value: Any) -> Fight:
    return put_all(fight, {key: value})


def put_all(fight: Fight, values: Mapping[str, Any]) -> Fight:
    """:func:`put` of each key in turn, in one copy of the fight."""
    data: dict[str, Any] | None = None
    for key, value in values.items():
        held = (fight.data if data is None else data).get(key)
        if (held is None and not value) or (type(held) is type(value) and held == value):
            continue  # nothing changes (a mark already made, a table emptied already)
        if data is None:
            data = thawed(fight.data)
        if value:
            data[key] = value
        else:
            data.pop(key, None)
    if data is None:
        return fight  # the very fight
    # frozen here, so the copy keeps this very table (Fight freezes any other mapping by copying it)
    return fight.with_data(MappingProxyType(data))


def pending(fight: Fight) -> list[dict[str, Any]]:
    return [dict(p) for p in get(fight, "pending", [])]


def count(fight: Fight, key: str, name: str) -> int:
    return int(get(fight, key, {}).get(name, 0))


def bump(fight: Fight, key: str, name: str, by: int = 1) -> Fight:
    table = dict(get(fight, key, {}))
    table[name] = table.get(name, 0) + by
    return put(fight, key, table)


def nested_count(fight: Fight, key: str, name: str, item: str) -> int:
    return int(get(fight, key, {}).get(name, {}).get(item, 0))


def bump_nested(fight: Fight, key: str, name: str, item: str, by: int = 1) -> Fight:
    table = {k: dict(v) for k, v in get(fight, key, {}).items()}
    inner = table.setdefault(name, {})
    inner[item] = inner.get(item, 0) + by
    return put(fight, key, table)


def listed(fight: Fight, key: str) -> list[str]:
    return list(get(fight, key, []))


def with_listed(fight: Fight, key: str, name: str, present: bool) -> Fight:
    held = fight.data.get(key)
    # a list that would come out the same keeps the very fight, without the copy and the
    # comparison: every hit marks its target damaged twice (the damage, then the hit)
    if held is None:
        if not present:
            return fight
    elif type(held) is list and (bool(held) and held[-1] == name and held.count(name) == 1 if present
                                 else name not in held):
        return fight
    names = [n for n in listed(fight, key) if n != name]
    if present:
        names.append(name)
    return put(fight, key, names)


def engage(fight: Fight, *names: str, used: str | None = None) -> Fight:
    """Mark ``names`` as fighting in melee this round; with ``used``, also count an attack of the
    first of them with that weapon (:func:`bump_nested` of ``used``), in the same copy."""
    round_ = fight.round
    melee = get(fight, "melee", {})
    table: dict[str, int] | None = None
    if type(melee) is not dict or any(melee.get(name) != round_ for name in names):
        table = dict(melee)
        for name in names:
            table[name] = round_
    if used is None:
        return fight if table is None else put(fight, "melee", table)
    # the one count that changes is copied; the other tables are never written in place, so the
    # new fight may share them (every melee attack of a fight comes here)
    counts = dict(get(fight, "used", {}))
    inner = counts[names[0]] = dict(counts.get(names[0], {}))
    inner[used] = inner.get(used, 0) + 1
    # what put_all makes of these (a count went up, so the table always changes)
    data = thawed(fight.data)
    data["used"] = counts
    if table is not None:
        data["melee"] = table
    return fight.with_data(MappingProxyType(data))


def engaged(fight: Fight, name: str) -> bool:
    """In melee: struck or was struck in melee this round or the last [I]."""
    table = get(fight, "melee", {})
    return name in table and table[name] >= fight.round - 1
