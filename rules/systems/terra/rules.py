"""Twisted Terra (Искажённая Терра) as the command line and the prompt see it.

Its actions are declared here as data; ``actions.py`` plays them and
``fight.py`` holds the fight rules.  Every action's ``run`` takes (rules,
encounter, dice source or None, **values).
"""

from __future__ import annotations

from typing import Any

from rules.core.actions import CELLS, CHOICE, COUNT, FLAG, INT, NAME, TEXT, WORDS, Action, Catalogue, Param
from rules.systems.terra import actions as act
from rules.systems.terra.fight import TerraFight
from rules.systems.terra.messages import MESSAGES

_WHO = Param("name", NAME, "Combatant (unique prefix, any case).", "Участник (начало имени, любой регистр).")
_TYPE = Param("type", TEXT, "Damage type, Russian or English: Огонь, Вода, Земля, Воздух, Тьма, Свет, Звук, Сила, "
              "физический (by the formula), постоянный, переменный, сверхъестественный, мистический.",
              "Вид урона: Огонь, Вода, Земля, Воздух, Тьма, Свет, Звук, Сила, физический, постоянный, "
              "переменный, сверхъестественный, мистический.", option=True, required=False)
_FORMULA = Param("formula", TEXT, "A terra formula: D4+2, 3*D6, D4+D4+D4, 2D6+3 (default: the weapon stat).",
                 "Формула: D4+2, 3*D6, D4+D4+D4, 2D6+3 (по умолчанию оружие из листа).", option=True,
                 required=False)
_SHIFT = Param("shift", INT, "Козерог shifts the crit check D4 by +1 or -1 after seeing it (TT-CRIT-6).",
               "Козерог сдвигает D4 проверки крита на +1 или -1.", option=True, default=0)
_INTO_HP = Param("into_hp", FLAG, "ГК 4: take the blocked damage in HP instead of SP (TT-SP-1).",
                 "ГК 4: заблокированный урон в ОЗ вместо ДЗ.", option=True, default=False)
_TECHNIQUE = Param("technique", FLAG, "It is a technique (ability or magic), not the weapon Attack.",
                   "Это приём (способность или магия), а не Атака оружием.", option=True, default=False)


def _run(function: Any, *names: str) -> Any:
    """Bind the declared parameter names to the function's arguments, in order."""
    def run(rules: Any, enc: Any, source: Any, **values: Any) -> Any:
        return function(rules, enc, source, *(values[n] for n in names))
    return run


