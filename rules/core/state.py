"""The state of an encounter, shared by every system: who is there, and the fight.

All of it is frozen: an operation builds a new :class:`Encounter`, so a
refused request leaves the one it was given untouched.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, TypeVar, cast

from rules.core.effects import Effect
from rules.core.names import name_key, pick
from rules.dice.datatypes import datatype, field, replace
from rules.i18n import _

PARTY = "party"
ENEMY = "enemy"
SIDES = (PARTY, ENEMY)

OK = "ok"
UNCONSCIOUS = "unconscious"
DEAD = "dead"

# What a session file may hold for a stat or setting.  The system's sheet
# says which kind each one takes; a float is kept so that the sheet refuses
# it by name ("must be a whole number") rather than the reader.
Value = int | str | bool | float


@datatype(frozen=True)
class Status:
    """What a combatant's state means for the fight.

    ``label`` is the system's own word ("ok", "unconscious", "rage",
    "at_death" ...); ``can_act`` whether it takes turns or declares;
    ``standing`` whether it still counts for its side (Rage fights on, a
    champion AT DEATH does not); ``ticks`` whether its effects still tick.
    """

    label: str
    can_act: bool = True
    standing: bool = True
    ticks: bool = True


#: the statuses of a plain system: fights on, out of it, dead (dungeon's three)
DEFAULT_STATUSES: Mapping[str, Status] = MappingProxyType({
    OK: Status(OK),
    UNCONSCIOUS: Status(UNCONSCIOUS, can_act=False, standing=False),
    DEAD: Status(DEAD, can_act=False, standing=False, ticks=False),
})


def status_in(statuses: Mapping[str, Status], combatant: Combatant) -> Status:
    """What ``combatant``'s status word means by a system's table; a word it does not list acts and stands."""
    known = statuses.get(combatant.status)  # asked of everyone at every moment of a round
    return known if known is not None else Status(combatant.status)


@datatype(frozen=True)
class Combatant:
    """One fighter as the session holds it: side, health, stats, effects and the system's own data."""

    name: str
    side: str = PARTY
    #: left out of what the players see
    hidden: bool = False
    #: ok | unconscious | dead (a system may add its own)
    status: str = OK
    #: what the master typed: keys of the system's sheet
    stats: Mapping[str, Value] = field(default_factory=dict)
    #: current values: hp, fatigue, mp ...
    resources: Mapping[str, int] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()
    #: what the system keeps on this combatant (its decoder checks it)
    data: Mapping[str, Any] = field(default_factory=dict)
    #: how it fights in a simulation (a tactic of its system, rules.core.tactics); "" for its side's default
    tactic: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError(_("a combatant needs a name"))
        if self.side not in SIDES:
            raise ValueError(_("a side is {party!r} or {enemy!r}, not {side!r}").format(
                party=PARTY, enemy=ENEMY, side=self.side))
        if type(self.effects) is not tuple or len(self.effects) > 1:  # one effect or none cannot clash
            keys = [effect.key for effect in self.effects]
            if len(set(keys)) != len(keys):
                raise ValueError(_("{name}: two effects share a name").format(name=self.name))
        # replace() runs this on every change of a round: what is frozen already stays as it is,
        # and a combatant's max HP is then known again by its stats' identity (rules.core.outcome)
        if type(self.stats) is not MappingProxyType:
            object.__setattr__(self, "stats", MappingProxyType(dict(self.stats)))
        if type(self.resources) is not MappingProxyType:
            object.__setattr__(self, "resources", MappingProxyType(dict(self.resources)))
        if type(self.data) is not MappingProxyType:
            object.__setattr__(self, "data", MappingProxyType(dict(self.data)))
        if type(self.effects) is not tuple:
            object.__setattr__(self, "effects", tuple(self.effects))

    def effect(self, name: str) -> Effect | None:
        if not self.effects:  # most combatants, most of the time
            return None
        wanted = name_key(name)
        for e in self.effects:
            if name_key(e.name) == wanted:  # Effect.key, without its two calls: asked at every action
                return e
        return None

    def modifier(self, key: str) -> int:
        """Sum of what the active effects add to ``key``."""
        if not self.effects:
            return 0
        return sum(effect.modifiers.get(key, 0) for effect in self.effects)

    def with_effects(self, effects: tuple[Effect, ...]) -> Combatant:
        """This combatant with ``effects`` of its own, ticked or fewer (``replace(c, effects=effects)``):
        their names were told apart when it got them, so only the tuple is kept."""
        return _copied(self, "effects", effects)

    def with_resource(self, key: str, value: int) -> Combatant:
        # only a resource changes: the name, side and effects checked when this one was made stand
        resources = thawed(self.resources)
        resources[key] = value
        return _copied(self, "resources", MappingProxyType(resources))


