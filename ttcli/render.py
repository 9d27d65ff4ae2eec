"""Result objects -> text on the environment's streams.  The one place that prints.

Commands return result objects; this module picks the format (rich on a
terminal, plain when piped, or what ``--format`` asks for), renders and writes.
rich is imported only when the output really goes to a terminal: piped
one-shot commands never pay for it.
"""

from __future__ import annotations

import os

from rules.i18n import _

from .errors import CliError, describe
from .exitcodes import ExitCode
from .formats import STRINGIFIERS
from .session import note_language_of_current, open_session

# A result object (duck-typed; no typing import on the start-up path) has:
#   kind: str                 names the JSON schema: "roll" -> "ttcli.roll"
#   to_json() -> dict         the payload inside the envelope
#   lines(stringifier) -> list[str]   text in the stringifier's markup

JSON_VERSION = 1


def choose_format(requested: str, env) -> str:
    if requested != "auto":
        return requested
    return "rich" if env.stdout_isatty else "plain"


def envelope(result) -> dict:
    """The versioned JSON envelope every command's --json output uses."""
    return {"schema": f"ttcli.{result.kind}", "version": JSON_VERSION, **result.to_json()}


def render_text(result, fmt: str, dialect: str | None = None) -> str:
    if fmt == "json":
        import json

        # A result may ask for one compact line: json's C encoder runs only
        # without indent, and 100,000 indented rows take seconds in Python.
        indent = getattr(result, "json_indent", 2)
        return json.dumps(envelope(result), ensure_ascii=False, indent=indent)
    if fmt in ("bbcode", "markdown"):
        from . import posts  # forum posts: their blocks are datatypes, which a plain roll never loads

        dialect = dialect or posts.DEFAULT_DIALECT
        post = post_of(result)
        if post is not None:
            return posts.write(post, fmt, dialect)
        return "\n".join(result.lines(posts.stringifier(fmt, dialect)))

    return "\n".join(result.lines(STRINGIFIERS[fmt]))


def post_of(result):
    """The forum post of a result: its own ``post()``, else the one made for its kind."""
    own = getattr(result, "post", None)
    if own is not None:
        return own()
    make = POSTS.get(result.kind)
    return make(result) if make is not None else None


def _fight_post(result):
    from .posts_story import outcome_post

    return outcome_post(result)


#: result kind -> its forum post, for results that do not build one themselves
POSTS = {"fight": _fight_post}


def dialect_of(env) -> str | None:
    """The BBCode dialect asked for: ``--bbcode-dialect`` / TTCLI_BBCODE_DIALECT, else the
    current session's ``bbcode_dialect`` setting (read only when a BBCode post is written)."""
    asked = env.environ.get("TTCLI_BBCODE_DIALECT")
    if asked:
        from .posts import check_dialect

        return check_dialect(asked, "TTCLI_BBCODE_DIALECT")
    from .store import StoreError

    try:
        settings = open_session(env).read().get("settings", {})
    except (CliError, StoreError):  # no session here: the default dialect
        return None
    value = settings.get("bbcode_dialect") if isinstance(settings, dict) else None
    return value if isinstance(value, str) else None


def emit(result, fmt: str, env) -> None:
    fmt = choose_format(fmt, env)
    if fmt == "rich" and hasattr(result, "rich"):
        # a result with a layout of its own for terminals (a table, bars)
        rich_console(env, env.stdout).print(result.rich(), highlight=False)
        return
    dialect = (getattr(result, "dialect", None) or dialect_of(env)) if fmt == "bbcode" else None
    text = render_text(result, fmt, dialect)
    if fmt == "rich":
        console = rich_console(env, env.stdout)
        console.print(text, highlight=False, soft_wrap=True)
    elif text:
        env.stdout.write(text + "\n")


def rich_console(env, stream):
    from rich.console import Console

    return Console(file=stream, no_color=not env.color, highlight=False,
                   force_terminal=env.stdout_isatty if stream is env.stdout else env.stderr_isatty)


def error(env, message: str, detail: str = "") -> None:
    """One message on stderr: ``ttcli: error: ...`` (``ttcli: ошибка: ...`` in Russian) plus optional
    detail lines; everything echoed is made printable (no raw terminal escape)."""
    from .store.errors import printable

    env.stderr.write(_("ttcli: error: {message}").format(message=printable(message)) + "\n")
    if detail:
        env.stderr.write("".join(f"  {printable(line)}\n" for line in detail.splitlines()))


def report_failure(env, e: BaseException) -> int:
    """Say on stderr what went wrong with a command, once; the exit code that goes with it.

    The one edge for the full app and the fast paths alike.  An error that is
    not a known library error is a bug: reported as one, or re-raised with
    ``TTCLI_DEBUG`` set so its traceback shows.
    """

    if isinstance(e, KeyboardInterrupt):
        env.stderr.write(_("ttcli: interrupted") + "\n")
        return int(ExitCode.INTERRUPTED)

    note_language_of_current(env)
    report = describe(e)
    if report is None:
        if os.environ.get("TTCLI_DEBUG"):
            raise e

        error(env, _("internal error: {kind}: {problem}").format(kind=type(e).__name__, problem=e),
              _("this is a bug in ttcli; run again with TTCLI_DEBUG=1 for the traceback"))
        return int(ExitCode.INTERNAL)
    error(env, report.message, report.detail)
    return int(report.code)
