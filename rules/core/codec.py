"""Encounter <-> session document (the dict a TOML session file holds).

``encounter_to_doc(encounter_from_doc(doc), doc) == doc`` for every
document this module writes, key order included.  Only TOML-safe values
are written (str, int, bool, lists, tables); an absent value is an omitted
key, never None.  Keys this module does not manage (format, name, created,
commit ...) are carried over from the base document untouched.

A value of the wrong shape raises :class:`rules.core.errors.DocumentError` naming
its place (``combatants."Викинг".effects[0].tick``), so a hand edit can be
fixed.  Stats are not checked against the system's sheet here; that is the
sheet's job.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core.effects import FIGHT_END, NEVER, REFRESH, Effect
from rules.core.errors import DocumentError
from rules.core.plain import copy_plain
from rules.core.state import OK, Combatant, Encounter, Fight, TurnState
from rules.i18n import N_, _

Path = tuple[str | int, ...]
Decoder = Callable[[Mapping[str, Any], Path], Mapping[str, Any]]

#: where the keys this module writes go when the base document lacks them
_TOP_ORDER = ("format", "name", "system", "created", "settings", "commit", "combatants", "fight")
_COMBATANT_KEYS = ("side", "hidden", "status", "stats", "resources", "effects", "data", "forms", "tactic")
#: a combatant's keys the interface owns: kept as the file has them when the rules write the combatant
_KEPT_COMBATANT_KEYS = ("forms",)
#: the keys of a combatant's ``forms`` table (rules.i18n) and the genders it may name
_FORM_KEYS = ("gender", "genitive", "dative", "accusative", "instrumental", "prepositional")
_GENDERS = ("m", "f", "n", "plural")


# --- reading ---------------------------------------------------------------------


def _fail(path: Path, problem: str) -> DocumentError:
    return DocumentError(path, problem)


def _table(value: Any, path: Path) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, _("must be a table, got {type}").format(type=type(value).__name__))
    return value


def _int(value: Any, path: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, _("must be a whole number, got {value!r}").format(value=value))
    return value


def _str(value: Any, path: Path) -> str:
    if not isinstance(value, str):
        raise _fail(path, _("must be text, got {value!r}").format(value=value))
    return value


def _bool(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise _fail(path, _("must be true or false, got {value!r}").format(value=value))
    return value


def _names(value: Any, path: Path) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise _fail(path, _("must be a list of names, got {value!r}").format(value=value))
    return tuple(_str(item, path + (i,)) for i, item in enumerate(value))


def _stat(value: Any, path: Path) -> int | str | bool | float:
    if not isinstance(value, (int, str, bool, float)):
        raise _fail(path, _("must be a number, text or true/false, got {value!r}").format(value=value))
    return value


_STAT_TYPES = frozenset((int, str, bool, float))


def _only(table: Mapping[str, Any], allowed: tuple[str, ...], path: Path, what: str) -> None:
    for key in table:
        if key not in allowed:
            # ``what`` is marked with N_ by the caller
            raise _fail(path + (key,), _("unknown key; {what} has: {keys}").format(
                what=_(what), keys=", ".join(allowed)))


_EFFECT_READERS: dict[str, Callable[[Any, Path], Any]] = {
    "name": _str,
    "tick": _str,
    "damage": _int,
    "damage_dice": _str,
    "heal": _int,
    "modifiers": lambda v, p: {k: _int(x, p + (k,)) for k, x in _table(v, p).items()},
    "skip_turn": _bool,
    "stacking": _str,
    "stacks": _int,
    "until": _str,
    "until_round": _int,
    "last_tick": _int,
    "note": _str,
    "floor": _int,
    "healing_removes": _bool,
    "hook": _str,
}


def effect_from_doc(table: Any, path: Path) -> Effect:
    table = _table(table, path)
    _only(table, tuple(_EFFECT_READERS), path, N_("an effect"))
    if "name" not in table:
        raise _fail(path + ("name",), _("an effect needs a name"))
    fields = {key: _EFFECT_READERS[key](value, path + (key,)) for key, value in table.items()}
    try:
        return Effect(**fields)
    except ValueError as err:
        raise _fail(path, str(err)) from None


def _data(table: Mapping[str, Any], path: Path, decode: Decoder | None) -> Mapping[str, Any]:
    """A system-owned ``data`` table: checked by the system's decoder when there is one."""
    raw = _table(table.get("data", {}), path + ("data",))
    return dict(decode(raw, path + ("data",))) if decode is not None else dict(raw)


def _forms(table: Mapping[str, Any], path: Path) -> None:
    """A name's forms: texts under known keys, a gender among the four."""
    forms = _table(table, path)
    _only(forms, _FORM_KEYS, path, N_("a name's forms"))
    for key, value in forms.items():
        if not _str(value, path + (key,)).strip():
            raise _fail(path + (key,), _("must not be empty"))
        if key == "gender" and value not in _GENDERS:
            raise _fail(path + (key,), _("must be one of {choices}, got {value!r}").format(
                choices=", ".join(_GENDERS), value=value))


