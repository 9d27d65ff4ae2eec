"""The dungeon's actions (DG-ACT-2) and the knock-down (DG-KNOCK-1).

Each listed action costs one of the round's two actions (DG-ACT-1); minor
actions (a short shout, fixing a hat) cost nothing and are not tracked.
The list is data, so a command or the prompt can offer it by name in
Russian or English.
"""

from __future__ import annotations

from rules.core.die import Die, roll
from rules.core.errors import RuleError
from rules.core.names import Names
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.i18n import N_, _
from rules.systems.dungeon.checks import CHECK_DIE, SAVE_DIE
from rules.systems.dungeon.turns import ActionBudget


@datatype(frozen=True, slots=True)
class ListedAction:
    """One action of the list a character may take in a turn (DG-ACT-2)."""

    key: str
    name_ru: str
    name_en: str
    #: other spellings a master may type
    aliases: tuple[str, ...] = ()
    #: the rule that resolves it, when it is more than spending the action
    rule: str = "DG-ACT-2"
    cost: int = 1


#: the seed's list of actions, in its order
ACTIONS = (
    ListedAction("attack", "атака", N_("attack"), ("атаковать",), "DG-HIT-1"),
    ListedAction("ability", "способность", N_("ability"), ("использовать способность", "использование способности")),
    ListedAction("spell", "заклинание", N_("spell"), ("колдовать",)),
    ListedAction("move", "перемещение", N_("move"), ("идти", "движение"), "DG-MOVE-1"),
    ListedAction("drop_prone", "упасть ничком", N_("drop prone"), ("лечь", "упасть", "prone"), "DG-PRONE-1"),
    ListedAction("stand_up", "встать на ноги", N_("stand up"), ("встать", "подняться"), "DG-PRONE-1"),
    ListedAction("knock_down", "сбить с ног", N_("knock down"), ("сбить",), "DG-KNOCK-1"),
    ListedAction("push", "толкнуть", N_("push"), ("оттолкнуть", "толчок")),
    ListedAction("draw_weapon", "вытащить оружие", N_("draw weapon"), ("достать оружие", "draw")),
    ListedAction("stow_weapon", "спрятать оружие", N_("stow weapon"), ("убрать оружие", "stow")),
    ListedAction("take_item", "вытащить из инвентаря", N_("take item"),
           ("вытащить что-то из инвентаря", "достать предмет", "достать из инвентаря",
            "take from inventory")),
    ListedAction("pull_lever", "потянуть рычаг", N_("pull lever"), ("потянуть за рычаг", "рычаг", "lever")),
    ListedAction("use_item", "использовать предмет", N_("use item"), ("предмет в руке", "use held item")),
    ListedAction("reload", "перезарядить", N_("reload"), ("перезарядить оружие", "перезарядка")),
)

_BY_KEY = {action.key: action for action in ACTIONS}
ACTION_NAMES = Names(
    "action", {a.key: (a.key, a.name_ru, a.name_en, *a.aliases) for a in ACTIONS}
)


def find_action(name: str) -> ListedAction:
    """``"сбить с ног"``, ``"knock down"``, ``"knock_down"`` -> the action."""
    return _BY_KEY[ACTION_NAMES.key(name)]


@datatype(frozen=True, slots=True)
class ActionTaken:
    """An action spent: the turn's budget before and after, and any dice it rolled."""

    action: ListedAction
    budget_before: ActionBudget
    budget_after: ActionBudget
    dice: tuple = ()


def take_action(budget: ActionBudget, name: str) -> ActionTaken:
    """Spend one action of the round on ``name`` (any DG-ACT-2 action).

    A move uses the free move bought with fatigue first, like
    ``ActionBudget.spend_move``; everything else costs an action.
    Refused (RuleError) when no action is left.
    """
    action = find_action(name)
    after = budget.spend_move() if action.key == "move" else budget.spend(action.cost)
    return ActionTaken(action, budget, after)


# --- DG-KNOCK-1 ------------------------------------------------------------

OPPOSED = "opposed"
SAVE = "save"
KNOCK_RESISTANCE = (OPPOSED, SAVE)


@datatype(frozen=True, slots=True)
class KnockOutcome:
    """A knock-down attempt: the dice, the totals and whether the target fell."""

    resist: str
    #: the attacker's d20 (opposed only)
    attacker_die: Die | None
    #: the target's d20 (opposed) or d10 save
    target_die: Die
    attacker_total: int | None
    #: the target's d20 + ТЕЛО (opposed), or the highest face that saves
    target_total: int
    knocked_down: bool
    #: the target is prone after it (DG-PRONE-1)
    target_prone: bool
    actions: int = 1

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(d for d in (self.attacker_die, self.target_die) if d is not None)


def knock_down(
    source: DiceSource,
    attacker_body: int,
    target_body: int,
    *,
    target_prone: bool = False,
    resist: str = OPPOSED,
    attacker_bonus: int = 0,
    target_bonus: int = 0,
) -> KnockOutcome:
    """Knock an enemy down (DG-KNOCK-1): one action.

    ``opposed`` (the seed's action list): the attacker's d20 + ТЕЛО against
    the target's d20 + ТЕЛО, the attacker's die drawn first; the attacker
    must beat the target, a tie keeps the target standing [I].  Natural 1
    and 20 decide nothing here [I]: the totals are compared.

    ``save`` (the master's choice, from the saving-throw text "пытаются
    сбить с ног"): the target rolls 1d10 <= ТЕЛО + ``target_bonus`` to stay
    standing; no attacker die.

    A target already lying is refused: there is nothing to knock down.
    """
    if resist not in KNOCK_RESISTANCE:
        raise ValueError(_("a knock-down is resisted {opposed!r} or by a {save!r}, not {resist!r}").format(
            opposed=OPPOSED, save=SAVE, resist=resist))
    if target_prone:
        raise RuleError(_("the target is already prone"), rule="DG-KNOCK-1")
    if resist == SAVE:
        die = roll(source, SAVE_DIE, "knock_save")
        target = target_body + target_bonus
        fell = die.face > target
        return KnockOutcome(SAVE, None, die, None, target, fell, fell)
    mine = roll(source, CHECK_DIE, "knock_attacker")
    theirs = roll(source, CHECK_DIE, "knock_target")
    attacker_total = mine.face + attacker_body + attacker_bonus
    target_total = theirs.face + target_body + target_bonus
    fell = attacker_total > target_total
    return KnockOutcome(OPPOSED, mine, theirs, attacker_total, target_total, fell, fell)
