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

from ..errors import CliError
from ..exitcodes import ExitCode


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
    from rules.core import convert
    from rules.systems import system_rules

    from ..operations import emit_fight, run_operation
    from .actions import COMMON, _spelled, _typed_options

    typed = _typed_options(ctx, values)

    def plan(system: str):
        _card, action = next((r, a) for r, a in entries if r.id == system)
        declared = {p.name for p in action.params}
        foreign = [name for name in typed if name not in declared and name not in COMMON]
        if foreign:
            others = ", ".join(r.id for r, a in entries if any(p.name == foreign[0] for p in a.params))
            raise CliError(_("{option} belongs to {owners}; this session plays {system}").format(
                option="--" + foreign[0].replace("_", "-"), owners=others, system=system),
                ExitCode.USAGE, _("see '{command} --help'").format(command="ttcli day"))
        try:
            options = {p.name: convert(p, values.get(p.name)) for p in action.params}
        except ValueError as e:
            raise CliError(_("day: {problem}").format(problem=e), ExitCode.USAGE) from None
        words = ["day"] + [f"{_spelled(p)} {values[p.name]!r}" for p in action.params if p.name in typed]
        return " ".join(words), (lambda enc, src: system_rules(system).day(enc, src, **options)), False

    result = run_operation(ctx.obj, "", None, plan=plan)
    fmt = "json" if values.get("as_json") else values.get("fmt") or "auto"
    emit_fight(ctx, result, fmt)
