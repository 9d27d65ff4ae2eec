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
    from collections.abc import Callable, Iterator

# Comparison operators used by rerolls, explosions and success counting.
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
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


class Dice(record("Dice", "count sides pos text reroll reroll_once explode keep success failure "
                  "more", defaults=(None, False, None, None, None, None, None))):
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
    #: the elements borrowed from other rollers (More), None for a plain term
    more: More | None

    @property
    def counts_successes(self) -> bool:
        return self.success is not None

    @property
    def fudge(self) -> bool:
        return self.more is not None and self.more.fudge


class Sel(record("Sel", "cat num")):
    """Which dice (or set items) an operator picks: ``h3`` the three highest,
    ``l1`` the lowest, or a comparison (``>3``, ``=3``...) picking by value."""

    __slots__ = ()
    #: "h", "l", or a comparison operator
    cat: str
    num: int

    def __str__(self) -> str:
        return f"{'' if self.cat == '=' else self.cat}{self.num}"


class Select(record("Select", "keep sels")):
    """One keep (``keep`` True) or drop step: the union of what its selectors pick."""

    __slots__ = ()
    keep: bool
    sels: tuple[Sel, ...]


class More(record("More", "fudge explode_mode rank_reroll add_once low high select crit_hit "
                  "crit_miss sort", defaults=(False, "", None, None, None, None, (), None, None, ""))):
    """What a dice term adds to the original notation; applied in a fixed order
    after the rerolls of ``Dice`` and around its explosions and keep.

    Order: rerolls (``r``, ``rr``, ``ro`` by value), ``ro`` by rank, explosions
    (``!``/``e``/``x`` repeated, ``xo`` once, ``!!`` compounding, ``!p``
    penetrating), ``ra`` (one added die for the pool), ``mi``/``ma`` clamps,
    keep/drop (``Dice.keep`` then each ``select`` step in written order),
    success counting, crit marks, sorting for display.
    """

    __slots__ = ()
    #: a Fate/Fudge die: faces -1, 0, +1 (drawn as a d3)
    fudge: bool
    #: "" (explode again and again), "once", "compound", "penetrate"
    explode_mode: str
    #: ``ro`` with a rank selector: reroll those dice once
    rank_reroll: tuple[Sel, ...] | None
    #: ``ra``: add one die for the pool when the selectors pick any
    add_once: tuple[Sel, ...] | None
    #: ``mi``/``min`` and ``ma``/``max``: a die counts at least / at most this
    low: int | None
    high: int | None
    select: tuple[Select, ...]
    #: ``cs``/``cf`` crit marks: shown, never counted
    crit_hit: Cond | None
    crit_miss: Cond | None
    #: "a" ascending, "d" descending: the order dice are shown in
    sort: str


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


class Dec(record("Dec", "num den pos")):
    """A decimal literal ``num/den``: rounded down where it stands, exact inside
    ``floor() ceil() round() abs()``."""

    __slots__ = ()
    num: int
    den: int
    pos: int


class Calc(record("Calc", "first rest")):
    """A chain with ``%``, ``//`` or comparisons: the same shape as Chain."""

    __slots__ = ()
    first: Node
    rest: tuple[tuple[str, Node, int], ...]


class Func(record("Func", "name args pos")):
    """``floor ceil round abs`` of one argument, ``min max`` of several."""

    __slots__ = ()
    name: str
    args: tuple[Node, ...]
    pos: int


class Bag(record("Bag", "items pos braces text select success failure")):
    """``(a, b, ...)`` (d20's set) or ``{a, b, ...}`` (Roll20's group): items
    that keep/drop and success counting treat as dice."""

    __slots__ = ()
    items: tuple[Node, ...]
    pos: int
    braces: bool
    text: str
    select: tuple[Select, ...]
    success: Cond | None
    failure: Cond | None


# A union of classes, not typing.Union: it needs no typing import and still
# works with isinstance.
Node = Num | Dice | Percent | Neg | Group | Chain | Dec | Calc | Func | Bag


class Expression(record("Expression", "root text label source", defaults=(None, ""))):
    __slots__ = ()
    root: Node
    #: the expression text without its label
    text: str
    label: str | None
    #: the input exactly as typed, label included: node positions index it
    source: str


def iter_dice(node: Node) -> Iterator[Dice]:
    """Every Dice node of a tree, left to right (iterative: no recursion)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Dice):
            yield n
        elif isinstance(n, (Neg, Group)):
            stack.append(n.operand if isinstance(n, Neg) else n.inner)
        elif isinstance(n, (Chain, Calc)):
            stack.extend(term for _, term, _ in reversed(n.rest))
            stack.append(n.first)
        elif isinstance(n, (Func, Bag)):
            stack.extend(reversed(n.args if isinstance(n, Func) else n.items))