#: the data of a turn that keeps none: frozen, so every such turn may hold the same
_NO_DATA: Mapping[str, Any] = MappingProxyType({})


@datatype(frozen=True)
class TurnState:
    """What the acting combatant has left this turn: a budget every system shares.

    ``actions`` is the allowance (dungeon: 2 actions, 3 with the bought
    extra; terra would put its 6 AP here), ``spent`` what is used of it,
    ``used`` the once-per-turn things already done (fatigue abilities
    bought, a combat action taken).  Anything else a system counts per turn
    (dungeon's free move, whether the actor was hurt since its last turn)
    goes in ``data``.
    """

    actor: str
    actions: int = 0
    spent: int = 0
    used: tuple[str, ...] = ()
    #: the system's own per-turn budget and marks (terra's AP, declarations ...)
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if type(self.used) is not tuple:
            object.__setattr__(self, "used", tuple(self.used))
        if type(self.data) is not MappingProxyType:
            object.__setattr__(self, "data", MappingProxyType(dict(self.data)))

    @classmethod
    def fresh(cls, actor: str, actions: int) -> TurnState:
        """``TurnState(actor, actions=actions)``, nothing spent, used or kept: made without the
        keyword walk and the checks, which such a turn passes (every turn of every fight)."""
        made: TurnState = object.__new__(cls)
        object.__setattr__(made, "__dict__", {"actor": actor, "actions": actions, "spent": 0, "used": (),
                                              "data": _NO_DATA})
        return made

    def with_spent(self, spent: int) -> TurnState:
        """``replace(turn, spent=spent)``: only the count changes, which none of the checks reads
        (every attack of a simulated fight spends its turn's action)."""
        return _copied(self, "spent", spent)

    @property
    def remaining(self) -> int:
        return self.actions - self.spent

    @property
    def untouched(self) -> bool:
        """Nothing of the turn is spent yet (it may still be delayed)."""
        return not self.spent and not self.used


