"""The dungeon (Подземелье Ужаса): its one rules object.

Its actions are declared as data in ``catalogue.py``; ``fight.py`` and
``manoeuvres.py`` play them.  Every action's ``run`` takes (rules, encounter,
dice source or None, **values).  :class:`Dungeon` assembles the topic modules'
functions into the contract's hooks and the actions.
"""

from __future__ import annotations

from rules.core.contract import DEFAULT_STATUSES, SystemRules
from rules.systems.dungeon import fight, fightdata, manoeuvres, spells
from rules.systems.dungeon.catalogue import CARD
from rules.systems.dungeon.checks import SKILLS
from rules.systems.dungeon.messages import MESSAGES
from rules.systems.dungeon.presets import PRESETS
from rules.systems.dungeon.sheet import SHEET


class Dungeon(SystemRules):
    id = CARD.id
    name_en = CARD.name_en
    name_ru = CARD.name_ru
    sheet = SHEET
    actions = CARD.actions
    #: ``ttcli odds``: the actions answered, by the functions of the module named
    start_params = CARD.start_params
    effect_presets = PRESETS
    skill_words = tuple((s.key, s.name_ru.lower(), s.name_en.lower()) for s in SKILLS)
    messages = MESSAGES
    #: ok, unconscious, dead: the unconscious still tick, so a bleeding one can die (DG-DEATH-1) [I]
    statuses = DEFAULT_STATUSES

    # --- what the shared clock asks -------------------------------------------------------

    hurt = staticmethod(fight.hurt)
    mend = staticmethod(fight.mend)
    new_turn = staticmethod(fight.new_turn)
    resolve_modifier = staticmethod(fight.resolve_modifier)
    decode_combatant_data = staticmethod(fightdata.decode_combatant)
    decode_fight_data = staticmethod(fightdata.decode_fight)
    decode_turn_data = staticmethod(fightdata.decode_turn)

    # --- the fight ------------------------------------------------------------------------

    start = fight.start
    step = fight.step
    end = fight.end
    join = fight.join

    # --- the actions (the catalogue's ``run``) --------------------------------------------

    attack = fight.attack
    act = fight.act
    move = fight.move
    spend_fatigue = fight.spend_fatigue
    posture = manoeuvres.posture
    knock = manoeuvres.knock
    push = manoeuvres.push
    place = manoeuvres.place
    party_order = manoeuvres.party_order
    damage = fight.damage
    heal = fight.heal
    check = fight.check
    save = fight.save
    rest = fight.rest
    cast = spells.cast


RULES = Dungeon()
