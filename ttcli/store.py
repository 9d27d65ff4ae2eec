"""The session store: load, validate, change and save session files safely.

It works on plain dict documents; what a session must contain is checked by
a ``validate(doc) -> list[StoreError]`` callback supplied by the caller.  One
change is one transaction::

    with transaction("saves/fight.toml", validate) as doc:
        doc["round"] += 1
        doc.log({"kind": "round", "round": doc["round"]})

Inside: lock -> read -> check (a hand edit since the last write is validated
and kept as an undoable state) -> the block edits a copy -> if it changed:
validate, dump and verify, journal the logged events, snapshot, atomic write.
An exception in the block writes nothing.  See the ``store_*`` modules for
the pieces.
"""

from __future__ import annotations

import contextlib
import copy
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from .store_errors import FormatTooNew, HistoryLimit, StoreError
from .store_fields import format_field, locate_field, parse_field
from .store_files import atomic_write, clean_stale_temps, lock_path, locked, resolve_target
from .store_history import DEFAULT_KEEP, CREATED, HAND_EDIT, WRITTEN, History, StateInfo, digest, history_dir
from .store_journal import JournalContents, TornTail, append_event, journal_path, read_events, read_journal
from .store_toml import FORMAT, dump_document, is_read_only, load_document, parse_document, same_document

__all__ = [
    "FORMAT",
    "DEFAULT_HEADER",
    "Draft",
    "FormatTooNew",
    "HistoryLimit",
    "JournalContents",
    "SessionFile",
    "StateInfo",
    "StoreError",
    "TornTail",
    "Validator",
    "append_event",
    "atomic_write",
    "clean_stale_temps",
    "dump_document",
    "format_field",
    "history_dir",
    "is_read_only",
    "journal_path",
    "load_document",
    "locate_field",
    "lock_path",
    "locked",
    "parse_document",
    "parse_field",
    "read_events",
    "read_journal",
    "transaction",
]

Validator = Callable[[Mapping[str, Any]], Iterable[StoreError]]

DEFAULT_HEADER = (
    "ttcli session file. You may edit it by hand between commands: ttcli checks\n"
    "it before the next one, and `undo` can return to your edit.\n"
    "Comments other than this header are not kept when ttcli saves."
)


def _no_checks(doc: Mapping[str, Any]) -> list[StoreError]:
    return []


class Draft(dict):
    """The mutable copy of a document handed out by a transaction.

    ``log(event)`` queues a journal event; queued events are appended only
    if the transaction completes.
    """

    def __init__(self, doc: Mapping[str, Any]) -> None:
        super().__init__(copy.deepcopy(dict(doc)))
        self.events: list[dict] = []

    def log(self, event: Mapping[str, Any]) -> None:
        self.events.append(copy.deepcopy(dict(event)))


