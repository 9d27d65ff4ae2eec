"""The parsed form of a dice expression: immutable nodes, no dice rolled yet.

Sums and products are n-ary chains rather than binary trees so that a long
``1+1+1+...`` never becomes a deep tree: depth comes only from parentheses
and unary signs, which the parser counts against the nesting limit.
"""

from __future__ import annotations

import operator

from .records import record

TYPE_CHECKING = False  # typing is not loaded at run time: it is start-up cost
if TYPE_CHECKING:
    from typing import Callable

# Comparison operators used by rerolls, explosions and success counting.
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "=": operator.eq,
}


class Cond(record("Cond", "op value")):
    __slots__ = ()
    op: str
    value: int

    def test(self, face: int) -> bool:
        return COMPARE[self.op](face, self.value)

    def faces(self, sides: int) -> int:
        """How many faces of a d``sides`` satisfy the condition."""
        return sum(1 for f in range(1, sides + 1) if self.test(f)) if sides <= 4096 else \
            _count_faces(self, sides)

    def __str__(self) -> str:
        return f"{self.op}{self.value}"


def _count_faces(cond: Cond, sides: int) -> int:
    lo, hi = 1, sides
    v = cond.value
    ranges = {
        ">=": (max(lo, v), hi),
        ">": (max(lo, v + 1), hi),
        "<=": (lo, min(hi, v)),
        "<": (lo, min(hi, v - 1)),
        "=": (v, v) if lo <= v <= hi else (1, 0),
    }
    a, b = ranges[cond.op]
    return max(0, b - a + 1)


class Keep(record("Keep", "mode count")):
    __slots__ = ()
    #: "kh" keep highest, "kl" keep lowest, "dh" drop highest, "dl" drop lowest
    mode: str
    count: int

    def __str__(self) -> str:
        return f"{self.mode}{self.count}"


class Num(record("Num", "value pos")):
    __slots__ = ()
    value: int
    pos: int


class Dice(record("Dice", "count sides pos text reroll reroll_once explode keep success failure",
                  defaults=(None, False, None, None, None, None))):
    __slots__ = ()
    count: int
    sides: int
    pos: int
    #: the dice term as written, e.g. "4д6кh3" is kept as typed
    text: str
    reroll: Cond | None
    reroll_once: bool
    explode: Cond | None
    keep: Keep | None
    success: Cond | None
    failure: Cond | None

    @property
    def counts_successes(self) -> bool:
        return self.success is not None


class Percent(record("Percent", "chance pos")):
    """``N%``: a d100 roll that succeeds when it is at most N (C-PCT-1)."""

    __slots__ = ()
    chance: int
    pos: int


class Neg(record("Neg", "operand pos")):
    __slots__ = ()
    operand: Node
    pos: int


class Group(record("Group", "inner pos")):
    __slots__ = ()
    inner: Node
    pos: int


class Chain(record("Chain", "first rest")):
    """``first (op term)*`` where every op has the same precedence level."""

    __slots__ = ()
    first: Node
    rest: tuple[tuple[str, Node, int], ...]  # (op, term, position of op)


# A union of classes, not typing.Union: it needs no typing import and still
# works with isinstance.
Node = Num | Dice | Percent | Neg | Group | Chain


class Expression(record("Expression", "root text label source", defaults=(None, ""))):
    __slots__ = ()
    root: Node
    #: the expression text without its label
    text: str
    label: str | None
    #: the input exactly as typed, label included: node positions index it
    source: str

    @property
    def is_percent(self) -> bool:
        return isinstance(self.root, Percent)


def iter_dice(node: Node):
    """Every Dice node of a tree, left to right (iterative: no recursion)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Dice):
            yield n
        elif isinstance(n, (Neg, Group)):
            stack.append(n.operand if isinstance(n, Neg) else n.inner)
        elif isinstance(n, Chain):
            stack.extend(term for _, term, _ in reversed(n.rest))
            stack.append(n.first)
