"""The untitled d20 skirmish system: pools, attributes, skills and def."""

from __future__ import annotations

from rules.core.sheet import CHOICE, FLAG, Choice, Derived, Resource, Setting, Sheet, Stat, Values


def _score(key: str, ru: tuple[str, ...], en: tuple[str, ...], description: str,
           rule: str) -> Stat[int]:
    # no bounds: the text lets dexterity go negative (fleeing needs it
    # positive), and breakage lowers the others
    return Stat(key=key, ru=ru, en=en, default=0, description=description, rule=rule)


DEXTERITY = _score("dexterity", ("ловкость", "лов"), ("dex", "agility"),
                   "dodge d20 + dexterity; fleeing; movement", "SK-ATK-1")
ENDURANCE = _score("endurance", ("выносливость", "вын"), ("end", "con"),
                   "check when MP or st run out; movement", "SK-EXH-1")
ENDURANCE_DEF = _score("endurance_def",
                       ("def выносливости", "деф выносливости", "защита от выносливости"),
                       ("endurance def",), "def the character's endurance gives", "SK-DMG-1")
ARMOR_DEF = _score("armor_def", ("def брони", "деф брони", "броня"), ("armor", "armour def"),
                   "def of the worn armor", "SK-DMG-1")
ARTIFACT_DEF = _score("artifact_def", ("def артефактов", "деф артефактов", "артефакты"),
                      ("artifacts",), "def from artifacts", "SK-DMG-1")

STATS = (
    Stat(key="hp_max", ru=("hp", "ХП", "здоровье", "оз"), en=("hp", "max hp"), minimum=1,
         required=True, description="maximum HP", rule="SK-DMG-1"),
    Stat(key="mp_max", ru=("Mp", "МП", "мана"), en=("mp", "max mp"), default=0, minimum=0,
         description="maximum MP", rule="SK-EXH-1"),
    Stat(key="st_max", ru=("st", "ст", "стамина", "очки стамины"), en=("st", "stamina", "max st"),
         default=0, minimum=0,
         description="maximum stamina points (counterattacks, dashes, extra movement)",
         rule="SK-OUT-1"),
    _score("strength", ("сила",), ("str",), "strength damage added to melee hits", "SK-DMG-1"),
    DEXTERITY,
    ENDURANCE,
    _score("accuracy", ("меткость", "навык оружия", "атака"), ("acc", "attack", "weapon skill"),
           "attack d20 + accuracy", "SK-ATK-1"),
    _score("defense", ("защита", "навык защиты", "блок"), ("block", "defense skill"),
           "block d20 + defense skill of the weapon or shield", "SK-ATK-1"),
    _score("ranged", ("стрельба", "навык стрелкового", "стрелковое"), ("shooting", "ranged skill"),
           "shooting d20 + ranged skill", "SK-RANGED-1"),
    _score("stealth", ("скрытность",), ("sneak",), "stealth; weapon slots lower it",
           "SK-SLOT-1"),
    ENDURANCE_DEF,
    ARMOR_DEF,
    ARTIFACT_DEF,
)


def _free_move(v: Values) -> int:
    # halves round down; a clumsy, tired character stands still, not backwards
    return max(0, (v[DEXTERITY] + v[ENDURANCE]) // 2)


DERIVED = (
    Derived(key="def", ru=("def", "деф", "общий def"), en=("total def",),
            formula="endurance def + armor def + artifact def",
            compute=lambda v: v[ENDURANCE_DEF] + v[ARMOR_DEF] + v[ARTIFACT_DEF],
            description="subtracted from every hit's damage", rule="SK-DMG-1"),
    Derived(key="free_move", ru=("перемещение", "движение", "свободное перемещение"),
            en=("move", "free movement"), formula="(dexterity + endurance) / 2, rounded down",
            compute=_free_move, minimum=0,
            description="metres (cells) per turn without spending st", rule="SK-MOVE-1"),
)

RESOURCES = (
    Resource(key="hp", ru=("hp", "ХП", "здоровье", "оз"), en=("health",), start="hp_max",
             cap="hp_max", description="current HP", rule="SK-DMG-1"),
    Resource(key="mp", ru=("Mp", "МП", "мана"), en=(), start="mp_max", cap="mp_max",
             minimum=0, description="current MP", rule="SK-EXH-1"),
    Resource(key="st", ru=("st", "ст", "стамина"), en=("stamina",), start="st_max", cap="st_max",
             minimum=0, description="current stamina points", rule="SK-OUT-1"),
)

SETTINGS = (
    Setting(key="extinguish_threshold", ru=("порог тушения", "тушение"),
            en=("extinguish", "put out"), default=11, minimum=1, maximum=20,
            description="plain d20 at least this puts burning out", rule="SK-BURN-1"),
    Setting(key="exhaustion_difficulty", ru=("сложность обморока", "обморок", "истощение"),
            en=("exhaustion", "exhaustion dc"), default=10,
            description="d20 + endurance must reach this when MP or st run out",
            rule="SK-EXH-1"),
    Setting(key="faint_turns", ru=("ходы обморока", "обморок ходов"), en=("faint", "faint turns"), default=1,
            minimum=1, maximum=99,
            description="turns a failed exhaustion check faints for, when spending MP or st makes it",
            rule="SK-EXH-1"),
    Setting(key="tie_to_defender", ru=("ничья защитнику", "ничья"), en=("tie", "tie to defender"),
            kind=FLAG, default=True,
            description="an equal total in an opposed d20 goes to the defending side", rule="SK-TIE-1"),
    Setting(key="cover_threshold", ru=("порог укрытия", "укрытие"), en=("cover",), default=11,
            minimum=1, maximum=40, description="d20 + the cover's rating at least this destroys the cover",
            rule="SK-COVER-1"),
    Setting(key="flee_threshold", ru=("порог побега", "побег"), en=("flee",), default=10, minimum=1,
            maximum=40, description="d20 + dexterity at least this escapes when nobody chases",
            rule="SK-FLEE-1"),
    Setting(key="damage_mode", ru=("урон", "режим урона"), en=("damage",), kind=CHOICE, default="full",
            choices=(Choice("full", ("полный",)), Choice("fixed", ("фиксированный", "фикс")),
                     Choice("dice", ("кубик", "кубики"))),
            description="full: weapon + dice + strength; fixed: the weapon's fixed damage only; "
                        "dice: the weapon's dice only", rule="SK-DMG-1"),
    Setting(key="slot_penalty", ru=("штраф слотов",), en=("slots",), kind=CHOICE, default="instead",
            choices=(Choice("instead", ("вместо",)), Choice("on_top", ("сверху", "on top"))),
            description="a slot after the third: -1 stealth and -1 dexterity instead of the -1 stealth "
                        "(instead), or on top of it (on_top)", rule="SK-SLOT-1"),
)

SHEET = Sheet(
    system="skirmish",
    title="Стычка",
    stats=STATS,
    derived=DERIVED,
    resources=RESOURCES,
    settings=SETTINGS,
)