@datatype(frozen=True)
class Fight:
    """The fight clock and what the current turn has left.

    ``order`` lists who acts this round (phase), ``index`` whose place it
    is; ``round`` counts rounds from 1 (terra's phases; twilight's rounds
    with an empty order).  ``groups`` are combatants who share one place
    and act in the order they choose (TT-INIT-2, TT-SYNC-1); ``delayed``
    holds the turns put off to the end of this round, in the order they were
    put off (TT-DELAY-1), and ``initiative`` the order the next round goes
    back to once someone delayed.  ``turn`` is None at an open group place
    (several may act, nobody has yet).  ``stage`` is for systems whose fights
    go through stages (twilight's approach/fight/endgame, terra's sync
    phase).  The clock's rules are in ``rules.core.clock``.
    """

    round: int = 1
    order: tuple[str, ...] = ()
    index: int = 0
    turn: TurnState | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    delayed: tuple[TurnState, ...] = ()
    initiative: tuple[str, ...] = ()
    stage: str = ""
    #: what the system keeps on the fight (hidden declarations, pending answers ...)
    data: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # replace() runs this on every step of the clock: what is frozen already stays as it is
        if type(self.order) is not tuple:
            object.__setattr__(self, "order", tuple(self.order))
        if type(self.delayed) is not tuple:
            object.__setattr__(self, "delayed", tuple(self.delayed))
        if type(self.initiative) is not tuple:
            object.__setattr__(self, "initiative", tuple(self.initiative))
        groups = self.groups
        if type(groups) is not tuple or (groups and not all(type(g) is tuple for g in groups)):
            object.__setattr__(self, "groups", tuple(tuple(g) for g in groups))
        if type(self.data) is not MappingProxyType:
            object.__setattr__(self, "data", MappingProxyType(dict(self.data)))
        if self.round < 1:
            raise ValueError(_("rounds count from 1, not {round}").format(round=self.round))
        if self.order and not 0 <= self.index < len(self.order):
            raise ValueError(_("turn index {index} is outside the order of {size}").format(
                index=self.index, size=len(self.order)))
        if self.turn is not None and self.turn.actor != self.current:
            raise ValueError(_("the turn belongs to {current}, not {actor}").format(
                current=self.current, actor=self.turn.actor))
        if self.groups:  # most fights have none: a simulation makes this thousands of times a second
            grouped = [name for group in self.groups for name in group]
            if len(set(grouped)) != len(grouped):
                raise ValueError(_("a combatant is in two groups"))
            if any(len(group) < 2 for group in self.groups):
                raise ValueError(_("a group shares one place among two or more"))
        if self.delayed:
            waiting = [turn.actor for turn in self.delayed]
            if len(set(waiting)) != len(waiting) or not set(waiting) <= set(self.order):
                raise ValueError(_("a delayed turn belongs to someone in the order, once"))
        if self.initiative and sorted(self.initiative) != sorted(self.order):
            raise ValueError(_("the initiative to return to names the same combatants as the order"))

    def with_data(self, data: Mapping[str, Any]) -> Fight:
        """This fight with other system data (``replace(fight, data=data)``): the clock is the
        one checked when this fight was made, so only the data is frozen."""
        return _copied(self, "data", data if type(data) is MappingProxyType else MappingProxyType(dict(data)))

    def with_turn(self, turn: TurnState | None) -> Fight:
        """This fight with another running turn (``replace(fight, turn=turn)``): the clock is the
        one checked when this fight was made, so only the turn's actor is checked."""
        if turn is not None and turn.actor != self.current:
            raise ValueError(_("the turn belongs to {current}, not {actor}").format(
                current=self.current, actor=turn.actor))
        return _copied(self, "turn", turn)

    def at_place(self, index: int) -> Fight:
        """This fight at the place ``index`` of its order, no turn running (``replace(fight,
        index=index, turn=None)``): only the index is checked, the rest was when it was made."""
        if self.order and not 0 <= index < len(self.order):
            raise ValueError(_("turn index {index} is outside the order of {size}").format(
                index=index, size=len(self.order)))
        made = _copied(self, "index", index)
        made.__dict__["turn"] = None
        return made

    @property
    def current(self) -> str | None:
        return self.order[self.index] if self.order else None

    def turn_ahead(self, name: str) -> bool:
        """Whether ``name`` still has a turn to come in this round (at an open
        group place, every member still waiting has)."""
        if name not in self.order:
            return False
        slot = self.order.index(name)
        return slot > self.index or (slot == self.index and self.turn is None and bool(self.group_of(name)))

    def acting(self, name: str) -> bool:
        """Whether ``name``'s turn is running now."""
        return self.turn is not None and self.turn.actor == name

    def group_of(self, name: str) -> tuple[str, ...]:
        """The group ``name`` shares a place with (empty when it acts alone)."""
        return next((g for g in self.groups if name in g), ())

    def delayed_turn(self, name: str) -> TurnState | None:
        return next((t for t in self.delayed if t.actor == name), None)


