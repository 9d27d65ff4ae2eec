"""One session file with its journal, undo history, dice sidecar and lock.

One change is one transaction, under the session's one lock::

    with SessionFile("saves/fight.toml", validate).transaction() as doc:
        doc["round"] += 1
        doc.log({"kind": "round", "round": doc["round"]})

A hand edit is validated and kept as a state; the block edits a copy; on a clean exit
the logged events are journaled, the dice sidecar moves on, and a changed copy is
snapshot and written.  An exception in the block writes nothing.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from rules.core import copy_plain
from rules.dice import replace
from rules.i18n import N_, _

from ..argv import RUNNING
from . import events
from .errors import StoreError, Unwritable
from .files import atomic_write, beside, digest, gone, locked, read_bytes
from .history import CREATED, DEFAULT_KEEP, RESTORED, WRITTEN, History
from .journal import append_event, read_events
from .toml import (
    check_depth,
    check_writable,
    encode_document,
    header_comment,
    is_read_only,
    parse_document,
    placed,
    system_of,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

DEFAULT_HEADER = (
    "ttcli session file. You may edit it by hand between commands: ttcli checks\n"
    "it before the next one, and `undo` can return to your edit.\n"
    "Your comments are kept when ttcli saves, by the key or table they stand by."
)
#: header lines of earlier versions: written anew like the header, never kept as the master's notes
FORMER_HEADER_LINES = ("Comments other than this header are not kept when ttcli saves.",)
# The document a transaction wrote, by file, with its bytes: the combat prompt's next
# command reuses it, unparsed, while the file still holds those very bytes.
_WRITTEN: dict[str, tuple[bytes, dict]] = {}


class Draft(dict):
    """The copy of a document a transaction hands out.  ``log(event)`` queues a journal event
    (kept as it is: do not change it afterwards), ``use_dice`` records how far committed dice were drawn."""

    def __init__(self, doc) -> None:
        super().__init__(copy_plain(dict(doc)))
        self.events: list[dict] = []
        self.dice: tuple[str, int] | None = None

    def log(self, event) -> None:
        self.events.append(event)

    def use_dice(self, commitment: str, next_counter: int) -> None:
        self.dice = (commitment, next_counter)


# ``.fight.toml.dice`` holds "COMMITMENT RESERVED JOURNALED COMMAND", outside the session file so
# that `undo` never rewinds the dice (docs/session-format.md, "Committed dice"); COMMAND, the
# command line that reserved the counters, is what a `burned` event names if it never finished.
def _read_dice(session_path) -> tuple[str, int, int, str] | None:
    try:
        fields = read_bytes(beside(session_path, "dice")).decode("utf-8").split(" ", 3)
        return (fields[0], int(fields[1]), int(fields[2] if len(fields) > 2 else fields[1]),
                fields[3].strip() if len(fields) > 3 else "")
    except (FileNotFoundError, UnicodeDecodeError, IndexError, ValueError):
        return None  # absent or torn: the session file's own counter applies


def dice_counter(session_path, commitment: str) -> int:
    """The next unused counter the sidecar records for ``commitment`` (0 if none)."""
    found = _read_dice(session_path)
    return found[1] if found and found[0] == commitment else 0


def _write_dice(session_path, commitment: str, reserved: int, journaled: int, command: str = "") -> None:
    atomic_write(beside(session_path, "dice"), f"{commitment} {reserved} {journaled} {command}".rstrip() + "\n",
                 sync_dir=False)


#: why committed dice were drawn and never shown (said in the session's language)
_UNFINISHED = N_("committed dice {first}..{last} were drawn by a command that did not finish")
_UNSHOWN = N_("committed dice {first}..{last} were drawn and not shown")


def _burned(commitment: str, start: int, end: int, why: str, command: str = "") -> dict:
    return events.burned(commitment, start, end, _(why).format(first=start, last=end - 1), command)


def _no_problems(doc) -> list[StoreError]:
    return []


class SessionFile:
    """One session file; ``keep`` undo steps are kept (default 20).  ``validate(doc)`` lists
    the problems of a document ttcli did not write; ``loaded(doc)`` is told every document
    read (bytes the store wrote skip validation, so what a caller learns from a load, the
    session's language, cannot live in ``validate``)."""

    def __init__(self, path, validate=None, *, header: str = DEFAULT_HEADER, keep: int = DEFAULT_KEEP,
                 loaded=None) -> None:
        self.path = self.target = Path(path)  # target: the name callers of the dice use
        self.journal_path = Path(beside(self.path, "journal"))
        self.validate, self.loaded = validate or _no_problems, loaded or _no_problems
        self.header, self.keep = header, keep
        #: the header's lines as written: in a file, they are the program's and not kept as notes
        self.header_lines = frozenset(f"# {line}".rstrip() for line in (*header.split("\n"), *FORMER_HEADER_LINES))

    @property
    def history(self) -> History:
        return History(self.path, self.keep)

    @contextlib.contextmanager
    def _hold(self) -> Iterator[str]:
        """The session's lock, for a change of a session that must exist: one that `session rm`
        removed while this process waited is :class:`SessionGone` (nothing of it is created again)."""
        with locked(self.path) as lock:
            if not os.path.lexists(self.path):
                raise gone(self.path, lock)
            yield lock

    def remove(self) -> None:
        """Delete the session with its journal, undo history and sidecars, under its lock: a
        command that was changing it finishes first, one that waits for it then finds it gone.
        Links are removed themselves, never what they point to."""
        import shutil

        with self._hold() as lock:
            folder, name = self.path.parent, self.path.name
            journal = self.journal_path
            hidden = (f".{name}.", f".{journal.name}.")  # .fight.toml.dice, .lock, .tmp ...
            companions: list[str | Path] = [journal, journal.with_name(journal.name + ".torn"),
                                            *(e.path for e in os.scandir(folder) if e.name.startswith(hidden))]
            for path in companions:
                if os.path.abspath(path) != lock:
                    with contextlib.suppress(FileNotFoundError):
                        os.unlink(path)
            history = self.history.folder
            if os.path.islink(history) or (os.path.lexists(history) and not os.path.isdir(history)):
                os.unlink(history)
            elif os.path.lexists(history):
                shutil.rmtree(history)  # refuses to follow links inside
            os.unlink(self.path)
            _WRITTEN.pop(os.fspath(self.path), None)
            os.unlink(lock)  # last, while held: see files.locked

    def _check(self, doc, text: str | None) -> None:
        """Raise the first validation problem, located; all of them in ``.errors``."""
        problems = [placed(error.located(path=error.path or self.path), text) for error in self.validate(doc)]
        if problems:
            problems[0].errors = tuple(problems)
            raise problems[0]

    def _read(self, history: History | None = None) -> tuple[bytes, dict]:
        """The file's bytes and document.  With ``history`` (under the lock) the history is
        brought up to date: a hand edit is validated and kept as a state of its own."""
        try:
            data = read_bytes(self.path)
        except FileNotFoundError:
            raise StoreError(self.path, _("no such session file"),
                             hint=_("check the name, or create the session first")) from None
        hit = _WRITTEN.get(os.fspath(self.path))
        written = hit is not None and hit[0] == data
        if hit is not None and written:  # a reader may change what it is handed; a transaction copies it
            doc = hit[1] if history is not None else copy_plain(hit[1])
        else:
            doc = parse_document(data, self.path, read_only=history is None)
        if history is not None and not history.load().sync(data):
            self._check(doc, data.decode("utf-8"))
            history.record(data)
        elif history is None and not written and not is_read_only(doc) and not self.history.knows(data):
            # bytes this store wrote (the undo history knows their digest) were valid when written
            self._check(doc, data.decode("utf-8"))
        self.loaded(doc)
        return data, doc

    def _dump(self, doc) -> bytes:  # what the tests check every written document at
        check_depth(doc, self.path, Unwritable)  # what the loader refuses is never written
        return encode_document(doc, self.header, self.path)

    def _plain(self, data: bytes) -> bool:
        """Whether ``data`` surely holds no comment but the header: no ``#`` after the header
        ttcli writes (a quick look, which a ``#`` in a string answers False)."""
        top = header_comment(self.header).encode("utf-8")
        return b"#" not in (data[len(top):] if data.startswith(top) else data)

    def _carry(self, old: bytes | None, new: bytes, old_doc=None, new_doc=None) -> bytes:
        """``new`` with the master's comments of ``old`` (the file it replaces) beside the keys and
        tables they stood by: ``new`` itself when neither holds any (ttcli.store.comments)."""
        if old is None or (self._plain(old) and self._plain(new)):
            return new
        from .comments import carry, has_notes

        if not has_notes(old, self.header_lines) and not has_notes(new, self.header_lines):
            return new
        try:
            return carry(old, new, self.header_lines, old_doc, new_doc)
        except (ValueError, RecursionError):  # bytes that do not read (an undo's old state): as they are
            return new

    def _save(self, history: History, data: bytes, origin: str) -> None:
        """Snapshot, write, index: in this order a crash leaves a state the next load recovers."""
        state_id = history.prepare(data)
        atomic_write(self.path, data)
        history.commit(state_id, digest(data), origin)

    def read(self) -> dict:
        """The current document, validated, without locking or writing anything.
        A newer format is returned for display and not validated."""
        return self._read()[1]

    def create(self, doc) -> None:
        """Write a new session file; refuse if one exists.  Starts a fresh history
        (the first commit drops the snapshots of a session that had this name)."""
        with locked(self.path):
            if os.path.lexists(self.path):
                raise StoreError(self.path, _("the session file already exists"),
                                 hint=_("pick another name or delete the old session"))
            self._save(self.history, self._dump(doc), CREATED)

    @contextlib.contextmanager
    def transaction(self):
        """Lock, load, yield a :class:`Draft`; on clean exit journal events and save changes."""
        with self._hold():
            history = self.history
            data, doc = self._read(history)
            found = _read_dice(self.path)
            if found and found[1] > found[2]:  # counters a killed command drew, perhaps never journaled
                append_event(self.journal_path, _burned(found[0], found[2], found[1], _UNFINISHED, found[3]),
                             doc.get("system"))
                _write_dice(self.path, found[0], found[1], found[1])
            draft = Draft(doc)
            yield draft
            # everything is checked before the first byte is written: the state, then each event
            new = self._carry(data, self._dump(draft), doc, draft) if dict(draft) != doc else data
            for event in draft.events:
                check_writable(event, self.journal_path, ("event",))
            if draft.dice is not None:  # counters count as used once journaled (or burned, above)
                commitment, reserved = draft.dice
                before = _read_dice(self.path)
                journaled = before[2] if before and before[0] == commitment else 0
                if not draft.events:  # dice drawn but no roll logged: say so rather than leave a gap
                    draft.log(_burned(commitment, journaled, reserved, _UNSHOWN, RUNNING[0]))
                _write_dice(self.path, commitment, reserved, journaled, RUNNING[0])
            for event in draft.events:
                append_event(self.journal_path, event, doc.get("system"))
            if draft.dice is not None:
                _write_dice(self.path, *draft.dice, draft.dice[1])
            if new != data:
                self._save(history, new, WRITTEN)
                _WRITTEN[os.fspath(self.path)] = (new, copy_plain(dict(draft)))

    def undo(self, steps: int = 1, event=None) -> dict | None:
        """Go back ``steps`` states, journaling ``event``; return the document now in the file
        (None when those bytes, ttcli's own, do not load).  The file is read, validated and kept
        first only when it is a hand edit."""
        return self._move(steps, 1, event)

    def redo(self, steps: int = 1, event=None) -> dict | None:
        """Go forward again after an undo."""
        return self._move(steps, -1, event)

    def _move(self, steps: int, sign: int, event) -> dict | None:
        if steps < 1:  # a caller's mistake, not a reader's: the commands check their argument
            raise ValueError(steps)
        with self._hold():
            history = self.history
            current: bytes | None = None
            current_doc = None
            try:
                current = read_bytes(self.path)
                own = history.load().sync(current)
            except FileNotFoundError:
                own = False
            if not own:  # a hand edit: validated and kept as a state of its own, as by any command
                current, current_doc = self._read(history)
            # bytes ttcli wrote are restored over unread: undo must work even on a state an older,
            # buggy version wrote that no longer loads (docs/session-format.md, "Undo restores bytes");
            # only the master's comments of the file it replaces are carried into them; the journal
            # first, then the file, as every change (a kill between them leaves an event whose state
            # was not written, never a state the journal does not tell)
            data = history.move(sign * steps, lambda target: self._carry(current, target, current_doc),
                                None if event is None else
                                lambda data: append_event(self.journal_path, event, system_of(data)))
            try:
                doc = parse_document(data, self.path, read_only=True)
            except StoreError:
                return None  # the state now in the file is ttcli's own, yet does not load: undo goes on past it
            self.loaded(doc)
            return doc

    def wrote(self) -> bool:
        """Whether the file holds bytes ttcli itself wrote (its last write or a kept state), which
        undo and redo restore over without reading them."""
        try:
            data = read_bytes(self.path)
        except FileNotFoundError:
            return False
        return self.history.load().wrote(data)

    def restore(self, event=None) -> dict:
        """Put the last state ttcli saved back over a broken file; keep the broken bytes
        aside as ``<name>.history/broken.toml``."""
        with self._hold():
            history = self.history.load()
            if not history.states:
                raise StoreError(self.path, _("the undo history is empty: there is no earlier state to restore"),
                                 hint=_("fix the file by hand"))
            with contextlib.suppress(FileNotFoundError):
                atomic_write(history.folder / "broken.toml", read_bytes(self.path))
            data = history.snapshot(history.states[history.position()])  # -1, the newest, when none is current
            if event is not None:  # the journal first, as every change
                append_event(self.journal_path, event, system_of(data))
            self._save(history, data, RESTORED)
            return parse_document(data, self.path, read_only=True)

    def states(self):
        """The kept states, oldest first; ``current`` marks the one in the file."""
        history = self.history.load()
        return [replace(s, current=s.id == history.current) for s in history.states]

    def events(self, last: int | None = None) -> list[dict]:
        return read_events(self.journal_path, last)
