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

from .argv import Spec, parse_command

#: (spellings, keyword, kind) of every option of ``roll``; a test checks them against the
#: Click command, so an option cannot exist in one and not the other
_OPTIONS = (
    (("--times", "-n"), "times", "int"),
    (("--seed",), "seed", "int"),
    (("--given",), "given", "text"),
    (("--label",), "label", "text"),
    (("--format", "-f"), "fmt", "text"),
    (("--total", "-t"), "total", "flag"),
    (("--json",), "json", "flag"),
    (("--hidden",), "hidden", "flag"),
)
_SPEC = Spec([("expressions", "words", False)], _OPTIONS)


def options() -> dict[str, str]:
    """spelling -> kind ("flag", "int", "text") of the options this path reads."""
    return {spelling: kind for spellings, _key, kind in _OPTIONS for spelling in spellings}


def parse_args(args: list[str]) -> dict | None:
    """Roll options as keyword arguments (the options typed only), or None when the full
    parser is needed: read by the one reader of both fast paths (``argv.parse_command``)."""
    parsed = parse_command(_SPEC, args)
    if parsed is None or not parsed[0]["expressions"]:
        return None
    values, typed = parsed
    opts: dict = {"expressions": list(values["expressions"])}
    opts.update((name, values[name]) for name in typed)
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
