"""Weapon kinds and what they reach (TT-WEAPON-1), and the sign powers that add
to a weapon Attack by kind and distance (Овен, Стрелец: TT-SIGN-2).

Pure functions of a combatant's stats; the actions apply them.
"""

from __future__ import annotations

from rules.core.state import Combatant
from rules.dice.datatypes import datatype

#: the seed: "Кортики, мечи и топоры ... ближнем бою (радиус 1)"; "Перчатки, жезлы и посохи слабое оружие
#: ближнего боя"
MELEE = ("dagger", "sword", "axe", "gloves", "rod", "staff")
#: kinds that strike far: the reach stat is their farthest radius, without it the grid is no limit [I]
RANGED = ("bow", "pistol")
#: "Копья наносят урон по двум клеткам": [I] a spear reaches radius 2
SPEAR_REACH = 2
#: "Луки ... обладают существенной мертвой зоной": [I] a bow does not shoot at radius 1
BOW_DEAD_ZONE = 1


def _int(c: Combatant, key: str, default: int) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def armed(c: Combatant) -> bool:
    """Whether ``c`` carries a weapon: a weapon formula on the sheet or an item worn in a weapon slot.

    The rhesus states add their bonus to "своей Атаке Оружием (либо безоружной Атаке, если не
    вооружен)": to an unarmed attack only when this is False (TT-RH-1)."""
    worn = c.data.get("worn")
    if isinstance(worn, dict) and any(worn.get(slot) for slot in WEAPON_SLOTS):
        return True
    return bool(c.stats.get("weapon"))


def kind_of(c: Combatant) -> str:
    return str(c.stats.get("weapon_kind", ""))


@datatype(frozen=True)
class Reach:
    """Where the weapon Attack strikes: from ``nearest`` to ``farthest`` (None: no limit);
    an orb strikes within radius 1 of any friend instead (TT-WEAPON-1)."""

    nearest: int = 0
    farthest: int | None = 1
    orb: bool = False


def reach_of(c: Combatant) -> Reach:
    """The weapon Attack's reach by kind; an explicit ``reach`` stat is the farthest radius."""
    kind = kind_of(c)
    explicit = (_int(c, "reach", 0) or None) if "reach" in c.stats else None
    if kind == "orb":
        return Reach(0, 1, orb=True)
    if kind == "spear":
        return Reach(0, explicit or SPEAR_REACH)
    if kind in RANGED:
        return Reach(BOW_DEAD_ZONE + 1 if kind == "bow" else 0, explicit)
    return Reach(0, explicit or 1)


def sign_bonus(c: Combatant, distance: int | None) -> tuple[int, int]:
    """TT-SIGN-2, the seed's Овен and Стрелец: (+damage to the weapon Attack, extra supernatural damage).

    The bonus is +1 a weapon level.  ``distance`` is None off the grid: melee kinds count as melee,
    a ranged bonus needs the distance measured [I]."""
    sign, level = str(c.stats.get("zodiac", "")), _int(c, "sign_level", 1)
    kind, bonus = kind_of(c), _int(c, "weapon_level", 1)
    melee = (distance is None and kind in (*MELEE, "spear")) or (distance is not None and distance <= 1)
    if sign == "aries" and kind:
        # "ко всем ближним атакам Перчатками, Жезлами и Посохами"; L5 "на Мечи и Кортики";
        # L10 "на все оружия, но в радиусе 1. Кроме Шаров ... дополнительно 1 Сверхестественный урон"
        if level >= 10 and kind != "orb" and melee:
            return bonus, 1
        kinds = ("gloves", "rod", "staff", *(("sword", "dagger") if level >= 5 else ()))
        return (bonus, 0) if kind in kinds and melee else (0, 0)
    if sign == "sagittarius" and kind and distance is not None:
        # "дальним атакам Луком (не ближе чем максимальный радиус -3) и Копьем в радиусе 2";
        # L5 "на Пистоли. Дальность не ближе чем максимальный радиус – 5";
        # L10 "на Шары. Дальность любая, кроме радиуса 1 ... 1 Сверхестественный урон в радиусе большем чем 1"
        if level >= 10:
            if kind in ("bow", "spear", "pistol", "orb") and distance > 1:
                return bonus, 1
            return 0, 0
        if kind == "spear":
            return (bonus, 0) if distance == 2 else (0, 0)
        kinds = ("bow", "pistol") if level >= 5 else ("bow",)
        if kind not in kinds or distance <= 1:
            return 0, 0
        farthest = reach_of(c).farthest
        margin = 5 if level >= 5 else 3
        return (bonus, 0) if farthest is None or distance >= farthest - margin else (0, 0)
    return 0, 0


#: TT-WEAPON-1: "Оружие (Основная рука, либо обе руки), Щит (Вторая рука), головной убор (Голова), основная
#: защита (Тело), и два Аксессуара"; a two-handed weapon fills both hands
SLOTS = {"weapon": 1, "both_hands": 1, "shield": 1, "head": 1, "body": 1, "accessory": 2}
SLOT_WORDS = (
    ("weapon", "weapon"), ("оружие", "weapon"), ("both-hands", "both_hands"), ("двуручное", "both_hands"),
    ("shield", "shield"), ("щит", "shield"), ("head", "head"), ("голова", "head"), ("body", "body"),
    ("тело", "body"), ("accessory", "accessory"), ("аксессуар", "accessory"),
)
WEAPON_SLOTS = ("weapon", "both_hands")


def wearing(worn: dict[str, list[str]], slot: str, item: str) -> str | None:
    """Why ``item`` cannot go in ``slot`` next to what is ``worn``, as a key of SLOT_PROBLEMS, or None."""
    if slot in WEAPON_SLOTS and any(worn.get(s) for s in WEAPON_SLOTS):
        return "weapon"
    if len(worn.get(slot, [])) >= SLOTS[slot]:
        return "full"
    if (slot == "shield" and worn.get("both_hands")) or (slot == "both_hands" and worn.get("shield")):
        return "hands"
    return None


def slot_of(worn: dict[str, list[str]], item: str) -> str | None:
    return next((slot for slot, items in worn.items() if item in items), None)
