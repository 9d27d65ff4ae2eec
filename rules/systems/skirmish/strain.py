"""SK-EXH-1: what happens when MP or st run out, without the master keeping count.

Every action that spends MP or st (a spell, a counterattack, a dash, extra
metres) pays through :func:`spend`:

- the pool covers the cost: it is paid; when that empties the pool, the
  endurance check follows at once (d20 + endurance against the session's
  difficulty);
- the pool falls short: unless the check for this pool was already passed, it
  comes first, and a failure faints the character and nothing is paid; then
  the pool gives what it has and HP pay the rest, 1 for 1 [I], and the check
  is made again, harder by 1 for every earlier check of the fight.

A failed check faints the character for the session's ``faint_turns`` (the
master's pick in the seed; ``exhaust --turns`` sets it by hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.common import put_effect, require_fight
from rules.core.effects import TURNS, Duration, EffectSpec
from rules.core.outcome import Damage, Work
from rules.core.state import OK
from rules.dice.datatypes import datatype
from rules.dice.sources import DiceSource
from rules.systems.skirmish import fightdata
from rules.systems.skirmish import mechanics as sk
from rules.systems.skirmish.fight import resolve_modifier, resource, value
from rules.systems.skirmish.presets import FAINTED

if TYPE_CHECKING:
    from rules.systems.skirmish.rules import Skirmish


def fainted(turns: int) -> EffectSpec:
    return EffectSpec(FAINTED, skip_turn=True, duration=Duration(TURNS, max(1, turns)))


@datatype(frozen=True)
class Spent:
    """What one spend of MP or st took: from the pool and from HP, and whether it happened."""

    pool: str
    cost: int
    before: int
    after: int
    hp: int = 0
    #: False when the check before it failed: the character fainted and spent nothing
    done: bool = True


def give_effect(rules: Skirmish, work: Work, name: str, spec: EffectSpec) -> None:
    """Add an effect through the shared effect rules (stacking included), inside this work."""
    put_effect(work, name, spec, resolve_modifier)


def endurance_check(rules: Skirmish, work: Work, source: DiceSource, who: str, turns: int | None = None) -> bool:
    """SK-EXH-1: d20 + endurance - 1 for every earlier check of this fight, against
    the session's difficulty; a failure faints ``who``."""
    fight = require_fight(work)
    if turns is None:
        turns = int(work.settings.get("faint_turns", 1))
    penalty = fightdata.count(fight, "strain", who)
    endurance = value(work.get(who), "endurance", work.settings)
    die = work.roll(source, 20, "exhaustion").face
    difficulty = int(work.settings.get("exhaustion_difficulty", 10))
    passed = sk.exhaustion_passes(die, endurance, penalty, difficulty)
    work.fight = fightdata.bump(fight, "strain", who)
    work.tell("exhaustion", about=[who], name=who, die=die, endurance=endurance, penalty=penalty,
              total=die + endurance - penalty, difficulty=difficulty, passed=passed, turns=turns)
    if not passed:
        give_effect(rules, work, who, fainted(turns))
    return passed


def spend(rules: Skirmish, work: Work, source: DiceSource, who: str, pool: str, cost: int) -> Spent:
    """Pay ``cost`` of ``pool`` (mp or st), with HP once the pool is out (SK-EXH-1)."""
    c = work.get(who)
    have = resource(c, pool)
    fight = require_fight(work)
    drained = pool in fightdata.get(fight, "drained", {}).get(who, [])
    if cost <= have:
        work.put(c.with_resource(pool, have - cost))
        if cost and have - cost == 0:
            # the pool ran out: the check now, so the next spend knows whether HP may pay
            _drained(work, who, pool)
            endurance_check(rules, work, source, who)
        return Spent(pool, cost, have, have - cost)
    if not drained:
        _drained(work, who, pool)
        if not endurance_check(rules, work, source, who):
            return Spent(pool, cost, have, have, done=False)
    work.put(work.get(who).with_resource(pool, 0))
    owed = cost - have
    change = rules.hurt(work, who, Damage(owed, kind="strain", source=pool))
    work.tell("paid_with_hp", about=[who], name=who, points=owed, pool=pool, hp_before=change.hp_before,
              hp_after=change.hp_after, status_before=change.status_before, status_after=change.status_after)
    if change.status_after == OK:
        # after each spend paid with HP the check comes again, harder each time
        endurance_check(rules, work, source, who)
    return Spent(pool, cost, have, 0, hp=owed)


def _drained(work: Work, who: str, pool: str) -> None:
    fight = require_fight(work)
    table = {k: list(v) for k, v in fightdata.get(fight, "drained", {}).items()}
    pools = table.setdefault(who, [])
    if pool not in pools:
        pools.append(pool)
    work.fight = fightdata.put(fight, "drained", table)


__all__ = ["FAINTED", "Spent", "endurance_check", "fainted", "give_effect", "spend"]
