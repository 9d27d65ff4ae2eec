"""The dungeon's effects a master adds with ``effect add``, its own presets.

The seed names no damage-over-time effects, so the dungeon offers the plain shapes
[I]: bleeding and poison (1 damage a turn, 3 turns unless told otherwise), stun (the
bearer loses its next turn, or its next N turns with ``--duration "N turns"``), burning
(d4 a turn until put out).  Their turn
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


def stun(turns: int = 1) -> EffectSpec:
    """The stunned loses its turns [I]: the dungeon has no answers out of turn (DG-INIT-1:
    "Откладывать свой ход нельзя"), so a stun that only lasted until its next turn began
    would take nothing from it.  A stun put on the one acting leaves that turn as it is
    and takes the next (a turn in progress does not count)."""
    return EffectSpec(
        N_("stun"), skip_turn=True, stacking=fx.REFRESH, duration=Duration(fx.TURNS, turns),
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
    ("stun", "оглушение"): lambda turns, damage: stun(turns or 1),
    ("burning", "горение", "огонь"): lambda turns, damage: burning(),
}

#: every word (Russian and English) -> the builder of its effect from (turns, damage)
PRESETS: dict[str, Builder] = {word: build for words, build in _BUILDERS.items() for word in words}
