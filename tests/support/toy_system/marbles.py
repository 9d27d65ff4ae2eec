"""A toy's inventory: marbles by colour in ``data.marbles`` (TOY-MARBLE-1).

A toy's pockets hold two marbles per point of max HP (the sheet's
``pockets``).  ``char give``, ``char take``, ``char set`` and ``char show``
reach these through the data readers (``data.py``), on the combatants'
tables as the session file holds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import DocumentError, RuleError, UnknownNameError
from rules.core.names import close_names, name_key

#: the one kind of item a toy carries
MARBLE = "marble"


@dataclass(frozen=True)
class Load:
    used: int
    capacity: int

    @property
    def free(self) -> int:
        return max(0, self.capacity - self.used)


@dataclass(frozen=True)
class Pieces:
    name: str
    quantity: int
    kind: str = MARBLE


@dataclass(frozen=True)
class Change:
    """What ``char give``/``char take`` did, in the shape the roster commands report."""

    item: Pieces
    giver: str | None = None
    taker: str | None = None
    taker_load: Load | None = None


def marbles(table: Any) -> dict[str, int]:
    return dict(table.get("data", {}).get("marbles", {}))


def pockets(sheet: Any, stats: Any) -> int:
    return int(sheet.derive(stats)["pockets"])


def _room(sheet: Any, combatants: Any, name: str) -> Load:
    try:
        capacity = pockets(sheet, combatants[name].get("stats", {}))
    except ValueError as e:
        raise DocumentError(("combatants", name, "stats"), str(e)) from None
    return Load(sum(marbles(combatants[name]).values()), capacity)


def _store(combatants: Any, name: str, held: dict[str, int]) -> None:
    table = combatants[name]
    data = table.setdefault("data", {})
    if held:
        data["marbles"] = held
    else:
        data.pop("marbles", None)
        if not data:
            table.pop("data")


def _put(sheet: Any, combatants: Any, name: str, colour: str, count: int) -> Load:
    load = _room(sheet, combatants, name)
    if load.used + count > load.capacity:
        raise RuleError(f"{name}'s pockets hold {load.capacity} marbles and {load.used} are in them")
    held = marbles(combatants[name])
    known = next((c for c in held if name_key(c) == name_key(colour)), colour)
    held[known] = held.get(known, 0) + count
    _store(combatants, name, held)
    return Load(load.used + count, load.capacity)


def _drop(combatants: Any, name: str, colour: str, count: int) -> str:
    held = marbles(combatants[name])
    known = next((c for c in held if name_key(c) == name_key(colour)), None)
    if known is None:
        raise UnknownNameError("marble", colour, close_names(colour, {name_key(c): c for c in held}))
    if held[known] < count:
        raise RuleError(f"{name} has only {held[known]} {known} marbles")
    held[known] -= count
    held = {c: n for c, n in held.items() if n}
    _store(combatants, name, held)
    return known


def give(sheet: Any, combatants: Any, name: str, item: str, count: int, *, to: str | None = None,
         kind: str | None = None, stack: int | None = None) -> Change:
    """``name`` gets ``count`` marbles of colour ``item``, or with ``to`` hands them over."""
    if kind not in (None, MARBLE):
        raise ValueError(f"a toy carries marbles only, not {kind!r} (--kind {MARBLE})")
    if stack is not None:
        raise ValueError("a marble takes a place of its own in a pocket; --stack does not apply")
    if to is not None:
        colour = _drop(combatants, name, item, count)
        return Change(Pieces(colour, count), name, to, _put(sheet, combatants, to, colour, count))
    return Change(Pieces(item, count), None, name, _put(sheet, combatants, name, item, count))


def take(sheet: Any, combatants: Any, name: str, item: str, count: int, *, source: str | None = None) -> Change:
    """``name`` loses ``count`` marbles of colour ``item``, or with ``source`` takes them from it."""
    if source is not None:
        colour = _drop(combatants, source, item, count)
        return Change(Pieces(colour, count), source, name, _put(sheet, combatants, name, colour, count))
    return Change(Pieces(_drop(combatants, name, item, count), count), name)


def require_room(sheet: Any, combatants: Any, name: str) -> None:
    """A lowered max HP leaves fewer pockets: refused while the marbles would not fit."""
    load = _room(sheet, combatants, name)
    if load.used > load.capacity:
        raise RuleError(f"{name} carries {load.used} marbles; its pockets would hold {load.capacity}")


def load(table: Any, derived: Any) -> tuple[Load, str] | None:
    """(the pockets used, the marbles in words) for ``char show``."""
    if "pockets" not in derived:
        return None
    held = marbles(table)
    words = ", ".join(f"{n} x {colour}" for colour, n in held.items())
    return Load(sum(held.values()), derived["pockets"]), words
