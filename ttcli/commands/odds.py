"""``ttcli odds``: the exact chances of an expression, or of one action in a session.

The chart is ``ttcli.oddsview``'s; an action's odds are ``ttcli.actionodds``'s.
"""

from __future__ import annotations

from typing import Annotated

import typer

from rules.i18n import _

from ..oddsview import odds_of
from .options import FormatOpt, JsonOpt, pick_format


def odds_command(
    ctx: typer.Context,
    expression: Annotated[str, typer.Argument(
        metavar="EXPR", help="A dice expression (4d6kh3, 9d6>=5, 2d6+3), or an action: attack, check, save.")],
    names: Annotated[list[str] | None, typer.Argument(
        metavar="[NAMES]...", help="For an action: ATTACKER TARGET (attack) or NAME STAT (check, save).",
        show_default=False)] = None,
    at_least: Annotated[int | None, typer.Option(
        "--at-least", help="Chance of a result >= N; its rows are highlighted.")] = None,
    at_most: Annotated[int | None, typer.Option(
        "--at-most", help="Chance of a result <= N; its rows are highlighted.")] = None,
    cumulative: Annotated[bool, typer.Option(
        "--cumulative", "-c", help="Add the columns 'at least' and 'at most' to every row.")] = False,
    full: Annotated[bool, typer.Option(
        # a literal, so the catalog finds it: 20,000 is FULL_ROWS_MAX
        "--full", help="Every value on its own row, nothing folded (at most 20,000).")] = False,
    weapon: Annotated[str | None, typer.Option(
        "--weapon", metavar="WEAPON", help="attack: the weapon (dungeon: its die, e.g. 1d8; skirmish: its name; "
        "twilight: its number).")] = None,
    ranged: Annotated[bool, typer.Option("--ranged", help="attack (dungeon): a ranged attack.")] = False,
    answer: Annotated[str | None, typer.Option(
        "--answer", metavar="ANSWER", help="attack (skirmish): the target's answer: block, dodge or none.")] = None,
    defenses: Annotated[int | None, typer.Option(
        "--defenses", metavar="K", help="attack (twilight): the target's defense rolls, the best counts.")] = None,
    counter: Annotated[bool, typer.Option(
        "--counter", help="attack (twilight): the target answers with its counterattack.")] = False,
    formula: Annotated[str | None, typer.Option(
        "--formula", metavar="FORMULA", help="attack (terra): another formula than the weapon's, e.g. D6+2.")] = None,
    dc: Annotated[int | None, typer.Option("--dc", metavar="N", help="check: the difficulty.")] = None,
    modifier: Annotated[int | None, typer.Option(
        "--modifier", metavar="N", help="save (dungeon): the master's bonus or penalty.")] = None,
    rerolls: Annotated[int | None, typer.Option(
        "--rerolls", metavar="N", help="check, attack (skirmish): rerolls of a failed d20 (default: what the "
        "skill allows).")] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Exact distribution of EXPR: a chart that fits a screen, the mean and your chances.

    Rare results fold into one row at each end and wide ranges are grouped;
    --full lists every value.  In --format markdown or bbcode the chart is a
    code block, so a forum keeps its columns.

    In a session, the odds of an action with the combatants' real values:
    attack ATTACKER TARGET, check NAME STAT --dc N, save NAME STAT.  Nothing
    is rolled or written.

    Examples:

      ttcli odds 4d6kh3

      ttcli odds "9d6>=5" --at-least 4

      ttcli odds attack "Гоблин 1" Вор
    """
    from ..render import emit

    result = odds_result(ctx.obj, expression, list(names or ()), at_least, at_most, cumulative, full, {
        "weapon": weapon, "ranged": ranged, "answer": answer, "defenses": defenses, "counter": counter,
        "formula": formula, "dc": dc, "modifier": modifier, "rerolls": rerolls})
    emit(result, pick_format(fmt, as_json), ctx.obj)


def odds_result(env, expression: str, names: list[str], at_least: int | None, at_most: int | None,
                cumulative: bool, full: bool, options: dict):
    """The result of ``odds EXPRESSION NAMES... OPTIONS``: a dice expression's chart, or an action's odds."""
    from ..actionodds import action_odds, action_of  # the session and a system's rules: actions only

    action = action_of(expression)
    typed = {k: v for k, v in options.items() if v is not None and v is not False}
    if action is None:
        if names or typed:
            from ..errors import CliError

            raise CliError(_("names and action options go with an action (attack, check, save), not with "
                             "a dice expression"), hint=_("ttcli odds attack ATTACKER TARGET"))
        return odds_of(expression, at_least, at_most, cumulative, full)
    return action_odds(env, action, names, typed, at_least, at_most, cumulative, full)
