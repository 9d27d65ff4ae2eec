"""The skirmish: its one rules object.  Its actions are declared as data in ``catalogue.py``.

Every action's ``run`` takes (rules, encounter, dice source or None, **values);
``manoeuvres.py``, ``attacks.py`` and ``fight.py`` play them.  :class:`Skirmish`
assembles those modules' functions into the one :class:`SystemRules` of the system.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.contract import SystemRules
from rules.core.state import status_in
from rules.systems.skirmish import attacks, fight, fightdata, manoeuvres
from rules.systems.skirmish.catalogue import CARD
from rules.systems.skirmish.messages import MESSAGES
from rules.systems.skirmish.presets import BURN, PRESETS
from rules.systems.skirmish.reading import unable
from rules.systems.skirmish.sheet import SHEET

if TYPE_CHECKING:
    from rules.core.effects import Effect
    from rules.core.outcome import Damage, HealthChange, Work
    from rules.core.state import Combatant
    from rules.dice.sources import DiceSource


class Skirmish(SystemRules):
    id = CARD.id
    name_en = CARD.name_en
    name_ru = CARD.name_ru
    sheet = SHEET
    actions = CARD.actions
    #: ``ttcli odds``: the actions answered, by the functions of the module named
    effect_presets = PRESETS
    messages = MESSAGES

    # --- what the shared clock asks (fight.py) ---------------------------------------

    def cannot_act(self, combatant: Combatant) -> str | None:
        if not combatant.effects:  # no stun, no faint: its status alone (asked at every turn and attack)
            state = status_in(self.statuses, combatant)
            return None if state.can_act else f"is {state.label}"
        return unable(combatant, self.statuses)

    def hurt(self, work: Work, name: str, damage: Damage) -> HealthChange:
        fight.before_hurt(work, name, damage)
        return super().hurt(work, name, damage)

    new_turn = staticmethod(fight.new_turn)

    def effect_hook(self, work: Work, source: DiceSource, name: str, effect: Effect) -> None:
        if effect.hook != BURN:
            super().effect_hook(work, source, name, effect)
        fight.burn(work, source, name)

    resolve_modifier = staticmethod(fight.resolve_modifier)
    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)

    # --- the fight (fight.py) ----------------------------------------------------------

    start = fight.start
    step = fight.step
    end = fight.end

    # --- the actions (attacks.py, manoeuvres.py) ---------------------------------------

    attack = attacks.attack
    defend = attacks.defend
    counter = attacks.counter
    check = manoeuvres.check
    bandage = manoeuvres.bandage
    extinguish = manoeuvres.extinguish
    burn_item = manoeuvres.burn_item
    flee = manoeuvres.flee
    exhaust = manoeuvres.exhaust
    pay = manoeuvres.pay
    cast = manoeuvres.cast
    move = manoeuvres.move
    pickup = manoeuvres.pickup
    take_cover = manoeuvres.take_cover
    gear = manoeuvres.gear
    show_slots = manoeuvres.show_slots
    damage = manoeuvres.damage
    heal = manoeuvres.heal


RULES = Skirmish()
