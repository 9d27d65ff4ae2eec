"""How a simulated combatant fights: tactics declared as data, and the plan a system makes of them.

A system that can be simulated (``ttcli fight simulate``) has a ``tactics`` module whose
``TACTICS`` is a :class:`Tactics`: its named tactics (each a :class:`Tactic`, plain
data: whom to attack, how to answer, how to split a round's rolls), which one each side
fights with by default, and the two functions that turn a tactic into the system's own
declared actions:

- ``choices(rules, enc, name, tactics)``: what ``name`` tries now, best first, each a
  :class:`Move` (a verb of the system's catalogue and its values); the simulation plays
  the first one the rules accept, asks again, and ends the turn (or resolves the round)
  when none is accepted;
- ``reactions(rules, enc, tactics)``: what anyone does out of turn after an action (a
  counterattack after a dodge); none by default.

Nothing here rolls or prints: the moves are played through the rules object like any
command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rules.core.state import Combatant, Encounter
from rules.dice.datatypes import datatype, field
from rules.i18n import _

#: whom to attack: the foe with the least HP left, the most, the first of the roster, the nearest on the grid
WEAKEST, STRONGEST, FIRST, NEAREST = "weakest", "strongest", "first", "nearest"
TARGETS = (WEAKEST, STRONGEST, FIRST, NEAREST)


@datatype(frozen=True)
class Tactic:
    """One way to fight, as data; each system reads the fields it knows."""

    name: str
    #: what it does, for ``--help`` and the docs (English; Russian in the system's catalog)
    help: str
    #: whom to attack (TARGETS)
    target: str = WEAKEST
    #: skirmish: the answer to an attack: "best" (block with a shield, else dodge), block, dodge, none
    answer: str = "best"
    #: counterattack when the rules allow it (skirmish after a dodge, twilight's one counter)
    counter: bool = True
    #: twilight: how many of a round's AP buy attack rolls; the rest buy defense rolls
    attacks: int = 2
    #: twilight: declare the one counter of the fight in this fight round (0: never)
    counter_round: int = 0
    #: terra, dungeon: close in on the target when it is out of reach
    close_in: bool = True

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(_("tactic {name}: unknown target rule {target!r}").format(name=self.name,
                                                                                    target=self.target))


@datatype(frozen=True)
class Move:
    """One declared action to try: the verb of the system's catalogue and the values it is given
    (the rest take their declared defaults)."""

    verb: str
    values: Mapping[str, Any] = field(default_factory=dict)


Chooser = Callable[[Any, Encounter, str, Mapping[str, Tactic]], Iterable[Move]]
Reactor = Callable[[Any, Encounter, Mapping[str, Tactic]], Iterable[Move]]


def _no_reactions(rules: Any, enc: Encounter, tactics: Mapping[str, Tactic]) -> Iterable[Move]:
    return ()


@datatype(frozen=True)
class Tactics:
    """A system's tactics: by name, the default of each side, and how a tactic becomes moves."""

    tactics: Mapping[str, Tactic]
    #: side -> the name of the tactic it fights with unless told otherwise
    defaults: Mapping[str, str]
    choices: Chooser
    reactions: Reactor = _no_reactions
    #: Russian names of the tactics (any word -> the tactic's name), for ``--tactic``
    aliases: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tactics", MappingProxyType(dict(self.tactics)))
        for side, name in self.defaults.items():
            if name not in self.tactics:
                raise ValueError(_("side {side}: no tactic {name!r}").format(side=side, name=name))

    def find(self, word: str) -> Tactic | None:
        """The tactic a word names (its name or a Russian alias, any case), or None."""
        key = word.strip().lower().replace("ё", "е")
        for name, tactic in self.tactics.items():
            if name.lower() == key:
                return tactic
        for alias, name in self.aliases.items():
            if alias.lower().replace("ё", "е") == key:
                return self.tactics[name]
        return None


def hp(c: Combatant) -> int:
    return c.resources.get("hp", 0)


def pick_target(foes: Sequence[Combatant], rule: str, distance: Callable[[Combatant], int] | None = None) -> list[str]:
    """The foes' names in the order ``rule`` prefers them (ties: roster order)."""
    if rule == WEAKEST:
        ranked = sorted(foes, key=hp)
    elif rule == STRONGEST:
        ranked = sorted(foes, key=lambda c: -hp(c))
    elif rule == NEAREST and distance is not None:
        ranked = sorted(foes, key=distance)
    else:
        ranked = list(foes)
    return [c.name for c in ranked]