class SessionFile:
    """One session file with its journal, undo history and lock.

    ``keep`` is how many undo steps the history keeps (default 20); ``lock_timeout``
    None waits for other commands as long as they take.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        validate: Validator | None = None,
        *,
        header: str = DEFAULT_HEADER,
        keep: int = DEFAULT_KEEP,
        lock_timeout: float | None = None,
    ) -> None:
        self.path = Path(path)
        self.validate = validate or _no_checks
        self.header = header
        self.keep = keep
        self.lock_timeout = lock_timeout

    @property
    def target(self) -> Path:
        """The real file (a symlinked session keeps its sidecars beside the target)."""
        return resolve_target(self.path)

    @property
    def journal_path(self) -> Path:
        return journal_path(self.target)

    @property
    def history(self) -> History:
        return History(self.target, self.keep)

    # ------------------------------------------------------------ checks

    def _check(self, doc: Mapping[str, Any], text: str | None) -> None:
        """Raise the first validation problem, located; all of them in ``.errors``."""
        problems = [self._locate(e, text) for e in self.validate(doc)]
        if problems:
            first = problems[0]
            first.errors = tuple(problems)
            raise first

    def _locate(self, error: StoreError, text: str | None) -> StoreError:
        changes: dict[str, Any] = {}
        if error.path is None:
            changes["path"] = os.fspath(self.path)
        if text is not None and error.line is None and error.field:
            place = locate_field(text, error.field)
            if place:
                changes["line"], changes["col"] = place
        return error.located(**changes) if changes else error

    def _read_bytes(self) -> bytes:
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            raise StoreError(self.path, "no such session file", hint="check the name, or create the session first") from None
        except OSError as exc:
            raise StoreError(self.path, f"cannot read: {exc.strerror or exc}") from None

    def _load_current(self, history: History):
        """Read, parse and validate the file and bring the history up to date.

        A hand edit (bytes the store did not write) is validated and, if
        valid, snapshotted as a state of its own; if not, StoreError and
        nothing is written.
        """
        data = self._read_bytes()
        doc = _parsed_before(self.target, data)
        if doc is None:
            doc = parse_document(data, self.path)
        text = data.decode("utf-8")
        index = history.load()
        status = history.sync(index, data)
        if status == "changed":
            # bytes the store wrote itself were validated before they were written
            self._check(doc, text)
            history.record(index, data, HAND_EDIT)
        return data, doc, index

    def _dump(self, doc: Mapping[str, Any]) -> bytes:
        self._check(doc, None)
        try:
            return dump_document(doc, self.header).encode("utf-8")
        except StoreError as exc:
            raise exc.located(path=os.fspath(self.path)) from None

    # ------------------------------------------------------------ operations

    def read(self) -> dict:
        """The current document, without locking or writing anything.

        A newer format is returned for display (see :func:`is_read_only`) and
        not validated, since this version does not know its fields.
        """
        data = self._read_bytes()
        doc = parse_document(data, self.path, read_only=True)
        if not is_read_only(doc):
            self._check(doc, data.decode("utf-8"))
        return doc

    def create(self, doc: Mapping[str, Any]) -> None:
        """Write a new session file; refuse if one exists.  Starts a fresh history."""
        with locked(self.target, timeout=self.lock_timeout):
            if self.path.exists():
                raise StoreError(self.path, "session file already exists", hint="pick another name or delete the old session")
            data = self._dump(doc)
            history = self.history
            history.reset()
            index = history.load()
            state_id = history.prepare(index, data)
            atomic_write(self.path, data)
            history.commit(index, state_id, digest(data), CREATED)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Draft]:
        """Lock, load, yield a :class:`Draft`; on clean exit save changes and log events."""
        target = self.target
        with locked(target, timeout=self.lock_timeout):
            clean_stale_temps(target.parent)
            history = History(target, self.keep)
            data, doc, index = self._load_current(history)
            draft = Draft(doc)
            yield draft
            # a plain != (C speed) answers most changes; the strict walk only when == holds
            changed = dict(draft) != doc or not same_document(draft, doc)
            new = self._dump(draft) if changed else data
            for event in draft.events:
                append_event(journal_path(target), event)
            if new != data:
                state_id = history.prepare(index, new)
                atomic_write(target, new)
                history.commit(index, state_id, digest(new), WRITTEN)
                _remember(target, new, draft)

    def undo(self, steps: int = 1) -> dict:
        """Go back ``steps`` states; return the document now in the file."""
        if steps < 1:
            raise ValueError("steps must be at least 1")
        return self._move(steps)

    def redo(self, steps: int = 1) -> dict:
        """Go forward again after an undo."""
        if steps < 1:
            raise ValueError("steps must be at least 1")
        return self._move(-steps)

    def _move(self, steps: int) -> dict:
        with locked(self.target, timeout=self.lock_timeout):
            history = self.history
            _, _, index = self._load_current(history)
            data = history.move(index, steps)
            return parse_document(data, self.path, read_only=True)

    def states(self) -> list[StateInfo]:
        """The kept states, oldest first; ``current`` marks the one in the file."""
        return self.history.states()

    def events(self, last: int | None = None) -> list[dict]:
        return read_events(self.journal_path, last)


# The document a transaction wrote, by file, with its exact bytes.  A long-lived
# process (the combat prompt) then need not parse again what it just wrote and
# verified: the next transaction reuses it while the file still holds those very
# bytes; a hand edit changes the bytes and is parsed as usual.
_WRITTEN: dict[str, tuple[bytes, dict]] = {}


def _remember(target: Path, data: bytes, doc: Mapping[str, Any]) -> None:
    _WRITTEN[os.fspath(target)] = (data, copy.deepcopy(dict(doc)))


def _parsed_before(target: Path, data: bytes) -> dict | None:
    """The document last written to ``target`` if it still holds ``data``.

    Not a copy: a transaction only reads the document it loads (its Draft is
    the copy that gets edited).
    """
    hit = _WRITTEN.get(os.fspath(target))
    return hit[1] if hit is not None and hit[0] == data else None


@contextlib.contextmanager
def transaction(
    path: str | os.PathLike[str],
    validate: Validator | None = None,
    **options: Any,
) -> Iterator[Draft]:
    """Shorthand for ``SessionFile(path, validate, **options).transaction()``."""
    with SessionFile(path, validate, **options).transaction() as draft:
        yield draft
