"""The root Typer app: global options, one sub-app per noun, errors at the edge."""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from .commands import COMMANDS
from .env import Environment
from .errors import usage_report
from .exitcodes import ExitCode
from .render import report_failure


class TtcliGroup(TyperGroup):
    """Translates library errors into one message and a documented exit code.

    Every command runs inside the root group's invoke, so this is the single
    edge where DiceError, StoreError, RuleError ... become text on stderr.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(self.commands, COMMANDS, build)

    def list_commands(self, ctx):
        from .commands.actions import declarations

        return [*super().list_commands(ctx), *(v for v in declarations() if v not in self.commands)]

    def get_command(self, ctx, name):
        found = super().get_command(ctx, name)
        if found is not None:
            return found
        # a system's verb, or an alias of one (Russian verbs work in the shell too)
        from .commands.actions import build_command, declarations, verb_for

        verb = verb_for(name)
        if verb is None:
            return None
        if verb_for(name, systems=tuple(reversed(_known_systems()))) != verb:
            # two systems' verbs share the word (ответ: skirmish's defend, terra's counter):
            # the session's system says which, as on the fast path and at the prompt
            verb = verb_for(name, systems=_session_systems(ctx)) or verb
        command = build_command(verb, declarations()[verb])
        self.commands[verb] = command
        return command

    def format_usage(self, ctx, formatter) -> None:
        from .i18n.help import write_usage

        write_usage(self, ctx, formatter)

    def format_help(self, ctx, formatter):
        from .i18n.help import localize

        localize(self, ctx)
        return super().format_help(ctx, formatter)

    def get_help_option(self, ctx):
        from .i18n.help import help_option

        return help_option(super().get_help_option(ctx))

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        import sys

        from .argv import read_line

        words = read_line(list(sys.argv[1:] if args is None else args)).for_click()
        if not standalone_mode:
            return super().main(words, prog_name, complete_var, standalone_mode=False, **extra)
        sys.exit(self.run_words(words, prog_name=prog_name or "ttcli", complete_var=complete_var, **extra))

    def run_words(self, words: list[str], *, obj=None, prog_name: str = "ttcli", **extra) -> int:
        """Run one command line and return its exit code; every error is one message on stderr.

        The shell (through :meth:`main`) and the prompt both come here, so a usage
        error reads the same in both: ``ttcli: error: ...`` with a hint, exit 2.
        """
        from ._compat import click_exceptions
        from .argv import read_line, running, unprintable, unprintable_word
        from .render import error

        click_errors = click_exceptions()
        env = obj if isinstance(obj, Environment) else None
        line = read_line(words)
        _language_of_the_line(line.options.get("lang"), env)
        bad = unprintable(words)
        if bad is not None:
            error(env or Environment(), unprintable_word(bad))
            return ExitCode.USAGE
        running(line.command)
        try:
            result = super().main(line.for_click(), prog_name, standalone_mode=False, obj=obj, **extra)
        except click_errors.NoArgsIsHelpError as e:
            (env or Environment()).stdout.write(e.format_message())
            return ExitCode.USAGE
        except click_errors.UsageError as e:
            root = e.ctx.find_root().obj if e.ctx is not None else None
            reader = env or (root if isinstance(root, Environment) else Environment())
            from .session import note_language_of_current

            note_language_of_current(reader)
            report = usage_report(e, self.command_path(words))
            error(reader, report.message)
            return report.code
        except typer.Abort:
            from rules.i18n import _

            (env or Environment()).stderr.write(_("ttcli: aborted") + "\n")
            return ExitCode.FAILED
        except click_errors.ClickException as e:
            error(env or Environment(), e.format_message())
            return e.exit_code
        return result if isinstance(result, int) else ExitCode.OK

    def command_path(self, words: list[str]) -> str:
        """``ttcli char add`` for ``char add A --count``: the commands a line names, for a hint."""
        path, node = ["ttcli"], self
        valued = {o for p in self.params if not getattr(p, "is_flag", False) for o in p.opts}
        words = list(words)
        while words and words[0].startswith("-"):  # the global options before the command
            words = words[2:] if words[0] in valued else words[1:]
        for word in words:
            if word.startswith("-") or not hasattr(node, "get_command"):
                break
            found = node.get_command(None, word)
            if found is None:
                break
            path.append(word)
            node = found
        return " ".join(path)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except Exception as e:
            if type(e).__module__.startswith("click") or type(e).__module__.startswith("typer"):
                raise
            code = report_failure(_environment(ctx), e)
            raise typer.Exit(code) from None
        except KeyboardInterrupt as e:
            raise typer.Exit(report_failure(_environment(ctx), e)) from None


class LazyCommands(MutableMapping):
    """A group's commands, each built on first use.

    Looking a name up builds that one command; listing names (``in``, ``keys``)
    builds none; iterating the items (help, completion) builds them all.
    """

    def __init__(self, built: Mapping, names, make) -> None:
        self._built = dict(built)
        self._names = list(names)
        self._make = make

    def __getitem__(self, name):
        if name not in self._built:
            if name not in self._names:
                raise KeyError(name)
            self._built[name] = self._make(name)
        return self._built[name]

    def __setitem__(self, name, command) -> None:
        self._built[name] = command

    def __delitem__(self, name) -> None:
        if name not in self:
            raise KeyError(name)
        self._built.pop(name, None)
        if name in self._names:
            self._names.remove(name)

    def __contains__(self, name) -> bool:
        return name in self._built or name in self._names

    def __iter__(self):
        yield from self._names
        yield from (name for name in self._built if name not in self._names)

    def __len__(self) -> int:
        return len(set(self._names) | set(self._built))


def _language_of_the_line(lang, env: Environment | None) -> None:
    """Honour ``--lang`` before Click reads the line: ``--help`` and an unknown command are
    handled before the root options' callback runs, and must read in the language asked for."""
    from . import i18n

    if isinstance(lang, str) and i18n.normalize(lang) is not None:
        i18n.setup(lang, (env or Environment()).environ)


