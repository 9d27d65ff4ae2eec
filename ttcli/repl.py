"""The interactive combat prompt: the one-shot commands without the ``ttcli`` prefix.

Every line is handed to the very same Typer app the shell uses, on the same
session, so a fight typed here and the same fight run from a script produce the
same journal.  Each command saves before the prompt returns (it is one store
transaction), so closing the terminal loses nothing.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable

from rules.i18n import N_, _

from .app import app
from .argv import COMMAND_WORDS, SUBCOMMAND_WORDS, shown
from .commands.actions import declarations
from .commands.completion import document_language, effect_words_of, matching, stat_words_of, verb_words_of
from .exitcodes import ExitCode
from .render import error
from .session import fold, list_sessions, open_session
from .tracker import toolbar_text

EXIT_WORDS = ("exit", "quit", "выход")
HELP_WORDS = ("help", "?", "помощь", "справка")
REPL_HELP = N_(
    "Type any ttcli command without 'ttcli': fight status, attack Викинг Гоблин, next, undo ...\n"
    "Russian words work too: атака, урон, лечение, эффект, ход, статус, отмена.\n"
    "Tab completes commands, names and stats; Ctrl-C cancels the line; Ctrl-D or 'exit' leaves."
)

#: commands the prompt offers without their noun ("next" = "fight next"), and the
#: Russian words a master types for the app's commands (the shell's own, ``argv``),
#: so a line needs no layout switch and a Russian word means one command everywhere
SHORTCUTS: dict[str, list[str]] = {
    "start": ["fight", "start"], "status": ["fight", "status"], "next": ["fight", "next"], "end": ["fight", "end"],
    "simulate": ["fight", "simulate"],
    **{word: list(command) for word, command in COMMAND_WORDS.items()},
}
#: Russian words for the subcommands of the app's groups (the shell's own)
SUBCOMMANDS = SUBCOMMAND_WORDS


#: characters of one prompt line (a forum post's longest command is a few hundred)
MAX_LINE = 10_000


def click_command():
    """The Click command tree of the app (built once per prompt session)."""
    import typer.main

    return typer.main.get_command(app)


def split_line(line: str) -> list[str]:
    """Words of a prompt line (shell quoting rules), or ValueError with a reason."""
    return shlex.split(line, comments=False, posix=True)


def expand(words: list[str], command) -> list[str]:
    """A prompt line's words as the app's: shortcuts and Russian command words replaced."""

    if not words:
        return words
    head = fold(words[0])
    if head in SHORTCUTS and words[0] not in command.commands:
        words = SHORTCUTS[head] + words[1:]
    if len(words) > 1 and words[0] in SUBCOMMANDS:
        sub = SUBCOMMANDS[words[0]].get(fold(words[1]))
        if sub is not None:
            words = [words[0], sub, *words[2:]]
    return words


class Dispatcher:
    """Runs prompt lines through the app; returns exit codes, never raises."""

    def __init__(self, env) -> None:
        self.env = env
        self.command = click_command()

    def run(self, line: str) -> int:
        env = self.env
        if len(line) > MAX_LINE:  # refused by its length: reading a longer line costs more than any command
            error(env, _("the line is {length:,} characters long; the prompt reads at most {most:,}").format(
                length=len(line), most=MAX_LINE), _("split it into several commands"))
            return ExitCode.USAGE
        try:
            words = split_line(line)
        except ValueError as e:
            error(env, _("cannot read that line: {problem}").format(problem=_line_problem(e)),
                  _("close the quotes, or put a backslash before a lone quote"))
            return ExitCode.USAGE
        if not words:
            return 0
        if fold_word(words[0]) in HELP_WORDS:
            env.stdout.write(_(REPL_HELP) + "\n")
            words = ["--help"]
        words = expand(words, self.command)
        if words[0] in ("fight", "repl") and len(words) == 1:
            error(env, _("the prompt is already open"))
            return ExitCode.USAGE
        return self.command.run_words(words, obj=env)


def _line_problem(e: ValueError) -> str:
    """What shlex found wrong with a line, in the reader's language (shlex words it in English)."""

    if "quotation" in str(e):
        return _("a quote is not closed")
    if "escaped character" in str(e):
        return _("the line ends with a backslash")
    return str(e)


def fold_word(word: str) -> str:
    return fold(word)


# ------------------------------------------------------------------ completion

class Words:
    """What the prompt may offer from the session: names, stat words, effect presets, sessions."""

    __slots__ = ("names", "stats", "effects", "sessions")

    def __init__(self, names: Iterable[str] = (), stats: Iterable[str] = (), effects: Iterable[str] = (),
                 sessions: Iterable[str] = ()) -> None:
        self.names = list(names)
        self.stats = list(stats)
        self.effects = list(effects)
        self.sessions = list(sessions)


