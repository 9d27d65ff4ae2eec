"""Result objects -> text on the environment's streams.  The one place that prints.

Commands return result objects; this module picks the format (rich on a
terminal, plain when piped, or what ``--format`` asks for), renders and writes.
rich is imported only when the output really goes to a terminal: piped
one-shot commands never pay for it.
"""

from __future__ import annotations

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


def render_text(result, fmt: str) -> str:
    if fmt == "json":
        import json

        # A result may ask for one compact line: json's C encoder runs only
        # without indent, and 100,000 indented rows take seconds in Python.
        indent = getattr(result, "json_indent", 2)
        return json.dumps(envelope(result), ensure_ascii=False, indent=indent)
    from .formats import STRINGIFIERS

    return "\n".join(result.lines(STRINGIFIERS[fmt]))


def emit(result, fmt: str, env) -> None:
    fmt = choose_format(fmt, env)
    if fmt == "rich" and hasattr(result, "rich"):
        # a result with a layout of its own for terminals (a table, bars)
        rich_console(env, env.stdout).print(result.rich(), highlight=False)
        return
    text = render_text(result, fmt)
    if fmt == "rich":
        console = rich_console(env, env.stdout)
        console.print(text, highlight=False, soft_wrap=True)
    else:
        env.stdout.write(text + "\n")


def rich_console(env, stream):
    from rich.console import Console

    return Console(file=stream, no_color=not env.color, highlight=False,
                   force_terminal=env.stdout_isatty if stream is env.stdout else env.stderr_isatty)


def error(env, message: str, detail: str = "") -> None:
    """One message on stderr: ``ttcli: error: ...`` plus optional detail lines."""
    env.stderr.write(f"ttcli: error: {message}\n")
    if detail:
        env.stderr.write("".join(f"  {line}\n" for line in detail.splitlines()))
