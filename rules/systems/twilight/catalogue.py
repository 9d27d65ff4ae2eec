"""Twilight of the Gods (Сумерки богов): who it is, its verbs and the options of ``fight start``, as data.

Importable without the fight rules (the command line builds its commands from it); an
action's ``run`` receives the rules object when it is played and reaches the rules through it.
"""

from __future__ import annotations

from typing import Any

from rules.core.actions import CHOICE as CHOICE_KIND
from rules.core.actions import COUNT, FLAG, INT, NAME, TEXT, Action, Catalogue, Param, SystemCard
from rules.i18n import N_
from rules.systems.twilight import vocabulary as vocab
from rules.systems.twilight.vocabulary import ATTACK_KIND, COUNTER, DEFEND, GUARD, PHANTOM, SPECIAL

MOVES = ((ATTACK_KIND, ATTACK_KIND), ("нападение", ATTACK_KIND), ("атака", ATTACK_KIND),
         (DEFEND, DEFEND), ("defense", DEFEND), ("защита", DEFEND),
         (COUNTER, COUNTER), ("контратака", COUNTER),
         (SPECIAL, SPECIAL), ("спец", SPECIAL), ("спецдействие", SPECIAL),
         (PHANTOM, PHANTOM), ("фантом", PHANTOM), (GUARD, GUARD), ("щит", GUARD))
VERDICTS = (("execute", "execute"), ("казнь", "execute"), ("spare", "spare"), ("mercy", "spare"),
            ("пощада", "spare"))
LEGEND_MOVES = (("award", "award"), ("награда", "award"), ("spend", "spend"), ("трата", "spend"),
                ("refuse", "refuse"), ("отказ", "refuse"), ("loot", "loot"), ("мародёрство", "loot"))
CONDITION_WORDS = tuple((w, w) for w in (*vocab.CONDITIONS, "roll")) + (
    ("ливень", vocab.RAIN), ("гроза", vocab.STORM), ("барьер", vocab.BARRIER), ("бросок", "roll"),
    ("нет", vocab.NONE))

def _play(method: str) -> Any:
    """The action's ``run``: the rules object's ``method`` (so this catalogue imports no rule)."""
    def run(rules: Any, enc: Any, source: Any, **values: Any) -> Any:
        return getattr(rules, method)(enc, source, **values)
    return run


ACTIONS = Catalogue((
    Action("declare", N_("Declare in secret one roll of NAME this round: attack TARGET, defend, counter "
           "or special PERK; its d6 pool is rolled now (--given: the dice the player posted)."),
           aliases=("заявка",), run=_play("declare"), rolls=True,
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
           aliases=("отозвать",), run=_play("withdraw"),
           examples=("withdraw Викинг", "withdraw Кочевник --roll 2"),
           params=(Param("name", NAME, N_("Who withdraws.")),
                   Param("roll", COUNT, N_("Only this roll (1, 2 ... as declared)."), option=True,
                         required=False))),
    Action("verdict", N_("The choice: the winner executes or spares the loser (TW-CHOICE-1)."),
           aliases=("выбор",), run=_play("verdict"),
           examples=("verdict execute", "verdict spare --crowd execute"),
           params=(Param("choice", CHOICE_KIND, N_("execute or spare."), choices=VERDICTS),
                   Param("crowd", CHOICE_KIND, N_("What the crowd wants; going against it halves the "
                         "reward."), option=True, required=False, choices=VERDICTS))),
    Action("surrender", N_("NAME surrenders: half the unspent legend lost, the choice follows "
                           "(TW-SURR-1)."),
           aliases=("сдаться",), run=_play("surrender"),
           examples=("surrender Викинг",), params=(Param("name", NAME, N_("Who surrenders.")),)),
    Action("legend", N_("Change NAME's legend: award, spend, refuse (a challenge, -50) or loot (an ally, "
           "-100) (TW-LEG-1)."), aliases=("легенда",), run=_play("legend"),
           examples=("legend Кочевник award 100", "legend Кочевник spend 200", "legend Викинг refuse"),
           params=(Param("name", NAME, N_("Whose legend.")),
                   Param("move", CHOICE_KIND, N_("award, spend, refuse or loot."), choices=LEGEND_MOVES),
                   Param("amount", COUNT, N_("Points (award, spend)."), required=False))),
    Action("heal", N_("Heal NAME by AMOUNT HP (all of them without it): bleeding stops, poison stays, the wound "
           "eases, no energy comes back (TW-BLEED-1); between fights, a spared champion stands again "
           "(TW-CHOICE-1)."),
           aliases=("лечение", "лечить"), run=_play("heal"),
           examples=("heal Кочевник 3", "heal Викинг"),
           params=(Param("name", NAME, N_("Who is healed.")),
                   Param("amount", COUNT, N_("HP to restore (without it: all of them)."), required=False))),
))

START = (
    Param("condition", CHOICE_KIND, N_("Special condition after the first circle (TW-COND-1): none, rain, "
          "storm, random, barrier, or roll for the master's d10."), option=True,
          required=False, default=vocab.NONE, choices=CONDITION_WORDS),
)

CARD = SystemCard("twilight", "Twilight of the Gods", "Сумерки богов", ACTIONS, START)
