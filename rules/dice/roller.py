"""AST + dice source -> rolled tree in which every die is kept (C-DICE-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..sources import DiceSource
from .ast import Chain, Dice, Expression, Group, Neg, Node, Num, Percent, iter_dice
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits


@dataclass(frozen=True, slots=True)
class RolledDie:
    sides: int
    face: int
    origin: str = "rolled"
    counter: int | None = None
    kept: bool = True
    #: replaced by the die that follows it
    rerolled: bool = False
    #: showed an exploding face, so the die that follows it was added
    exploded: bool = False
    #: added by an explosion
    extra: bool = False
    success: bool = False
    failure: bool = False


@dataclass(frozen=True, slots=True)
class RolledNum:
    node: Num
    value: int


@dataclass(frozen=True, slots=True)
class RolledDice:
    node: Dice
    dice: tuple[RolledDie, ...]
    value: int
    successes: int | None = None
    failures: int | None = None
    #: the dice budget ran out before every reroll/explosion was made
    capped: bool = False


@dataclass(frozen=True, slots=True)
class RolledPercent:
    node: Percent
    die: RolledDie
    value: int
    success: bool


@dataclass(frozen=True, slots=True)
class RolledNeg:
    node: Neg
    operand: "Rolled"
    value: int


@dataclass(frozen=True, slots=True)
class RolledGroup:
    node: Group
    inner: "Rolled"
    value: int


@dataclass(frozen=True, slots=True)
class RolledChain:
    node: Chain
    first: "Rolled"
    rest: tuple[tuple[str, "Rolled"], ...]
    value: int


Rolled = Union[RolledNum, RolledDice, RolledPercent, RolledNeg, RolledGroup, RolledChain]

TOTAL = "total"
SUCCESSES = "successes"
PERCENT = "percent"


@dataclass(frozen=True, slots=True)
class Roll:
    expression: Expression
    root: Rolled
    value: int
    #: "total", "successes" (a success-counting pool) or "percent" (C-PCT-1)
    kind: str
    #: for percent rolls: did it succeed; None for other kinds
    passed: bool | None = None

    @property
    def label(self) -> str | None:
        return self.expression.label

    @property
    def text(self) -> str:
        return self.expression.text

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        return tuple(_all_dice(self.root))

    @property
    def groups(self) -> tuple[RolledDice, ...]:
        """Every dice term of the expression, left to right."""
        return tuple(_all_groups(self.root))

    @property
    def capped(self) -> bool:
        return any(r.capped for r in _all_groups(self.root))


def _children(r: Rolled):
    if isinstance(r, RolledNeg):
        return (r.operand,)
    if isinstance(r, RolledGroup):
        return (r.inner,)
    if isinstance(r, RolledChain):
        return (r.first, *(t for _, t in r.rest))
    return ()


def _all_groups(r: Rolled):
    stack = [r]
    while stack:
        n = stack.pop()
        if isinstance(n, RolledDice):
            yield n
        stack.extend(reversed(_children(n)))


def _all_dice(r: Rolled):
    stack = [r]
    while stack:
        n = stack.pop()
        if isinstance(n, RolledDice):
            yield from n.dice
        elif isinstance(n, RolledPercent):
            yield n.die
        stack.extend(reversed(_children(n)))


class _Roller:
    __slots__ = ("source", "left", "text")

    def __init__(self, source: DiceSource, spare: int, text: str) -> None:
        self.source = source
        self.left = spare  # dice left for rerolls and explosions
        self.text = text

    def die(self, sides: int, **flags) -> RolledDie:
        d = self.source.draw(sides)
        return RolledDie(sides, d.face, d.origin, d.counter, **flags)

    def roll(self, node: Node) -> Rolled:
        return _DISPATCH[type(node)](self, node)

    def num(self, node: Num) -> RolledNum:
        return RolledNum(node, node.value)

    def neg(self, node: Neg) -> RolledNeg:
        inner = self.roll(node.operand)
        return RolledNeg(node, inner, -inner.value)

    def group(self, node: Group) -> RolledGroup:
        inner = self.roll(node.inner)
        return RolledGroup(node, inner, inner.value)

    def chain(self, node: Chain) -> RolledChain:
        first = self.roll(node.first)
        value = first.value
        rest = []
        for op, term, pos in node.rest:
            r = self.roll(term)
            rest.append((op, r))
            value = _apply(op, value, r.value, self.text, pos)
        return RolledChain(node, first, tuple(rest), value)

    def percent(self, node: Percent) -> RolledPercent:
        d = self.die(100)
        success = d.face <= node.chance
        return RolledPercent(node, d, d.face, success)

    def dice(self, node: Dice) -> RolledDice:
        sides = node.sides
        reroll, explode = node.reroll, node.explode
        out: list[RolledDie] = []
        capped = False
        for _ in range(node.count):
            d = self.die(sides)
            if reroll is not None and reroll.test(d.face):
                while True:
                    if self.left <= 0:
                        capped = True
                        break
                    self.left -= 1
                    out.append(_replace(d, kept=False, rerolled=True))
                    d = self.die(sides)
                    if node.reroll_once or not reroll.test(d.face):
                        break
            while explode is not None and explode.test(d.face):
                if self.left <= 0:
                    capped = True
                    break
                self.left -= 1
                out.append(_replace(d, exploded=True))
                d = self.die(sides, extra=True)
            out.append(d)
        if node.keep is not None:
            out = _keep(out, node.keep.mode, node.keep.count)
        if node.success is None:
            value = sum(d.face for d in out if d.kept)
            return RolledDice(node, tuple(out), value, capped=capped)
        succ_c, fail_c = node.success, node.failure
        marked = []
        successes = failures = 0
        for d in out:
            if d.kept:
                s = succ_c.test(d.face)
                f = fail_c is not None and not s and fail_c.test(d.face)
                successes += s
                failures += f
                if s or f:
                    d = _replace(d, success=s, failure=f)
            marked.append(d)
        value = successes - failures
        return RolledDice(node, tuple(marked), value, successes,
                          failures if fail_c is not None else None, capped)


def _replace(d: RolledDie, **changes) -> RolledDie:
    fields = {
        "sides": d.sides, "face": d.face, "origin": d.origin, "counter": d.counter,
        "kept": d.kept, "rerolled": d.rerolled, "exploded": d.exploded, "extra": d.extra,
        "success": d.success, "failure": d.failure,
    }
    fields.update(changes)
    return RolledDie(**fields)


def _keep(dice: list[RolledDie], mode: str, count: int) -> list[RolledDie]:
    live = [i for i, d in enumerate(dice) if not d.rerolled]
    # Stable order: among equal faces the earlier die is preferred.
    high_first = sorted(live, key=lambda i: (-dice[i].face, i))
    low_first = sorted(live, key=lambda i: (dice[i].face, i))
    keep = {
        "kh": high_first[:count],
        "kl": low_first[:count],
        "dh": high_first[count:],
        "dl": low_first[count:],
    }[mode]
    kept = set(keep)
    return [d if i in kept or d.rerolled else _replace(d, kept=False) for i, d in enumerate(dice)]


def _apply(op: str, a: int, b: int, text: str, pos: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        raise DiceError("division by zero", text, pos, "math")
    # Division rounds down (toward minus infinity), as Python's // does.
    return a // b


_DISPATCH = {
    Num: _Roller.num,
    Dice: _Roller.dice,
    Percent: _Roller.percent,
    Neg: _Roller.neg,
    Group: _Roller.group,
    Chain: _Roller.chain,
}


def roll(expr: Expression, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    """Roll a parsed expression with dice from ``source``."""
    base = sum(d.count for d in iter_dice(expr.root))
    roller = _Roller(source, limits.max_dice - base, expr.text)
    root = roller.roll(expr.root)
    if isinstance(root, RolledPercent):
        return Roll(expr, root, root.value, PERCENT, root.success)
    kind = SUCCESSES if any(d.counts_successes for d in iter_dice(expr.root)) else TOTAL
    return Roll(expr, root, root.value, kind)
