"""The fast path of ``ttcli roll``: the same work without loading Typer.

``ttcli roll 4d6kh3`` sits in shell aliases and scripts, where start-up is most
of the time it takes; Typer and its vendored Click cost several times the rest
of the command.  This parser understands only the plain options of ``roll``;
anything else (help, an unknown or misspelt option, global options) returns
None and the full Typer app takes over, so behaviour never depends on which
path ran.  A test runs a table of command
lines through both paths and compares stdout, stderr and exit codes.
"""

from __future__ import annotations

_VALUE_OPTIONS = {
    "--times": "times", "-n": "times",
    "--seed": "seed",
    "--given": "given",
    "--label": "label",
    "--format": "fmt", "-f": "fmt",
}
_FLAGS = {"--total": "total", "-t": "total", "--json": "json", "--hidden": "hidden"}
_FORMATS = ("auto", "rich", "plain", "json", "bbcode", "markdown")


def parse_args(args: list[str]) -> dict | None:
    """Roll options as keyword arguments, or None when the full parser is needed."""
    opts: dict = {"expressions": []}
    i = 0
    only_args = False
    while i < len(args):
        arg = args[i]
        if only_args or not arg.startswith("-") or arg == "-":
            opts["expressions"].append(arg)
        elif arg == "--":
            only_args = True
        else:
            name, eq, value = arg.partition("=")
            if name in _FLAGS and not eq:
                opts[_FLAGS[name]] = True
            elif name in _VALUE_OPTIONS:
                if not eq:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                opts[_VALUE_OPTIONS[name]] = value
            else:
                return None
        i += 1
    if not opts["expressions"]:
        return None
    for key in ("times", "seed"):
        if key in opts:
            text = opts[key]
            if not text.lstrip("-").isdigit():
                return None  # let the full parser word the error
            opts[key] = int(text)
    if opts.get("fmt", "auto") not in _FORMATS:
        return None
    if opts.pop("json", False):
        opts["fmt"] = "json"
    return opts


def run(args: list[str], no_color: bool = False) -> int | None:
    """Exit code of ``ttcli roll ARGS``, or None to hand over to the full app."""
    opts = parse_args(args)
    if opts is None:
        return None
    from .env import Environment

    env = Environment(no_color=no_color)
    from .rolling import run_roll

    try:
        return int(run_roll(env, opts.pop("expressions"), **opts))
    except Exception as e:  # noqa: BLE001 - same edge as the full app
        from .errors import describe
        from .render import error

        report = describe(e)
        if report is None:
            return None  # let the full app report the bug the usual way
        error(env, report.message, report.detail)
        return int(report.code)
