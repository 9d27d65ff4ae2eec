"""Terra's twelve damage types, the defenses that block them, and where a hit goes.

A hit is worked out in full before anything changes (:func:`land_hit`):
which defense blocks it (TT-DEF-1), what gets through (TT-DMG-1..3), what
the blocked part costs the soul by blood group (TT-SP-1, TT-DMG-4), what
the target is immune to or absorbs (TT-IMMUNE-1, TT-ABSORB-1).  The rules
object then applies the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.names import pick
from rules.core.state import Value
from rules.dice.datatypes import datatype
from rules.i18n import N_, _

FIRE, WATER, EARTH, AIR = "fire", "water", "earth", "air"
SHADOW, LIGHT, SOUND, FORCE = "shadow", "light", "sound", "force"
PHYSICAL_CONSTANT, PHYSICAL_DICE = "physical_constant", "physical_dice"
SUPERNATURAL, MYSTIC = "supernatural", "mystic"
#: not a thirteenth type: physical damage whose kind the formula decides (TT-DEF-1 [I])
PHYSICAL = "physical"

TYPES = (FIRE, WATER, EARTH, AIR, SHADOW, LIGHT, SOUND, FORCE, PHYSICAL_CONSTANT, PHYSICAL_DICE,
         SUPERNATURAL, MYSTIC)
PHYSICAL_TYPES = (PHYSICAL_CONSTANT, PHYSICAL_DICE)

#: every spelling a master may type (Russian of the seed, English), lower case
SPELLINGS: dict[str, tuple[str, ...]] = {
    FIRE: ("огонь", "fire"),
    WATER: ("вода", "water"),
    EARTH: ("земля", "earth"),
    AIR: ("воздух", "ветер", "air", "wind"),
    SHADOW: ("тьма", "тень", "shadow", "darkness"),
    LIGHT: ("свет", "light"),
    SOUND: ("звук", "sound"),
    FORCE: ("сила", "force"),
    PHYSICAL_CONSTANT: ("физический постоянный", "физический перманентный", "физический константный",
                        "постоянный", "перманентный", "physical constant", "physical permanent", "constant"),
    PHYSICAL_DICE: ("физический переменный", "физический вариативный", "переменный", "вариативный",
                    "physical dice", "physical variable", "variable"),
    SUPERNATURAL: ("сверхъестественный", "сверхестественный", "supernatural"),
    MYSTIC: ("мистический", "mystic", "mystical"),
    PHYSICAL: ("физический", "физ", "physical", "phys"),
}

#: the words shown for each type (translated through the catalog)
LABELS = {
    FIRE: N_("Fire"), WATER: N_("Water"), EARTH: N_("Earth"), AIR: N_("Air"), SHADOW: N_("Shadow"),
    LIGHT: N_("Light"), SOUND: N_("Sound"), FORCE: N_("Force"),
    PHYSICAL_CONSTANT: N_("physical constant"), PHYSICAL_DICE: N_("physical variable"),
    SUPERNATURAL: N_("supernatural"), MYSTIC: N_("mystic"), PHYSICAL: N_("physical"),
}

#: the magic defense of each element (TT-DEF-1)
MAGIC_DEFENSE = {
    FIRE: "mdef_mana", AIR: "mdef_mana", WATER: "mdef_life", EARTH: "mdef_life",
    LIGHT: "mdef_time", SHADOW: "mdef_time", FORCE: "mdef_soul", SOUND: "mdef_soul",
}
PHYSICAL_DEFENSE = {PHYSICAL_CONSTANT: "pdef", PHYSICAL_DICE: "pdef_dice"}
ALL_DEFENSES = ("pdef", "pdef_dice", "mdef_mana", "mdef_life", "mdef_time", "mdef_soul")

#: the seed's short names of the defenses, for messages
DEFENSE_LABELS = {
    "pdef": N_("ФЗ"), "pdef_dice": N_("ФЗ(D)"), "mdef_mana": N_("МЗ(Мана)"), "mdef_life": N_("МЗ(Жизнь)"),
    "mdef_time": N_("МЗ(Время)"), "mdef_soul": N_("МЗ(Душа)"),
}

#: TT-ABSORB-1: sign -> (sign level needed, the elements it absorbs)
ABSORBS: dict[str, tuple[int, tuple[str, ...]]] = {
    "gemini": (10, (FIRE, AIR)),
    "virgo": (10, (WATER, EARTH)),
    "taurus": (10, (LIGHT, SHADOW)),
    "ophiuchus": (10, (SOUND,)),
    "cetus": (10, (FORCE,)),
}
#: TT-IMMUNE-1 from the sign powers: sign -> (sign level, the types it is immune to)
IMMUNE: dict[str, tuple[int, tuple[str, ...]]] = {
    "gemini": (5, (FIRE, AIR)),  # "Иммунен к Аспекту Мана" at level 5
    "pisces": (10, (PHYSICAL_CONSTANT, PHYSICAL_DICE, MYSTIC)),
}


def damage_type(word: str) -> str:
    """The damage type a master means (Russian or English, any case, unique prefix);
    NotFound with the closest spellings for a type that does not exist."""
    by_word = {spelling: kind for kind, words in SPELLINGS.items() for spelling in words}
    return by_word[pick(_("damage type"), word, by_word)]


def label(kind: str) -> str:
    return _(LABELS[kind])


def physical_kind(kind: str, has_dice: bool) -> str:
    """``physical`` as the formula decides: any die makes it variable (TT-DEF-1 [I])."""
    if kind != PHYSICAL:
        return kind
    return PHYSICAL_DICE if has_dice else PHYSICAL_CONSTANT


@datatype(frozen=True)
class Target:
    """What of the target decides a hit: its defenses (with state bonuses), level,
    blood group (None for a monster), sign and sign level."""

    defenses: Mapping[str, int]
    level: int = 1
    blood_group: int | None = None
    sign: str = ""
    sign_level: int = 1


@datatype(frozen=True)
class Hit:
    """Where one dose of damage went."""

    kind: str
    incoming: int
    #: (defense key, its value, what it blocked), one per part
    blocks: tuple[tuple[str, int, int], ...] = ()
    #: what reaches HP
    dealt: int = 0
    #: what the soul pays (blocked physical damage, magic past МЗ)
    sp_loss: int = 0
    #: healing instead of damage (TT-ABSORB-1)
    absorbed: int = 0
    immune: bool = False
    #: blocked damage ГК 4 chose to take in HP (TT-SP-1)
    into_hp: int = 0

    def fields(self) -> dict[str, Any]:
        return {
            "damage_type": self.kind, "incoming": self.incoming,
            "blocks": [{"defense": d, "value": v, "blocked": b} for d, v, b in self.blocks] or None,
            "dealt": self.dealt, "sp_loss": self.sp_loss or None, "absorbed": self.absorbed or None,
            "immune": self.immune or None, "into_hp": self.into_hp or None,
        }


def _holds(table: dict[str, tuple[int, tuple[str, ...]]], target: Target, kind: str) -> bool:
    need, kinds = table.get(target.sign, (0, ()))
    return kind in kinds and target.sign_level >= need


def land_hit(target: Target, kind: str, amount: int, *, dice_part: int | None = None,
             split: bool = False, medium_into_hp: bool = False) -> Hit:
    """Work out one hit of ``amount`` damage of ``kind`` on ``target``.

    ``dice_part`` is the part of a physical formula rolled on dice: with the
    session's ``split_physical`` setting it meets ФЗ(D) and the rest meets ФЗ
    (TT-DEF-1); otherwise the whole hit meets the defense of its kind.
    """
    if _holds(ABSORBS, target, kind):
        return Hit(kind, amount, absorbed=amount)
    if _holds(IMMUNE, target, kind):
        return Hit(kind, amount, immune=True)
    defenses = target.defenses
    if kind == SUPERNATURAL:
        return Hit(kind, amount, dealt=amount)  # TT-DMG-2, TT-DMG-4
    if kind == MYSTIC:
        total = sum(defenses.get(d, 0) for d in ALL_DEFENSES)
        if total == 0:
            return Hit(kind, amount, dealt=target.level)  # TT-DMG-3: 1 per target level
        blocked = min(amount, total)
        return Hit(kind, amount, (("all", total, blocked),), dealt=amount - blocked)
    if kind in MAGIC_DEFENSE:
        key = MAGIC_DEFENSE[kind]
        blocked = min(amount, defenses.get(key, 0))
        dealt = amount - blocked
        cost = {2: 2, 3: 1}.get(target.blood_group or 0, 0) if dealt > 0 else 0  # TT-SP-1
        shown = ((key, defenses.get(key, 0), blocked),) if defenses.get(key, 0) else ()
        return Hit(kind, amount, shown, dealt=dealt, sp_loss=cost)
    parts: tuple[tuple[str, int], ...]
    if split and dice_part is not None:
        dice = max(0, min(amount, dice_part))
        parts = (("pdef_dice", dice), ("pdef", amount - dice))
    else:
        parts = ((PHYSICAL_DEFENSE[kind], amount),)
    blocks = tuple((key, defenses.get(key, 0), min(part, defenses.get(key, 0)))
                   for key, part in parts if part and defenses.get(key, 0))
    blocked = sum(b for _k, _v, b in blocks)
    dealt = amount - blocked
    group = target.blood_group
    if group is None or not blocked:
        return Hit(kind, amount, blocks, dealt=dealt)
    if group == 4 and medium_into_hp:
        return Hit(kind, amount, blocks, dealt=dealt + blocked, into_hp=blocked)
    sp = min(blocked, 2) if group == 3 else blocked
    return Hit(kind, amount, blocks, dealt=dealt, sp_loss=sp)


def defenses_of(stats: Mapping[str, Value], bonus: Mapping[str, int]) -> dict[str, int]:
    """The six defenses from the sheet's stats plus state and effect bonuses."""
    out = {}
    for key in ALL_DEFENSES:
        raw = stats.get(key, 0)
        base = raw if isinstance(raw, int) and not isinstance(raw, bool) else 0
        out[key] = max(0, base + bonus.get(key, 0))
    return out
