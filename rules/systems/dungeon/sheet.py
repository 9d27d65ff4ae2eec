"""Подземелье Ужаса: four stats, level, armor and the values they decide."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.sheet import DICE, FLAG, Derived, Resource, Sheet, Stat, Values
from rules.i18n import N_, _
from rules.systems.dungeon.common import parse_weapon

CREATION_MAX = 5
CREATION_SUM = 12  # 1 in each of four stats + 8 points to distribute


def _primary(key: str, ru: tuple[str, ...], en: tuple[str, ...], description: str) -> Stat[int]:
    # hard minimum 0: a house-rule weakling still works with every formula;
    # the 1..5 of DG-STAT-1 is a creation limit, not a validity one
    return Stat(key=key, ru=ru, en=en, default=1, minimum=0, description=description,
                rule="DG-STAT-1")


BODY = _primary("body", ("тело", "телосложение"), ("constitution", "con"),
                "physical checks, HP, fatigue, slots, melee damage; 1..5 at creation")
REACTION = _primary("reaction", ("реак", "реакция"), ("reflex", "reac"),
                    "sight, agility, stealth checks; party order, speed, ranged hit; "
                    "1..5 at creation")
MIND = _primary("mind", ("раз", "разум"), ("intellect", "int"),
                "knowledge, logic, magic checks; MP of casters; 1..5 at creation")
CHARISMA = _primary("charisma", ("хар", "харизма"), ("cha",),
                    "social checks; starting gold; 1..5 at creation")
LEVEL = Stat(key="level", ru=("уровень", "ур"), en=("lvl",), default=1, minimum=1,
             description="character level; a new character starts at 1", rule="DG-DER-1")
ARMOR = Stat(key="armor", ru=("БР", "броня"), en=("ar",), default=0, minimum=0,
             description="БР: sum of the armor bonuses, subtracted from damage taken",
             rule="DG-DER-1")
CASTER = Stat(key="caster", ru=("маг", "владеет магией", "заклинатель"),
              en=("mage", "magic user"), kind=FLAG, default=False,
              description="knows magic: has MP = РАЗ x 3", rule="DG-DER-1")
WEAPON = Stat(key="weapon", ru=("оружие", "урон оружия"), en=("weapon die", "damage"),
              kind=DICE, default=None,
              description="the weapon's damage dice, e.g. 1d8 or 2d6+1", rule="DG-DMG-1",
              reads=parse_weapon,
              pattern_text=N_("dice such as 1d8 or 2d6+1"))

WEAPON_RANGE = Stat(key="weapon_range", ru=("дальность", "дальность оружия", "радиус"),
                    en=("range", "reach"), default=None, minimum=1,
                    description="cells a ranged weapon reaches; unset: 12 (melee always reaches 1)",
                    rule="DG-RANGE-1")

PRIMARY_STATS = (BODY, REACTION, MIND, CHARISMA)
STATS = (*PRIMARY_STATS, LEVEL, ARMOR, CASTER, WEAPON, WEAPON_RANGE)


def _hp_max(v: Values) -> int:
    return v[BODY] * 3 + v[LEVEL]


def _mp_max(v: Values) -> int:
    return v[MIND] * 3 if v[CASTER] else 0


def _gold(v: Values) -> int:
    return 15 + 3 * (v[CHARISMA] - 1)


DERIVED = (
    # ЗД/ОЗ/здоровье/hp name the current HP (a resource); the maximum has words of its own
    Derived(key="hp_max", ru=("ЗД_макс", "макс ЗД", "ОЗ_макс", "макс ОЗ", "макс здоровье",
                              "здоровье макс"),
            en=("max hp", "hp max", "maximum hp"),
            formula="ТЕЛО x 3 + level", compute=_hp_max, minimum=0,
            description="maximum health (current health is hp)", rule="DG-DER-1"),
    Derived(key="dodge", ru=("УВ", "уворот"), en=("evasion", "ac"),
            formula="12 + level", compute=lambda v: 12 + v[LEVEL],
            description="number a hit roll must reach", rule="DG-DER-1"),
    Derived(key="fatigue_max", ru=("УСТ", "макс УСТ", "макс усталость"),
            en=("max fatigue",),
            formula="ТЕЛО + level", compute=lambda v: v[BODY] + v[LEVEL], minimum=0,
            description="most fatigue the character can carry", rule="DG-DER-1"),
    Derived(key="mp_max", ru=("ОМ", "очки магии", "макс ОМ"), en=("mp", "max mp"),
            formula="РАЗ x 3 for casters, else 0", compute=_mp_max, minimum=0,
            description="maximum magic points", rule="DG-DER-1"),
    Derived(key="slots", ru=("места", "инвентарь", "слоты", "грузоподъемность"),
            en=("inventory", "carry"),
            formula="ТЕЛО x 3", compute=lambda v: v[BODY] * 3, minimum=0,
            description="inventory slots", rule="DG-INV-1"),
    Derived(key="speed", ru=("скорость",), en=("move", "spd"),
            formula="РЕАК", compute=lambda v: v[REACTION], minimum=0,
            description="cells per move action", rule="DG-MOVE-1"),
    Derived(key="gold", ru=("золото", "стартовое золото"), en=("starting gold",),
            formula="15 + 3 x (ХАР - 1)", compute=_gold,
            description="gold at the start of play", rule="DG-DER-1"),
)

RESOURCES = (
    Resource(key="hp", ru=("ЗД", "здоровье", "ОЗ"), en=("health", "current hp"), start="hp_max",
             cap="hp_max", minimum=0,
             description="current health; 0 = unconscious", rule="DG-DEATH-1"),
    Resource(key="fatigue", ru=("УСТ", "усталость"), en=("fat",), start=0,
             cap="fatigue_max", minimum=0,
             description="fatigue taken; 0 = fully rested", rule="DG-FAT-1"),
    Resource(key="mp", ru=("ОМ", "очки магии"), en=("magic points",), start="mp_max",
             cap="mp_max", minimum=0,
             description="current magic points", rule="DG-REST-1"),
    # [I] the text gives no starting number of rations; 3 is a master's default to edit
    Resource(key="rations", ru=("рационы", "рацион", "пайки", "еда"), en=("food",), start=3, minimum=0,
             description="rations carried; each rest eats one", rule="DG-REST-1"),
)


def _points(values: Values) -> Iterable[str]:
    for stat in PRIMARY_STATS:
        value = values[stat]
        if not 1 <= value <= CREATION_MAX:
            yield _("DG-STAT-1: {label} must be 1..{most} at creation, got {value}").format(
                label=stat.label, most=CREATION_MAX, value=value)
    total = sum(values[stat] for stat in PRIMARY_STATS)
    if total != CREATION_SUM:
        yield _("DG-STAT-1: stats must sum to {sum} (1 each + 8 points), these sum to {total}").format(
            sum=CREATION_SUM, total=total)


SHEET = Sheet(
    system="dungeon",
    title="Подземелье Ужаса",
    stats=STATS,
    derived=DERIVED,
    resources=RESOURCES,
    settings=(),
    creation_rules=(_points,),
)
