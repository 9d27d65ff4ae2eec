"""Terra's own data on combatants, turns and the fight, as the codec reads it.

On each combatant: ``cell`` (``[x, y]`` on the grid, TT-RADIUS-1), ``held``
(a rhesus state held for the next turn, TT-RH-3: ``entered`` or
``playing``), ``trance`` (``{uses, turns}`` left, TT-TRANCE-1),
``trance_used`` (the day's trance is spent), ``temp_sp`` (the temporary
SP of TT-SYNC-3), ``techniques`` (what the character knows, by name:
techniques.py, TT-TECH-1), ``lured`` (the side a monster left for Весы,
TT-SIGN-2) and ``worn`` (items by slot, TT-WEAPON-1).  On the fight: ``initiative`` (the order of phase 1 on),
``groups`` (who share a place), ``countered`` (who made a counter attack this
phase, TT-COUNTER-1), ``last`` (who declined the synchronization phase
and acts last, TT-SYNC-3), ``cast`` (techniques used this phase, by name:
a second one provokes) and ``lion`` (each Лев who gave an ally this turn's won
defensive check, TT-SIGN-2).  On a turn: ``moved`` (cells walked, TT-AP-2),
``combo`` (the non-damaging first technique that opens a combined action,
TT-COMBINED-1) and ``controlled`` (who controls this monster's turn, Рак).

Kept apart from the fight rules so that checking a session file never loads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.systemdata import SystemData
from rules.i18n import N_, _
from rules.systems.terra.techniques import ASPECTS, EFFECTS
from rules.systems.terra.weapons import SLOTS

Path = tuple[str | int, ...]

_COMBATANT = ("cell", "held", "trance", "trance_used", "temp_sp", "techniques", "lured", "worn")
_FIGHT = ("initiative", "groups", "countered", "last", "cast", "lion")
_TURN = ("moved", "combo", "controlled")
#: a technique's keys and the type of each (see techniques.py)
_TECHNIQUE = {"aspect": str, "effect": str, "formula": str, "type": str, "ap": int, "hp": int, "mp": int,
              "weapon": bool, "learned": bool, "slot": bool, "passive": bool, "provokes": bool, "reach": int,
              "copied": bool}


def _table(raw: Any, path: Path, allowed: tuple[str, ...], what: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("must be a table, got {kind}").format(kind=type(raw).__name__))
    for key in raw:
        if key not in allowed:
            raise DocumentError(path + (key,), _("unknown key; {what} has: {keys}").format(
                what=_(what), keys=", ".join(allowed)))
    return raw


def _whole(value: Any, path: Path, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
        if minimum is None:
            raise DocumentError(path, _("must be a whole number, got {value!r}").format(value=value))
        raise DocumentError(path, _("must be a whole number of at least {minimum}, got {value!r}").format(
            minimum=minimum, value=value))
    return value


def _names(value: Any, path: Path) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DocumentError(path, _("must be a list of names, got {value!r}").format(value=value))
    return list(value)


def decode_combatant(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    table = _table(raw, path, _COMBATANT, N_("a terra combatant's data"))
    out: dict[str, Any] = {}
    if "cell" in table:
        cell = table["cell"]
        if not isinstance(cell, list) or len(cell) != 2:
            raise DocumentError(path + ("cell",), _("must be two whole numbers [x, y], got {value!r}").format(
                value=cell))
        out["cell"] = [_whole(v, path + ("cell",)) for v in cell]
    if "held" in table:
        if table["held"] not in ("entered", "playing"):
            raise DocumentError(path + ("held",), _('must be "entered" or "playing", got {value!r}').format(
                value=table["held"]))
        out["held"] = table["held"]
    if "trance" in table:
        trance = _table(table["trance"], path + ("trance",), ("uses", "turns"), N_("a trance"))
        out["trance"] = {k: _whole(trance.get(k), path + ("trance", k), 0) for k in ("uses", "turns")}
    if "trance_used" in table:
        if not isinstance(table["trance_used"], bool):
            raise DocumentError(path + ("trance_used",), _("must be true or false, got {value!r}").format(
                value=table["trance_used"]))
        out["trance_used"] = table["trance_used"]
    if "temp_sp" in table:
        out["temp_sp"] = _whole(table["temp_sp"], path + ("temp_sp",), 0)
    if "techniques" in table:
        out["techniques"] = _techniques(table["techniques"], path + ("techniques",))
    if "worn" in table:
        worn = _table(table["worn"], path + ("worn",), tuple(SLOTS), N_("the worn equipment"))
        out["worn"] = {slot: _names(items, path + ("worn", slot)) for slot, items in worn.items()}
    if "lured" in table:
        if table["lured"] not in ("party", "enemy"):
            raise DocumentError(path + ("lured",), _('must be "party" or "enemy", got {value!r}').format(
                value=table["lured"]))
        out["lured"] = table["lured"]
    return out


def _techniques(raw: Any, path: Path) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("must be a table, got {kind}").format(kind=type(raw).__name__))
    out: dict[str, Any] = {}
    for name, entry in raw.items():
        where = path + (name,)
        table = _table(entry, where, tuple(_TECHNIQUE), N_("a technique"))
        for key, value in table.items():
            kind = _TECHNIQUE[key]
            if kind is int:
                _whole(value, where + (key,), 0)
            elif not isinstance(value, kind):
                wanted = _("true or false") if kind is bool else _("text")
                raise DocumentError(where + (key,), _("must be {wanted}, got {value!r}").format(
                    wanted=wanted, value=value))
        if table.get("aspect") not in ASPECTS:
            raise DocumentError(where + ("aspect",), _("must be one of {words}, got {value!r}").format(
                words=", ".join(ASPECTS), value=table.get("aspect")))
        if table.get("effect", "damage") not in EFFECTS:
            raise DocumentError(where + ("effect",), _("must be one of {words}, got {value!r}").format(
                words=", ".join(EFFECTS), value=table["effect"]))
        out[name] = dict(table)
    return out


def decode_fight(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    table = _table(raw, path, _FIGHT, N_("a terra fight's data"))
    out: dict[str, Any] = {}
    if "cast" in table:
        cast = _table(table["cast"], path + ("cast",), tuple(table["cast"]) if isinstance(table["cast"], Mapping)
                      else (), N_("the techniques of the phase"))
        out["cast"] = {k: _whole(v, path + ("cast", k), 0) for k, v in cast.items()}
    for key in ("initiative", "countered", "last", "lion"):
        if key in table:
            out[key] = _names(table[key], path + (key,))
    if "groups" in table:
        groups = table["groups"]
        if not isinstance(groups, list):
            raise DocumentError(path + ("groups",), _("must be a list of lists of names, got {value!r}").format(
                value=groups))
        out["groups"] = [_names(g, path + ("groups", i)) for i, g in enumerate(groups)]
    return out


def decode_turn(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
    table = _table(raw, path, _TURN, N_("a terra turn's data"))
    out: dict[str, Any] = {}
    if "moved" in table:
        out["moved"] = _whole(table["moved"], path + ("moved",), 0)
    if "combo" in table:
        if not isinstance(table["combo"], str):
            raise DocumentError(path + ("combo",), _("must be {wanted}, got {value!r}").format(
                wanted=_("text"), value=table["combo"]))
        out["combo"] = table["combo"]
    if "controlled" in table:
        out["controlled"] = _names([table["controlled"]], path + ("controlled",))[0]
    return out


class Decoders(SystemData):
    """The three ``decode_*_data`` methods of the contract, and the session check's question."""

    decode_combatant_data = staticmethod(decode_combatant)
    decode_fight_data = staticmethod(decode_fight)
    decode_turn_data = staticmethod(decode_turn)

    @staticmethod
    def combatant_problems(sheet: Any, table: Mapping[str, Any]) -> list[tuple[Path, str]]:
        return []


DECODERS = Decoders()
