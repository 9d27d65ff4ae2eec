"""Dungeon combat time and space: side initiative, actions, movement.

DG-INIT-1, DG-ACT-1, DG-MOVE-1.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rules.core.die import Die, roll
from rules.core.errors import NotFound, RuleError
from rules.core.names import name_key, pick
from rules.dice.datatypes import datatype, replace
from rules.dice.sources import DiceSource
from rules.i18n import _, ngettext

PARTY = "party"
ENEMIES = "enemies"
SIDES = (PARTY, ENEMIES)
_OTHER_SIDE = {PARTY: ENEMIES, ENEMIES: PARTY}
INITIATIVE_DIE = 6


@datatype(frozen=True, slots=True)
class SideInitiative:
    """Which side acts first (DG-INIT-1): the two d6, or the ambush that decided it."""

    first: str
    #: None when an ambush settled the order without a roll
    party_die: Die | None
    enemies_die: Die | None
    ambush: str | None

    @property
    def second(self) -> str:
        return _OTHER_SIDE[self.first]

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(die for die in (self.party_die, self.enemies_die) if die is not None)


def _require_side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(_("a side is {party!r} or {enemies!r}, not {side!r}").format(
            party=PARTY, enemies=ENEMIES, side=side))
    return side


def side_initiative(source: DiceSource, *, ambush: str | None = None) -> SideInitiative:
    """DG-INIT-1: 1d6 per side, higher first, a tie to the enemies.

    ``ambush`` names the ambushing side, which acts first without a roll.
    The party's die is drawn before the enemies' die.
    """
    if ambush is not None:
        return SideInitiative(_require_side(ambush), None, None, ambush)
    party = roll(source, INITIATIVE_DIE, "initiative_party")
    enemies = roll(source, INITIATIVE_DIE, "initiative_enemies")
    first = PARTY if party.face > enemies.face else ENEMIES
    return SideInitiative(first, party, enemies, None)


@datatype(frozen=True, slots=True)
class Fighter:
    """A combatant as initiative sees it: name, side and reaction."""

    name: str
    side: str
    reaction: int


@datatype(frozen=True, slots=True)
class TurnOrder:
    """The order of a round: the side initiative and each fighter in turn."""

    initiative: SideInitiative
    order: tuple[Fighter, ...]

    @property
    def dice(self) -> tuple[Die, ...]:
        return self.initiative.dice

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(fighter.name for fighter in self.order)


def arrange(
    first: str,
    party: Sequence[tuple[str, int]],
    enemies: Sequence[tuple[str, int]],
    *,
    keep_party_order: bool = False,
) -> tuple[Fighter, ...]:
    """The whole first side, then the whole second side.

    Within a side, higher reaction first; equal reactions keep the order
    given.  ``keep_party_order`` keeps the party exactly as given (the seed
    allows an order agreed among the players).  Enemies are ordered by
    reaction like the party [I]; the seed only speaks of the party.
    """
    sides = {
        PARTY: _by_reaction(PARTY, party, keep_party_order),
        ENEMIES: _by_reaction(ENEMIES, enemies, False),
    }
    _require_side(first)
    return sides[first] + sides[_OTHER_SIDE[first]]


def _by_reaction(side: str, members: Sequence[tuple[str, int]], keep: bool) -> tuple[Fighter, ...]:
    fighters = [Fighter(name, side, reaction) for name, reaction in members]
    # sorted() is stable, so equal reactions keep the given order
    return tuple(fighters if keep else sorted(fighters, key=lambda f: -f.reaction))


def turn_order(
    source: DiceSource,
    party: Sequence[tuple[str, int]],
    enemies: Sequence[tuple[str, int]],
    *,
    ambush: str | None = None,
    keep_party_order: bool = False,
) -> TurnOrder:
    """Side initiative, then everyone in acting order (DG-INIT-1)."""
    initiative = side_initiative(source, ambush=ambush)
    order = arrange(initiative.first, party, enemies, keep_party_order=keep_party_order)
    return TurnOrder(initiative, order)


@datatype(frozen=True, slots=True)
class PartyOrder:
    """The party's agreed order (DG-INIT-1): who the master named, and who follows."""

    order: tuple[str, ...]
    #: the members named, in the order named
    named: tuple[str, ...]
    #: members left unnamed, after the named ones in their previous order
    rest: tuple[str, ...]
    dice: tuple = ()


def agreed_party_order(
    party: Sequence[str], wanted: Sequence[str], *, enemies: Sequence[str] = ()
) -> PartyOrder:
    """The party in the order the players agreed (``fight order A B C``), DG-INIT-1.

    ``party`` is the party in its current order (by РЕАК); ``wanted`` the
    names as typed: any case, a unique prefix is enough.  Members left out
    keep their current order after the named ones [I], so naming only who
    goes first is enough.  An enemy, an unknown name or a name given twice
    is refused: the agreed order is the players' own.
    """
    if not wanted:
        raise ValueError(_("name at least one member of the party"))
    enemy_keys = {name_key(name): name for name in enemies}
    named: list[str] = []
    for typed in wanted:
        try:
            member = pick("party member", typed, party)
        except NotFound:
            enemy = enemy_keys.get(name_key(typed))
            if enemy is not None:
                raise RuleError(_("{enemy} is an enemy; enemies act by РЕАК, the agreed order is the party's").format(
                    enemy=enemy), rule="DG-INIT-1") from None
            raise
        if member in named:
            raise RuleError(_("{member} is named twice; give each member one place").format(member=member),
                            rule="DG-INIT-1")
        named.append(member)
    rest = tuple(member for member in party if member not in named)
    return PartyOrder(tuple(named) + rest, tuple(named), rest)


