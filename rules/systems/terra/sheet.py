"""Twisted Terra: blood group, rhesus, sign, defenses and the pools they set."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rules.core.errors import NotFound
from rules.core.sheet import CHOICE, DICE, FLAG, Choice, Derived, Resource, Setting, Sheet, Stat, UnknownStat, Values
from rules.i18n import N_, _
from rules.systems.terra.formula import parse_formula

if TYPE_CHECKING:
    from rules.core.state import Combatant

BASE_HP = 10
BASE_SP = 10
TRICKSTER = 2  # ГК 2 (Ловкач) has double SP
#: archetype of each blood group, for display and help texts
ARCHETYPES = {1: "маг (mage)", 2: "ловкач (trickster)", 3: "боец (fighter)", 4: "медиум (medium)"}

RHESUS = (
    Choice("+", ("плюс", "положительный", "pos", "positive", "rh+")),
    Choice("-", ("минус", "отрицательный", "neg", "negative", "rh-")),
)

ZODIAC = (
    Choice("aries", ("овен",)),
    Choice("taurus", ("телец",)),
    Choice("gemini", ("близнецы",)),
    Choice("cancer", ("рак",)),
    Choice("leo", ("лев",)),
    Choice("virgo", ("дева",)),
    Choice("libra", ("весы",)),
    Choice("scorpio", ("скорпион",)),
    Choice("sagittarius", ("стрелец",)),
    Choice("capricorn", ("козерог",)),
    Choice("aquarius", ("водолей",)),
    Choice("pisces", ("рыбы",)),
    Choice("ophiuchus", ("змееносец",)),
    Choice("cetus", ("кит", "whale")),
)


def _defense(key: str, ru: tuple[str, ...], en: tuple[str, ...], blocks: str) -> Stat[int]:
    return Stat(key=key, ru=ru, en=en, default=0, minimum=0,
                description=f"blocks {blocks}", rule="TT-DEF-1")


BLOOD_GROUP = Stat(key="blood_group", ru=("ГК", "группа крови", "группа"),
                  en=("blood group", "blood", "bg"), minimum=1, maximum=4,
                  description="ГК 1 mage, 2 trickster, 3 fighter, 4 medium: "
                              "crit check, SP, synchronization",
                  rule="TT-SP-1")
RHESUS_STAT = Stat(key="rhesus", ru=("резус", "rh"), en=(), kind=CHOICE, choices=RHESUS,
                   description="+ rage/berserk, - panic/shock when dying", rule="TT-RH-1")
ZODIAC_STAT = Stat(key="zodiac", ru=("знак", "зодиак", "знак зодиака"), en=("sign",),
                   kind=CHOICE, choices=ZODIAC, description="zodiac sign: its aura and powers",
                   rule="TT-SIGN-1")
MAIN_STAT = Stat(key="main_stat", ru=("главная характеристика", "главная", "ГХ", "основная"),
                 en=("main", "primary"), default=0, minimum=0,
                 description="the archetype's main stat; MP = main stat x 2", rule="TT-MP-1")
def _read_formula(text: str) -> object:
    return parse_formula(text)


WEAPON = Stat(key="weapon", ru=("оружие", "формула оружия", "урон оружия"), en=("weapon formula",),
              kind=DICE, default=None, reads=_read_formula,
              description="the weapon's damage formula, e.g. D6+2 or 3*D6 (the Attack's default)",
              rule="TT-CRIT-1", pattern_text="a terra formula such as D4+2, 3*D6 or 2D6+3")
REACH = Stat(key="reach", ru=("радиус", "дальность", "радиус оружия"), en=("range", "weapon reach"),
             default=1, minimum=1,
             description="the radius the weapon strikes within (1: melee)", rule="TT-WEAPON-1")
CRITS = Stat(key="crits", ru=("криты", "проверка крита"), en=("crit check",), kind=FLAG, default=False,
             description="a monster marked to make crit checks like a character (needs a ГК)",
             rule="TT-CRIT-4")
ASPECT = Stat(key="aspect", ru=("аспект",), en=(), kind=CHOICE,
              choices=(Choice("time", ("время",)), Choice("mana", ("мана",)), Choice("life", ("жизнь",)),
                       Choice("soul", ("душа",))),
              description="the aspect whose learned actives the character uses today", rule="TT-TECH-2")
#: TT-WEAPON-1: the seed's ten kinds of weapon
WEAPON_KINDS = (
    Choice("dagger", ("кортик",)), Choice("sword", ("меч",)), Choice("axe", ("топор",)),
    Choice("bow", ("лук",)), Choice("spear", ("копьё", "копье")), Choice("gloves", ("перчатки",)),
    Choice("rod", ("жезл",)), Choice("staff", ("посох",)), Choice("orb", ("шар",)),
    Choice("pistol", ("пистоль", "пистолет")),
)
WEAPON_KIND = Stat(key="weapon_kind", ru=("тип оружия", "вид оружия"), en=("weapon type",), kind=CHOICE,
                   choices=WEAPON_KINDS, description="the kind of weapon: its reach and the sign bonuses",
                   rule="TT-WEAPON-1")
WEAPON_LEVEL = Stat(key="weapon_level", ru=("уровень оружия", "ур оружия"), en=("weapon lvl",), default=1,
                    minimum=1, description="the weapon's level (Овен's and Стрелец's bonus)", rule="TT-SIGN-2")
UNSUMMONABLE = Stat(key="unsummonable", ru=("непризываемый", "уникальный"), en=("unique",), kind=FLAG,
                    default=False, description="a monster that cannot be summoned: Рак and Весы cannot take it",
                    rule="TT-SIGN-2")
MONSTER = Stat(key="monster", ru=("монстр", "чудовище"), en=("mob",), kind=FLAG, default=False,
               description="monsters roll plainly: no crit or miss checks", rule="TT-CRIT-4")

STATS = (
    Stat(key="level", ru=("уровень", "ур"), en=("lvl",), default=1, minimum=1,
         description="character level (unarmed damage, mystic damage vs no defenses)",
         rule="TT-UNARMED-1"),
    BLOOD_GROUP,
    RHESUS_STAT,
    ZODIAC_STAT,
    Stat(key="sign_level", ru=("уровень знака", "ур знака", "УЗ"), en=("sign lvl",),
         default=1, minimum=1,
         description="level of the sign; powers grow at 5 and 10", rule="TT-SIGN-1"),
    Stat(key="body", ru=("тело",), en=("bod",), default=0,
         description="Тело: caps unarmed damage; may be negative", rule="TT-UNARMED-1"),
    MAIN_STAT,
    _defense("pdef", ("ФЗ", "физическая защита"), ("phys def", "physical defense"),
             "constant physical damage"),
    _defense("pdef_dice", ("ФЗ(D)", "ФЗ(Д)"), ("pdef d", "phys def dice"),
             "dice (variable) physical damage"),
    _defense("mdef_mana", ("МЗ(Мана)", "МЗ(М)"), ("mdef mana",), "Fire and Air"),
    _defense("mdef_life", ("МЗ(Жизнь)", "МЗ(Ж)"), ("mdef life",), "Water and Earth"),
    _defense("mdef_time", ("МЗ(Время)", "МЗ(В)"), ("mdef time",), "Light and Shadow"),
    _defense("mdef_soul", ("МЗ(Душа)", "МЗ(Д)"), ("mdef soul",), "Force and Sound"),
    # The text gives no base speed; 6 cells is all 6 AP can buy, so the
    # default limits nothing the AP do not already limit.
    Stat(key="speed", ru=("скорость",), en=("spd",), default=6, minimum=0,
         description="cells a character may move per turn", rule="TT-AP-2"),
    MONSTER,
    CRITS,
    WEAPON,
    REACH,
    WEAPON_KIND,
    WEAPON_LEVEL,
    ASPECT,
    UNSUMMONABLE,
)


def _sp_max(v: Values) -> int:
    # .get: monsters may have no blood group; they keep the base SP
    return BASE_SP * 2 if v.get(BLOOD_GROUP) == TRICKSTER else BASE_SP


DERIVED = (
    Derived(key="hp_max", ru=("ОЗ", "очки здоровья", "здоровье", "макс ОЗ"),
            en=("hp", "max hp"), formula=f"{BASE_HP} (first health level)",
            compute=lambda v: BASE_HP, minimum=1,
            description="maximum HP; higher health levels: set it explicitly", rule="TT-HP-1"),
    Derived(key="sp_max", ru=("ДЗ", "душевное здоровье", "макс ДЗ"), en=("sp", "max sp"),
            formula=f"{BASE_SP}, doubled for ГК {TRICKSTER}", compute=_sp_max, minimum=0,
            description="maximum soul points", rule="TT-SP-1"),
    Derived(key="mp_max", ru=("ОМ", "очки маны", "мана", "макс ОМ"), en=("mp", "max mp"),
            formula="main stat x 2", compute=lambda v: v[MAIN_STAT] * 2, minimum=0,
            description="maximum MP, refilled before each fight", rule="TT-MP-1"),
)

RESOURCES = (
    Resource(key="hp", ru=("ОЗ", "очки здоровья", "здоровье"), en=("health",),
             start="hp_max", cap="hp_max",
             description="current HP; may fall below 0 (rhesus rule)", rule="TT-HP-1"),
    Resource(key="sp", ru=("ДЗ", "душевное здоровье"), en=("soul",),
             start="sp_max", cap="sp_max",
             description="current soul points", rule="TT-SP-1"),
    Resource(key="mp", ru=("ОМ", "очки маны", "мана"), en=("mana",),
             start="mp_max", cap="mp_max", minimum=0,
             description="current MP", rule="TT-MP-1"),
)

SETTINGS = (
    Setting(key="skip_sync", ru=("без синхронизации", "пропуск синхронизации"),
            en=("no sync", "ambush"), kind=FLAG, default=False,
            description="no synchronization phase (ambush, surprise)", rule="TT-SYNC-2"),
    Setting(key="split_physical", ru=("делить физический урон", "раздельные ФЗ"),
            en=("split physical",), kind=FLAG, default=False,
            description="a physical formula's dice part meets ФЗ(D), its constant part ФЗ "
                        "(off: a formula with a die is variable damage as a whole)",
            rule="TT-DEF-1"),
    Setting(key="weapon_mana", ru=("мана от оружия", "мана оружия"), en=("mana from weapons",), kind=FLAG,
            default=False,
            description="characters have no MP of their own: only with a weapon holding a Mana technique, "
                        "as much as ОМ says", rule="TT-MP-2"),
)

def _character_identity(values: Values) -> Iterable[str]:
    # Monsters do without: they roll no crit checks and no synchronization.
    if values[MONSTER]:
        return
    for stat in (BLOOD_GROUP, RHESUS_STAT, ZODIAC_STAT):
        if not values.has(stat):
            yield _("{rule}: {label} is required for a character (not for a monster)").format(
                rule=stat.rule, label=stat.label)


SHEET = Sheet(
    system="terra",
    title="Искажённая Терра",
    stats=STATS,
    derived=DERIVED,
    resources=RESOURCES,
    settings=SETTINGS,
    creation_rules=(_character_identity,),
)


def hp_max(combatant: Combatant) -> int | None:
    """The one route to a combatant's max HP: the sheet's maximum of ``hp``."""
    return SHEET.resource_caps(combatant.stats).get("hp")


def resolve_modifier(key: str) -> str:
    """The stat key an effect's modifier names."""
    try:
        return SHEET.resolve(key)
    except UnknownStat as err:
        raise NotFound(N_("stat to modify"), key, err.suggestions) from None
