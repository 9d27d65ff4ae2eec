"""Fight operations on a session file: one store transaction per command.

Loads the session document, turns it into an encounter, runs one pure
operation from ``rules.fight`` with the session's dice (committed ones while
a commitment is active), writes the new encounter back and journals every
die and line.  One-shot commands and the prompt both come through here, so
they produce the same journal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import View, health_owner, players_records
from rules.dice import GivenSource, datatype
from rules.fight import encounter_from_doc, encounter_to_doc
from rules.i18n import _
from rules.systems import system_rules

from .dicelog import die_record, session_source, store_counter
from .errors import CliError
from .exitcodes import ExitCode
from .render import emit
from .rolling import parse_given
from .session import open_session
from .statuswords import foes_hp_caps


@datatype(frozen=True)
class FightResult:
    """What a fight command did: the master's lines and the players' (hidden left out)."""

    master: tuple[str, ...]
    players: tuple[str, ...]
    passed: bool | None = None
    #: show the players' version (--public)
    public: bool = False
    #: given faces left over (C-DICE-3: ignored and listed)
    ignored: tuple[int, ...] = ()
    #: dice of the operation, as journal records
    dice: tuple[dict, ...] = ()
    #: typed events (rules.core.events) as records: all of them, and the players' share
    events: tuple[dict, ...] = ()
    #: makes the players' share of ``events`` (only --public --json reads it: a round's
    #: records are many, and most commands are not asked for them)
    public_events: Callable[[], tuple[dict, ...]] | None = None
    #: the session as the command left it: a forum post closes with its status table
    session: Any = None
    kind = "fight"

    def shown(self) -> tuple[str, ...]:
        return self.players if self.public else self.master

    def lines(self, s) -> list[str]:
        out = [s.escape(line) for line in self.shown()]
        if self.ignored:
            out.append(s.escape(_("ignored given values: {values}").format(values=" ".join(map(str, self.ignored)))))
        return out

    def to_json(self) -> dict:
        data: dict[str, Any] = {"lines": list(self.shown()), "public": self.public}
        players = self.public_events
        data["events"] = list((players() if players is not None else ()) if self.public else self.events)
        if not self.public:
            data["dice"] = list(self.dice)
        if self.ignored:
            data["given_ignored"] = list(self.ignored)
        if self.passed is not None:
            data["passed"] = self.passed
        return data


def run_operation(env, command: str, operation: Callable | None, *, needs_dice: bool = True,
                  seed: int | None = None, given: str | None = None, plan: Callable | None = None) -> FightResult:
    """Run ``operation(encounter, source)`` on the session (``source`` is None when it rolls nothing).

    ``given`` holds the faces a player posted (C-DICE-3): they fill the
    operation's dice in order; extra values are ignored and reported, dice
    left without one are rolled (committed while a commitment is active).

    ``plan(system)``, when given, picks the command's words, the operation and
    whether it rolls once the session's system is known, inside the same
    transaction (the file is read once).
    """

    faces = None
    if given is not None:
        faces = parse_given(given)
    session = open_session(env)
    with session.transaction() as doc:
        system = str(doc.get("system"))
        if plan is not None:
            command, operation, needs_dice = plan(system)
        assert operation is not None
        enc = encounter_from_doc(doc, system_rules(system))
        try:
            if needs_dice:
                source = session_source(doc, seed, session.target)
                if faces is not None:
                    source = GivenSource(faces, source)
                outcome = operation(enc, source)
            else:
                source, outcome = None, operation(enc, None)
        except ValueError as e:
            # the rules refuse a malformed argument (a weapon written "abc") with a
            # plain ValueError; here that argument came from the command line
            if type(e) is not ValueError:
                raise
            raise CliError(str(e), ExitCode.USAGE) from None
        new_doc = encounter_to_doc(outcome.encounter, doc)
        doc.clear()
        doc.update(new_doc)
        if source is not None:
            store_counter(doc, source, session.target)
        ignored = tuple(source.unused) if faces is not None else ()
        records = tuple(e.record() for e in outcome.events)
        event = journal_event(command, outcome, doc, records)
        if ignored:
            event["given_ignored"] = list(ignored)
        doc.log(event)
    # public_lines may be empty on purpose: everything concerned hidden combatants
    return FightResult(tuple(outcome.lines), tuple(outcome.public_lines), outcome.passed, session=dict(doc),
                       ignored=ignored, dice=tuple(event.get("dice", ())),
                       events=records, public_events=lambda: _players_records(records, outcome, system))


def _players_records(records: tuple[dict, ...], outcome, system: str) -> tuple[dict, ...]:
    """The players' records of the command, by the rules ``log --public --json`` keeps them:
    nothing of a hidden one but its players' version, a foe's HP numbers as the condition."""

    owners = {health_owner(r) for r in records if {"hp", "hp_before", "hp_after", "hp_max"} & r.keys()}
    view = View(public=True, hidden=outcome.hidden_names, guarded=lambda: foes_hp_caps(outcome.encounter, owners))
    return tuple(players_records(system_rules(system).messages, records, view, bool(outcome.hidden)))


def journal_event(command: str, outcome, doc, records: tuple[dict, ...]) -> dict:
    event: dict[str, Any] = {"kind": outcome.event.get("kind", "fight"), "command": command}
    fight = doc.get("fight")
    if isinstance(fight, dict) and isinstance(fight.get("round"), int):
        event["round"] = fight["round"]
    event["hidden"] = bool(outcome.hidden)
    event["text"] = list(outcome.lines)
    public = list(outcome.public_lines)
    if public != list(outcome.lines):
        event["public_text"] = public
    for key, value in outcome.event.items():
        if key not in event and value is not None:
            event[key] = value
    if records:
        event["events"] = list(records)
    if outcome.dice:
        event["dice"] = [die_record(d) for d in outcome.dice]
    if outcome.passed is not None:
        event["passed"] = outcome.passed
    return event


def emit_fight(ctx, result: FightResult, fmt: str = "auto") -> None:
    code = show_fight(ctx.obj, result, fmt)
    if code:
        import typer

        raise typer.Exit(code)


def show_fight(env, result: FightResult, fmt: str = "auto") -> int:
    """Write the result; the exit code (a check that failed is FAILED, for scripts)."""

    emit(result, fmt, env)
    return int(ExitCode.FAILED) if result.passed is False else int(ExitCode.OK)
