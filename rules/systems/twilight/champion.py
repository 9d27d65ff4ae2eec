"""A champion as the rules read it: weapons, perks, wounds, pools and AP.

Everything here is a pure reading of one stored combatant (its sheet stats and
its ``data``) plus the round's circumstances; nothing is rolled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rules.core.errors import DocumentError, RuleError
from rules.core.state import Combatant
from rules.dice.datatypes import datatype
from rules.i18n import _, ngettext
from rules.systems.twilight.perks import BARRIER_THROW, Perk, decode_perks

if TYPE_CHECKING:
    from rules.core.outcome import Work
    from rules.core.state import Encounter

DEADLINESS = "deadliness"
MIGHT = "might"

# wound levels (TW-WOUND-1)
NONE, LIGHT, MEDIUM, HEAVY = 0, 1, 2, 3
WOUND_DICE = {NONE: 0, LIGHT: 1, MEDIUM: 3, HEAVY: 4}
WOUND_ENERGY = {NONE: 0, LIGHT: 0, MEDIUM: 1, HEAVY: 2}
WOUND_AP = {NONE: 0, LIGHT: 0, MEDIUM: 0, HEAVY: 1}
EXHAUSTED_DICE = 4  # TW-EXH-1

Path = tuple[str | int, ...]


@datatype(frozen=True)
class Weapon:
    """One weapon (TW-WEAP-1): its dice, damage per success, main stat and thresholds."""

    name: str
    dice: int
    damage: int
    stat: str
    bleed_threshold: int = 0
    bleed: int = 1
    poison_threshold: int = 0
    poison: int = 1
    deadly_threshold: int = 0
    drain_threshold: int = 0
    drain: int = 1
    #: Aquitanian blades: an endgame attack rolls twice and keeps the best (TW-END-1)
    twin_roll: bool = False


_WEAPON_INTS = ("dice", "damage", "bleed_threshold", "bleed", "poison_threshold", "poison",
                "deadly_threshold", "drain_threshold", "drain")


def decode_weapon(raw: Any, path: Path) -> Weapon:
    if not isinstance(raw, Mapping):
        raise DocumentError(path, _("a weapon is a table: name, dice, damage, stat, thresholds"))
    for key, value in raw.items():
        if key in _WEAPON_INTS and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            raise DocumentError(path + (key,), _("must be a whole number 0 or more, got {value!r}").format(
                value=value))
        if key not in (*_WEAPON_INTS, "name", "stat", "twin_roll"):
            raise DocumentError(path + (key,), _("unknown weapon key; known: {known}").format(
                known=", ".join(("name", "stat", "twin_roll", *_WEAPON_INTS))))
    if raw.get("stat", DEADLINESS) not in (DEADLINESS, MIGHT):
        raise DocumentError(path + ("stat",), _("the weapon's main stat is {deadliness} or {might}").format(
            deadliness=DEADLINESS, might=MIGHT))
    if not isinstance(raw.get("name", ""), str) or not isinstance(raw.get("twin_roll", False), bool):
        raise DocumentError(path, _("a weapon's name is text and its twin_roll true or false"))
    if "dice" not in raw:
        raise DocumentError(path + ("dice",), _("a weapon needs its dice (Nd6)"))
    return Weapon(name=raw.get("name", ""), stat=raw.get("stat", DEADLINESS),
                  twin_roll=raw.get("twin_roll", False), damage=raw.get("damage", 1),
                  **{k: raw[k] for k in _WEAPON_INTS if k in raw and k != "damage"})


def _int(stats: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


@datatype(frozen=True)
class ArenaKit:
    """One line of the random weapons table: the weapon and the armor every champion fights with."""

    weapon: Weapon
    armor_dice: int


#: "случайное оружие и экипировка (одинаковое для обоих, определю дайсом)" (TW-COND-1): the seed
#: names no table, so this d6 is ttcli's own, built around the seed's weapons (5-7d6, the
#: paladin's spiked whip that bleeds at 7, deadliness and might); docs/twilight.md lists it
RANDOM_KIT = (
    ArenaKit(Weapon("ржавый кинжал", dice=4, damage=1, stat=DEADLINESS, bleed_threshold=4), armor_dice=3),
    ArenaKit(Weapon("короткий меч", dice=5, damage=1, stat=DEADLINESS, deadly_threshold=8), armor_dice=4),
    ArenaKit(Weapon("боевой топор", dice=5, damage=2, stat=MIGHT, drain_threshold=5), armor_dice=4),
    ArenaKit(Weapon("копьё", dice=6, damage=1, stat=DEADLINESS, bleed_threshold=6), armor_dice=3),
    ArenaKit(Weapon("двуручный молот", dice=4, damage=3, stat=MIGHT, drain_threshold=4), armor_dice=5),
    ArenaKit(Weapon("шипованный кнут", dice=7, damage=1, stat=DEADLINESS, bleed_threshold=7), armor_dice=2),
)


def arena_kit(c: Combatant) -> ArenaKit | None:
    """The random weapons condition's kit this champion fights with this fight, if any."""
    face = c.data.get("arena_kit")
    return RANDOM_KIT[face - 1] if isinstance(face, int) and 1 <= face <= len(RANDOM_KIT) else None


