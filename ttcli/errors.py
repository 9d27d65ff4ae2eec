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


# Matched by class name along the MRO so this module need not import the
# libraries (and their start-up cost) just to recognise their errors.
_HANDLERS = {
    "CliError": _cli,
    "DiceError": _dice,
    "StoreError": _store,
    "RuleError": _rule,
    "UnknownStat": _not_found,
    "NotFound": _not_found,
    "GivenFaceError": _given,
}


def describe(e: BaseException) -> Report | None:
    """The report for a known error, or None for a bug."""
    for cls in type(e).__mro__:
        handler = _HANDLERS.get(cls.__name__)
        if handler is not None:
            return handler(e)
    return None
