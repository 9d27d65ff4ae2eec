"""The systems ttcli knows, and where each one's sheet and fight rules live.

``get_sheet("dungeon").resolve("тело")`` -> ``"body"``; ``fight_rules("dungeon")``
gives the object every combat operation of ``rules.fight`` hands its work to.
Only the requested system's modules are imported (start-up time matters to
one-shot commands).
"""

from __future__ import annotations

import difflib
from importlib import import_module

from rules.core.contract import FightRules
from rules.core.errors import RuleError
from rules.core.outcome import Outcome
from rules.core.sheet import Sheet

SYSTEMS = ("terra", "dungeon", "twilight", "skirmish")


def get_sheet(system: str) -> Sheet:
    """The sheet of ``system`` (one of :data:`SYSTEMS`)."""
    wanted = system.strip().lower()
    if wanted not in SYSTEMS:
        close = difflib.get_close_matches(wanted, SYSTEMS, n=1)
        hint = f"; did you mean: {close[0]}?" if close else f"; known: {', '.join(SYSTEMS)}"
        raise ValueError(f'unknown system "{system}"{hint}')
    return import_module(f"{__name__}.{wanted}.sheet").SHEET


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
_BUILT = {"dungeon": "rules.systems.dungeon.fight"}


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
