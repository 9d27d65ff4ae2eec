"""The fast path of ``ttcli roll``: the same work without loading Typer.

``ttcli roll 4d6kh3`` sits in shell aliases and scripts, where start-up is most
of the time it takes; Typer and its vendored Click cost several times the rest
of the command.  This parser understands only the plain options of ``roll``;
anything else (help, an unknown or misspelt option) returns
None and the full Typer app takes over, so behaviour never depends on which
path ran.  A test runs a table of command
lines through both paths and compares stdout, stderr and exit codes.
"""

from __future__ import annotations

#: spelling -> (keyword, kind) of every option of ``roll``; a test checks it against the
#: Click command, so an option cannot exist in one and not the other
_OPTIONS = {
    "--times": ("times", "int"), "-n": ("times", "int"),
    "--seed": ("seed", "int"),
    "--given": ("given", "text"),
    "--label": ("label", "text"),
    "--format": ("fmt", "text"), "-f": ("fmt", "text"),
    "--total": ("total", "flag"), "-t": ("total", "flag"),
    "--json": ("json", "flag"),
    "--hidden": ("hidden", "flag"),
}
_FORMATS = ("auto", "rich", "plain", "json", "bbcode", "markdown")


def options() -> dict[str, str]:
    """spelling -> kind ("flag", "int", "text") of the options this path reads."""
    return {spelling: kind for spelling, (_key, kind) in _OPTIONS.items()}


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
            known = _OPTIONS.get(name)
            if known is None or (eq and not name.startswith("--")):  # Click reads -n=3 as "=3"
                return None
            key, kind = known
            if kind == "flag":
                if eq:
                    return None
                opts[key] = True
            else:
                if not eq:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                if kind == "int":
                    from .fastverbs import fits_64_bits

                    if not value.lstrip("-").isdigit() or not fits_64_bits(value):
                        return None  # let the full parser word the error (beyond 64 bits too)
                    opts[key] = int(value)
                else:
                    opts[key] = value
        i += 1
    if not opts["expressions"]:
        return None
    if opts.get("fmt", "auto") not in _FORMATS:
        return None
    if opts.pop("json", False):
        opts["fmt"] = "json"
    return opts


def run(words: list[str], options: dict) -> int | None:
    """Exit code of ``ttcli roll ARGS`` (``words``: ``roll`` and its arguments, the global
    options read into ``options`` by ``argv.read_line``), or None to hand over to the full app."""
    opts = parse_args(words[1:])
    if opts is None:
        return None
    from .argv import apply_globals
    from .env import Environment

    env = Environment()
    from .rolling import run_roll

    try:
        apply_globals(env, options)
        return int(run_roll(env, opts.pop("expressions"), **opts))
    except Exception as e:  # noqa: BLE001 - same edge as the full app
        from .errors import describe
        from .render import error

        report = describe(e)
        if report is None:
            return None  # let the full app report the bug the usual way
        error(env, report.message, report.detail)
        return int(report.code)
