"""Where combatants stand on the grid and how they walk it (TT-RADIUS-1): a
combatant's cell is ``data.cell``, a walk goes around everyone else standing.

``grid.py`` measures and searches the cells; here they are read off the encounter.
"""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.core.outcome import Work
from rules.core.state import DEAD
from rules.i18n import _
from rules.systems.terra.grid import Cell, check_path, distance, shortest_path
from rules.systems.terra.reading import cell_of as cell_of


def occupied(work: Work, mover: str) -> set[Cell]:
    return {cell for c in work.combatants.values()
            if c.name != mover and c.status != DEAD and (cell := cell_of(c)) is not None}


def walk(work: Work, name: str, to: Cell | None, path: tuple[Cell, ...] | None, limit: int) -> tuple[Cell, ...]:
    """The cells ``name`` walks (TT-RADIUS-1), at most ``limit`` of them."""
    here = cell_of(work.get(name))
    if here is None:
        raise RuleError(_("{name} has no cell on the grid; place it first: place {name} x,y").format(
            name=name))
    blocked = occupied(work, name)
    if path is not None:
        steps = path[1:] if path and path[0] == here else path
        problem = check_path(here, steps, blocked)
        if problem:
            raise RuleError(problem, rule="TT-RADIUS-1")
        if len(steps) > limit:
            raise RuleError(_("{name} may move {limit} cells now, the path has {cells}").format(
                name=name, limit=limit, cells=len(steps)), rule="TT-AP-2")
        return steps
    assert to is not None
    if to in blocked:
        raise RuleError(_("{cell} is occupied").format(cell=f"{to[0]},{to[1]}"), rule="TT-RADIUS-1")
    found = shortest_path(here, to, blocked, limit)
    if found is None:
        far = shortest_path(here, to, blocked, 10_000 if distance(here, to) < 200 else 0)
        if far is None:
            raise RuleError(_("no way to {cell}: others stand in every path").format(
                cell=f"{to[0]},{to[1]}"), rule="TT-RADIUS-1")
        raise RuleError(_("{cell} is {steps} steps away; {name} may move {limit} cells now").format(
            cell=f"{to[0]},{to[1]}", steps=len(far), name=name, limit=limit), rule="TT-AP-2")
    return found
