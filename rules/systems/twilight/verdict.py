"""How a twilight fight is decided: a side left alone, the choice, a surrender (TW-STAGE-1, TW-CHOICE-1).

When one side is left standing, the last of the living losers to fall gets the
choice: the winners execute or spare it (TW-MASS-5); with none alive the fight
is over and the winners are paid.  With nobody standing, the survivors of
one side win, of several sides draw for half (TW-SIM-1, TW-MASS-6).  A champion
may surrender at any moment (TW-SURR-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import rounds
from rules.core.common import require_fight
from rules.core.errors import RuleError
from rules.core.outcome import Outcome, Work
from rules.core.state import DEAD, OK, Encounter, find
from rules.dice.datatypes import replace
from rules.dice.sources import DiceSource
from rules.i18n import _
from rules.systems.twilight import champion as ch
from rules.systems.twilight import stages as st
from rules.systems.twilight.legend import reward
from rules.systems.twilight.messages import word
from rules.systems.twilight.resolve import DYING, OUT

if TYPE_CHECKING:
    from rules.systems.twilight.rules import Twilight


def decide(work: Work) -> bool:
    """Whether a side is left alone: then the choice or the end (TW-STAGE-1, TW-SIM-1, TW-MASS-5/6)."""
    fight = require_fight(work)
    teams = list(dict.fromkeys(ch.team(c) for c in work.combatants.values()))
    up = {team: [c.name for c in work.combatants.values() if ch.team(c) == team and c.status == OK]
          for team in teams}
    standing = [team for team in teams if up[team]]
    if len(standing) > 1:
        return False
    data = dict(fight.data)
    if standing:
        winners = up[standing[0]]
        losers = [c.name for c in work.combatants.values() if ch.team(c) != standing[0]]
        fell = list(data.get("fallen", []))
        alive = sorted((n for n in losers if work.get(n).status in (OUT, DYING)),
                       key=lambda n: fell.index(n) if n in fell else -1)
        data["winners"] = winners
        if alive:
            data["loser"] = alive[-1]  # the last to fall gets the choice (TW-MASS-5)
            work.fight = replace(fight, stage=st.CHOICE, data=data)
            work.tell("stage", stage=st.CHOICE, winners=winners, loser=alive[-1])
            return True
        work.fight = replace(fight, stage=st.OVER, data=data)
        work.tell("decided_twilight", winners=winners, draw=False)
        reward(work, winners, 1.0)
        return True
    survivors = [c.name for c in work.combatants.values() if c.status in (OUT, DYING)]
    sides = {ch.team(work.get(n)) for n in survivors}
    if len(sides) == 1:
        data["winners"] = survivors
        work.fight = replace(fight, stage=st.OVER, data=data)
        work.tell("decided_twilight", winners=survivors, draw=False)
        reward(work, survivors, 1.0)
        return True
    data["winners"] = []
    data["draw"] = bool(survivors)
    work.fight = replace(fight, stage=st.OVER, data=data)
    work.tell("decided_twilight", winners=survivors, draw=bool(survivors))
    if survivors:
        reward(work, survivors, 0.5)  # a draw halves the reward (TW-SIM-1, TW-LEG-1)
    return True


def verdict(rules: Twilight, enc: Encounter, source: DiceSource | None, choice: str,
            crowd: str | None = None) -> Outcome:
    """Execution or mercy (TW-CHOICE-1); two losses in a row cannot be spared (TW-LEG-1)."""
    work = rules.work(enc)
    fight = require_fight(work)
    if fight.stage != st.CHOICE:
        raise RuleError(_("no choice to make: the fight is in its {stage} stage").format(stage=word(fight.stage)),
                        rule="TW-CHOICE-1")
    loser = str(fight.data["loser"])
    winners = [str(n) for n in fight.data.get("winners", [])]
    c = work.get(loser)
    losses = int(c.data.get("losses", 0))
    if choice == "spare" and losses >= 1:
        raise RuleError(_("{name} lost twice in a row and cannot be spared").format(name=loser), rule="TW-LEG-1")
    work.tell("verdict", about=[loser], name=loser, choice=choice, crowd=crowd, winners=winners)
    status = DEAD if choice == "execute" else OUT
    work.put(replace(c, status=status, data={**c.data, "losses": losses + 1}))
    share = 0.5 if crowd is not None and crowd != choice else 1.0  # against the crowd: -50% (TW-LEG-1)
    reward(work, winners, share)
    for name in winners:
        w = work.get(name)
        work.put(replace(w, data={k: v for k, v in w.data.items() if k != "losses"}))
    work.fight = replace(fight, stage=st.OVER)
    return work.outcome({"kind": "verdict", "loser": loser, "choice": choice})


def surrender(rules: Twilight, enc: Encounter, source: DiceSource | None, name: str) -> Outcome:
    """Half the unspent legend lost (rounded down), out of the fight, the choice follows (TW-SURR-1)."""
    work = rules.work(enc)
    fight = require_fight(work)
    who = find(enc, name)
    c = work.get(who)
    if fight.stage in (st.CHOICE, st.OVER) or c.status != OK:
        raise RuleError(_("{name} cannot surrender now").format(name=who), rule="TW-SURR-1")
    lost = c.resources.get("legend", 0) // 2
    work.put(replace(c.with_resource("legend", c.resources.get("legend", 0) - lost), status=OUT))
    work.tell("surrendered", about=[who], name=who, lost=lost)
    declared = rounds.pending(fight)
    declared.pop(who, None)
    data = {k: v for k, v in fight.data.items() if k != rounds.DECLARED}
    data["fallen"] = [*data.get("fallen", []), who]
    if declared:
        data[rounds.DECLARED] = declared
    work.fight = replace(fight, data=data)
    decide(work)
    return work.outcome({"kind": "surrender", "name": who, "lost": lost})
