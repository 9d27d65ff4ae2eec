"""Distance and movement on terra's grid (TT-RADIUS-1).

Distance allows one diagonal step, the rest orthogonal.  Movement uses the
same metric and never passes through another combatant, so a move is a
shortest-path search over (cell, diagonal used) [I].
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from rules.i18n import _

Cell = tuple[int, int]

_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def distance(a: Cell, b: Cell) -> int:
    """TT-RADIUS-1: |dx| + |dy| - 1 when both differ, else |dx| + |dy|."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + dy - 1 if dx and dy else dx + dy


def shortest_path(start: Cell, goal: Cell, blocked: Collection[Cell], limit: int) -> tuple[Cell, ...] | None:
    """The cells walked from ``start`` to ``goal`` (``start`` left out), at most
    ``limit`` steps, one of them diagonal at most; None when there is no way."""
    return shortest_paths(start, (goal,), blocked, limit)[goal]


Step = tuple[Cell, bool]


def shortest_paths(start: Cell, goals: Collection[Cell], blocked: Collection[Cell],
                   limit: int) -> dict[Cell, tuple[Cell, ...] | None]:
    """:func:`shortest_path` to each of ``goals`` from one search.

    A breadth-first search over (cell, diagonal used), the orthogonal steps before the
    diagonal ones: the way to a goal is the one by which the search first comes to it.
    The search's order does not depend on the goal, so one search finds each goal's way
    as its own search would, and it stops once every goal is found.
    """
    found: dict[Cell, tuple[Cell, ...] | None] = dict.fromkeys(goals)
    wanted = {goal for goal in found if goal not in blocked}
    if start in wanted:
        found[start] = ()
        wanted.discard(start)
    came: dict[Step, Step | None] = {(start, False): None}
    queue: deque[tuple[Cell, bool, int]] = deque([(start, False, 0)])
    while queue and wanted:
        (x, y), diagonal, depth = queue.popleft()
        if depth >= limit:
            continue
        here = ((x, y), diagonal)
        for (dx, dy), used in _STEPS[diagonal]:
            nxt = (x + dx, y + dy)
            state = (nxt, used)
            if nxt in blocked or state in came:
                continue
            came[state] = here
            queue.append((nxt, used, depth + 1))
            if nxt in wanted:
                found[nxt] = _walked(came, state)
                wanted.discard(nxt)
    return found


def _walked(came: dict[Step, Step | None], last: Step) -> tuple[Cell, ...]:
    """The cells of the way the search came to ``last`` by, the start left out."""
    cells = []
    state: Step | None = last
    while state is not None:
        cells.append(state[0])
        state = came[state]
    return tuple(reversed(cells[:-1]))


#: the steps from a cell, by whether the one diagonal step is used already (then orthogonal only)
_STEPS: dict[bool, tuple[tuple[Cell, bool], ...]] = {
    True: tuple((d, True) for d in _ORTHOGONAL),
    False: (*((d, False) for d in _ORTHOGONAL), *((d, True) for d in _DIAGONAL)),
}


def check_path(start: Cell, path: tuple[Cell, ...], blocked: Collection[Cell]) -> str | None:
    """Why a typed path cannot be walked, or None (steps of one cell, one diagonal
    at most, no occupied cell)."""
    diagonals = 0
    cell = start
    for nxt in path:
        dx, dy = abs(nxt[0] - cell[0]), abs(nxt[1] - cell[1])
        if max(dx, dy) != 1:
            return _("{here} -> {there} is not one step").format(
                here=f"{cell[0]},{cell[1]}", there=f"{nxt[0]},{nxt[1]}")
        if dx and dy:
            diagonals += 1
            if diagonals > 1:
                return _("a move takes one diagonal step at most")
        if nxt in blocked:
            return _("{cell} is occupied; a move cannot pass through others").format(
                cell=f"{nxt[0]},{nxt[1]}")
        cell = nxt
    return None
