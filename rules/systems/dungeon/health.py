"""Dungeon health: damage, healing, unconsciousness, death, injuries.

DG-DEATH-1, DG-INJ-1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Iterable, Mapping

from rules.systems.dungeon.common import require_non_negative
from rules.core.errors import RuleError


class Status(StrEnum):
    OK = "ok"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


#: status -> is this HP possible with it (a dead body keeps whatever HP it had)
_STATUS_FITS_HP = {
    Status.OK: lambda hp: hp > 0,
    Status.UNCONSCIOUS: lambda hp: hp == 0,
    Status.DEAD: lambda hp: True,
}

DAMAGE = "damage"
HEALING = "healing"


def current_status(hp: int, status: str | None = None) -> Status:
    """The status given, checked against HP; without one, read it from HP.

    HP 0 reads as unconscious; death is never guessed, it must be given.
    """
    require_non_negative(hp=hp)
    if status is None:
        return Status.OK if hp > 0 else Status.UNCONSCIOUS
    try:
        known = Status(status)
    except ValueError:
        raise ValueError(f"status is one of {', '.join(Status)}, not {status!r}") from None
    if not _STATUS_FITS_HP[known](hp):
        raise ValueError(f"a character with {hp} HP cannot be {known}")
    return known


@dataclass(frozen=True, slots=True)
class HealthOutcome:
    change: str
    amount: int
    hp_before: int
    hp_after: int
    status_before: Status
    status_after: Status

    @property
    def knocked_out(self) -> bool:
        return self.status_before is Status.OK and self.status_after is Status.UNCONSCIOUS

    @property
    def killed(self) -> bool:
        return self.status_before is not Status.DEAD and self.status_after is Status.DEAD

    @property
    def woke(self) -> bool:
        return self.status_before is Status.UNCONSCIOUS and self.status_after is Status.OK


def take_damage(hp: int, amount: int, *, status: str | None = None) -> HealthOutcome:
    """DG-DEATH-1: HP never below 0; reaching 0 knocks out; damage while out kills.

    Zero damage (all of it stopped by armor) is no damage taken, so it does
    not kill an unconscious character [I].  A dead body takes no further
    change.
    """
    require_non_negative(amount=amount)
    before = current_status(hp, status)
    if before is Status.DEAD:
        return HealthOutcome(DAMAGE, amount, hp, hp, before, before)
    after_hp = max(0, hp - amount)
    if amount == 0:
        after = before
    elif before is Status.UNCONSCIOUS:
        after = Status.DEAD
    else:
        after = Status.OK if after_hp > 0 else Status.UNCONSCIOUS
    return HealthOutcome(DAMAGE, amount, hp, after_hp, before, after)


def heal(hp: int, max_hp: int, amount: int, *, status: str | None = None) -> HealthOutcome:
    """DG-DEATH-1: healing of any kind (at least 1 HP) wakes; never above max HP."""
    require_non_negative(amount=amount)
    if hp > max_hp:
        raise ValueError(f"HP {hp} is above the maximum {max_hp}")
    before = current_status(hp, status)
    if before is Status.DEAD:
        raise RuleError(
            "healing does not bring back the dead; the player may make a new character "
            "with the master's consent",
            rule="DG-DEATH-1",
        )
    after_hp = min(max_hp, hp + amount)
    after = Status.OK if after_hp > 0 else before
    return HealthOutcome(HEALING, amount, hp, after_hp, before, after)


@dataclass(frozen=True)
class Injury:
    """A named lasting effect the master hands out (DG-INJ-1).

    ``modifiers`` maps what it changes to by how much, e.g. ``{"speed": -1}``.
    ``duration`` is free text ("1 час"); ``turns`` is set when it counts down
    in combat turns.  Most injuries can be treated with a medical kit on a
    rest; a lost limb cannot.
    """

    name: str
    duration: str | None = None
    turns: int | None = None
    modifiers: Mapping[str, int] = field(default_factory=dict, hash=False)
    treatable: bool = True

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("an injury needs a name")
        if self.turns is not None and self.turns < 0:
            raise ValueError(f"an injury cannot last {self.turns} turns")
        # a read-only copy, so a frozen injury cannot change through the caller's dict
        object.__setattr__(self, "modifiers", MappingProxyType(dict(self.modifiers)))


def injury_modifier(injuries: Iterable[Injury], key: str) -> int:
    """Sum of one modifier over several injuries (e.g. all speed penalties)."""
    return sum(injury.modifiers.get(key, 0) for injury in injuries)


#: the seed's example of a light injury
TWISTED_ANKLE = Injury("подвернутая нога", duration="1 час", modifiers={"speed": -1})
