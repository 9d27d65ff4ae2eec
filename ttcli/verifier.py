"""``ttcli verify``: what players re-check in a journal, and how.

A journal (or a players' export) is checked against the program's own limits before
anything is computed (:func:`check_journal`); then every committed die is recomputed
from the revealed secret, every shown total and line from its recorded dice, and every
fight record by its system's rules (:func:`verify_events`).  The dice records
themselves are written by ``dicelog``.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right, insort
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Set
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from rules import i18n
from rules.core import CONDITIONS, View, actor_of, event_lines, health_owner, players_lines, recheck_event
from rules.dice import (
    DEFAULT_LIMITS,
    DiceError,
    Draw,
    ReplayMismatch,
    ReplaySource,
    committed_face,
    parse,
    resolve,
    to_text,
)
from rules.dice import commitment as commit_of
from rules.i18n import _, ngettext
from rules.systems import known, system_checks, system_rules

from .dicelog import event_dice, event_rolls
from .errors import CliError
from .exitcodes import ExitCode
from .i18n import Phrasing, load
from .posts_story import hidden_names
from .store import INT_LIMIT, format_field, printable

if TYPE_CHECKING:
    from collections import Counter


class Problem:
    """One thing verify found wrong, with where it is (event, round, who; or counter and die)."""

    __slots__ = ("seq", "counter", "sides", "recorded", "expected", "problem", "round", "who")

    def __init__(self, seq, counter, problem: str, sides=None, recorded=None, expected=None, *,
                 round=None, who=None) -> None:
        self.seq, self.counter, self.problem = seq, counter, problem
        self.sides, self.recorded, self.expected = sides, recorded, expected
        self.round, self.who = round, who

    def text(self) -> str:
        where = [_("event {seq}").format(seq=self.seq)] if self.seq is not None else []
        if type(self.round) is int:
            where.append(_("round {round}").format(round=self.round))
        if self.who:
            where.append(str(self.who))
        if self.counter is not None:
            counter = _("counter {counter}").format(counter=self.counter)
            where.append(counter + (f", d{self.sides}" if self.sides else ""))
        return ", ".join(where) + ": " + self.problem if where else self.problem

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}


class Verification:
    """What ``ttcli verify`` found: dice and totals checked, and every problem."""

    kind = "verify"

    def __init__(self, checked: int, totals: int, problems: list, commitment_ok, commitment,
                 burned: int = 0, withheld: int | None = None, revealed: int | None = None,
                 lines: int = 0, public: int = 0, results: int = 0, unbacked: int = 0,
                 burned_spans: Iterable = ()) -> None:
        self.checked, self.totals, self.lines_said, self.mismatches = checked, totals, lines, tuple(problems)
        #: players' lines said again, system results recomputed, players' events shown without their dice
        self.public_said, self.results, self.unbacked = public, results, unbacked
        self.commitment_ok, self.commitment = commitment_ok, commitment
        self.burned, self.withheld, self.revealed = burned, withheld, revealed
        #: (seq, first, last, command or "") of every `burned` event: never a silent pass (exit 7)
        self.burned_spans = tuple(burned_spans)

    @property
    def ok(self) -> bool:
        return not self.mismatches and self.commitment_ok is not False

    def lines(self, s) -> list[str]:
        out = []
        if self.commitment_ok is True:
            out.append(_("the secret matches the commitment {hash}").format(hash=self.commitment))
        elif self.commitment_ok is False:
            out.append(s.strong(_("the secret does NOT match the commitment {hash}").format(hash=self.commitment)))
        out.extend(s.escape(m.text()) for m in self.mismatches)
        for seq, first, last, command in self.burned_spans:
            where = _("event {seq}").format(seq=seq) if seq is not None else ""
            said = (_("committed dice {first}..{last} burned (drawn, never shown) by `{command}`: ask the master "
                      "about them").format(first=first, last=last, command=command) if command else
                    _("committed dice {first}..{last} burned (drawn, never shown) by a command the journal does not "
                      "name: ask the master about them").format(first=first, last=last))
            out.append(s.escape(f"{where}: {said}" if where else said))
        if self.withheld is not None:
            out.append(ngettext(
                "players' journal: {n} hidden event withheld; check it against the full journal after the reveal",
                "players' journal: {n} hidden events withheld; check them against the full journal after the reveal",
                self.withheld).format(n=self.withheld))
        out.append(ngettext("{n} shown total recomputed from its dice",
                            "{n} shown totals recomputed from their dice", self.totals).format(n=self.totals))
        if self.lines_said:
            out.append(ngettext("{n} line of fight events said again from its record",
                                "{n} lines of fight events said again from their records",
                                self.lines_said).format(n=self.lines_said))
        if self.public_said:
            out.append(ngettext("{n} players' line said again from its record",
                                "{n} players' lines said again from their records",
                                self.public_said).format(n=self.public_said))
        if self.results:
            out.append(ngettext("{n} result of fight events recomputed by its system's rules",
                                "{n} results of fight events recomputed by their system's rules",
                                self.results).format(n=self.results))
        if self.unbacked:
            out.append(ngettext(
                "{n} players' event shows faces whose dice the players' journal withholds (hidden, or "
                "declared in secret): checked against its record only",
                "{n} players' events show faces whose dice the players' journal withholds (hidden, or "
                "declared in secret): checked against their records only", self.unbacked).format(n=self.unbacked))
        problems = len(self.mismatches)
        verdict = (_("all committed dice match") if self.ok
                   else ngettext("{n} problem found", "{n} problems found", problems).format(n=problems))
        out.append(s.strong(ngettext("{n} committed die checked: {verdict}", "{n} committed dice checked: {verdict}",
                                     self.checked).format(n=self.checked, verdict=verdict)))
        return out

    def to_json(self) -> dict:
        return {"checked": self.checked, "totals_checked": self.totals, "lines_checked": self.lines_said,
                "public_lines_checked": self.public_said, "results_checked": self.results,
                "without_dice": self.unbacked, "ok": self.ok,
                "commitment": self.commitment, "commitment_ok": self.commitment_ok, "burned": self.burned,
                "withheld": self.withheld, "revealed_count": self.revealed,
                "burned_counters": [{"seq": seq, "from": first, "to": last, "drawn_by": command or None}
                                    for seq, first, last, command in self.burned_spans],
                "mismatches": [m.to_json() for m in self.mismatches]}


# What verify reads, checked before it computes anything: the work it then does follows
# what the file lists, never the size of a number in it (README, "Verifiable hidden rolls";
# docs/session-format.md, "What verify reads").
#: bytes of a journal or of its JSON export
MAX_JOURNAL_BYTES = 64 << 20
#: events of one journal
MAX_EVENTS = 100_000
#: dice of one journal: those recorded, and those its `burned` spans stand for
MAX_JOURNAL_DICE = 1_000_000
#: characters of one text (a shown line, a name, an expression)
MAX_TEXT = 100_000
#: lists and tables inside one event (the program writes seven levels at most)
MAX_NESTING = 20
#: keys of one table (the program writes about twenty): verify tells a record again with each
#: of its yes/no turned over, a copy of the record each time
MAX_KEYS = 100
#: fight records told again in words, each once and once more per yes/no it holds (turned
#: over to catch a "hit" edited to "miss"): about a millisecond each, so some three minutes
MAX_TELLINGS = 200_000


def check_journal(events: list[Mapping[str, Any]]) -> None:
    """Refuse (exit 4) a journal outside what verify reads: too many events, dice or tellings
    of fight records, an integer beyond 64 bits, a counter below 0 or past the largest the
    store can hold, a die with more sides or a roll with more dice than the roller allows, a
    text too long, a table too wide, lists nested too deep.  Naming the event and the field;
    nothing is computed before."""

    if len(events) > MAX_EVENTS:
        raise CliError(ngettext("{n} event: verify reads at most {most} events from one journal",
                                "{n} events: verify reads at most {most} events from one journal",
                                len(events)).format(n=len(events), most=MAX_EVENTS), ExitCode.BAD_DATA,
                       _bad_journal())
    top = INT_LIMIT - 1  # the largest counter the store can hold
    dice = tellings = 0
    for index, event in enumerate(events):
        _check_values(index, event)
        kind = event.get("kind")
        tellings += sum(1 + sum(type(v) is bool for v in r.values()) + ("condition_after" in r)
                        for r in _records(event))
        if tellings > MAX_TELLINGS:
            _refuse(index, event, "events", _("more than {most} fight records to tell again by here, each "
                                              "yes/no counted once more: verify reads at most that many").format(
                most=MAX_TELLINGS))
        if kind == "burned":
            span = event.get("counters")
            if not (isinstance(span, list) and len(span) == 2 and all(type(v) is int for v in span)
                    and 0 <= span[0] <= span[1] <= top):
                _refuse(index, event, "counters", _("must be [from, to]: two whole numbers, "
                                                    "0 <= from <= to <= {most}").format(most=top))
            dice += span[1] - span[0]
        elif kind == "reveal" and "rolls" in event:
            rolls = event["rolls"]
            if type(rolls) is not int or not 0 <= rolls <= top:
                _refuse(index, event, "rolls", _("must be a whole number from 0 to {most}").format(most=top))
        elif kind == "commit" and "commitment" in event and not isinstance(event["commitment"], str):
            _refuse(index, event, "commitment", _("must be the text of a SHA-256 hash"))
        for at, roll in enumerate(event_rolls(event)):
            if len(roll["dice"]) > DEFAULT_LIMITS.max_dice:
                _refuse(index, event, "dice", ngettext(
                    "roll #{number} records {n} die: a roll has at most {most}",
                    "roll #{number} records {n} dice: a roll has at most {most}",
                    len(roll["dice"])).format(number=at + 1, n=len(roll["dice"]), most=DEFAULT_LIMITS.max_dice))
        placeholders = event.get("withheld_dice", [])
        if not (isinstance(placeholders, list) and len(placeholders) <= DEFAULT_LIMITS.max_dice
                and all(isinstance(d, dict) and type(d.get("counter")) is int and type(d.get("sides")) is int
                        for d in placeholders)):
            _refuse(index, event, "withheld_dice", _("must be a list of at most {most} dice, each a counter and "
                                                     "its sides").format(most=DEFAULT_LIMITS.max_dice))
        for die in [*event_dice(event), *placeholders]:
            dice += 1
            sides, counter = die.get("sides"), die.get("counter")
            if type(sides) is int and not 1 <= sides <= DEFAULT_LIMITS.max_sides:
                _refuse(index, event, "sides", _("a d{sides}: dice have 1 to {most} sides").format(
                    sides=sides, most=DEFAULT_LIMITS.max_sides))
            if type(counter) is int and not 0 <= counter < top:
                _refuse(index, event, "counter", _("counter {counter}: counters run from 0 to {most}").format(
                    counter=counter, most=top - 1))
        if dice > MAX_JOURNAL_DICE:
            _refuse(index, event, "counters" if kind == "burned" else "dice", _(
                "more than {most} dice in the journal by here, burned ones included: verify reads at most "
                "that many").format(most=MAX_JOURNAL_DICE))


def _bad_journal() -> str:
    return _("the journal was changed, or is not one ttcli wrote: ask the master for it again")


def _refuse(index: int, event: Mapping[str, Any], field: str, problem: str) -> NoReturn:
    """Stop verify: the event (its sequence number, else its place in the file, and its kind)
    and the field that is outside what verify reads."""

    seq, kind = event.get("seq"), event.get("kind")
    where = (_("event {seq}").format(seq=seq) if type(seq) is int
             else _("event #{number} of the file").format(number=index + 1))
    if isinstance(kind, str) and re.fullmatch(r"[a-z_]{1,40}", kind):
        where += f" ({kind})"
    raise CliError(f"{where}, {field[:120]}: {problem}", ExitCode.BAD_DATA, _bad_journal())


def _check_values(index: int, event: Mapping[str, Any]) -> None:
    """Every value of an event within what a journal holds: integers of 64 bits, finite
    numbers, texts of at most MAX_TEXT characters, tables of at most MAX_KEYS keys, at most
    MAX_NESTING levels."""

    stack: list[tuple[Any, tuple]] = [(event, ())]
    while stack:
        value, at = stack.pop()
        problem = None
        if len(at) > MAX_NESTING:
            problem = _("lists and tables nested more than {most} levels deep").format(most=MAX_NESTING)
        elif isinstance(value, dict) and len(value) > MAX_KEYS:
            problem = _("a table of {n} keys: a journal's tables hold at most {most}").format(
                n=len(value), most=MAX_KEYS)
        elif isinstance(value, dict):
            for key, item in value.items():
                if len(key) > MAX_TEXT:
                    problem = _("a key longer than {most} characters").format(most=MAX_TEXT)
                    break
                stack.append((item, (*at, key)))
        elif isinstance(value, list):
            stack.extend((item, (*at, i)) for i, item in enumerate(value))
        elif type(value) is int and not -INT_LIMIT <= value < INT_LIMIT:
            problem = _("a whole number beyond 64 bits")
        elif type(value) is float and not (math.isfinite(value) and abs(value) < INT_LIMIT):
            problem = _("a number that is not finite, or beyond 64 bits")
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            problem = _("a text of {length} characters: a journal's texts hold at most {most}").format(
                length=len(value), most=MAX_TEXT)
        if problem is not None:
            _refuse(index, event, format_field(at) or "event", problem)


def verify_events(events: list[Mapping[str, Any]], secret_hex: str, commitment: str | None = None,
                  *, withheld: int | None = None, system: str | None = None) -> Verification:
    """Check a journal against the revealed secret: what players saw is what the secret gave.

    Every committed die is recomputed; counters must be used once each and
    run without a gap up to the count the reveal states (a burned counter,
    drawn by a command that did not finish, fills its place); a hidden roll
    made under the commitment must use committed dice only; every shown
    total is recomputed from its dice; every fight event's results are
    recomputed by its system (``system``, or the one whose checks know the
    journal's records) and its lines, the master's and the players', said
    again from its records.  ``withheld`` (a players' journal) skips the
    checks that need the hidden events.
    """

    try:
        secret = bytes.fromhex(secret_hex.strip())
    except ValueError:
        raise CliError(_("--secret must be the hexadecimal secret printed by 'session reveal'"),
                       ExitCode.USAGE) from None
    check_journal(events)
    if commitment is None:  # the journal records the hash that was published
        commitment = next((e.get("commitment") for e in events if e.get("kind") == "commit"), None)
    commitment_ok = None if commitment is None else commit_of(secret) == commitment.strip().lower()
    problems: list[Problem] = []
    used: dict[int, Any] = {}
    burned: list[tuple[int, int]] = []  # [from, to) spans, as the events list them
    revealed: int | None = None
    active = False
    checked = totals = 0
    players = withheld is not None
    words = _Words(events, players)
    systems = _Systems(events, system)
    if systems.mismatch is not None:
        problems.append(Problem(None, None, systems.mismatch))
    earlier = _Pools()  # the faces of every event's dice so far: pools rolled when declared
    spans: list[tuple[Any, int, int, str]] = []
    ordered: list[int] = []  # every counter a die used so far, sorted (in an honest journal, appended)
    high: tuple[Any, int] | None = None  # (seq, counter) of the highest counter drawn so far
    for event in events:
        seq, kind = event.get("seq"), event.get("kind")
        drawn = [d["counter"] for d in event_dice(event) if d.get("origin") == "committed"
                 and type(d.get("counter")) is int]
        if kind == "commit":
            active, high = True, None  # a new commitment's counters start again at 0
        elif kind == "reveal":
            active = False
            if isinstance(event.get("rolls"), int):
                revealed = event["rolls"]
        elif kind == "burned":
            first, end = event["counters"][0], event["counters"][1]  # check_journal: [from, to]
            burned.append((first, end))
            if end > first:
                command = event.get("drawn_by")
                spans.append((seq, first, end, printable(command) if isinstance(command, str) else ""))
                # a command killed after journaling some of its dice burns them again: only the
                # counters no die used must come after every counter drawn before
                below = min(end, high[1] + 1) if high is not None else first
                if high is not None and below > first and \
                        bisect_left(ordered, below) - bisect_left(ordered, first) < below - first:
                    problems.append(Problem(seq, first, _(
                        "burned after counter {counter} of event {earlier}: the events are not in the order their "
                        "dice were drawn").format(counter=high[1], earlier=high[0])))
                if high is None or end - 1 > high[1]:
                    high = (seq, end - 1)
        for die in event.get("withheld_dice", ()):  # a players' journal: a hidden die's counter and sides
            counter = die["counter"]
            drawn.append(counter)
            if counter in used:
                problems.append(Problem(seq, counter, _("counter already used in event {seq}").format(
                    seq=used[counter]), die["sides"]))
            used[counter] = seq
        if drawn:  # counters run in the order of the events that drew them
            if high is not None and min(drawn) <= high[1]:
                problems.append(Problem(seq, min(drawn), _(
                    "drawn after counter {counter} of event {earlier}: the events are not in the order their dice "
                    "were drawn").format(counter=high[1], earlier=high[0])))
            if high is None or max(drawn) > high[1]:
                high = (seq, max(drawn))
            for counter in drawn:
                insort(ordered, counter)
        for die in event_dice(event):
            if die.get("origin") != "committed":
                if active and event.get("hidden"):
                    problems.append(Problem(seq, None, _(
                        "a hidden roll under the commitment used a {origin} d{sides}: players cannot check it").format(
                        origin=die.get("origin"), sides=die.get("sides"))))
                continue
            counter, sides, face = die.get("counter"), die.get("sides"), die.get("face")
            if type(counter) is not int or type(sides) is not int or type(face) is not int or sides < 1:
                problems.append(Problem(seq, counter if type(counter) is int else None,
                                        _("the die record is incomplete")))
                continue
            checked += 1
            if counter in used:
                problems.append(Problem(seq, counter, _("counter already used in event {seq}").format(
                    seq=used[counter]), sides))
            used[counter] = seq
            expected = committed_face(secret, counter, sides)
            if expected != face:
                problems.append(Problem(seq, counter, _("recorded {face}, the secret gives {expected}").format(
                    face=face, expected=expected), sides, face, expected))
        totals += _check_totals(event, problems) + _check_records(event, problems, words, earlier, systems, players)
    # a players' journal too: its placeholders (withheld_dice) carry the counters of what it withholds
    present = _merged(burned + [(c, c + 1) for c in used])
    end = max(revealed or 0, present[-1][1] if present else 0)
    missing = end - sum(b - a for a, b in present)
    for counter in islice(_gaps(present, end), 20):
        problems.append(Problem(None, counter, _("no die with this counter: a committed roll is missing")))
    if missing > 20:
        more = missing - 20
        problems.append(Problem(None, None, ngettext("{n} more counter is missing", "{n} more counters are missing",
                                                     more).format(n=more)))
    beyond = sorted(c for c in used if revealed is not None and c >= revealed)
    if beyond:
        problems.append(Problem(None, beyond[0], ngettext(
            "the reveal says {n} committed die was drawn, but this counter comes after it",
            "the reveal says {n} committed dice were drawn, but this counter comes after them",
            revealed or 0).format(n=revealed)))
    ordered = sorted(used)  # a burned span none of whose counters a die used is listed (exit 7)
    listed = [(seq, first, end - 1, command) for seq, first, end, command in spans
              if bisect_left(ordered, end) - bisect_left(ordered, first) < end - first]
    return Verification(checked, totals, problems, commitment_ok, commitment, _unused(_merged(burned), used),
                        withheld, revealed, words.lines, words.public, systems.results, systems.unbacked, listed)


def compare_players(events: list[Mapping[str, Any]], players: list[Mapping[str, Any]]) -> list[Problem]:
    """What a players' journal (``log --public --json``, saved when it was posted) says was drawn
    against what the full journal says now: every event of the players' journal that drew
    committed dice must be in the journal with the same counters and die sizes.  A hidden roll
    rewritten after it was drawn (other dice, another counter) or an event moved is caught here,
    where the secret alone cannot catch it (docs/verify.md)."""

    def drawn(event: Mapping[str, Any]) -> list[tuple[int, int]]:
        dice = [d for d in event_dice(event) if d.get("origin") == "committed"]
        dice += [d for d in event.get("withheld_dice", ()) if isinstance(d, Mapping)]
        return sorted((d["counter"], d["sides"]) for d in dice
                      if type(d.get("counter")) is int and type(d.get("sides")) is int)

    def said(dice: list[tuple[int, int]]) -> str:
        return ", ".join(f"#{c} d{s}" for c, s in dice) or _("none")

    check_journal(players)
    by_seq: dict[int, Mapping[str, Any]] = {e["seq"]: e for e in events if type(e.get("seq")) is int}
    problems = []
    last = max((e["seq"] for e in players if type(e.get("seq")) is int), default=0)
    seen = set()
    for event in players:
        seq = event.get("seq")
        if type(seq) is not int:
            continue
        seen.add(seq)
        theirs = drawn(event)
        ours = by_seq.get(seq)
        if ours is None:
            if theirs:
                problems.append(Problem(seq, None, _("the players' journal has this event; the journal does not")))
            continue
        if theirs != drawn(ours):
            problems.append(Problem(seq, None, _(
                "the players saw committed dice {theirs} drawn here; the journal now says {ours}: the roll was "
                "changed after it was drawn").format(theirs=said(theirs), ours=said(drawn(ours)))))
    for seq, event in by_seq.items():
        if seq <= last and seq not in seen and drawn(event):
            problems.append(Problem(seq, None, _(
                "the journal has committed dice {ours} here; the players' journal shows no such event").format(
                ours=said(drawn(event)))))
    return problems


# Counters as spans, [from, to): a journal's work follows how many it lists, never their values.
def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` sorted, the empty ones dropped and those that touch or overlap joined."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(s for s in spans if s[0] < s[1]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _gaps(merged: list[tuple[int, int]], end: int) -> Iterator[int]:
    """The counters in 0..end-1 no span of ``merged`` (from _merged) covers, in order."""
    at = 0
    for a, b in [*merged, (end, end)]:
        yield from range(at, min(a, end))
        at = max(at, b)


def _unused(merged: list[tuple[int, int]], used: Iterable[int]) -> int:
    """How many counters the spans of ``merged`` (from _merged) cover that no die of ``used`` has."""

    starts = [a for a, _b in merged]
    inside = 0
    for counter in used:
        i = bisect_right(starts, counter) - 1
        inside += i >= 0 and counter < merged[i][1]
    return sum(b - a for a, b in merged) - inside


def _check_totals(event: Mapping[str, Any], problems: list) -> int:
    """Recompute each roll of the event from its recorded dice; return how many were checked."""
    seq = event.get("seq")
    text_field = event.get("text")
    shown: list[Any] = text_field if event.get("kind") == "roll" and isinstance(text_field, list) else []
    count = 0
    for i, record in enumerate(event_rolls(event)):
        dice = record["dice"]
        try:
            draws = [(d["sides"], Draw(d["face"], d["origin"], d.get("counter"))) for d in dice]
            expr = parse(str(record["expression"]))
            if record.get("label") and expr.label is None:
                expr = expr._replace(label=record["label"])
            source = ReplaySource(draws)
            roll = resolve(expr, source)
        except (KeyError, TypeError, ReplayMismatch, DiceError) as e:
            problems.append(Problem(seq, None, _("roll {expression!r} cannot be recomputed from its dice: {error}")
                                    .format(expression=record.get("expression"), error=e)))
            continue
        count += 1
        text = to_text(roll)
        if source.unused:
            problems.append(Problem(seq, None, ngettext(
                "roll {expression!r} records {n} more die than it rolls",
                "roll {expression!r} records {n} more dice than it rolls", source.unused).format(
                expression=record["expression"], n=source.unused)))
        if roll.value != record.get("value"):
            problems.append(Problem(seq, None, _("roll {expression!r} shows {shown!r}; its dice give {value}").format(
                expression=record["expression"], shown=record.get("value"), value=roll.value)))
        for seen in ([record.get("text")] + ([shown[i]] if i < len(shown) else [])):
            if seen is not None and seen != text:
                problems.append(Problem(seq, None, _("shown {line!r}; its dice give {text!r}").format(
                    line=seen, text=text)))
    return count


# The numbers of a fight event's typed records (rules.core.events) are tied to its
# dice and to its shown lines by conventions every system's records follow, so
# verify needs no system's rules to check them:
#: fields that hold one die's face, and fields that hold a list of faces
_FACE_KEYS = ("die", "roll")
_FACES_KEYS = ("dice", "faces")


def _named_faces(record: Mapping[str, Any]) -> tuple[list[int], list[list[int]]]:
    """The faces a record says were rolled: single ones (``die``, ``*_die``, ``roll``,
    ``*_roll``) and pools (``dice``, ``faces``)."""
    single: list[int] = []
    pools: list[list[int]] = []
    for key, value in record.items():
        if type(value) is int and any(key == k or key.endswith("_" + k) for k in _FACE_KEYS):
            single.append(value)
        elif key in _FACES_KEYS and isinstance(value, list) and value and all(type(v) is int for v in value):
            pools.append(value)
    return single, pools


class _Pools:
    """The faces of every event's dice so far, to find one that holds a pool: an event is filed
    under (face, k) for each k up to the times its dice show the face, so the events whose dice
    hold a pool are one intersection of sets.  Asking each earlier event in turn made a long
    journal's work grow with the square of its events."""

    def __init__(self) -> None:
        self._events = 0
        self._index: dict[tuple[int, int], set[int]] = {}

    def add(self, faces: Counter[int]) -> None:
        for face, times in faces.items():
            for k in range(1, times + 1):
                self._index.setdefault((face, k), set()).add(self._events)
        self._events += 1

    def holds(self, pool: Counter[int]) -> bool:
        """Whether the dice of one event so far show every face of ``pool``, as many times."""
        found = sorted((self._index.get((face, times), set()) for face, times in pool.items()), key=len)
        return bool(found) and bool(found[0].intersection(*found[1:]))


def _check_records(event: Mapping[str, Any], problems: list, words: _Words, earlier: _Pools,
                   systems: _Systems, players: bool) -> int:
    """A fight event: its records' faces are its dice, each ``total`` is its die plus its
    modifiers, its system's results follow from its records, and its shown lines (the
    master's and the players') are what its records say; return the totals checked.

    A pool may have been rolled by an earlier event (a round clock's declaration, resolved
    when the round ends): its faces are then all the dice of one earlier event.  An event of
    a players' journal that concerns the hidden comes without its dice: its faces are then
    checked against its records only."""

    records = event.get("events")
    dice = event.get("dice")
    own: Counter[int] = Counter(d["face"] for d in dice if isinstance(d, dict) and type(d.get("face")) is int) \
        if isinstance(dice, list) else Counter()
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        earlier.add(own)
        return 0
    seq = event.get("seq")
    count = 0
    # a players' event given whole (its command kept) has its own dice, if it rolled any; but the
    # pools it shows again may be a declaration's, withheld while the round was secret
    backed = not players or "dice" in event
    unbacked = False
    for record in records:
        kind = record.get("kind")
        single, pools = _named_faces(record)
        if not backed and (pools or (single and "command" not in event)):
            unbacked = True
        stray = Counter(single) - own if backed or "command" in event else Counter()
        for pool in pools if backed else ():
            need = Counter(pool)
            if need - own and not earlier.holds(need):
                stray.update(pool)
        if stray:
            problems.append(Problem(seq, None, _("{kind}: shows the face(s) {faces}, which none of its dice has")
                                    .format(kind=kind, faces=sorted(stray.elements())), round=event.get("round")))
        die, modifiers, total = record.get("die"), record.get("modifiers"), record.get("total")
        if type(die) is int and type(total) is int and isinstance(modifiers, list):
            try:
                given = die + sum(int(m["amount"]) for m in modifiers)
            except (KeyError, TypeError, ValueError):
                problems.append(Problem(seq, None, _("{kind}: a modifier has no whole amount").format(kind=kind),
                                        round=event.get("round")))
                continue
            count += 1
            if given != total:
                problems.append(Problem(seq, None, _("{kind}: shows the total {total}; its die and modifiers give "
                                                     "{given}").format(kind=kind, total=total, given=given),
                                        round=event.get("round")))
    systems.unbacked += unbacked
    for record, finding in systems.check(records):
        problems.append(Problem(seq, None, f"{record.get('kind')}: {finding}", round=event.get("round"),
                                who=_who(record)))
    # each version of the lines is said again from the records: in a players' journal the
    # text is the players' (their words for a foe's health, no hidden name); in the full
    # journal the master's, and the players' beside it (public_text) when they differ
    for key, public in [("text", True)] if players else [("text", False), ("public_text", True)]:
        shown = event.get(key)
        if isinstance(shown, list) and shown and all(isinstance(line, str) for line in shown):
            wrong = words.check(records, shown, public, bool(event.get("hidden")))
            if wrong is not None:
                said = (_("shown to the players {line!r}: its records do not say so") if public and not players
                        else _("shown {line!r}: its records do not say so"))
                problems.append(Problem(seq, None, said.format(line=wrong), round=event.get("round")))
    earlier.add(own)
    return count


def _who(record: Mapping[str, Any]) -> str | None:
    return actor_of(record)


class _Systems:
    """The system's own checks of its results (rules/systems/<id>/verify.py, rules.core.recheck).

    Each event a session writes names its system (``system``, after ``seq`` and ``time``), and
    that system's checks are asked.  A name is no proof, though: when another system's checks
    know more of the journal's record kinds, the mismatch is reported and the records are
    checked as those kinds say, so editing the name cannot turn the checks off.  A journal
    written before events named their system is read as before: the system whose checks know
    most of its record kinds is asked (an export's ``system`` only settles a tie); when
    several know as many, a record is reported only when every one of them finds it wrong, so
    a record of one system is never judged by another's rules."""

    def __init__(self, events: list[Mapping[str, Any]], system: str | None) -> None:
        self.results = 0
        #: events of a players' journal whose dice were withheld (they concern the hidden)
        self.unbacked = 0
        tables: dict[str, Mapping[str, Any]] = {}
        for name in known():
            try:
                tables[name] = system_checks(name)
            except (ImportError, ValueError):
                continue  # a system that cannot be loaded has nothing of its own to recompute
        kinds = Counter(str(r.get("kind")) for e in events for r in _records(e))
        score = {name: len(kinds.keys() & table.keys()) for name, table in tables.items()}
        best = max(score.values(), default=0)
        chosen = [name for name in tables if score[name] == best and best > 0]
        #: what is wrong with the systems the events name (a sentence for people), or None
        self.mismatch: str | None = None
        named = sorted({e["system"] for e in events if isinstance(e.get("system"), str)})
        if len(named) > 1:
            self.mismatch = _("the events name more than one system: {systems}").format(systems=", ".join(named))
        elif named and named[0] in chosen:
            chosen = [named[0]]
        elif named and best > 0:
            self.mismatch = _("the events name {named} as their system, but their records are {found}'s").format(
                named=named[0], found=", ".join(chosen))
        elif system in chosen:
            chosen = [system]
        self.tables = [tables[name] for name in chosen]

    def check(self, records: list[Mapping[str, Any]]) -> list[tuple[Mapping[str, Any], str]]:
        if not self.tables:
            return []
        found = [dict(recheck_event(table, records)) for table in self.tables]
        self.results += sum(1 for r in records if any(str(r.get("kind")) in t for t in self.tables))
        return [(records[i], text) for i, text in sorted(found[0].items()) if all(i in f for f in found[1:])]


def _records(event: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    records = event.get("events")
    return [r for r in records if isinstance(r, dict)] if isinstance(records, list) else []


#: stands for a field the players' version of a record left out (a hidden combatant's name)
_SOMEONE = "\x00hidden"


class _Scrubbed(dict):
    """A players' record: a field it lacks was a hidden combatant's, so it reads as one."""

    def __missing__(self, key: str) -> str:
        return _SOMEONE


class _Words:
    """The shown lines of fight events, said again from their records.

    The system that wrote a journal is not recorded in it, so every known
    system's message table is tried, in the language verify runs in, in
    English (the source texts) and in every language ttcli ships.  A line in
    other words (a journal written by a version that worded it otherwise) must
    show the same numbers, and no word that only another result would say
    (a miss for a hit, "wounded" for "badly wounded"): each record is also told
    with every yes/no of it turned over, and, for the players, with every
    health word a foe's unknown maximum could not give.

    The players' lines are made by the producer the log uses
    (rules.core.messages.players_lines) with the players' view: the hidden
    combatants (those whose events were hidden, and any field a players'
    record lacks) and the foes whose health the players read as a word.  A
    foe's maximum HP is not in the journal; it is at least every HP the
    journal shows for it, and a health word is accepted when some maximum
    from there up gives it.
    """

    def __init__(self, events: list[Mapping[str, Any]], players: bool) -> None:
        self.lines = 0
        self.public = 0
        self._tables: list[Mapping[str, Any]] | None = None
        self._translators: list[Any] | None = None
        self.players = players
        self.floor: dict[str, int] = {}

        for e in events:
            for r in _records(e):
                name = health_owner(r)
                for key in ("hp_before", "hp_after"):
                    if name is not None and type(r.get(key)) is int:
                        self.floor[name] = max(self.floor.get(name, 0), r[key])
        if players:
            self.hidden: set[str] = {_SOMEONE}
        else:
            self.hidden = hidden_names({}, events) | {_SOMEONE}

    def tables(self) -> list[Mapping[str, Any]]:
        if self._tables is None:
            self._tables = []
            for system in known():
                try:
                    self._tables.append(system_rules(system).messages)
                except (ImportError, AttributeError, ValueError):
                    continue  # a registered system without fight rules says nothing
        return self._tables

    def translators(self) -> list[Any]:
        if self._translators is None:
            out = [i18n.current(), i18n.ENGLISH]
            shipped = Path(__file__).resolve().parent / "locale"
            for language in sorted(p.name for p in shipped.iterdir() if p.is_dir()) if shipped.is_dir() else ():
                try:
                    loaded = load(language)
                    out.append(loaded if loaded is i18n.ENGLISH else Phrasing(loaded))
                except OSError:
                    continue
            self._translators = list({id(t): t for t in out}.values())
        return self._translators

    def check(self, records: list[Mapping[str, Any]], shown: list[str], public: bool = False,
              hidden: bool = False) -> str | None:
        """None when ``shown`` is the lines of some of ``records``, in order; else the first line that is not."""
        reading = _Reading(self, public, hidden, _unnamed(records, shown) if public and not self.players else set())
        best = shown[0]
        for table in self.tables():
            stray = _unsaid(table, records, shown, reading)
            if stray is None:
                if public:
                    self.public += len(shown)
                else:
                    self.lines += len(shown)
                return None
            if shown.index(stray) > shown.index(best):
                best = stray
        return best


class _Reading:
    """How one version of an event's lines is told from a record: the alternatives a true
    record could give, and the lines and words only another result would give."""

    def __init__(self, words: _Words, public: bool, hidden: bool, unnamed: Set[str] = frozenset()) -> None:
        self.words, self.public, self.hidden = words, public, hidden
        #: hidden names as far as the journal knows (hidden events' actors), and also those the
        #: players' lines never name (a hidden combatant who has not acted yet)
        self.hiding = [words.hidden] + ([words.hidden | unnamed] if unnamed else [])

    def views(self, record: Mapping[str, Any]) -> tuple[list[Any], list[Any]]:
        """The players' views a true record is told in, and those it cannot be (a foe's health word
        from a maximum below an HP the journal shows)."""

        plain = [View(public=True, hidden=hidden) for hidden in self.hiding]
        name, after = health_owner(record), record.get("hp_after")
        if name is None or type(after) is not int:
            return plain, []
        floor = max(self.words.floor.get(name, 0), after)
        caps = sorted({1, after, after + 1, 2 * after, 2 * after + 1, floor})
        fit = [View(public=True, hidden=h, guarded={name: c}) for h in self.hiding for c in caps if c >= floor]
        unfit = [View(public=True, hidden=h, guarded={name: c}) for h in self.hiding for c in caps if 0 < c < floor]
        return plain + fit, unfit

    def tell(self, table: Mapping[str, Any], record: Mapping[str, Any], view: Any) -> list[list[str]]:
        """The lines ``record`` gives in ``view`` (None: the master's), each way they are made:
        the log's players' producer, and for the players' lines a fight command wrote into the
        full journal, the command's own (rules.core.outcome.Work.tell: a record about nobody
        hidden is told in the players' view as it is)."""

        kind = str(record.get("kind"))
        fields = {k: v for k, v in record.items() if k != "kind"}
        try:
            if view is None:
                return [event_lines(table, kind, fields)]
            out = [players_lines(table, kind, _Scrubbed(fields), view, self.hidden)]
            if not self.words.players and not self.hidden:
                # never a line that spells a hidden name, whoever wrote it
                out.append([line for line in event_lines(table, kind, fields, view) if not view.leaks(line)])
            return out
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return []  # this table reads the kind otherwise: not its words

    def said(self, table: Mapping[str, Any], record: Mapping[str, Any]) -> tuple[list[list[str]], set[str], set[str]]:
        """(what a true record says, lines only another result says, words only another result says),
        in every language tried."""

        fit, unfit = self.views(record) if self.public else ([None], [])
        flips = [{**record, key: not value} for key, value in record.items() if isinstance(value, bool)]
        if isinstance(record.get("condition_after"), str):  # a players' record: a foe's health as a word

            flips += [{**record, "condition_after": w} for _floor, w in CONDITIONS if w != record["condition_after"]]
        alternatives: list[list[str]] = []
        contra_lines: set[str] = set()
        contra_words: set[str] = set()
        for translator in self.words.translators():
            previous = i18n.install(translator)
            try:
                mine = [lines for v in fit for lines in self.tell(table, record, v)]
                theirs = [lines for r in flips for v in fit for lines in self.tell(table, r, v)]
                theirs += [lines for v in unfit for lines in self.tell(table, record, v)]
            finally:
                i18n.install(previous)
            alternatives.extend(m for m in mine if m)
            own = {line for m in mine for line in m}
            other = {line for t in theirs for line in t} - own
            contra_lines |= other
            contra_words |= set().union(*map(_tokens, other)) - set().union(*map(_tokens, own))
        return alternatives, contra_lines, contra_words


def _unnamed(records: list[Mapping[str, Any]], shown: list[str]) -> set[str]:
    """The names in ``records`` (any text value, in lists and tables too) that no shown line spells."""
    found: set[str] = set()
    stack: list[Any] = list(records)
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(v for k, v in item.items() if k != "kind")
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item and not any(item in line for line in shown):
            found.add(item)
    return found


def _unsaid(table: Mapping[str, Any], records: list[Mapping[str, Any]], shown: list[str],
            reading: _Reading) -> str | None:
    """The first shown line no record in order says (records may say nothing: only logged)."""
    at = 0
    for record in records:
        if at == len(shown):
            break
        alternatives, contra_lines, contra_words = reading.said(table, record)
        for lines in alternatives:
            said = shown[at:at + len(lines)]
            if len(said) == len(lines) and all(_same(s, line, contra_lines, contra_words)
                                               for s, line in zip(said, lines, strict=True)):
                at += len(lines)
                break
    return shown[at] if at < len(shown) else None


def _tokens(line: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", line.lower()))


def _same(shown: str, said: str, contra_lines: Set[str] = frozenset(), contra_words: Set[str] = frozenset()) -> bool:
    """The line itself, or one in other words (an older wording) that shows the very same
    numbers and no word or line that only another result would say."""

    if shown == said:
        return True
    if shown in contra_lines or _tokens(shown) & contra_words:
        return False
    return sorted(re.findall(r"\d+", shown)) == sorted(re.findall(r"\d+", said))
