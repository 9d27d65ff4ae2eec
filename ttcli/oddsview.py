"""The chart of a distribution for people and programs: ``ttcli odds EXPR`` and an action's odds.

The distribution comes from ``rules.odds`` within its work limit; what is
printed is folded by ``rules.odds.folding`` (rare tails in one row, wide ranges
in bins), so printing costs one pass over the values however many there are.
Every chance is computed from the integer weights (one division per number
shown, never a ``Fraction`` per value): ``1000d100`` has 99,001 values whose
weights have 2,000 digits.  No Typer here: the fast path of ``odds attack``
shows its chart with it.
"""

from __future__ import annotations

import os
import sys
from math import gcd

from rules.dice import datatype, parse
from rules.i18n import _
from rules.odds import VALUE, Distribution, Row, distribution, fold

from .errors import CliError
from .exitcodes import ExitCode
from .numbers import ENGLISH, Style, style

BAR_WIDTH = 40
#: ``--full`` lists every value, up to this many (1000d6 has 5,001, 1000d100 99,001)
FULL_ROWS_MAX = 20_000
#: JSON gives no exact fractions when the common denominator is longer than
#: this (in bits, about 1,000 digits): 1000d1000000>=2 has one of 6,000 digits
EXACT_BITS_MAX = 3_322

BAR, OTHER_BAR = "█", "░"
#: how each forum format keeps a chart's lines and columns
CODE_BLOCKS = {"Markdown": ("```", "```"), "BBCode": ("[code]", "[/code]")}


def chance(w: int, total: int, ratio: Ratio | None = None, written: Style = ENGLISH) -> str:
    """``w / total`` as a percentage (``62.28%``; ``62,28 %`` in the Russian style); never
    rounds a possible event to 0 or a sure one to 100."""
    if w == 0:
        return written.percent("0.00")
    if w == total:
        return written.percent("100.00")
    value = 100 * (ratio(w) if ratio is not None else w / total)
    if value < 0.01:
        return written.percent("<0.01")
    if value > 99.99:
        return written.percent(">99.99")
    return written.percent(f"{value:.2f}")


