"""The dungeon (Подземелье Ужаса): who it is, its verbs and the options of ``fight start``, as data.

Importable without the fight rules (the command line builds its commands from it); an
action's ``run`` receives the rules object when it is played and reaches the rules through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.actions import (
    CELLS,
    CHOICE,
    COUNT,
    FLAG,
    INT,
    NAME,
    STAT,
    TEXT,
    WORDS,
    Action,
    Catalogue,
    Param,
    SystemCard,
)
from rules.i18n import N_, _

if TYPE_CHECKING:
    from rules.core.outcome import Outcome
    from rules.core.state import Encounter
    from rules.dice.sources import DiceSource
    from rules.systems.dungeon.rules import Dungeon


_WHO = Param("name", NAME, N_("Combatant (unique prefix, any case)."))


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
        raise ValueError(_('give a cell or --off, e.g. place Вор "2,3", or place Вор --off'))
    return rules.place(enc, name, None if off else cell)


def _move(rules: Dungeon, enc: Encounter, source: DiceSource | None, name: str, cells: int | None,
          path: tuple[tuple[int, int], ...] | None) -> Outcome:
    if path is not None and cells is None:
        return rules.move(enc, name, list(path))
    if cells is not None and path is None:
        return rules.move(enc, name, cells)
    raise ValueError(_('give either a number of cells or --path, e.g. move Вор 3, or move Вор --path "0,0 1,1 2,1"'))


ACTIONS = Catalogue((
    Action(
        "attack", N_("The acting character attacks TARGET: hit roll, damage, armor, status."),
        aliases=("атака", "атаковать"), rolls=True,
        params=(
            Param("attacker", NAME, N_("Who attacks (the acting character).")),
            Param("target", NAME, N_("Who is attacked.")),
            Param("ranged", FLAG, N_("A ranged attack (d20 + РЕАК)."),
                  option=True, default=False),
            Param("adv", COUNT, N_("Advantages (+5 each)."), option=True, default=0),
            Param("dis", COUNT, N_("Disadvantages (-5 each)."), option=True, default=0),
            Param("fatigue_adv", FLAG, N_("Buy +5 on the hit with fatigue."),
                  option=True, default=False),
            Param("extra_die", FLAG, N_("Buy one more damage die with fatigue."),
                  option=True, default=False),
            Param("weapon", TEXT, N_("Weapon dice, e.g. 1d8 (default: the weapon stat)."), option=True, required=False),
            Param("situation", TEXT,
                  N_('The situation, Russian or English words: cover, dim, dark, invisible ("укрытие полумрак"); '
                  "who lies prone is tracked and added by itself (DG-ADV-1, DG-PRONE-1)."),
                  option=True, required=False),
        ),
        run=_attack,
        examples=("attack Викинг Огр", 'attack Лучница "Гоблин 1" --ranged --adv 1',
                  'attack Викинг Огр --given "14 6"',
                  'attack Лучница "Гоблин 2" --ranged --situation "укрытие полумрак"'),
    ),
    Action(
        "prone", N_("Drop prone: one action (DG-PRONE-1); outside a fight it just sets the state."),
        aliases=("лечь", "упасть"),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.posture(enc, name, prone=True),
        examples=("prone Лучница",),
    ),
    Action(
        "stand", N_("Stand up: one action (DG-PRONE-1)."),
        aliases=("встать", "подняться"),
        params=(_WHO,),
        run=lambda rules, enc, source, name: rules.posture(enc, name, prone=False),
        examples=("stand Лучница",),
    ),
    Action(
        "knock", N_("Knock TARGET down: one action, d20 + body against d20 + body; the fallen lie prone (DG-KNOCK-1)."),
        aliases=("сбить",), rolls=True,
        params=(
            Param("attacker", NAME, N_("Who knocks (the acting character).")),
            Param("target", NAME, N_("Who is knocked down.")),
            Param("save", FLAG, N_("The target resists with a save (1d10 <= body) instead."),
                  option=True, default=False),
        ),
        run=lambda rules, enc, source, attacker, target, save: rules.knock(enc, source, attacker, target, save=save),
        examples=('knock Викинг "Гоблин 1"', 'knock Викинг "Гоблин 1" --given "15 7"', "knock Викинг Огр --save"),
    ),
    Action(
        "push", N_("Push a neighbouring TARGET one cell away: one action (DG-ACT-2); without cells, narrative."),
        aliases=("толкнуть", "оттолкнуть"),
        params=(
            Param("pusher", NAME, N_("Who pushes (the acting character).")),
            Param("target", NAME, N_("Who is pushed.")),
        ),
        run=lambda rules, enc, source, pusher, target: rules.push(enc, pusher, target),
        examples=('push Викинг "Гоблин 1"',),
    ),
    Action(
        "place", N_("Put a combatant on a grid cell (the master's hand: no action); range and pushes then count."),
        aliases=("поставить",),
        params=(
            _WHO,
            Param("cell", CELLS, N_('The cell, "x,y".'), required=False),
            Param("off", FLAG, N_("Take the combatant off the grid."), option=True, default=False),
        ),
        run=_place,
        examples=('place Викинг "2,3"', "place Викинг --off"),
    ),
    Action(
        "order", N_("The party's agreed order (DG-INIT-1): the named go first in that order, the rest by reaction."),
        aliases=("порядок",), noun="fight",
        params=(Param("names", WORDS, N_("Party members in the agreed order.")),),
        run=lambda rules, enc, source, names: rules.party_order(enc, names.split()),
        examples=("fight order Вор Викинг Лучница",),
    ),
    Action(
        "check", N_("A stat or skill check against --dc; exit code 1 when it fails."),
        aliases=("проверка",), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, N_("Stat or skill: тело, body, Атлетика, stealth ...")),
            Param("dc", INT, N_("Difficulty set by the master."), option=True),
            Param("adv", COUNT, N_("Advantages (+5 each)."), option=True, default=0),
            Param("dis", COUNT, N_("Disadvantages (-5 each)."), option=True, default=0),
            Param("bonus", INT, N_("Any other modifier."), option=True, default=0),
        ),
        run=lambda rules, enc, source, name, stat, dc, adv, dis, bonus: rules.check(
            enc, source, name, stat, dc, advantages=adv, disadvantages=dis, bonus=bonus),
        examples=('check Вор "ловкость рук" --dc 12', 'check Вор stealth --dc 15 --given "14"'),
    ),
    Action(
        "save", N_("A saving throw (1d10 <= stat); exit code 1 when it fails."),
        aliases=("спасбросок", "спас"), rolls=True,
        params=(
            _WHO,
            Param("stat", STAT, N_("The stat to save with.")),
            Param("mod", INT, N_("The master's bonus (+) or penalty (-)."),
                  option=True, default=0),
        ),
        run=lambda rules, enc, source, name, stat, mod: rules.save(enc, source, name, stat, mod),
        examples=("save Жрец разум", "save Жрец mind --mod -1"),
    ),
    Action(
        "fatigue", N_("Buy a fatigue ability on one's own turn."),
        aliases=("усталость",), rolls=True,
        params=(
            _WHO,
            Param("ability", TEXT,
                  N_("extra-action, extra-move or rally (Russian names too); advantage and the "
                     "extra damage die are bought with the attack: attack --fatigue-adv, --extra-die.")),
        ),
        run=lambda rules, enc, source, name, ability: rules.spend_fatigue(enc, source, name, ability),
        examples=("fatigue Викинг extra-action",),
    ),
    Action(
        "move", N_("Move on one's own turn; uses move actions as the distance needs."),
        aliases=("движение", "перемещение", "идти"),
        params=(
            _WHO,
            Param("cells", COUNT, N_("Cells to move (a diagonal step counts 2)."),
                  required=False),
            Param("path", CELLS, N_('The cells walked through, "x,y x,y ...", starting where the character stands; '
                  "diagonal steps cost 2 (DG-MOVE-1)."),
                  option=True, required=False),
        ),
        run=_move,
        examples=("move Вор 3", 'move Вор --path "0,0 1,1 2,1"'),
    ),
    Action(
        "spell", N_("NAME casts SPELL for COST MP, the cost the master names: one action on NAME's own turn "
                    "(DG-ACT-2), refused when the MP do not cover it (DG-DER-1); outside a fight, MP only."),
        aliases=("заклинание", "колдовать"),
        params=(_WHO, Param("spell", TEXT, N_("The spell's name, as the post will say it.")),
                Param("cost", COUNT, N_("What the spell costs in MP.")),
                Param("target", NAME, N_("On whom (for the post)."), option=True, required=False)),
        run=lambda rules, enc, source, name, spell, cost, target: rules.cast(enc, name, spell, cost, target),
        examples=('spell Жрец Исцеление 3 --target Викинг', 'spell Жрец "Святой свет" 5'),
    ),
    Action(
        "act", N_("Spend an action on anything else (draw a weapon, reload, pull a lever); "
        "the seed's listed actions are named canonically (DG-ACT-2)."),
        aliases=("действие",),
        params=(_WHO, Param("what", WORDS, N_("What the character does."))),
        run=lambda rules, enc, source, name, what: rules.act(enc, name, what),
        examples=("act Вор достаёт зелье", 'act Лучница "перезарядить"', "act Викинг вытащить оружие"),
    ),
    Action(
        "rest", N_("A short or long rest outside fights (costs a ration)."),
        aliases=("отдых",), rolls=True,
        params=(_WHO, Param("kind", CHOICE, N_("short or long."),
                            choices=(("short", "short"), ("long", "long"), ("короткий", "short"),
                                     ("долгий", "long"), ("длинный", "long"))),
                Param("medkit", FLAG,
                      N_("Treat the injuries with a medical kit from the inventory, used up (DG-INJ-2)."),
                      option=True, default=False)),
        run=lambda rules, enc, source, name, kind, medkit: rules.rest(enc, source, name, kind, medkit=medkit),
        examples=("rest Викинг short", "rest Викинг долгий", "rest Жрец short --medkit"),
    ),
    Action(
        "damage", N_("Deal damage (the master's call: any time, no turn needed)."),
        aliases=("урон",),
        params=(_WHO, Param("amount", COUNT, N_("Damage to deal."))),
        run=lambda rules, enc, source, name, amount: rules.damage(enc, name, amount),
        examples=("damage Огр 3",),
    ),
    Action(
        "heal", N_("Heal (never above maximum HP; wakes the unconscious)."),
        aliases=("лечение", "лечить"),
        params=(_WHO, Param("amount", COUNT, N_("HP to restore."))),
        run=lambda rules, enc, source, name, amount: rules.heal(enc, name, amount),
        examples=("heal Викинг 4",),
    ),
))

START = (
    Param("ambush", CHOICE, N_("The side that ambushes (party or enemy) acts first without a roll."),
          option=True, required=False,
          choices=(("party", "party"), ("enemy", "enemy"), ("players", "party"), ("enemies", "enemy"),
                   ("отряд", "party"), ("игроки", "party"), ("враг", "enemy"), ("враги", "enemy"))),
)

CARD = SystemCard("dungeon", "Dungeon of Horror", "Подземелье Ужаса", ACTIONS, START)