def combatant_from_doc(name: str, table: Any, path: Path, decode: Decoder | None = None) -> Combatant:
    table = _table(table, path)
    _only(table, _COMBATANT_KEYS, path, N_("a combatant"))
    if "forms" in table:
        _forms(table["forms"], path + ("forms",))
    stats = _table(table.get("stats", {}), path + ("stats",))
    resources = _table(table.get("resources", {}), path + ("resources",))
    effects = table.get("effects", [])
    if not isinstance(effects, list):
        raise _fail(path + ("effects",), _("must be a list of effect tables ([[...effects]])"))
    if "side" not in table:
        raise _fail(path + ("side",), _("missing; a combatant is on side party or enemy"))
    try:
        return Combatant(
            name=name,
            side=_str(table["side"], path + ("side",)),
            hidden=_bool(table.get("hidden", False), path + ("hidden",)),
            status=_str(table.get("status", OK), path + ("status",)),
            # a value of the very type wanted needs no check and no place to be named by
            stats={k: v if type(v) in _STAT_TYPES else _stat(v, path + ("stats", k)) for k, v in stats.items()},
            resources={k: v if type(v) is int else _int(v, path + ("resources", k)) for k, v in resources.items()},
            effects=tuple(
                effect_from_doc(e, path + ("effects", i)) for i, e in enumerate(effects)
            ),
            data=_data(table, path, decode),
            tactic=_str(table.get("tactic", ""), path + ("tactic",)),
        )
    except DocumentError:
        raise
    except ValueError as err:
        raise _fail(path, str(err)) from None


_TURN_KEYS = ("actor", "actions", "spent", "used", "data")
_FIGHT_KEYS = ("round", "order", "index", "groups", "initiative", "delayed", "stage", "turn", "data")
#: keys the core once held for the dungeon: read from older files into the
#: system's ``data`` table, written back there
_LEGACY_TURN_KEYS = ("free_moves", "was_damaged")
_LEGACY_FIGHT_KEYS = ("ambush", "damaged")


def _with_legacy(table: Mapping[str, Any], legacy: tuple[str, ...], path: Path) -> Mapping[str, Any]:
    """``table`` with the legacy keys moved into its ``data`` table (a key
    already in ``data`` wins)."""
    moved = {key: table[key] for key in legacy if key in table}
    if not moved:
        return table
    data = _table(table.get("data", {}), path + ("data",))
    rest = {key: value for key, value in table.items() if key not in legacy}
    return {**rest, "data": {**moved, **data}}


def _turn_from_doc(table: Any, path: Path, decode: Decoder | None = None) -> TurnState:
    table = _with_legacy(_table(table, path), _LEGACY_TURN_KEYS, path)
    _only(table, _TURN_KEYS, path, N_("a turn"))
    if "actor" not in table:
        raise _fail(path + ("actor",), _("missing; the turn belongs to someone"))
    return TurnState(
        actor=_str(table["actor"], path + ("actor",)),
        actions=_int(table.get("actions", 0), path + ("actions",)),
        spent=_int(table.get("spent", 0), path + ("spent",)),
        used=_names(table.get("used", []), path + ("used",)),
        data=_data(table, path, decode),
    )


def _groups(value: Any, path: Path) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list):
        raise _fail(path, _("must be a list of name lists, got {value!r}").format(value=value))
    return tuple(_names(group, path + (i,)) for i, group in enumerate(value))


def fight_from_doc(table: Any, path: Path = ("fight",), decode: Decoder | None = None,
                   decode_turn: Decoder | None = None) -> Fight:
    table = _with_legacy(_table(table, path), _LEGACY_FIGHT_KEYS, path)
    _only(table, _FIGHT_KEYS, path, N_("a fight"))
    delayed = table.get("delayed", [])
    if not isinstance(delayed, list):
        raise _fail(path + ("delayed",), _("must be a list of turn tables ([[fight.delayed]])"))
    try:
        return Fight(
            round=_int(table.get("round", 1), path + ("round",)),
            order=_names(table.get("order", []), path + ("order",)),
            index=_int(table.get("index", 0), path + ("index",)),
            turn=_turn_from_doc(table["turn"], path + ("turn",), decode_turn) if "turn" in table else None,
            groups=_groups(table.get("groups", []), path + ("groups",)),
            initiative=_names(table.get("initiative", []), path + ("initiative",)),
            delayed=tuple(_turn_from_doc(t, path + ("delayed", i), decode_turn) for i, t in enumerate(delayed)),
            stage=_str(table.get("stage", ""), path + ("stage",)),
            data=_data(table, path, decode),
        )
    except DocumentError:
        raise
    except ValueError as err:
        raise _fail(path, str(err)) from None


