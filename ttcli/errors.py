"""Errors the program reports to people, and the edge that translates library errors.

Library code raises its own exceptions (``rules.dice.DiceError``,
``ttcli.store.StoreError``, ``rules.core.errors.RuleError``); ``describe`` turns any of
them into one message and an exit code.  Nothing below prints: the caller owns
the streams.
"""

from __future__ import annotations

import sys

from rules.i18n import N_, _

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
    return Report(_("bad dice expression: {problem}").format(problem=e), ExitCode.BAD_EXPRESSION, e.caret())


def _cli(e: CliError) -> Report:
    hint = f" ({e.hint})" if e.hint else ""
    return Report(e.message + hint, e.code, e.detail)


def _store(e) -> Report:
    return Report(str(e), ExitCode.BAD_DATA)


def _unwritable(e) -> Report:
    # what a command was asked to write, not the file, is at fault: bad input, as an option out of range
    return Report(str(e), ExitCode.USAGE)


def _rule(e) -> Report:
    return Report(str(e), ExitCode.RULES)


def _given(e) -> Report:
    return Report(_("--given: {problem}").format(problem=e), ExitCode.USAGE)


def _not_found(e) -> Report:
    return Report(str(e), ExitCode.NOT_FOUND)


def _classes():
    """(error class, handler) for every library error the edge knows, most specific first.

    Matched by type, yet without importing any library: an exception can only
    be of a class whose module is already loaded, so a module not in
    ``sys.modules`` is simply passed over.
    """

    table = (
        ("rules.dice.errors", "DiceError", _dice),
        ("rules.dice.sources", "GivenFaceError", _given),
        ("rules.dice.sources", "CommitmentExhausted", _rule),
        ("ttcli.store.errors", "Unwritable", _unwritable),
        ("ttcli.store.errors", "SessionGone", _not_found),
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


# ------------------------------------------------------------------ usage errors
#
# Click words its usage errors in English and offers no catalog, so they are
# re-worded here from the exception's own fields: one sentence in the reader's
# language, with the command's help as the hint.


def _param_name(e) -> str:
    param = getattr(e, "param", None)
    if param is None:
        hint = getattr(e, "param_hint", None)
        return " / ".join(hint) if isinstance(hint, (list, tuple)) else str(hint or "")
    opts = [o for o in getattr(param, "opts", ()) if o.startswith("-")]
    return " / ".join(opts) if opts else param.make_metavar(e.ctx) if e.ctx is not None else str(param.name).upper()


def _no_such_option(e) -> str:
    text = _("no such option: {option}").format(option=e.option_name)
    if e.possibilities:
        text += "; " + _("did you mean {options}?").format(options=", ".join(sorted(e.possibilities)))
    return text


def _missing(e) -> str:
    kind = e.param_type or getattr(e.param, "param_type_name", "")
    if kind == "argument":
        return _("missing argument {name}").format(name=_param_name(e))
    return _("missing option {name}").format(name=_param_name(e))


#: Click's sentences about a value (the types' own checks), as patterns to re-word
_VALUE_PROBLEMS = (
    (r"'(?P<value>.*)' is not a valid int(?:eger)?(?: range)?\.", N_("{value!r} is not a whole number")),
    (r"'(?P<value>.*)' is not a valid float(?: range)?\.", N_("{value!r} is not a number")),
    (r"'(?P<value>.*)' is not a valid boolean.*", N_("{value!r} is not yes or no")),
    (r"(?P<value>.*) is not in the range (?P<range>.*)\.", N_("{value} is not in the range {range}")),
    # ours (commands/options.py), worded before the session's language is known: worded again here
    (r"(?P<value>.+) is far too long for a whole number: at most (?P<most>\d+) digits",
     N_("{value} is far too long for a whole number: at most {most} digits")),
    (r"(?P<value>\S+) does not fit in 64 bits: the largest whole number allowed is (?P<high>\d+)",
     N_("{value} does not fit in 64 bits: the largest whole number allowed is {high}")),
    (r"(?P<value>\S+) does not fit in 64 bits: the smallest whole number allowed is (?P<low>-\d+)",
     N_("{value} does not fit in 64 bits: the smallest whole number allowed is {low}")),
)


def _value_problem(message: str) -> str:
    import re

    for pattern, text in _VALUE_PROBLEMS:
        m = re.fullmatch(pattern, message)
        if m is not None:
            return _(text).format(**m.groupdict())
    return message


def _bad_parameter(e) -> str:
    param, problem = _param_name(e), _value_problem(e.message)
    if not param:  # raised by a command's body, not by a parameter's check
        return _("invalid value: {problem}").format(problem=problem)
    return _("invalid value for {param}: {problem}").format(param=param, problem=problem)


def _bad_option_usage(e) -> str:
    if "does not take a value" in e.message:
        return _("option {option} takes no value").format(option=e.option_name)
    return _("option {option} needs a value").format(option=e.option_name)


def _plain_usage(e) -> str:
    import re

    m = re.fullmatch(r"No such command '(?P<name>.*)'\..*", e.message, re.S)
    if m is not None:
        return _("no such command: {name}").format(name=m["name"])
    m = re.fullmatch(r"Got unexpected extra arguments? \((?P<words>.*)\)", e.message)
    if m is not None:
        return _("unexpected extra words: {words}").format(words=m["words"])
    if e.message.strip() == "Missing command.":
        return _("missing command")
    return e.message


_USAGE = {
    "NoSuchOption": _no_such_option,
    "MissingParameter": _missing,
    "BadParameter": _bad_parameter,
    "BadOptionUsage": _bad_option_usage,
}


def usage_report(e, command: str = "ttcli") -> Report:
    """A Click usage error as one sentence in the reader's language, the command's help as the hint
    (``command`` names it when Click did not say where the error was)."""

    reword = next((_USAGE[cls.__name__] for cls in type(e).__mro__ if cls.__name__ in _USAGE), _plain_usage)
    message = reword(e)
    ctx = getattr(e, "ctx", None)
    command = ctx.command_path if ctx is not None else command
    suggestion = _suggest(e)
    hint = _("see '{command} --help'").format(command=command)
    if suggestion:
        hint = _("did you mean {command}? {hint}").format(command=suggestion, hint=hint)
    return Report(f"{message} ({hint})", ExitCode.USAGE)


def _suggest(e) -> str:
    """The command a mistyped one was meant to be (``rol`` -> ``roll``)."""
    import difflib
    import re

    ctx = getattr(e, "ctx", None)
    m = re.fullmatch(r"No such command '(?P<name>.*)'\..*", getattr(e, "message", ""), re.S)
    if m is None or ctx is None or not hasattr(ctx.command, "list_commands"):
        return ""
    close = difflib.get_close_matches(m["name"], ctx.command.list_commands(ctx), n=1, cutoff=0.6)
    return f"'{ctx.command_path} {close[0]}'" if close else ""
