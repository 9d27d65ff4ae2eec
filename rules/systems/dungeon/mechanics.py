"""Mechanics of the dungeon system (Подземелье Ужаса), in one namespace.

The rules live in small ``rules.dungeon_*`` modules; this one gathers their
public names so callers can write ``from rules import dungeon`` and reach
everything.  Stat creation and derived stats (DG-STAT-1, DG-DER-1) are in
``rules.systems.dungeon.sheet``.

Every function that rolls takes a dice source (``rules.core.sources``) and
returns a frozen outcome listing each die with its face, sides and purpose.
"""

from rules.systems.dungeon.attacks import (
    ATTACK_KINDS,
    BRIGHT,
    DARK,
    DIM,
    MELEE,
    RANGED,
    Circumstances,
    DamageOutcome,
    HitOutcome,
    attack_circumstances,
    damage_roll,
    hit_roll,
)
from rules.systems.dungeon.checks import (
    ADVANTAGE_CAP,
    ADVANTAGE_STEP,
    SKILLS,
    CheckOutcome,
    SaveOutcome,
    Skill,
    advantage_modifier,
    check,
    find_skill,
    saving_throw,
    skill_check,
    skill_stat,
)
from rules.systems.dungeon.common import BODY, CHARISMA, MIND, REACTION, STAT_KEYS, Die, stat_key
from rules.systems.dungeon.fatigue import (
    FATIGUE_ABILITIES,
    FatigueAbility,
    FatigueSpend,
    RallyOutcome,
    find_fatigue_ability,
    rally,
    spend_fatigue,
)
from rules.systems.dungeon.health import (
    TWISTED_ANKLE,
    HealthOutcome,
    Injury,
    Status,
    current_status,
    heal,
    injury_modifier,
    take_damage,
)
from rules.systems.dungeon.inventory import (
    ARMOR,
    ITEM,
    SMALL,
    TWO_HANDED,
    InventoryLine,
    InventoryLoad,
    Item,
    inventory_load,
)
from rules.systems.dungeon.rest import LONG, SHORT, Recovery, RestOutcome, long_rest, short_rest
from rules.systems.dungeon.turns import (
    BASE_ACTIONS,
    ENEMIES,
    PARTY,
    ActionBudget,
    Fighter,
    MovePlan,
    SideInitiative,
    TurnOrder,
    actions_per_round,
    arrange,
    move_actions_needed,
    path_cost,
    plan_move,
    shortest_cost,
    side_initiative,
    step_cost,
    turn_order,
)
from rules.core.errors import RuleError, UnknownNameError

__all__ = [
    "ADVANTAGE_CAP", "ADVANTAGE_STEP", "ARMOR", "ATTACK_KINDS", "BASE_ACTIONS", "BODY", "BRIGHT",
    "CHARISMA", "DARK", "DIM", "ENEMIES", "FATIGUE_ABILITIES", "ITEM", "LONG", "MELEE", "MIND",
    "PARTY", "RANGED", "REACTION", "SHORT", "SKILLS", "SMALL", "STAT_KEYS", "TWISTED_ANKLE",
    "TWO_HANDED",
    "ActionBudget", "CheckOutcome", "Circumstances", "DamageOutcome", "Die", "FatigueAbility",
    "FatigueSpend", "Fighter", "HealthOutcome", "HitOutcome", "Injury", "InventoryLine",
    "InventoryLoad", "Item", "MovePlan", "RallyOutcome", "Recovery", "RestOutcome", "RuleError",
    "SaveOutcome", "SideInitiative", "Skill", "Status", "TurnOrder", "UnknownNameError",
    "actions_per_round", "advantage_modifier", "arrange", "attack_circumstances", "check",
    "current_status", "damage_roll", "find_fatigue_ability", "find_skill", "heal", "hit_roll",
    "injury_modifier", "inventory_load", "long_rest", "move_actions_needed", "path_cost",
    "plan_move", "rally", "saving_throw", "short_rest", "shortest_cost", "side_initiative",
    "skill_check", "skill_stat", "spend_fatigue", "stat_key", "step_cost", "take_damage",
    "turn_order",
]
