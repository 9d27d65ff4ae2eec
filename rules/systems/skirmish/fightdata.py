"""What a skirmish keeps beyond the shared clock, in the ``data`` tables.

On each combatant: ``weapons`` and ``armor`` (``gear.py``), and ``dropped``
(weapons knocked out of its hands by a stun, SK-STUN-1).

On the fight, every key left out while empty:

- ``pending``: attacks waiting for their defender's answer (SK-ATK-1), oldest first;
- ``dodged``: dodger -> the attacker it may counterattack (SK-OUT-1);
- ``counters``: how many counterattacks each combatant made (the cost doubles);
- ``rerolls``: combatant -> stat -> rerolls used this fight (SK-REROLL-1);
- ``used``: combatant -> weapon -> attacks made with it (the most used one rolls for breakage);
- ``damaged``: who was hit this fight, even when def took it all (SK-BREAK-1);
- ``stun_resist``: who resists the next stun on 50% (SK-STUN-2);
- ``strain``: combatant -> checks made on HP since MP or st ran out (SK-EXH-1);
- ``melee``: combatant -> the last round it struck or was struck in melee (SK-MELEE-1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core.errors import DocumentError
from rules.core.state import Fight
from rules.systems.skirmish import gear

Path = tuple[str | int, ...]

_COMBATANT_KEYS = ("weapons", "armor", "dropped")
_FIGHT_KEYS = ("pending", "dodged", "counters", "rerolls", "used", "damaged", "stun_resist", "strain", "melee")
_PENDING_KEYS = {"attacker": str, "target": str, "weapon": str, "die": int, "total": int, "terms": list,
                 "faces": list, "shot": bool, "counter": bool, "stat": str}
_PENDING_REQUIRED = ("attacker", "target", "weapon", "die", "total")


def _unknown(raw: Mapping[str, Any], allowed: tuple[str, ...], path: Path, what: str) -> None:
    for key in raw:
        if key not in allowed:
            raise DocumentError(path + (key,), f"unknown key; {what} has: {', '.join(allowed)}")


def _names(raw: Any, path: Path) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise DocumentError(path, f"must be a list of names, got {raw!r}")
    return list(raw)


def _counts(raw: Any, path: Path) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, f"must be a table of counts, got {raw!r}")
    for key, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DocumentError(path + (key,), f"must be a whole number, 0 or more, got {value!r}")
    return dict(raw)


def decode_combatant(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, _COMBATANT_KEYS, path, "a skirmish combatant's data")
    gear.weapons(raw, path + ("weapons",))
    gear.armor(raw, path + ("armor",))
    if "dropped" in raw:
        _names(raw["dropped"], path + ("dropped",))
    return dict(raw)


def _pending(raw: Any, path: Path) -> None:
    if not isinstance(raw, list):
        raise DocumentError(path, f"must be a list of attacks, got {raw!r}")
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise DocumentError(path + (i,), f"must be a table, got {item!r}")
        _unknown(item, tuple(_PENDING_KEYS), path + (i,), "a pending attack")
        for key in _PENDING_REQUIRED:
            if key not in item:
                raise DocumentError(path + (i, key), "missing")
        for key, value in item.items():
            kind = _PENDING_KEYS[key]
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise DocumentError(path + (i, key), f"must be {kind.__name__}, got {value!r}")


def decode_fight(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, _FIGHT_KEYS, path, "a skirmish fight's data")
    if "pending" in raw:
        _pending(raw["pending"], path + ("pending",))
    if "dodged" in raw:
        dodged = raw["dodged"]
        if not isinstance(dodged, Mapping) or not all(isinstance(v, str) for v in dodged.values()):
            raise DocumentError(path + ("dodged",), f"must be a table of dodger = attacker, got {dodged!r}")
    for key in ("counters", "strain", "melee"):
        if key in raw:
            _counts(raw[key], path + (key,))
    for key in ("rerolls", "used"):
        if key in raw:
            table = raw[key]
            if not isinstance(table, Mapping):
                raise DocumentError(path + (key,), f"must be a table per combatant, got {table!r}")
            for name, counts in table.items():
                _counts(counts, path + (key, name))
    for key in ("damaged", "stun_resist"):
        if key in raw:
            _names(raw[key], path + (key,))
    return dict(raw)


def decode_turn(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, (), path, "a skirmish turn's data")
    return {}


# --- accessors: read a key, write it back without leaving an empty table ----------------


def get(fight: Fight, key: str, default: Any) -> Any:
    value = fight.data.get(key)
    return default if value is None else value


def put(fight: Fight, key: str, value: Any) -> Fight:
    data = dict(fight.data)
    if value:
        data[key] = value
    else:
        data.pop(key, None)
    return replace(fight, data=data)


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
    names = [n for n in listed(fight, key) if n != name]
    if present:
        names.append(name)
    return put(fight, key, names)


def engage(fight: Fight, *names: str) -> Fight:
    """Mark ``names`` as fighting in melee this round."""
    table = dict(get(fight, "melee", {}))
    for name in names:
        table[name] = fight.round
    return put(fight, "melee", table)


def engaged(fight: Fight, name: str) -> bool:
    """In melee: struck or was struck in melee this round or the last [I]."""
    table = get(fight, "melee", {})
    return name in table and table[name] >= fight.round - 1
