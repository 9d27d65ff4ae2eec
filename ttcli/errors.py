"""Errors the program reports to people, and the edge that translates library errors.

Library code raises its own exceptions (``rules.dice.DiceError``,
``ttcli.store.StoreError``, ``rules.core.errors.RuleError``); ``describe`` turns any of
them into one message and an exit code.  Nothing below prints: the caller owns
the streams.
"""

from __future__ import annotations

from .exitcodes import ExitCode


class CliError(Exception):
    """An error with a message for people and a documented exit code."""

    def __init__(self, message: str, code: ExitCode = ExitCode.USAGE, hint: str = "",
                 detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.hint = hint
        #: extra lines shown under the message (a caret line, a file excerpt)
        self.detail = detail


class Report:
    """One message for people and the exit code that goes with it."""

    __slots__ = ("message", "code", "detail")

    def __init__(self, message: str, code: ExitCode, detail: str = "") -> None:
        self.message = message
        self.code = code
        self.detail = detail


def _dice(e) -> Report:
    return Report(f"bad dice expression: {e}", ExitCode.BAD_EXPRESSION, e.caret())


def _cli(e: CliError) -> Report:
    hint = f" ({e.hint})" if e.hint else ""
    return Report(e.message + hint, e.code, e.detail)


def _store(e) -> Report:
    return Report(str(e), ExitCode.BAD_DATA)


def _rule(e) -> Report:
    return Report(str(e), ExitCode.RULES)


def _given(e) -> Report:
    return Report(f"--given: {e}", ExitCode.USAGE)


def _not_found(e) -> Report:
    return Report(str(e), ExitCode.NOT_FOUND)


def _classes():
    """(error class, handler) for every library error the edge knows, most specific first.

    Matched by type, yet without importing any library: an exception can only
    be of a class whose module is already loaded, so a module not in
    ``sys.modules`` is simply passed over.
    """
    import sys

    table = (
        ("rules.dice.errors", "DiceError", _dice),
        ("rules.core.sources", "GivenFaceError", _given),
        ("ttcli.store.errors", "StoreError", _store),
        ("rules.core.sheet", "UnknownStat", _not_found),
        ("rules.core.errors", "NotFound", _not_found),
        ("rules.core.errors", "RuleError", _rule),
    )
    for module, name, handler in table:
        loaded = sys.modules.get(module)
        cls = getattr(loaded, name, None) if loaded is not None else None
        if cls is not None:
            yield cls, handler


def describe(e: BaseException) -> Report | None:
    """The report for a known error, or None for a bug."""
    if isinstance(e, CliError):
        return _cli(e)
    for cls, handler in _classes():
        if isinstance(e, cls):
            return handler(e)
    return None


def report_failure(env, e: BaseException) -> int:
    """Say on stderr what went wrong with a command, once; the exit code that goes with it.

    The one edge for the full app and the fast paths alike.  An error that is
    not a known library error is a bug: reported as one, or re-raised with
    ``TTCLI_DEBUG`` set so its traceback shows.
    """
    import os

    from .exitcodes import ExitCode
    from .render import error

    if isinstance(e, KeyboardInterrupt):
        env.stderr.write("ttcli: interrupted\n")
        return int(ExitCode.INTERRUPTED)
    report = describe(e)
    if report is None:
        if os.environ.get("TTCLI_DEBUG"):
            raise e
        error(env, f"internal error: {type(e).__name__}: {e}",
              "this is a bug in ttcli; run again with TTCLI_DEBUG=1 for the traceback")
        return int(ExitCode.INTERNAL)
    error(env, report.message, report.detail)
    return int(report.code)
