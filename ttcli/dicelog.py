"""Dice in the journal: how rolls are recorded, and how players re-check them.

Every die is recorded with its sides, face and origin; a die from a committed
sequence also carries its counter, so anyone with the revealed secret can
recompute it (``ttcli verify``).
"""

from __future__ import annotations

from .errors import CliError
from .exitcodes import ExitCode

TYPE_CHECKING = False  # typing is start-up cost on the roll path
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any


def die_record(d) -> dict:
    """One die for the journal: sides, face, origin; its counter if committed, and
    whether it was dropped or what it was rolled for, where the die says so."""
    out = {"sides": d.sides, "face": d.face, "origin": d.origin}
    if d.counter is not None:
        out["counter"] = d.counter
    if not getattr(d, "kept", True):
        out["kept"] = False
    purpose = getattr(d, "purpose", "")
    if purpose:
        out["purpose"] = purpose
    return out


def roll_record(roll) -> dict:
    from rules.dice import to_text

    out: dict[str, Any] = {"expression": roll.text, "kind": roll.kind, "value": roll.value,
                           "text": to_text(roll), "dice": [die_record(d) for d in roll.dice]}
    if roll.label:
        out["label"] = roll.label
    if roll.passed is not None:
        out["passed"] = roll.passed
    return out


def session_source(doc: Mapping[str, Any], seed: int | None, session_target=None):
    """The dice source for a session's rolls: its committed sequence while one is active.

    The counter is the furthest of the session file's and the dice sidecar's
    (``undo`` rewinds the file, never the dice).
    """
    from rules.core.sources import CommittedSource, RandomSource

    commit = doc.get("commit")
    if commit is not None and not commit.get("revealed"):
        if seed is not None:
            raise CliError("this session's dice are committed; --seed would bypass the commitment",
                           ExitCode.RULES, "roll without --seed, or reveal first: ttcli session reveal")
        counter = commit["counter"]
        if session_target is not None:
            from .store import dice_counter

            counter = max(counter, dice_counter(session_target, commit["commitment"]))
        return CommittedSource(bytes.fromhex(commit["secret"]), counter)
    return RandomSource(seed)


def store_counter(doc, source, session_target=None) -> None:
    """Record the next counter, so no committed value is ever used twice.

    The store moves the dice sidecar on once the roll is journaled (see
    ttcli/store/session.py), so a command that fails before that uses none.
    """
    from rules.core.sources import CommittedSource

    inner = getattr(source, "fallback", source)
    if isinstance(inner, CommittedSource) and doc.get("commit"):
        commitment = doc["commit"]["commitment"]
        if inner.counter != doc["commit"]["counter"]:
            doc["commit"] = {**doc["commit"], "counter": inner.counter}
        if hasattr(doc, "use_dice") and inner.counter > _start(doc, session_target, commitment):
            doc.use_dice(commitment, inner.counter)


def _start(doc, session_target, commitment: str) -> int:
    if session_target is None:
        return -1
    from .store import dice_counter

    return dice_counter(session_target, commitment)