def encounter_from_doc(doc: Mapping[str, Any], rules: Any = None) -> Encounter:
    """The encounter a session document describes.

    ``rules`` (the system's SystemRules or SystemData) brings a combatant an older
    release wrote up to date and checks the ``data`` tables the system keeps on
    combatants and on the fight; without it they are kept as written.
    """
    if "system" not in doc:
        raise _fail(("system",), _("missing: the system the session plays"))
    system = _str(doc["system"], ("system",))
    settings = _table(doc.get("settings", {}), ("settings",))
    roster = _table(doc.get("combatants", {}), ("combatants",))
    combatants = tuple(
        combatant_from_doc(name, rules.upgrade_combatant(table) if rules is not None and isinstance(table, Mapping)
                           else table, ("combatants", name), rules.decode_combatant_data if rules is not None else None)
        for name, table in roster.items()
    )
    fight = (fight_from_doc(doc["fight"], ("fight",), rules.decode_fight_data if rules is not None else None,
                            rules.decode_turn_data if rules is not None else None)
             if "fight" in doc else None)
    try:
        return Encounter(system, dict(settings), combatants, fight)
    except ValueError as err:
        place: Path = ("fight", "order") if "order" in str(err) else ("combatants",)
        raise _fail(place, str(err)) from None


# --- writing ---------------------------------------------------------------------


def effect_to_doc(effect: Effect) -> dict[str, Any]:
    """name, tick and until always; the rest only when not at its default."""
    out: dict[str, Any] = {"name": effect.name, "tick": effect.tick}
    optional: tuple[tuple[str, Any, Any], ...] = (
        ("damage", effect.damage, 0),
        ("damage_dice", effect.damage_dice, ""),
        ("heal", effect.heal, 0),
        ("modifiers", dict(effect.modifiers), {}),
        ("skip_turn", effect.skip_turn, False),
        ("stacking", effect.stacking, REFRESH),
        ("stacks", effect.stacks, 1),
        ("floor", effect.floor, 0),
        ("healing_removes", effect.healing_removes, False),
        ("hook", effect.hook, ""),
    )
    for key, value, default in optional:
        if value != default:
            out[key] = value
    out["until"] = effect.until
    if effect.until not in (NEVER, FIGHT_END):
        out["until_round"] = effect.until_round
    if effect.last_tick:
        out["last_tick"] = effect.last_tick
    if effect.note:
        out["note"] = effect.note
    return out


def combatant_to_doc(combatant: Combatant) -> dict[str, Any]:
    out: dict[str, Any] = {
        "side": combatant.side,
        "hidden": combatant.hidden,
        "status": combatant.status,
        "stats": dict(combatant.stats),
        "resources": dict(combatant.resources),
    }
    if combatant.effects:
        out["effects"] = [effect_to_doc(e) for e in combatant.effects]
    if combatant.data:
        out["data"] = copy_plain(dict(combatant.data))
    if combatant.tactic:
        out["tactic"] = combatant.tactic
    return out


def _turn_to_doc(turn: TurnState) -> dict[str, Any]:
    out: dict[str, Any] = {"actor": turn.actor, "actions": turn.actions, "spent": turn.spent}
    if turn.used:
        out["used"] = list(turn.used)
    if turn.data:
        out["data"] = copy_plain(dict(turn.data))
    return out


def fight_to_doc(fight: Fight) -> dict[str, Any]:
    out: dict[str, Any] = {"round": fight.round, "order": list(fight.order), "index": fight.index}
    if fight.groups:
        out["groups"] = [list(group) for group in fight.groups]
    if fight.initiative:
        out["initiative"] = list(fight.initiative)
    if fight.stage:
        out["stage"] = fight.stage
    if fight.turn is not None:
        out["turn"] = _turn_to_doc(fight.turn)
    if fight.delayed:
        out["delayed"] = [_turn_to_doc(turn) for turn in fight.delayed]
    if fight.data:
        out["data"] = copy_plain(dict(fight.data))
    return out


def _with_kept(table: dict[str, Any], base_doc: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A written combatant with the keys the interface owns brought over from the base document."""
    base = base_doc.get("combatants")
    old = base.get(name) if isinstance(base, Mapping) else None
    if isinstance(old, Mapping):
        for key in _KEPT_COMBATANT_KEYS:
            if key in old:
                table[key] = copy_plain(old[key])
    return table


def encounter_to_doc(enc: Encounter, base_doc: Mapping[str, Any]) -> dict[str, Any]:
    """``base_doc`` with the encounter written in; a new dict, the base untouched.

    Keys keep their place in the base document; settings and combatants are
    added only when the base has them or they are not empty; ``fight`` is
    dropped when no fight runs.
    """
    managed: dict[str, Any] = {
        "system": enc.system,
        "settings": dict(enc.settings),
        "combatants": {c.name: _with_kept(combatant_to_doc(c), base_doc, c.name) for c in enc.combatants},
        "fight": fight_to_doc(enc.fight) if enc.fight is not None else None,
    }
    out: dict[str, Any] = {}
    for key, value in base_doc.items():
        if key not in managed:
            out[key] = copy_plain(value)
        elif managed[key] is not None:
            out[key] = managed[key]
    for key in _TOP_ORDER:
        if key in managed and key not in out and managed[key] not in (None, {}):
            out[key] = managed[key]
    return out
