"""Techniques (приёмы: abilities and magic) as a character's sheet holds them.

The seed gives techniques no numbers: the master enters each one a character
knows with its aspect, formula and costs (TT-TECH-1), and marks the equipped
weapon's own technique (TT-TECH-3) and the other-aspect ones slotted by sign
level (TT-TECH-2).  They are kept in the combatant's data as a table
``techniques.NAME`` (see ``data.py``), so a hand edit of the session file
shows them; defaults are left out of the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.dice.datatypes import datatype, fields
from rules.i18n import N_, _

TIME, MANA, LIFE, SOUL = "time", "mana", "life", "soul"
ASPECTS = (TIME, MANA, LIFE, SOUL)
#: every spelling of an aspect a master may type
ASPECT_WORDS = (
    ("время", TIME), ("time", TIME), ("мана", MANA), ("mana", MANA),
    ("жизнь", LIFE), ("life", LIFE), ("душа", SOUL), ("soul", SOUL),
)
ASPECT_LABELS = {TIME: N_("Время"), MANA: N_("Мана"), LIFE: N_("Жизнь"), SOUL: N_("Душа")}
#: TT-TRANCE-1: the aspects a trance may use
TRANCE_ASPECTS = (MANA, LIFE, TIME)

#: what a technique does: TT-COMBINED-1 lets only a first technique that deals no damage open a combined action
DAMAGE, HEAL, SUPPORT = "damage", "heal", "support"
EFFECTS = (DAMAGE, HEAL, SUPPORT)
EFFECT_WORDS = (
    ("damage", DAMAGE), ("урон", DAMAGE), ("heal", HEAL), ("лечение", HEAL),
    ("support", SUPPORT), ("aura", SUPPORT), ("аура", SUPPORT), ("поддержка", SUPPORT),
)


def aspect_label(aspect: str) -> str:
    return _(ASPECT_LABELS[aspect]) if aspect in ASPECT_LABELS else aspect


@datatype(frozen=True)
class Technique:
    """One technique a character knows (or its weapon holds)."""

    name: str
    aspect: str
    effect: str = DAMAGE
    formula: str = ""
    #: a damage type word as ``damage.damage_type`` reads it; "" is physical, the formula decides
    type: str = ""
    ap: int = 0
    hp: int = 0
    mp: int = 0
    #: the equipped weapon's technique: usable without learning, any aspect (TT-TECH-3)
    weapon: bool = False
    #: a weapon technique the character has learned: usable at SP 0 or below (TT-TECH-3)
    learned: bool = False
    #: an active of another aspect in one of the sign-level slots (TT-TECH-2)
    slot: bool = False
    #: a passive ability: it takes a slot and is never cast
    passive: bool = False
    #: it provokes counter attacks by itself (summoning, control, Mysticism, Sacraments: TT-COUNTER-1),
    #: so it cannot be part of a combined action (TT-COMBINED-1)
    provokes: bool = False
    #: the radius it strikes within; 0: the weapon's reach
    reach: int = 0
    #: copied from an enemy by Змееносец or Кит (TT-SIGN-1): usable in this fight whatever the day's
    #: aspect, in no slot, gone when the fight ends
    copied: bool = False

    def table(self) -> dict[str, Any]:
        """The session file's table: defaults left out."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "name" and value != f.default:
                out[f.name] = value
        out["aspect"] = self.aspect
        return out

    @property
    def takes_slot(self) -> bool:
        return self.passive or (self.slot and not self.weapon)

    @property
    def combinable_first(self) -> bool:
        """TT-COMBINED-1: deals no damage and is no attack, and does not provoke by itself."""
        return self.effect != DAMAGE and not self.provokes


def from_table(name: str, raw: Mapping[str, Any]) -> Technique:
    known = {f.name for f in fields(Technique)} - {"name"}
    return Technique(name=name, **{k: v for k, v in raw.items() if k in known})


def known(data: Mapping[str, Any]) -> dict[str, Technique]:
    """The techniques in a combatant's data, by name."""
    return {name: from_table(name, raw) for name, raw in dict(data.get("techniques", {})).items()}


def drop_copies(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The fight is over: the copied techniques (TT-SIGN-1) go. The data without them, and their names."""
    book = dict(data.get("techniques", {}))
    gone = [name for name, raw in book.items() if raw.get("copied")]
    if not gone:
        return dict(data), []
    kept = {k: v for k, v in book.items() if k not in gone}
    out = {k: v for k, v in data.items() if k != "techniques"}
    if kept:
        out["techniques"] = kept
    return out, gone


def slots(sign: str, sign_level: int) -> tuple[int, int]:
    """TT-TECH-2: (slots for other-aspect actives and passives, of which extra for passives only).

    One a sign level; Водолей gets +2 passive slots at level 5 and +2 more at 10 (TT-SIGN-2)."""
    extra = 0
    if sign == "aquarius":
        extra = 4 if sign_level >= 10 else 2 if sign_level >= 5 else 0
    return sign_level, extra


def over_slots(techniques: Mapping[str, Technique], sign: str, sign_level: int) -> str | None:
    """Why the slotted techniques do not fit the sign level, or None."""
    base, extra = slots(sign, sign_level)
    actives = sum(1 for t in techniques.values() if t.takes_slot and not t.passive)
    passives = sum(1 for t in techniques.values() if t.passive)
    # passives fill their own extra slots first; what is left shares the sign-level slots
    used = actives + max(0, passives - extra)
    if used <= base:
        return None
    return _("{used} slotted techniques and passive abilities, but sign level {level} gives {slots} slots "
             "(+{extra} for passives)").format(used=actives + passives, level=sign_level, slots=base,
                                               extra=extra)
