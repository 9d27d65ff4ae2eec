"""Legend, a champion's renown (TW-LEG-1): ``legend`` unspent and ``legend_total`` ever earned.

The winners of a decided fight are paid the session's ``win_legend`` (100 by
default): in full, half for a draw or for a verdict against the crowd.  Every
200 legend earned gives a free point.  The master changes legend by hand with
the ``legend`` action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import Encounter, find
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.twilight import stages as st

if TYPE_CHECKING:
    from rules.systems.twilight.rules import Twilight


def give(work: Work, name: str, amount: int) -> None:
    """``amount`` more legend, unspent and in the total ever earned."""
    c = work.get(name)
    unspent, total = c.resources.get("legend", 0) + amount, c.resources.get("legend_total", 0) + amount
    c = c.with_resource("legend", unspent).with_resource("legend_total", total)
    work.put(c)
    work.tell("legend", about=[name], name=name, change=amount, unspent=unspent, total=total,
              free_points=st.free_points(total))


def reward(work: Work, names: list[str], share: float) -> None:
    """The winners' ``share`` of the session's ``win_legend`` (100 unless set) to each of ``names``."""
    agreed = work.settings.get("win_legend", 100)
    amount = int(int(agreed if isinstance(agreed, int) else 100) * share)
    for name in names:
        give(work, name, amount)


def legend(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str, move: str,
           amount: int | None = None) -> Outcome:
    """Legend by hand: rewards, spending, refusals (-50, not below 0), looting an ally (-100) (TW-LEG-1)."""
    work = rules.work(enc)
    who = find(enc, name)
    c = work.get(who)
    unspent, total = c.resources.get("legend", 0), c.resources.get("legend_total", 0)
    if move in ("award", "spend") and not amount:
        raise ValueError(_("legend {move}: give the AMOUNT").format(move=move))
    if move == "award":
        give(work, who, int(amount or 0))
        return work.outcome({"kind": "legend", "name": who, "move": move})
    if move == "spend":
        if (amount or 0) > unspent:
            raise RuleError(_("{name} has {unspent} unspent legend; cannot spend {amount}").format(
                name=who, unspent=unspent, amount=amount), rule="TW-LEG-1")
        change = -int(amount or 0)
    else:
        change = -min(unspent, 50 if move == "refuse" else 100)
    work.put(c.with_resource("legend", unspent + change))
    work.tell("legend", about=[who], name=who, change=change, unspent=unspent + change, total=total,
              free_points=st.free_points(total), why=move)
    return work.outcome({"kind": "legend", "name": who, "move": move})
