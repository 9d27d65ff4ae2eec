"""Static checks of a whole expression against the limits, before rolling.

Every dice term reserves its base dice from one budget; rerolls and
explosions draw from what is left at roll time.  The largest value an
expression can reach is bounded by interval arithmetic, so an expression that
could overflow a 64-bit integer is refused before any die is rolled.
"""

from __future__ import annotations

from .ast import Chain, Dice, Expression, Group, Neg, Node, Num, Percent
from .errors import DiceError
from .limits import Limits


def check_budget(expr: Expression, limits: Limits) -> None:
    dice = 0
    for node in _walk(expr.root):
        if isinstance(node, Dice):
            dice += node.count
            if dice > limits.max_dice:
                raise DiceError(f"too many dice: more than {limits.max_dice:,} in one expression",
                                expr.text, node.pos, "limit", "split the roll, or use ttcli odds for chances")
        elif isinstance(node, Percent) and node is not expr.root:
            raise DiceError("a percentage roll stands alone, like 20%", expr.text, node.pos,
                            hint="roll it as its own expression")
    lo, hi = bounds(expr.root, limits)
    top = limits.max_value
    if max(abs(lo), abs(hi)) > top:
        raise DiceError("the result could exceed the largest number ttcli keeps (2^63-1)",
                        expr.text, 0, "limit")


def _walk(node: Node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, Neg):
            stack.append(n.operand)
        elif isinstance(n, Group):
            stack.append(n.inner)
        elif isinstance(n, Chain):
            stack.extend(t for _, t, _ in reversed(n.rest))
            stack.append(n.first)


def dice_bounds(d: Dice, limits: Limits) -> tuple[int, int]:
    kept = d.count
    if d.explode is not None:
        kept = limits.max_dice
    if d.keep is not None and d.explode is None:
        kept = d.keep.count if d.keep.mode in ("kh", "kl") else d.count - d.keep.count
    if d.success is not None:
        return (-kept if d.failure is not None else 0), kept
    return min(kept, 1) if kept else 0, kept * d.sides


def bounds(node: Node, limits: Limits) -> tuple[int, int]:
    """Smallest and largest value ``node`` can take (clamped past the limit)."""
    cap = limits.max_value + 1
    if isinstance(node, Num):
        return node.value, node.value
    if isinstance(node, Dice):
        return dice_bounds(node, limits)
    if isinstance(node, Percent):
        return 1, 100
    if isinstance(node, Neg):
        lo, hi = bounds(node.operand, limits)
        return -hi, -lo
    if isinstance(node, Group):
        return bounds(node.inner, limits)
    lo, hi = bounds(node.first, limits)
    for op, term, _ in node.rest:
        a, b = bounds(term, limits)
        if op == "+":
            lo, hi = lo + a, hi + b
        elif op == "-":
            lo, hi = lo - b, hi - a
        elif op == "*":
            corners = (lo * a, lo * b, hi * a, hi * b)
            lo, hi = min(corners), max(corners)
        else:  # division never grows a magnitude beyond the dividend's
            m = max(abs(lo), abs(hi))
            lo, hi = -m, m
        lo, hi = max(lo, -cap), min(hi, cap)
    return lo, hi
