"""Twilight's words for what a champion declares and for the arena's conditions.

Kept apart from the fight rules so that the catalogue (``catalogue.py``) and the
fight rules share them without the command line loading the rules.
"""

from __future__ import annotations

#: what a roll of a declaration is (TW-DECL-1)
ATTACK_KIND, DEFEND, COUNTER, SPECIAL = "attack", "defend", "counter", "special"
# a fallen legend's help under the gods (TW-GODS-1, 6-8): its attack, or its shield
PHANTOM, GUARD = "phantom", "shield"

#: the special conditions after the first circle (TW-COND-1)
NONE, RAIN, STORM, RANDOM, BARRIER = "none", "rain", "storm", "random", "barrier"
CONDITIONS = (NONE, RAIN, STORM, RANDOM, BARRIER)
