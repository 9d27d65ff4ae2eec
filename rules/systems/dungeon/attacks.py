"""Dungeon attacks: circumstances, the hit roll and damage.

DG-ADV-1 (the attack situations), DG-HIT-1, DG-DMG-1.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.systems.dungeon.checks import roll_d20
from rules.systems.dungeon.common import Die, require_non_negative, roll
from rules.core.sources import DiceSource

MELEE = "melee"
RANGED = "ranged"
ATTACK_KINDS = (MELEE, RANGED)

#: the ranged hit roll adds the attacker's reaction; melee adds nothing
_HIT_ADDS_REACTION = {MELEE: False, RANGED: True}
#: melee damage adds the attacker's body; ranged adds nothing
_DAMAGE_ADDS_BODY = {MELEE: True, RANGED: False}

BRIGHT = "bright"
DIM = "dim"
DARK = "dark"
#: disadvantages a target's lighting gives every attack on it
_LIGHT_DISADVANTAGES = {BRIGHT: 0, DIM: 1, DARK: 2}
_INVISIBLE_DISADVANTAGES = 2

#: situation -> attack kind -> (advantages, disadvantages)
_SITUATIONS = {
    "target_prone": {MELEE: (1, 0), RANGED: (0, 1)},
    "target_in_cover": {MELEE: (0, 0), RANGED: (0, 1)},
    "attacker_prone": {MELEE: (0, 1), RANGED: (0, 1)},
}

MAX_WEAPON_DICE = 100


def _require_kind(kind: str) -> str:
    if kind not in ATTACK_KINDS:
        raise ValueError(f"an attack is {MELEE!r} or {RANGED!r}, not {kind!r}")
    return kind


@dataclass(frozen=True, slots=True)
class Circumstances:
    advantages: int
    disadvantages: int
    #: the situations that counted, for showing why
    reasons: tuple[str, ...]


def attack_circumstances(
    kind: str,
    *,
    target_prone: bool = False,
    target_in_cover: bool = False,
    attacker_prone: bool = False,
    light: str = BRIGHT,
    target_invisible: bool = False,
) -> Circumstances:
    """Advantages and disadvantages the seed's attack situations give (DG-ADV-1).

    Full darkness and invisibility are one condition in the seed ("в полной
    темноте / невидима"): both together still give two disadvantages [I].
    Cover only hinders ranged attacks, as the seed says.
    """
    _require_kind(kind)
    if light not in _LIGHT_DISADVANTAGES:
        raise ValueError(f"light is one of {', '.join(_LIGHT_DISADVANTAGES)}, not {light!r}")
    flags = {
        "target_prone": target_prone,
        "target_in_cover": target_in_cover,
        "attacker_prone": attacker_prone,
    }
    advantages = disadvantages = 0
    reasons: list[str] = []
    for situation, present in flags.items():
        plus, minus = _SITUATIONS[situation][kind]
        if present and (plus or minus):
            advantages += plus
            disadvantages += minus
            reasons.append(situation)
    if light != BRIGHT:
        reasons.append(f"light_{light}")
    if target_invisible:
        reasons.append("target_invisible")
    disadvantages += max(
        _LIGHT_DISADVANTAGES[light], _INVISIBLE_DISADVANTAGES if target_invisible else 0
    )
    return Circumstances(advantages, disadvantages, tuple(reasons))


@dataclass(frozen=True, slots=True)
class HitOutcome:
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
) -> HitOutcome:
    """DG-HIT-1: d20 (+ reaction when ranged) >= the target's УВ hits.

    A natural 1 misses and a natural 20 hits [I], as in checks.  The +5 bought
    with fatigue is one more advantage and counts toward the +-10 limit.
    """
    _require_kind(kind)
    require_non_negative(advantages=advantages, disadvantages=disadvantages)
    reaction_bonus = reaction if _HIT_ADDS_REACTION[kind] else 0
    all_advantages = advantages + int(fatigue_advantage)
    result = roll_d20(source, "hit", reaction_bonus + bonus, all_advantages, disadvantages, dodge)
    return HitOutcome(
        kind=kind,
        die=result.die,
        reaction_bonus=reaction_bonus,
        bonus=bonus,
        advantages=all_advantages,
        disadvantages=disadvantages,
        fatigue_advantage=fatigue_advantage,
        advantage=result.advantage,
        total=result.total,
        dodge=dodge,
        hit=result.success,
        natural=result.natural,
    )


@dataclass(frozen=True, slots=True)
class DamageOutcome:
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
    _require_kind(kind)
    count, sides = weapon
    if not 1 <= count <= MAX_WEAPON_DICE or sides < 1:
        raise ValueError(f"a weapon rolls 1..{MAX_WEAPON_DICE} dice of at least one side, not {count}d{sides}")
    require_non_negative(armor=armor)
    dice = [roll(source, sides, "damage") for _ in range(count)]
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