ACTIONS = Catalogue((
    Action(
        "formula", "Roll a terra formula with the crit check (TT-CRIT-1..6), in or out of a fight; "
        "--given takes the formula's dice, then the check D4.",
        help_ru="Бросок формулы с критической проверкой; --given: кубики формулы, затем D4 проверки.",
        aliases=("формула", "крит"), rolls=True,
        params=(
            Param("text", TEXT, "The formula: D4+2, 3*D6, D4+D4+D4, 2D6+3.", "Формула."),
            Param("by", NAME, "Whose formula: the check uses its ГК, sign and monster mark.",
                  "Чья формула: ГК, знак и отметка монстра из листа.", option=True, required=False),
            Param("gk", INT, "Check against this blood group (1..4) instead of a combatant's.",
                  "Проверка против этой ГК (1..4).", option=True, required=False),
            _TYPE, _TECHNIQUE, _SHIFT,
            Param("monster", FLAG, "A monster's formula: rolled plainly (TT-CRIT-4).",
                  "Формула монстра: без проверки.", option=True, default=False),
        ),
        run=_run(act.formula, "text", "by", "gk", "type", "technique", "shift", "monster"),
        examples=('formula "D4+2" --gk 2 --given "1 2"', 'formula 3*D6 --by Торн', 'формула D4+D4+D4 --gk 3'),
    ),
    Action(
        "attack", "ATTACKER attacks TARGET with the weapon or a technique: the formula with its crit check, "
        "the defenses, HP and SP (the turn's combat action).",
        help_ru="Атака оружием или приёмом: формула с проверкой крита, защиты, ОЗ и ДЗ.",
        aliases=("атака", "атаковать", "удар"), rolls=True,
        params=(
            Param("attacker", NAME, "Who attacks (the acting character).", "Кто атакует."),
            Param("target", NAME, "Who is attacked.", "Кого атакуют."),
            _FORMULA, _TYPE,
            Param("ap", COUNT, "AP it costs (default 3: the text prices no Attack).",
                  "Сколько ОД (по умолчанию 3).", option=True, required=False),
            _TECHNIQUE, _SHIFT, _INTO_HP,
            Param("provokes", FLAG, "The technique provokes counter attacks (TT-COUNTER-1).",
                  "Приём провоцирует ответные атаки.", option=True, default=False),
            Param("trance", FLAG, "A free trance technique (TT-TRANCE-1): no AP, no combat action; provokes.",
                  "Приём Транса: без ОД и боевого действия; провоцирует.", option=True, default=False),
            Param("learned", FLAG, "The equipped weapon's learned technique: allowed at SP 0 (TT-TECH-3).",
                  "Изученный приём экипированного оружия: можно при ДЗ 0.", option=True, default=False),
            Param("reach", COUNT, "The radius it strikes within (default: the reach stat, 1).",
                  "Радиус действия (по умолчанию из листа, 1).", option=True, required=False),
        ),
        run=_run(act.attack, "attacker", "target", "formula", "type", "ap", "technique", "shift", "into_hp",
                 "provokes", "trance", "learned", "reach"),
        examples=("attack Торн Волк", 'attack Торн Волк --formula "D6+2" --given "1 3"',
                  "attack Айрис Волк --formula 2D6 --type Огонь --technique --ap 4"),
    ),
    Action(
        "counter", "A counter attack out of turn on an enemy within radius 1, once a phase (TT-COUNTER-1).",
        help_ru="Ответная атака вне хода по врагу в радиусе 1, раз в фазу.",
        aliases=("ответ", "контратака"), rolls=True, out_of_turn=True,
        params=(
            Param("name", NAME, "Who answers.", "Кто отвечает."),
            Param("target", NAME, "Whose action provoked it.", "Кого атакуют."),
            _FORMULA, _TYPE, _SHIFT, _INTO_HP,
        ),
        run=_run(act.counter, "name", "target", "formula", "type", "shift", "into_hp"),
        examples=("counter Волк Айрис", 'counter Торн Волк --given "4"'),
    ),
    Action(
        "unarmed", "An unarmed attack within radius 1: 3 AP, 5 with both hands busy; damage = min(level, Тело), "
        "or --identify for 1 damage and the target's stats (TT-UNARMED-1).",
        help_ru="Безоружная атака в радиусе 1: 3 ОД (5, если руки заняты); урон или идентификация.",
        aliases=("безоружная", "кулак"),
        params=(
            Param("attacker", NAME, "Who attacks.", "Кто атакует."),
            Param("target", NAME, "Who is attacked.", "Кого атакуют."),
            Param("identify", FLAG, "Identify instead of damage.", "Идентификация вместо урона.", option=True,
                  default=False),
            Param("both_hands", FLAG, "Both hands are busy: 5 AP.", "Обе руки заняты: 5 ОД.", option=True,
                  default=False),
        ),
        run=_run(act.unarmed, "attacker", "target", "identify", "both_hands"),
        examples=("unarmed Плут Волк", "unarmed Плут Волк --identify"),
    ),
    Action(
        "move", "Move on the grid: 1 AP a cell, within speed, one diagonal step, around others "
        "(TT-AP-1, TT-RADIUS-1).",
        help_ru="Перемещение: 1 ОД за клетку, в пределах скорости, одна диагональ, в обход других.",
        aliases=("движение", "перемещение", "идти"),
        params=(
            _WHO,
            Param("cells", COUNT, "Cells to move without a map (no positions kept).",
                  "Клетки без карты (позиции не ведутся).", required=False),
            Param("to", CELLS, "The cell to reach by the shortest way, x,y.", "Клетка назначения x,y.",
                  option=True, required=False),
            Param("path", CELLS, 'The cells walked, "x,y x,y ...".', 'Путь "x,y x,y ...".', option=True,
                  required=False),
        ),
        run=_run(act.move, "name", "cells", "to", "path"),
        examples=("move Торн --to 3,2", "move Торн 2", 'move Торн --path "1,0 2,0 3,1"'),
    ),
    Action(
        "place", "Put a combatant on a grid cell (the master's hand: no AP).",
        help_ru="Поставить участника на клетку (решение мастера, без ОД).",
        aliases=("поставить",),
        params=(
            _WHO,
            Param("cell", CELLS, 'The cell, "x,y".', 'Клетка "x,y".', required=False),
            Param("off", FLAG, "Take the combatant off the grid.", "Убрать с поля.", option=True, default=False),
        ),
        run=_run(act.place, "name", "cell", "off"),
        examples=('place Торн "2,3"', "place Торн --off"),
    ),
    Action(
        "delay", "Delay the turn to the end of the phase (TT-DELAY-1).",
        help_ru="Отложить ход на конец фазы.",
        aliases=("отложить", "ждать"), rolls=True,
        params=(_WHO,),
        run=_run(act.wait, "name"),
        examples=("delay Плут",),
    ),
    Action(
        "decline", "With no SP left, decline the synchronization phase: 1 temporary SP, act last (TT-SYNC-3).",
        help_ru="Без ДЗ отказаться от фазы синхронизации: 1 временное ДЗ, ход в конце фазы.",
        aliases=("отказ",), rolls=True, noun="fight",
        params=(_WHO,),
        run=_run(act.decline, "name"),
        examples=("fight decline Айрис",),
    ),
    Action(
        "equip", "Equipment in a fight: off 3 AP + 1 SP, on 1 AP, give or take 1 AP within radius 1 (TT-EQUIP-1).",
        help_ru="Экипировка в бою: снять 3 ОД + 1 ДЗ, надеть 1 ОД, передать или взять 1 ОД.",
        aliases=("экипировка",),
        params=(
            _WHO,
            Param("how", CHOICE, "off, on, give or take.", "снять, надеть, передать или взять.",
                  choices=(("off", "off"), ("on", "on"), ("give", "give"), ("take", "take"), ("снять", "off"),
                           ("надеть", "on"), ("передать", "give"), ("отдать", "give"), ("взять", "take"))),
            Param("item", TEXT, "The item.", "Предмет."),
            Param("other", NAME, "With whom an item changes hands.", "С кем.", option=True, required=False,
                  flags=("--with",)),
        ),
        run=_run(act.equip, "name", "how", "item", "other"),
        examples=("equip Торн off шлем", "equip Плут give зелье --with Торн"),
    ),
    Action(
        "aura", "Re-activate the sign's aura: 5 AP, not a combat action (TT-SIGN-1).",
        help_ru="Вновь активировать ауру знака: 5 ОД, не боевое действие.",
        aliases=("аура",),
        params=(_WHO,),
        run=_run(act.aura, "name"),
        examples=("aura Айрис",),
    ),
    Action(
        "item", "Use an item: AP as it says, not a combat action (TT-AP-2).",
        help_ru="Использовать предмет: ОД по описанию, не боевое действие.",
        aliases=("предмет",),
        params=(
            _WHO,
            Param("ap", COUNT, "AP it costs.", "Сколько ОД.", option=True, default=0),
            Param("what", WORDS, "The item.", "Предмет."),
        ),
        run=_run(act.use_item, "name", "what", "ap"),
        examples=("item Плут флакон --ap 1",),
    ),
    Action(
        "damage", "Deal damage (the master's call, any time): straight off HP, or through the defenses "
        "and into SP with --type.",
        help_ru="Нанести урон (решение мастера): прямо в ОЗ или через защиты и ДЗ с --type.",
        aliases=("урон",), rolls=True,
        params=(_WHO, Param("amount", COUNT, "Damage.", "Сколько урона."), _TYPE, _INTO_HP),
        run=_run(act.master_damage, "name", "amount", "type", "into_hp"),
        examples=("damage Торн 3", "damage Торн 5 --type переменный"),
    ),
    Action(
        "heal", "Heal an amount, or a formula with the healer's crit check (never above max HP).",
        help_ru="Лечение: число или формула с проверкой крита лечащего.",
        aliases=("лечение", "лечить"), rolls=True,
        params=(
            _WHO,
            Param("amount", COUNT, "HP to restore.", "Сколько ОЗ.", required=False),
            Param("formula", TEXT, "A healing formula.", "Формула лечения.", option=True, required=False),
            Param("by", NAME, "Who heals (the crit check is theirs).", "Кто лечит.", option=True,
                  required=False),
            _TECHNIQUE, _SHIFT,
        ),
        run=_run(act.heal, "name", "amount", "formula", "by", "technique", "shift"),
        examples=("heal Торн 3", 'heal Торн --formula D4+2 --by Айрис --given "1 1"'),
    ),
))

START = (
    Param("no_sync", FLAG, "Skip the synchronization phase (ambush, surprise; TT-SYNC-2).",
          "Без фазы синхронизации (засада).", option=True, default=False),
)


class Terra(TerraFight):
    id = "terra"
    name_en = "Twisted Terra"
    name_ru = "Искажённая Терра"
    actions = ACTIONS
    start_params = START
    messages = MESSAGES


RULES = Terra()