#: which words an argument takes, by its name; a command path can say otherwise
_ARGUMENT_WORDS = {"name": "names", "names": "names", "attacker": "names", "target": "names", "who": "names",
                   "actor": "names", "stat": "stats", "effect": "effects", "assignments": "assignments"}
_COMMAND_ARGUMENT_WORDS: dict[tuple[str, ...], str] = {("session", "use"): "sessions", ("session", "show"): "sessions",
                           ("session", "check"): "sessions", ("session", "rm"): "sessions"}


def candidates(words: list[str], current: str, command, names: Iterable[str] = (),
               stats: Iterable[str] = (), effects: Iterable[str] = (), sessions: Iterable[str] = (),
               system: str | None = None) -> list[str]:
    """What may follow ``words`` when the word being typed starts with ``current``.

    Pure, so it is tested directly: commands and subcommands from the app (and
    their Russian words, the system's verbs' aliases among them, when the word
    typed is Russian; only ``system``'s verbs when it is given), options of the
    command reached and the values an option takes (``--side``, ``--ambush``,
    ``--format`` ...), and for its arguments what each takes: combatant names,
    stat and skill words, ``stat=`` words, effect presets, session names.  The
    shells are offered the same words (``commands.completion``).
    """
    known = Words(names, stats, effects, sessions)
    node = command
    path: list[str] = []
    rest = expand(list(words), command)
    while rest and hasattr(node, "commands"):
        sub = node.get_command(None, rest[0])
        if sub is None:
            break
        path.append(rest.pop(0))
        node = sub
    wanted = fold(current)
    russian = any("а" <= ch <= "я" for ch in wanted)
    options: list[str] = []
    if hasattr(node, "commands"):
        noun = path[-1] if path else ""
        pool = _own_commands(node, noun) + verb_words_of(system, current, noun)
        if node is command:
            pool += [s for s in SHORTCUTS if s not in pool and (russian or s.isascii())] + ["help", "exit"]
        elif russian and path and path[-1] in SUBCOMMANDS:
            pool += list(SUBCOMMANDS[path[-1]])
    else:
        for param in getattr(node, "params", []):
            options.extend(o for o in getattr(param, "opts", []) if o.startswith("--"))
        valued = _option_waiting(node, rest)
        if valued is not None and not current.startswith("-"):
            return _option_values(valued, current, known)
        pool = _argument_words(node, tuple(path), rest, known)
    if current.startswith("-"):
        return sorted(o for o in options if o.startswith(current))
    return matching(pool, current)


def _own_commands(group, noun: str) -> list[str]:
    """The group's commands that are not a system's verb (those come by the session's system)."""
    verbs = set(declarations(noun))
    return [c for c in group.list_commands(None) if c not in verbs]


def _option_waiting(node, rest: list[str]):
    """The option whose value is being typed (the last word typed is an option that takes one)."""
    if not rest or not rest[-1].startswith("-") or "=" in rest[-1]:
        return None
    for param in getattr(node, "params", []):
        if getattr(param, "param_type_name", "") == "option" and not param.is_flag and rest[-1] in param.opts:
            return param
    return None


def _option_values(param, current: str, known: Words) -> list[str]:
    """The values an option takes, as its shell completion offers them."""
    if param.name == "session":
        return [s for s in known.sessions if fold(s).startswith(fold(current))]
    try:
        return [item.value for item in param.shell_complete(None, current)]
    except Exception:  # noqa: BLE001 - an option's completion that needs a session offers nothing here
        return []


def _argument_words(node, path: tuple[str, ...], rest: list[str], known: Words) -> list[str]:
    """The words the next argument of ``node`` takes, after the words ``rest`` already typed."""
    params = list(getattr(node, "params", []))
    arguments = [p for p in params if getattr(p, "param_type_name", "") == "argument"]
    takes_value = {o for p in params if getattr(p, "param_type_name", "") == "option" and not p.is_flag
                   for o in p.opts}
    index, skip = 0, False
    for word in rest:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in takes_value
        else:
            index += 1
    if not arguments:
        return [*known.names, *(s + "=" for s in known.stats)]
    argument = arguments[min(index, len(arguments) - 1)]
    if index >= len(arguments) and argument.nargs == 1:
        return []
    kind = _COMMAND_ARGUMENT_WORDS.get(path) or _ARGUMENT_WORDS.get(argument.name or "", "")
    if kind == "assignments":
        return [s + "=" for s in known.stats]
    return list(getattr(known, kind, ())) if kind else []


