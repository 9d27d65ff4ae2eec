"""Dungeon attacks: the hit roll and damage.

DG-HIT-1, DG-DMG-1; the situations of DG-ADV-1 are ``situations``'s.
"""

from __future__ import annotations

from rules.core.die import Die, roll
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.dungeon.checks import ADVANTAGE_CAP, roll_d20
from rules.systems.dungeon.common import require_non_negative
from rules.systems.dungeon.situations import (
    MELEE,
    RANGED,
    Situation,
    Term,
    hit_modifiers,
    require_kind,
)

#: the ranged hit roll adds the attacker's reaction; melee adds nothing
_HIT_ADDS_REACTION = {MELEE: False, RANGED: True}
#: melee damage adds the attacker's body; ranged adds nothing
_DAMAGE_ADDS_BODY = {MELEE: True, RANGED: False}

MAX_WEAPON_DICE = 100


@datatype(frozen=True, slots=True)
class HitOutcome:
    """A hit roll (DG-HIT-1): the d20, each modifier, the target number and whether it hit."""

    kind: str
    die: Die
    #: the attacker's reaction as added to the roll (0 in melee)
    reaction_bonus: int
    bonus: int
    advantages: int
    disadvantages: int
    #: one of the advantages was bought with fatigue (DG-FAT-1)
    fatigue_advantage: bool
    #: the clamped advantage modifier actually added
    advantage: int
    total: int
    dodge: int
    hit: bool
    natural: int | None
    #: every modifier with its reason, in the order shown (DG-ADV-1)
    terms: tuple[Term, ...] = ()
    #: the bought +5 changed nothing because of the cap
    fatigue_wasted: bool = False

    @property
    def dice(self) -> tuple[Die, ...]:
        return (self.die,)


def hit_roll(
    source: DiceSource,
    kind: str,
    dodge: int,
    *,
    reaction: int = 0,
    bonus: int = 0,
    advantages: int = 0,
    disadvantages: int = 0,
    fatigue_advantage: bool = False,
    situation: Situation = Situation(),  # noqa: B008 -- frozen, so one shared default is safe
    cap: int | None = ADVANTAGE_CAP,
) -> HitOutcome:
    """DG-HIT-1: d20 (+ reaction when ranged) >= the target's УВ hits.

    A natural 1 misses and a natural 20 hits [I], as in checks.  The
    situation (cover, light, prone: DG-ADV-1, DG-PRONE-1) and the master's
    own advantages and disadvantages add +-5 each; the +5 bought with
    fatigue is one more advantage; together they are held within ``cap``.
    ``terms`` lists every modifier with its reason.
    """
    require_kind(kind)
    mods = hit_modifiers(
        kind, situation, reaction=reaction, bonus=bonus, advantages=advantages,
        disadvantages=disadvantages, fatigue_advantage=fatigue_advantage, cap=cap,
    )
    result = roll_d20(source, "hit", mods.total, 0, 0, dodge)
    return HitOutcome(
        kind=kind,
        die=result.die,
        reaction_bonus=reaction if _HIT_ADDS_REACTION[kind] else 0,
        bonus=bonus,
        advantages=mods.advantages,
        disadvantages=mods.disadvantages,
        fatigue_advantage=fatigue_advantage,
        advantage=mods.advantage,
        total=result.total,
        dodge=dodge,
        hit=result.success,
        natural=result.natural,
        terms=mods.terms,
        fatigue_wasted=mods.fatigue_wasted,
    )


@datatype(frozen=True, slots=True)
class DamageOutcome:
    """A damage roll (DG-DMG-1): the weapon dice, the body added, armor, the damage dealt."""

    kind: str
    #: weapon dice, then the extra die bought with fatigue if any
    dice: tuple[Die, ...]
    weapon_total: int
    #: the attacker's body as added (0 for ranged)
    body_bonus: int
    bonus: int
    armor: int
    #: damage before armor
    raw: int
    #: damage the target takes, never below 0
    dealt: int

    @property
    def absorbed(self) -> int:
        """What the armor stopped."""
        return max(0, self.raw) - self.dealt


def damage_roll(
    source: DiceSource,
    kind: str,
    weapon: tuple[int, int],
    *,
    body: int = 0,
    armor: int = 0,
    bonus: int = 0,
    extra_die: bool = False,
) -> DamageOutcome:
    """DG-DMG-1: weapon dice (+ body in melee) + bonus - armor, never below 0.

    ``weapon`` is ``(count, sides)``: ``(1, 8)`` for a d8 weapon.  The extra
    damage die (DG-FAT-1) is one more die of the weapon's size, even for a
    weapon that rolls several [I].
    """
    require_kind(kind)
    count, sides = weapon
    if not 1 <= count <= MAX_WEAPON_DICE or sides < 1:
        raise ValueError(_("a weapon rolls 1..{most} dice of at least one side, not {count}d{sides}").format(
            most=MAX_WEAPON_DICE, count=count, sides=sides))
    require_non_negative(armor=armor)
    dice = [roll(source, sides, "damage") for _i in range(count)]
    if extra_die:
        dice.append(roll(source, sides, "extra_damage"))
    weapon_total = sum(die.face for die in dice)
    body_bonus = body if _DAMAGE_ADDS_BODY[kind] else 0
    raw = weapon_total + body_bonus + bonus
    return DamageOutcome(
        kind=kind,
        dice=tuple(dice),
        weapon_total=weapon_total,
        body_bonus=body_bonus,
        bonus=bonus,
        armor=armor,
        raw=raw,
        dealt=max(0, raw - armor),
    )
