"""Commands generated from the systems' action declarations.

A verb several systems declare (``attack``) is one command whose options are
the union of theirs, grouped in ``--help`` by system; at run time the
session's system picks its own declaration, and an option or a verb that
belongs to another system is refused with a message that says whose it is.
Every action that rolls takes ``--given`` (a player's posted dice, C-DICE-3)
and ``--seed``.  Nothing here knows any system: a new system's actions
appear by themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.i18n import N_, _

from ..errors import CliError
from ..exitcodes import ExitCode

#: options every generated command has, besides the declared ones
COMMON = ("given", "seed", "fmt", "as_json", "public")


def declarations(noun: str = "", systems: tuple[str, ...] | None = None) -> dict[str, list[tuple[Any, Any]]]:
    """verb -> [(system card, action)] over every registered system (or ``systems``), in
    registry order: the systems' catalogues, read without their fight rules.

    ``noun`` picks the actions filed under a command group (``"fight"``: the
    ones run as ``ttcli fight VERB``); the default is the root's.
    """
    from rules.systems import known, system_card

    table: dict[str, list[tuple[Any, Any]]] = {}
    for system in known() if systems is None else systems:
        card = system_card(system)
        for action in card.actions.actions:
            if action.noun == noun:
                table.setdefault(action.verb, []).append((card, action))
    return table


def verb_for(word: str, noun: str = "", systems: tuple[str, ...] | None = None) -> str | None:
    """The declared verb a typed word (a verb or any alias, any case) names."""
    from rules.core import name_key

    wanted = name_key(word)
    for verb, entries in declarations(noun, systems).items():
        for _rules, action in entries:
            if any(name_key(s) == wanted for s in action.spellings):
                return verb
    return None


def panel(rules) -> str:
    return f"{rules.id}: {rules.name_ru}" if rules.name_ru else rules.id


def click_params(entries, *, rolls: bool) -> list:
    """Click parameters for one verb: declared arguments, the union of options, the common ones."""
    import typer.core

    from .char import complete_combatant
    from .completion import choice_words, complete_effect, complete_stat_word
    from .options import NamedArgument

    params: list = []
    _, first = entries[0]
    for p in first.positionals:
        nargs = -1 if p.kind == "words" else 1
        complete = {"name": complete_combatant, "stat": complete_stat_word, "effect": complete_effect}.get(p.kind)
        params.append(NamedArgument(
            param_decls=[p.name], required=p.required and nargs == 1, nargs=nargs,
            type=int if p.kind in ("int", "count") and nargs == 1 else str, metavar=p.name.upper(),
            help=p.help, show_default=False,
            autocompletion=(lambda ctx, args, incomplete, complete=complete: complete(ctx, incomplete))
            if complete is not None else None,
        ))
    owners: dict[str, list] = {}
    for rules, action in entries:
        for p in action.options:
            owners.setdefault(p.name, []).append((rules, p))
    for name, owned in owners.items():
        rules, p = owned[0]
        shared = len(owned) == len(entries) and len(entries) > 1
        where = N_("all systems") if shared else ", ".join(panel(r) for r, _p in owned)
        if p.kind == "flag":
            params.append(typer.core.TyperOption(param_decls=[*p.spellings, name], is_flag=True, default=False,
                                                 help=p.help, rich_help_panel=where))
        else:
            kind = int if p.kind in ("int", "count") else str
            words = _union_words(owned) if p.kind == "choice" else ()
            option = typer.core.TyperOption(
                param_decls=[*p.spellings, name], type=kind, default=None,
                required=p.required and p.default is None and len(owned) == len(entries),
                help=p.help, rich_help_panel=where, show_default=False,
                autocompletion=(lambda ctx, args, incomplete, words=words: choice_words(words, incomplete))
                if words else None,
            )
            if p.kind == "choice":
                # the help is the msgid; the words it accepts are shown after its translation
                option._ttcli_compose = _with_words(p.help, p.words)  # type: ignore[attr-defined]
            params.append(option)
    params.extend(common_params(rolls=rolls))
    return params


def _union_words(owned) -> tuple[str, ...]:
    """Every word the systems sharing a choice option accept."""
    return tuple(dict.fromkeys(w for _rules, p in owned for w in p.words))


def _with_words(text: str, words) -> Any:
    """A choice option's help as shown: its text translated, then the words it accepts."""

    def compose() -> str:
        from ..i18n.help import translate

        return f"{translate(text)} ({', '.join(words)})"

    return compose


