"""What a dungeon fight keeps beyond the shared clock, in the ``data`` tables.

On each combatant: ``inventory`` (what it carries, DG-INV-1), ``prone``
(lying down, DG-PRONE-1), ``cell`` (``[x, y]`` on the grid, DG-RANGE-1;
absent when the master plays without a map) and ``place`` (a party member's
place in the agreed order, DG-INIT-1).  On the fight: ``ambush`` (the side that ambushed, DG-INIT-1) and
``damaged`` (who was hurt since the start of their latest turn: no rally,
DG-FAT-1).  On the turn: ``free_moves`` (the move bought with fatigue that
costs no action) and ``was_damaged`` (the actor was hurt since the start of
its previous turn).  Session files written before these moved here held
them as keys of ``[fight]`` and ``[fight.turn]``; the codec reads those into
these tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.core.errors import DocumentError
from rules.core.state import ENEMY, PARTY, Combatant, Fight, TurnState
from rules.dice.datatypes import replace
from rules.i18n import N_, _

if TYPE_CHECKING:
    from rules.systems.dungeon.inventory import Inventory

Path = tuple[str | int, ...]

_COMBATANT_KEYS = ("inventory", "prone", "cell", "place")
_FIGHT_KEYS = ("ambush", "damaged")
_TURN_KEYS = ("free_moves", "was_damaged")


def _unknown(raw: Mapping[str, Any], allowed: tuple[str, ...], path: Path, what: str) -> None:
    for key in raw:
        if key not in allowed:
            # ``what`` is marked with N_ by the caller
            raise DocumentError(path + (key,), _("unknown key; {what} has: {keys}").format(
                what=_(what), keys=", ".join(allowed)))


def decode_combatant(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, _COMBATANT_KEYS, path, N_("a dungeon combatant's data"))
    out: dict[str, Any] = {}
    if "inventory" in raw:
        from rules.systems.dungeon.inventory import Inventory

        items = Inventory.from_toml(raw["inventory"], path + ("inventory",))
        if items.items:
            out["inventory"] = items.to_toml()
    if "prone" in raw:
        if not isinstance(raw["prone"], bool):
            raise DocumentError(path + ("prone",), _("must be true or false, got {value!r}").format(
                value=raw["prone"]))
        if raw["prone"]:
            out["prone"] = True
    if "cell" in raw:
        cell = raw["cell"]
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise DocumentError(path + ("cell",), _("must be two whole numbers [x, y], got {cell!r}").format(cell=cell))
        out["cell"] = list(cell)
    if "place" in raw:
        value = raw["place"]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise DocumentError(path + ("place",), _("must be a whole number, 1 or more, got {value!r}").format(
                value=value))
        out["place"] = value
    return out


def decode_fight(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, _FIGHT_KEYS, path, N_("a dungeon fight's data"))
    out: dict[str, Any] = {}
    if "ambush" in raw:
        if raw["ambush"] not in (PARTY, ENEMY):
            raise DocumentError(path + ("ambush",), _("an ambush is made by {party!r} or {enemy!r}, not {ambush!r}")
                                .format(party=PARTY, enemy=ENEMY, ambush=raw["ambush"]))
        out["ambush"] = raw["ambush"]
    if "damaged" in raw:
        names = raw["damaged"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise DocumentError(path + ("damaged",), _("must be a list of names, got {names!r}").format(names=names))
        if names:
            out["damaged"] = list(names)
    return out


def decode_turn(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    _unknown(raw, _TURN_KEYS, path, N_("a dungeon turn's data"))
    out: dict[str, Any] = {}
    if "free_moves" in raw:
        value = raw["free_moves"]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise DocumentError(path + ("free_moves",), _("must be a whole number, 0 or more, got {value!r}").format(
                value=value))
        if value:
            out["free_moves"] = value
    if "was_damaged" in raw:
        if not isinstance(raw["was_damaged"], bool):
            raise DocumentError(path + ("was_damaged",), _("must be true or false, got {value!r}").format(
                value=raw["was_damaged"]))
        if raw["was_damaged"]:
            out["was_damaged"] = True
    return out


# --- reading and writing them ----------------------------------------------------------


def ambush(fight: Fight) -> str | None:
    return fight.data.get("ambush")


def damaged(fight: Fight) -> tuple[str, ...]:
    return tuple(fight.data.get("damaged", ()))


def with_damaged(fight: Fight, names: tuple[str, ...]) -> Fight:
    data = {k: v for k, v in fight.data.items() if k != "damaged"}
    if names:
        data["damaged"] = list(names)
    return fight.with_data(data)


def place(c: Combatant) -> int | None:
    """A party member's place in the agreed order (DG-INIT-1); None: by РЕАК."""
    return c.data.get("place")


def prone(c: Combatant) -> bool:
    return bool(c.data.get("prone", False))


def cell(c: Combatant) -> tuple[int, int] | None:
    raw = c.data.get("cell")
    return (int(raw[0]), int(raw[1])) if raw is not None else None


def inventory(c: Combatant) -> Inventory:
    from rules.systems.dungeon.inventory import Inventory

    return Inventory.from_toml(c.data.get("inventory", []), ("combatants", c.name, "data", "inventory"))


def with_data(c: Combatant, **changes: Any) -> Combatant:
    """``c`` with data keys set; a default (False, None, an empty list) removes the key."""
    data = dict(c.data)
    for key, value in changes.items():
        if value in (False, None, [], ()):
            data.pop(key, None)
        else:
            data[key] = list(value) if isinstance(value, tuple) else value
    return replace(c, data=data)


def free_moves(turn: TurnState) -> int:
    return int(turn.data.get("free_moves", 0))


def was_damaged(turn: TurnState) -> bool:
    return bool(turn.data.get("was_damaged", False))


def with_free_moves(turn: TurnState, count: int) -> dict[str, Any]:
    """The turn's data with ``count`` free moves left."""
    return {**{k: v for k, v in turn.data.items() if k != "free_moves"}, **turn_data(free_moves=count)}


def turn_data(*, free_moves: int = 0, was_damaged: bool = False) -> dict[str, Any]:
    """A turn's data table; defaults are left out, as in the session file."""
    out: dict[str, Any] = {}
    if free_moves:
        out["free_moves"] = free_moves
    if was_damaged:
        out["was_damaged"] = True
    return out