def with_party_order(order: Sequence[str], party_order: Sequence[str]) -> tuple[str, ...]:
    """The fight's ``order`` with the party's places filled in ``party_order``.

    Enemies keep their places; the party's places, wherever they are, are
    taken by its members in the agreed order.
    """
    members = set(party_order)
    if sum(1 for name in order if name in members) != len(members):
        raise ValueError(_("the agreed order names someone who is not in the fight's order"))
    agreed = iter(party_order)
    return tuple(next(agreed) if name in members else name for name in order)


BASE_ACTIONS = 2


def actions_per_round(extra_action: bool = False) -> int:
    """DG-ACT-1: two actions a round, one more bought with fatigue (DG-FAT-1)."""
    return BASE_ACTIONS + int(extra_action)


@datatype(frozen=True, slots=True)
class ActionBudget:
    """What a character may still do this round.

    Actions may repeat (two attacks, two moves).  The fatigue abilities add an
    action or a free move once each.  Minor actions (a shout, spitting) cost
    nothing and are not tracked.
    """

    spent: int = 0
    extra_action: bool = False
    extra_move: bool = False
    free_move_used: bool = False

    @property
    def actions(self) -> int:
        return actions_per_round(self.extra_action)

    @property
    def remaining(self) -> int:
        return self.actions - self.spent

    @property
    def free_move_left(self) -> bool:
        return self.extra_move and not self.free_move_used

    def with_extra_action(self) -> ActionBudget:
        if self.extra_action:
            raise RuleError(_("the extra action can be bought once per turn"), rule="DG-FAT-1")
        return replace(self, extra_action=True)

    def with_extra_move(self) -> ActionBudget:
        if self.extra_move:
            raise RuleError(_("the extra move can be bought once per turn"), rule="DG-FAT-1")
        return replace(self, extra_move=True)

    def spend(self, actions: int = 1) -> ActionBudget:
        if actions < 1:
            raise ValueError(_("spend at least one action (got {actions})").format(actions=actions))
        if actions > self.remaining:
            raise RuleError(
                ngettext("{left} of {total} action left this round, {asked} asked",
                         "{left} of {total} actions left this round, {asked} asked", self.actions).format(
                    left=self.remaining, total=self.actions, asked=actions),
                rule="DG-ACT-1",
            )
        return replace(self, spent=self.spent + actions)

    def spend_move(self) -> ActionBudget:
        """A move action: the free move bought with fatigue first [I], else an action."""
        if self.free_move_left:
            return replace(self, free_move_used=True)
        return self.spend()


#: (|dx|, |dy|) of one step -> cells it costs (DG-MOVE-1)
STEP_COSTS = {(1, 0): 1, (0, 1): 1, (1, 1): 2}

Cell = tuple[int, int]


def step_cost(start: Cell, end: Cell) -> int:
    delta = (abs(end[0] - start[0]), abs(end[1] - start[1]))
    if delta not in STEP_COSTS:
        raise ValueError(_("{start} -> {end} is not one step to a neighbouring cell").format(start=start, end=end))
    return STEP_COSTS[delta]


def path_cost(path: Sequence[Cell]) -> int:
    """Cells a path costs: 1 per orthogonal step, 2 per diagonal step."""
    return sum(step_cost(a, b) for a, b in itertools.pairwise(path))


def shortest_cost(start: Cell, end: Cell) -> int:
    """Cost of the cheapest path; with diagonals at 2 that is the taxicab distance."""
    return abs(end[0] - start[0]) + abs(end[1] - start[1])


def move_actions_needed(cost: int, speed: int) -> int:
    """Move actions needed to cover ``cost`` cells of orthogonal steps at ``speed`` cells each.

    A path with diagonal steps is planned by :func:`plan_move`, which never
    splits a step between two move actions.
    """
    if cost < 0:
        raise ValueError(_("a distance cannot be negative (got {cost})").format(cost=cost))
    if cost == 0:
        return 0
    if speed < 1:
        raise RuleError(_("with speed {speed} the character cannot move").format(speed=speed), rule="DG-MOVE-1")
    return -(-cost // speed)


@datatype(frozen=True, slots=True)
class MovePlan:
    """What a move costs (DG-MOVE-1): the steps, the speed and the actions it takes."""

    cost: int
    orthogonal_steps: int
    diagonal_steps: int
    speed: int
    actions: int
    #: cells left unused in the last move action
    spare: int


def plan_move(path: Sequence[Cell], speed: int) -> MovePlan:
    """DG-MOVE-1: what a path costs and how many move actions it takes.

    ``speed`` is cells per move action: the reaction, less any injury.  A
    step is never split between two move actions [I] (RULES.md: at РЕАК 3,
    three diagonal steps take 3 move actions, not 2), so the steps are
    packed in order, each action taking the steps that still fit in it.
    """
    costs = [step_cost(a, b) for a, b in itertools.pairwise(path)]
    cost = sum(costs)
    actions = move_actions_needed(cost, speed)  # refuses speed 0 for a real move
    if actions:
        actions, room = 0, 0
        for step in costs:
            if step > speed:
                raise RuleError(_("a diagonal step costs {step} cells, more than one move action covers at speed "
                                  "{speed}; go round it orthogonally").format(
                    step=step, speed=speed),
                                rule="DG-MOVE-1")
            if step > room:
                actions, room = actions + 1, speed
            room -= step
    diagonal = costs.count(STEP_COSTS[(1, 1)])
    return MovePlan(cost, len(costs) - diagonal, diagonal, speed, actions, actions * speed - cost)
