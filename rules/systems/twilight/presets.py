"""Twilight's bleeding and poison as the core's effects (TW-BLEED-1, TW-POISON-1).

A weapon lays them on a hit whose successes reach its threshold; they take
their HP every round from the next one, together with the round's blows
(the core's ``round_settles`` moment, which the twilight round ticks itself),
never below 1 HP; a second one keeps the larger damage [I]; they last to the
end of the fight.  Healing that restores HP stops bleeding, never poison.

The same effect a master adds by hand (``effect add Амазонка кровотечение
--damage 2``), stored like the skirmish's bleeding in the session file.
Files of older releases kept them as ``data.bleed = {n, since}``:
:func:`upgrade_marks` moves those here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.core import effects as fx
from rules.core.codec import effect_to_doc
from rules.core.effects import Duration, Effect, EffectSpec
from rules.dice.datatypes import replace
from rules.i18n import N_

BLEEDING = N_("bleeding")
POISON = N_("poison")

#: the effect -> the word the journal's events give it (``afflicted``, ``tick``) and the perks' immunity
EVENT_WORD = {BLEEDING: "bleed", POISON: "poison"}
IMMUNITY = {BLEEDING: "bleeding", POISON: "poison"}


def bleeding(damage: int = 1) -> EffectSpec:
    """TW-BLEED-1: -n HP a round, never below 1; healing stops it."""
    return EffectSpec(BLEEDING, tick=fx.ROUND_SETTLES, damage=damage, stacking=fx.STRONGEST,
                      duration=Duration(fx.FIGHT), floor=1, healing_removes=True)


def poison(damage: int = 1) -> EffectSpec:
    """TW-POISON-1: as bleeding, but healing does not stop it (only an immunity or a cure)."""
    return EffectSpec(POISON, tick=fx.ROUND_SETTLES, damage=damage, stacking=fx.STRONGEST,
                      duration=Duration(fx.FIGHT), floor=1)


_BUILDERS = {"bleed": bleeding, "poison": poison}


def laid(what: str, damage: int, round_: int) -> Effect:
    """The effect a hit lays in ``round_`` (``what``: its event word); its first tick comes next round."""
    return replace(_BUILDERS[what](damage).effect_at(None, turn_ahead=False), last_tick=round_)


def event_word(effect: Effect) -> str:
    return EVENT_WORD.get(effect.name, effect.name)


def upgrade_marks(table: Mapping[str, Any]) -> Mapping[str, Any]:
    """A champion's table with the ``data.bleed`` and ``data.poison`` marks of older releases
    (``{n, since}``) as effects; a mark that is not well formed is left for the decoder to name."""
    data = table.get("data")
    if not isinstance(data, Mapping) or not any(_well_formed(data.get(w)) for w in _BUILDERS):
        return table
    effects = list(table.get("effects", [])) if isinstance(table.get("effects", []), list) else None
    if effects is None:
        return table
    rest = dict(data)
    for what in _BUILDERS:
        mark = data.get(what)
        if not _well_formed(mark):
            continue
        del rest[what]
        name = BLEEDING if what == "bleed" else POISON
        if not any(isinstance(e, Mapping) and e.get("name") == name for e in effects):
            effects.append(effect_to_doc(laid(what, data[what]["n"], data[what]["since"])))
    return {**table, "data": rest, "effects": effects}


def _well_formed(mark: Any) -> bool:
    return (isinstance(mark, Mapping) and set(mark) == {"n", "since"}
            and all(type(mark[k]) is int and mark[k] >= 1 for k in ("n", "since")))


#: ``effect add``: every word (Russian and English) -> the builder from (turns, damage); a bleeding
#: lasts to the end of the fight whatever the turns
PRESETS: dict[str, Callable[[int | None, int | None], EffectSpec]] = {
    **{w: (lambda turns, damage: bleeding(damage or 1)) for w in ("bleeding", "bleed", "кровотечение", "кровь")},
    **{w: (lambda turns, damage: poison(damage or 1)) for w in ("poison", "яд", "отравление")},
}
