"""AST + dice source -> rolled tree in which every die is kept (C-DICE-2)."""

from __future__ import annotations

from ..i18n import _
from .ast import (
    Bag,
    Calc,
    Chain,
    Dec,
    Dice,
    Expression,
    Func,
    Group,
    Neg,
    Node,
    Num,
    Percent,
    iter_dice,
)
from .errors import DiceError
from .limits import DEFAULT_LIMITS, Limits
from .parser import parse
from .records import RolledDie
from .rolled import (
    EXPLODED,
    EXTRA,
    EXTRA_EXPLODED,
    FLAGS,
    OPS,
    PERCENT,
    PLAIN,
    REROLLED,
    SUCCESSES,
    TOTAL,
    Roll,
    Rolled,
    RolledChain,
    RolledDice,
    RolledGroup,
    RolledNeg,
    RolledNum,
    RolledPercent,
)
from .sources import (
    ROLLED_DRAWS,
    SHARED_FACES,
    DiceSource,
    Draw,
    GivenFaceError,
    RandomSource,
)

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


# RolledDie is immutable, so equal dice are made once and shared (a flyweight):
# building a ten-field record costs more than a dict look-up.
# Committed dice carry a unique counter and are always made afresh.
_DIE_CACHE: dict[tuple, RolledDie] = {}
_DIE_CACHE_SIZE = 50_000


def _die(sides: int, draw: Draw, kept: bool = True, rerolled: bool = False, exploded: bool = False,
         extra: bool = False, success: bool = False, failure: bool = False) -> RolledDie:
    if draw.counter is not None:
        return RolledDie(sides, draw.face, draw.origin, draw.counter, kept, rerolled, exploded,
                         extra, success, failure)
    key = (sides, draw.face, draw.origin, kept, rerolled, exploded, extra, success, failure)
    die = _DIE_CACHE.get(key)
    if die is None:
        if len(_DIE_CACHE) >= _DIE_CACHE_SIZE:
            _DIE_CACHE.clear()
        die = _DIE_CACHE[key] = RolledDie(sides, draw.face, draw.origin, None, kept, rerolled,
                                          exploded, extra, success, failure)
    return die


# Plain rolled dice of one size, indexed by face: the fast path's look-up.
_PLAIN_DICE: dict[int, list[RolledDie]] = {}


def _plain_dice(sides: int) -> list[RolledDie]:
    if len(_PLAIN_DICE) >= 64:
        _PLAIN_DICE.clear()
    table = [_die(sides, ROLLED_DRAWS[f]) for f in range(1, sides + 1)]
    # slot 0 stands for no face and is never read: faces start at 1
    table.insert(0, None)  # type: ignore[arg-type]
    _PLAIN_DICE[sides] = table
    return table


_BATCHES: dict[type, bool] = {}


def _batches(cls: type) -> bool:
    """Whether ``cls.draw_faces`` can stand in for its ``draw``: only when the
    class that defines ``draw`` defines ``draw_faces`` beside it."""
    known = _BATCHES.get(cls)
    if known is None:
        owner = next((k for k in cls.__mro__ if "draw" in vars(k)), None)
        known = _BATCHES[cls] = owner is not None and callable(vars(owner).get("draw_faces"))
    return known