def main_weapon(c: Combatant) -> Weapon:
    kit = arena_kit(c)
    if kit is not None:
        return kit.weapon
    s = c.stats
    return Weapon(name="", dice=_int(s, "weapon_dice"), damage=_int(s, "weapon_damage", 1),
                  stat=str(s.get("weapon_stat", DEADLINESS)),
                  bleed_threshold=_int(s, "bleed_threshold"), bleed=_int(s, "bleed", 1),
                  poison_threshold=_int(s, "poison_threshold"), poison=_int(s, "poison", 1),
                  deadly_threshold=_int(s, "deadly_threshold"), drain_threshold=_int(s, "drain_threshold"),
                  drain=_int(s, "drain", 1), twin_roll=bool(c.data.get("twin_roll", False)))


#: the weapons last read off each champion, by the combatant itself (it is frozen, so the same
#: object always carries the same weapons): a round, and the odds of an attack, which compare
#: once per way the dice fall, read them again for every attack roll
_WEAPONS: dict[int, tuple[Combatant, tuple[Weapon, ...]]] = {}
_WEAPONS_KEPT = 64


def weapons(c: Combatant) -> tuple[Weapon, ...]:
    """Weapon 1 is the sheet's; more come from ``data.weapons``; under random weapons, the kit's only."""
    known = _WEAPONS.get(id(c))
    if known is not None and known[0] is c:
        return known[1]
    if arena_kit(c) is not None:
        found: tuple[Weapon, ...] = (main_weapon(c),)
    else:
        extra = tuple(decode_weapon(w, ("data", "weapons", i)) for i, w in enumerate(c.data.get("weapons", ())))
        found = (main_weapon(c), *extra)
    if len(_WEAPONS) >= _WEAPONS_KEPT:
        _WEAPONS.clear()
    _WEAPONS[id(c)] = (c, found)
    return found


def weapon(c: Combatant, number: int) -> Weapon:
    found = weapons(c)
    if not 1 <= number <= len(found):

        raise RuleError(ngettext("{name} carries {n} weapon; there is no weapon {number}",
                                 "{name} carries {n} weapons; there is no weapon {number}", len(found)).format(
            name=c.name, n=len(found), number=number), rule="TW-WEAP-1")
    return found[number - 1]


def _frozen(value: Any) -> Any:
    if isinstance(value, Mapping):
        return ("{", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    if isinstance(value, list | tuple):
        return ("[", tuple(_frozen(v) for v in value))
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple) and value[:1] == ("{",):
        return {k: _thawed(v) for k, v in value[1]}
    if isinstance(value, tuple) and value[:1] == ("[",):
        return [_thawed(v) for v in value[1]]
    return value


@lru_cache(maxsize=256)
def _decoded_perks(frozen: Any) -> tuple[Perk, ...]:
    return decode_perks(_thawed(frozen), ("data", "perks"))


def perks(c: Combatant) -> tuple[Perk, ...]:
    """The champion's perks, decoded once for each distinct list (a round asks for them per roll)."""
    return _decoded_perks(_frozen(list(c.data.get("perks", []))))


def usable_perks(c: Combatant, fight_data: Mapping[str, Any]) -> tuple[Perk, ...]:
    """The champion's perks, and the throw into the barrier while the magic barrier stands (TW-COND-1)."""
    own = perks(c)
    return (*own, BARRIER_THROW) if fight_data.get("condition") == "barrier" else own


def perk_sum(c: Combatant, key: str) -> int:
    return sum(int(getattr(p, key)) for p in perks(c))


def immune(c: Combatant, what: str) -> bool:
    return any(what in p.immune for p in perks(c))


def stat(c: Combatant, key: str) -> int:
    return _int(c.stats, key)


def main_stat(c: Combatant) -> int:
    """The higher of deadliness and might (TW-SIM-1, TW-MASS-1)."""
    return max(stat(c, DEADLINESS), stat(c, MIGHT))


