"""Fight commands: ``fight start|status|next|end``, the prompt, and the actions.

Each action is one call into ``rules.fight`` through ``ttcli.operations``;
the prompt (``ttcli fight`` alone, or ``ttcli repl``) dispatches its lines to
these same commands.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer
from typer.core import TyperGroup

from rules.i18n import _

from ..errors import CliError
from ..exitcodes import ExitCode
from .char import complete_combatant
from .options import FormatOpt, JsonOpt, choice_value, complete_choice, pick_format


class FightGroup(TyperGroup):
    """``fight start`` takes the options each system declares for its start; the
    actions a system files under ``fight`` (``Action(noun="fight")``) are its
    subcommands too."""

    def list_commands(self, ctx):
        from .actions import declarations

        own = ["start", *super().list_commands(ctx)]
        return [*own, *(verb for verb in declarations("fight") if verb not in own)]

    def get_command(self, ctx, name):
        if name == "start":
            from .actions import build_start_command

            return build_start_command()
        found = super().get_command(ctx, name)
        if found is not None:
            return found
        from .actions import build_command, declarations, verb_for

        verb = verb_for(name, "fight")
        if verb is None:
            return None
        return build_command(verb, declarations("fight")[verb], "fight")


app = typer.Typer(help="Run a fight: start, status, next, end; alone it opens the combat prompt.",
                  epilog="Examples:\n\n  ttcli fight start\n\n  ttcli fight next\n\n  ttcli fight end --yes",
                  invoke_without_command=True, cls=FightGroup)
effect_app = typer.Typer(help="Add or remove timed effects (bleeding, poison, stun, burning, your own).",
                         epilog='Examples:\n\n  ttcli effect add Вор кровотечение --duration "3 хода"\n\n'
                                "  ttcli effect rm Вор bleeding",
                         no_args_is_help=True)

Name = Annotated[str, typer.Argument(help="Combatant (unique prefix, any case).",
                                     autocompletion=complete_combatant)]
PublicOpt = Annotated[bool, typer.Option("--public", help="The players' version: hidden combatants left out.")]


def _run(ctx, command: str, operation, *, dice: bool = True, fmt: str = "auto", public: bool = False,
         given: str | None = None, seed: int | None = None):
    from ..operations import emit_fight, run_operation

    result = run_operation(ctx.obj, command, operation, needs_dice=dice, given=given, seed=seed)
    if public:
        from rules.dice import replace

        result = replace(result, public=True)
    emit_fight(ctx, result, fmt)


def open_prompt(ctx: typer.Context) -> None:
    from ..repl import Repl
    from ..session import open_session, require_current

    env = ctx.obj
    name = require_current(env)
    open_session(env, name).read()  # a broken file is reported before the prompt opens
    code = Repl(env, name).run()
    if code:
        raise typer.Exit(code)


@app.callback()
def fight(ctx: typer.Context) -> None:
    """Run a fight. Without a subcommand: open the combat prompt on the current session.

    Examples:

      ttcli fight

      ttcli fight < round3.txt
    """
    if ctx.invoked_subcommand is None:
        open_prompt(ctx)


@app.command("status")
def status(ctx: typer.Context, public: PublicOpt = False, fmt: FormatOpt = "auto",
           as_json: JsonOpt = False) -> None:
    """Round, whose turn, order, HP, resources and effects (--format bbcode for the forum).

    Examples:

      ttcli fight status

      ttcli fight status --public --format bbcode
    """
    from ..render import emit
    from ..session import open_session
    from ..statusview import StatusView

    emit(StatusView(open_session(ctx.obj).read(), public), pick_format(fmt, as_json), ctx.obj)


GivenOpt = Annotated[str | None, typer.Option(
    "--given", metavar="FACES", rich_help_panel="Dice",
    help='Dice already rolled (a player\'s post), in order: "5 4 3"; extra values are ignored, missing ones rolled.')]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", rich_help_panel="Dice", help="Reproducible dice (not while a commitment is active).")]


@app.command("next")
def next_(ctx: typer.Context, fmt: FormatOpt = "auto", given: GivenOpt = None, seed: SeedOpt = None) -> None:
    """The system's next step: the next turn (its effects tick), or the round's resolution.

    Examples:

      ttcli fight next

      ttcli fight next --given "3"
    """
    from rules import fight as combat

    _run(ctx, "fight next", combat.next_turn, fmt=fmt, given=given, seed=seed)


@app.command("end")
def end(ctx: typer.Context, fmt: FormatOpt = "auto", given: GivenOpt = None, seed: SeedOpt = None,
        yes: Annotated[bool, typer.Option("--yes", "-y", help="End it even with enemies standing, without asking.")]
        = False) -> None:
    """End the fight: fight-long effects end; who is down or dead is reported.

    With enemies still standing it asks first (--yes for scripts).

    Examples:

      ttcli fight end

      ttcli fight end --yes
    """
    from rules import fight as combat

    if not yes and not _confirm_end(ctx):
        return
    _run(ctx, "fight end", combat.end_fight, fmt=fmt, given=given, seed=seed)


def standing_enemies(doc: dict) -> list[str]:
    """The enemies still on their feet in the session's fight (none when no fight runs)."""
    from rules import fight as combat
    from rules.systems import system_rules

    return combat.standing(combat.encounter_from_doc(doc, system_rules(str(doc.get("system")))), combat.ENEMY)


