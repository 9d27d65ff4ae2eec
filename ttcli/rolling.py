"""Rolling expressions for the command line: the work behind ``ttcli roll``.

Kept free of Typer so the fast path of ``ttcli roll`` (ttcli/fastroll.py) can use it.
"""

from __future__ import annotations

from rules.dice import GivenSource, RandomSource, parse, resolve
from rules.i18n import _, ngettext

from .argv import shown, whole_number
from .errors import CliError
from .exitcodes import ExitCode
from .render import emit
from .session import current_name, note_language_of, open_session, session_file

MAX_TIMES = 1000
#: dice one call may roll, all its expressions times --times together (rerolls and explosions
#: included): a call is one journal event, and every later `log` reads it
MAX_CALL_DICE = 10_000


class RollResult:
    """The rolls of one ``ttcli roll`` call (a plain class: it is on the start-up path)."""

    __slots__ = ("rolls", "given", "ignored", "seed", "times", "totals_only")
    kind = "roll"

    def __init__(self, rolls: tuple, given: tuple[int, ...] | None = None, ignored: tuple[int, ...] = (),
                 seed: int | None = None, times: int = 1, totals_only: bool = False) -> None:
        self.rolls = rolls  # of rules.dice.Roll
        self.given = given
        self.ignored = ignored
        self.seed = seed
        self.times = times
        #: only the values, one per line (--total)
        self.totals_only = totals_only

    @property
    def failed(self) -> bool:
        return any(r.passed is False for r in self.rolls)

    def lines(self, s) -> list[str]:
        if self.totals_only:
            return [str(r.value) for r in self.rolls]
        out = []
        per = len(self.rolls) // self.times if self.times > 1 else 0
        for i, r in enumerate(self.rolls):
            prefix = f"#{i % self.times + 1} " if per else ""
            out.append(prefix + s.roll(r))
        if self.given is not None:
            rolled_here = sum(1 for r in self.rolls for d in r.dice if d.origin != "given")
            if rolled_here:
                out.append(s.rolled_mark + " " + ngettext(
                    "rolled here: {count} die (the given values ran out)",
                    "rolled here: {count} dice (the given values ran out)", rolled_here).format(count=rolled_here))
            if self.ignored:
                out.append(_("ignored given values: {values}").format(values=" ".join(map(str, self.ignored))))
        return out

    def to_json(self) -> dict:
        from .jsonout import roll_json

        data: dict = {"rolls": [roll_json(r) for r in self.rolls]}
        if self.seed is not None:
            data["seed"] = self.seed
        if self.given is not None:
            data["given"] = {"values": list(self.given), "ignored": list(self.ignored)}
        return data


def parse_given(text: str) -> tuple[int, ...]:
    values = []
    for token in text.replace(",", " ").replace(";", " ").split():  # spaces, commas, semicolons
        value = whole_number(token) if token[:1] not in "+-" else None
        if value is None:
            raise CliError(_("--given: {token!r} is not a die face").format(token=shown(token)), ExitCode.USAGE,
                           _('give whole numbers separated by spaces, like --given "5 4 3"'))
        values.append(value)
    return tuple(values)


def join_labels(args: list[str]) -> list[str]:
    """Re-attach a label the shell split into words: ``9d6>=5 [атака мечом]``."""
    out: list[str] = []
    open_label = False
    for arg in args:
        if open_label or (arg.startswith("[") and out):
            out[-1] += " " + arg
            open_label = "]" not in arg
        else:
            out.append(arg)
    return out


def roll_expressions(texts: list[str], *, times: int = 1, seed: int | None = None,
                     given: tuple[int, ...] | None = None, label: str | None = None,
                     source=None) -> RollResult:
    """Parse every expression first (so a bad one rolls nothing), then roll."""

    if not 1 <= times <= MAX_TIMES:
        raise CliError(_("--times must be between 1 and {most}").format(most=MAX_TIMES), ExitCode.USAGE)
    exprs = []
    for text in texts:
        expr = parse(text)
        if label and expr.label is None:
            expr = expr._replace(label=label)
        exprs.append(expr)
    if source is None:
        source = RandomSource(seed)
    if given is not None:
        source = GivenSource(given, source)
    rolls, drawn = [], 0  # counted as they roll: past the cap by at most one expression's 1,000 dice
    for e in exprs:
        for _time in range(times):
            rolls.append(resolve(e, source))
            drawn += len(rolls[-1].dice)
            if drawn > MAX_CALL_DICE:  # refused before anything is shown or journaled
                _too_many_dice()
    ignored = source.unused if given is not None else ()
    return RollResult(tuple(rolls), given, ignored, seed, times)


def _too_many_dice():
    raise CliError(_("one roll may draw at most {most} dice, all its expressions and --times together "
                     "(rerolls and explosions included)").format(most=f"{MAX_CALL_DICE:,}"),
                   ExitCode.BAD_EXPRESSION, _("roll fewer dice, or split the call"))


def run_roll(env, expressions: list[str], *, times: int = 1, seed: int | None = None,
             given: str | None = None, label: str | None = None, total: bool = False,
             fmt: str = "auto", hidden: bool = False) -> ExitCode:
    """The whole of ``ttcli roll`` after argument parsing; returns the exit code.

    With a session chosen (``--session`` or ``session use``) the roll is
    journaled, and its dice come from the session's commitment while one is
    active.
    """

    texts = join_labels(expressions)
    faces = parse_given(given) if given is not None else None
    if current_name(env) is None:
        result = roll_expressions(texts, times=times, seed=seed, given=faces, label=label)
    else:
        result = _session_roll(env, texts, times, seed, faces, label, hidden)
    result.totals_only = total
    emit(result, fmt, env)
    return ExitCode.FAILED if result.failed else ExitCode.OK


def _session_roll(env, texts, times, seed, faces, label, hidden) -> RollResult:
    from .dicelog import roll_record
    from .store import append_if_clean, events

    result = None

    def event() -> dict:
        nonlocal result
        result = roll_expressions(texts, times=times, seed=seed, given=faces, label=label)
        return events.roll(texts, hidden, [roll_record(r) for r in result.rolls])

    # a session without committed dice only gains a journal event: no need to load it all
    if append_if_clean(session_file(env), event, unless=b"commit", seen=note_language_of) is not None:
        assert result is not None  # the event was written, so event() ran
        return result
    session = open_session(env)
    with session.transaction() as doc:
        commit = doc.get("commit")
        committed = commit is not None and not commit.get("revealed")
        source = None
        if committed:
            if hidden and faces is not None:
                raise CliError(_("a hidden roll cannot use --given while the dice are committed"), ExitCode.RULES,
                               _("players could not check it after the reveal: roll it openly, or without --given"))
            from .dicelog import session_source

            source = session_source(doc, seed, session.target)
        result = roll_expressions(texts, times=times, seed=seed, given=faces, label=label, source=source)
        if committed:
            from .dicelog import store_counter

            store_counter(doc, source, session.target)
        doc.log(events.roll(texts, hidden, [roll_record(r) for r in result.rolls]))
    return result
