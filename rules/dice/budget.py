"""Static checks of a whole expression against the limits, before rolling.

Every dice term reserves its base dice from one budget; rerolls and
explosions draw from what is left at roll time.  The values an expression can
reach are bounded by interval arithmetic, and every intermediate value must
fit as well as the result, so nothing computed while rolling can leave the
64-bit range.
"""

from __future__ import annotations

from ..i18n import _
from .ast import Bag, Calc, Chain, Dec, Dice, Expression, Func, Group, More, Neg, Node, Num, Percent
from .errors import DiceError
from .limits import Limits


def check_budget(expr: Expression, limits: Limits) -> None:
    _Bounds(limits, expr).of(expr.root)


def dice_bounds(d: Dice, limits: Limits) -> tuple[int, int]:
    """Smallest and largest value of one dice term."""
    if d.more is not None:
        return _more_bounds(d, d.more, limits)
    most = limits.max_dice if d.explode is not None else d.count  # explosions add dice
    fewest = d.count
    if d.keep is None:
        kept = fewest, most
    elif d.keep.mode in ("kh", "kl"):
        kept = min(d.keep.count, fewest), min(d.keep.count, most)
    else:
        kept = max(fewest - d.keep.count, 0), max(most - d.keep.count, 0)
    if d.success is not None:
        return (-kept[1] if d.failure is not None else 0), kept[1]
    return kept[0], kept[1] * d.sides


def _more_bounds(d: Dice, m: More, limits: Limits) -> tuple[int, int]:
    # Generous: any number of the dice (the written ones plus every spare die)
    # may be kept, each at its smallest or largest value.
    most = limits.max_dice if d.explode is not None or m.add_once else d.count
    lo, hi = (-1, 1) if m.fudge else (0 if m.explode_mode == "penetrate" else 1, d.sides)
    if m.explode_mode == "compound":
        hi *= limits.max_dice
    if m.low is not None:
        lo, hi = max(lo, m.low), max(hi, m.low)
    if m.high is not None:
        lo, hi = min(lo, m.high), min(hi, m.high)
    if d.success is not None:
        return -most, most
    return min(0, lo * most), max(0, hi * most)


def _mul(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    corners = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return min(corners), max(corners)


def _div(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    # |x // y| <= |x| for every |y| >= 1 (y == 0 is refused while rolling)
    m = max(abs(a[0]), abs(a[1]))
    return -m, m


def _mod(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    # x % y lies between 0 and y (exclusive), whatever its sign
    m = max(abs(b[0]), abs(b[1]))
    return -m, m


_COMBINE = {
    "+": lambda a, b: (a[0] + b[0], a[1] + b[1]),
    "-": lambda a, b: (a[0] - b[1], a[1] - b[0]),
    "*": _mul,
    "/": _div,
    "//": _div,
    "%": _mod,
}
_TRUTH = (0, 1)


class _Bounds:
    """Interval of every node; refuses the first one that leaves the range,
    and counts the written dice against the budget on the way."""

    __slots__ = ("limits", "text", "root", "dice")

    def __init__(self, limits: Limits, expr: Expression) -> None:
        self.limits = limits
        self.text = expr.source or expr.text
        self.root = expr.root
        self.dice = 0

    def fits(self, span: tuple[int, int], pos: int) -> tuple[int, int]:
        top = self.limits.max_value
        if span[0] < -top or span[1] > top:
            raise DiceError(_("a value here could pass {top:,}, the largest number ttcli keeps").format(top=top),
                            self.text, pos, "limit", _("use smaller numbers or fewer dice"))
        return span

    def of(self, node: Node) -> tuple[int, int]:
        if type(node) is Num:
            return self.fits((node.value, node.value), node.pos)
        if type(node) is Dice:
            self.dice += node.count
            if self.dice > self.limits.max_dice:
                raise DiceError(_("too many dice: more than {top:,} in one expression").format(
                    top=self.limits.max_dice), self.text, node.pos, "limit",
                    _("split the roll, or use ttcli odds for chances"))
            return self.fits(dice_bounds(node, self.limits), node.pos)
        if type(node) is Percent:
            if node is not self.root:
                raise DiceError(_("a percentage roll stands alone, like 20%"), self.text, node.pos,
                                hint=_("roll it as its own expression"))
            return 1, 100
        if type(node) is Neg:
            lo, hi = self.of(node.operand)
            return -hi, -lo
        if type(node) is Group:
            return self.of(node.inner)
        if type(node) is Dec:
            return self.fits((node.num // node.den, -(-node.num // node.den)), node.pos)
        if type(node) is Func:
            spans = [self.of(a) for a in node.args]
            lo, hi = min(s[0] for s in spans), max(s[1] for s in spans)
            if node.name == "abs":
                lo, hi = (0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
            return self.fits((lo - 1, hi + 1), node.pos)
        if type(node) is Bag:
            spans = [self.of(item) for item in node.items]
            n = len(spans)
            if node.success is not None:
                return -n, n
            return self.fits((sum(min(0, s[0]) for s in spans), sum(max(0, s[1]) for s in spans)),
                             node.pos)
        assert isinstance(node, (Chain, Calc)), node  # the two kinds left
        span = self.of(node.first)
        for op, term, pos in node.rest:
            right = self.of(term)
            span = self.fits(_COMBINE[op](span, right) if op in _COMBINE else _TRUTH, pos)
        return span
