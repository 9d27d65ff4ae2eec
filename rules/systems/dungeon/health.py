"""Dungeon health: damage, healing, unconsciousness, death, injuries.

DG-DEATH-1, DG-INJ-1, DG-INJ-2; HP and status kept in agreement.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.names import name_key
from rules.core.sheet import MissingStat, Sheet
from rules.core.state import DEAD, OK, UNCONSCIOUS
from rules.dice.datatypes import datatype, field
from rules.i18n import _
from rules.systems.dungeon.common import require_non_negative

if TYPE_CHECKING:
    from rules.systems.dungeon.inventory import Inventory


#: a dungeon character's statuses: the core's three, whose meaning the contract's default gives
STATUS_WORDS = (OK, UNCONSCIOUS, DEAD)


def _status_word(status: str) -> str:
    """``status`` if it is one of :data:`STATUS_WORDS`, else ValueError."""
    if status not in STATUS_WORDS:
        raise ValueError(status)
    return status


#: status -> is this HP possible with it (a dead body keeps whatever HP it had)
_STATUS_FITS_HP = {
    OK: lambda hp: hp > 0,
    UNCONSCIOUS: lambda hp: hp == 0,
    DEAD: lambda hp: True,
}

DAMAGE = "damage"
HEALING = "healing"


def current_status(hp: int, status: str | None = None) -> str:
    """The status given, checked against HP; without one, read it from HP.

    HP 0 reads as unconscious; death is never guessed, it must be given.
    """
    require_non_negative(hp=hp)
    if status is None:
        return OK if hp > 0 else UNCONSCIOUS
    try:
        known = _status_word(status)
    except ValueError:
        raise ValueError(_("status is one of {allowed}, not {status!r}").format(
            allowed=", ".join(STATUS_WORDS), status=status)) from None
    if not _STATUS_FITS_HP[known](hp):
        raise ValueError(_("a character with {hp} HP cannot be {known}").format(hp=hp, known=known))
    return known


@datatype(frozen=True, slots=True)
class HealthOutcome:
    """Damage or healing landed: HP and status before and after (DG-DEATH-1)."""

    change: str
    amount: int
    hp_before: int
    hp_after: int
    status_before: str
    status_after: str

    @property
    def knocked_out(self) -> bool:
        return self.status_before == OK and self.status_after == UNCONSCIOUS

    @property
    def killed(self) -> bool:
        return self.status_before != DEAD and self.status_after == DEAD

    @property
    def woke(self) -> bool:
        return self.status_before == UNCONSCIOUS and self.status_after == OK


def take_damage(hp: int, amount: int, *, status: str | None = None) -> HealthOutcome:
    """DG-DEATH-1: HP never below 0; reaching 0 knocks out; damage while out kills.

    Zero damage (all of it stopped by armor) is no damage taken, so it does
    not kill an unconscious character [I].  A dead body takes no further
    change.
    """
    require_non_negative(amount=amount)
    before = current_status(hp, status)
    if before == DEAD:
        return HealthOutcome(DAMAGE, amount, hp, hp, before, before)
    after_hp = max(0, hp - amount)
    after: str
    if amount == 0:
        after = before
    elif before == UNCONSCIOUS:
        after = DEAD
    else:
        after = OK if after_hp > 0 else UNCONSCIOUS
    return HealthOutcome(DAMAGE, amount, hp, after_hp, before, after)


def heal(hp: int, max_hp: int, amount: int, *, status: str | None = None) -> HealthOutcome:
    """DG-DEATH-1: healing of any kind (at least 1 HP) wakes; never above max HP."""
    require_non_negative(amount=amount)
    if hp > max_hp:
        raise ValueError(_("HP {hp} is above the maximum {max_hp}").format(hp=hp, max_hp=max_hp))
    before = current_status(hp, status)
    if before == DEAD:
        raise RuleError(
            _("healing does not bring back the dead; the player may make a new character with the master's consent"),
            rule="DG-DEATH-1",
        )
    after_hp = min(max_hp, hp + amount)
    after = OK if after_hp > 0 else before
    return HealthOutcome(HEALING, amount, hp, after_hp, before, after)


@datatype(frozen=True)
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
            raise ValueError(_("an injury needs a name"))
        if self.turns is not None and self.turns < 0:
            raise ValueError(_("an injury cannot last {turns} turns").format(turns=self.turns))
        # a read-only copy, so a frozen injury cannot change through the caller's dict
        object.__setattr__(self, "modifiers", MappingProxyType(dict(self.modifiers)))


def injury_modifier(injuries: Iterable[Injury], key: str) -> int:
    """Sum of one modifier over several injuries (e.g. all speed penalties)."""
    return sum(injury.modifiers.get(key, 0) for injury in injuries)


#: the seed's example of a light injury
TWISTED_ANKLE = Injury("подвернутая нога", duration="1 час", modifiers={"speed": -1})


# --- HP and status in agreement ------------------------------------------------


@datatype(frozen=True, slots=True)
class HealthProblem:
    """One disagreement in a stored character: where (``("resources", "hp")``) and what."""

    path: tuple[str, ...]
    message: str


_HP = ("resources", "hp")
_STATUS = ("status",)


def health_problems(
    sheet: Sheet, stats: Mapping[str, object], resources: Mapping[str, object], status: object
) -> tuple[HealthProblem, ...]:
    """What is wrong with a character's HP and status, as stored (for ``session check``).

    HP below 0 or above its maximum, an unknown status, HP 0 while "ok"
    and HP above 0 while "unconscious" (DG-DEATH-1).  A dead body may
    keep any HP.  Each problem says how to fix it.  Values of the wrong
    kind are left to the sheet's own validation.
    """
    hp = resources.get("hp")
    if hp is None:
        return ()  # HP not written yet starts at its maximum
    if isinstance(hp, bool) or not isinstance(hp, int) or not isinstance(status, str):
        return ()
    problems: list[HealthProblem] = []
    if hp < 0:
        problems.append(HealthProblem(_HP, _("HP is {hp}; it never goes below 0 (DG-DEATH-1): "
                                             'write hp = 0 and status = "unconscious"').format(hp=hp)))
    try:
        max_hp = sheet.resource_caps(stats).get("hp")
    except (MissingStat, ValueError):
        max_hp = None  # the sheet's validation reports the stats
    if max_hp is not None and hp > max_hp:
        problems.append(HealthProblem(_HP, _("HP {hp} is above its maximum {max_hp}: lower hp, "
                                             "or raise the maximum with hp_max = {hp}").format(hp=hp, max_hp=max_hp)))
    try:
        known = _status_word(status)
    except ValueError:
        problems.append(HealthProblem(_STATUS, _("status {text!r} is not one of {allowed}").format(
            text=status, allowed=", ".join(STATUS_WORDS))))
        return tuple(problems)
    if known == OK and hp == 0:
        problems.append(HealthProblem(_STATUS, _('status is "ok" but HP is 0: at 0 HP a character is unconscious '
                                                 '(DG-DEATH-1); write status = "unconscious", or give HP above 0')))
    if known == UNCONSCIOUS and hp > 0:
        problems.append(HealthProblem(_STATUS, _('status is "unconscious" but HP is {hp}: any healing wakes '
                                                 '(DG-DEATH-1); write status = "ok", or hp = 0').format(hp=hp)))
    return tuple(problems)


@datatype(frozen=True, slots=True)
class HealthSet:
    """HP or status set by the master (``char set X hp=0``), and the status that follows."""

    hp_before: int
    hp_after: int
    status_before: str
    status_after: str
    dice: tuple = ()

    @property
    def knocked_out(self) -> bool:
        return self.status_before == OK and self.status_after == UNCONSCIOUS

    @property
    def woke(self) -> bool:
        return self.status_before == UNCONSCIOUS and self.status_after == OK


def set_health(
    hp_before: int,
    status_before: str,
    max_hp: int,
    *,
    hp: int | None = None,
    status: str | None = None,
) -> HealthSet:
    """The master sets HP, status or both; the status follows HP (DG-DEATH-1).

    ``hp=0`` makes an "ok" character unconscious; HP above 0 wakes an
    unconscious one; a dead body keeps its status whatever its HP, until
    the master sets ``status`` itself.  HP below 0 or above ``max_hp`` is
    refused, and so is a status HP contradicts ("ok" at 0 HP,
    "unconscious" above 0): the message says what to set instead.
    """
    try:
        before = _status_word(status_before)
    except ValueError:
        raise ValueError(_("status is one of {allowed}, not {status!r}").format(
            allowed=", ".join(STATUS_WORDS), status=status_before)) from None
    after_hp = hp_before if hp is None else hp
    if after_hp < 0:
        raise RuleError(_("HP cannot be {after_hp}; 0 is unconscious").format(after_hp=after_hp), rule="DG-DEATH-1")
    if after_hp > max_hp:
        raise RuleError(_("HP {after_hp} is above the maximum {max_hp}; "
                          "raise the maximum first (hp_max={after_hp})").format(
            after_hp=after_hp, max_hp=max_hp), rule="DG-DEATH-1")
    if status is not None:
        try:
            wanted = _status_word(status)
        except ValueError:
            raise ValueError(_("status is one of {allowed}, not {status!r}").format(
            allowed=", ".join(STATUS_WORDS), status=status)) from None
        if wanted == OK and after_hp == 0:
            raise RuleError(_("a character at 0 HP is unconscious; give HP too (hp=1 status=ok)"),
                            rule="DG-DEATH-1")
        if wanted == UNCONSCIOUS and after_hp > 0:
            raise RuleError(_("an unconscious character has 0 HP, not {after_hp}; "
                              "set hp=0, which knocks it out").format(
                after_hp=after_hp), rule="DG-DEATH-1")
        return HealthSet(hp_before, after_hp, before, wanted)
    after = before if before == DEAD else OK if after_hp > 0 else UNCONSCIOUS
    return HealthSet(hp_before, after_hp, before, after)


# --- DG-INJ-2 ------------------------------------------------------------------

#: names of the medical kit a treatment uses up
KIT_NAMES = ("медицинский набор", "медицинская сумка", "медпакет", "аптечка", "medical kit",
             "medkit", "healer's kit", "набор лекаря")
_KIT_KEYS = frozenset(name_key(name) for name in KIT_NAMES)


@datatype(frozen=True, slots=True)
class Treatment:
    """Injuries removed with a medical kit at a rest (DG-INJ-2)."""

    removed: tuple[Injury, ...]
    #: untreatable injuries (a lost limb) stay
    kept: tuple[Injury, ...]
    kit: str
    inventory_before: Inventory
    inventory_after: Inventory
    dice: tuple = ()


def treat_injuries(injuries: Iterable[Injury], inventory: Inventory) -> Treatment:
    """Remove every treatable injury with one medical kit, used up (DG-INJ-2).

    Call it at a rest, short or long [I] (the seed says "на отдыхе").  No
    roll [I]: the seed names the kit, not a Medicine check.  One kit
    treats one character at one rest, whatever the number of injuries [I].
    "Most injuries" is read as every injury the master did not mark
    untreatable [I] (a lost limb is marked so).  Refused without a kit, or
    with nothing treatable, so no kit is wasted.
    """
    injuries = tuple(injuries)
    removed = tuple(injury for injury in injuries if injury.treatable)
    kept = tuple(injury for injury in injuries if not injury.treatable)
    kit = next((item for item in inventory.items if item.key in _KIT_KEYS), None)
    if kit is None:
        raise RuleError(_("no medical kit carried (one of: {kits})").format(kits=", ".join(KIT_NAMES[:4])),
                        rule="DG-INJ-2")
    if not removed:
        what = ", ".join(injury.name for injury in kept)
        if what:
            raise RuleError(_("nothing a medical kit can treat: {injuries} cannot be").format(injuries=what),
                            rule="DG-INJ-2")
        raise RuleError(_("nothing a medical kit can treat"), rule="DG-INJ-2")
    after, _kept = inventory.minus(kit.name, 1)
    return Treatment(removed, kept, kit.name, inventory, after)
