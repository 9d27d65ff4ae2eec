"""The dungeon's effects a master adds with ``effect add``, its own presets.

The seed names no damage-over-time effects, so the dungeon offers the plain shapes
[I]: bleeding and poison (1 damage a turn, 3 turns unless told otherwise), stun (until
the start of the bearer's next turn), burning (d4 a turn until put out).  Their turn
ticks come as the bearer's turn starts [I]; a second bleeding adds its damage and keeps
the first deadline, a new poison's damage replaces the old, stun and burning do not
stack.  They carry no notes: bandaging, a shield's def and putting a fire out with a
d20 are the skirmish's rules, not the dungeon's; a master ends any of them with
``effect rm``.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import effects as fx
from rules.core.effects import Duration, EffectSpec
from rules.i18n import N_

#: what a duration falls back to when the master gives none [I]
DEFAULT_TURNS = 3


def bleeding(turns: int, damage: int = 1) -> EffectSpec:
    return EffectSpec(
        N_("bleeding"), tick=fx.TURN_START, damage=damage, stacking=fx.ADD,
        duration=Duration(fx.TURNS, turns),
    )


def poison(turns: int, damage: int = 1) -> EffectSpec:
    return EffectSpec(
        N_("poison"), tick=fx.TURN_START, damage=damage, stacking=fx.REPLACE_DAMAGE,
        duration=Duration(fx.TURNS, turns),
    )


def stun() -> EffectSpec:
    return EffectSpec(
        N_("stun"), stacking=fx.REFRESH, duration=Duration(fx.NEXT_TURN),
    )


def burning() -> EffectSpec:
    return EffectSpec(
        N_("burning"), tick=fx.TURN_START, damage_dice="1d4", stacking=fx.IGNORE,
        duration=Duration(fx.REMOVED),
    )


Builder = Callable[[int | None, int | None], EffectSpec]

_BUILDERS: dict[tuple[str, ...], Builder] = {
    ("bleeding", "кровотечение"): lambda turns, damage: bleeding(turns or DEFAULT_TURNS, damage or 1),
    ("poison", "яд", "отравление"): lambda turns, damage: poison(turns or DEFAULT_TURNS, damage or 1),
    ("stun", "оглушение"): lambda turns, damage: stun(),
    ("burning", "горение", "огонь"): lambda turns, damage: burning(),
}

#: every word (Russian and English) -> the builder of its effect from (turns, damage)
PRESETS: dict[str, Builder] = {word: build for words, build in _BUILDERS.items() for word in words}
