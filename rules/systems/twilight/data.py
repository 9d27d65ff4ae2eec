"""Twilight's own data on champions and on the fight, as the session file holds it.

Kept apart from the fight rules so that checking a session file never loads
them.  A champion's ``data`` table::

    perks = ["twin_blades", {name = "Мастер меча", attack_dice = 2}]   # TW-PERK-1
    faith = "степь"            # the paladin's heretics are of another faith
    team = "волки"             # a team of its own (1x1x1 and more teams than two sides)
    twin_roll = true           # Aquitanian blades (TW-END-1)
    [[weapons]]                # weapons after the sheet's (TW-WEAP-1)
    name = "второй меч"
    dice = 5

and what a fight writes there: ``wound``, ``wound_energy``, ``counter_used``,
``reborn``, ``losses`` (in a row).  Bleeding and poison are the champion's
effects (``presets.py``); older releases wrote them here as ``bleed`` and
``poison`` (``{n, since}``), which a load moves to the effects.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import rounds
from rules.core.errors import DocumentError
from rules.core.systemdata import SystemData
from rules.i18n import N_, _
from rules.systems.twilight.champion import decode_weapon
from rules.systems.twilight.marks import settle_marks
from rules.systems.twilight.messages import champion_notes, stage_text
from rules.systems.twilight.perks import decode_perks
from rules.systems.twilight.presets import upgrade_marks

Path = tuple[str | int, ...]

_STAGES = ("approach", "fight", "endgame", "choice", "over")
_CONDITIONS = ("none", "rain", "storm", "random", "barrier")


def _whole(value: Any, path: Path, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        if high is None:
            raise DocumentError(path, _("must be a whole number {low} or more, got {value!r}").format(
                low=low, value=value))
        raise DocumentError(path, _("must be a whole number from {low} to {high}, got {value!r}").format(
            low=low, high=high, value=value))
    return value


def _flag(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise DocumentError(path, _("must be true or false, got {value!r}").format(value=value))
    return value


def _text(value: Any, path: Path) -> str:
    if not isinstance(value, str):
        raise DocumentError(path, _("must be text, got {value!r}").format(value=value))
    return value


def _mark(value: Any, path: Path) -> dict[str, int]:
    if not isinstance(value, Mapping) or set(value) != {"n", "since"}:
        raise DocumentError(path, _("must be a table of n (HP a round) and since (the round it was laid)"))
    return {"n": _whole(value["n"], path + ("n",), 1), "since": _whole(value["since"], path + ("since",), 1)}


def _names(value: Any, path: Path) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise DocumentError(path, _("must be a list of names, got {value!r}").format(value=value))
    return list(value)


def decode_combatant(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:

    readers = {
        "perks": lambda v, p: (decode_perks(v, p), list(v))[1],
        "weapons": lambda v, p: [(decode_weapon(w, p + (i,)), dict(w))[1] for i, w in enumerate(_list(v, p))],
        "faith": _text, "team": _text, "left_team": _text, "twin_roll": _flag, "counter_used": _flag, "reborn": _flag,
        "wound": lambda v, p: _whole(v, p, 0, 3), "wound_energy": lambda v, p: _whole(v, p),
        "losses": lambda v, p: _whole(v, p), "bleed": _mark, "poison": _mark,
        "ap_loss": lambda v, p: _whole(v, p), "deadly_blocked": lambda v, p: _whole(v, p), "sight": _text,
        "arena_kit": lambda v, p: _whole(v, p, 1, 6),
    }
    return _read(raw, path, readers, N_("a twilight champion's data"))


def _list(value: Any, path: Path) -> list[Any]:
    if not isinstance(value, list):
        raise DocumentError(path, _("must be a list, got {value!r}").format(value=value))
    return value


def _chaos(value: Any, path: Path) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise DocumentError(path, _("must be a table of roll, face, effect and helpers"))
    readers = {"effect": _text, "roll": lambda v, p: _whole(v, p, 1, 10), "face": lambda v, p: _whole(v, p, 1, 10),
               "helpers": _helpers}
    return _read(value, path, readers, N_("the round's chaos"))


def _helpers(value: Any, path: Path) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise DocumentError(path, _("must be a table: champion -> the fallen champion who helps"))
    return {k: _text(v, path + (k,)) for k, v in value.items()}


def _score(value: Any, path: Path) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise DocumentError(path, _("must be a table name -> points"))
    return {k: _whole(v, path + (k,)) for k, v in value.items()}


def _choice(options: tuple[str, ...]) -> Any:
    def read(value: Any, path: Path) -> str:
        if value not in options:
            raise DocumentError(path, _("must be one of {options}, got {value!r}").format(
                options=", ".join(options), value=value))
        return str(value)
    return read


def decode_fight(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:

    readers = {
        "fight_round": lambda v, p: _whole(v, p), "max_rounds": lambda v, p: _whole(v, p, 3, 4),
        "condition": _choice(_CONDITIONS), "storm_round": lambda v, p: _whole(v, p, 1, 4),
        "chaos": _chaos, "cycles": lambda v, p: _whole(v, p), "score": _score,
        "winners": _names, "fallen": _names, "loser": _text, "draw": _flag,
        rounds.DECLARED: lambda v, p: rounds.decode_declared({rounds.DECLARED: v}, p[:-1]),
    }
    out = _read(raw, path, readers, N_("a twilight fight's data"))
    if not out.get(rounds.DECLARED, True):
        del out[rounds.DECLARED]
    return out


def _read(raw: Mapping[str, Any], path: Path, readers: Mapping[str, Any], what: str) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("{what} is a table").format(what=_(what)))
    out = {}
    for key, value in raw.items():
        if key not in readers:
            raise DocumentError(path + (key,), _("unknown key in {what}; known: {known}").format(
                what=_(what), known=", ".join(readers)))
        out[key] = readers[key](value, path + (key,))
    return out


class Decoders(SystemData):
    """The contract's ``decode_*_data`` methods for twilight."""

    decode_combatant_data = staticmethod(decode_combatant)
    decode_fight_data = staticmethod(decode_fight)

    @staticmethod
    def upgrade_combatant(table: Mapping[str, Any]) -> Mapping[str, Any]:

        return upgrade_marks(table)

    @staticmethod
    def parse_status(text: str) -> str | None:
        """The fight keeps a champion's status; a master is told how a spared one stands again."""

        raise ValueError(_("a twilight champion's status is kept by the fight; the organisers put a spared "
                           "champion back on their feet with heal NAME after fight end (TW-CHOICE-1)"))

    @staticmethod
    def settle_marks(table: dict[str, Any], old_resources: Mapping[str, Any],
                     given: Mapping[str, Any]) -> dict[str, Any]:
        """``char set hp=``: the wound level and bleeding follow the new HP (TW-WOUND-1, TW-BLEED-1)."""

        return settle_marks(table, old_resources, given)

    @staticmethod
    def fight_notes(enc: Any, hidden: Any = frozenset()) -> tuple[str, ...]:
        """The stage and conditions, for ``fight status`` (nothing in them names a combatant,
        so the players' view, which leaves out ``hidden``, reads the same)."""

        return () if enc.fight is None else (stage_text(enc.fight.stage, enc.fight.data),)

    @staticmethod
    def status_notes(combatant: Any) -> tuple[str, ...]:
        """Wound, bleeding, poison, exhaustion, a spent counter, legend as ``300 (600)``."""

        return champion_notes(combatant)

    @staticmethod
    def decode_turn_data(raw: Mapping[str, Any], path: Path) -> dict[str, Any]:
        return _read(raw, path, {}, N_("a twilight turn's data"))


DECODERS = Decoders()