def common_params(*, rolls: bool) -> list:
    import typer.core

    from .options import _check_format, _complete_format

    params: list = []
    if rolls:
        params.append(typer.core.TyperOption(
            param_decls=["--given", "given"], type=str, default=None, metavar="FACES",
            help='Dice already rolled (a player\'s post), in order: "5 4 3". Extra values are ignored '
                 "and listed; missing dice are rolled and marked.",
            rich_help_panel="Dice"))
        params.append(typer.core.TyperOption(
            param_decls=["--seed", "seed"], type=int, default=None,
            help="Reproducible dice (not while a commitment is active).", rich_help_panel="Dice"))
    params.append(typer.core.TyperOption(
        param_decls=["--public", "public"], is_flag=True, default=False,
        help="The players' version: hidden combatants left out.", rich_help_panel="Output"))
    params.append(typer.core.TyperOption(
        param_decls=["--format", "-f", "fmt"], type=str, default="auto", metavar="FORMAT",
        callback=lambda ctx, param, value: _check_format(value), shell_complete=None, show_default=False,
        autocompletion=_complete_format,
        help="auto (rich on a terminal, plain when piped), rich, plain, json, bbcode, markdown.",
        rich_help_panel="Output"))
    params.append(typer.core.TyperOption(
        param_decls=["--json", "as_json"], is_flag=True, default=False, help="Same as --format json.",
        rich_help_panel="Output"))
    return params


def build_command(verb: str, entries, noun: str = "") -> Any:
    """The Click command of one verb (under ``noun``'s group when given)."""
    import typer.core

    rolls = any(action.rolls for _rules, action in entries)
    first = entries[0][1]
    systems = ", ".join(panel(r) for r, _a in entries)
    aliases = sorted({a for _rules, action in entries for a in action.aliases})
    examples = [e for _rules, action in entries for e in action.examples]

    def compose() -> str:
        """The help as shown, in the reader's language (made when help is printed)."""
        from ..i18n.help import translate

        text = translate(first.help)
        # a group's listing shows the first sentence: of the translated help, not of the English
        command.short_help = text.split(". ")[0].rstrip(".")
        if aliases:
            text += "\n\n" + _("Also: {aliases}.").format(aliases=", ".join(aliases))
        text += "\n\n" + _("Systems: {systems}.").format(systems=systems)
        if examples:
            text += "\n\n" + _("Examples:") + "\n\n" + "\n\n".join(f"  ttcli {e}" for e in examples)
        command.rich_help_panel = _("Actions: {systems}").format(systems=systems)
        return text

    epilog = None

    def callback(**values: Any) -> None:
        run_verb(_context(), verb, values, noun)

    from ..i18n.help import make_localized
    from .options import name_arguments

    command = make_localized(name_arguments(typer.core.TyperCommand(
        verb, callback=callback, params=click_params(entries, rolls=rolls), help=first.help,
        epilog=epilog, short_help=first.help.split(". ")[0].rstrip("."), rich_help_panel="Actions: " + systems,
    )))
    command._ttcli_compose = compose
    from ..i18n.help import localize

    localize(command)  # listed in a group's help before its own help is asked for
    return command


def run_verb(ctx, verb: str, values: dict[str, Any], noun: str = "") -> None:
    """Run ``verb`` on the current session with the values Click parsed."""
    from ..operations import emit_fight

    result, fmt = perform_verb(ctx.obj, verb, values, _typed_options(ctx, values), noun)
    emit_fight(ctx, result, fmt)


def perform_verb(env, verb: str, values: dict[str, Any], typed: list[str], noun: str = "",
                 systems: tuple[str, ...] | None = None) -> tuple[Any, str]:
    """Run ``verb`` on the current session: (its FightResult, the output format).

    ``values`` holds every parameter of the verb's command (defaults
    included); ``typed`` names the options the master actually typed.  The
    session's system is learnt inside the one transaction that runs the
    action (the file is read once); a verb or an option of another system is
    refused there, before anything is written.
    """
    from rules.systems import system_rules

    from ..operations import run_operation

    entries = declarations(noun, systems)[verb]
    command = f"{noun} {verb}" if noun else verb

    def plan(system: str):
        mine = [(rules, action) for rules, action in entries if rules.id == system]
        if not mine:
            owners = ", ".join(rules.id for rules, _a in entries)
            raise CliError(_("{command} belongs to {owners}; this session plays {system}").format(
                command=command, owners=owners, system=system), ExitCode.USAGE,
                _("see 'ttcli --help' for the commands of {system}").format(system=system))
        _card, action = mine[0]
        declared = {p.name for p in action.params}
        foreign = [name for name in typed if name not in declared and name not in COMMON]
        if foreign:
            spelled = "--" + foreign[0].replace("_", "-")
            others = ", ".join(r.id for r, a in entries if any(p.name == foreign[0] for p in a.params))
            raise CliError(_("{option} belongs to {owners}; this session plays {system}").format(
                option=spelled, owners=others, system=system), ExitCode.USAGE,
                _("see '{command} --help'").format(command="ttcli " + command))
        if not action.rolls and (values.get("given") is not None or values.get("seed") is not None):
            raise CliError(_("{command} rolls no dice in {system}; --given and --seed do not apply").format(
                command=command, system=system), ExitCode.USAGE)
        args = _converted(command, action, values)
        words = [command, *(_shown_value(values.get(p.name)) for p in action.positionals if values.get(p.name))]
        words += [f"{_spelled(p)}" + ("" if p.kind == "flag" else f" {_shown_value(values[p.name])}")
                  for p in action.options if p.name in typed]
        return " ".join(words), (lambda enc, src: action.run(system_rules(system), enc, src, **args)), action.rolls

    result = run_operation(env, "", None, plan=plan, seed=values.get("seed"), given=values.get("given"))
    fmt = "json" if values.get("as_json") else values.get("fmt") or "auto"
    if values.get("public"):
        from rules.dice import replace

        result = replace(result, public=True)
    return result, fmt