def hp_max(combatant: Combatant) -> int | None:
    """The champion's own ОЗ (TW-WOUND-1), read alone: a champion whose weapon is not
    filled in yet still has a maximum."""
    return stat(combatant, "hp_max") or None


def wound_level(hp_max: int, hp: int) -> int:
    """TW-WOUND-1 by share of max HP lost: <=30% light, <=60% medium, <=90% heavy (0 lost: none).

    Over 90% is out of the fight and 100% AT DEATH: :func:`fate_of_loss` says which.
    """
    lost = hp_max - hp
    if lost <= 0:
        return NONE
    if lost * 10 <= hp_max * 3:
        return LIGHT
    if lost * 10 <= hp_max * 6:
        return MEDIUM
    return HEAVY


OUT = "out"
AT_DEATH = "at_death"


def fate_of_loss(hp_max: int, hp: int) -> str | None:
    """``at_death`` for 100% or more lost, ``out`` for over 90%, else None (TW-WOUND-1)."""
    lost = hp_max - hp
    if lost >= hp_max:
        return AT_DEATH
    if lost * 10 > hp_max * 9:
        return OUT
    return None


def team(c: Combatant) -> str:
    """``data.team`` when a fight has more than two teams (1x1x1), else the side (TW-MASS-1)."""
    value = c.data.get("team")
    return value if isinstance(value, str) and value else c.side


def wound(c: Combatant) -> int:
    return _int(c.data, "wound")


def exhausted(c: Combatant) -> bool:
    """Energy 0 (TW-EXH-1)."""
    return c.resources.get("energy", 1) <= 0


@datatype(frozen=True)
class Circumstances:
    """What the round does to every pool and AP: conditions (TW-COND-1) and the gods' chaos (TW-GODS-1)."""

    attack: int = 0
    defense: int = 0
    counter: int = 0
    ap: int = 0
    #: conditions apply only to champions without "ignores_conditions"; the gods' to all
    from_condition: bool = False


def penalty(c: Combatant, rounds: Iterable[Circumstances], kind: str) -> int:
    """Dice the wounds, exhaustion and the round take off a ``kind`` roll (negative adds)."""
    lost = WOUND_DICE[wound(c)] + (EXHAUSTED_DICE if exhausted(c) else 0)
    shields = any(p.ignores_conditions for p in perks(c))
    for circ in rounds:
        if circ.from_condition and shields:
            continue
        lost -= getattr(circ, kind)
    return lost


def attack_pool(c: Combatant, number: int = 1) -> int:
    """Weapon dice + the weapon's main stat + attack and weapon perks (TW-AP-1, TW-WEAP-1)."""
    w = weapon(c, number)
    return w.dice + stat(c, w.stat) + perk_sum(c, "attack_dice") + perk_sum(c, "weapon_dice")


def defense_pool(c: Combatant) -> int:
    kit = arena_kit(c)
    armor = kit.armor_dice if kit is not None else stat(c, "armor_dice")
    return armor + stat(c, "endurance") + perk_sum(c, "defense_dice")


def counter_pool(c: Combatant) -> int:
    """Weapon dice + 1d6 per deadliness + counter and weapon-base perks (TW-CTR-1)."""
    return (main_weapon(c).dice + stat(c, DEADLINESS) + perk_sum(c, "counter_dice")
            + perk_sum(c, "weapon_dice"))


def after_penalty(size: int, lost: int) -> int:
    """-Nd6 never below 0 dice (TW-POOL-1)."""
    return max(0, size - lost)


def action_points(c: Combatant, rounds: Iterable[Circumstances]) -> int:
    """2 per round (the sheet's ``ap``), heavy wound -1, exhausted -1, round changes, AP a perk took
    (``ap_loss``, the reaper's mantle); never below 0 (TW-AP-1)."""
    ap = _int(c.stats, "ap", 2) - WOUND_AP[wound(c)] - (1 if exhausted(c) else 0) - _int(c.data, "ap_loss")
    ap += sum(circ.ap for circ in rounds)
    return max(0, ap)


def successes(faces: Iterable[int], threshold: int) -> int:
    """Dice showing at least the threshold (TW-POOL-1)."""
    return sum(1 for f in faces if f >= threshold)


def threshold(enc: Encounter | Work) -> int:
    """The face a d6 of a pool needs for a success: the session's ``success_threshold``, 5 by default."""
    value = enc.settings.get("success_threshold", 5)
    return value if isinstance(value, int) and not isinstance(value, bool) else 5
