"""The interactive combat prompt: the one-shot commands without the ``ttcli`` prefix.

Every line is handed to the very same Typer app the shell uses, on the same
session, so a fight typed here and the same fight run from a script produce the
same journal.  Each command saves before the prompt returns (it is one store
transaction), so closing the terminal loses nothing.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable

EXIT_WORDS = ("exit", "quit", "выход")
REPL_HELP = (
    "Type any ttcli command without 'ttcli': fight status, attack Викинг Гоблин, next, undo ...\n"
    "Tab completes commands, names and stats; Ctrl-C cancels the line; Ctrl-D or 'exit' leaves."
)

#: commands the prompt offers without their noun: "next" = "fight next"
SHORTCUTS = {
    "start": ["fight", "start"],
    "status": ["fight", "status"],
    "next": ["fight", "next"],
    "end": ["fight", "end"],
}


def click_command():
    """The Click command tree of the app (built once per prompt session)."""
    import typer.main

    from .app import app

    return typer.main.get_command(app)


def split_line(line: str) -> list[str]:
    """Words of a prompt line (shell quoting rules), or ValueError with a reason."""
    return shlex.split(line, comments=False, posix=True)


def expand(words: list[str], command) -> list[str]:
    if words and words[0] in SHORTCUTS and words[0] not in command.commands:
        return SHORTCUTS[words[0]] + words[1:]
    return words


class Dispatcher:
    """Runs prompt lines through the app; returns exit codes, never raises."""

    def __init__(self, env) -> None:
        self.env = env
        self.command = click_command()

    def run(self, line: str) -> int:
        import typer

        env = self.env
        try:
            words = split_line(line)
        except ValueError as e:
            env.stderr.write(f"ttcli: error: cannot read that line: {e}\n")
            return 2
        if not words:
            return 0
        if words[0] in ("help", "?"):
            env.stdout.write(REPL_HELP + "\n")
            words = ["--help"]
        words = expand(words, self.command)
        if words[0] in ("fight", "repl") and len(words) == 1:
            env.stderr.write("ttcli: error: the prompt is already open\n")
            return 2
        try:
            code = self.command.main(args=words, prog_name="ttcli", standalone_mode=False, obj=env)
        except typer.Exit as e:  # raised by commands (also through the error edge)
            return int(e.exit_code)
        except typer.Abort:
            env.stderr.write("ttcli: aborted\n")
            return 1
        except typer.TyperException as e:  # usage errors: Click's own message
            show = getattr(e, "show", None)
            if show is not None:
                show(file=env.stderr)
            else:
                env.stderr.write(f"ttcli: error: {e}\n")
            return int(getattr(e, "exit_code", 2))
        except SystemExit as e:
            return int(e.code or 0) if not isinstance(e.code, str) else 1
        return int(code or 0)


# ------------------------------------------------------------------ completion

def candidates(words: list[str], current: str, command, names: Iterable[str] = (),
               stats: Iterable[str] = ()) -> list[str]:
    """What may follow ``words`` when the word being typed starts with ``current``.

    Pure, so it is tested directly: commands and subcommands from the app,
    options of the command reached, combatant names and ``stat=`` names.
    """
    from .session import fold

    node = command
    rest = list(words)
    words_expanded = expand(rest, command) if rest else rest
    for word in words_expanded:
        sub = node.get_command(None, word) if hasattr(node, "commands") else None
        if sub is None:
            break
        node = sub
    options: list[str] = []
    if hasattr(node, "commands"):
        pool = list(node.list_commands(None))
        if node is command:
            pool += [s for s in SHORTCUTS if s not in pool] + ["help", "exit"]
    else:
        for param in getattr(node, "params", []):
            options.extend(o for o in getattr(param, "opts", []) if o.startswith("--"))
        pool = [*names, *(s + "=" for s in stats)]
    if current.startswith("-"):
        return sorted(o for o in options if o.startswith(current))
    wanted = fold(current)
    return [p for p in dict.fromkeys(pool) if fold(p).startswith(wanted)]


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
        names, stats = self.repl.roster_words()
        for c in candidates(words, current, self.repl.dispatcher.command, names, stats):
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
        from .session import open_session

        try:
            return open_session(self.env).read()
        except Exception:  # noqa: BLE001 - the toolbar must never break the prompt
            return None

    def roster_words(self) -> tuple[list[str], list[str]]:
        doc = self._doc()
        if doc is None:
            return [], []
        names = list(doc.get("combatants", {}))
        try:
            from .commands.char import stat_words

            stats = stat_words(doc["system"])
        except Exception:  # noqa: BLE001 - completion must never break the prompt
            stats = []
        return names, stats

    def toolbar(self) -> str:
        from .fightview import toolbar_text

        doc = self._doc()
        if doc is None:
            return f" {self.session}: cannot read the session file (ttcli session check)"
        return toolbar_text(doc)

    def run(self) -> int:
        if self.input is None and not _isatty(self.env.stdin):
            return self.run_lines(self.env.stdin)
        return self.run_prompt()

    def run_lines(self, lines: Iterable[str]) -> int:
        """Commands piped in (``ttcli fight < round3.txt``): no prompt, same dispatch.

        Returns the exit code of the last failing command (0 if none failed),
        so a script can tell that something went wrong.
        """
        worst = 0
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line in EXIT_WORDS:
                break
            code = self.dispatcher.run(line)
            if code and code != 1:  # 1 is a failed check, not an error
                worst = code
        return worst

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
        self.env.stdout.write(f"ttcli: session {self.session}. {REPL_HELP}\n")
        while True:
            try:
                line = prompt.prompt(f"{self.session}> ")
            except KeyboardInterrupt:
                continue  # Ctrl-C cancels the line, not the prompt
            except EOFError:
                break
            if line.strip() in EXIT_WORDS:
                break
            self.dispatcher.run(line)
            self.env.stdout.flush()
        return 0
