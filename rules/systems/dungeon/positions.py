"""Where dungeon fighters are and how they lie: prone, reach and range, pushing.

DG-PRONE-1 (dropping prone and standing up), DG-RANGE-1 (an attack picks a
target within its weapon's range), the push of DG-ACT-2.  Cells are
``(x, y)`` grid squares, as in ``turns`` (DG-MOVE-1).
"""

from __future__ import annotations

from collections.abc import Collection

from rules.core.errors import RuleError
from rules.dice.datatypes import datatype
from rules.i18n import _, ngettext
from rules.systems.dungeon.situations import MELEE, require_kind
from rules.systems.dungeon.turns import Cell, shortest_cost

#: actions dropping prone or standing up costs (DG-ACT-2)
POSTURE_ACTIONS = 1
#: melee reaches the cells around the attacker [I]
MELEE_REACH = 1
#: cells a ranged weapon reaches when the sheet gives no range [I]; the seed
#: gives no number, and 12 cells keeps a bow useful across a large room
DEFAULT_RANGED_RANGE = 12


@datatype(frozen=True, slots=True)
class PostureChange:
    """Dropping prone or standing up (DG-PRONE-1): one action."""

    prone_before: bool
    prone_after: bool
    actions: int = POSTURE_ACTIONS
    dice: tuple = ()


def drop_prone(prone: bool) -> PostureChange:
    """Lie down: an action; refused for someone already lying."""
    if prone:
        raise RuleError(_("already prone; standing up is the action that changes it"),
                        rule="DG-PRONE-1")
    return PostureChange(False, True)


def stand_up(prone: bool) -> PostureChange:
    """Get up: an action; refused for someone already standing."""
    if not prone:
        raise RuleError(_("already standing"), rule="DG-PRONE-1")
    return PostureChange(True, False)


def steps_between(a: Cell, b: Cell) -> int:
    """Steps in any of the eight directions from ``a`` to ``b``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@datatype(frozen=True, slots=True)
class RangeCheck:
    """Whether a target is within a weapon's reach on the grid (DG-RANGE-1)."""

    kind: str
    #: cells between the two, counted as a move would count them (DG-MOVE-1)
    distance: int
    #: the most the weapon reaches
    reach: int
    within: bool
    dice: tuple = ()


def weapon_reach(kind: str, weapon_range: int | None = None) -> int:
    """Melee reach 1 [I]; a ranged weapon's range from the sheet, else 12 cells [I]."""
    require_kind(kind)
    if kind == MELEE:
        return MELEE_REACH
    if weapon_range is None:
        return DEFAULT_RANGED_RANGE
    if weapon_range < 1:
        raise ValueError(_("a weapon's range is at least 1 cell, not {weapon_range}").format(weapon_range=weapon_range))
    return weapon_range


def range_check(kind: str, attacker: Cell, target: Cell, *,
                weapon_range: int | None = None) -> RangeCheck:
    """Whether ``target`` is within the weapon's reach from ``attacker`` (DG-RANGE-1).

    Distance is counted like movement, a diagonal step as 2 cells
    (DG-MOVE-1), so a ranged weapon of range 12 reaches 12 cells straight
    and 6 diagonally.  A melee weapon reaches all eight cells around the
    attacker, diagonal ones too [I]: the seed's 2-cell diagonal is a
    movement cost, and a fighter standing corner to corner can still strike.
    """
    if attacker == target:
        raise RuleError(_("attacker and target stand on the same cell"))
    reach = weapon_reach(kind, weapon_range)
    distance = shortest_cost(attacker, target)
    within = distance <= reach or (kind == MELEE and steps_between(attacker, target) == 1)
    return RangeCheck(kind, distance, reach, within)


def require_in_range(kind: str, attacker: Cell, target: Cell, *,
                     weapon_range: int | None = None) -> RangeCheck:
    """:func:`range_check`, refusing a target out of reach with how far it is."""
    found = range_check(kind, attacker, target, weapon_range=weapon_range)
    if not found.within:
        what = _("a melee weapon reaches the cells around the attacker") if kind == MELEE \
            else ngettext("the ranged weapon reaches {n} cell", "the ranged weapon reaches {n} cells",
                          found.reach).format(n=found.reach)
        raise RuleError(
            ngettext("the target is {distance} cell away; {what} (a diagonal step counts 2); move closer first",
                     "the target is {distance} cells away; {what} (a diagonal step counts 2); move closer first",
                     found.distance).format(
                distance=found.distance, what=what),
            rule="DG-RANGE-1",
        )
    return found


@datatype(frozen=True, slots=True)
class PushOutcome:
    """A target pushed one cell away from the pusher (DG-ACT-2): one action, no roll."""

    target_before: Cell
    target_after: Cell
    actions: int = 1
    dice: tuple = ()


def push(pusher: Cell, target: Cell, *, blocked: Collection[Cell] = ()) -> PushOutcome:
    """Push an adjacent target one cell straight away from the pusher.

    The seed gives no roll for it [I] (the knock-down has one); a master
    who wants resistance asks for a save (DG-SAVE-1).  The cell behind the
    target must be free: ``blocked`` lists walls and occupied cells.
    """
    if steps_between(pusher, target) != 1:
        raise RuleError(_("only a neighbouring target can be pushed; move next to it first"),
                        rule="DG-ACT-2")
    dx = (target[0] > pusher[0]) - (target[0] < pusher[0])
    dy = (target[1] > pusher[1]) - (target[1] < pusher[1])
    after = (target[0] + dx, target[1] + dy)
    if after in set(blocked):
        raise RuleError(_("the cell behind the target {after} is taken; the push has nowhere to go").format(
            after=after),
                        rule="DG-ACT-2")
    return PushOutcome(target, after)


__all__ = [
    "DEFAULT_RANGED_RANGE", "MELEE_REACH", "POSTURE_ACTIONS",
    "PostureChange", "PushOutcome", "RangeCheck", "drop_prone", "push", "range_check",
    "require_in_range", "stand_up", "steps_between", "weapon_reach",
]
