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
    if goal in blocked:
        return None
    seen = {(start, False)}
    queue: deque[tuple[Cell, bool, tuple[Cell, ...]]] = deque([(start, False, ())])
    while queue:
        cell, diagonal, path = queue.popleft()
        if cell == goal:
            return path
        if len(path) >= limit:
            continue
        steps = [(d, diagonal) for d in _ORTHOGONAL]
        if not diagonal:
            steps += [(d, True) for d in _DIAGONAL]
        for (dx, dy), used in steps:
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in blocked or (nxt, used) in seen:
                continue
            seen.add((nxt, used))
            queue.append((nxt, used, path + (nxt,)))
    return None


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