def _converted(command: str, action, values: dict[str, Any]) -> dict[str, Any]:
    """The action's arguments as its function takes them; a usage error for a bad one."""
    from rules.core import convert

    args: dict[str, Any] = {}
    for p in action.params:
        raw = values.get(p.name)
        if p.kind == "words" and not raw:
            raw = None if not p.required else ()
        if raw is None and p.required and p.default is None:
            raise CliError(_("{command}: {option} is required").format(command=command, option=_spelled(p)),
                           ExitCode.USAGE, _("see '{command} --help'").format(command="ttcli " + command))
        try:
            args[p.name] = convert(p, raw)
        except ValueError as e:
            raise CliError(f"{command}: {e}", ExitCode.USAGE) from None
    return args


def _typed_options(ctx, values: dict[str, Any]) -> list[str]:
    """The options the master actually typed (not left at their defaults)."""
    from .._compat import parameter_source

    ParameterSource = parameter_source()
    return [name for name in values
            if ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)
            and any(p.name == name and getattr(p, "nargs", 1) != -1 and p.param_type_name == "option"
                    for p in ctx.command.params)]


def _spelled(p) -> str:
    return p.spellings[0] if p.option else p.name.upper()


def _shown_value(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value)
    text = str(value)
    return repr(text) if " " in text else text


def _context():
    from .._compat import current_context

    return current_context()


def build_start_command() -> Any:
    """``fight start`` with the options every system declares for its start."""
    import typer.core

    from rules.core import Action
    from rules.systems import known, system_card

    entries = []
    for system in known():
        card = system_card(system)
        entries.append((card, Action("start", N_("Open the fight."), run=_start, params=card.start_params,
                                     rolls=True)))

    def callback(**values: Any) -> None:
        run_start(_context(), entries, values)

    from ..i18n.help import localize, make_localized
    from .options import name_arguments

    command = make_localized(name_arguments(typer.core.TyperCommand(
        "start", callback=callback, params=click_params(entries, rolls=True),
        help="Open the fight by the system's rules: initiative, the first turn or round.",
        epilog="Examples:\n\n  ttcli fight start\n\n  ttcli fight start --ambush party\n\n"
               '  ttcli fight start --ambush отряд --given "5 2"',
    )))
    localize(command)  # listed in the fight group's help before its own help is asked for
    return command


def _start(rules, enc, source, **options):
    return rules.start(enc, source, **options)


def system_plan(ctx, entries, values: dict[str, Any], command: str, problem: str,
                hook: Callable[[Any], Callable[..., Any]], rolls: bool, quoted: bool = False):
    """The plan of a command whose options each system declares (``fight start``, ``day``): once
    the session's system is known, its options are checked and converted, an option of another
    system is refused, and ``hook(rules)`` (the system's ``start``, ``day``) runs with them.
    ``problem`` words a bad value; ``quoted`` journals the values as Python strings."""
    from rules.core import convert
    from rules.systems import system_rules

    typed = _typed_options(ctx, values)

    def plan(system: str):
        _card, action = next((r, a) for r, a in entries if r.id == system)
        declared = {p.name for p in action.params}
        foreign = [name for name in typed if name not in declared and name not in COMMON]
        if foreign:
            others = ", ".join(r.id for r, a in entries if any(p.name == foreign[0] for p in a.params))
            raise CliError(_("{option} belongs to {owners}; this session plays {system}").format(
                option="--" + foreign[0].replace("_", "-"), owners=others, system=system),
                ExitCode.USAGE, _("see '{command} --help'").format(command="ttcli " + command))
        try:
            options = {p.name: convert(p, values.get(p.name)) for p in action.params}
        except ValueError as e:
            raise CliError(problem.format(problem=e), ExitCode.USAGE) from None
        words = [command] + [f"{_spelled(p)} {values[p.name]!r}" if quoted else f"{_spelled(p)} {values[p.name]}"
                             for p in action.params if p.name in typed]
        run = hook(system_rules(system))
        return " ".join(words), (lambda enc, src: run(enc, src, **options)), rolls

    return plan


def run_start(ctx, entries, values: dict[str, Any]) -> None:
    from ..operations import emit_fight, run_operation

    plan = system_plan(ctx, entries, values, "fight start", _("fight start: {problem}"), lambda r: r.start, True)
    result = run_operation(ctx.obj, "", None, plan=plan, seed=values.get("seed"), given=values.get("given"))
    fmt = "json" if values.get("as_json") else values.get("fmt") or "auto"
    emit_fight(ctx, result, fmt)