def _confirm_end(ctx: typer.Context) -> bool:
    """Ask before a fight ends with enemies standing (True: end it); refuse when no terminal can answer."""
    from rules.i18n import ngettext

    from ..session import open_session

    env = ctx.obj
    standing = standing_enemies(open_session(env).read())
    if not standing:
        return True
    names = ", ".join(standing)
    question = ngettext("{count} enemy is still standing ({names}). End the fight?",
                        "{count} enemies are still standing ({names}). End the fight?",
                        len(standing)).format(count=len(standing), names=names)
    answer = env.ask(question)
    if answer is None:
        raise CliError(_("the fight goes on: enemies are still standing ({names})").format(names=names),
                       ExitCode.USAGE, _("to end it anyway: ttcli fight end --yes"))
    if not answer:
        env.stdout.write(_("the fight goes on") + "\n")
    return answer


@app.command("simulate")
def simulate(
    ctx: typer.Context,
    runs: Annotated[int, typer.Option("--runs", "-n", help="How many fights to play (1 to 1,000,000).")] = 1000,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="The same seed gives the same report, whatever --jobs (default: a new one, shown).")] = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", help="Processes to play on (default: the machine's cores).")] = None,
    tactic: Annotated[list[str] | None, typer.Option(
        "--tactic", metavar="WHO=TACTIC",
        help="A tactic for a side or a combatant, e.g. party=focus, враги=первый, Викинг=brute "
             "(repeatable; default: the session's, else the system's).")] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Play the fight (or the roster, as fight start would) to its end many times with the real rules.

    Reports each side's chance to win with a 95% interval, how many rounds the fights
    lasted, and each combatant's chance to end standing, down or dead with its HP left.
    The session and its journal are not touched.  Ctrl-C reports the runs finished.

    Examples:

      ttcli fight simulate

      ttcli fight simulate --runs 2000 --seed 7 --tactic party=focus

      ttcli fight simulate --format bbcode
    """
    _simulate(ctx, runs, seed, jobs, tactic or [], pick_format(fmt, as_json))


def _simulate(ctx: typer.Context, runs: int, seed: int | None, jobs: int | None, tactics: list[str],
              fmt: str) -> None:
    from rules.simulate import ROUND_CAP, RUNS_MAX, RUNS_MIN, SimulationError, assign, prepare, tactics_of
    from rules.systems import system_rules

    from .. import simulation
    from ..render import emit, rich_console
    from ..roster import split_assignment
    from ..session import match_name, open_session, require_current, side_of

    env = ctx.obj
    name = require_current(env)
    doc = open_session(env, name).read()  # first: the errors below speak the session's language
    if not RUNS_MIN <= runs <= RUNS_MAX:
        raise CliError(_("--runs {runs}: give 1 to 1,000,000 runs").format(runs=runs), ExitCode.USAGE)
    if jobs is not None and jobs < 1:
        raise CliError(_("--jobs {jobs}: give 1 or more processes").format(jobs=jobs), ExitCode.USAGE)
    from rules import fight as combat

    enc = combat.encounter_from_doc(doc, system_rules(str(doc.get("system"))))
    if not enc.combatants:
        raise CliError(_("no fight and no roster to simulate"), ExitCode.NOT_FOUND,
                       _("add combatants first: ttcli char add NAME ..."))
    asked: dict[str, str] = {}
    for text in tactics:
        who, word = split_assignment(text)
        side = side_of(who)
        asked[side if side is not None else match_name(enc.names, who)] = word
    try:
        prepare(enc, asked)
        chosen = assign(enc, tactics_of(enc.system), asked)
    except SimulationError as e:
        raise CliError(str(e), ExitCode.USAGE) from None
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    jobs = min(jobs or simulation.default_jobs(), runs)
    bar = None
    if env.stderr_isatty and fmt != "json":
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        bar = Progress("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                       console=rich_console(env, env.stderr), transient=True)
    if bar is not None:
        with bar:
            task = bar.add_task(_("simulating"), total=runs)
            summary, interrupted = simulation.run(doc, enc, asked, seed, runs, jobs,
                                                  lambda done: bar.update(task, completed=done))
    else:
        summary, interrupted = simulation.run(doc, enc, asked, seed, runs, jobs)
    if summary.runs == 0:
        raise KeyboardInterrupt
    emit(simulation.SimulationResult(name, enc.system, summary, runs, seed, jobs,
                                     {n: t.name for n, t in chosen.items()}, interrupted, ROUND_CAP), fmt, env)
    if interrupted:
        raise typer.Exit(int(ExitCode.INTERRUPTED))


@app.command("join")
def join(ctx: typer.Context, name: Name) -> None:
    """Put a combatant added during the fight into the order.

    Examples:

      ttcli fight join Гоблин-лучник
    """
    from rules import fight as combat

    _run(ctx, f"fight join {name}", lambda enc, src: combat.join_fight(enc, name), dice=False)


def _complete_choice(vocabulary: str, incomplete: str) -> list[str]:
    from .. import choices

    return complete_choice(getattr(choices, vocabulary), incomplete)


def _complete_effect(ctx: typer.Context, incomplete: str) -> list[str]:
    from .completion import complete_effect

    return complete_effect(ctx, incomplete)


@effect_app.command("add")
def effect_add(
    ctx: typer.Context,
    name: Name,
    effect: Annotated[str, typer.Argument(help="bleeding, poison, stun, burning, or a name of your own.",
                                          autocompletion=_complete_effect)],
    duration: Annotated[str | None, typer.Option(
        help='"3 turns", "2 rounds", "until round 5", "fight", "forever" (or "3 хода", "до конца боя").')] = None,
    damage: Annotated[int, typer.Option(help="Damage per tick.")] = 0,
    dice: Annotated[str | None, typer.Option(help="Damage dice per tick, e.g. 1d4.")] = None,
    heal: Annotated[int, typer.Option(help="Healing per tick.")] = 0,
    tick: Annotated[str, typer.Option(
        help="turn_start (the default), turn_end, round_start, round_end or never "
             "(or начало хода, конец раунда ...).", show_default=False,
        callback=lambda value: choice_value(value, "TICKS"),
        autocompletion=lambda incomplete: _complete_choice("TICKS", incomplete))] = "turn_start",
    stack: Annotated[str, typer.Option(
        help="refresh (the default), add, replace_damage, replace or ignore (or продлить, сложить ...).",
        show_default=False,
        callback=lambda value: choice_value(value, "STACKING"),
        autocompletion=lambda incomplete: _complete_choice("STACKING", incomplete))] = "refresh",
    skip_turn: Annotated[bool, typer.Option("--skip-turn", help="The bearer loses its turns.")] = False,
    mod: Annotated[list[str] | None, typer.Option(help="A modifier while active: stat=N (repeatable).")] = None,
    floor: Annotated[int, typer.Option(min=0, help="Its damage never brings HP below this (0: no floor).")] = 0,
    healing_removes: Annotated[bool, typer.Option("--healing-removes", help="Any healing removes it.")] = False,
    custom: Annotated[bool, typer.Option(
        "--custom", help="An effect of your own, even when its name is close to one of the system's.")] = False,
) -> None:
    """Give a combatant a timed effect; the tool ticks it by itself.

    A preset of the session's system (bleeding, оглушение ...) takes every option
    typed on top of it.

    Examples:

      ttcli effect add Вор bleeding --duration "3 turns"

      ttcli effect add Вор оглушение --duration "3 хода"

      ttcli effect add Огр "ядовитый туман" --dice 1d4 --duration "2 rounds" --floor 1
    """
    from rules import fight as combat
    from rules.dice import replace

    from ..operations import emit_fight, run_operation

    words = [f"effect add {name} {effect}"] + [
        f"--{key.replace('_', '-')} {value!r}" if not isinstance(value, bool) else f"--{key.replace('_', '-')}"
        for key, value in (("duration", duration), ("damage", damage), ("dice", dice), ("heal", heal),
                           ("floor", floor), ("healing_removes", healing_removes), ("skip_turn", skip_turn),
                           ("custom", custom))
        if value]

    def plan(system: str):
        # the session's system is learnt in the transaction that adds the effect: one read
        spec = _effect_spec(ctx, system, effect, duration, damage, dice, heal, tick, stack, skip_turn, mod or [],
                            custom)
        if floor or healing_removes:
            try:
                spec = replace(spec, floor=floor or spec.floor,
                               healing_removes=healing_removes or spec.healing_removes)
            except ValueError as e:
                raise CliError(str(e), ExitCode.USAGE) from None
        return " ".join(words), (lambda enc, src: combat.add_effect(enc, name, spec)), False

    emit_fight(ctx, run_operation(ctx.obj, "", None, plan=plan), "auto")


def _effect_spec(ctx, system, effect, duration, damage, dice, heal, tick, stack, skip_turn, mods, custom=False):
    """The effect the master asked for: a preset of the session's system when the
    name is one, with every option typed applied on top of it (rules.fight.asked_effect)."""
    from rules import fight as combat
    from rules.core import beyond_64_bits, fits

    from ..roster import split_assignment

    typed = {name for name in ("duration", "damage", "dice", "heal", "tick", "stack", "skip_turn", "mod")
             if ctx.get_parameter_source(name).name in ("COMMANDLINE", "ENVIRONMENT")}
    try:
        dur = combat.parse_duration(duration) if duration else None
    except ValueError as e:
        raise CliError(_("--duration: {problem}").format(problem=e), ExitCode.USAGE,
                       _('for example "3 turns", "3 хода", "until round 5", "до конца боя"')) from None
    modifiers = {}
    for text in mods:
        key, value = split_assignment(text)
        try:
            modifiers[key] = int(value)
        except ValueError:
            raise CliError(_("--mod {text!r}: the value must be a whole number").format(text=text), ExitCode.USAGE,
                           _("for example --mod защита=2")) from None
        if not fits(modifiers[key]):
            raise CliError(_("--mod {key}: {problem}").format(key=key, problem=beyond_64_bits(modifiers[key])),
                           ExitCode.USAGE)
    try:
        return combat.asked_effect(system, effect, typed, duration=dur, damage=damage, dice=dice, heal=heal,
                                   tick=tick, stacking=stack, skip_turn=skip_turn, modifiers=modifiers,
                                   custom=custom)
    except ValueError as e:
        raise CliError(str(e), ExitCode.USAGE) from None


@effect_app.command("rm")
def effect_rm(
    ctx: typer.Context,
    name: Name,
    effect: Annotated[str, typer.Argument(help="The effect to remove (bandaging stops bleeding).",
                                          autocompletion=_complete_effect)],
) -> None:
    """Remove an effect before it ends by itself.

    Examples:

      ttcli effect rm Вор bleeding

      ttcli effect rm Вор кровотечение
    """
    from rules import fight as combat

    _run(ctx, f"effect rm {name} {effect}", lambda enc, src: combat.remove_effect(enc, name, effect), dice=False)


def repl_command(ctx: typer.Context) -> None:
    """Open the combat prompt on the current session (same as 'ttcli fight').

    Examples:

      ttcli repl

      ttcli --session crypt repl
    """
    open_prompt(ctx)

