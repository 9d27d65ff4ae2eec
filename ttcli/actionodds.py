"""``ttcli odds attack|check|save``: the exact odds of one action, with the session's real values.

The system computes them (each system's ``odds`` module, through the same
functions its fight calls, reached through the registry so that neither the
fight rules nor Typer load); this module reads the session, passes what was
typed, and shows the result: the chances that decide
the action, then the chart of its number (damage dealt, or a check's total)
exactly as ``ttcli odds EXPR`` charts a dice expression, with ``--at-least``,
``--at-most``, ``--json`` and the forum formats.  Nothing is rolled, nothing
is written, nothing goes to the journal.
"""

from __future__ import annotations

from rules.dice import datatype
from rules.i18n import _
from rules.systems import read_encounter, system_odds

from .errors import CliError
from .exitcodes import ExitCode
from .numbers import ENGLISH, style
from .oddsview import chance, chart, exact
from .session import open_session

#: each action and the words that name it (Russian on the prompt and in the shell)
ACTIONS = {
    "attack": ("attack", "атака", "атаковать"),
    "check": ("check", "проверка"),
    "save": ("save", "спасбросок", "спас"),
}
#: the two names each action takes, as the system's function calls them
NAMES = {"attack": ("attacker", "target"), "check": ("name", "stat"), "save": ("name", "stat")}
#: the option each parameter is typed as, for messages
SPELLINGS = {"weapon": "--weapon", "ranged": "--ranged", "answer": "--answer", "defenses": "--defenses",
             "counter": "--counter", "dc": "--dc", "modifier": "--modifier", "rerolls": "--rerolls",
             "formula": "--formula"}


def action_of(word: str) -> str | None:
    low = word.lower()
    for action, words in ACTIONS.items():
        if low in words:
            return action
    return None


@datatype(frozen=True)
class ActionOddsResult:
    system: str
    odds: object  # rules.odds.actions.ActionOdds
    chart: object  # ttcli.oddsview.OddsResult of the action's number

    kind = "action_odds"

    def lines(self, s) -> list[str]:
        o = self.odds
        written = style()  # the reader's: 62,28 % in Russian
        out = [s.strong(s.escape(o.title))]  # type: ignore[attr-defined]
        for c in o.chances:  # type: ignore[attr-defined]
            out.append(f"{s.escape(c.words)}: {s.strong(_percent(c.chance, written))}")
        out += self.chart.lines(s)  # type: ignore[attr-defined]
        for _key, words, law in o.laws:  # type: ignore[attr-defined]
            shown = ", ".join(f"{written.integer(v)}: {_percent(p, written)}" for v, p in law.pairs)
            out.append(f"{s.escape(words)}: {shown}")
        return out

    def to_json(self) -> dict:
        o = self.odds

        def frac(p) -> dict:
            return {"probability": float(p), "exact": exact(p.numerator, p.denominator)}

        return {
            "system": self.system,
            "action": o.action,  # type: ignore[attr-defined]
            "title": o.title,  # type: ignore[attr-defined]
            "facts": dict(o.facts),  # type: ignore[attr-defined]
            "chances": {c.key: {"words": c.words, **frac(c.chance)} for c in o.chances},  # type: ignore[attr-defined]
            "law": self.chart.to_json(),  # type: ignore[attr-defined]
            "laws": {key: {"words": words, "mean": float(law.mean),
                           "outcomes": [{"value": v, **frac(p)} for v, p in law.pairs]}
                     for key, words, law in o.laws},  # type: ignore[attr-defined]
        }


def _percent(p, written=ENGLISH) -> str:
    return chance(p.numerator, p.denominator, written=written)


def action_odds(env, action: str, names: list[str], values: dict, at_least: int | None = None,
                at_most: int | None = None, cumulative: bool = False, full: bool = False) -> ActionOddsResult:
    """The odds of ``action`` on the current session, with the options typed in ``values``
    (only those given: None and False are left out)."""
    first, second = NAMES[action]
    if len(names) != 2:
        raise CliError(_("odds {action} takes two names: {first} and {second}").format(
            action=action, first=first.upper(), second=second.upper()), ExitCode.USAGE)
    doc = open_session(env).read()
    system = str(doc.get("system"))
    table = system_odds(system)
    if action not in table:
        raise CliError(_("{system} has no odds of {action}; it has: {actions}").format(
            system=system, action=action, actions=", ".join(table) or "-"), ExitCode.RULES)
    run = table[action]
    code = run.__code__
    accepted = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    for key in values:
        if key not in accepted:
            raise CliError(_("{option} does not fit the odds of {action} in {system}").format(
                option=SPELLINGS.get(key, key), action=action, system=system), ExitCode.USAGE)
    enc = read_encounter(doc)
    try:
        odds = run(enc, **{first: names[0], second: names[1]}, **values)
    except ValueError as e:
        if type(e) is not ValueError:
            raise
        raise CliError(str(e), ExitCode.USAGE) from None
    return ActionOddsResult(system, odds, chart(odds.law_words, odds.law.distribution(), at_least, at_most,
                                                cumulative, full))
