"""Twisted Terra (Искажённая Терра): its one rules object.

Its actions are declared as data in ``catalogue.py``; ``actions.py`` plays them.
The rules object is assembled here from the modules of the fight rules
(``fight.py``, ``health.py``, ``hits.py``, ``counters.py``, ``positions.py``).
Every action's ``run`` takes (rules, encounter, dice source or None, **values).
"""

from __future__ import annotations

from rules.core.contract import SystemRules
from rules.systems.terra import actions as act
from rules.systems.terra import casting, counters, day, fight, health, hits, positions, signs, theatre
from rules.systems.terra import sheet as terra_sheet
from rules.systems.terra.catalogue import CARD
from rules.systems.terra.data import DECODERS
from rules.systems.terra.messages import MESSAGES


class Terra(SystemRules):
    """Terra's rules object, assembled from its modules of plain functions: a function
    that takes the rules object first is a method as it stands, the others are static."""

    id = CARD.id
    name_en = CARD.name_en
    name_ru = CARD.name_ru
    sheet = terra_sheet.SHEET
    actions = CARD.actions
    #: ``ttcli odds``: the actions answered, by the functions of the module named
    start_params = CARD.start_params
    day_params = CARD.day_params
    messages = MESSAGES

    decode_combatant_data = staticmethod(DECODERS.decode_combatant_data)
    decode_fight_data = staticmethod(DECODERS.decode_fight_data)
    decode_turn_data = staticmethod(DECODERS.decode_turn_data)

    # --- who is who ----------------------------------------------------------------

    statuses = health.STATUSES
    cannot_act = staticmethod(health.cannot_act)
    resolve_modifier = staticmethod(terra_sheet.resolve_modifier)
    hp_max = staticmethod(terra_sheet.hp_max)

    # --- health --------------------------------------------------------------------

    hurt = staticmethod(health.hurt)
    mend = staticmethod(health.mend)
    new_turn = staticmethod(fight.new_turn)

    # --- the fight -------------------------------------------------------------------

    start = fight.start
    step = fight.step
    end = fight.end
    end_day = day.end_day

    # --- what the actions call -------------------------------------------------------

    turn_for = fight.turn_for
    spend = staticmethod(fight.spend)
    check_of = staticmethod(hits.check_of)
    roll_for = staticmethod(hits.roll_for)
    target_of = staticmethod(hits.target_of)
    strike = staticmethod(hits.strike)
    enter_trance = staticmethod(hits.enter_trance)
    offer_counters = staticmethod(counters.offer_counters)
    count_technique = staticmethod(counters.count_technique)
    occupied = staticmethod(positions.occupied)
    walk = staticmethod(positions.walk)

    # --- the actions (the catalogue's ``run`` plays them by these names) ------------------

    formula = act.formula
    attack = act.attack
    counter = act.counter
    unarmed = act.unarmed
    move = act.move
    place = act.place
    wait = act.wait
    decline = act.decline
    equip = act.equip
    aura = act.aura
    use_item = act.use_item
    master_damage = act.master_damage
    heal = act.heal
    declare = casting.declare
    cast = casting.cast
    control = signs.control
    theatre = theatre.theatre


RULES = Terra()
