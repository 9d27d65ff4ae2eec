"""``day``: the in-world day of the session ends (midnight).

One command for every system: the session's system applies what its rules tie
to a day (``SystemRules.end_day``: terra's HP refill, trance and aspect; a
system that ties nothing to a day says so and changes nothing).  Its options
are those the systems declare (``SystemCard.day_params``), as ``fight start``'s
are.  Journaled like every change, so ``undo`` takes it back.
"""

from __future__ import annotations

from typing import Any

from rules.i18n import N_, _


def day_command() -> Any:
    """The Click command ``day`` with the options every system declares for its day."""
    import typer.core

    from rules.core import Action
    from rules.systems import known, system_card

    from .actions import _context, click_params

    entries = []
    for system in known():
        card = system_card(system)
        entries.append((card, Action("day", N_("End the day."), run=_day, params=card.day_params)))

    def callback(**values: Any) -> None:
        run_day(_context(), entries, values)

    from ..i18n.help import localize, make_localized
    from .options import name_arguments

    command = make_localized(name_arguments(typer.core.TyperCommand(
        "day", callback=callback, params=click_params(entries, rolls=False),
        help="End the in-world day (midnight) between fights: each system's daily rules apply "
             "(terra: HP and SP back, the trance ready, the day's aspect chosen anew); undo takes it back.",
        epilog='Examples:\n\n  ttcli day\n\n  ttcli day --aspects "Айрис=Мана, Торн=Душа"',
    )))
    localize(command)
    return command


#: ``ttcli.app.build`` makes the command by calling this (its options come from the systems)
day_command.builds_command = True  # type: ignore[attr-defined]


def _day(rules, enc, source, **options):
    return rules.day(enc, source, **options)


def run_day(ctx, entries, values: dict[str, Any]) -> None:
    from ..operations import emit_fight, run_operation
    from .actions import system_plan

    plan = system_plan(ctx, entries, values, "day", _("day: {problem}"), lambda r: r.day, False, quoted=True)
    result = run_operation(ctx.obj, "", None, plan=plan)
    fmt = "json" if values.get("as_json") else values.get("fmt") or "auto"
    emit_fight(ctx, result, fmt)
