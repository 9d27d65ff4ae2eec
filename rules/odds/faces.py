"""What one die of a dice term can show, as runs of faces that behave alike.

Every condition of the notation (reroll, explode, success, failure) matches
one interval of faces, so 1..sides splits into a few runs inside which every
face is rerolled or not, explodes or not, and scores the same in a success
count.  Everything about a d1000000 is then a handful of runs, not a million
faces.

Weights of the first die of each term (the die that rerolls may replace):
plain ``1`` per face out of ``sides``; with ``r`` (reroll while it matches) the
face is uniform over the faces that do not match, ``1`` each out of
``sides - matched``; with ``ro`` (once) ``sides`` for a face that does not
match plus ``matched`` for any face (the second throw), out of ``sides**2``.
Dice added by explosions are never rerolled: ``1`` per face out of ``sides``.
"""

from __future__ import annotations

from itertools import pairwise

from rules.dice.datatypes import datatype

from ..dice.ast import Cond, Dice
from .poly import Poly, add


def interval(cond: Cond, sides: int) -> tuple[int, int]:
    """The faces ``lo..hi`` of a d``sides`` that ``cond`` matches (empty if lo > hi)."""
    v = cond.value
    lo, hi = {
        ">=": (v, sides),
        ">": (v + 1, sides),
        "<=": (1, v),
        "<": (1, v - 1),
        "=": (v, v),
    }[cond.op]
    return max(lo, 1), min(hi, sides)


@datatype(frozen=True, slots=True)
class Run:
    lo: int
    hi: int
    rerolled: bool
    explodes: bool
    #: +1 success, -1 failure, 0 neither; None when the term sums faces
    score: int | None

    @property
    def size(self) -> int:
        return self.hi - self.lo + 1


class Faces:
    """The runs of one dice term, with the weights of its first die."""

    __slots__ = ("sides", "runs", "mode", "matched", "den", "_weights")

    def __init__(self, node: Dice, rerolls: bool, explodes: bool) -> None:
        sides = self.sides = node.sides
        conds = {
            "reroll": node.reroll if rerolls else None,
            "explode": node.explode if explodes else None,
            "success": node.success,
            "failure": node.failure,
        }
        spans = {k: interval(c, sides) for k, c in conds.items() if c is not None}
        cuts = {1, sides + 1}
        for lo, hi in spans.values():
            if lo <= hi:
                cuts.update((lo, hi + 1))
        edges = sorted(cuts)

        def inside(key: str, face: int) -> bool:
            span = spans.get(key)
            return span is not None and span[0] <= face <= span[1]

        runs = []
        for lo, nxt in pairwise(edges):
            score = None
            if node.success is not None:
                score = 1 if inside("success", lo) else -1 if inside("failure", lo) else 0
            runs.append(Run(lo, nxt - 1, inside("reroll", lo), inside("explode", lo), score))
        self.runs = tuple(runs)
        self.matched = sum(r.size for r in runs if r.rerolled)
        self.mode = "ro" if rerolls and node.reroll is not None and node.reroll_once else \
            "r" if self.matched else "plain"
        m = self.matched
        # (denominator, weight of a face the reroll leaves, of a face it matches)
        self.den, *self._weights = {
            "plain": (sides, 1, 1),
            "r": (sides - m, 1, 0),
            "ro": (sides * sides, sides + m, m),
        }[self.mode]

    def weight(self, run: Run) -> int:
        """Weight of each face of ``run`` for the first die (out of ``den``)."""
        return self._weights[run.rerolled]

    @property
    def counts_successes(self) -> bool:
        return self.runs[0].score is not None

    def explode_count(self) -> int:
        return sum(r.size for r in self.runs if r.explodes)

    def first_explodes(self) -> int:
        """Weight (out of ``den``) that the first die shows an exploding face."""
        return sum(self.weight(r) * r.size for r in self.runs if r.explodes)

    def poly(self, first: bool, explodes: bool | None = None) -> Poly:
        """Score polynomial of one die: the first die or an added one.

        ``explodes`` keeps only the exploding faces (True), only the others
        (False), or all of them (None).
        """
        def w(r: Run) -> int:
            if explodes is not None and r.explodes != explodes:
                return 0
            return self.weight(r) if first else 1

        if not self.counts_successes:
            # runs are contiguous and ascending: lay them out as one dense list
            c: list[int] = []
            for r in self.runs:
                c.extend([w(r)] * r.size)
            return Poly(1, c).trimmed()
        out = Poly(0, [])
        for r in self.runs:
            if w(r):
                assert r.score is not None  # counts_successes: every run has a score
                out = add(out, Poly(r.score, [w(r) * r.size]))
        return out

    def ordered(self, descending: bool) -> list[tuple[int, int]]:
        """``(score, weight)`` of the first die, face by face in keep order.

        Neighbouring faces with the same score are merged: which of them a die
        shows cannot change what is kept or what it scores.
        """
        out: list[tuple[int, int]] = []
        runs = reversed(self.runs) if descending else self.runs
        for r in runs:
            w = self.weight(r)
            if not w:
                continue
            if r.score is not None:
                items = [(r.score, w * r.size)]
            else:
                faces = range(r.hi, r.lo - 1, -1) if descending else range(r.lo, r.hi + 1)
                items = [(f, w) for f in faces]
            for s, weight in items:
                if out and out[-1][0] == s:
                    out[-1] = (s, out[-1][1] + weight)
                else:
                    out.append((s, weight))
        return out

    def faces(self) -> list[tuple[int, int, bool, int]]:
        """``(face, first-die weight, explodes, score)`` for every face."""
        out = []
        for r in self.runs:
            w = self.weight(r)
            for f in range(r.lo, r.hi + 1):
                out.append((f, w, r.explodes, f if r.score is None else r.score))
        return out