class _Roller:
    __slots__ = ("source", "faces", "expr", "limits", "spare", "pool", "exact")

    def __init__(self, expr: Expression, source: DiceSource, limits: Limits) -> None:
        self.source = source
        #: the source's optional batch of plain rolled faces (see rules.dice.sources)
        self.faces = getattr(source, "draw_faces", None) if _batches(type(source)) else None
        self.expr = expr
        self.limits = limits
        #: dice left for rerolls and explosions; counted on first need
        self.spare: int | None = None
        #: a success-counting pool was rolled
        self.pool = False
        #: inside floor() ceil() round() abs(): / and decimals are exact fractions
        self.exact = False

    def take_spare(self) -> bool:
        if self.spare is None:
            self.spare = self.limits.max_dice - sum(d.count for d in iter_dice(self.expr.root))
        if self.spare <= 0:
            return False
        self.spare -= 1
        return True

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
        if self.exact:
            from .borrowed import roll_calc
            return roll_calc(self, node)
        roll = self.roll
        first = roll(node.first)
        value = first.value
        rest = []
        for op, term, pos in node.rest:
            r = roll(term)
            rest.append((op, r))
            try:
                value = OPS[op](value, r.value)
            except ZeroDivisionError:
                raise DiceError(_("division by zero"), self.expr.source or self.expr.text, pos,
                                "math", _("the right-hand side of {op} came out as 0").format(op=op)) from None
        return RolledChain(node, first, tuple(rest), value)

    def percent(self, node: Percent) -> RolledPercent:
        try:
            draw = self.source.draw(100)
        except GivenFaceError as e:
            e.position = node.pos
            raise
        return RolledPercent(node, _die(100, draw), draw.face, draw.face <= node.chance)

    def dice(self, node: Dice) -> RolledDice:
        if node.more is not None:
            from .borrowed import roll_more
            return roll_more(self, node)
        sides = node.sides
        try:
            if node.reroll is not None or node.explode is not None:
                draws, states, capped = self.special(node)
            elif self.faces is not None and sides <= SHARED_FACES:
                faces = self.faces(sides, node.count)
                if node.keep is None and node.success is None:
                    table = _PLAIN_DICE.get(sides) or _plain_dice(sides)
                    return RolledDice(node, tuple([table[f] for f in faces]), sum(faces))
                draws, states, capped = [ROLLED_DRAWS[f] for f in faces], None, False
            else:
                draw = self.source.draw
                draws, states, capped = [draw(sides) for _die in range(node.count)], None, False
        except GivenFaceError as e:
            e.position = node.pos
            raise
        if states is None and node.success is None:
            if node.keep is None:
                return RolledDice(node, tuple([_die(sides, d) for d in draws]),
                                  sum([d.face for d in draws]))
            return _keep_only(node, draws)
        return self.judge(node, draws, states, capped)

    def special(self, node: Dice) -> tuple[list[Draw], list[int], bool]:
        """Draws with rerolls and explosions, and what happened to each."""
        draw, sides = self.source.draw, node.sides
        reroll, explode = node.reroll, node.explode
        draws: list[Draw] = []
        states: list[int] = []
        capped = False
        for _die in range(node.count):
            d = draw(sides)
            if reroll is not None and reroll.test(d.face):
                while True:
                    if not self.take_spare():
                        capped = True
                        break
                    draws.append(d)
                    states.append(REROLLED)
                    d = draw(sides)
                    if node.reroll_once or not reroll.test(d.face):
                        break
            state = PLAIN
            while explode is not None and explode.test(d.face):
                if not self.take_spare():
                    capped = True
                    break
                draws.append(d)
                states.append(EXPLODED if state == PLAIN else EXTRA_EXPLODED)
                d = draw(sides)
                state = EXTRA
            draws.append(d)
            states.append(state)
        return draws, states, capped

    def judge(self, node: Dice, draws: list[Draw], states: list[int] | None,
              capped: bool) -> RolledDice:
        """Keep/drop, then count successes and failures among the kept dice."""
        if states is None:
            states = [PLAIN] * len(draws)
        live = [i for i, s in enumerate(states) if s != REROLLED]
        kept = set(live if node.keep is None else _keep(draws, live, node.keep.mode, node.keep.count))
        succ, fail = node.success, node.failure
        sides = node.sides
        dice = []
        total = successes = failures = 0
        for i, (d, state) in enumerate(zip(draws, states, strict=True)):
            rerolled, exploded, extra = FLAGS[state]
            is_kept = i in kept
            s = f = False
            if is_kept:
                total += d.face
                if succ is not None:
                    s = succ.test(d.face)
                    f = not s and fail is not None and fail.test(d.face)
                    successes += s
                    failures += f
            # a rerolled die was replaced, not dropped: it keeps kept=False
            dice.append(_die(sides, d, is_kept, rerolled, exploded, extra, s, f))
        if succ is None:
            return RolledDice(node, tuple(dice), total, capped=capped)
        self.pool = True
        return RolledDice(node, tuple(dice), successes - failures, successes,
                          failures if fail is not None else None, capped)


def _keep_only(node: Dice, draws: list[Draw]) -> RolledDice:
    """Keep/drop without rerolls, explosions or success counts (4d6kh3): one sort."""
    faces = [d.face for d in draws]
    assert node.keep is not None  # only called for a keep/drop term
    mode, count = node.keep
    # sorted() is stable, also with reverse=True: among equal faces the earlier die comes first
    order = sorted(range(len(faces)), key=faces.__getitem__, reverse=mode[1] == "h")
    kept = set(order[:count] if mode[0] == "k" else order[count:])
    sides = node.sides
    return RolledDice(node, tuple([_die(sides, d, i in kept) for i, d in enumerate(draws)]),
                      sum([faces[i] for i in kept]))


def _keep(draws: list[Draw], live: list[int], mode: str, count: int) -> list[int]:
    """Indexes kept; among equal faces the earlier die is preferred."""
    low_first = sorted(live, key=lambda i: draws[i].face)  # sorted() is stable
    high_first = sorted(live, key=lambda i: -draws[i].face)
    return _KEEP[mode](low_first, high_first, count)


_KEEP = {
    "kh": lambda low, high, n: high[:n],
    "kl": lambda low, high, n: low[:n],
    "dh": lambda low, high, n: high[n:],
    "dl": lambda low, high, n: low[n:],
}



def _later(name: str) -> Callable[[_Roller, Any], Rolled]:
    """A roller method kept in rules.dice.borrowed: loaded on first use, so plain
    rolls import no more modules than they need."""
    def call(roller: _Roller, node: Any) -> Rolled:
        from . import borrowed
        return getattr(borrowed, name)(roller, node)
    return call

_DISPATCH: dict[type, Callable[[_Roller, Any], Rolled]] = {
    Num: _Roller.num,
    Dice: _Roller.dice,
    Percent: _Roller.percent,
    Neg: _Roller.neg,
    Group: _Roller.group,
    Chain: _Roller.chain,
    Dec: _later("roll_dec"),
    Calc: _later("roll_calc"),
    Func: _later("roll_func"),
    Bag: _later("roll_bag"),
}


def roll(expr: Expression, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    """Roll a parsed expression with dice from ``source``."""
    roller = _Roller(expr, source, limits)
    root = roller.roll(expr.root)
    # a seeded or random source never gives dice: no need to look at each die
    given = False if type(source) is RandomSource else None
    if type(root) is RolledPercent:
        return Roll(expr, root, root.value, PERCENT, root.success, given)
    return Roll(expr, root, root.value, SUCCESSES if roller.pool else TOTAL, None, given)


def resolve(expr: Expression, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    """Roll ``expr``; a given face that does not fit its die becomes a DiceError."""
    try:
        return roll(expr, source, limits)
    except GivenFaceError as e:
        raise DiceError(str(e), expr.source or expr.text, e.position, "given",
                        _("given values are matched to the dice left to right")) from None


def roll_text(text: str, source: DiceSource, limits: Limits = DEFAULT_LIMITS) -> Roll:
    """Parse ``text`` and roll it (the one call of a roll from its notation)."""
    return resolve(parse(text, limits), source, limits)
