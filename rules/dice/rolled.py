"""The rolled tree: what a roll drew, node by node, with every die kept (C-DICE-2).

The roller (``roller``, and ``more`` for the borrowed notation) builds these
records; the stringifier and the JSON writer read them.  Kept apart from the
roller so that both rollers import it and neither imports the other.
"""

from __future__ import annotations

import operator

from .records import GIVEN, RolledDie, record

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Iterator

    from .ast import Bag, Chain, Dec, Dice, Expression, Func, Group, Neg, Num, Percent

class RolledNum(record("RolledNum", "node value")):
    __slots__ = ()
    #: a decimal is a number too, rounded down where it stands
    node: Num | Dec
    value: int


class RolledDice(record("RolledDice", "node dice value successes failures capped",
                        defaults=(None, None, False))):
    __slots__ = ()
    node: Dice
    dice: tuple[RolledDie, ...]
    value: int
    successes: int | None
    failures: int | None
    #: the dice budget ran out before every reroll/explosion was made
    capped: bool


class RolledPercent(record("RolledPercent", "node die value success")):
    __slots__ = ()
    node: Percent
    die: RolledDie
    value: int
    success: bool


class RolledNeg(record("RolledNeg", "node operand value")):
    __slots__ = ()
    node: Neg
    operand: Rolled
    value: int


class RolledGroup(record("RolledGroup", "node inner value")):
    __slots__ = ()
    node: Group
    inner: Rolled
    value: int


class RolledChain(record("RolledChain", "node first rest value")):
    __slots__ = ()
    node: Chain
    first: Rolled
    rest: tuple[tuple[str, Rolled], ...]
    value: int


class RolledBag(record("RolledBag", "node items kept value successes failures")):
    """A rolled set or group: each item rolled, and whether keep/drop kept it."""

    __slots__ = ()
    node: Bag
    items: tuple[Rolled, ...]
    kept: tuple[bool, ...]
    value: int
    successes: int | None
    failures: int | None


class RolledFunc(record("RolledFunc", "node args value")):
    __slots__ = ()
    node: Func
    args: tuple[Rolled, ...]
    value: int


# A union of classes, not typing.Union: it needs no typing import.
Rolled = RolledNum | RolledDice | RolledPercent | RolledNeg | RolledGroup | RolledChain | RolledBag | RolledFunc

TOTAL = "total"
SUCCESSES = "successes"
PERCENT = "percent"


class Roll(record("Roll", "expression root value kind passed given", defaults=(None, None))):
    __slots__ = ()
    expression: Expression
    root: Rolled
    value: int
    #: "total", "successes" (a success-counting pool) or "percent" (C-PCT-1)
    kind: str
    #: for percent rolls: did it succeed; None for other kinds
    passed: bool | None
    #: whether any die came from given values (None: not known, look at the dice)
    given: bool | None

    @property
    def has_given(self) -> bool:
        if self.given is not None:
            return self.given
        return any(d.origin == GIVEN for d in self.dice)

    @property
    def label(self) -> str | None:
        return self.expression.label

    @property
    def text(self) -> str:
        return self.expression.text

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        """Every die drawn, left to right (a percent roll's d100 included)."""
        root = self.root
        if type(root) is RolledDice:  # most rolls are one dice term
            return root.dice
        if type(root) is RolledPercent:
            return (root.die,)
        out: list[RolledDie] = []
        for group in all_groups(root):
            out.extend(group.dice)
        return tuple(out)

    @property
    def groups(self) -> tuple[RolledDice, ...]:
        """Every dice term, left to right."""
        return tuple(all_groups(self.root))

    @property
    def capped(self) -> bool:
        return any(r.capped for r in all_groups(self.root))


def children(r: Rolled) -> tuple[Rolled, ...]:
    if type(r) is RolledChain:
        return (r.first, *[t for _, t in r.rest])
    if type(r) is RolledGroup:
        return (r.inner,)
    if type(r) is RolledNeg:
        return (r.operand,)
    if type(r) is RolledBag:
        return r.items
    if type(r) is RolledFunc:
        return r.args
    return ()


def all_groups(r: Rolled) -> Iterator[RolledDice]:
    if type(r) is RolledDice:  # most rolls are one dice term
        yield r
        return
    stack = [r]
    while stack:
        n = stack.pop()
        if type(n) is RolledDice:
            yield n
        else:
            stack.extend(reversed(children(n)))



# What happened to each drawn die before keep/drop and success counting.
PLAIN, REROLLED, EXPLODED, EXTRA, EXTRA_EXPLODED = 0, 1, 2, 3, 4
FLAGS = {  # state -> (rerolled, exploded, extra)
    PLAIN: (False, False, False),
    REROLLED: (True, False, False),
    EXPLODED: (False, True, False),
    EXTRA: (False, False, True),
    EXTRA_EXPLODED: (False, True, True),
}


def _floordiv(a: int, b: int) -> int:
    # rounds toward minus infinity: -7/2 is -4, as Python's // does
    return a // b


OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": _floordiv}
