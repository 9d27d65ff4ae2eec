"""``ttcli log``, ``undo``, ``redo`` and ``verify``: the session's past."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from rules.i18n import _, ngettext

from ..errors import CliError
from ..exitcodes import ExitCode
from ..store import events
from .options import FormatOpt, JsonOpt, pick_format
from .session_cmd import Message, emit


def log_command(
    ctx: typer.Context,
    last: Annotated[int, typer.Option("--last", "-n", help="Show the last N events (0: all).")] = 20,
    who: Annotated[str | None, typer.Option("--who", help="Only events about this combatant.")] = None,
    public: Annotated[bool, typer.Option(
        "--public", help="The players' version: nothing of hidden combatants or hidden rolls.")] = False,
    round_: Annotated[int | None, typer.Option(
        "--round", help="Round N of the current fight as a forum post: the story, then the status.")] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Show the session's journal; export it with --format bbcode|markdown|json.

    Examples:

      ttcli log -n 5

      ttcli log --round 2 --format bbcode

      ttcli log --round 2 --public --format markdown

      ttcli log --public --json -n 0
    """
    from ..posts_story import LogView, current_fight, involves, round_events
    from ..session import match_name, open_session

    session = open_session(ctx.obj)
    events = session.events()
    doc = session.read()
    if who is not None:
        name = match_name(doc.get("combatants", {}), who)
        events = [e for e in events if involves(e, name)]
    if round_ is not None:
        # a round number restarts with every fight: the current fight's round
        events = round_events(current_fight(events), round_)
    if last > 0 and round_ is None:
        events = events[-last:]
    fmt = pick_format(fmt, as_json)
    view = LogView(tuple(events), public, session.path.stem, doc=doc, round=round_,
                   story=round_ is not None or fmt in ("bbcode", "markdown"))
    emit(ctx, view, fmt)


def _move(ctx: typer.Context, steps: int, forward: bool, yes: bool = False) -> None:
    from ..session import open_session
    from ..store import HistoryLimit, StoreError, UnsafePath

    if steps < 1:
        raise CliError(_("the number of steps must be at least 1"), ExitCode.USAGE)
    session = open_session(ctx.obj)
    word = "redo" if forward else "undo"
    event = events.moved(word, steps)
    try:
        before = _before(session)
        after = session.redo(steps, event) if forward else session.undo(steps, event)
    except HistoryLimit as e:  # not bad data: there is just nothing more to undo
        raise CliError(e.problem, ExitCode.RULES, e.hint or "") from None
    except UnsafePath:
        raise
    except StoreError as e:
        if forward or e.path != str(session.path):
            raise
        _restore_broken(ctx, session, e, yes)
        return
    states = session.states()
    pos = next((i for i, st in enumerate(states) if st.current), len(states) - 1)
    from ..undone import what_changed

    changes: list[str] = list(what_changed(before, after)) if before is not None and after is not None else []
    if after is None:  # ttcli's own bytes, written by a version with a bug: say so, and how to go on
        changes = [_("the state now in the file does not load ({problem}): undo again to go further back").format(
            problem=_problem(session))]
    from rules.i18n import ngettext

    said = (ngettext("undo: {steps} step back; now at state {position} of {states}",
                     "undo: {steps} steps back; now at state {position} of {states}", steps) if not forward else
            ngettext("redo: {steps} step forward; now at state {position} of {states}",
                     "redo: {steps} steps forward; now at state {position} of {states}", steps))
    emit(ctx, Message((said.format(steps=steps, position=pos + 1, states=len(states)), *changes),
                      {"steps": steps, "position": pos + 1, "states": len(states), "changes": list(changes)}))


def _before(session):
    """The document in the file before undo or redo; None when ttcli wrote those bytes itself yet
    they do not load (a bug of an older version): undo and redo restore over them unread.  A hand
    edit that does not load is raised, for undo to offer the last saved state."""
    from ..store import StoreError, UnsafePath

    try:
        return session.read()
    except UnsafePath:
        raise
    except StoreError as e:
        if e.path != str(session.path) or not session.wrote():
            raise
        return None


def _problem(session) -> str:
    from ..store import StoreError

    try:
        session.read()
    except StoreError as e:
        return f"{e.field}: {e.problem}" if e.field else e.problem
    return ""


def _restore_broken(ctx: typer.Context, session, problem, yes: bool) -> None:
    """The session file does not load: offer the last state ttcli saved (as the error's hint promises)."""
    from ..render import error

    states = session.states()
    if not states:
        raise problem
    last = next((st for st in states if st.current), states[-1])
    error(ctx.obj, str(problem))
    if not yes:
        # asked in the reader's language, answered in either (y/д), as `fight end` asks
        confirmed = ctx.obj.ask(_("Replace the broken file with the last saved state ({time})? "
                                  "The broken text is kept in the history folder").format(time=last.time))
        if confirmed is None:  # no terminal to answer on
            raise CliError(_("nothing restored: no confirmation"), ExitCode.USAGE, _("add --yes"))
        if not confirmed:
            emit(ctx, Message((_("nothing restored"),)))
            raise typer.Exit(ExitCode.BAD_DATA)
    session.restore(events.restored(_("restored state of {time} over a broken file").format(time=last.time)))
    emit(ctx, Message((_("restored the last saved state ({time}); the broken text is in {file}").format(
        time=last.time, file=f"{session.history.folder}/broken.toml"),), {"restored": last.id}))


YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Restore a broken file without asking.")]


def undo_command(
    ctx: typer.Context,
    steps: Annotated[int, typer.Argument(help="How many states to go back.")] = 1,
    yes: YesOpt = False,
) -> None:
    """Go back to an earlier state of the session file (byte for byte; hand edits included).

    When the file is broken, offers to put back the last state ttcli saved.

    Examples:

      ttcli undo

      ttcli undo 3
    """
    _move(ctx, steps, forward=False, yes=yes)


def redo_command(
    ctx: typer.Context,
    steps: Annotated[int, typer.Argument(help="How many states to go forward.")] = 1,
) -> None:
    """Go forward again after undo (until a new change drops the undone states).

    Examples:

      ttcli redo

      ttcli redo 2
    """
    _move(ctx, steps, forward=True)


def _read_any_journal(path: Path) -> tuple[list[Mapping[str, Any]], int | None, str | None]:
    """A journal as ttcli writes it (TOML) or as `log --format json` exports it, how many
    hidden events a players' export withheld (None for a full journal), and the system an
    export names (None: verify finds it from the records)."""
    import json
    import os

    from ..store import StoreError, read_events
    from ..store.files import open_regular
    from ..verifier import MAX_EVENTS, MAX_JOURNAL_BYTES

    try:
        fd = open_regular(path)
        try:  # the size first: a file past the limit is never read
            size = os.fstat(fd).st_size
            head = os.read(fd, 1) if size <= MAX_JOURNAL_BYTES else b""
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise CliError(_("no such journal {file}").format(file=path), ExitCode.NOT_FOUND) from None
    except StoreError as e:
        raise CliError(str(e), ExitCode.BAD_DATA) from None
    except OSError as e:
        raise CliError(_("{file}: cannot read this file: {reason}").format(file=path, reason=e.strerror or e),
                       ExitCode.BAD_DATA) from None
    if size > MAX_JOURNAL_BYTES:
        raise CliError(ngettext("{file} holds {size} byte: verify reads journals of at most {most} MB",
                                "{file} holds {size} bytes: verify reads journals of at most {most} MB",
                                size).format(file=path, size=size, most=MAX_JOURNAL_BYTES >> 20), ExitCode.BAD_DATA,
            _("a journal ttcli writes stays far below that: ask the master for the journal again"))
    if head in (b"{", b"["):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, RecursionError) as e:
            raise CliError(_("{file}: not valid JSON: {problem}").format(file=path, problem=e),
                           ExitCode.BAD_DATA) from None
        events = data.get("events") if isinstance(data, dict) else data
        if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
            raise CliError(_("{file}: no events list in this JSON").format(file=path), ExitCode.BAD_DATA)
        public = isinstance(data, dict) and data.get("public") is True
        withheld = data.get("withheld") if public else None
        if type(withheld) is int and not 0 <= withheld <= MAX_EVENTS:
            raise CliError(_("{file}: withheld must be a whole number from 0 to {most}").format(
                file=path, most=MAX_EVENTS), ExitCode.BAD_DATA)
        system = data.get("system") if isinstance(data, dict) else None
        return (events, (withheld if isinstance(withheld, int) else 0) if public else None,
                system if isinstance(system, str) else None)
    return read_events(path), None, None


def verify_command(
    ctx: typer.Context,
    journal: Annotated[Path, typer.Argument(help="The journal (.journal.toml) or its JSON export.")],
    secret: Annotated[str, typer.Option("--secret", help="The secret printed by 'session reveal'.")],
    commitment: Annotated[str | None, typer.Option(
        "--commitment", help="The hash the master posted (default: the one in the journal).")] = None,
    against: Annotated[Path | None, typer.Option(
        "--against", help="A players' journal (log --public --json) saved during the fight: the journal's "
                          "committed dice must be the ones it showed drawn.")] = None,
    fmt: FormatOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """Re-derive every committed roll and shown total from the secret; exit 1 if any does not match,
    7 if all match but some committed dice were burned (listed with the command that drew them).

    Examples:

      ttcli verify saves/crypt.journal.toml --secret 4f1c9a0b7d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e9

      ttcli verify fight.json --secret 4f1c9a0b7d3e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e9 --commitment 563c7add089293e18441739003599b75053b9b8529b1c2d9987e31ed556471df
    """  # noqa: E501 (an example line: a real secret and its commitment)
    from ..verifier import compare_players, verify_events

    events, withheld, system = _read_any_journal(journal)
    result = verify_events(events, secret, commitment, withheld=withheld, system=system)
    if against is not None:
        result.mismatches += tuple(compare_players(events, _read_any_journal(against)[0]))
    emit(ctx, result, pick_format(fmt, as_json))
    if not result.ok:
        raise typer.Exit(ExitCode.FAILED)
    if result.burned_spans:  # never a silent pass: players ask the master about each
        raise typer.Exit(ExitCode.BURNED)
