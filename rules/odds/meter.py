"""What exact odds may cost, and the meter that refuses before the cost is paid.

Every step that can be slow (a product of polynomials, a power, one pass of
the keep-highest programme, a pairwise product of two distributions) states
its price before it runs; when the running total passes ``OddsLimits.max_work``
the step is not done and a ``DiceError(kind="limit")`` says what was too big.

Prices are rough nanoseconds of CPython 3.11 on a current laptop, fitted to
timings of its integer arithmetic: multiplying two b-bit integers (Karatsuba)
costs about 0.053 * b**1.585 ns, and a pass over b bits (addition, shift,
multiplying by a machine-size number) about 0.25 ns per bit plus ~100 ns of
interpreter overhead. They only need to be right within a small factor: the
meter exists so that nothing hangs, and the default budget (1.5e9, about 1.5 s)
leaves room for that error inside the 2 s a master will wait.

Memory has a meter of its own: a step that builds a table of values (a die listed
face by face, a pairwise product, a die's chains of explosions) counts its entries
before or while it builds them, and is refused when the table would pass
``OddsLimits.max_memory``: a d1000000 with a reroll is cheap in time and once took
230 MB before its refusal.
"""

from __future__ import annotations

from rules.dice.datatypes import datatype, field

from ..dice.errors import DiceError
from ..dice.limits import DEFAULT_LIMITS as DICE_LIMITS
from ..dice.limits import Limits
from ..i18n import _

KARATSUBA = 0.053
KARATSUBA_EXP = 1.585
PER_BIT = 0.25
PER_STEP = 100.0
#: one dict update of a pairwise product (+, -, *, / of two distributions)
PER_PAIR = 1000.0
#: one result turned into a (value, weight) pair of the answer
PER_OUTCOME = 1000.0
#: one step of the exploding keep: a few dice sorted, a key hashed, a dict
#: updated (refitted: at 1500 a refused keep had already run about 2 s)
PER_KEEP_STEP = 2500.0
#: bytes one entry of a table of values holds: its slot, its value and a weight of a few
#: words (tracemalloc: 150 to 230 over the faces of a listed die and the entries of products)
PER_ENTRY = 160


@datatype(frozen=True, slots=True)
class OddsLimits:
    #: the dice limits the roller works under: the odds follow its dice budget
    dice: Limits = field(default_factory=lambda: DICE_LIMITS)
    #: estimated cost units (about a nanosecond each) one expression may use
    max_work: float = 1.5e9
    #: bytes one table of values may hold; a few live at once, so an expression stays
    #: within about 200 MB with the interpreter
    max_memory: float = 60e6
    #: the largest total-variation distance from the roller's true distribution
    #: that is still called exact (see rules/odds.py on explosions)
    max_error: float = 2.0 ** -50


DEFAULT_LIMITS = OddsLimits()


def mul_cost(abits: float, bbits: float) -> float:
    """Price of multiplying an ``abits``-bit by a ``bbits``-bit integer."""
    small, big = sorted((max(abits, 64), max(bbits, 64)))
    # CPython splits a lopsided product into big/small balanced ones.
    return (big / small) * KARATSUBA * small ** KARATSUBA_EXP + PER_STEP


def pass_cost(bits: int) -> float:
    """Price of one linear pass (add, shift, small multiply) over ``bits`` bits."""
    return PER_STEP + PER_BIT * bits


class Meter:
    """The running total of one ``distribution`` call."""

    __slots__ = ("left", "text", "budget", "rounding", "entries")

    def __init__(self, budget: float, text: str, memory: float = DEFAULT_LIMITS.max_memory) -> None:
        self.budget = budget
        self.left = budget
        self.text = text
        #: the most entries one table may hold
        self.entries = memory / PER_ENTRY
        #: total-variation distance lost to fixed-point rounding (odds_fixed),
        #: part of the distribution's max_error
        self.rounding = 0.0

    # ``what`` names the step for the refusal: a text marked with N_ whose {placeholders}
    # are ``fields``; it is translated only when refused, so pricing opens no catalog
    def afford(self, cost: float, what: str, pos: int | None = None, **fields: object) -> None:
        """Refuse now if even ``cost`` (a lower bound of what follows) is too much."""
        if cost > self.left:
            self._refuse(what, pos, fields)

    def charge(self, cost: float, what: str, pos: int | None = None, **fields: object) -> None:
        self.left -= cost
        if self.left < 0:
            self._refuse(what, pos, fields)

    def hold(self, entries: float, what: str, pos: int | None = None, **fields: object) -> None:
        """Refuse a table of ``entries`` values (counted before it is built, or as it grows)."""
        if entries > self.entries:
            self._refuse(what, pos, fields, memory=True)

    def _refuse(self, what: str, pos: int | None, fields: dict[str, object], memory: bool = False) -> None:
        problem = (_("exact odds of this expression would need too much memory ({step})") if memory
                   else _("exact odds of this expression would take too long ({step})"))
        raise DiceError(
            problem.format(step=_(what).format(**fields)), self.text, pos, "limit",
            _("fewer dice, fewer sides or a smaller keep count; a roll still works"),
        )
