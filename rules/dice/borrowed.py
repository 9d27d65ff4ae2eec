"""Rolling what the notation borrowed from d20, Roll20 and Foundry.

Loaded only when an expression uses one of these elements, so a plain
``ttcli roll 4d6kh3`` imports nothing more than before.  Every die drawn
stays in the rolled tree (C-DICE-2), in the order it was drawn, so
``--given`` values fill them left to right like any other dice (C-DICE-3).

A dice term is rolled in a fixed order (see ast.More): each written die with
its rerolls and explosions, ``ro`` by rank, ``ra``, the ``mi``/``ma`` clamps,
keep/drop steps, success counting, crit marks.  Dice are grouped into
*entries*: one per die, except that a compounding die (``!!``) and the dice
its explosions add are one entry whose value is their sum, and a rerolled
die shares the entry of the die that replaced it.
"""

from __future__ import annotations

from fractions import Fraction

from ..i18n import _
from .ast import COMPARE, Bag, Calc, Chain, Dec, Dice, Func, Sel, Select
from .errors import DiceError
from .rolled import (
    EXPLODED,
    EXTRA,
    EXTRA_EXPLODED,
    FLAGS,
    OPS,
    PLAIN,
    REROLLED,
    RolledBag,
    RolledChain,
    RolledDice,
    RolledDie,
    RolledFunc,
    RolledNum,
)
from .sources import GivenFaceError

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from .ast import Select
    from .rolled import Rolled
    from .roller import _Roller


class _Entry:
    """One die as keep/drop and success counting see it."""

    __slots__ = ("dice", "value", "live")

    def __init__(self) -> None:
        #: [draw, state, value, mark] for every die drawn for this entry
        self.dice: list[list[Any]] = []
        self.value = 0
        self.live = True


def _pick(sels: tuple[Sel, ...], values: list[tuple[int, int]]) -> set[int]:
    """Indexes picked by the union of ``sels`` among ``(index, value)`` pairs;
    among equal values the earlier one is taken first."""
    out: set[int] = set()
    for sel in sels:
        if sel.cat == "h":
            out.update(i for i, _ in sorted(values, key=lambda iv: -iv[1])[:sel.num])
        elif sel.cat == "l":
            out.update(i for i, _ in sorted(values, key=lambda iv: iv[1])[:sel.num])
        else:
            test, n = COMPARE[sel.cat], sel.num
            out.update(i for i, v in values if test(v, n))
    return out


def apply_steps(steps: Iterable[Select], values: list[tuple[int, int]]) -> set[int]:
    """Indexes still kept after every keep/drop step (each among those kept before)."""
    kept = {i for i, _ in values}
    for step in steps:
        live = [(i, v) for i, v in values if i in kept]
        picked = _pick(step.sels, live)
        kept = picked if step.keep else kept - picked
    return kept


def roll_more(roller: _Roller, node: Dice) -> RolledDice:
    try:
        return _roll_more(roller, node)
    except GivenFaceError as e:
        e.position = node.pos
        raise


def _roll_more(roller: _Roller, node: Dice) -> RolledDice:
    m = node.more
    assert m is not None  # the roller sends only terms with these options here
    draw = roller.source.draw
    sides = node.sides
    base = (lambda f: f - 2) if m.fudge else (lambda f: f)
    reroll, explode, mode = node.reroll, node.explode, m.explode_mode
    entries: list[_Entry] = []
    capped = False

    def new_die(entry: _Entry, state: int, extra_mark: str = "") -> list[Any]:
        d = draw(sides)
        value = base(d.face)
        if state in (EXTRA, EXTRA_EXPLODED) and mode == "penetrate":
            value -= 1
        rec = [d, state, value, ("F" if m.fudge else "") + extra_mark]
        entry.dice.append(rec)
        return rec

    def rerolls(entry: _Entry) -> bool:
        nonlocal capped
        rec = entry.dice[-1]
        if reroll is None or not reroll.test(rec[2]):
            return True
        while True:
            if not roller.take_spare():
                capped = True
                return False
            rec[1] = REROLLED
            rec = new_die(entry, PLAIN)
            if node.reroll_once or not reroll.test(rec[2]):
                return True

    def explosions(entry: _Entry) -> None:
        nonlocal capped
        rec = entry.dice[-1]
        first = True
        while explode is not None and explode.test(base(rec[0].face)):
            if mode == "once" and not first:
                break
            if not roller.take_spare():
                capped = True
                break
            rec[1] = EXPLODED if rec[1] == PLAIN else EXTRA_EXPLODED
            if mode == "compound":
                rec[3] += "c"
                rec = new_die(entry, EXTRA)
            else:
                entry = _Entry()
                entries.append(entry)
                rec = new_die(entry, EXTRA, "p" if mode == "penetrate" else "")
            first = False

    rank = m.rank_reroll
    two_pass = rank is not None
    for _die in range(node.count):
        entry = _Entry()
        entries.append(entry)
        new_die(entry, PLAIN)
        rerolls(entry)
        if not two_pass:
            explosions(entry)
    if rank is not None:  # two_pass
        written = list(entries)
        values = [(i, e.dice[-1][2]) for i, e in enumerate(written)]
        for i in sorted(_pick(rank, values)):
            if not roller.take_spare():
                capped = True
                break
            written[i].dice[-1][1] = REROLLED
            new_die(written[i], PLAIN)
        for e in written:
            explosions(e)
    if m.add_once is not None:
        values = [(i, _entry_value(e)) for i, e in enumerate(entries)]
        picked = sorted(_pick(m.add_once, values))
        if picked:
            if roller.take_spare():
                rec = entries[picked[0]].dice[-1]
                rec[1] = EXPLODED if rec[1] == PLAIN else EXTRA_EXPLODED
                entry = _Entry()
                entries.append(entry)
                new_die(entry, EXTRA)
            else:
                capped = True
    for e in entries:
        e.value = _entry_value(e)
        if m.low is not None and e.value < m.low:
            e.value = m.low
        elif m.high is not None and e.value > m.high:
            e.value = m.high
        else:
            continue
        tail = e.dice[-1]
        tail[2] = e.value
        tail[3] += "m"
    values = [(i, e.value) for i, e in enumerate(entries)]
    steps = m.select
    if node.keep is not None:
        k = node.keep
        steps = (_keep_step(k.mode, k.count),) + steps
    kept = apply_steps(steps, values) if steps else {i for i, _ in values}
    succ, fail = node.success, node.failure
    total = successes = failures = 0
    dice = []
    for i, e in enumerate(entries):
        is_kept = i in kept
        s = f = False
        if is_kept:
            total += e.value
            if succ is not None:
                s = succ.test(e.value)
                f = not s and fail is not None and fail.test(e.value)
                successes += s
                failures += f
        crit = 0
        if m.crit_hit is not None and m.crit_hit.test(e.value):
            crit = 1
        elif m.crit_miss is not None and m.crit_miss.test(e.value):
            crit = -1
        for rec in e.dice:
            d, state, value, mark = rec
            rerolled, exploded, extra = FLAGS[state]
            last = rec is e.dice[-1]
            dice.append(RolledDie(sides, d.face, d.origin, d.counter, is_kept and not rerolled,
                                  rerolled, exploded, extra, s and last, f and last,
                                  None if value == d.face and not mark else value, mark,
                                  crit if last else 0))
    if succ is None:
        return RolledDice(node, tuple(dice), total, capped=capped)
    roller.pool = True
    return RolledDice(node, tuple(dice), successes - failures, successes,
                      failures if fail is not None else None, capped)


