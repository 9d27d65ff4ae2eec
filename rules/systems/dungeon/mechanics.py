"""Mechanics of the dungeon system (Подземелье Ужаса), in one namespace.

The rules live in small modules beside this one; this one gathers their
public names so callers can write ``from rules import dungeon`` and reach
everything.  Stat creation and derived stats (DG-STAT-1, DG-DER-1) are in
``rules.systems.dungeon.sheet``.

Every function that rolls takes a dice source (``rules.core.sources``) and
returns a frozen outcome listing each die with its face, sides and purpose.
"""

from rules.core.errors import RuleError, UnknownNameError
from rules.systems.dungeon.actions import (
    ACTIONS,
    OPPOSED,
    SAVE,
    Action,
    ActionTaken,
    KnockOutcome,
    find_action,
    knock_down,
    take_action,
)
from rules.systems.dungeon.attacks import DamageOutcome, HitOutcome, damage_roll, hit_roll
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
    KIT_NAMES,
    TWISTED_ANKLE,
    HealthOutcome,
    HealthProblem,
    HealthSet,
    Injury,
    Status,
    Treatment,
    current_status,
    heal,
    health_problems,
    injury_modifier,
    set_health,
    take_damage,
    treat_injuries,
)
from rules.systems.dungeon.inventory import (
    ARMOR,
    ITEM,
    SMALL,
    TWO_HANDED,
    Inventory,
    InventoryChange,
    InventoryLine,
    InventoryLoad,
    Item,
    drop_item,
    give_item,
    hand_over,
    inventory_load,
)
from rules.systems.dungeon.positions import (
    DEFAULT_RANGED_RANGE,
    MELEE_REACH,
    PostureChange,
    PushOutcome,
    RangeCheck,
    drop_prone,
    push,
    range_check,
    require_in_range,
    stand_up,
    weapon_reach,
)
from rules.systems.dungeon.rest import LONG, SHORT, Recovery, RestOutcome, long_rest, short_rest
from rules.systems.dungeon.situations import (
    ATTACK_KINDS,
    BRIGHT,
    DARK,
    DIM,
    MELEE,
    RANGED,
    HitModifiers,
    Situation,
    Term,
    hit_modifiers,
    require_fatigue_advantage_counts,
    situation_from_words,
    situation_terms,
)
from rules.systems.dungeon.turns import (
    BASE_ACTIONS,
    ENEMIES,
    PARTY,
    ActionBudget,
    Fighter,
    MovePlan,
    PartyOrder,
    SideInitiative,
    TurnOrder,
    actions_per_round,
    agreed_party_order,
    arrange,
    move_actions_needed,
    path_cost,
    plan_move,
    shortest_cost,
    side_initiative,
    step_cost,
    turn_order,
    with_party_order,
)

#: every name imported above is public: this module is the dungeon's one namespace
__all__ = sorted(name for name in dict(globals()) if not name.startswith("_"))
