"""The chance-based sign powers that take a monster from its side (TT-SIGN-1, TT-SIGN-2):
Весы lure a monster they hit in melee and may steal an item, Рак controls a monster's turn.

Each is a d100 against the chance of the sign level (C-PCT-1), rolled after the
dice of the attack that calls it; the powers that add damage are in ``weapons.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core.errors import RuleError
from rules.core.state import DEAD, Combatant, find
from rules.dice.datatypes import replace
from rules.i18n import _
from rules.systems.terra import health, weapons
from rules.systems.terra.grid import distance
from rules.systems.terra.positions import cell_of
from rules.systems.terra.reading import by_level as _by_level
from rules.systems.terra.reading import int_stat as _int

if TYPE_CHECKING:
    from rules.core.outcome import Outcome, Work
    from rules.core.state import Encounter
    from rules.dice.sources import DiceSource
    from rules.systems.terra.rules import Terra

#: "20% шанс, что монстр перейдет на сторону персонажа"; L5 40%; L10 60%
LIBRA_LURE = {1: 20, 5: 40, 10: 60}
#: "Шанс кражи предмета до 30%" at L5, 40% at L10
LIBRA_THEFT = {5: 30, 10: 40}
#: "20% шанс, что монстр ... стоящий в радиусе 1 от персонажа попадет под контроль"
CANCER_CONTROL = {1: 20}


def summonable(c: Combatant) -> bool:
    """A monster not marked as one that cannot be summoned ("если не указано, что он не призываемый")."""
    return health.is_monster(c) and not c.stats.get("unsummonable", False)


def _roll(work: Work, source: DiceSource, name: str, sign: str, power: str, chance: int) -> bool:
    die = work.roll(source, 100, f"{sign}_{power}")
    success = die.face <= chance
    work.tell("sign_power", about=[name], name=name, sign=sign, power=power, chance=chance, die=die.face,
              success=success)
    return success


def libra(rules: Terra, work: Work, source: DiceSource, attacker: str, target: str, between: int | None,
          event: dict[str, Any], *, melee: bool = False) -> None:
    """Весы (TT-SIGN-2): a melee attack on a summonable monster of lower level that survives it lures it to
    the attacker's side for the rest of the fight on d100 <= 20/40/60; from level 5 an item is stolen on
    d100 <= 30/40 [I] (the same melee attack on a monster)."""
    c, t = work.get(attacker), work.get(target)
    if work.fight is None or c.stats.get("zodiac") != "libra" or not health.is_monster(t) or t.status == DEAD:
        return
    if between is not None:
        melee = between <= 1
    elif not melee:
        reach = weapons.reach_of(c)
        melee = not reach.orb and reach.nearest == 0 and reach.farthest == 1
    if not melee or t.side == c.side:
        return
    level = _int(c, "sign_level", 1)
    lower = _int(t, "level", 1) < _int(c, "level", 1)
    if summonable(t) and lower and _roll(work, source, attacker, "libra", "lure", _by_level(LIBRA_LURE, level)):
        work.put(replace(t, side=c.side, data={**t.data, "lured": t.data.get("lured", t.side)}))
        event["lured"] = target
    theft = _by_level(LIBRA_THEFT, level)
    if theft and _roll(work, source, attacker, "libra", "theft", theft):
        event["stole"] = True


def control(rules: Terra, enc: Encounter, source: DiceSource, name: str, target: str) -> Outcome:
    """Рак (TT-SIGN-2): on a summonable monster's turn within radius 1, d100 <= 20 puts its turn under
    the character's control; once a turn."""
    work = rules.work(enc)
    name, target = find(enc, name), find(enc, target)
    c, t = work.get(name), work.get(target)
    fight = work.fight
    if fight is None or fight.turn is None or fight.turn.actor != target:
        raise RuleError(_("Рак takes a monster on the monster's own turn: {target} does not act now").format(
            target=target), rule="TT-SIGN-2")
    if c.stats.get("zodiac") != "cancer":
        raise RuleError(_("{name} is not Рак: only Рак controls monsters by its aura").format(name=name),
                        rule="TT-SIGN-2")
    if rules.cannot_act(c) is not None:
        raise RuleError(_("{name} cannot use its aura: it {reason}").format(name=name, reason=rules.cannot_act(c)),
                        rule="TT-SIGN-2")
    if not summonable(t) or t.side == c.side:
        raise RuleError(_("{target} is not an enemy monster that can be summoned").format(target=target),
                        rule="TT-SIGN-2")
    here, there = cell_of(c), cell_of(t)
    if here is not None and there is not None and distance(here, there) > 1:
        raise RuleError(_("{target} is {d} cells away; Рак takes a monster within radius 1").format(
            target=target, d=distance(here, there)), rule="TT-SIGN-2")
    if "controlled" in fight.turn.data:
        raise RuleError(_("{target}'s turn has had its control roll").format(target=target), rule="TT-SIGN-2")
    success = _roll(work, source, name, "cancer", "control", _by_level(CANCER_CONTROL, _int(c, "sign_level", 1)))
    turn = replace(fight.turn, data={**fight.turn.data, "controlled": name if success else ""})
    work.fight = replace(fight, turn=turn)
    return work.outcome({"kind": "control", "actor": name, "target": target, "success": success},
                        hidden=c.hidden)
