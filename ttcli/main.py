"""Console entry point (``ttcli``) and ``python -m ttcli``."""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the C module has no stub of its own
import atexit
import gc
import os
import sys

from rules.i18n import _

from .argv import read_line, running, unprintable
from .i18n import normalize, setup


def main(argv: list[str] | None = None) -> int:
    """Exit code of ``ttcli ARGV`` (default: the process's arguments)."""
    return _run(argv)[0]


def console() -> None:
    """The ``ttcli`` program (and ``python -m ttcli``): :func:`main`, then leave the process.

    After a fast path the process leaves at once, see :func:`finished`.  A reader that goes
    away (``ttcli log | head``) stops the program as it stops any Unix tool, by SIGPIPE
    (the shell's 141): no traceback, no message, and nothing half-written, since a command
    has saved its session before it prints.
    """
    # _signal, not signal: the public module builds its enums of signals, a tenth of a roll's own time

    if hasattr(_signal, "SIGPIPE"):  # not on Windows
        _signal.signal(_signal.SIGPIPE, _signal.SIG_DFL)
    try:
        code, fast = _run(None)
    except KeyboardInterrupt:  # Ctrl-C while the program starts: one line, no traceback
        sys.stderr.write(_("ttcli: interrupted") + "\n")
        sys.exit(130)
    sys.exit(finished(code) if fast else code)


def _run(argv: list[str] | None) -> tuple[int, bool]:
    """(exit code, whether a fast path ran the command)."""

    # A one-shot command makes a few thousand objects while it imports and exits at once:
    # collecting cycles on the way only costs time (about a tenth of a journaled roll).
    # The full app turns collection back on (the prompt is a long-lived process).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _main(argv, collecting)
    finally:
        if collecting:
            gc.enable()


def _main(argv: list[str] | None, collecting: bool) -> tuple[int, bool]:
    args = list(sys.argv[1:] if argv is None else argv)
    # the global options, read once; --lang works anywhere on the line
    line = read_line(args)
    lang = line.options.get("lang")
    assert lang is None or isinstance(lang, str)
    setup(None if lang is not None and normalize(lang) is None else lang)
    if lang is not None and normalize(lang) is None:
        sys.stderr.write(_("ttcli: error: invalid value for --lang: unknown language {language!r}; one of: en, ru "
                           "(see 'ttcli --help')").format(language=lang) + "\n")
        return 2, False
    for word in args:  # bytes the locale could not decode: nothing a session file can hold
        if not word.isascii() and any("\udc80" <= c <= "\udcff" for c in word):
            sys.stderr.write(_("ttcli: error: the argument {word} is not UTF-8 text (hint: set the terminal "
                               "to UTF-8)").format(word=ascii(word)) + "\n")
            return 2, False
    bad = unprintable(args)
    if bad is not None:  # before the fast paths: no name or label with a terminal escape gets in
        from .argv import unprintable_word
        from .env import Environment
        from .render import error

        error(Environment(), unprintable_word(bad))
        return 2, False
    running(line.command)
    if line.plain and line.command and "_TTCLI_COMPLETE" not in os.environ \
            and not os.environ.get("TTCLI_NO_FASTPATH"):
        if line.command[0] == "roll":
            from .fastroll import run
        else:
            from .fastverbs import run
        code = run(line.command, line.options)
        if code is not None:
            return code, True

    if collecting:
        gc.enable()
    from .app import app

    if "_TTCLI_COMPLETE" in os.environ:
        # Typer registers its shell classes only when it adds its own
        # --install-completion option, which ttcli replaces with `ttcli completion`;
        # ttcli's own match like names (any case) and know the session's words
        from .commands.completion import install

        install()
    try:
        app(args=line.for_click(), prog_name="ttcli", standalone_mode=True)
    except SystemExit as e:
        return (int(e.code or 0) if not isinstance(e.code, str) else 1), False
    return 0, False


def finished(code: int) -> int:
    """Leave the process at once with ``code`` after a fast path, when nothing is left to run.

    Tearing the interpreter down, freeing every module and object one by one, costs a
    journaled roll about an eighth of its instructions, and the operating system takes
    all of it back anyway: the store has closed and synced its files, and nothing else
    writes any.  Python's own exit runs instead (``code`` is returned) when something
    still has to happen there: an atexit handler (a coverage tool, a temporary folder),
    or output that cannot be written, which that exit then reports as usual.
    """

    handlers = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere, exit as usual
    if handlers is None or handlers():
        return code
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream
        return code
    os._exit(code)


if __name__ == "__main__":
    console()