#: rosters (names in order) whose names are told apart (name_key): every copy of an encounter
#: checks its roster, a simulation's hundreds of thousands of times, and a fight's roster hardly changes
_ROSTERS: dict[tuple[str, ...], frozenset[str]] = {}
_ROSTERS_KEPT = 256


@datatype(frozen=True)
class Encounter:
    """A session's people and its fight, in the system's terms; never changed in place."""

    system: str
    settings: Mapping[str, Value] = field(default_factory=dict)
    #: in the order they were added
    combatants: tuple[Combatant, ...] = ()
    fight: Fight | None = None

    def __post_init__(self) -> None:
        # every operation builds one: what is frozen already stays as it is
        if type(self.settings) is not MappingProxyType:
            object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))
        if type(self.combatants) is not tuple:
            object.__setattr__(self, "combatants", tuple(self.combatants))
        roster = tuple(c.name for c in self.combatants)
        names = _ROSTERS.get(roster)
        if names is None:
            keys = [name_key(name) for name in roster]
            if len(set(keys)) != len(keys):
                raise ValueError(_("two combatants share a name (names ignore case)"))
            if len(_ROSTERS) >= _ROSTERS_KEPT:
                _ROSTERS.clear()
            names = _ROSTERS[roster] = frozenset(roster)
        fight = self.fight
        if fight is not None and not (names.issuperset(fight.order)
                                      and all(names.issuperset(group) for group in fight.groups)):
            named = (*fight.order, *(n for group in fight.groups for n in group))
            missing = [n for n in dict.fromkeys(named) if n not in names]
            if missing:
                raise ValueError(_("the fight order names unknown combatants: {names}").format(
                    names=", ".join(missing)))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.combatants)

    def __iter__(self) -> Iterator[Combatant]:
        return iter(self.combatants)

    def get(self, name: str) -> Combatant:
        """The combatant with exactly this name (see :func:`find` for typed names)."""
        for combatant in self.combatants:
            if combatant.name == name:
                return combatant
        raise KeyError(name)

    def with_combatant(self, combatant: Combatant) -> Encounter:
        """Replace the combatant of that name, or add it at the end."""
        if combatant.name in self.names:
            updated = tuple(combatant if c.name == combatant.name else c for c in self.combatants)
        else:
            updated = self.combatants + (combatant,)
        return replace(self, combatants=updated)


R = TypeVar("R")
K = TypeVar("K")
V = TypeVar("V")


def thawed(mapping: Mapping[K, V]) -> dict[K, V]:
    """``dict(mapping)``: of a frozen table, its own table's copy, which is several times quicker
    than the key-by-key walk ``dict()`` makes of a proxy (a fight's data and a combatant's
    resources are copied at nearly every change of a simulated fight)."""
    if type(mapping) is MappingProxyType:
        made = mapping.copy()
        if type(made) is dict:
            return cast("dict[K, V]", made)
    return dict(mapping)


def _copied(record: R, key: str, value: Any) -> R:
    """A copy of a frozen record with one field changed to an already frozen ``value``, without
    running its checks again: for a change that none of them reads."""
    made: R = object.__new__(type(record))
    state = record.__dict__.copy()
    state[key] = value
    object.__setattr__(made, "__dict__", state)
    return made


def find(enc: Encounter, query: str) -> str:
    """The name of the combatant the master means by ``query``.

    Case, ``ё``/``е`` and extra spaces do not matter; an exact name wins,
    otherwise a prefix that fits exactly one name.  Raises
    :class:`rules.core.errors.NotFound` with the candidates when several fit, or
    the closest names when none does.
    """
    for combatant in enc.combatants:
        if combatant.name == query:  # the exact name, as every move of a simulation gives it
            return query
    return pick("combatant", query, enc.names)


def find_effect(combatant: Combatant, query: str) -> Effect:
    name = pick("effect", query, tuple(e.name for e in combatant.effects))
    return next(e for e in combatant.effects if e.name == name)
