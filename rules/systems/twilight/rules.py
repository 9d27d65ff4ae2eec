"""Twilight of the Gods: fights of secret declarations resolved by rounds.

``fight start`` opens the approach; each champion declares its rolls (each
``declare`` adds one, its pool rolled then: the player's posted dice, the
missing ones rolled and marked, TW-AUDIT-1); ``fight next`` resolves the
round and moves through the stages: approach, fight rounds, endgame, choice.

Its actions are declared here as data.  The rules object is assembled here from
the modules of the fight rules: ``fight.py`` (start, step, the approach),
``declarations.py``, ``fight_round.py``, ``endgame.py``, ``gods.py``,
``verdict.py`` (the end of a fight, the choice, surrender) and ``legend.py``.
Every action's ``run`` takes (rules, encounter, dice source or None, **values).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core.actions import CHOICE as CHOICE_KIND
from rules.core.actions import COUNT, FLAG, INT, NAME, TEXT, Action, Catalogue, Param
from rules.core.contract import ROUNDS_CLOCK, SystemRules
from rules.core.outcome import Work
from rules.i18n import N_
from rules.systems.twilight import champion as ch
from rules.systems.twilight import declarations, fight, legend, verdict
from rules.systems.twilight import stages as st
from rules.systems.twilight.data import DECODERS
from rules.systems.twilight.messages import MESSAGES
from rules.systems.twilight.presets import PRESETS
from rules.systems.twilight.resolve import ATTACK_KIND, COUNTER, DEFEND, GUARD, PHANTOM, SPECIAL, set_wound
from rules.systems.twilight.sheet import SHEET

MOVES = ((ATTACK_KIND, ATTACK_KIND), ("нападение", ATTACK_KIND), ("атака", ATTACK_KIND),
         (DEFEND, DEFEND), ("defense", DEFEND), ("защита", DEFEND),
         (COUNTER, COUNTER), ("контратака", COUNTER),
         (SPECIAL, SPECIAL), ("спец", SPECIAL), ("спецдействие", SPECIAL),
         (PHANTOM, PHANTOM), ("фантом", PHANTOM), (GUARD, GUARD), ("щит", GUARD))
VERDICTS = (("execute", "execute"), ("казнь", "execute"), ("spare", "spare"), ("mercy", "spare"),
            ("пощада", "spare"))
LEGEND_MOVES = (("award", "award"), ("награда", "award"), ("spend", "spend"), ("трата", "spend"),
                ("refuse", "refuse"), ("отказ", "refuse"), ("loot", "loot"), ("мародёрство", "loot"))
CONDITION_WORDS = tuple((w, w) for w in (*st.CONDITIONS, "roll")) + (
    ("ливень", st.RAIN), ("гроза", st.STORM), ("барьер", st.BARRIER), ("бросок", "roll"), ("нет", st.NONE))

ACTIONS = Catalogue((
    Action("declare", N_("Declare in secret one roll of NAME this round: attack TARGET, defend, counter "
           "or special PERK; its d6 pool is rolled now (--given: the dice the player posted)."),
           aliases=("заявка",), run=declarations.declare, rolls=True,
           examples=('declare Кочевник attack Викинг --given "5 4 3 2 4 5 5 5 4"', "declare Викинг defend",
                     'declare Викинг special "Глухая оборона"'),
           params=(Param("name", NAME, N_("Who declares.")),
                   Param("move", CHOICE_KIND, N_("attack, defend, counter or special."), choices=MOVES),
                   Param("target", TEXT, N_("The attack's target (a special: its perk)."), required=False),
                   Param("at", NAME, N_("The target of a directed special."), option=True,
                         required=False),
                   Param("weapon", INT, N_("Which weapon attacks (1 the sheet's, 2 the first of "
                         "data.weapons ...)."), option=True, required=False),
                   Param("betray", FLAG, N_("The target is an ally: the attack or special ends the "
                         "alliance (TW-MASS-7)."), option=True, default=False))),
    Action("withdraw", N_("Take back NAME's declaration of this round (or one roll of it)."),
           aliases=("отозвать",), run=declarations.withdraw,
           examples=("withdraw Викинг", "withdraw Кочевник --roll 2"),
           params=(Param("name", NAME, N_("Who withdraws.")),
                   Param("roll", COUNT, N_("Only this roll (1, 2 ... as declared)."), option=True,
                         required=False))),
    Action("verdict", N_("The choice: the winner executes or spares the loser (TW-CHOICE-1)."),
           aliases=("выбор",), run=verdict.verdict,
           examples=("verdict execute", "verdict spare --crowd execute"),
           params=(Param("choice", CHOICE_KIND, N_("execute or spare."), choices=VERDICTS),
                   Param("crowd", CHOICE_KIND, N_("What the crowd wants; going against it halves the "
                         "reward."), option=True, required=False, choices=VERDICTS))),
    Action("surrender", N_("NAME surrenders: half the unspent legend lost, the choice follows "
                           "(TW-SURR-1)."),
           aliases=("сдаться",), run=verdict.surrender,
           examples=("surrender Викинг",), params=(Param("name", NAME, N_("Who surrenders.")),)),
    Action("legend", N_("Change NAME's legend: award, spend, refuse (a challenge, -50) or loot (an ally, "
           "-100) (TW-LEG-1)."), aliases=("легенда",), run=legend.legend,
           examples=("legend Кочевник award 100", "legend Кочевник spend 200", "legend Викинг refuse"),
           params=(Param("name", NAME, N_("Whose legend.")),
                   Param("move", CHOICE_KIND, N_("award, spend, refuse or loot."), choices=LEGEND_MOVES),
                   Param("amount", COUNT, N_("Points (award, spend)."), required=False))),
))

START = (
    Param("condition", CHOICE_KIND, N_("Special condition after the first circle (TW-COND-1): none, rain, "
          "storm, random, barrier, or roll for the master's d10."), option=True,
          required=False, default=st.NONE, choices=CONDITION_WORDS),
)


class Twilight(SystemRules):
    """Twilight's rules object, assembled from its modules of plain functions: a function
    that takes the rules object first is a method as it stands, the others are static."""

    id = "twilight"
    sheet = SHEET
    name_en = "Twilight of the Gods"
    name_ru = "Сумерки богов"
    clock = ROUNDS_CLOCK
    actions = ACTIONS
    start_params = START
    messages: Mapping[str, Any] = MESSAGES
    effect_presets = PRESETS

    decode_combatant_data = staticmethod(DECODERS.decode_combatant_data)
    decode_fight_data = staticmethod(DECODERS.decode_fight_data)
    upgrade_combatant = staticmethod(DECODERS.upgrade_combatant)

    # --- who is who ----------------------------------------------------------------

    statuses = fight.STATUSES
    hp_max = staticmethod(ch.hp_max)

    def mend(self, work: Work, name: str, amount: int) -> Any:
        """Healing also lowers the wound level and stops bleeding, never poison (TW-BLEED-1, TW-POISON-1)."""
        change = super().mend(work, name, amount)
        if change.hp_after > change.hp_before:
            c = work.get(name)
            work.put(replace(c, effects=tuple(e for e in c.effects if not e.healing_removes)))
            set_wound(work, name, change.hp_after)
        return change

    # --- the fight -------------------------------------------------------------------

    start = fight.start
    step = fight.step


RULES = Twilight()