def _entry_value(e: _Entry) -> int:
    return sum(rec[2] for rec in e.dice if rec[1] != REROLLED)


def _keep_step(mode: str, count: int) -> Select:
    return Select(mode[0] == "k", (Sel(mode[1], count),))


def roll_dec(roller: _Roller, node: Dec) -> RolledNum:
    if roller.exact:
        return RolledNum(node, Fraction(node.num, node.den))
    return RolledNum(node, node.num // node.den)


_CALC = {
    **OPS,
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    ">=": lambda a, b: int(a >= b),
    "<=": lambda a, b: int(a <= b),
    ">": lambda a, b: int(a > b),
    "<": lambda a, b: int(a < b),
}


def roll_calc(roller: _Roller, node: Calc | Chain) -> RolledChain:
    ops = dict(_CALC, **{"/": Fraction}) if roller.exact else _CALC
    first = roller.roll(node.first)
    value = first.value
    rest: list[tuple[str, Rolled]] = []
    for op, term, pos in node.rest:
        r = roller.roll(term)
        rest.append((op, r))
        try:
            value = ops[op](value, r.value)
        except ZeroDivisionError:
            what = _("modulo by zero") if op == "%" else _("division by zero")
            raise DiceError(what, roller.expr.source or roller.expr.text, pos, "math",
                            _("the right-hand side of {op} came out as 0").format(op=op)) from None
        if type(value) is Fraction and value.denominator == 1:
            value = value.numerator
    return RolledChain(node, first, tuple(rest), value)


def _round(x: Fraction | int) -> int:
    """Halves go up (-1.5 to -1), as Roll20's round(), JavaScript's Math.round, does."""
    return (x + Fraction(1, 2)).__floor__()


_FUNCS = {
    "floor": lambda xs: xs[0].__floor__(),
    "ceil": lambda xs: xs[0].__ceil__(),
    "round": lambda xs: _round(xs[0]),
    "abs": lambda xs: abs(xs[0]).__floor__(),
    "min": lambda xs: min(xs).__floor__(),
    "max": lambda xs: max(xs).__floor__(),
}


def roll_func(roller: _Roller, node: Func) -> RolledFunc:
    was = roller.exact
    roller.exact = True
    try:
        args = tuple(roller.roll(a) for a in node.args)
    finally:
        roller.exact = was
    return RolledFunc(node, args, _FUNCS[node.name]([a.value for a in args]))


def roll_bag(roller: _Roller, node: Bag) -> RolledBag:
    items = tuple(roller.roll(item) for item in node.items)
    # an item is a whole number outside a function; inside one it may be a fraction
    values = [(i, r.value) for i, r in enumerate(items)]
    kept = apply_steps(node.select, values) if node.select else set(range(len(items)))
    flags = tuple(i in kept for i in range(len(items)))
    if node.success is None:
        value = sum(r.value for r, k in zip(items, flags, strict=True) if k)
        return RolledBag(node, items, flags, value, None, None)
    roller.pool = True
    succ = sum(1 for r, k in zip(items, flags, strict=True) if k and node.success.test(r.value))
    fail = 0
    if node.failure is not None:
        fail = sum(1 for r, k in zip(items, flags, strict=True)
                   if k and not node.success.test(r.value) and node.failure.test(r.value))
    return RolledBag(node, items, flags, succ - fail, succ,
                     fail if node.failure is not None else None)
