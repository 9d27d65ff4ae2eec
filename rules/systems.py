"""Which fight rules each system plays by.

``fight_rules("dungeon")`` gives the object every combat operation of
``rules.combat`` hands its work to.  A system plugs in its initiative, its
turn or round structure, its action budget and its end-of-fight rules by
providing the methods of :class:`FightRules`; the shared pieces (state,
effects, the turn clock, the codec) come from the ``rules.combat_*`` modules.
See the combat documentation for how terra, twilight and skirmish fit.

Only the requested system's module is imported (start-up time matters to
one-shot commands).
"""

from __future__ import annotations

from importlib import import_module
from typing import Protocol, Sequence

from rules.combat_clock import ClockRules
from rules.combat_effects import EffectSpec
from rules.combat_outcome import Outcome
from rules.combat_state import Encounter
from rules.errors import RuleError
from rules.sheets import SYSTEMS
from rules.sources import DiceSource

Cell = tuple[int, int]


class FightRules(ClockRules, Protocol):
    """One system's fight.  Names are as typed (resolved with ``find``)."""

    system: str

    def start_fight(self, enc: Encounter, source: DiceSource, ambush: str | None = None) -> Outcome: ...

    def next_turn(self, enc: Encounter, source: DiceSource) -> Outcome: ...

    def end_fight(self, enc: Encounter) -> Outcome: ...

    def join_fight(self, enc: Encounter, name: str) -> Outcome: ...

    def attack(
        self, enc: Encounter, source: DiceSource, attacker: str, target: str, *,
        kind: str, advantages: int, disadvantages: int, fatigue_advantage: bool,
        extra_die: bool, weapon: str | None,
    ) -> Outcome: ...

    def act(self, enc: Encounter, name: str, what: str) -> Outcome: ...

    def damage(self, enc: Encounter, name: str, amount: int) -> Outcome: ...

    def heal(self, enc: Encounter, name: str, amount: int) -> Outcome: ...

    def add_effect(self, enc: Encounter, name: str, spec: EffectSpec) -> Outcome: ...

    def remove_effect(self, enc: Encounter, name: str, effect_name: str) -> Outcome: ...

    def check(
        self, enc: Encounter, source: DiceSource, name: str, stat_or_skill: str, dc: int, *,
        advantages: int, disadvantages: int, bonus: int,
    ) -> Outcome: ...

    def save(self, enc: Encounter, source: DiceSource, name: str, stat: str, modifier: int) -> Outcome: ...

    def spend_fatigue(self, enc: Encounter, source: DiceSource, name: str, ability: str) -> Outcome: ...

    def move(self, enc: Encounter, name: str, cells: int | Sequence[Cell]) -> Outcome: ...

    def rest(self, enc: Encounter, source: DiceSource, name: str, kind: str) -> Outcome: ...


class Unavailable:
    """A system whose fights are not built yet: every fight operation is refused.

    Nothing here pretends to resolve anything; the refusal says what does
    work for the system meanwhile.
    """

    def __init__(self, system: str) -> None:
        self.system = system

    def refuse(self, *args: object, **kwargs: object) -> Outcome:
        raise RuleError(
            f"fights, checks and health tracking for {self.system} are not available yet "
            f"(they come with its fight rules); dice rolls, odds, the roster and the journal work"
        )

    start_fight = next_turn = end_fight = join_fight = refuse
    attack = act = damage = heal = add_effect = remove_effect = refuse
    check = save = spend_fatigue = move = rest = refuse


#: system -> module whose ``RULES`` object plays its fights
_BUILT = {"dungeon": "rules.fight_dungeon"}


def fight_rules(system: str) -> FightRules | Unavailable:
    """The fight rules of ``system`` (one of the four sheet systems)."""
    if system in _BUILT:
        return import_module(_BUILT[system]).RULES
    if system in SYSTEMS:
        return Unavailable(system)
    raise ValueError(f"unknown system {system!r}; known: {', '.join(SYSTEMS)}")


def available(system: str) -> bool:
    """Whether fights of ``system`` can be played."""
    return system in _BUILT
