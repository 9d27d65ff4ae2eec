"""The skirmish as the command line and the prompt see it: its actions, declared as data.

Every action's ``run`` takes (rules, encounter, dice source or None, **values);
``manoeuvres.py``, ``attacks.py`` and ``fight.py`` play them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.actions import CHOICE, COUNT, FLAG, INT, NAME, STAT, TEXT, Action, Catalogue, Param
from rules.systems.skirmish.manoeuvres import Manoeuvres
from rules.systems.skirmish.messages import MESSAGES
from rules.systems.skirmish.presets import PRESETS

if TYPE_CHECKING:
    from rules.core.outcome import Outcome
    from rules.core.sources import DiceSource
    from rules.core.state import Encounter

_WHO = Param("name", NAME, "Combatant (unique prefix, any case).", "Участник (начало имени, любой регистр).")
_ANSWER = Param("answer", CHOICE, "The target's answer now, in the same command: block, dodge or none.",
                "Ответ цели сразу же: блок, уклонение или без защиты.", option=True, required=False,
                choices=(("block", "block"), ("dodge", "dodge"), ("none", "none"), ("блок", "block"),
                         ("защита", "block"), ("уклонение", "dodge"), ("уклон", "dodge"), ("нет", "none")))
_REROLL = Param("reroll", COUNT, "Rerolls of this d20 from the fight's allowance (SK-REROLL-1): give every "
                "face with --given, the last one stands.",
                "Перебросы этого d20 (1 за бой при навыке 6+, 2 при 9+); последний бросок в силе.",
                option=True, default=0)
_WEAPON = Param("weapon", TEXT, "The weapon by name, from the character's data.weapons.",
                "Оружие по названию (из data.weapons персонажа).", option=True, required=False)

_STRIKE = Param("strike", FLAG, "Strike with a ranged weapon in melee (SK-MELEE-1).",
                "Ударить стрелковым оружием в ближнем бою.", option=True, default=False)


def _attack(rules: Skirmish, enc: Encounter, source: DiceSource, attacker: str, target: str, weapon: str | None,
            answer: str | None, reroll: int, wind: bool, rain: bool, terrain: bool, cover: int | None,
            strike: bool, dash: int | None) -> Outcome:
    return rules.attack(enc, source, attacker, target, weapon=weapon, answer=answer, rerolls=reroll, wind=wind,
                        rain=rain, terrain=terrain, cover=cover, strike=strike, dash=dash)


ACTIONS = Catalogue((
    Action(
        "attack", "NAME attacks TARGET in its turn: d20 + weapon skill; the attack waits for TARGET's answer "
        "(defend), unless --answer gives it now (SK-ATK-1).",
        help_ru="Атака в свой ход: d20 + навык оружия; ждёт ответа цели (defend) или --answer сразу.",
        aliases=("атака", "атаковать"), rolls=True,
        params=(
            Param("attacker", NAME, "Who attacks (the acting character).", "Кто атакует."),
            Param("target", NAME, "Who is attacked.", "Кого атакуют."),
            _WEAPON, _ANSWER, _REROLL,
            Param("wind", FLAG, "Shot in wind: -d4 (SK-RANGED-1).", "Выстрел при ветре: -d4.", option=True,
                  default=False),
            Param("rain", FLAG, "Shot in rain or snow: -d2.", "Выстрел при осадках: -d2.", option=True, default=False),
            Param("terrain", FLAG, "Shot in a city, forest or semi-enclosed space: -1.",
                  "Выстрел в городе, лесу, закрытом полупространстве: -1.", option=True, default=False),
            Param("cover", INT, "The target is in cover of this destruction rating: the shot hits the cover "
                  "(SK-COVER-1).", "Цель в укрытии с этим показателем разрушения: выстрел бьёт в укрытие.",
                  option=True, required=False),
            _STRIKE,
            Param("dash", COUNT, "Dash this many metres first: st = metres, d(accuracy) - accuracy (SK-MOVE-1).",
                  "Рывок на столько метров: st = метры, d(меткость) - меткость.", option=True, required=False),
        ),
        run=_attack,
        examples=("attack Разбойник Рыцарь --weapon Топор", 'attack Разбойник Рыцарь --given "14"',
                  "attack Рыцарь Разбойник --answer dodge", "attack Стрелок Разбойник --weapon Лук --wind"),
    ),
    Action(
        "defend", "TARGET answers the attack waiting for it, out of turn: block (d20 + defense skill of a "
        "weapon or shield), dodge (d20 + dexterity; against a shot a plain d20 miss roll) or none.",
        help_ru="Ответ на атаку вне хода: блок (d20 + защита), уклонение (d20 + ловкость) или без защиты.",
        aliases=("защититься", "ответ"), rolls=True, out_of_turn=True,
        params=(
            _WHO,
            Param("how", CHOICE, "block, dodge or none.", "блок, уклонение или нет.",
                  choices=_ANSWER.choices),
            Param("item", TEXT, "What blocks (default: the shield, else the first weapon).",
                  "Чем блокировать (по умолчанию щит, иначе первое оружие).", option=True, required=False,
                  flags=("--with",)),
            Param("attacker", NAME, "Whose attack to answer, when several wait.", "Чью атаку отражать.",
                  option=True, required=False),
            _REROLL,
        ),
        run=lambda rules, enc, source, name, how, item, attacker, reroll: rules.defend(
            enc, source, name, how, item=item, attacker=attacker, rerolls=reroll),
        examples=("defend Рыцарь block", 'defend Рыцарь dodge --given "9"', "defend Рыцарь блок --with Щит"),
    ),
    Action(
        "counter", "After a successful dodge, NAME counterattacks TARGET out of turn for 2 st, then 4, 8 ... "
        "(SK-OUT-1); TARGET answers like any attack.",
        help_ru="Контратака после удачного уклонения, вне хода: 2 st, затем 4, 8 ...",
        aliases=("контратака",), rolls=True, out_of_turn=True,
        params=(_WHO, Param("target", NAME, "Whose attack was dodged.", "Чью атаку увернулись."),
                _WEAPON, _ANSWER, _REROLL, _STRIKE),
        run=lambda rules, enc, source, name, target, weapon, answer, reroll, strike: rules.counter(
            enc, source, name, target, weapon=weapon, answer=answer, rerolls=reroll, strike=strike),
        examples=("counter Рыцарь Разбойник", "counter Рыцарь Разбойник --answer block"),
    ),
    Action(
        "check", "A d20 + skill or stat check against --dc; in a fight --reroll spends the allowance; "
        "exit code 1 when it fails.",
        help_ru="Проверка d20 + навык или стата против --dc; код выхода 1 при провале.",
        aliases=("проверка",), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, "Skill or stat: ловкость, endurance, stealth ...", "Навык или стата."),
            Param("dc", INT, "Difficulty set by the master.", "Сложность от мастера.", option=True),
            Param("bonus", INT, "Any other modifier.", "Любой другой модификатор.", option=True, default=0),
            _REROLL,
        ),
        run=lambda rules, enc, source, name, stat, dc, bonus, reroll: rules.check(
            enc, source, name, stat, dc, rerolls=reroll, bonus=bonus),
        examples=("check Стрелок ловкость --dc 12", 'check Стрелок stealth --dc 15 --reroll 1 --given "3 17"'),
    ),
    Action(
        "bandage", "Bandage NAME: the bleeding stops, even when the bandage fails (SK-BLEED-1).",
        help_ru="Перевязка: кровотечение останавливается, даже при неудаче.",
        aliases=("перевязка", "перевязать"),
        params=(_WHO, Param("failed", FLAG, "The bandage failed (the master adds any penalty).",
                            "Перевязка неудачна (мастер добавит минусы).", option=True, default=False)),
        run=lambda rules, enc, source, name, failed: rules.bandage(enc, name, failed),
        examples=("bandage Рыцарь", "bandage Рыцарь --failed"),
    ),
    Action(
        "extinguish", "Put out NAME's fire: a plain d20 at the session's threshold (SK-BURN-1); exit code 1 "
        "when it still burns.",
        help_ru="Потушить горящего: d20 без модификаторов; код выхода 1, если горит.",
        aliases=("тушить", "потушить"), rolls=True,
        params=(_WHO, Param("by", NAME, "An ally who puts it out.", "Союзник, который тушит.", option=True,
                            required=False)),
        run=lambda rules, enc, source, name, by: rules.extinguish(enc, source, name, by),
        examples=("extinguish Рыцарь", "extinguish Рыцарь --by Стрелок"),
    ),
    Action(
        "flee", "NAME flees: d20 + dexterity at the session's threshold, or against --chaser's (SK-FLEE-1); "
        "exit code 1 when it stays.",
        help_ru="Побег: d20 + ловкость против порога или догоняющего; код выхода 1 при неудаче.",
        aliases=("побег", "бежать"), rolls=True,
        params=(_WHO, Param("chaser", NAME, "Who chases.", "Кто догоняет.", option=True, required=False),
                _REROLL),
        run=lambda rules, enc, source, name, chaser, reroll: rules.flee(enc, source, name, chaser, reroll),
        examples=("flee Разбойник", "flee Разбойник --chaser Рыцарь"),
    ),
    Action(
        "exhaust", "Out of MP or st: d20 + endurance against the session's difficulty, -1 for every earlier "
        "check this fight; failure faints for --turns (SK-EXH-1); exit code 1 on a faint.",
        help_ru="Кончились МП или st: d20 + выносливость; провал — обморок на --turns ходов.",
        aliases=("обморок", "истощение"), rolls=True,
        params=(_WHO, Param("turns", COUNT, "Turns of fainting on a failure (the master's pick).",
                            "Ходов обморока при провале.", option=True, default=1)),
        run=lambda rules, enc, source, name, turns: rules.exhaust(enc, source, name, max(1, turns)),
        examples=("exhaust Рыцарь", "exhaust Рыцарь --turns 2"),
    ),
    Action(
        "pay", "After a passed exhaustion check, pay MP or st with HP, 1 for 1 (SK-EXH-1).",
        help_ru="После проверки истощения платить МП или st здоровьем, 1 к 1.",
        aliases=("оплата",),
        params=(_WHO, Param("points", COUNT, "Points to pay.", "Сколько очков."),
                Param("pool", CHOICE, "st or mp.", "st или МП.", option=True, default="st",
                      choices=(("st", "st"), ("mp", "mp"), ("ст", "st"), ("мп", "mp")))),
        run=lambda rules, enc, source, name, points, pool: rules.pay(enc, name, points, pool),
        examples=("pay Рыцарь 2", "pay Маг 3 --pool mp"),
    ),
    Action(
        "move", "Move CELLS metres: (dexterity + endurance) / 2 free, 1 st for every further metre (SK-MOVE-1).",
        help_ru="Перемещение: (ловкость + выносливость) / 2 метров бесплатно, дальше 1 st за метр.",
        aliases=("движение", "перемещение", "идти"),
        params=(_WHO, Param("cells", COUNT, "Metres (cells on a map).", "Метры (клетки на поле).")),
        run=lambda rules, enc, source, name, cells: rules.move(enc, name, cells),
        examples=("move Рыцарь 4",),
    ),
    Action(
        "pickup", "Pick up a weapon a stun knocked out of NAME's hands (SK-STUN-1).",
        help_ru="Поднять оружие, выпавшее при оглушении.",
        aliases=("поднять",),
        params=(_WHO, Param("weapon", TEXT, "The dropped weapon.", "Выпавшее оружие.")),
        run=lambda rules, enc, source, name, weapon: rules.pickup(enc, name, weapon),
        examples=("pickup Рыцарь Меч",),
    ),
    Action(
        "slots", "NAME's weapon slots and their stealth and dexterity penalties (SK-SLOT-1).",
        help_ru="Оружейные слоты и штрафы к скрытности и ловкости.",
        aliases=("слоты",),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.show_slots(enc, name),
        examples=("slots Рыцарь",),
    ),
    Action(
        "damage", "Deal damage (the master's call: any time, no turn needed).",
        help_ru="Нанести урон (решение мастера: в любой момент).",
        aliases=("урон",),
        params=(_WHO, Param("amount", COUNT, "Damage to deal.", "Сколько урона.")),
        run=lambda rules, enc, source, name, amount: rules.damage(enc, name, amount),
        examples=("damage Разбойник 3",),
    ),
    Action(
        "heal", "Heal (never above maximum HP; wakes the unconscious).",
        help_ru="Лечение (не выше максимума ХП; будит потерявшего сознание).",
        aliases=("лечение", "лечить"),
        params=(_WHO, Param("amount", COUNT, "HP to restore.", "Сколько ХП вернуть.")),
        run=lambda rules, enc, source, name, amount: rules.heal(enc, name, amount),
        examples=("heal Рыцарь 4",),
    ),
))


class Skirmish(Manoeuvres):
    id = "skirmish"
    name_en = "Skirmish"
    name_ru = "Стычка"
    actions = ACTIONS
    effect_presets = PRESETS
    messages = MESSAGES


RULES = Skirmish()
