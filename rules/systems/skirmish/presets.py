"""The skirmish's effects: bleeding, poison, stun and burning as the seed defines them.

Each has its stacking rule: a further bleeding adds +1 a turn and keeps the
first deadline (SK-BLEED-1), a new poison's damage replaces the old and the
deadline stays (SK-POISON-1), a stun lasts until the start of the bearer's
next turn (SK-STUN-1), burning d4 a turn until put out, with a breakage roll
for one burning item, and setting the burning alight again does nothing
(SK-BURN-1).  Their turn ticks come as the bearer's turn starts [I].
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from rules.core import effects as fx
from rules.core.effects import Duration, EffectSpec
from rules.core.names import name_key
from rules.i18n import N_

BLEEDING = N_("bleeding")
POISON = N_("poison")
STUN = N_("stun")
BURNING = N_("burning")
#: what a failed exhaustion check leaves the character with (SK-EXH-1)
FAINTED = N_("fainted")
#: the system hook burning calls at each tick (SK-BURN-1)
BURN = "burn"

#: what a d10 duration falls back to when the master adds one by hand without --duration [I]
DEFAULT_TURNS = 3

#: the presets are frozen: one spec per duration and damage serves every hit that gives it
_kept = lru_cache(maxsize=128)


@_kept
def bleeding(turns: int, damage: int = 1) -> EffectSpec:
    """SK-BLEED-1: -1 HP a turn for d10 turns; a second bleeding adds +1 damage,
    the first duration stays.  The turn's damage comes as the turn starts [I]."""
    return EffectSpec(
        BLEEDING, tick=fx.TURN_START, damage=damage, stacking=fx.ADD,
        duration=Duration(fx.TURNS, turns), note=N_("bandaging stops it"),
    )


@_kept
def poison(turns: int, damage: int = 1) -> EffectSpec:
    """SK-POISON-1: like bleeding, but a new poison's damage replaces the old."""
    return EffectSpec(
        POISON, tick=fx.TURN_START, damage=damage, stacking=fx.REPLACE_DAMAGE,
        duration=Duration(fx.TURNS, turns),
    )


@_kept
def stun() -> EffectSpec:
    """SK-STUN-1: no actions until the start of the bearer's next turn."""
    return EffectSpec(
        STUN, stacking=fx.REFRESH, duration=Duration(fx.NEXT_TURN),
        note=N_("cannot block or dodge; the shield's def does not count"),
    )


@_kept
def burning() -> EffectSpec:
    return EffectSpec(
        BURNING, tick=fx.TURN_START, damage_dice="1d4", stacking=fx.IGNORE, duration=Duration(fx.REMOVED),
        note=N_("d4 and a breakage roll each turn until put out"), hook=BURN,
    )


#: every word (Russian and English) -> (the effect's own name, its builder from (turns, damage))
WORDS: dict[str, str] = {
    "bleeding": BLEEDING, "bleed": BLEEDING, "кровотечение": BLEEDING, "кровь": BLEEDING,
    "poison": POISON, "отравление": POISON, "яд": POISON,
    "stun": STUN, "оглушение": STUN,
    "burning": BURNING, "поджог": BURNING, "горение": BURNING, "огонь": BURNING,
}

Builder = Callable[[int | None, int | None], EffectSpec]

_BUILDERS: dict[str, Builder] = {
    BLEEDING: lambda turns, damage: bleeding(turns or DEFAULT_TURNS, damage or 1),
    POISON: lambda turns, damage: poison(turns or DEFAULT_TURNS, damage or 1),
    STUN: lambda turns, damage: stun(),
    BURNING: lambda turns, damage: burning(),
}

PRESETS: dict[str, Builder] = {word: _BUILDERS[name] for word, name in WORDS.items()}


def canonical(word: str) -> str | None:
    """The preset a weapon's effect word names (any case, ё = е), or None for a custom effect."""
    if word in _CANONICAL:  # asked at every effect roll of every hit
        return _CANONICAL[word]
    wanted = name_key(word)
    found = next((name for w, name in WORDS.items() if name_key(w) == wanted), None)
    if len(_CANONICAL) < 1024:
        _CANONICAL[word] = found
    return found


#: effect word -> what canonical found for it
_CANONICAL: dict[str, str | None] = {}