def _known_systems() -> tuple[str, ...]:
    from rules.systems import known

    return tuple(known())


def _session_systems(ctx) -> tuple[str, ...] | None:
    """The current session's system (as a one-tuple) while the root group reads its
    command: the global options are parsed by then, not yet applied; None when unknown."""
    from .session import peek_system

    env = _environment(ctx) if ctx is not None else Environment()
    env = Environment(stdout=env.stdout, stderr=env.stderr, stdin=env.stdin, environ=env.environ,
                      saves=env.saves, session=env.session)
    params = ctx.find_root().params if ctx is not None else {}
    if params.get("saves") is not None:
        env.saves = params["saves"]
    if params.get("session") is not None:
        env.session = params["session"]
    system = peek_system(env)
    return (system,) if system is not None else None


def _complete_session(ctx: typer.Context, incomplete: str) -> list[str]:
    from .commands.session_cmd import complete_session

    return complete_session(ctx, incomplete)


def _complete_lang(incomplete: str) -> list[str]:
    from .commands.completion import complete_lang

    return complete_lang(incomplete)


def _complete_dialect(incomplete: str) -> list[str]:
    from .commands.completion import complete_dialect

    return complete_dialect(incomplete)


def _show_version(ctx: typer.Context, value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("ttcli")
        except PackageNotFoundError:  # run from a checkout that was never installed
            number = "0+unknown"
        env = ctx.obj if isinstance(ctx.obj, Environment) else Environment()
        env.stdout.write(f"ttcli {number}\n")
        raise typer.Exit()


def _environment(ctx) -> Environment:
    return ctx.obj if isinstance(ctx.obj, Environment) else Environment()


app = typer.Typer(
    name="ttcli",
    cls=TtcliGroup,
    help="Dice and combat assistant for game masters of forum role-playing games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def main_options(
    ctx: typer.Context,
    no_color: Annotated[bool, typer.Option("--no-color", help="No colours (NO_COLOR is honoured too).")] = False,
    saves: Annotated[Path | None, typer.Option(
        "--saves", metavar="DIR", help="Folder of session files (default: $TTCLI_SAVES, else ./saves).")] = None,
    session: Annotated[str | None, typer.Option(
        "--session", "-s", metavar="NAME",
        help="Session to act on (default: the one chosen with 'session use').",
        autocompletion=_complete_session)] = None,
    version: Annotated[bool, typer.Option(
        "--version", "-V", is_eager=True, callback=_show_version, help="Print the version and exit.")] = False,
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="LANG",
        help="Language of the output: ru or en (default: $TTCLI_LANG, the session's language "
             "setting, the locale, else English).", autocompletion=_complete_lang)] = None,
    bbcode_dialect: Annotated[str | None, typer.Option(
        "--bbcode-dialect", metavar="DIALECT",
        help="Tags of --format bbcode: mybb (MyBB, rusff), phpbb (stock phpBB) or plain "
             "(default: $TTCLI_BBCODE_DIALECT, the session's bbcode_dialect setting, else mybb).",
        autocompletion=_complete_dialect)] = None,
) -> None:
    env = ctx.obj if isinstance(ctx.obj, Environment) else Environment()
    from . import i18n

    if lang is not None and i18n.normalize(lang) is None:
        from rules.i18n import _

        raise typer.BadParameter(_("unknown language {language!r}; one of: en, ru").format(language=lang),
                                 param_hint="--lang")
    i18n.setup(lang, env.environ)
    from .argv import apply_globals

    apply_globals(env, {"no_color": no_color, "bbcode_dialect": bbcode_dialect, "saves": saves, "session": session})
    ctx.obj = env


def build(name: str):
    """The Click command ``name`` of the app, made by Typer from its declaration."""
    from importlib import import_module

    import typer

    module, attribute = COMMANDS[name]
    target = getattr(import_module(f"{__package__}.commands.{module}"), attribute)
    if getattr(target, "builds_command", False):  # a command whose options the systems declare (day)
        return target()
    if isinstance(target, typer.Typer):
        return _lazy_group(name, target)
    return _convert(name, typer.models.CommandInfo(name=name, callback=target))


def _lazy_group(name: str, sub: typer.Typer):
    """The group of sub-app ``sub`` whose commands are each converted on first use.

    Typer turns every command of a group into a Click command at once, reading
    each function's annotations; `fight status` needs only its own.
    """
    import copy

    import typer.main

    infos = {}
    for info in sub.registered_commands:
        assert info.callback is not None  # @app.command() always sets it
        infos[info.name or typer.main.get_command_name(info.callback.__name__)] = info
    shell = copy.copy(sub)
    shell.registered_commands = []
    holder = typer.Typer()
    holder.add_typer(shell, name=name)
    group = typer.main.get_group(holder).commands[name]
    assert isinstance(group, TyperGroup)  # a Typer added with add_typer becomes a group
    group.commands = LazyCommands(group.commands, infos, lambda command: _convert(command, infos[command]))
    from .i18n.help import make_localized

    return make_localized(group)


def _convert(name: str, info):
    """One Typer command declaration as a Click command."""
    import typer.main

    holder = typer.Typer()
    holder.registered_commands.append(info)
    from .commands.options import name_arguments
    from .i18n.help import make_localized

    return make_localized(name_arguments(typer.main.get_group(holder).commands[name]))