def terminal_columns() -> int:
    """The terminal's width in columns (``COLUMNS`` when set, as rich and the shells read it);
    80 when there is no terminal to ask."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 80
    except (OSError, ValueError):
        return 80


def exact(w: int, total: int) -> str | None:
    """``"n/d"`` in lowest terms; None when the common denominator has over 1,000 digits."""
    if total.bit_length() > EXACT_BITS_MAX:
        return None
    g = gcd(w, total)
    return f"{w // g}/{total // g}"


class Ratio:
    """``w / total`` as a float for many ``w``, without a long division each.

    Both are cut to about 1,100 bits first: a float has 53 bits and nothing
    below 2**-1074, so what is cut off cannot change the float by more than
    its last bit.
    """

    __slots__ = ("shift", "total")

    def __init__(self, total: int) -> None:
        self.shift = max(total.bit_length() - 1_100, 0)
        self.total = total >> self.shift

    def __call__(self, w: int) -> float:
        return (w >> self.shift) / self.total


def number(x, written: Style = ENGLISH) -> str:
    """A mean for people: two decimals at most, no trailing zeros."""
    return written.decimal(f"{float(x):.2f}".rstrip("0").rstrip("."))


def label(row, written: Style = ENGLISH) -> str:
    """``7``, ``10..19``, or a folded tail ``≤289`` / ``≥410`` (kinds of rules.odds.folding)."""
    kind, n = row.kind, written.integer
    if kind == "value":
        return n(row.lo)
    if kind == "low":
        return f"≤{n(row.hi)}"
    if kind == "high":
        return f"≥{n(row.lo)}"
    return f"{n(row.lo)}..{n(row.hi)}"


@datatype(frozen=True)
class OddsResult:
    text: str
    dist: Distribution
    #: in order, covering every value
    rows: tuple[Row, ...]
    at_least: int | None = None
    at_most: int | None = None
    cumulative: bool = False
    full: bool = False

    kind = "odds"

    @property
    def json_indent(self) -> int | None:
        # a long --full table is for programs: one line, written by json's C encoder
        return 2 if len(self.rows) <= 1_000 else None

    @property
    def folded(self) -> bool:
        return len(self.rows) != len(self.dist.values) or any(r.lo != r.hi for r in self.rows)

    def _asked(self, row) -> bool | None:
        """Is the row inside the range asked (None: nothing was asked)."""
        lo, hi = self.at_least, self.at_most
        if lo is None and hi is None:
            if self.dist.pass_chance is None:
                return None
            hi = self.dist.chance  # a percentage roll: the rows that succeed
        return (lo is None or row.lo >= lo) and (hi is None or row.hi <= hi)

    def _weight(self, lo: int | None = None, hi: int | None = None) -> int:
        """Weight of the values in ``lo..hi``, from the rows: no row straddles
        a value asked about (odds_of cuts the rows there)."""
        return sum(r.weight for r in self.rows
                   if (lo is None or r.lo >= lo) and (hi is None or r.hi <= hi))

    def _answers(self, written: Style = ENGLISH) -> list[tuple[str, str, int]]:
        """(JSON key, words, weight) of each chance asked for."""
        d = self.dist
        n = written.integer
        out = []
        if d.pass_chance is not None:
            out.append(("pass", _("chance to succeed {chance}"), self._weight(hi=d.chance)))
        if self.at_least is not None:
            out.append(("at_least", _("at least {n}: {chance}").replace("{n}", n(self.at_least)),
                        self._weight(lo=self.at_least)))
        if self.at_most is not None:
            out.append(("at_most", _("at most {n}: {chance}").replace("{n}", n(self.at_most)),
                        self._weight(hi=self.at_most)))
        if self.at_least is not None and self.at_most is not None:
            out.append(("between", _("from {low} to {high}: {chance}").replace("{low}", n(self.at_least))
                        .replace("{high}", n(self.at_most)), self._weight(self.at_least, self.at_most)))
        return out

    def lines(self, s) -> list[str]:
        d = self.dist
        total = d.total
        block = CODE_BLOCKS.get(type(s).__name__)
        rich = type(s).__name__ == "RichMarkup"
        written = style()  # the reader's: 62,28 % in Russian
        labels = [label(r, written) for r in self.rows]
        width = max(len(t) for t in labels)
        ratio = Ratio(total)
        top = ratio(max(r.weight for r in self.rows))
        below = 0  # weight of the values before the row
        body = []
        heads = (_("chance"), _("at least"), _("at most"))
        widest = len(written.percent("100.00"))  # 100.00% or 100,00 %: the columns stay aligned
        cells = (max(widest, len(heads[0])), max(widest + 1, len(heads[1])), max(widest + 1, len(heads[2])))
        if self.cumulative:
            body.append(" ".join(f"{t:>{w}}" for t, w in zip(("", *heads), (width, *cells), strict=True)))
        # on a terminal the bars fit its width (40 columns: no bar wraps); posts keep the full bars
        used = width + 1 + cells[0] + (2 + cells[1] + cells[2] if self.cumulative else 0) + 1
        bar_width = max(1, min(BAR_WIDTH, terminal_columns() - used)) if rich else BAR_WIDTH
        for row, text in zip(self.rows, labels, strict=True):
            asked = self._asked(row)
            line = f"{text:>{width}} {chance(row.weight, total, ratio, written):>{cells[0]}}"
            if self.cumulative:
                line += (f" {chance(total - below, total, ratio, written):>{cells[1]}}"
                         f" {chance(below + row.weight, total, ratio, written):>{cells[2]}}")
            below += row.weight
            size = round(bar_width * ratio(row.weight) / top) if row.weight else 0
            bar = (BAR if asked is not False else OTHER_BAR) * max(size, 1 if row.weight else 0)
            if rich and bar:
                bar = f"[green]{bar}[/]" if asked else f"[dim]{bar}[/]" if asked is False else bar
            body.append(f"{line} {bar}".rstrip())
        out = [s.strong(s.escape(self.text))]
        out += [block[0], *body, block[1]] if block else body
        out.append(_("mean {mean}").format(mean=number(d.mean, written)))
        if self.folded:
            out.append(_("rare results folded, ranges grouped (--full: every value)"))
        if d.max_error:
            out.append(_("(explosions followed until the rest is below {error})").format(
                error=written.decimal(f"{d.max_error:.1e}")))
        for _key, words, w in self._answers(written):
            out.append(words.replace("{chance}", s.strong(chance(w, total, written=written))))
        return out

    def to_json(self) -> dict:
        d = self.dist
        total = d.total
        ratio = Ratio(total)

        def frac(w: int) -> dict:
            return {"probability": ratio(w), "exact": exact(w, total)}

        rows = []
        below = 0
        for r in self.rows:
            row: dict[str, object] = {"low": r.lo, "high": r.hi}
            if r.lo == r.hi:
                row["value"] = r.lo
            row.update(frac(r.weight))
            row["at_least"] = ratio(total - below)
            below += r.weight
            row["at_most"] = ratio(below)
            rows.append(row)
        data: dict = {
            "expression": self.text,
            "mean": float(d.mean),
            "folded": self.folded,
            "outcomes": rows,
            "max_error": d.max_error,
        }
        asked = {"at_least": {"value": self.at_least}, "at_most": {"value": self.at_most},
                 "between": {"low": self.at_least, "high": self.at_most}}
        for key, _words, w in self._answers():
            data[key] = {**asked.get(key, {}), **frac(w)}
        return data


def odds_of(text: str, at_least: int | None = None, at_most: int | None = None,
            cumulative: bool = False, full: bool = False) -> OddsResult:
    expr = parse(text)
    return chart(expr.text, distribution(expr), at_least, at_most, cumulative, full)


def chart(text: str, dist: Distribution, at_least: int | None = None, at_most: int | None = None,
          cumulative: bool = False, full: bool = False) -> OddsResult:
    """The chart of ``dist`` headed ``text``: every value with --full, else folded, cut where asked."""
    if full:
        if len(dist) > FULL_ROWS_MAX:
            raise CliError(
                _("{expression} has {count} different results, too many to list (--full lists at most {top})")
                .format(expression=text, count=style().integer(len(dist), grouped=True),
                        top=style().integer(FULL_ROWS_MAX, grouped=True)),
                ExitCode.BAD_EXPRESSION, _("leave out --full for the folded table, or ask --at-least / --at-most"))
        rows = tuple(Row(v, v, w, VALUE) for v, w in zip(dist.values, dist.weights, strict=True))
    else:
        cuts = []
        if at_least is not None:
            cuts.append(at_least)
        if at_most is not None:
            cuts.append(at_most + 1)
        if dist.pass_chance is not None:
            assert dist.chance is not None  # a pass chance is an N% roll's, and it has its N
            cuts.append(dist.chance + 1)
        rows = fold(dist, cuts)
    return OddsResult(text, dist, rows, at_least, at_most, cumulative, full)


