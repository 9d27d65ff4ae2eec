"""One injected environment: streams, terminal flags, colour, the saves folder.

Commands and renderers read everything about the outside world from here, so
tests swap it for one with string streams (httpie's pattern).  A plain class
rather than a dataclass: this module is on the start-up path of every one-shot
command, and the dataclasses machinery costs more than the rest of it.
"""

from __future__ import annotations

import os
import sys

from rules.i18n import _


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Environment:
    __slots__ = ("stdout", "stderr", "stdin", "stdout_isatty", "stderr_isatty", "stdin_isatty", "environ",
                 "no_color", "saves", "session")

    def __init__(self, stdout=None, stderr=None, stdin=None, stdout_isatty: bool | None = None,
                 stderr_isatty: bool | None = None, environ: dict | None = None,
                 no_color: bool = False, saves=None, session: str | None = None,
                 stdin_isatty: bool | None = None) -> None:
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout_isatty = _isatty(self.stdout) if stdout_isatty is None else stdout_isatty
        self.stderr_isatty = _isatty(self.stderr) if stderr_isatty is None else stderr_isatty
        self.stdin_isatty = _isatty(self.stdin) if stdin_isatty is None else stdin_isatty
        self.environ = dict(os.environ) if environ is None else environ
        # NO_COLOR: any non-empty value disables colour (no-color.org).
        self.no_color = no_color or bool(self.environ.get("NO_COLOR"))
        self.saves = saves
        self.session = session

    @property
    def color(self) -> bool:
        return self.stdout_isatty and not self.no_color

    @property
    def saves_dir(self):
        """--saves > TTCLI_SAVES > ./saves (a pathlib.Path)."""
        from pathlib import Path

        if self.saves is not None:
            return Path(self.saves)
        return Path(self.environ.get("TTCLI_SAVES") or "saves")

    def current_pointer(self) -> str:
        """Path of the file naming the current session, without importing pathlib."""
        return os.path.join(self.saves if self.saves is not None else
                            (self.environ.get("TTCLI_SAVES") or "saves"), ".current")

    def ask(self, question: str) -> bool | None:
        """The master's yes or no to ``question`` (on stderr); None when no terminal can answer.

        Piped input is never read as an answer: in ``ttcli fight < script`` the
        next line is a command, not a reply.
        """
        if not self.stdin_isatty:
            return None

        self.stderr.write(question + " " + _("[y/N]") + " ")
        self.stderr.flush()
        answer = self.stdin.readline().strip().casefold()
        return answer in YES


#: what counts as yes to a question, in either language
YES = ("y", "yes", "д", "да")
