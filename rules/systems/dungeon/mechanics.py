"""Mechanics of the dungeon system (Подземелье Ужаса), in one namespace.

The rules live in small modules beside this one; this one gathers their
public names so callers can write ``from rules import dungeon`` and reach
everything.  Each name is imported from its module on first use, so a
command that attacks never loads the rests, the checks or the inventory.
Stat creation and derived stats (DG-STAT-1, DG-DER-1) are in
``rules.systems.dungeon.sheet``.

Every function that rolls takes a dice source (``rules.dice.sources``) and
returns a frozen outcome listing each die with its face, sides and purpose."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.core.die import Die
    from rules.core.errors import RuleError, UnknownNameError
    from rules.systems.dungeon.actions import (
        ACTIONS,
        OPPOSED,
        SAVE,
        ActionTaken,
        KnockOutcome,
        ListedAction,
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
    from rules.systems.dungeon.common import BODY, CHARISMA, MIND, REACTION, STAT_KEYS, stat_key
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
    from rules.systems.dungeon.rest import LONG, REST_NAMES, SHORT, Recovery, RestOutcome, long_rest, short_rest
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

#: public name -> the module that defines it
_HOME: dict[str, str] = {
    "Die": "rules.core.die",
    "RuleError": "rules.core.errors",
    "UnknownNameError": "rules.core.errors",
    "ACTIONS": "rules.systems.dungeon.actions",
    "OPPOSED": "rules.systems.dungeon.actions",
    "SAVE": "rules.systems.dungeon.actions",
    "ListedAction": "rules.systems.dungeon.actions",
    "ActionTaken": "rules.systems.dungeon.actions",
    "KnockOutcome": "rules.systems.dungeon.actions",
    "find_action": "rules.systems.dungeon.actions",
    "knock_down": "rules.systems.dungeon.actions",
    "take_action": "rules.systems.dungeon.actions",
    "DamageOutcome": "rules.systems.dungeon.attacks",
    "HitOutcome": "rules.systems.dungeon.attacks",
    "damage_roll": "rules.systems.dungeon.attacks",
    "hit_roll": "rules.systems.dungeon.attacks",
    "ADVANTAGE_CAP": "rules.systems.dungeon.common",
    "ADVANTAGE_STEP": "rules.systems.dungeon.common",
    "SKILLS": "rules.systems.dungeon.checks",
    "CheckOutcome": "rules.systems.dungeon.checks",
    "SaveOutcome": "rules.systems.dungeon.checks",
    "Skill": "rules.systems.dungeon.checks",
    "advantage_modifier": "rules.systems.dungeon.checks",
    "check": "rules.systems.dungeon.checks",
    "find_skill": "rules.systems.dungeon.checks",
    "saving_throw": "rules.systems.dungeon.checks",
    "skill_check": "rules.systems.dungeon.checks",
    "skill_stat": "rules.systems.dungeon.checks",
    "BODY": "rules.systems.dungeon.common",
    "CHARISMA": "rules.systems.dungeon.common",
    "MIND": "rules.systems.dungeon.common",
    "REACTION": "rules.systems.dungeon.common",
    "STAT_KEYS": "rules.systems.dungeon.common",
    "stat_key": "rules.systems.dungeon.common",
    "FATIGUE_ABILITIES": "rules.systems.dungeon.fatigue",
    "FatigueAbility": "rules.systems.dungeon.fatigue",
    "FatigueSpend": "rules.systems.dungeon.fatigue",
    "RallyOutcome": "rules.systems.dungeon.fatigue",
    "find_fatigue_ability": "rules.systems.dungeon.fatigue",
    "rally": "rules.systems.dungeon.fatigue",
    "spend_fatigue": "rules.systems.dungeon.fatigue",
    "KIT_NAMES": "rules.systems.dungeon.health",
    "TWISTED_ANKLE": "rules.systems.dungeon.health",
    "HealthOutcome": "rules.systems.dungeon.health",
    "HealthProblem": "rules.systems.dungeon.health",
    "HealthSet": "rules.systems.dungeon.health",
    "Injury": "rules.systems.dungeon.health",
    "Treatment": "rules.systems.dungeon.health",
    "current_status": "rules.systems.dungeon.health",
    "heal": "rules.systems.dungeon.health",
    "health_problems": "rules.systems.dungeon.health",
    "injury_modifier": "rules.systems.dungeon.health",
    "set_health": "rules.systems.dungeon.health",
    "take_damage": "rules.systems.dungeon.health",
    "treat_injuries": "rules.systems.dungeon.health",
    "ARMOR": "rules.systems.dungeon.inventory",
    "ITEM": "rules.systems.dungeon.inventory",
    "SMALL": "rules.systems.dungeon.inventory",
    "TWO_HANDED": "rules.systems.dungeon.inventory",
    "Inventory": "rules.systems.dungeon.inventory",
    "InventoryChange": "rules.systems.dungeon.inventory",
    "InventoryLine": "rules.systems.dungeon.inventory",
    "InventoryLoad": "rules.systems.dungeon.inventory",
    "Item": "rules.systems.dungeon.inventory",
    "drop_item": "rules.systems.dungeon.inventory",
    "give_item": "rules.systems.dungeon.inventory",
    "hand_over": "rules.systems.dungeon.inventory",
    "inventory_load": "rules.systems.dungeon.inventory",
    "DEFAULT_RANGED_RANGE": "rules.systems.dungeon.positions",
    "MELEE_REACH": "rules.systems.dungeon.positions",
    "PostureChange": "rules.systems.dungeon.positions",
    "PushOutcome": "rules.systems.dungeon.positions",
    "RangeCheck": "rules.systems.dungeon.positions",
    "drop_prone": "rules.systems.dungeon.positions",
    "push": "rules.systems.dungeon.positions",
    "range_check": "rules.systems.dungeon.positions",
    "require_in_range": "rules.systems.dungeon.positions",
    "stand_up": "rules.systems.dungeon.positions",
    "weapon_reach": "rules.systems.dungeon.positions",
    "LONG": "rules.systems.dungeon.rest",
    "REST_NAMES": "rules.systems.dungeon.rest",
    "SHORT": "rules.systems.dungeon.rest",
    "Recovery": "rules.systems.dungeon.rest",
    "RestOutcome": "rules.systems.dungeon.rest",
    "long_rest": "rules.systems.dungeon.rest",
    "short_rest": "rules.systems.dungeon.rest",
    "ATTACK_KINDS": "rules.systems.dungeon.situations",
    "BRIGHT": "rules.systems.dungeon.situations",
    "DARK": "rules.systems.dungeon.situations",
    "DIM": "rules.systems.dungeon.situations",
    "MELEE": "rules.systems.dungeon.situations",
    "RANGED": "rules.systems.dungeon.situations",
    "HitModifiers": "rules.systems.dungeon.situations",
    "Situation": "rules.systems.dungeon.situations",
    "Term": "rules.systems.dungeon.situations",
    "hit_modifiers": "rules.systems.dungeon.situations",
    "require_fatigue_advantage_counts": "rules.systems.dungeon.situations",
    "situation_from_words": "rules.systems.dungeon.situations",
    "situation_terms": "rules.systems.dungeon.situations",
    "BASE_ACTIONS": "rules.systems.dungeon.turns",
    "ENEMIES": "rules.systems.dungeon.turns",
    "PARTY": "rules.systems.dungeon.turns",
    "ActionBudget": "rules.systems.dungeon.turns",
    "Fighter": "rules.systems.dungeon.turns",
    "MovePlan": "rules.systems.dungeon.turns",
    "PartyOrder": "rules.systems.dungeon.turns",
    "SideInitiative": "rules.systems.dungeon.turns",
    "TurnOrder": "rules.systems.dungeon.turns",
    "actions_per_round": "rules.systems.dungeon.turns",
    "agreed_party_order": "rules.systems.dungeon.turns",
    "arrange": "rules.systems.dungeon.turns",
    "move_actions_needed": "rules.systems.dungeon.turns",
    "path_cost": "rules.systems.dungeon.turns",
    "plan_move": "rules.systems.dungeon.turns",
    "shortest_cost": "rules.systems.dungeon.turns",
    "side_initiative": "rules.systems.dungeon.turns",
    "step_cost": "rules.systems.dungeon.turns",
    "turn_order": "rules.systems.dungeon.turns",
    "with_party_order": "rules.systems.dungeon.turns",
}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    try:
        module = _HOME[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
