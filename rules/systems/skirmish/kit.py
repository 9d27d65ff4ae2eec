"""A skirmish character's gear on its stored table, without editing the file by hand.

``char give``, ``char take`` and ``char show`` reach these through the system's
data readers (``data.py``): a weapon, shield, armor, clothing or artifact is
given by name and kind (``char give Рыцарь Меч --kind melee``), handed to
another (``--to``), taken away, and listed with the weapon slots it fills
(SK-SLOT-1).  The ``gear`` action sets an item's values (``gear Рыцарь Меч
damage=5 bleeding=30``).

Each item is one thing: ``--count`` above 1 and ``--stack`` are refused.
Errors: an item, a kind or a value word nobody knows is a ``NotFound``; a
malformed request a ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from rules.core.errors import DocumentError
from rules.core.names import name_key
from rules.dice.datatypes import datatype
from rules.i18n import N_, _
from rules.systems.skirmish import gear
from rules.systems.skirmish.messages import EFFECTS
from rules.systems.skirmish.presets import canonical

WEAPONS, ARMOR, ARTIFACTS = "weapons", "armor", "artifacts"
SECTIONS = (WEAPONS, ARMOR, ARTIFACTS)

CLOTHING = "clothing"
ARMOR_KIND = "armor"
ARTIFACT = "artifact"
#: what ``--kind`` names: a weapon's kind, or armor, clothing, an artifact
KINDS = (*gear.KINDS, ARMOR_KIND, CLOTHING, ARTIFACT)
#: the kind's words, Russian and English
KIND_WORDS = {
    "melee": gear.MELEE, "ближнее": gear.MELEE, "ближний бой": gear.MELEE, "холодное": gear.MELEE,
    "ranged": gear.RANGED, "стрелковое": gear.RANGED, "thrown": gear.THROWN, "метательное": gear.THROWN,
    "magic": gear.MAGIC, "магия": gear.MAGIC, "магическое": gear.MAGIC, "shield": gear.SHIELD, "щит": gear.SHIELD,
    "armor": ARMOR_KIND, "armour": ARMOR_KIND, "броня": ARMOR_KIND, "clothing": CLOTHING, "clothes": CLOTHING,
    "одежда": CLOTHING, "artifact": ARTIFACT, "артефакт": ARTIFACT,
}

#: the kinds as a person reads them
KIND_SHOWN = {gear.MELEE: N_("melee weapon"), gear.RANGED: N_("ranged weapon"), gear.THROWN: N_("thrown weapon"),
              gear.MAGIC: N_("magic weapon"), gear.SHIELD: N_("shield"), ARMOR_KIND: N_("armor"),
              CLOTHING: N_("clothing"), ARTIFACT: N_("artifact")}

Tables = MutableMapping[str, Any]


def kind_of(word: str | None) -> str:
    """The kind ``--kind`` names (default: a melee weapon)."""
    if word is None:
        return gear.MELEE
    return KIND_WORDS[gear.pick_item(N_("kind of gear"), word, tuple(KIND_WORDS))]


def section_of(kind: str) -> str:
    return ARMOR if kind in (ARMOR_KIND, CLOTHING) else ARTIFACTS if kind == ARTIFACT else WEAPONS


def new_table(kind: str) -> dict[str, Any]:
    """A fresh item of ``kind`` with the values a master fills in with ``gear``."""
    if kind == CLOTHING:
        return {"def": 0, "clothing": True}
    if kind in (ARMOR_KIND, ARTIFACT):
        return {"def": 0}
    return gear.Weapon(name="", kind=kind).to_toml()


def carried(data: Mapping[str, Any]) -> dict[str, str]:
    """Item -> its section, in the order the file lists them."""
    found: dict[str, str] = {}
    for section in SECTIONS:
        for item in data.get(section, {}):
            found.setdefault(item, section)
    return found


def find_item(data: Mapping[str, Any], query: str) -> tuple[str, str]:
    """(section, name) of the item ``query`` means (case, ё/е and a unique prefix forgiven)."""
    items = carried(data)
    name = gear.pick_item(N_("item"), query, tuple(items))
    return items[name], name


def with_item(data: Mapping[str, Any], section: str, name: str, table: Mapping[str, Any] | None) -> dict[str, Any]:
    """``data`` with one item put in (or taken out, None); an empty section is left out."""
    out = dict(data)
    items = dict(out.get(section, {}))
    if table is None:
        items.pop(name, None)
    else:
        items[name] = dict(table)
    if items:
        out[section] = items
    else:
        out.pop(section, None)
    if table is None and section == WEAPONS:
        dropped = [n for n in out.get("dropped", []) if n != name]
        if dropped:
            out["dropped"] = dropped
        else:
            out.pop("dropped", None)
    return out


def check_item(section: str, name: str, table: Mapping[str, Any]) -> None:
    """Read the item back as every fight will: a bad value is a ValueError naming it."""
    try:
        if section == WEAPONS:
            gear.read_weapon(name, table, (section, name))
        elif section == ARTIFACTS:
            gear.read_artifact(name, table, (section, name))
        else:
            gear.read_armor(name, table, (section, name))
    except DocumentError as e:
        where = ".".join(str(p) for p in e.path[2:])
        raise ValueError(_("{item}: {place}: {problem}").format(item=name, place=where or name, problem=e.problem)) \
            from None


# --- what char give / take / show ask -----------------------------------------------------


@datatype(frozen=True)
class Piece:
    """One item as ``char give`` and ``char take`` report it."""

    name: str
    kind: str
    quantity: int = 1


@datatype(frozen=True)
class SlotLoad:
    """Weapon slots (SK-SLOT-1): 3 without a penalty beyond the first, more may be filled."""

    used: int
    capacity: int = gear.FREE_SLOTS

    @property
    def free(self) -> int:
        return max(0, self.capacity - self.used)


@datatype(frozen=True)
class GearChange:
    item: Piece
    giver: str | None
    taker: str | None
    taker_load: SlotLoad | None


def _data(combatants: Tables, name: str) -> Mapping[str, Any]:
    return combatants[name].get("data", {})


def _store(combatants: Tables, name: str, data: Mapping[str, Any]) -> None:
    table = combatants[name]
    if data:
        table["data"] = dict(data)
    else:
        table.pop("data", None)


def slot_load(data: Mapping[str, Any]) -> SlotLoad:
    worn = data.get(ARMOR, {})
    weapons = gear.weapons(data, ("data", WEAPONS))
    return SlotLoad(gear.slots(weapons, len(worn) if worn else 1).used)


def _kind_shown(section: str, table: Mapping[str, Any]) -> str:
    if section == WEAPONS:
        return str(table.get("kind", gear.MELEE))
    if section == ARTIFACTS:
        return ARTIFACT
    return CLOTHING if table.get("clothing") else ARMOR_KIND


def _one(count: int, stack: int | None = None) -> None:
    if count != 1 or stack is not None:
        raise ValueError(_("a weapon, armor or artifact is one item: leave out --count and --stack"))


def give(sheet: Any, combatants: Tables, name: str, item: str, count: int, *, to: str | None = None,
         kind: str | None = None, stack: int | None = None) -> GearChange:
    """``name`` gets a new item of ``kind`` (its values set later with ``gear``), or
    with ``to`` hands an item it carries to ``to``, values and all."""
    _one(count, stack)
    if to is not None:
        if kind is not None:
            raise ValueError(_("--kind describes a new item; a hand-over moves one already carried"))
        return _move(combatants, name, to, item)
    chosen = kind_of(kind)
    if not item.strip():
        raise ValueError(_("an item needs a name"))
    data = _data(combatants, name)
    same = next((n for n in carried(data) if name_key(n) == name_key(item)), None)
    if same is not None:
        raise ValueError(_("{name} already carries {item}; give the new one another name").format(name=name,
                                                                                                  item=same))
    section = section_of(chosen)
    _store(combatants, name, with_item(data, section, item, new_table(chosen)))
    return GearChange(Piece(item, chosen), None, name, slot_load(_data(combatants, name)))


def _move(combatants: Tables, giver: str, taker: str, query: str) -> GearChange:
    if giver == taker:
        raise ValueError(_("{name} cannot hand {item} to itself").format(name=giver, item=query))
    section, item = find_item(_data(combatants, giver), query)
    table = _data(combatants, giver)[section][item]
    target = _data(combatants, taker)
    if any(name_key(n) == name_key(item) for n in carried(target)):
        raise ValueError(_("{name} already carries {item}").format(name=taker, item=item))
    _store(combatants, giver, with_item(_data(combatants, giver), section, item, None))
    _store(combatants, taker, with_item(target, section, item, table))
    return GearChange(Piece(item, _kind_shown(section, table)), giver, taker, slot_load(_data(combatants, taker)))


def take(sheet: Any, combatants: Tables, name: str, item: str, count: int, *,
         source: str | None = None) -> GearChange:
    """``name`` loses an item (broken, sold, lost), or takes it from ``source``."""
    _one(count)
    if source is not None:
        return _move(combatants, source, name, item)
    data = _data(combatants, name)
    if not carried(data):
        raise ValueError(_("{name} carries no gear").format(name=name))
    section, found = find_item(data, item)
    shown = _kind_shown(section, data[section][found])
    _store(combatants, name, with_item(data, section, found, None))
    return GearChange(Piece(found, shown), name, None, None)


def load(table: Mapping[str, Any], derived: Mapping[str, int]) -> tuple[SlotLoad, str]:
    """(the weapon slots used, the gear in words) for ``char show``."""
    data = table.get("data", {})
    return slot_load(data), describe(data)


def describe(data: Mapping[str, Any]) -> str:
    """Every item with its kind and its main values: ``Меч (melee, 5 + 1d6, bleeding 30%), Щит (shield, def 2)``."""
    parts = []
    for section in SECTIONS:
        for name, table in data.get(section, {}).items():
            parts.append(f"{name} ({describe_item(section, table)})")
    return ", ".join(parts)


def describe_item(section: str, table: Mapping[str, Any]) -> str:
    kind = _kind_shown(section, table)
    words = [_(KIND_SHOWN[kind]) if kind in KIND_SHOWN else kind]
    if section == WEAPONS:
        damage = " + ".join(str(v) for v in (table.get("damage"), table.get("dice")) if v)
        if damage:
            words.append(_("damage {damage}").format(damage=damage))
        for key in ("accuracy", "defense"):
            if key in table:
                words.append(f"{key} {table[key]}")

        for effect, chance in table.get("effects", {}).items():
            shown = chance.get("chance") if isinstance(chance, Mapping) else chance
            words.append(f"{_(EFFECTS[effect]) if effect in EFFECTS else effect} {shown}%")
    if table.get("def"):
        words.append(f"def {table['def']}")
    for key, value in table.get("bonuses", {}).items():
        words.append(f"{key} {value:+g}")
    if table.get("breakage"):
        words.append(_("breaks") + (f" {table['durability']}" if "durability" in table else ""))
    return ", ".join(words)


# --- the gear action: an item's values as key=value words ---------------------------------------

#: value words -> the key in the file, Russian and English
KEY_WORDS = {
    "kind": "kind", "вид": "kind", "тип": "kind",
    "damage": "damage", "dm": "damage", "урон": "damage", "дамаг": "damage",
    "dice": "dice", "кубик": "dice", "кубики": "dice",
    "accuracy": "accuracy", "меткость": "accuracy", "навык": "accuracy",
    "defense": "defense", "защита": "defense",
    "def": "def", "деф": "def",
    "size": "size", "размер": "size",
    "breakage": "breakage", "поломка": "breakage", "разрушение": "breakage",
    "durability": "durability", "прочность": "durability",
    "block": "block", "блок": "block",
    "clothing": "clothing", "одежда": "clothing",
}
SIZE_WORDS = {"two-handed": gear.TWO_HANDED, "двуручное": gear.TWO_HANDED, "large": gear.LARGE,
              "большое": gear.LARGE, "одноручное": gear.LARGE, "short": gear.SHORT, "короткое": gear.SHORT}
_FLAGS = ("breakage", "block", "clothing")
_YES = ("yes", "true", "да", "1", "+")
_NO = ("no", "false", "нет", "0", "-")


def _value(word: str, text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text.replace(",", "."))
    except ValueError:
        raise ValueError(_("{key}={value}: give a number").format(key=word, value=text)) from None


def _flag(word: str, text: str) -> bool:
    if text.lower() in _YES:
        return True
    if text.lower() in _NO:
        return False
    raise ValueError(_("{key}={value}: give yes or no (да or нет)").format(key=word, value=text))


def _effect_value(word: str, text: str) -> int | dict[str, int]:
    chance, _slash, damage = text.partition("/")
    try:
        if damage:
            return {"chance": int(chance), "damage": int(damage)}
        return int(chance)
    except ValueError:
        raise ValueError(_("{key}={value}: give the chance in %, or chance/damage a turn (20/2)")
                         .format(key=word, value=text)) from None


def apply_words(section: str, name: str, table: Mapping[str, Any], words: list[str], resolve_stat: Any
                ) -> dict[str, Any]:
    """``table`` with the master's ``key=value`` words applied; an empty value removes the key.

    Effects are named by their word (``кровотечение=30``, ``яд=20/2``) or as
    ``effect.NAME=CHANCE`` for a custom one; bonuses as ``bonus.STAT=N``.
    """
    out = {k: (dict(v) if isinstance(v, Mapping) else v) for k, v in table.items()}
    for word in words:
        key, eq, text = word.partition("=")
        key, text = key.strip(), text.strip()
        if not eq or not key:
            raise ValueError(_("{word!r}: write key=value, e.g. damage=5").format(word=word))
        head, dot, rest = key.partition(".")
        lowered = name_key(head)
        if dot and lowered in ("bonus", "бонус"):
            stat = resolve_stat(rest)
            bonuses = dict(out.get("bonuses", {}))
            if text:
                bonuses[stat] = _value(key, text)
            else:
                bonuses.pop(stat, None)
            out["bonuses"] = bonuses
            if not bonuses:
                out.pop("bonuses")
            continue
        effect = rest if dot and lowered in ("effect", "эффект") else canonical(key) if not dot else None
        if effect is not None and section == WEAPONS:
            effects = dict(out.get("effects", {}))
            if text:
                effects[effect] = _effect_value(key, text)
            else:
                effects.pop(effect, None)
            out["effects"] = effects
            if not effects:
                out.pop("effects")
            continue
        field = KEY_WORDS[gear.pick_item(N_("value of gear"), key, tuple(KEY_WORDS))]
        if not text:
            out.pop(field, None)
        elif field in _FLAGS:
            out[field] = _flag(key, text)
        elif field == "size":
            out[field] = SIZE_WORDS.get(name_key(text), text)
        elif field == "kind":
            out[field] = kind_of(text)
        elif field == "dice":
            out[field] = text
        else:
            out[field] = _value(key, text)
    check_item(section, name, out)
    return out
