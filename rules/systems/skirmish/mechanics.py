"""The skirmish's arithmetic: plain numbers in, plain numbers out, no state.

The fight rules (``fight.py``, ``attacks.py``) decide who rolls what and
when; the numbers are decided here, one function per rule.
"""

from __future__ import annotations

import math


def lands(attack_total: int, defense_total: int, *, tie_to_defender: bool = True) -> bool:
    """SK-ATK-1, SK-TIE-1: the attack lands on a greater total; a tie goes to
    the defender unless the session says otherwise."""
    return attack_total > defense_total or (attack_total == defense_total and not tie_to_defender)


def damage_through(damage: float, def_: float) -> int:
    """SK-DMG-1: only a positive remainder of damage minus def comes off HP; a
    remainder with tenths (a worn item's def) counts whole points only [I]."""
    return max(0, math.floor(round(damage - def_, 6)))


def reroll_allowance(score: int) -> int:
    """SK-REROLL-1: once per fight for a skill or stat of 6 or more, twice for 9 or more."""
    return 2 if score >= 9 else 1 if score >= 6 else 0


def counter_cost(done: int) -> int:
    """SK-OUT-1: the first counterattack of a fight costs 2 st, each further one double."""
    return 2 * 2 ** done


def dexterity_shot_penalty(dexterity: int) -> int:
    """SK-RANGED-1: the target's dexterity ("уклон") 3-5 -1, 6-8 -2, 9+ -3 on the shot."""
    return -3 if dexterity >= 9 else -2 if dexterity >= 6 else -1 if dexterity >= 3 else 0


def stun_drop_chance(stun_chance: int) -> int:
    """SK-STUN-1: weapon drop at half the stun chance, rounded down [I]."""
    return stun_chance // 2


def percent(roll: int, chance: int) -> bool:
    """C-PCT-1: a d100 roll succeeds at or under the chance."""
    return roll <= chance


def free_move(dexterity: int, endurance: int) -> int:
    """SK-MOVE-1: (dexterity + endurance) / 2 metres a turn, rounded down, at least 0."""
    return max(0, (dexterity + endurance) // 2)


def free_left(free: int, walked: int) -> int:
    """SK-MOVE-1: the free metres of a turn still left after ``walked`` metres this turn."""
    return max(0, free - walked)


def move_cost(metres: int, free: int) -> int:
    """SK-MOVE-1: every metre past the free ones costs 1 st."""
    return max(0, metres - free)


def dash_modifier(accuracy_die: int, accuracy: int) -> int:
    """SK-MOVE-1: a dash attack rolls d20 + (d(accuracy) - accuracy) [I]."""
    return accuracy_die - accuracy


def escapes(total: int, *, threshold: int | None = None, chaser_total: int | None = None) -> bool:
    """SK-FLEE-1: alone, the total reaches the threshold; chased, it beats the
    chaser's total strictly (SK-TIE-1)."""
    if chaser_total is not None:
        return total > chaser_total
    assert threshold is not None
    return total >= threshold


def exhaustion_passes(die: int, endurance: int, penalty: int, difficulty: int) -> bool:
    """SK-EXH-1: d20 + endurance - the growing penalty reaches the difficulty."""
    return die + endurance - penalty >= difficulty
