"""The fight-rules protocol every system provides (see rules.systems for the registry)."""

from __future__ import annotations

from typing import Protocol, Sequence

from rules.core.clock import ClockRules
from rules.core.effects import EffectSpec
from rules.core.outcome import Outcome
from rules.core.sources import DiceSource
from rules.core.state import Encounter

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
