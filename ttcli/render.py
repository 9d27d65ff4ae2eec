"""Result objects -> text on the environment's streams.  The one place that prints.

Commands return result objects; this module picks the format (rich on a
terminal, plain when piped, or what ``--format`` asks for), renders and writes.
rich is imported only when the output really goes to a terminal: piped
one-shot commands never pay for it.
"""

from __future__ import annotations

import json
from typing import Protocol

from .env import Environment

JSON_VERSION = 1


class Result(Protocol):
    #: names the JSON schema: "roll" -> "ttcli.roll"
    kind: str

    def to_json(self) -> dict: ...

    def lines(self, stringifier) -> list[str]:
        """Text lines in the stringifier's markup (plain, rich, markdown, bbcode)."""


def choose_format(requested: str, env: Environment) -> str:
    if requested != "auto":
        return requested
    return "rich" if env.stdout_isatty else "plain"


def envelope(result: Result) -> dict:
    """The versioned JSON envelope every command's --json output uses."""
    return {"schema": f"ttcli.{result.kind}", "version": JSON_VERSION, **result.to_json()}


def render_text(result: Result, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(envelope(result), ensure_ascii=False, indent=2)
    from .formats import STRINGIFIERS

    return "\n".join(result.lines(STRINGIFIERS[fmt]))


def emit(result: Result, fmt: str, env: Environment) -> None:
    fmt = choose_format(fmt, env)
    text = render_text(result, fmt)
    if fmt == "rich":
        console = rich_console(env, env.stdout)
        console.print(text, highlight=False, soft_wrap=True)
    else:
        env.stdout.write(text + "\n")


def rich_console(env: Environment, stream):
    from rich.console import Console

    return Console(file=stream, no_color=not env.color, highlight=False,
                   force_terminal=env.stdout_isatty if stream is env.stdout else env.stderr_isatty)


def error(env: Environment, message: str, detail: str = "") -> None:
    """One message on stderr: ``ttcli: error: ...`` plus optional detail lines."""
    env.stderr.write(f"ttcli: error: {message}\n")
    if detail:
        env.stderr.write("".join(f"  {line}\n" for line in detail.splitlines()))
