"""Who may act in a dungeon fight now, and what that turn has left.

Only the character whose turn it is acts, and only while ok (DG-INIT-1,
DG-DEATH-1).  The turn's actions, the extra action and the free move bought
with fatigue (DG-ACT-1, DG-FAT-1) are kept on the shared turn state and read
back as ``rules.systems.dungeon.mechanics``'s action budget; ``fight`` and
``manoeuvres`` spend it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.common import require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Work
from rules.core.state import OK, TurnState
from rules.dice.datatypes import replace
from rules.i18n import N_, _
from rules.systems.dungeon import fightdata
from rules.systems.dungeon import mechanics as dg

#: why someone who is not "ok" cannot act, by status (DG-DEATH-1)
_CANNOT_ACT = {"unconscious": N_("{name} is unconscious and cannot act"),
               "dead": N_("{name} is dead and cannot act")}


def say_turn(work: Work) -> None:
    assert work.fight is not None and work.fight.turn is not None
    turn = work.fight.turn
    work.tell("turn", about=[turn.actor], name=turn.actor, actions=turn.remaining)


def turn_of(work: Work, name: str) -> TurnState:
    """The turn of ``name``, who must be the one acting now (DG-INIT-1)."""
    fight = require_fight(work)
    if fight.turn is None or name != fight.current:
        raise RuleError(
            _("it is {current}'s turn; in a dungeon fight only the character whose turn it is acts, and turns "
              "cannot be delayed").format(
                current=fight.current),
            rule="DG-INIT-1",
        )
    if work.get(name).status != OK:
        raise RuleError(_(_CANNOT_ACT[work.get(name).status]).format(name=name), rule="DG-DEATH-1")
    return fight.turn


def budget_of(turn: TurnState) -> dg.ActionBudget:
    extra_move = "extra_move" in turn.used
    return dg.ActionBudget(
        spent=turn.spent,
        extra_action="extra_action" in turn.used,
        extra_move=extra_move,
        free_move_used=extra_move and fightdata.free_moves(turn) == 0,
    )


def set_turn(work: Work, turn: TurnState, budget: dg.ActionBudget, used: Sequence[str]) -> TurnState:
    new = replace(
        turn, actions=budget.actions, spent=budget.spent, used=tuple(used),
        data=fightdata.with_free_moves(turn, int(budget.free_move_left)),
    )
    assert work.fight is not None
    work.fight = replace(work.fight, turn=new)
    return new


__all__ = ["budget_of", "say_turn", "set_turn", "turn_of"]
