"""Twilight of the Gods: fights of secret declarations resolved by rounds.

``fight start`` opens the approach; each champion declares its rolls (each
``declare`` adds one, its pool rolled then: the player's posted dice, the
missing ones rolled and marked, TW-AUDIT-1); ``fight next`` resolves the
round and moves through the stages: approach, fight rounds, endgame, choice.

Its actions are declared as data in ``catalogue.py``.  The rules object is assembled here from
the modules of the fight rules: ``fight.py`` (start, step, the approach),
``declarations.py``, ``fight_round.py``, ``endgame.py``, ``gods.py``,
``verdict.py`` (the end of a fight, the choice, surrender) and ``legend.py``.
Every action's ``run`` takes (rules, encounter, dice source or None, **values).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.contract import ROUNDS_CLOCK, SystemRules
from rules.core.outcome import Work
from rules.systems.twilight import champion as ch
from rules.systems.twilight import declarations, fight, healing, legend, verdict
from rules.systems.twilight.catalogue import CARD
from rules.systems.twilight.data import DECODERS
from rules.systems.twilight.messages import MESSAGES
from rules.systems.twilight.presets import PRESETS
from rules.systems.twilight.sheet import SHEET


class Twilight(SystemRules):
    """Twilight's rules object, assembled from its modules of plain functions: a function
    that takes the rules object first is a method as it stands, the others are static."""

    id = CARD.id
    sheet = SHEET
    name_en = CARD.name_en
    name_ru = CARD.name_ru
    clock = ROUNDS_CLOCK
    actions = CARD.actions
    #: ``ttcli odds``: the actions answered, by the functions of the module named
    start_params = CARD.start_params
    messages: Mapping[str, Any] = MESSAGES
    effect_presets = PRESETS

    decode_combatant_data = staticmethod(DECODERS.decode_combatant_data)
    decode_fight_data = staticmethod(DECODERS.decode_fight_data)
    upgrade_combatant = staticmethod(DECODERS.upgrade_combatant)

    # --- who is who ----------------------------------------------------------------

    statuses = fight.STATUSES
    hp_max = staticmethod(ch.hp_max)

    def mend(self, work: Work, name: str, amount: int) -> Any:
        """Healing stops bleeding, never poison, and lowers the wound level; the fallen stand
        again between fights (TW-BLEED-1, TW-POISON-1, TW-WOUND-1, TW-CHOICE-1)."""
        return healing.mend(work, name, amount)

    # --- the fight -------------------------------------------------------------------

    start = fight.start
    step = fight.step


    # --- the actions (the catalogue's ``run`` plays them by these names) ------------------

    declare = declarations.declare
    withdraw = declarations.withdraw
    surrender = verdict.surrender
    verdict = verdict.verdict  # after surrender: from here on the name is the method's
    legend = legend.legend
    heal = healing.heal


RULES = Twilight()
