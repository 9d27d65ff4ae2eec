"""Weapons, shields and armor a skirmish character carries, read from its ``data`` table.

The session file lists them by name (the master types them by hand)::

    [combatants."Рыцарь".data.weapons."Меч"]
    damage = 6               # fixed damage (SK-DMG-1); "dice" adds a roll
    kind = "melee"           # melee | ranged | thrown | magic | shield
    size = "large"           # two-handed | large | short (SK-SLOT-1)
    effects = { bleeding = 30, stun = 10 }   # on-hit chances in % (SK-EFF-1)
    breakage = true          # only items with a breakage chance roll (SK-BREAK-1)
    durability = 10

    [combatants."Рыцарь".data.armor."Кольчуга"]
    def = 3
    durability = 8
    breakage = true

Item values may carry tenths: a bad breakage takes 0.1 off def and dexterity
bonuses (SK-BREAK-1).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.core.errors import DocumentError
from rules.core.names import pick
from rules.dice import DiceError, parse
from rules.dice.datatypes import datatype, field, replace
from rules.i18n import N_, _

Path = tuple[str | int, ...]
Number = int | float

MELEE = "melee"
RANGED = "ranged"
THROWN = "thrown"
MAGIC = "magic"
SHIELD = "shield"
KINDS = (MELEE, RANGED, THROWN, MAGIC, SHIELD)
#: strength damage is added to these (SK-DMG-1, SK-THROW-1)
STRENGTH_KINDS = (MELEE, THROWN, SHIELD)

TWO_HANDED = "two-handed"
LARGE = "large"
SHORT = "short"
#: slots a weapon of each size takes (SK-SLOT-1); short ones are counted apart
SIZE_SLOTS = {TWO_HANDED: 2, LARGE: 1, SHORT: 0}

_WEAPON_KEYS = ("kind", "damage", "dice", "accuracy", "defense", "def", "size", "effects", "breakage",
                "durability", "bonuses", "block")
_ARMOR_KEYS = ("def", "durability", "breakage", "bonuses", "clothing")
_ARTIFACT_KEYS = ("def", "durability", "bonuses")


def _number(value: Any, path: Path, *, minimum: float | None = 0) -> Number:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise DocumentError(path, _("must be a number, got {value!r}").format(value=value))
    if minimum is not None and value < minimum:
        raise DocumentError(path, _("must be {minimum} or more, got {value!r}").format(minimum=f"{minimum:g}",
                                                                                      value=value))
    return value


def _whole(value: Any, path: Path, *, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DocumentError(path, _("must be a whole number, got {value!r}").format(value=value))
    if value < minimum:
        raise DocumentError(path, _("must be {minimum} or more, got {value!r}").format(minimum=minimum, value=value))
    return value


def _flag(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise DocumentError(path, _("must be true or false, got {value!r}").format(value=value))
    return value


def _table(value: Any, path: Path) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DocumentError(path, _("must be a table, got {value!r}").format(value=value))
    return value


def refuse_unknown(raw: Mapping[str, Any], allowed: tuple[str, ...], path: Path, what: str) -> None:
    """A key the table may not have; ``what`` is marked with N_ by the caller and translated here."""
    for key in raw:
        if key not in allowed:
            raise DocumentError(path + (key,), _("unknown key; {what} has: {keys}").format(
                what=_(what), keys=", ".join(allowed)))


def _bonuses(raw: Any, path: Path) -> Mapping[str, Number]:
    table = _table(raw, path)
    return MappingProxyType({k: _number(v, path + (k,), minimum=None) for k, v in table.items()})


@datatype(frozen=True)
class Weapon:
    name: str
    kind: str = MELEE
    damage: Number = 0
    #: a damage roll added to the fixed damage ("1d6"), or the whole damage in dice mode
    dice: str = ""
    #: the weapon's own skill for attacks (else the accuracy or ranged stat)
    accuracy: int | None = None
    #: the weapon's own defense skill for blocks (else the defense stat)
    defense: int | None = None
    #: a shield's def: counts only against an attack its bearer blocked (SK-SHIELD-1)
    shield_def: Number = 0
    size: str = LARGE
    #: effect -> chance in % (SK-EFF-1)
    effects: Mapping[str, int] = field(default_factory=dict)
    #: damage a turn of a damaging effect (poison = { chance = 20, damage = 2 }); 1 when left out
    effect_damage: Mapping[str, int] = field(default_factory=dict)
    breakage: bool = False
    durability: int | None = None
    bonuses: Mapping[str, Number] = field(default_factory=dict)
    block: bool = True

    @property
    def shooting(self) -> bool:
        return self.kind == RANGED

    def to_toml(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.damage:
            out["damage"] = self.damage
        if self.dice:
            out["dice"] = self.dice
        for key, value in (("accuracy", self.accuracy), ("defense", self.defense)):
            if value is not None:
                out[key] = value
        if self.shield_def:
            out["def"] = self.shield_def
        out["size"] = self.size
        if self.effects:
            out["effects"] = {name: {"chance": chance, "damage": self.effect_damage[name]}
                              if name in self.effect_damage else chance for name, chance in self.effects.items()}
        if self.breakage:
            out["breakage"] = True
        if self.durability is not None:
            out["durability"] = self.durability
        if self.bonuses:
            out["bonuses"] = dict(self.bonuses)
        if not self.block:
            out["block"] = False
        return out


@datatype(frozen=True)
class Armor:
    name: str
    def_: Number = 0
    durability: int | None = None
    breakage: bool = False
    bonuses: Mapping[str, Number] = field(default_factory=dict)
    #: clothing rolls for breakage only when no armor with def is worn (SK-BREAK-1)
    clothing: bool = False

    def to_toml(self) -> dict[str, Any]:
        out: dict[str, Any] = {"def": self.def_}
        if self.durability is not None:
            out["durability"] = self.durability
        if self.breakage:
            out["breakage"] = True
        if self.bonuses:
            out["bonuses"] = dict(self.bonuses)
        if self.clothing:
            out["clothing"] = True
        return out


def read_weapon(name: str, raw: Any, path: Path) -> Weapon:
    table = _table(raw, path)
    refuse_unknown(table, _WEAPON_KEYS, path, N_("a weapon"))
    kind = table.get("kind", MELEE)
    if kind not in KINDS:
        raise DocumentError(path + ("kind",), _("a weapon's kind is one of {kinds}, not {kind!r}").format(
            kinds=", ".join(KINDS), kind=kind))
    size = table.get("size", LARGE)
    if size not in SIZE_SLOTS:
        raise DocumentError(path + ("size",), _("a weapon's size is one of {sizes} (SK-SLOT-1), not {size!r}")
                            .format(sizes=", ".join(SIZE_SLOTS), size=size))
    dice = table.get("dice", "")
    if dice:
        try:
            parse(str(dice))
        except DiceError as err:
            raise DocumentError(path + ("dice",), _("not a dice expression: {error}").format(error=err)) from None
    effects_raw = _table(table.get("effects", {}), path + ("effects",))
    effects, effect_damage = {}, {}
    for effect, given in effects_raw.items():
        where = path + ("effects", effect)
        if isinstance(given, Mapping):
            refuse_unknown(given, ("chance", "damage"), where, N_("an on-hit effect"))
            if "chance" not in given:
                raise DocumentError(where + ("chance",), _("missing: the effect's chance in %"))
            if "damage" in given:
                effect_damage[effect] = _whole(given["damage"], where + ("damage",), minimum=1)
            chance, where = given["chance"], where + ("chance",)
        else:
            chance = given
        value = _whole(chance, where)
        if value > 100:
            raise DocumentError(where, _("a chance is 0 to 100 (%), got {value}").format(value=value))
        effects[effect] = value
    return Weapon(
        name=name, kind=kind,
        damage=_number(table.get("damage", 0), path + ("damage",)),
        dice=str(dice),
        accuracy=_whole(table["accuracy"], path + ("accuracy",), minimum=-99) if "accuracy" in table else None,
        defense=_whole(table["defense"], path + ("defense",), minimum=-99) if "defense" in table else None,
        shield_def=_number(table.get("def", 0), path + ("def",)),
        size=size, effects=MappingProxyType(effects), effect_damage=MappingProxyType(effect_damage),
        breakage=_flag(table.get("breakage", False), path + ("breakage",)),
        durability=_whole(table["durability"], path + ("durability",)) if "durability" in table else None,
        bonuses=_bonuses(table.get("bonuses", {}), path + ("bonuses",)),
        block=_flag(table.get("block", kind != MAGIC), path + ("block",)),
    )


def read_armor(name: str, raw: Any, path: Path) -> Armor:
    table = _table(raw, path)
    refuse_unknown(table, _ARMOR_KEYS, path, N_("armor"))
    return Armor(
        name=name,
        def_=_number(table.get("def", 0), path + ("def",)),
        durability=_whole(table["durability"], path + ("durability",)) if "durability" in table else None,
        breakage=_flag(table.get("breakage", False), path + ("breakage",)),
        bonuses=_bonuses(table.get("bonuses", {}), path + ("bonuses",)),
        clothing=_flag(table.get("clothing", False), path + ("clothing",)),
    )


def weapons(data: Mapping[str, Any], path: Path = ("data", "weapons")) -> dict[str, Weapon]:
    raw = _table(data.get("weapons", {}), path)
    return {name: read_weapon(name, item, path + (name,)) for name, item in raw.items()}


def armor(data: Mapping[str, Any], path: Path = ("data", "armor")) -> dict[str, Armor]:
    raw = _table(data.get("armor", {}), path)
    return {name: read_armor(name, item, path + (name,)) for name, item in raw.items()}


def artifacts(data: Mapping[str, Any], path: Path = ("data", "artifacts")) -> dict[str, Armor]:
    """Artifacts: def and bonuses like armor, but no clothing, no slot for a short weapon,
    no breakage after the fight (the seed rolls for weapons and armor only)."""
    raw = _table(data.get("artifacts", {}), path)
    return {name: read_artifact(name, item, path + (name,)) for name, item in raw.items()}


def read_artifact(name: str, raw: Any, path: Path) -> Armor:
    refuse_unknown(_table(raw, path), _ARTIFACT_KEYS, path, N_("an artifact"))
    return read_armor(name, raw, path)


def pick_item(kind: str, query: str, names: tuple[str, ...]) -> str:
    """The item the master means (case, ё/е and a unique prefix forgiven)."""
    return pick(kind, query, names)


# --- slots (SK-SLOT-1) ---------------------------------------------------------------

FREE_SLOTS = 3


@datatype(frozen=True)
class Slots:
    used: int
    #: short weapons that fit behind a belt or in a pocket (one per clothing item)
    tucked: int
    stealth: int
    dexterity: int


def slots(carried: Mapping[str, Weapon], clothing: int, *, over_three_adds: bool = False) -> Slots:
    """SK-SLOT-1: two-handed 2 slots, large 1, short 0 while a clothing item holds
    each one [I]; every occupied slot after the first -1 stealth; every one after
    the third -1 stealth and -1 dexterity instead (or on top, ``over_three_adds``)."""
    shorts = sum(1 for w in carried.values() if w.size == SHORT)
    tucked = min(shorts, max(0, clothing))
    used = sum(SIZE_SLOTS[w.size] for w in carried.values()) + (shorts - tucked)
    beyond_first = max(0, used - 1)
    beyond_third = max(0, used - FREE_SLOTS)
    stealth = -beyond_first - (beyond_third if over_three_adds else 0)
    return Slots(used=used, tucked=tucked, stealth=stealth, dexterity=-beyond_third)


# --- breakage (SK-BREAK-1) ---------------------------------------------------------------

NOTHING = "nothing"
WORN = "worn"
DAMAGED = "damaged"
CRIPPLED = "crippled"
DESTROYED = "destroyed"


@datatype(frozen=True)
class Band:
    name: str
    durability: int
    #: what happens to the item's other values
    others: str = ""


def band(roll: int) -> Band:
    """The d10 bands of SK-BREAK-1: 9+ nothing; 6-8 -1 durability; 4-5 -2 and -1
    to every other value (def and dexterity -0.1); 2-3 -3 and the others halved;
    1 or less destroyed."""
    if roll >= 9:
        return Band(NOTHING, 0)
    if roll >= 6:
        return Band(WORN, 1)
    if roll >= 4:
        return Band(DAMAGED, 2, "minus_one")
    if roll >= 2:
        return Band(CRIPPLED, 3, "halved")
    return Band(DESTROYED, 0)


#: values that lose tenths instead of whole points (SK-BREAK-1: "Def и ЛОВ вычитаются в 0.1"):
#: the item's own def and bonuses to dexterity or to any part of def
TENTHS = ("def", "dexterity", "shield_def", "def_", "endurance_def", "armor_def", "artifact_def")
#: values that never fall below 0 (a damage, a def, a chance); skills and bonuses may [I]
_FLOORED = ("damage", "shield_def", "def_", "chance")


def _tenths(value: Number) -> Number:
    return round(value, 1) if isinstance(value, float) else value


def _half(value: Number) -> Number:
    """Half, rounded down: to a whole point, or to a tenth for a value that has tenths [I]."""
    if isinstance(value, int):
        return value // 2
    return math.floor(round(value * 10) / 2) / 10


def _lessen(key: str, value: Number, how: str) -> Number:
    """One value of a worn item after its band: -1 (-0.1 for def and dexterity) or halved.
    A value of 0 stays 0: the item has none to lose [I]."""
    if not value or how not in ("minus_one", "halved"):
        return value
    lessened = _tenths(value - (0.1 if key in TENTHS else 1)) if how == "minus_one" else _half(value)
    return max(0, lessened) if key in _FLOORED else lessened


def _lessen_chance(value: int, how: str) -> int:
    return int(_lessen("chance", value, how))


def worn_weapon(w: Weapon, b: Band) -> Weapon:
    """SK-BREAK-1 on a weapon: durability, and every other value of it: damage, its
    own accuracy and defense skills, a shield's def, the on-hit chances and damages,
    the bonuses.  Its damage dice stay (the band takes from numbers) [I]."""
    def skill(key: str, value: int | None) -> int | None:
        return None if value is None else int(_lessen(key, value, b.others))

    return replace(
        w, durability=max(0, (w.durability or 0) - b.durability) if w.durability is not None else None,
        damage=_lessen("damage", w.damage, b.others),
        accuracy=skill("accuracy", w.accuracy),
        defense=skill("defense", w.defense),
        shield_def=_lessen("shield_def", w.shield_def, b.others),
        effects=MappingProxyType({k: _lessen_chance(v, b.others) for k, v in w.effects.items()}),
        # a damage a turn is at least 1 (0 would be no effect at all) [I]
        effect_damage=MappingProxyType({k: max(1, int(_lessen("effect_damage", v, b.others)))
                                        for k, v in w.effect_damage.items()}),
        bonuses=MappingProxyType({k: _lessen(k, v, b.others) for k, v in w.bonuses.items()}),
    )


def worn_armor(a: Armor, b: Band) -> Armor:
    """SK-BREAK-1 on armor or clothing: durability, def and every bonus."""
    return replace(
        a, durability=max(0, (a.durability or 0) - b.durability) if a.durability is not None else None,
        def_=_lessen("def_", a.def_, b.others),
        bonuses=MappingProxyType({k: _lessen(k, v, b.others) for k, v in a.bonuses.items()}),
    )


def broken(durability: int | None, b: Band) -> bool:
    """Destroyed: the band says so, or durability reached 0 [I]."""
    return b.name == DESTROYED or (durability is not None and durability <= 0 and b.durability > 0)
