"""How terra's combatants fight in a simulation (``ttcli fight simulate``), as data.

The acting combatant picks a foe by its tactic (by default the nearest on the grid), walks
toward a free cell next to it by the shortest way (TT-RADIUS-1, 1 AP a cell within speed,
TT-AP-1), keeping the 3 AP of its weapon Attack when the walk ends within reach, and then
attacks with its weapon (TT-CRIT-1, the defenses, HP and SP).  Techniques, items and the
ГК 4 choice are the master's; states of the rhesus rule (Rage, Panic ...) are the rules'
own: what they forbid is refused and the turn ends.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules.core.state import DEAD, Combatant, Encounter
from rules.core.tactics import FIRST, NEAREST, WEAKEST, Move, Tactic, Tactics, pick_target
from rules.i18n import N_
from rules.systems.terra.fight import ATTACK_AP, TURN_AP
from rules.systems.terra.grid import Cell, distance, shortest_paths
from rules.systems.terra.positions import cell_of
from rules.systems.terra.weapons import reach_of

_AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


def _int(c: Combatant, key: str, default: int) -> int:
    value = c.stats.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _approach(enc: Encounter, me: Combatant, here: Cell, there: Cell, farthest: int) -> tuple[Cell, ...] | None:
    """The shortest way from ``here`` to a free cell within ``farthest`` of ``there``."""
    blocked = {cell for c in enc if c.name != me.name and c.status != DEAD and (cell := cell_of(c)) is not None}
    goals = sorted({(there[0] + dx, there[1] + dy) for dx, dy in _AROUND} - blocked,
                   key=lambda cell: distance(here, cell))
    best: tuple[Cell, ...] | None = None
    near = [goal for goal in goals[:4] if distance(goal, there) <= max(farthest, 1)]
    paths = shortest_paths(here, near, blocked, 10_000)
    for goal in near:
        path = paths[goal]
        if path is not None and (best is None or len(path) < len(best)):
            best = path
    return best


def choices(rules: Any, enc: Encounter, name: str, tactics: Mapping[str, Tactic]) -> Iterator[Move]:
    fight = enc.fight
    turn = fight.turn if fight is not None else None
    if turn is not None and turn.actor == name and "attack" in turn.used:
        return  # one combat action a turn (TT-AP-2): the turn ends
    me = enc.get(name)
    if not rules.status(me).can_act:
        return
    here = cell_of(me)
    foes = [c for c in enc if c.side != me.side and rules.status(c).standing]
    tactic = tactics[name]

    def far(c: Combatant) -> int:
        there = cell_of(c)
        return distance(here, there) if here is not None and there is not None else 0

    reach = reach_of(me)
    farthest = reach.farthest if reach.farthest is not None else 10**6
    for target in pick_target(foes, tactic.target, far)[:2]:
        there = cell_of(enc.get(target))
        if here is None or there is None or reach.nearest <= distance(here, there) <= farthest:
            yield Move("attack", {"attacker": name, "target": target})
            continue
        if not tactic.close_in or distance(here, there) < reach.nearest:
            continue
        path = _approach(enc, me, here, there, farthest)
        if not path:
            continue
        # a turn not claimed yet (an open group place) has its full AP ahead
        left = turn.remaining if turn is not None and turn.actor == name else TURN_AP
        moved = int(turn.data.get("moved", 0)) if turn is not None and turn.actor == name else 0
        room = min(left, _int(me, "speed", 6) - moved)
        # the whole way when the Attack's AP are left after it, else as far as the turn goes
        steps = len(path) if len(path) <= room - ATTACK_AP else min(len(path), room)
        if steps <= 0:
            continue
        yield Move("move", {"name": name, "path": " ".join(f"{x},{y}" for x, y in path[:steps])})


TACTICS = Tactics(
    tactics={
        "nearest": Tactic("nearest", N_("Walk to the nearest foe and attack it with the weapon."), target=NEAREST),
        "focus": Tactic("focus", N_("Walk to the foe with the least HP left and attack it."), target=WEAKEST),
        "first": Tactic("first", N_("Walk to the first foe of the roster and attack it."), target=FIRST),
        "hold": Tactic("hold", N_("Stay in place; attack the nearest foe within reach."), target=NEAREST,
                       close_in=False),
    },
    defaults={"party": "nearest", "enemy": "nearest"},
    choices=choices,
    aliases={"ближний": "nearest", "добивать": "focus", "первый": "first", "стоять": "hold"},
)