def event_dice(event: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """Every die recorded in an event, wherever the event kept it."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "face" in item and "sides" in item:
                yield item
            else:
                stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def event_rolls(event: Mapping[str, Any]) -> Iterable[Mapping[str, Any]]:
    """Every roll record (expression, value, dice) in an event."""
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "expression" in item and "value" in item and isinstance(item.get("dice"), list):
                yield item
            else:
                stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


class Problem:
    """One thing verify found wrong, with where it is."""

    __slots__ = ("seq", "counter", "sides", "recorded", "expected", "problem")

    def __init__(self, seq, counter, problem: str, sides=None, recorded=None, expected=None) -> None:
        self.seq, self.counter, self.problem = seq, counter, problem
        self.sides, self.recorded, self.expected = sides, recorded, expected

    def text(self) -> str:
        where = [f"event {self.seq}"] if self.seq is not None else []
        if self.counter is not None:
            where.append(f"counter {self.counter}" + (f", d{self.sides}" if self.sides else ""))
        return ", ".join(where) + ": " + self.problem if where else self.problem

    def to_json(self) -> dict:
        return {k: getattr(self, k) for k in self.__slots__}


class Verification:
    """What ``ttcli verify`` found: dice and totals checked, and every problem."""

    kind = "verify"

    def __init__(self, checked: int, totals: int, problems: list, commitment_ok, commitment,
                 burned: int = 0, withheld: int | None = None, revealed: int | None = None,
                 lines: int = 0) -> None:
        self.checked, self.totals, self.lines_said, self.mismatches = checked, totals, lines, tuple(problems)
        self.commitment_ok, self.commitment = commitment_ok, commitment
        self.burned, self.withheld, self.revealed = burned, withheld, revealed

    @property
    def ok(self) -> bool:
        return not self.mismatches and self.commitment_ok is not False

    def lines(self, s) -> list[str]:
        from rules.i18n import _, ngettext

        # the English says "(s)" whatever the number; the catalog gives each language its forms
        out = []
        if self.commitment_ok is True:
            out.append(_("the secret matches the commitment {hash}").format(hash=self.commitment))
        elif self.commitment_ok is False:
            out.append(s.strong(_("the secret does NOT match the commitment {hash}").format(hash=self.commitment)))
        out.extend(s.escape(m.text()) for m in self.mismatches)
        if self.burned:
            out.append(ngettext(
                "{n} committed dice were drawn by commands that did not finish (journaled as burned; nobody saw them)",
                "{n} committed dice were drawn by commands that did not finish (journaled as burned; nobody saw them)",
                self.burned).format(n=self.burned))
        if self.withheld is not None:
            out.append(ngettext(
                "players' journal: {n} hidden event(s) withheld; check them against the full journal after the reveal",
                "players' journal: {n} hidden event(s) withheld; check them against the full journal after the reveal",
                self.withheld).format(n=self.withheld))
        out.append(ngettext("{n} shown total(s) recomputed from their dice",
                            "{n} shown total(s) recomputed from their dice", self.totals).format(n=self.totals))
        if self.lines_said:
            out.append(ngettext("{n} line(s) of fight events said again from their records",
                                "{n} line(s) of fight events said again from their records",
                                self.lines_said).format(n=self.lines_said))
        problems = len(self.mismatches)
        verdict = (_("all committed dice match") if self.ok
                   else ngettext("{n} problem(s) found", "{n} problem(s) found", problems).format(n=problems))
        out.append(s.strong(ngettext("{n} committed dice checked: {verdict}", "{n} committed dice checked: {verdict}",
                                     self.checked).format(n=self.checked, verdict=verdict)))
        return out

    def to_json(self) -> dict:
        return {"checked": self.checked, "totals_checked": self.totals, "lines_checked": self.lines_said,
                "ok": self.ok,
                "commitment": self.commitment, "commitment_ok": self.commitment_ok, "burned": self.burned,
                "withheld": self.withheld, "revealed_count": self.revealed,
                "mismatches": [m.to_json() for m in self.mismatches]}


def verify_events(events: list[Mapping[str, Any]], secret_hex: str, commitment: str | None = None,
                  *, withheld: int | None = None) -> Verification:
    """Check a journal against the revealed secret: what players saw is what the secret gave.

    Every committed die is recomputed; counters must be used once each and
    run without a gap up to the count the reveal states (a burned counter,
    drawn by a command that did not finish, fills its place); a hidden roll
    made under the commitment must use committed dice only; every shown
    total is recomputed from its dice.  ``withheld`` (a players' journal)
    skips the checks that need the hidden events.
    """
    from rules.core.sources import commitment as commit_of
    from rules.core.sources import committed_face

    try:
        secret = bytes.fromhex(secret_hex.strip())
    except ValueError:
        raise CliError("--secret must be the hexadecimal secret printed by 'session reveal'",
                       ExitCode.USAGE) from None
    if commitment is None:  # the journal records the hash that was published
        commitment = next((e.get("commitment") for e in events if e.get("kind") == "commit"), None)
    commitment_ok = None if commitment is None else commit_of(secret) == commitment.strip().lower()
    problems: list[Problem] = []
    used: dict[int, Any] = {}
    burned: set[int] = set()
    revealed: int | None = None
    active = False
    checked = totals = 0
    words = _Words()
    earlier: list = []  # the faces of every event's dice so far: pools rolled when declared
    for event in events:
        seq, kind = event.get("seq"), event.get("kind")
        if kind == "commit":
            active = True
        elif kind == "reveal":
            active = False
            if isinstance(event.get("rolls"), int):
                revealed = event["rolls"]
        elif kind == "burned":
            span = event.get("counters")
            if isinstance(span, list) and len(span) == 2 and all(isinstance(v, int) for v in span):
                burned.update(range(span[0], span[1]))
        for die in event_dice(event):
            if die.get("origin") != "committed":
                if active and event.get("hidden"):
                    problems.append(Problem(seq, None, f"a hidden roll under the commitment used a "
                                            f"{die.get('origin')} d{die.get('sides')}: players cannot check it"))
                continue
            counter, sides, face = die.get("counter"), die.get("sides"), die.get("face")
            if type(counter) is not int or type(sides) is not int or type(face) is not int or sides < 1:
                problems.append(Problem(seq, counter if type(counter) is int else None, "the die record is incomplete"))
                continue
            checked += 1
            if counter in used:
                problems.append(Problem(seq, counter, f"counter already used in event {used[counter]}", sides))
            used[counter] = seq
            expected = committed_face(secret, counter, sides)
            if expected != face:
                problems.append(Problem(seq, counter, f"recorded {face}, the secret gives {expected}",
                                        sides, face, expected))
        totals += _check_totals(event, problems) + _check_records(event, problems, words, earlier)
    if withheld is None:
        present = set(used) | burned
        end = max(present, default=-1) + 1 if revealed is None else max(revealed, max(present, default=-1) + 1)
        missing = sorted(set(range(end)) - present)
        for counter in missing[:20]:
            problems.append(Problem(None, counter, "no die with this counter: a committed roll is missing"))
        if len(missing) > 20:
            problems.append(Problem(None, None, f"{len(missing) - 20} more counters are missing"))
        beyond = sorted(c for c in used if revealed is not None and c >= revealed)
        if beyond:
            problems.append(Problem(None, beyond[0], f"the reveal says {revealed} committed dice were drawn, "
                                    "but this counter comes after them"))
    return Verification(checked, totals, problems, commitment_ok, commitment, len(burned - set(used)),
                        withheld, revealed, words.lines)


def _check_totals(event: Mapping[str, Any], problems: list) -> int:
    """Recompute each roll of the event from its recorded dice; return how many were checked."""
    from rules.core.sources import Draw, ReplayMismatch, ReplaySource
    from rules.dice import DiceError, parse, resolve, to_text

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
            problems.append(Problem(seq, None, f"roll {record.get('expression')!r} cannot be recomputed "
                                    f"from its dice: {e}"))
            continue
        count += 1
        text = to_text(roll)
        if source.unused:
            problems.append(Problem(seq, None, f"roll {record['expression']!r} records {source.unused} "
                                    "more dice than it rolls"))
        if roll.value != record.get("value"):
            problems.append(Problem(seq, None, f"roll {record['expression']!r} shows {record.get('value')!r}; "
                                    f"its dice give {roll.value}"))
        for seen in ([record.get("text")] + ([shown[i]] if i < len(shown) else [])):
            if seen is not None and seen != text:
                problems.append(Problem(seq, None, f"shown {seen!r}; its dice give {text!r}"))
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


def _check_records(event: Mapping[str, Any], problems: list, words: _Words, earlier: list) -> int:
    """A fight event: its records' faces are its dice, each ``total`` is its die plus its
    modifiers, and its shown lines are what its records say; return the totals checked.

    A pool may have been rolled by an earlier event (a round clock's declaration, resolved
    when the round ends): its faces are then all the dice of one earlier event."""
    from collections import Counter

    records = event.get("events")
    dice = event.get("dice")
    own: Counter[int] = Counter(d["face"] for d in dice if isinstance(d, dict) and type(d.get("face")) is int) \
        if isinstance(dice, list) else Counter()
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        earlier.append(own)
        return 0
    seq = event.get("seq")
    count = 0
    for record in records:
        kind = record.get("kind")
        single, pools = _named_faces(record)
        stray = Counter(single) - own
        for pool in pools:
            need = Counter(pool)
            if need - own and all(need - before for before in earlier):
                stray.update(pool)
        if stray:
            problems.append(Problem(seq, None, f"{kind}: shows the face(s) {sorted(stray.elements())}, "
                                    "which none of its dice has"))
        die, modifiers, total = record.get("die"), record.get("modifiers"), record.get("total")
        if type(die) is int and type(total) is int and isinstance(modifiers, list):
            try:
                given = die + sum(int(m["amount"]) for m in modifiers)
            except (KeyError, TypeError, ValueError):
                problems.append(Problem(seq, None, f"{kind}: a modifier has no whole amount"))
                continue
            count += 1
            if given != total:
                problems.append(Problem(seq, None, f"{kind}: shows the total {total}; "
                                        f"its die and modifiers give {given}"))
    # the players' lines (public_text) are made to leave numbers out: the master's lines
    # are the ones said again, and after the reveal they are what players check
    shown = event.get("text")
    if isinstance(shown, list) and shown and all(isinstance(line, str) for line in shown):
        wrong = words.check(records, shown)
        if wrong is not None:
            problems.append(Problem(seq, None, f"shown {wrong!r}: its records do not say so"))
    earlier.append(own)
    return count


class _Words:
    """The shown lines of fight events, said again from their records.

    The system that wrote a journal is not recorded in it, so every known
    system's message table is tried, in the language verify runs in and in
    English (the source texts).  A line in other words (a journal written in
    another language, or by a version that worded it otherwise) must show the
    same numbers: what the words mean follows from those numbers.
    """

    def __init__(self) -> None:
        self.lines = 0
        self._tables: list[Mapping[str, Any]] | None = None

    def tables(self) -> list[Mapping[str, Any]]:
        if self._tables is None:
            from rules.systems import known, system_rules

            self._tables = []
            for system in known():
                try:
                    self._tables.append(system_rules(system).messages)
                except (ImportError, AttributeError, ValueError):
                    continue  # a registered system without fight rules says nothing
        return self._tables

    def check(self, records: list[Mapping[str, Any]], shown: list[str]) -> str | None:
        """None when ``shown`` is the lines of some of ``records``, in order; else the first line that is not."""
        from rules import i18n

        best = shown[0]
        translators = [i18n.current()] + ([i18n.ENGLISH] if i18n.current() is not i18n.ENGLISH else [])
        for translator in translators:
            previous = i18n.install(translator)
            try:
                for table in self.tables():
                    stray = _unsaid(table, records, shown)
                    if stray is None:
                        self.lines += len(shown)
                        return None
                    if shown.index(stray) > shown.index(best):
                        best = stray
            finally:
                i18n.install(previous)
        return best


def _unsaid(table: Mapping[str, Any], records: list[Mapping[str, Any]], shown: list[str]) -> str | None:
    """The first shown line no record in order says (records may say nothing: only logged)."""
    from rules.core.messages import render

    at = 0
    for record in records:
        if at == len(shown):
            break
        try:
            lines = render(table, str(record.get("kind")), {k: v for k, v in record.items() if k != "kind"})
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            continue  # this table reads the kind otherwise: not its words
        said = shown[at:at + len(lines)]
        if lines and len(said) == len(lines) and all(map(_same, said, lines)):
            at += len(lines)
    return shown[at] if at < len(shown) else None


def _same(shown: str, said: str) -> bool:
    """The line itself, or one in other words (another language, an older wording)
    that shows the very same numbers."""
    import re

    return shown == said or sorted(re.findall(r"\d+", shown)) == sorted(re.findall(r"\d+", said))
