"""The dungeon (Подземелье Ужаса) as the command line and the prompt see it.

Its actions are declared here as data; ``fight.py`` plays them.  Every
action's ``run`` takes (rules, encounter, dice source or None, **values).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.actions import CELLS, CHOICE, COUNT, FLAG, INT, NAME, STAT, TEXT, WORDS, Action, Catalogue, Param
from rules.systems.dungeon.fight import DungeonFight
from rules.systems.dungeon.messages import MESSAGES

if TYPE_CHECKING:
    from rules.core.outcome import Outcome
    from rules.core.sources import DiceSource
    from rules.core.state import Encounter

_WHO = Param("name", NAME, "Combatant (unique prefix, any case).", "Участник (начало имени, любой регистр).")


def _attack(rules: Dungeon, enc: Encounter, source: DiceSource, attacker: str, target: str, ranged: bool, adv: int,
            dis: int, fatigue_adv: bool, extra_die: bool, weapon: str | None, situation: str | None) -> Outcome:
    return rules.attack(
        enc, source, attacker, target, kind="ranged" if ranged else "melee", advantages=adv,
        disadvantages=dis, fatigue_advantage=fatigue_adv, extra_die=extra_die, weapon=weapon,
        situation=[situation] if situation else [],
    )


def _place(rules: Dungeon, enc: Encounter, source: DiceSource | None, name: str,
           cell: tuple[tuple[int, int], ...] | None, off: bool) -> Outcome:
    if (cell is None) == (not off):
        raise ValueError('give a cell or --off, e.g. place Вор "2,3", or place Вор --off')
    return rules.place(enc, name, None if off else cell)


def _move(rules: Dungeon, enc: Encounter, source: DiceSource | None, name: str, cells: int | None,
          path: tuple[tuple[int, int], ...] | None) -> Outcome:
    if path is not None and cells is None:
        return rules.move(enc, name, list(path))
    if cells is not None and path is None:
        return rules.move(enc, name, cells)
    raise ValueError('give either a number of cells or --path, e.g. move Вор 3, or move Вор --path "0,0 1,1 2,1"')


ACTIONS = Catalogue((
    Action(
        "attack", "The acting character attacks TARGET: hit roll, damage, armor, status.",
        help_ru="Атака действующего персонажа по цели: бросок попадания, урон, броня, состояние.",
        aliases=("атака", "атаковать"), rolls=True,
        params=(
            Param("attacker", NAME, "Who attacks (the acting character).", "Кто атакует."),
            Param("target", NAME, "Who is attacked.", "Кого атакуют."),
            Param("ranged", FLAG, "A ranged attack (d20 + РЕАК).", "Дальняя атака (d20 + РЕАК).",
                  option=True, default=False),
            Param("adv", COUNT, "Advantages (+5 each).", "Преимущества (+5 каждое).", option=True, default=0),
            Param("dis", COUNT, "Disadvantages (-5 each).", "Помехи (-5 каждая).", option=True, default=0),
            Param("fatigue_adv", FLAG, "Buy +5 on the hit with fatigue.", "Купить +5 к попаданию за усталость.",
                  option=True, default=False),
            Param("extra_die", FLAG, "Buy one more damage die with fatigue.", "Купить ещё кубик урона за усталость.",
                  option=True, default=False),
            Param("weapon", TEXT, "Weapon dice, e.g. 1d8 (default: the weapon stat).",
                  "Кубики оружия, например 1d8 (по умолчанию из листа).", option=True, required=False),
            Param("situation", TEXT,
                  'The situation, Russian or English words: cover, dim, dark, invisible ("укрытие полумрак"); '
                  "who lies prone is tracked and added by itself (DG-ADV-1, DG-PRONE-1).",
                  'Обстановка: укрытие, полумрак, темнота, невидимость ("укрытие полумрак"); '
                  "лежащих учитывает само.", option=True, required=False),
        ),
        run=_attack,
        examples=("attack Викинг Гоблин", "attack Лучница Гоблин --ranged --adv 1",
                  'attack Викинг Гоблин --given "14 6"',
                  'attack Лучница Гоблин --ranged --situation "укрытие полумрак"'),
    ),
    Action(
        "prone", "Drop prone: one action (DG-PRONE-1); outside a fight it just sets the state.",
        help_ru="Упасть ничком: одно действие; вне боя просто отмечает положение.",
        aliases=("лечь", "упасть"),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.posture(enc, name, prone=True),
        examples=("prone Лучница",),
    ),
    Action(
        "stand", "Stand up: one action (DG-PRONE-1).",
        help_ru="Встать на ноги: одно действие.",
        aliases=("встать", "подняться"),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.posture(enc, name, prone=False),
        examples=("stand Лучница",),
    ),
    Action(
        "knock", "Knock TARGET down: one action, d20 + body against d20 + body; the fallen lie prone (DG-KNOCK-1).",
        help_ru="Сбить цель с ног: одно действие, d20 + ТЕЛО против d20 + ТЕЛО; упавший лежит.",
        aliases=("сбить",), rolls=True,
        params=(
            Param("attacker", NAME, "Who knocks (the acting character).", "Кто сбивает."),
            Param("target", NAME, "Who is knocked down.", "Кого сбивают."),
            Param("save", FLAG, "The target resists with a save (1d10 <= body) instead.",
                  "Цель сопротивляется спасброском (1d10 <= ТЕЛО).", option=True, default=False),
        ),
        run=lambda rules, enc, source, attacker, target, save: rules.knock(enc, source, attacker, target, save=save),
        examples=("knock Викинг Гоблин", 'knock Викинг Гоблин --given "15 7"', "knock Викинг Огр --save"),
    ),
    Action(
        "push", "Push a neighbouring TARGET one cell away: one action (DG-ACT-2); without cells, narrative.",
        help_ru="Толкнуть соседа на клетку от себя: одно действие; без клеток — на словах.",
        aliases=("толкнуть", "оттолкнуть"),
        params=(
            Param("pusher", NAME, "Who pushes (the acting character).", "Кто толкает."),
            Param("target", NAME, "Who is pushed.", "Кого толкают."),
        ),
        run=lambda rules, enc, source, pusher, target: rules.push(enc, pusher, target),
        examples=("push Викинг Гоблин",),
    ),
    Action(
        "place", "Put a combatant on a grid cell (the master's hand: no action); range and pushes then count.",
        help_ru="Поставить участника на клетку (решение мастера, без действия); дальность и толчки учитываются.",
        aliases=("поставить",),
        params=(
            _WHO,
            Param("cell", CELLS, 'The cell, "x,y".', 'Клетка "x,y".', required=False),
            Param("off", FLAG, "Take the combatant off the grid.", "Убрать с поля.", option=True, default=False),
        ),
        run=_place,
        examples=('place Викинг "2,3"', "place Викинг --off"),
    ),
    Action(
        "order", "The party's agreed order (DG-INIT-1): the named go first in that order, the rest by reaction.",
        help_ru="Порядок отряда по договорённости: названные ходят первыми в этом порядке, остальные по РЕАК.",
        aliases=("порядок",), noun="fight",
        params=(Param("names", WORDS, "Party members in the agreed order.", "Члены отряда по порядку."),),
        run=lambda rules, enc, source, names: rules.party_order(enc, names.split()),
        examples=("fight order Вор Викинг Лучница",),
    ),
    Action(
        "check", "A stat or skill check against --dc; exit code 1 when it fails.",
        help_ru="Проверка характеристики или навыка против --dc; код выхода 1 при провале.",
        aliases=("проверка",), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, "Stat or skill: тело, body, Атлетика, stealth ...", "Характеристика или навык."),
            Param("dc", INT, "Difficulty set by the master.", "Сложность от мастера.", option=True),
            Param("adv", COUNT, "Advantages (+5 each).", "Преимущества (+5 каждое).", option=True, default=0),
            Param("dis", COUNT, "Disadvantages (-5 each).", "Помехи (-5 каждая).", option=True, default=0),
            Param("bonus", INT, "Any other modifier.", "Любой другой модификатор.", option=True, default=0),
        ),
        run=lambda rules, enc, source, name, stat, dc, adv, dis, bonus: rules.check(
            enc, source, name, stat, dc, advantages=adv, disadvantages=dis, bonus=bonus),
        examples=("check Вор ловкость --dc 12", 'check Вор stealth --dc 15 --given "9"'),
    ),
    Action(
        "save", "A saving throw (1d10 <= stat); exit code 1 when it fails.",
        help_ru="Спасбросок (1d10 <= характеристика); код выхода 1 при провале.",
        aliases=("спасбросок", "спас"), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, "The stat to save with.", "Характеристика спасброска."),
            Param("mod", INT, "The master's bonus (+) or penalty (-).", "Бонус (+) или штраф (-) мастера.",
                  option=True, default=0),
        ),
        run=lambda rules, enc, source, name, stat, mod: rules.save(enc, source, name, stat, mod),
        examples=("save Жрец разум", "save Жрец mind --mod -1"),
    ),
    Action(
        "fatigue", "Buy a fatigue ability on one's own turn.",
        help_ru="Купить способность за усталость в свой ход.",
        aliases=("усталость",), rolls=True,
        params=(
            _WHO,
            Param("ability", TEXT, "extra-action, extra-move, advantage, extra-die or rally (Russian names too).",
                  "доп-действие, доп-перемещение, преимущество, доп-кубик или сплочение."),
        ),
        run=lambda rules, enc, source, name, ability: rules.spend_fatigue(enc, source, name, ability),
        examples=("fatigue Викинг extra-action",),
    ),
    Action(
        "move", "Move on one's own turn; uses move actions as the distance needs.",
        help_ru="Перемещение в свой ход; тратит столько действий, сколько нужно.",
        aliases=("движение", "перемещение", "идти"),
        params=(
            _WHO,
            Param("cells", COUNT, "Cells to move (a diagonal step counts 2).", "Клетки (диагональ считается за 2).",
                  required=False),
            Param("path", CELLS, 'The cells walked through, "x,y x,y ...", starting where the character stands; '
                  "diagonal steps cost 2 (DG-MOVE-1).", "Путь по клеткам \"x,y x,y ...\".",
                  option=True, required=False),
        ),
        run=_move,
        examples=("move Вор 3", 'move Вор --path "0,0 1,1 2,1"'),
    ),
    Action(
        "act", "Spend an action on anything else (draw a weapon, reload, pull a lever); "
        "the seed's listed actions are named canonically (DG-ACT-2).",
        help_ru="Потратить действие на что-то другое (вытащить оружие, перезарядить, потянуть рычаг).",
        aliases=("действие",),
        params=(_WHO, Param("what", WORDS, "What the character does.", "Что делает персонаж.")),
        run=lambda rules, enc, source, name, what: rules.act(enc, name, what),
        examples=("act Вор достаёт зелье", 'act Лучница "перезарядить"', "act Викинг вытащить оружие"),
    ),
    Action(
        "rest", "A short or long rest outside fights (costs a ration).",
        help_ru="Короткий или долгий отдых вне боя (стоит паёк).",
        aliases=("отдых",), rolls=True,
        params=(_WHO, Param("kind", CHOICE, "short or long.", "короткий или долгий.",
                            choices=(("short", "short"), ("long", "long"), ("короткий", "short"),
                                     ("долгий", "long"), ("длинный", "long"))),
                Param("medkit", FLAG, "Treat the injuries with a medical kit from the inventory, used up (DG-INJ-2).",
                      "Вылечить травмы медицинским набором из инвентаря (он расходуется).", option=True,
                      default=False)),
        run=lambda rules, enc, source, name, kind, medkit: rules.rest(enc, source, name, kind, medkit=medkit),
        examples=("rest Викинг short", "rest Викинг долгий", "rest Викинг short --medkit"),
    ),
    Action(
        "damage", "Deal damage (the master's call: any time, no turn needed).",
        help_ru="Нанести урон (решение мастера: в любой момент).",
        aliases=("урон",),
        params=(_WHO, Param("amount", COUNT, "Damage to deal.", "Сколько урона.")),
        run=lambda rules, enc, source, name, amount: rules.damage(enc, name, amount),
        examples=("damage Гоблин 3",),
    ),
    Action(
        "heal", "Heal (never above maximum HP; wakes the unconscious).",
        help_ru="Лечение (не выше максимума ЗД; будит потерявшего сознание).",
        aliases=("лечение", "лечить"),
        params=(_WHO, Param("amount", COUNT, "HP to restore.", "Сколько ЗД вернуть.")),
        run=lambda rules, enc, source, name, amount: rules.heal(enc, name, amount),
        examples=("heal Викинг 4",),
    ),
))

START = (
    Param("ambush", CHOICE, "The side that ambushes (party or enemy) acts first without a roll.",
          "Сторона, устроившая засаду (отряд или враги), ходит первой без броска.", option=True, required=False,
          choices=(("party", "party"), ("enemy", "enemy"), ("players", "party"), ("enemies", "enemy"),
                   ("отряд", "party"), ("игроки", "party"), ("враг", "enemy"), ("враги", "enemy"))),
)


def _presets() -> dict:
    """The seed names no damage-over-time effects, so the dungeon offers the plain
    shapes [I]: bleeding and poison (per turn), stun (a lost turn), burning (d4)."""
    from rules.core import effects as fx

    builders = {
        ("bleeding", "кровотечение"): lambda turns, damage: fx.bleeding(turns or 3, damage or 1),
        ("poison", "яд", "отравление"): lambda turns, damage: fx.poison(damage or 1, turns or 3),
        ("stun", "оглушение"): lambda turns, damage: fx.stun(),
        ("burning", "горение", "огонь"): lambda turns, damage: fx.burning(),
    }
    return {word: build for words, build in builders.items() for word in words}


class Dungeon(DungeonFight):
    id = "dungeon"
    name_en = "Dungeon of Horror"
    name_ru = "Подземелье Ужаса"
    actions = ACTIONS
    start_params = START
    effect_presets = _presets()
    messages = MESSAGES


RULES = Dungeon()
