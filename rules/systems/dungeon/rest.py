"""Dungeon rests: short and long (DG-REST-1).

Each rest eats one ration; without one it has no effect.  Every resource
gets its own roll [I], drawn in the order HP, fatigue, MP, and each roll is
made even when the resource is already full, so scripted dice always land
on the same resource.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.die import Die, roll
from rules.core.errors import RuleError
from rules.core.names import Names
from rules.core.state import DEAD
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.dungeon.common import require_non_negative
from rules.systems.dungeon.health import current_status, heal

SHORT = "short"
LONG = "long"
#: the words a master types for a rest's kind
REST_NAMES = Names("rest", {
    SHORT: ("short", "короткий", "короткий отдых"),
    LONG: ("long", "длинный", "долгий", "длинный отдых", "долгий отдых"),
})
REST_DIE = 6

HP = "hp"
FATIGUE = "fatigue"
MP = "mp"


@datatype(frozen=True, slots=True)
class Recovery:
    """One resource recovered at a rest: before, after and the die rolled."""

    resource: str
    before: int
    after: int
    #: the die rolled for it, None when it recovers fully
    die: Die | None
    #: the stat added to the die (long rest), else 0
    flat: int

    @property
    def recovered(self) -> int:
        return abs(self.after - self.before)


@datatype(frozen=True, slots=True)
class RestOutcome:
    """A short or long rest: the ration eaten and what it recovered."""

    kind: str
    #: False when there was no ration: nothing else changed
    rested: bool
    rations_before: int
    rations_after: int
    hp: Recovery | None
    fatigue: Recovery | None
    #: None for a character without magic (no MP given, or max MP 0)
    mp: Recovery | None
    status_before: str
    status_after: str

    @property
    def dice(self) -> tuple[Die, ...]:
        parts = (self.hp, self.fatigue, self.mp)
        return tuple(part.die for part in parts if part is not None and part.die is not None)


def _gain(source: DiceSource, resource: str, before: int, maximum: int, flat: int) -> Recovery:
    die = roll(source, REST_DIE, f"rest_{resource}")
    return Recovery(resource, before, min(maximum, before + flat + die.face), die, flat)


def _fatigue_by_die(source: DiceSource, before: int) -> Recovery:
    die = roll(source, REST_DIE, "rest_fatigue")
    return Recovery(FATIGUE, before, max(0, before - die.face), die, 0)


def _fatigue_full(source: DiceSource, before: int) -> Recovery:
    return Recovery(FATIGUE, before, 0, None, 0)


#: rest kind -> how fatigue comes back
_FATIGUE_RECOVERY: dict[str, Callable[[DiceSource, int], Recovery]] = {
    SHORT: _fatigue_by_die,
    LONG: _fatigue_full,
}


def _rest(
    source: DiceSource,
    kind: str,
    *,
    hp: int,
    max_hp: int,
    fatigue: int,
    rations: int,
    mp: int | None,
    max_mp: int | None,
    status: str | None,
    hp_flat: int,
    mp_flat: int,
) -> RestOutcome:
    require_non_negative(fatigue=fatigue, rations=rations)
    if hp > max_hp:
        raise ValueError(_("HP {hp} is above the maximum {max_hp}").format(hp=hp, max_hp=max_hp))
    if (mp is None) != (max_mp is None):
        raise ValueError(_("give both MP and max MP, or neither for a character without magic"))
    if mp is not None and max_mp is not None and not 0 <= mp <= max_mp:
        raise ValueError(_("MP {mp} is outside 0..{max_mp}").format(mp=mp, max_mp=max_mp))
    before = current_status(hp, status)
    if before == DEAD:
        raise RuleError(_("the dead do not rest"), rule="DG-DEATH-1")
    if rations == 0:
        return RestOutcome(kind, False, 0, 0, None, None, None, before, before)

    hp_part = _gain(source, HP, hp, max_hp, hp_flat)
    fatigue_part = _FATIGUE_RECOVERY[kind](source, fatigue)
    mp_part = None
    # a sheet may give a non-caster MP 0 of 0: no magic, so no MP roll
    if mp is not None and max_mp:
        mp_part = _gain(source, MP, mp, max_mp, mp_flat)
    woken = heal(hp, max_hp, hp_part.after - hp, status=before)
    return RestOutcome(
        kind, True, rations, rations - 1, hp_part, fatigue_part, mp_part, before, woken.status_after
    )


def short_rest(
    source: DiceSource,
    *,
    hp: int,
    max_hp: int,
    fatigue: int,
    rations: int,
    mp: int | None = None,
    max_mp: int | None = None,
    status: str | None = None,
) -> RestOutcome:
    """1 ration: +1d6 HP, -1d6 fatigue, +1d6 MP, each capped (DG-REST-1)."""
    return _rest(
        source, SHORT, hp=hp, max_hp=max_hp, fatigue=fatigue, rations=rations,
        mp=mp, max_mp=max_mp, status=status, hp_flat=0, mp_flat=0,
    )


def long_rest(
    source: DiceSource,
    *,
    body: int,
    mind: int,
    hp: int,
    max_hp: int,
    fatigue: int,
    rations: int,
    mp: int | None = None,
    max_mp: int | None = None,
    status: str | None = None,
) -> RestOutcome:
    """1 ration: +(body + 1d6) HP, fatigue to 0, +(mind + 1d6) MP, capped (DG-REST-1)."""
    return _rest(
        source, LONG, hp=hp, max_hp=max_hp, fatigue=fatigue, rations=rations,
        mp=mp, max_mp=max_mp, status=status, hp_flat=body, mp_flat=mind,
    )
