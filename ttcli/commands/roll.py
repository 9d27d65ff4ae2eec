"""``ttcli roll``: one-shot dice for shells, aliases and forum posts."""

from __future__ import annotations

from typing import Annotated

import typer

from ..rolling import run_roll
from .options import FormatOpt, JsonOpt, pick_format


def roll_command(
    ctx: typer.Context,
    expressions: Annotated[list[str], typer.Argument(
        metavar="EXPR...", help="Dice expressions: 2d6+3, 4d6kh3, 9d6>=5, 20%, 3д6 [label].")],
    times: Annotated[int, typer.Option("--times", "-n", help="Roll each expression N times.")] = 1,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible roll.")] = None,
    given: Annotated[str | None, typer.Option(
        help='Faces already rolled elsewhere, in order: "5 4 3 2".')] = None,
    label: Annotated[str | None, typer.Option(help="Label shown with every roll.")] = None,
    total: Annotated[bool, typer.Option(
        "--total", "-t",
        help="Print only the results, one per line (with --json, the JSON is printed: it holds them).")] = False,
    hidden: Annotated[bool, typer.Option(
        "--hidden", help="A master's hidden roll: journaled, left out of public exports.")] = False,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Roll dice; inside a session the roll is journaled. Exit code 1 when a percentage roll fails.

    Examples:

      ttcli roll 4d6kh3 --times 6

      ttcli roll "9d6>=5" "[атака мечом]"

      ttcli roll 1d20+5 --given 14
    """
    code = run_roll(ctx.obj, expressions, times=times, seed=seed, given=given, label=label,
                    total=total, fmt=pick_format(fmt, as_json), hidden=hidden)
    if code:
        raise typer.Exit(code)
