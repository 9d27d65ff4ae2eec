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

FORMATS = ("auto", "rich", "plain", "json", "bbcode", "markdown")

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


class Spec:
    """What one command takes: positional arguments in order, and options by spelling."""

    __slots__ = ("positionals", "options", "defaults")

    def __init__(self, positionals: list[tuple[str, str, bool]], options: tuple) -> None:
        #: (name, kind, required); kind "words" takes the rest of the line
        self.positionals = positionals
        self.options: dict[str, tuple[str, str]] = {}
        self.defaults: dict[str, object] = {}
        for spellings, name, kind in options:
            for spelling in spellings:
                self.options[spelling] = (name, kind)
            self.defaults[name] = False if kind == "flag" else ("auto" if name == "fmt" else None)


def parse_command(spec: Spec, args: list[str]) -> tuple[dict, list[str]] | None:
    """(every parameter's value, the options typed), as Click would give them; None when unsure."""
    values: dict = dict(spec.defaults)
    typed: list[str] = []
    loose: list[str] = []
    i = 0
    only_args = False
    while i < len(args):
        arg = args[i]
        if only_args or not arg.startswith("-") or arg == "-":
            loose.append(arg)
        elif arg == "--":
            only_args = True
        else:
            spelling, eq, value = arg.partition("=")
            if spelling not in spec.options or (eq and not spelling.startswith("--")):
                return None
            name, kind = spec.options[spelling]
            if kind == "flag":
                if eq:
                    return None
                values[name] = True
            else:
                if not eq:
                    i += 1
                    if i >= len(args):
                        return None
                    value = args[i]
                values[name] = _typed(kind, value)
                if values[name] is None:
                    return None
            if name not in typed:
                typed.append(name)
        i += 1
    for name, kind, required in spec.positionals:
        if kind == "words":
            values[name], loose = tuple(loose), []
        elif loose:
            values[name] = _typed(kind, loose.pop(0))
            if values[name] is None:
                return None
        elif required:
            return None
        else:
            values[name] = None
    if loose or values.get("fmt", "auto") not in FORMATS:
        return None
    return values, typed


def _typed(kind: str, text: str):
    if kind in ("int", "count"):
        digits = text[1:] if text[:1] in "+-" else text
        return int(text) if digits.isascii() and digits.isdigit() and fits_64_bits(text) else None
    return text


def fits_64_bits(text: str) -> bool:
    """Whether the digits ``text`` (a sign allowed) are a number a session file can hold; one
    that is not is refused by the full app, which names the option and the range."""
    if len(text.lstrip("+-")) < 19:
        return True
    from rules.core import fits

    return len(text.lstrip("+-")) == 19 and fits(int(text))


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
