"""Counter attacks (TT-COUNTER-1): the enemies within radius 1 whom an action
provokes to answer out of turn, once a phase each, and the count of techniques
a phase that makes a second one provoke; Телец's answers and immunity (TT-SIGN-2).
"""

from __future__ import annotations

from rules.core.common import require_fight
from rules.core.outcome import Work
from rules.core.state import Fight
from rules.dice.datatypes import replace
from rules.systems.terra import health
from rules.systems.terra.fight import in_fight
from rules.systems.terra.grid import Cell, distance
from rules.systems.terra.positions import cell_of
from rules.systems.terra.reading import int_stat as _int


def countered(fight: Fight) -> list[str]:
    return list(fight.data.get("countered", []))


def offer_counters(work: Work, actor: str, *, taurus: int = 0, cells: tuple[Cell, ...] = ()) -> list[str]:
    """TT-COUNTER-1: the enemies within radius 1 who may answer with a counter attack.

    ``taurus`` > 0 offers the answer only to Телец of at least that sign level
    (TT-SIGN-2: level 1 answers any enemy technique, level 10 movement too);
    ``cells`` are the cells a mover passed (radius 1 of any of them counts)."""
    fight = require_fight(work)
    c = work.get(actor)
    if c.stats.get("zodiac") == "taurus" and _int(c, "sign_level", 1) >= 5:
        return []  # Телец L5: immune to counter attacks (TT-SIGN-2)
    here = cell_of(c)
    if here is None:
        return []
    near = cells or (here,)
    done = set(countered(fight))
    names = [o.name for o in work.combatants.values()
             if o.side != c.side and o.name in in_fight(fight) and o.name not in done
             and (not taurus or (o.stats.get("zodiac") == "taurus" and _int(o, "sign_level", 1) >= taurus))
             and health.status(o).can_act and (cell := cell_of(o)) is not None
             and any(distance(spot, cell) <= 1 for spot in near)]
    if names:
        work.tell("counters_offered", about=[actor, *names], name=actor, names=names,
                  taurus=bool(taurus) or None)
    return names


def count_technique(work: Work, name: str) -> bool:
    """Count a technique ``name`` uses this phase; True when it is not the first:
    several techniques in one phase always provoke counter attacks (TT-COUNTER-1)."""
    fight = work.fight
    if fight is None:
        return False
    cast = dict(fight.data.get("cast", {}))
    before = int(cast.get(name, 0))
    cast[name] = before + 1
    work.fight = replace(fight, data={**fight.data, "cast": cast})
    if before:
        work.tell("several_techniques", about=[name], name=name, n=before + 1)
    return before > 0
