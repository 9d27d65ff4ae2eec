"""Twisted Terra (Искажённая Терра): who it is, its verbs and the options of ``fight start``, as data.

Importable without the fight rules (the command line builds its commands from it); an
action's ``run`` receives the rules object when it is played and reaches the rules through it.
"""

from __future__ import annotations

from typing import Any

from rules.core.actions import CELLS, CHOICE, COUNT, FLAG, INT, NAME, TEXT, WORDS, Action, Catalogue, Param, SystemCard
from rules.i18n import N_
from rules.systems.terra.techniques import ASPECT_WORDS, EFFECT_WORDS
from rules.systems.terra.weapons import SLOT_WORDS

_WHO = Param("name", NAME, N_("Combatant (unique prefix, any case)."))
_TYPE = Param("type", TEXT, N_("Damage type, Russian or English: Огонь, Вода, Земля, Воздух, Тьма, Свет, Звук, Сила, "
              "физический (by the formula), постоянный, переменный, сверхъестественный, мистический."),
                    option=True, required=False)
_FORMULA = Param("formula", TEXT, N_("A terra formula: D4+2, 3*D6, D4+D4+D4, 2D6+3 (default: the weapon stat)."),
      option=True,
                 required=False)
_SHIFT = Param("shift", INT, N_("Козерог shifts the crit check D4 by +1 or -1 after seeing it (TT-CRIT-6)."),
      option=True, default=0)
_INTO_HP = Param("into_hp", FLAG, N_("ГК 4: take the blocked damage in HP instead of SP (TT-SP-1)."),
      option=True, default=False)
_TECHNIQUE = Param("technique", FLAG, N_("It is a technique (ability or magic), not the weapon Attack."),
      option=True, default=False)


def _run(method: str, *names: str) -> Any:
    """Bind the declared parameter names to the arguments of the rules object's ``method``, in
    order (the method is the rules', so this catalogue imports no rule)."""
    def run(rules: Any, enc: Any, source: Any, **values: Any) -> Any:
        return getattr(rules, method)(enc, source, *(values[n] for n in names))
    return run


