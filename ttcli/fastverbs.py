"""The fast path of one-shot fight commands: the same work without loading Typer.

``ttcli fight status``, ``ttcli fight next`` and a system's actions
(``ttcli attack "Гоблин 1" Вор``) sit in shell aliases and forum scripts,
where importing Typer and its vendored Click costs more than the command's
own work.  This parser reads only plain command lines: one of those commands
with the parameters it declares (the global options are read before, once, by
``argv.read_line``).  Anything else (help, a typo, a
missing argument, an option glued to its value, a value Click would word an
error for) returns None and the full Typer app takes over, so behaviour never
depends on which path ran.  Both paths call the same functions; a test runs a
table of command lines through both and compares stdout, stderr, exit codes
and the files.  ``TTCLI_NO_FASTPATH=1`` forces the full app.
"""

from __future__ import annotations

from .argv import Spec, parse_command

#: (spellings, parameter name, kind) of the options the generated commands share;
#: kind: "flag", "int" or "text"
_FORMAT = (("--format", "-f"), "fmt", "text")
_JSON = (("--json",), "as_json", "flag")
_PUBLIC = (("--public",), "public", "flag")
_DICE = ((("--given",), "given", "text"), (("--seed",), "seed", "int"))

#: every command of the fight group that is not a system's verb (``fight start``
#: included); a system's fight verb of the same name would never run
FIGHT_BUILTIN = ("start", "status", "next", "end", "join", "simulate")
#: the fight group's own commands the fast path runs: name -> their options
FIGHT_OWN = {
    "status": (_PUBLIC, _FORMAT, _JSON),
    "next": (_FORMAT, *_DICE),
}  # not "end": it may ask the master first (commands/fight.py), which the full app does


def action_spec(entries) -> Spec:
    """The parameters of a system verb's command, as ``commands.actions.click_params`` builds them."""
    _, first = entries[0]
    # a list of words is never required by Click (it may be empty): the verb checks it
    positionals = [(p.name, p.kind if p.kind in ("words", "int", "count") else "text",
                    p.required and p.kind != "words") for p in first.positionals]
    options: list = []
    seen: set[str] = set()
    for _, action in entries:
        for p in action.options:
            if p.name not in seen:
                seen.add(p.name)
                options.append((tuple(p.spellings), p.name,
                                "flag" if p.kind == "flag" else "int" if p.kind in ("int", "count") else "text"))
    if any(action.rolls for _, action in entries):
        options.extend(_DICE)
    options.extend((_PUBLIC, _FORMAT, _JSON))
    return Spec(positionals, tuple(options))


def run(words: list[str], options: dict) -> int | None:
    """Exit code of ``ttcli WORDS`` for a fight command (the global options read into
    ``options`` by ``argv.read_line``), or None to hand over to the full app."""
    word, rest = words[0], words[1:]
    job = _fight_job(rest) if word == "fight" else _odds_job(rest) if word == "odds" else _verb_job(word, rest, "")
    if job is None:
        return None
    from .argv import apply_globals
    from .env import Environment

    env = Environment()
    try:
        apply_globals(env, options)
        return job(env)
    except Exception as e:  # noqa: BLE001 - the same edge as the full app
        from .render import report_failure

        return report_failure(env, e)
    except KeyboardInterrupt as e:
        from .render import report_failure

        return report_failure(env, e)


def _fight_job(args: list[str]):
    if not args or args[0].startswith("-"):
        return None
    if args[0] not in FIGHT_BUILTIN:
        return _verb_job(args[0], args[1:], "fight")
    if args[0] not in FIGHT_OWN:
        return None
    command = args[0]
    parsed = parse_command(Spec([], FIGHT_OWN[command]), args[1:])
    if parsed is None:
        return None
    values, _ = parsed
    if command == "status":
        def status(env) -> int:
            from .render import emit
            from .session import open_session
            from .statusview import StatusView

            fmt = "json" if values["as_json"] else str(values["fmt"])
            emit(StatusView(open_session(env).read(), bool(values["public"])), fmt, env)
            return 0

        return status

    def step(env) -> int:
        from rules import fight as combat

        from .operations import run_operation, show_fight

        result = run_operation(env, f"fight {command}", combat.next_turn, given=values["given"], seed=values["seed"])
        return show_fight(env, result, str(values["fmt"]))

    return step


#: the options of ``odds attack|check|save`` (commands/odds.py declares the same)
ODDS_OPTIONS = (
    (("--at-least",), "at_least", "int"), (("--at-most",), "at_most", "int"),
    (("--cumulative", "-c"), "cumulative", "flag"), (("--full",), "full", "flag"),
    (("--weapon",), "weapon", "text"), (("--ranged",), "ranged", "flag"), (("--answer",), "answer", "text"),
    (("--defenses",), "defenses", "int"), (("--counter",), "counter", "flag"), (("--formula",), "formula", "text"),
    (("--dc",), "dc", "int"), (("--modifier",), "modifier", "int"), (("--rerolls",), "rerolls", "int"),
    _FORMAT, _JSON,
)
#: what an action's odds pass on to the system (the rest shape the chart)
ODDS_ACTION_VALUES = ("weapon", "ranged", "answer", "defenses", "counter", "formula", "dc", "modifier", "rerolls")


def _odds_job(args: list[str]):
    """``odds attack A B ...``: an action's odds (a dice expression's chart is the full app's)."""
    if not args:
        return None
    from .actionodds import ACTIONS

    if not any(args[0].lower() in words for words in ACTIONS.values()):
        return None
    parsed = parse_command(Spec([("names", "words", False)], ODDS_OPTIONS), args[1:])
    if parsed is None:
        return None
    values, _ = parsed

    def odds(env) -> int:
        from .actionodds import action_odds, action_of
        from .render import emit

        action = action_of(args[0])
        assert action is not None
        typed = {k: values[k] for k in ODDS_ACTION_VALUES if values[k] is not None and values[k] is not False}
        result = action_odds(env, action, list(values["names"]), typed, values["at_least"], values["at_most"],
                             bool(values["cumulative"]), bool(values["full"]))
        emit(result, "json" if values["as_json"] else str(values["fmt"]), env)
        return 0

    return odds


def _verb_job(word: str, args: list[str], noun: str):
    from .commands import COMMANDS

    if not noun and word in COMMANDS:
        return None  # a built-in command: the full app's
    def act(env) -> int | None:
        from .commands.actions import declarations, perform_verb, verb_for
        from .operations import show_fight
        from .session import peek_system

        # only the session's system is loaded; a verb or an option it does not declare
        # goes to the full app, which says whose it is
        system = peek_system(env)
        systems = (system,) if system is not None else None
        verb = verb_for(word, noun, systems)
        if verb is None:
            return None
        parsed = parse_command(action_spec(declarations(noun, systems)[verb]), args)
        if parsed is None:
            return None
        values, typed = parsed
        result, fmt = perform_verb(env, verb, values, typed, noun, systems)
        return show_fight(env, result, fmt)

    return act
