"""The skirmish (Стычка): who it is and its verbs, as data.

Importable without the fight rules (the command line builds its commands from it); an
action's ``run`` receives the rules object when it is played and reaches the rules through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.actions import CHOICE, COUNT, FLAG, INT, NAME, STAT, TEXT, WORDS, Action, Catalogue, Param, SystemCard
from rules.i18n import N_

if TYPE_CHECKING:
    from rules.core.outcome import Outcome
    from rules.core.state import Encounter
    from rules.dice.sources import DiceSource
    from rules.systems.skirmish.rules import Skirmish


_WHO = Param("name", NAME, N_("Combatant (unique prefix, any case)."))
_ANSWER = Param("answer", CHOICE, N_("The target's answer now, in the same command: block, dodge or none."),
                option=True, required=False,
                choices=(("block", "block"), ("dodge", "dodge"), ("none", "none"), ("блок", "block"),
                         ("защита", "block"), ("уклонение", "dodge"), ("уклон", "dodge"), ("нет", "none")))
_REROLL = Param("reroll", COUNT, N_("Rerolls of this d20 from the fight's allowance (SK-REROLL-1): give every "
                "face with --given, the last one stands."),
                option=True, default=0)
_WEAPON = Param("weapon", TEXT, N_("The weapon by name, from the character's data.weapons."), option=True,
                required=False)

_STRIKE = Param("strike", FLAG, N_("Strike with a ranged weapon in melee (SK-MELEE-1)."), option=True, default=False)


def _attack(rules: Skirmish, enc: Encounter, source: DiceSource, attacker: str, target: str, weapon: str | None,
            answer: str | None, reroll: int, wind: bool, rain: bool, terrain: bool, cover: int | None,
            strike: bool, dash: int | None) -> Outcome:
    return rules.attack(enc, source, attacker, target, weapon=weapon, answer=answer, rerolls=reroll, wind=wind,
                        rain=rain, terrain=terrain, cover=cover, strike=strike, dash=dash)


ACTIONS = Catalogue((
    Action(
        "attack", N_("NAME attacks TARGET in its turn: d20 + weapon skill; the attack waits for TARGET's answer "
        "(defend), unless --answer gives it now (SK-ATK-1)."),
        aliases=("атака", "атаковать"), rolls=True,
        params=(
            Param("attacker", NAME, N_("Who attacks (the acting character).")),
            Param("target", NAME, N_("Who is attacked.")),
            _WEAPON, _ANSWER, _REROLL,
            Param("wind", FLAG, N_("Shot in wind: -d4 (SK-RANGED-1)."), option=True,
                  default=False),
            Param("rain", FLAG, N_("Shot in rain or snow: -d2."), option=True, default=False),
            Param("terrain", FLAG, N_("Shot in a city, forest or semi-enclosed space: -1."), option=True,
                  default=False),
            Param("cover", INT, N_("The target is in cover of this destruction rating for this shot: the shot "
                  "hits the cover (SK-COVER-1); without it, the cover set with the cover command counts."),
                  option=True, required=False),
            _STRIKE,
            Param("dash", COUNT, N_("Dash this many metres first: st = metres, d(accuracy) - accuracy (SK-MOVE-1)."),
                  option=True, required=False),
        ),
        run=_attack,
        examples=('attack "Разбойник 1" Рыцарь --weapon Топор', 'attack "Разбойник 1" Рыцарь --given "14"',
                  'attack Рыцарь "Разбойник 1" --weapon Меч --answer dodge',
                  'attack Стрелок "Разбойник 2" --weapon Лук --wind'),
    ),
    Action(
        "defend", N_("TARGET answers the attack waiting for it, out of turn: block (d20 + defense skill of a "
        "weapon or shield), dodge (d20 + dexterity; against a shot a plain d20 miss roll) or none."),
        aliases=("защититься", "ответ"), rolls=True, out_of_turn=True,
        params=(
            _WHO,
            Param("how", CHOICE, N_("block, dodge or none."),
                  choices=_ANSWER.choices),
            Param("item", TEXT, N_("What blocks (default: the shield, else the first weapon)."), option=True,
                  required=False,
                  flags=("--with",)),
            Param("attacker", NAME, N_("Whose attack to answer, when several wait."),
                  option=True, required=False),
            _REROLL,
        ),
        run=lambda rules, enc, source, name, how, item, attacker, reroll: rules.defend(
            enc, source, name, how, item=item, attacker=attacker, rerolls=reroll),
        examples=("defend Рыцарь block", 'defend Рыцарь dodge --given "9"', "defend Рыцарь блок --with Щит"),
    ),
    Action(
        "counter", N_("After a successful dodge, NAME counterattacks TARGET out of turn for 2 st, then 4, 8 ... "
        "(SK-OUT-1); TARGET answers like any attack."),
        aliases=("контратака",), rolls=True, out_of_turn=True,
        params=(_WHO, Param("target", NAME, N_("Whose attack was dodged.")),
                _WEAPON, _ANSWER, _REROLL, _STRIKE),
        run=lambda rules, enc, source, name, target, weapon, answer, reroll, strike: rules.counter(
            enc, source, name, target, weapon=weapon, answer=answer, rerolls=reroll, strike=strike),
        examples=('counter Рыцарь "Разбойник 1" --weapon Меч',
                  'counter Рыцарь "Разбойник 1" --weapon Меч --answer block'),
    ),
    Action(
        "check", N_("A d20 + skill or stat check against --dc; in a fight --reroll spends the allowance; "
        "exit code 1 when it fails."),
        aliases=("проверка",), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, N_("Skill or stat: ловкость, endurance, stealth ...")),
            Param("dc", INT, N_("Difficulty set by the master."), option=True),
            Param("bonus", INT, N_("Any other modifier."), option=True, default=0),
            _REROLL,
        ),
        run=lambda rules, enc, source, name, stat, dc, bonus, reroll: rules.check(
            enc, source, name, stat, dc, rerolls=reroll, bonus=bonus),
        examples=("check Стрелок ловкость --dc 12", 'check Стрелок ловкость --dc 15 --reroll 1 --given "3 17"'),
    ),
    Action(
        "bandage", N_("Bandage NAME: the bleeding stops, even when the bandage fails (SK-BLEED-1)."),
        aliases=("перевязка", "перевязать"),
        params=(_WHO, Param("failed", FLAG, N_("The bandage failed (the master adds any penalty)."), option=True,
                            default=False)),
        run=lambda rules, enc, source, name, failed: rules.bandage(enc, name, failed),
        examples=("bandage Рыцарь", "bandage Рыцарь --failed"),
    ),
    Action(
        "extinguish", N_("Put out NAME's fire: a plain d20 at the session's threshold (SK-BURN-1); exit code 1 "
        "when it still burns."),
        aliases=("тушить", "потушить"), rolls=True,
        params=(_WHO, Param("by", NAME, N_("An ally who puts it out."), option=True,
                            required=False)),
        run=lambda rules, enc, source, name, by: rules.extinguish(enc, source, name, by),
        examples=("extinguish Рыцарь", "extinguish Рыцарь --by Стрелок"),
    ),
    Action(
        "burn", N_("Name the one burning item of NAME that rolls for breakage each burning turn (SK-BURN-1); "
        "by default the breaking armor with the highest def, else the first breaking weapon."),
        aliases=("горит",),
        params=(_WHO, Param("item", TEXT, N_("The burning item: a weapon or armor with a breakage chance."),
                            option=True)),
        run=lambda rules, enc, source, name, item: rules.burn_item(enc, name, item),
        examples=("burn Рыцарь --item Щит",),
    ),
    Action(
        "flee", N_("NAME flees: d20 + dexterity at the session's threshold, or against --chaser's (SK-FLEE-1); "
        "exit code 1 when it stays."),
        aliases=("побег", "бежать"), rolls=True,
        params=(_WHO, Param("chaser", NAME, N_("Who chases: opposed d20 + dexterity; when NAME leaves outside "
                                               "its own turn, the chaser also attacks it."), option=True,
                            required=False),
                _REROLL,
                Param("weapon", TEXT, N_("The chaser's weapon for its attack on the runner."), option=True,
                      required=False),
                Param("answer", CHOICE, N_("The runner's answer to the chaser's attack now: block, dodge or none."),
                      option=True, required=False, choices=_ANSWER.choices),
                Param("no_attack", FLAG, N_("The chaser only chases and does not attack."), option=True,
                      default=False)),
        run=lambda rules, enc, source, name, chaser, reroll, weapon, answer, no_attack: rules.flee(
            enc, source, name, chaser, reroll, weapon=weapon, answer=answer, attack=not no_attack),
        examples=('flee "Разбойник 1"', 'flee "Разбойник 1" --chaser Рыцарь',
                  'flee "Разбойник 1" --chaser Рыцарь --weapon Меч --answer dodge'),
    ),
    Action(
        "exhaust", N_("Out of MP or st: d20 + endurance against the session's difficulty, -1 for every earlier "
        "check this fight; failure faints for --turns (SK-EXH-1); exit code 1 on a faint."),
        aliases=("обморок", "истощение"), rolls=True,
        params=(_WHO, Param("turns", COUNT, N_("Turns of fainting on a failure (the master's pick)."), option=True,
                            default=1)),
        run=lambda rules, enc, source, name, turns: rules.exhaust(enc, source, name, max(1, turns)),
        examples=("exhaust Рыцарь", "exhaust Рыцарь --turns 2"),
    ),
    Action(
        "pay", N_("After a passed exhaustion check, pay MP or st with HP, 1 for 1 (SK-EXH-1)."),
        aliases=("оплата",),
        params=(_WHO, Param("points", COUNT, N_("Points to pay.")),
                Param("pool", CHOICE, N_("st or mp."), option=True, default="st",
                      choices=(("st", "st"), ("mp", "mp"), ("ст", "st"), ("мп", "mp")))),
        run=lambda rules, enc, source, name, points, pool: rules.pay(enc, name, points, pool),
        examples=("pay Рыцарь 2", "pay Маг 3 --pool mp"),
    ),
    Action(
        "spell", N_("NAME casts SPELL for COST MP (or --pool st); once the pool is out, HP pay, with the "
        "endurance check after each cast, 1 harder each time (SK-EXH-1); exit code 1 when NAME faints."),
        aliases=("заклинание", "колдовать"), rolls=True,
        params=(_WHO, Param("spell", TEXT, N_("The spell's name, as the post will say it.")),
                Param("cost", COUNT, N_("What the spell costs.")),
                Param("pool", CHOICE, N_("mp or st."), option=True, default="mp",
                      choices=(("mp", "mp"), ("st", "st"), ("мп", "mp"), ("ст", "st"))),
                Param("target", NAME, N_("On whom (for the post)."), option=True, required=False)),
        run=lambda rules, enc, source, name, spell, cost, pool, target: rules.cast(
            enc, source, name, spell, cost, pool, target),
        examples=('spell Маг "Огненный шар" 5', 'spell Маг Исцеление 3 --target Рыцарь'),
    ),
    Action(
        "move", N_("Move CELLS metres: (dexterity + endurance) / 2 free, 1 st for every further metre; out of st, "
        "the endurance check and HP (SK-MOVE-1, SK-EXH-1)."),
        aliases=("движение", "перемещение", "идти"), rolls=True,
        params=(_WHO, Param("cells", COUNT, N_("Metres (cells on a map)."))),
        run=lambda rules, enc, source, name, cells: rules.move(enc, source, name, cells),
        examples=("move Рыцарь 4",),
    ),
    Action(
        "pickup", N_("Pick up a weapon a stun knocked out of NAME's hands (SK-STUN-1)."),
        aliases=("поднять",),
        params=(_WHO, Param("weapon", TEXT, N_("The dropped weapon."))),
        run=lambda rules, enc, source, name, weapon: rules.pickup(enc, name, weapon),
        examples=('pickup "Разбойник 1" Топор',),
    ),
    Action(
        "cover", N_("NAME takes cover of destruction RATING: every shot at NAME hits the cover until it is "
        "destroyed or --clear (SK-COVER-1)."),
        aliases=("укрытие",),
        params=(_WHO, Param("rating", INT, N_("The cover's destruction rating (added to the d20 that tries to "
                                               "destroy it)."), required=False),
                Param("clear", FLAG, N_("NAME leaves cover."), option=True, default=False)),
        run=lambda rules, enc, source, name, rating, clear: rules.take_cover(enc, name, rating, clear),
        examples=('cover "Разбойник 2" 2', 'cover "Разбойник 2" -- -1', 'cover "Разбойник 2" --clear'),
    ),
    Action(
        "gear", N_("Show or set the values of NAME's weapon, armor or artifact (the item comes with char give "
        "NAME ITEM --kind KIND): key=value words, an empty value removes the key."),
        aliases=("снаряжение",),
        params=(_WHO, Param("item", TEXT, N_("The item (a unique prefix is enough).")),
                Param("values", WORDS, N_("damage=5 dice=1d6 size=large|two-handed|short accuracy=N defense=N "
                                          "def=N breakage=yes durability=N block=no clothing=yes; effects by "
                                          "their word (bleeding=30, poison=20/2) or effect.NAME=CHANCE; "
                                          "bonus.STAT=N."),
                      required=False, default="")),
        run=lambda rules, enc, source, name, item, values: rules.gear(enc, name, item, values.split()),
        examples=("gear Рыцарь Меч damage=5 size=large кровотечение=30 breakage=yes durability=10",
                  "gear Рыцарь Щит def=2", "gear Рыцарь Меч"),
    ),
    Action(
        "slots", N_("NAME's weapon slots and their stealth and dexterity penalties (SK-SLOT-1)."),
        aliases=("слоты",),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.show_slots(enc, name),
        examples=("slots Рыцарь",),
    ),
    Action(
        "damage", N_("Deal damage (the master's call: any time, no turn needed)."),
        aliases=("урон",),
        params=(_WHO, Param("amount", COUNT, N_("Damage to deal."))),
        run=lambda rules, enc, source, name, amount: rules.damage(enc, name, amount),
        examples=('damage "Разбойник 3" 3',),
    ),
    Action(
        "heal", N_("Heal (never above maximum HP; wakes the unconscious)."),
        aliases=("лечение", "лечить"),
        params=(_WHO, Param("amount", COUNT, N_("HP to restore."))),
        run=lambda rules, enc, source, name, amount: rules.heal(enc, name, amount),
        examples=("heal Рыцарь 4",),
    ),
))

CARD = SystemCard("skirmish", "Skirmish", "Стычка", ACTIONS)