class _Completer:
    """prompt_toolkit adapter over :func:`candidates`."""

    def __init__(self, repl: Repl) -> None:
        self.repl = repl

    def get_completions(self, document, complete_event):
        from prompt_toolkit.completion import Completion

        text = document.text_before_cursor
        try:
            words = split_line(text)
        except ValueError:
            return
        current = "" if not text or text[-1].isspace() else (words.pop() if words else "")
        known = self.repl.roster_words(current)
        for c in candidates(words, current, self.repl.dispatcher.command, known.names, known.stats,
                            known.effects, known.sessions, system=self.repl.system()):
            shown = shlex.quote(c) if " " in c else c
            yield Completion(shown, start_position=-len(current))

    async def get_completions_async(self, document, complete_event):
        for c in self.get_completions(document, complete_event):
            yield c


# ------------------------------------------------------------------ the prompt

def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Repl:
    def __init__(self, env, session: str, *, input=None, output=None, history: bool = True) -> None:
        self.env = env
        self.session = session
        env.session = session
        self.dispatcher = Dispatcher(env)
        self.input = input
        self.output = output
        self.history = history

    def _doc(self) -> dict | None:
        try:
            return open_session(self.env).read()
        except Exception:  # noqa: BLE001 - the toolbar must never break the prompt
            return None

    def roster_words(self, current: str = "") -> Words:
        """Names, stat and skill words and effect presets in the session's language, and the
        sessions, for completion (empty when the file is broken)."""
        try:
            sessions = list_sessions(self.env.saves_dir)
        except Exception:  # noqa: BLE001 - completion must never break the prompt
            sessions = []
        doc = self._doc()
        if doc is None:
            return Words(sessions=sessions)
        names = list(doc.get("combatants", {}))
        try:
            language = document_language(doc)
            stats = stat_words_of(doc["system"], language, current)
            stats += [w for w in stat_words_of(doc["system"], language, current, skills=False, every_field=True)
                      if w not in stats and " " not in w]
            effects = effect_words_of(doc["system"], language, current)
        except Exception:  # noqa: BLE001 - completion must never break the prompt
            stats, effects = [], []
        return Words(names, stats, effects, sessions)

    def system(self) -> str | None:
        doc = self._doc()
        return doc.get("system") if doc is not None else None

    def toolbar(self) -> str:
        doc = self._doc()
        if doc is None:
            return " " + _("{session}: cannot read the session file (ttcli session check)").format(
                session=self.session)
        return toolbar_text(doc)

    def run(self) -> int:
        if self.input is None and not _isatty(self.env.stdin):
            return self.run_lines(self.env.stdin)
        return self.run_prompt()

    def run_lines(self, lines: Iterable[str]) -> int:
        """Commands piped in (``ttcli fight < round3.txt``): no prompt, same dispatch.

        A failing line is named by its number, so a master finds it in the script.
        Returns the exit code of the last failing command (0 if none failed),
        so a script can tell that something went wrong.
        """

        worst = 0
        numbered = enumerate(lines, start=1)
        while True:
            try:
                number, raw = next(numbered)
            except StopIteration:
                break
            except KeyboardInterrupt:  # Ctrl-C while waiting for a line: the lines go on
                continue
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if fold_word(line) in EXIT_WORDS:
                break
            code = self._one(line)
            if code and code != ExitCode.FAILED:  # 1 is a failed check, not an error
                self.env.stderr.write(_("ttcli: the error above is on line {number} of the input: {line}").format(
                    number=number, line=shown(line)) + "\n")
                worst = code
        return worst

    def _one(self, line: str) -> int:
        """Run one line; Ctrl-C stops that command only (the session is saved or untouched, as
        after any failed command), never the prompt."""
        try:
            return self.dispatcher.run(line)
        except KeyboardInterrupt:
            self.env.stderr.write(_("ttcli: interrupted") + "\n")
            return ExitCode.INTERRUPTED

    def run_prompt(self) -> int:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory, History, InMemoryHistory

        history: History
        if self.history:
            path = self.env.saves_dir / f".{self.session}.prompt-history"
            history = FileHistory(str(path))
        else:
            history = InMemoryHistory()
        prompt: PromptSession[str] = PromptSession(
            history=history,
            # duck-typed: subclassing Completer would load prompt_toolkit when this module is imported
            completer=_Completer(self),  # type: ignore[arg-type]
            complete_while_typing=False,
            bottom_toolbar=self.toolbar,
            input=self.input,
            output=self.output,
        )

        self.env.stdout.write(_("ttcli: session {session}.").format(session=self.session) + " " + _(REPL_HELP) + "\n")
        while True:
            try:
                line = prompt.prompt(f"{self.session}> ")
            except KeyboardInterrupt:
                continue  # Ctrl-C cancels the line, not the prompt
            except EOFError:
                break
            if fold_word(line.strip()) in EXIT_WORDS:
                break
            self._one(line)
            self.env.stdout.flush()
        return 0
