"""Сумерки богов: a champion's two stats, weapon, armor and d6 pools."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.sheet import CHOICE, FLAG, Choice, Derived, Resource, Setting, Sheet, Stat, Values

DEADLINESS = "deadliness"
MIGHT = "might"

WEAPON_STATS = (
    Choice(DEADLINESS, ("смертоносность", "грация", "смертоносность и грация", "grace")),
    Choice(MIGHT, ("мощь", "физическая мощь", "power")),
)


def _dice(key: str, ru: tuple[str, ...], en: tuple[str, ...], description: str,
          rule: str) -> Stat[int]:
    return Stat(key=key, ru=ru, en=en, default=0, minimum=0, description=description,
                rule=rule)


def _threshold(key: str, ru: tuple[str, ...], en: tuple[str, ...], effect: str,
               rule: str) -> Stat[int]:
    # 0 stands for "this weapon has no such effect": a real threshold is
    # at least one success
    return Stat(key=key, ru=ru, en=en, default=0, minimum=0,
                description=f"attack successes that trigger {effect}; 0 = none", rule=rule)


DEADLINESS_STAT = _dice(DEADLINESS, ("смертоносность", "грация", "смертоносность и грация"),
                        ("grace",),
                        "+1d6 per point to counterattacks and to deadliness weapons", "TW-CTR-1")
MIGHT_STAT = _dice(MIGHT, ("физическая мощь", "мощь", "ФМ"), ("power", "physical might"),
                   "+1d6 per point to might weapons", "TW-SIM-1")
WEAPON_DICE = _dice("weapon_dice", ("оружие", "кубы оружия", "бросок оружия"),
                    ("weapon", "weapon pool"), "the weapon's own attack dice (Nd6)", "TW-AP-1")
WEAPON_STAT = Stat(key="weapon_stat", ru=("характеристика оружия", "стат оружия"),
                   en=("weapon main stat",), kind=CHOICE, choices=WEAPON_STATS, required=True,
                   description="the weapon's main stat: deadliness or might", rule="TW-DEADLY-1")
DEADLY_THRESHOLD = _threshold("deadly_threshold",
                              ("смертельный удар", "порог смертельного удара", "су"),
                              ("deadly strike", "deadly"), "a deadly strike (deadliness weapons)",
                              "TW-DEADLY-1")
DRAIN_THRESHOLD = _threshold("drain_threshold", ("порог иссушения",), ("drain at",),
                             "drain (might weapons)", "TW-DRAIN-1")
ARMOR_DICE = _dice("armor_dice", ("броня", "кубы брони", "доспех"), ("armor", "armour"),
                   "the armor's defense dice (Nd6)", "TW-DEF-1")
ENDURANCE = _dice("endurance", ("выносливость", "вын"), ("end",),
                  "+1d6 per point to defense rolls", "TW-DEF-1")

#: the stat each choice of weapon_stat names
_BY_WEAPON_STAT = {DEADLINESS: DEADLINESS_STAT, MIGHT: MIGHT_STAT}

STATS = (
    Stat(key="hp_max", ru=("ОЗ", "здоровье", "очки здоровья"), en=("hp", "max hp"),
         minimum=1, required=True,
         description="maximum HP; wounds are shares of it", rule="TW-WOUND-1"),
    Stat(key="energy_max", ru=("энергия", "эн"), en=("energy", "max energy"),
         minimum=0, required=True,
         description="energy at the start of a fight; 0 = exhausted", rule="TW-EXH-1"),
    Stat(key="ap", ru=("ОД", "очки действия"), en=("action points",), default=2, minimum=0,
         description="action points per round", rule="TW-AP-1"),
    DEADLINESS_STAT,
    MIGHT_STAT,
    WEAPON_DICE,
    Stat(key="weapon_damage", ru=("урон", "урон оружия", "урон за успех"),
         en=("damage", "dmg"), default=1, minimum=0,
         description="damage per attack success above the defense", rule="TW-DEF-1"),
    WEAPON_STAT,
    _threshold("bleed_threshold", ("порог кровотечения",), ("bleed at",),
               "bleeding", "TW-BLEED-1"),
    Stat(key="bleed", ru=("кровотечение", "кровь"), en=("bleeding",), default=1, minimum=0,
         description="HP lost per round to this weapon's bleeding", rule="TW-BLEED-1"),
    _threshold("poison_threshold", ("порог яда",), ("poison at",), "poison", "TW-POISON-1"),
    Stat(key="poison", ru=("яд",), en=(), default=1, minimum=0,
         description="HP lost per round to this weapon's poison", rule="TW-POISON-1"),
    DEADLY_THRESHOLD,
    DRAIN_THRESHOLD,
    Stat(key="drain", ru=("иссушение",), en=("draining",), default=1, minimum=0,
         description="energy a draining hit takes", rule="TW-DRAIN-1"),
    ARMOR_DICE,
    ENDURANCE,
)


def _attack_pool(v: Values) -> int:
    return v[WEAPON_DICE] + v[_BY_WEAPON_STAT[v[WEAPON_STAT]]]


DERIVED = (
    Derived(key="main_stat", ru=("основная характеристика", "основная", "главная"),
            en=("main", "main stat"), formula="the higher of deadliness and might",
            compute=lambda v: max(v[DEADLINESS_STAT], v[MIGHT_STAT]), minimum=0,
            description="orders mutual lethal hits and team initiative", rule="TW-SIM-1"),
    Derived(key="attack_pool", ru=("нападение", "бросок нападения", "атака"),
            en=("attack", "attack dice"), formula="weapon dice + the weapon's main stat",
            compute=_attack_pool, minimum=0,
            description="d6 in one attack roll", rule="TW-AP-1"),
    Derived(key="defense_pool", ru=("защита", "бросок защиты"), en=("defense", "defence"),
            formula="armor dice + endurance",
            compute=lambda v: v[ARMOR_DICE] + v[ENDURANCE], minimum=0,
            description="d6 in one defense roll", rule="TW-DEF-1"),
    Derived(key="counter_pool", ru=("контратака", "бросок контратаки"),
            en=("counter", "counterattack"), formula="weapon dice + deadliness (any weapon)",
            compute=lambda v: v[WEAPON_DICE] + v[DEADLINESS_STAT], minimum=0,
            description="d6 in a counterattack roll (perks not included)", rule="TW-CTR-1"),
)

RESOURCES = (
    Resource(key="hp", ru=("ОЗ", "здоровье"), en=("health",), start="hp_max", cap="hp_max",
             description="current HP", rule="TW-WOUND-1"),
    Resource(key="energy", ru=("энергия", "эн"), en=(), start="energy_max", cap="energy_max",
             minimum=0, description="current energy; 0 = exhausted", rule="TW-EXH-1"),
    Resource(key="legend", ru=("легендарность", "легенда", "неизрасходованная легендарность"),
             en=("unspent legend",), start=0, minimum=0,
             description="unspent legend points", rule="TW-LEG-1"),
    Resource(key="legend_total", ru=("общая легендарность", "вся легендарность"),
             en=("total legend",), start=0, minimum=0,
             description="legend points ever earned; every 200 gives a free point",
             rule="TW-LEG-1"),
)

SETTINGS = (
    Setting(key="success_threshold", ru=("порог успеха", "порог", "успех"),
            en=("threshold", "success"), default=5, minimum=1, maximum=6,
            description="a d6 at least this counts as a success", rule="TW-POOL-1"),
    Setting(key="win_legend", ru=("награда", "легендарность за победу"),
            en=("reward", "win reward"), default=100, minimum=0,
            description="legend a win brings in a standard fight", rule="TW-LEG-1"),
    Setting(key="gods", ru=("сумерки богов", "сумерки"), en=("twilight of the gods",),
            kind=FLAG, default=False,
            description="Twilight of the Gods arena condition (semifinals on)", rule="TW-GODS-1"),
)


def _weapon_effects(values: Values) -> Iterable[str]:
    kind = values.get(WEAPON_STAT)
    if values[DEADLY_THRESHOLD] and kind != DEADLINESS:
        yield ("TW-DEADLY-1: a deadly strike threshold needs a deadliness weapon "
               f"(weapon_stat = {DEADLINESS}), this one uses {kind}")
    if values[DRAIN_THRESHOLD] and kind != MIGHT:
        yield ("TW-DRAIN-1: a drain threshold needs a might weapon "
               f"(weapon_stat = {MIGHT}), this one uses {kind}")


SHEET = Sheet(
    system="twilight",
    title="Сумерки богов",
    stats=STATS,
    derived=DERIVED,
    resources=RESOURCES,
    settings=SETTINGS,
    creation_rules=(_weapon_effects,),
)