ACTIONS = Catalogue((
    Action(
        "formula", N_("Roll a terra formula with the crit check (TT-CRIT-1..6), in or out of a fight; "
        "--given takes the formula's dice, then the check D4."),
        aliases=("формула", "крит"), rolls=True,
        params=(
            Param("text", TEXT, N_("The formula: D4+2, 3*D6, D4+D4+D4, 2D6+3.")),
            Param("by", NAME, N_("Whose formula: the check uses its ГК, sign and monster mark."),
                  option=True, required=False),
            Param("gk", INT, N_("Check against this blood group (1..4) instead of a combatant's."),
                  option=True, required=False),
            _TYPE, _TECHNIQUE, _SHIFT,
            Param("monster", FLAG, N_("A monster's formula: rolled plainly (TT-CRIT-4)."), option=True, default=False),
        ),
        run=_run("formula", "text", "by", "gk", "type", "technique", "shift", "monster"),
        examples=('formula "D4+2" --gk 2 --given "1 2"', 'formula 3*D6 --by Торн', 'формула D4+D4+D4 --gk 3'),
    ),
    Action(
        "attack", N_("ATTACKER attacks TARGET with the weapon or a technique: the formula with its crit check, "
        "the defenses, HP and SP (the turn's combat action)."),
        aliases=("атака", "атаковать", "удар"), rolls=True,
        params=(
            Param("attacker", NAME, N_("Who attacks (the acting character).")),
            Param("target", NAME, N_("Who is attacked.")),
            _FORMULA, _TYPE,
            Param("ap", COUNT, N_("AP it costs (default 3: the text prices no Attack)."), option=True, required=False),
            _TECHNIQUE, _SHIFT, _INTO_HP,
            Param("provokes", FLAG, N_("The technique provokes counter attacks (TT-COUNTER-1)."),
                  option=True, default=False),
            Param("trance", FLAG, N_("A free trance technique (TT-TRANCE-1): no AP, no combat action; provokes."),
                  option=True, default=False),
            Param("learned", FLAG, N_("The equipped weapon's learned technique: allowed at SP 0 (TT-TECH-3)."),
                  option=True, default=False),
            Param("reach", COUNT, N_("The radius it strikes within (default: the reach stat, 1)."),
                  option=True, required=False),
            Param("near", NAME, N_("A spear's nearer cell: who stands between, struck by the same Attack for "
                                   "half (TT-WEAPON-1)."), option=True, required=False),
        ),
        run=_run("attack", "attacker", "target", "formula", "type", "ap", "technique", "shift", "into_hp",
                 "provokes", "trance", "learned", "reach", "near"),
        examples=('attack Торн "Волк 1"', 'attack Торн "Волк 1" --formula "D6+2" --given "1 3"',
                  'attack Айрис "Волк 1" --formula 2D6 --type Огонь --technique --ap 4',
                  'attack Торн "Волк 2" --near "Волк 1"'),
    ),
    Action(
        "counter", N_("A counter attack out of turn on an enemy within radius 1, once a phase (TT-COUNTER-1)."),
        aliases=("ответ", "контратака"), rolls=True, out_of_turn=True,
        params=(
            Param("name", NAME, N_("Who answers.")),
            Param("target", NAME, N_("Whose action provoked it.")),
            _FORMULA, _TYPE, _SHIFT, _INTO_HP,
        ),
        run=_run("counter", "name", "target", "formula", "type", "shift", "into_hp"),
        examples=('counter "Волк 1" Торн', 'counter Торн "Волк 1" --given "4"'),
    ),
    Action(
        "unarmed", N_("An unarmed attack within radius 1: 3 AP, 5 with both hands busy; damage = min(level, Тело), "
        "or --identify for 1 damage and the target's stats (TT-UNARMED-1)."),
        aliases=("безоружная", "кулак"),
        params=(
            Param("attacker", NAME, N_("Who attacks.")),
            Param("target", NAME, N_("Who is attacked.")),
            Param("identify", FLAG, N_("Identify instead of damage."), option=True,
                  default=False),
            Param("both_hands", FLAG, N_("Both hands are busy: 5 AP."), option=True,
                  default=False),
        ),
        run=_run("unarmed", "attacker", "target", "identify", "both_hands"),
        examples=('unarmed Торн "Волк 1"', 'unarmed Торн "Волк 1" --identify'),
    ),
    Action(
        "move", N_("Move on the grid: 1 AP a cell, within speed, one diagonal step, around others "
        "(TT-AP-1, TT-RADIUS-1)."),
        aliases=("движение", "перемещение", "идти"),
        params=(
            _WHO,
            Param("cells", COUNT, N_("Cells to move without a map (no positions kept)."), required=False),
            Param("to", CELLS, N_("The cell to reach by the shortest way, x,y."),
                  option=True, required=False),
            Param("path", CELLS, N_('The cells walked, "x,y x,y ...".'), option=True,
                  required=False),
        ),
        run=_run("move", "name", "cells", "to", "path"),
        examples=("move Торн --to 3,2", "move Торн 2", 'move Торн --path "1,0 2,0 3,1"'),
    ),
    Action(
        "place", N_("Put a combatant on a grid cell (the master's hand: no AP)."),
        aliases=("поставить",),
        params=(
            _WHO,
            Param("cell", CELLS, N_('The cell, "x,y".'), required=False),
            Param("off", FLAG, N_("Take the combatant off the grid."), option=True, default=False),
        ),
        run=_run("place", "name", "cell", "off"),
        examples=('place Торн "2,3"', "place Торн --off"),
    ),
    Action(
        "delay", N_("Delay the turn to the end of the phase (TT-DELAY-1)."),
        aliases=("отложить", "ждать"), rolls=True,
        params=(_WHO,),
        run=_run("wait", "name"),
        examples=("delay Плут",),
    ),
    Action(
        "decline", N_("With no SP left, decline the synchronization phase: 1 temporary SP, act last (TT-SYNC-3)."),
        aliases=("отказ",), rolls=True, noun="fight",
        params=(_WHO,),
        run=_run("decline", "name"),
        examples=("fight decline Айрис",),
    ),
    Action(
        "equip", N_("Equipment in a fight: off 3 AP + 1 SP, on 1 AP, give or take 1 AP within radius 1 (TT-EQUIP-1)."),
        aliases=("экипировка",),
        params=(
            _WHO,
            Param("how", CHOICE, N_("off, on, give or take."),
                  choices=(("off", "off"), ("on", "on"), ("give", "give"), ("take", "take"), ("снять", "off"),
                           ("надеть", "on"), ("передать", "give"), ("отдать", "give"), ("взять", "take"))),
            Param("item", TEXT, N_("The item.")),
            Param("other", NAME, N_("With whom an item changes hands."), option=True, required=False,
                  flags=("--with",)),
            Param("slot", CHOICE, N_("Where it is worn: оружие, двуручное, щит, голова, тело, аксессуар (two); "
                  "kept on the sheet (TT-WEAPON-1)."), option=True, required=False, choices=SLOT_WORDS),
        ),
        run=_run("equip", "name", "how", "item", "other", "slot"),
        examples=("equip Торн off шлем", "equip Плут give зелье --with Торн", "equip Торн on шлем --slot голова"),
    ),
    Action(
        "aura", N_("Re-activate the sign's aura: 5 AP, not a combat action (TT-SIGN-1)."),
        aliases=("аура",),
        params=(_WHO,),
        run=_run("aura", "name"),
        examples=("aura Айрис",),
    ),
    Action(
        "item", N_("Use an item: AP as it says, not a combat action (TT-AP-2)."),
        aliases=("предмет",),
        params=(
            _WHO,
            Param("ap", COUNT, N_("AP it costs."), option=True, default=0),
            Param("what", WORDS, N_("The item.")),
        ),
        run=_run("use_item", "name", "what", "ap"),
        examples=("item Плут флакон --ap 1",),
    ),
    Action(
        "damage", N_("Deal damage (the master's call, any time): straight off HP, or through the defenses "
        "and into SP with --type."),
        aliases=("урон",), rolls=True,
        params=(_WHO, Param("amount", COUNT, N_("Damage.")), _TYPE, _INTO_HP),
        run=_run("master_damage", "name", "amount", "type", "into_hp"),
        examples=("damage Торн 3", "damage Торн 5 --type переменный"),
    ),
    Action(
        "heal", N_("Heal an amount, or a formula with the healer's crit check (never above max HP)."),
        aliases=("лечение", "лечить"), rolls=True,
        params=(
            _WHO,
            Param("amount", COUNT, N_("HP to restore."), required=False),
            Param("formula", TEXT, N_("A healing formula."), option=True, required=False),
            Param("by", NAME, N_("Who heals (the crit check is theirs)."), option=True,
                  required=False),
            _TECHNIQUE, _SHIFT,
        ),
        run=_run("heal", "name", "amount", "formula", "by", "technique", "shift"),
        examples=("heal Торн 3", 'heal Торн --formula D4+2 --by Айрис --given "1 1"'),
    ),
    Action(
        "technique", N_("Write a technique on a character's sheet (the master's hand, no AP): its aspect, formula, "
        "costs in AP, HP and MP, and whether it is the weapon's own or slotted (TT-TECH-1, TT-TECH-2)."),
        aliases=("выучить", "изучить"),
        params=(
            _WHO,
            Param("technique", TEXT, N_("The technique's name.")),
            Param("aspect", CHOICE, N_("Its aspect: Время, Мана, Жизнь or Душа."), option=True, required=False,
                  choices=ASPECT_WORDS),
            Param("effect", CHOICE, N_("damage (default), heal, or support (an aura or anything else that neither "
                  "deals damage nor heals: it may open a combined action)."), option=True, default="damage",
                  choices=EFFECT_WORDS),
            Param("formula", TEXT, N_("Its damage or healing formula: 2D6, D4+2."), option=True, required=False),
            Param("type", TEXT, N_("Its damage type (default: physical, the formula decides)."), option=True,
                  required=False),
            Param("ap", COUNT, N_("AP it costs."), option=True, default=0),
            Param("hp", COUNT, N_("HP it costs."), option=True, default=0),
            Param("mp", COUNT, N_("MP it costs."), option=True, default=0),
            Param("weapon", FLAG, N_("The equipped weapon's own technique: usable without learning (TT-TECH-3)."),
                  option=True, default=False),
            Param("learned", FLAG, N_("The weapon's technique is learned: usable at SP 0 too (TT-TECH-3)."),
                  option=True, default=False),
            Param("slot", FLAG, N_("An active of another aspect in one of the slots, 1 a sign level (TT-TECH-2)."),
                  option=True, default=False),
            Param("passive", FLAG, N_("A passive ability: takes a slot, never cast."), option=True, default=False),
            Param("provokes", FLAG, N_("It provokes counter attacks by itself (summoning, control, Mysticism, "
                  "Sacraments); it cannot be combined."), option=True, default=False),
            Param("reach", COUNT, N_("The radius it strikes within (default: the reach stat)."), option=True,
                  default=0),
            Param("forget", FLAG, N_("Take the technique off the sheet."), option=True, default=False),
            Param("copied", FLAG, N_("Змееносец or Кит copied it from an enemy in this fight: usable whatever the "
                  "day's aspect, gone when the fight ends (TT-SIGN-1)."), option=True, default=False),
        ),
        run=_run("declare", "name", "technique", "aspect", "effect", "formula", "type", "ap", "hp", "mp",
                 "weapon", "learned", "slot", "passive", "provokes", "reach", "forget", "copied"),
        examples=('technique Айрис "Огненная стрела" --aspect Мана --formula 2D6 --type Огонь --ap 4 --mp 3',
                  'выучить Айрис Исцеление --aspect Жизнь --effect heal --formula D4+2 --ap 2 --mp 2'),
    ),
    Action(
        "cast", N_("Use a technique from the sheet: the aspect, its AP, HP and MP, the crit check, damage or "
        "healing; a non-damaging first technique lets a second follow as one combat action (TT-COMBINED-1)."),
        aliases=("приём", "применить"), rolls=True,
        params=(
            _WHO,
            Param("technique", TEXT, N_("The technique (unique prefix).")),
            Param("target", NAME, N_("Whom it strikes or heals (healing: default the caster)."), required=False),
            Param("owner", NAME, N_("Водолей: the ally whose technique is used (TT-SIGN-2)."), option=True,
                  required=False, flags=("--from",)),
            Param("trance", FLAG, N_("A free trance technique (TT-TRANCE-1): no cost, no combat action; provokes."),
                  option=True, default=False),
            _SHIFT, _INTO_HP,
        ),
        run=_run("cast", "name", "technique", "target", "owner", "trance", "shift", "into_hp"),
        examples=('cast Айрис "Огненная стрела" "Волк 1" --given "4 3"', "применить Айрис Исцеление Торн"),
    ),
    Action(
        "theatre", N_("A theatrical action (TT-AP-1): the AP the master names (not a combat action) and, with "
        "--chance, its check, d100 <= N; Лев wins defensive checks, enemies near Близнецы fail (TT-SIGN-2)."),
        aliases=("театр", "театральное", "theater"), rolls=True,
        params=(
            _WHO,
            Param("what", TEXT, N_("What the character does, in words.")),
            Param("ap", COUNT, N_("AP it costs (the master's call)."), option=True, default=0),
            Param("chance", INT, N_("Its check: success on d100 <= N (the master's call)."), option=True,
                  required=False),
            Param("defensive", FLAG, N_("The check is a defence (Лев wins it); out of turn when it costs no AP."),
                  option=True, default=False),
        ),
        run=_run("theatre", "name", "what", "ap", "chance", "defensive"),
        examples=('theatre Плут "прыжок через стол" --ap 2 --chance 40',
                  'theatre Торн "устоять на ногах" --chance 30 --defensive'),
    ),
    Action(
        "control", N_("Рак's aura on a summonable monster's turn within radius 1: d100 <= 20 and the turn is "
        "Рак's to play (TT-SIGN-2)."),
        aliases=("контроль",), rolls=True, out_of_turn=True,
        params=(Param("name", NAME, N_("Рак.")), Param("target", NAME, N_("The monster whose turn it is."))),
        run=_run("control", "name", "target"),
        examples=('control Айрис "Волк 1" --given 15',),
    ),
))

START = (
    Param("no_sync", FLAG, N_("Skip the synchronization phase (ambush, surprise; TT-SYNC-2)."),
          option=True, default=False),
)

#: options of ``day``: the day's aspect chosen anew at midnight (TT-TECH-2)
DAY = (
    Param("aspects", TEXT, N_('The day\'s aspect chosen anew at midnight (TT-TECH-2): "Айрис=Мана, Торн=Душа".'),
          option=True),
)

CARD = SystemCard("terra", "Twisted Terra", "Искажённая Терра", ACTIONS, START, DAY)
