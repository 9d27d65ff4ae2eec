"""``ttcli odds``: the exact chances of an expression."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Optional

import typer

from .options import FormatOpt, JsonOpt, pick_format

#: rows below this probability are folded into the tails, so 100d6 stays readable
SHOWN_MIN = Fraction(1, 10_000)
BAR_WIDTH = 40


def percent(p: Fraction) -> str:
    value = float(p) * 100
    if 0 < value < 0.01:
        return "<0.01%"
    return f"{value:.2f}%"


@dataclass(frozen=True)
class OddsResult:
    text: str
    outcomes: tuple[tuple[int, Fraction], ...]
    mean: Fraction
    at_least: int | None = None
    at_most: int | None = None
    p_at_least: Fraction | None = None
    p_at_most: Fraction | None = None
    pass_chance: Fraction | None = None
    #: bound on the distance from the roller's odds (explosions followed only so deep)
    max_error: float = 0.0

    kind = "odds"

    def lines(self, s) -> list[str]:
        shown = [(v, p) for v, p in self.outcomes if p >= SHOWN_MIN]
        top = max((p for _, p in shown), default=Fraction(1))
        out = [s.strong(s.escape(self.text))]
        if shown:
            width = max(len(str(v)) for v, _ in shown)
            low_tail = sum((p for v, p in self.outcomes if p < SHOWN_MIN and v < shown[0][0]), Fraction(0))
            high_tail = sum((p for v, p in self.outcomes if p < SHOWN_MIN and v > shown[-1][0]), Fraction(0))
            if low_tail:
                out.append(f"{'<' + str(shown[0][0]):>{width + 1}} {percent(low_tail):>7}")
            for v, p in shown:
                bar = "█" * max(1, round(BAR_WIDTH * p / top))
                out.append(f"{v:>{width + 1}} {percent(p):>7} {bar}")
            if high_tail:
                out.append(f"{'>' + str(shown[-1][0]):>{width + 1}} {percent(high_tail):>7}")
        out.append(f"mean {float(self.mean):.4g}")
        if self.max_error:
            out.append(f"(explosions followed until the rest is below {self.max_error:.1e})")
        if self.pass_chance is not None:
            out.append("chance to succeed " + s.strong(percent(self.pass_chance)))
        if self.p_at_least is not None:
            out.append(f"at least {self.at_least}: " + s.strong(percent(self.p_at_least)))
        if self.p_at_most is not None:
            out.append(f"at most {self.at_most}: " + s.strong(percent(self.p_at_most)))
        return out

    def to_json(self) -> dict:
        def frac(p: Fraction) -> dict:
            return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}

        data: dict = {
            "expression": self.text,
            "mean": float(self.mean),
            "outcomes": [{"value": v, **frac(p)} for v, p in self.outcomes],
            "max_error": self.max_error,
        }
        if self.pass_chance is not None:
            data["pass"] = frac(self.pass_chance)
        if self.p_at_least is not None:
            data["at_least"] = {"value": self.at_least, **frac(self.p_at_least)}
        if self.p_at_most is not None:
            data["at_most"] = {"value": self.at_most, **frac(self.p_at_most)}
        return data


def odds_of(text: str, at_least: int | None = None, at_most: int | None = None) -> OddsResult:
    from rules.dice import parse
    from rules.odds import distribution

    expr = parse(text)
    dist = distribution(expr)
    outcomes = tuple(dist.outcomes())
    return OddsResult(
        expr.text, outcomes, dist.mean, at_least, at_most,
        dist.at_least(at_least) if at_least is not None else None,
        dist.at_most(at_most) if at_most is not None else None,
        dist.pass_chance, dist.max_error,
    )


def odds_command(
    ctx: typer.Context,
    expression: Annotated[str, typer.Argument(metavar="EXPR", help="A dice expression: 4d6kh3, 9d6>=5, 2d6+3.")],
    at_least: Annotated[Optional[int], typer.Option("--at-least", help="Chance of a result >= N.")] = None,
    at_most: Annotated[Optional[int], typer.Option("--at-most", help="Chance of a result <= N.")] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Exact distribution of EXPR: a bar chart, the mean and your chances."""
    from ..render import emit

    emit(odds_of(expression, at_least, at_most), pick_format(fmt, as_json), ctx.obj)
