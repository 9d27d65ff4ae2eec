"""Undo history: byte-exact snapshots of a session file.

``fight.history/000012.toml`` is the file at state 12; ``index.json`` lists the
kept states, the current one and the SHA-256 of the bytes the store last wrote
(JSON: every command reads it, and the C parser is far cheaper).  The save order
that makes a crash recoverable: docs/session-format.md.  Callers hold the session lock.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
from pathlib import Path

from rules.dice import datatype
from rules.i18n import _, ngettext

from .errors import HistoryLimit, StoreError
from .files import atomic_write, beside, digest, read_bytes, real_folder

DEFAULT_KEEP = 20
CREATED, WRITTEN, HAND_EDIT, FIRST_SEEN, RESTORED = "create", "write", "hand-edit", "first-seen", "restore"
_ABOUT = "ttcli undo history of one session; managed by ttcli, please do not edit"

#: one kept state: its id, checksum, how it came about, when, and whether it is in the file
@datatype(frozen=True, slots=True)
class StateInfo:
    """One kept state: its number, the digest of its bytes, what made it, when, and (in a
    listing) whether it is the current one."""

    id: int
    sha256: str
    origin: str
    time: str
    current: bool = False


def history_dir(session_path) -> Path:
    """``fight.toml`` -> ``fight.history`` beside it."""
    return Path(beside(session_path, "history"))


class History:
    """The snapshots of one session file; ``keep`` undo steps (keep + 1 states) are kept."""

    def __init__(self, session_path, keep: int = DEFAULT_KEEP) -> None:
        self.session_path, self.keep = os.fspath(session_path), keep
        self.folder = history_dir(session_path)
        self.index_path = self.folder / "index.json"
        self.states: list[StateInfo] = []
        self.current: int | None = None
        self.next = 1
        self.written: str | None = None

    def _damaged(self, path, problem: str, **place) -> StoreError:
        return StoreError(path, problem, hint=_("delete the folder {folder} to start a new undo history").format(
            folder=self.folder.name), **place)

    def snapshot_path(self, state_id: int) -> Path:
        return self.folder / f"{state_id:06d}.toml"

    def load(self) -> History:
        import json  # the writers' and undo's: a reader asks :meth:`knows` instead

        if not real_folder(self.folder):
            return self
        try:
            raw = json.loads(read_bytes(self.index_path))
            if raw["format"] != 1:
                raise ValueError(raw["format"])
            self.states = [StateInfo(int(i), str(sha), str(how), str(when)) for i, sha, how, when in raw["states"]]
            self.current, self.next, self.written = raw["current"], int(raw["next"]), raw["written"]
        except FileNotFoundError:
            pass
        except json.JSONDecodeError as exc:
            raise self._damaged(self.index_path, _("the undo history is damaged: {reason}").format(reason=exc.msg),
                                line=exc.lineno, col=exc.colno) from None
        except (KeyError, TypeError, ValueError) as exc:
            raise self._damaged(self.index_path, _("the undo history is damaged: {reason}").format(
                reason=repr(exc))) from None
        return self

    def save(self) -> None:
        import json

        head = {"format": 1, "about": _ABOUT, "next": self.next, "current": self.current,
                "written": self.written}
        # one state per line, written with the C encoder (indent= would use the slow one)
        lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in head.items()]
        states = ",\n".join(f"  {json.dumps([s.id, s.sha256, s.origin, s.time])}" for s in self.states)
        real_folder(self.folder, create=True)
        atomic_write(self.index_path, "{\n" + ",\n".join(lines) + ',\n "states": [\n' + states + "\n ]\n}\n")

    def position(self) -> int:
        """Index of the current state in ``states``; -1 when there is none."""
        return next((i for i, s in enumerate(self.states) if s.id == self.current), -1)

    def wrote(self, data: bytes) -> bool:
        """Whether ``data`` are bytes the store wrote: its last write or a kept state (reads only;
        :meth:`sync` brings the index up to date)."""
        seen = digest(data)
        return self.written == seen or any(s.sha256 == seen for s in self.states)

    def knows(self, data: bytes) -> bool:
        """:meth:`wrote` for a reader, without loading the index: whether the digest of ``data``
        is written in it.  The index holds the last write's digest and each kept state's, and no
        other value of 64 hex digits, so a match is one of them.  A damaged index is not named
        here (the next write or undo does): a match still means bytes the store wrote, and no
        match means the reader validates them, as a hand edit."""
        if not real_folder(self.folder):
            return False
        try:
            return digest(data).encode("ascii") in read_bytes(self.index_path)
        except FileNotFoundError:
            return False

    def sync(self, data: bytes) -> bool:
        """True when ``data`` is what the store wrote, or what a write or an undo interrupted
        after replacing the file left (the index now agrees); False for a hand edit or an
        unknown file: validate, then :meth:`record`."""
        seen = digest(data)
        if self.written == seen:
            return True
        back = [s.id for s in self.states if s.sha256 == seen]  # an undo's or a redo's target
        if back:
            self.current, self.written = back[-1], seen
            self.save()
            return True
        with contextlib.suppress(OSError, StoreError):
            if digest(read_bytes(self.snapshot_path(self.next))) == seen:
                self.commit(self.next, seen, WRITTEN)
                return True
        return False

    def prepare(self, data: bytes) -> int:
        """Write the snapshot of a state about to become current; return its id."""
        real_folder(self.folder, create=True)
        atomic_write(self.snapshot_path(self.next), data, sync_dir=False)  # the index save fsyncs the folder
        return self.next

    def commit(self, state_id: int, sha: str, origin: str) -> None:
        """Make a prepared snapshot the current state; drop the redo branch; prune."""

        now = _dt.datetime.now().astimezone().replace(microsecond=0).isoformat()
        self.states = (self.states[: self.position() + 1] + [StateInfo(state_id, sha, origin, now)])[-(self.keep + 1):]
        self.current, self.written = state_id, sha
        self.next = max(self.next, state_id + 1)
        self.save()
        listed = {f"{s.id:06d}.toml" for s in self.states}
        for entry in os.scandir(self.folder):
            if entry.name.endswith(".toml") and entry.name[:-5].isdigit() and entry.name not in listed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)

    def record(self, data: bytes) -> None:
        """Snapshot bytes that are already in the session file: a hand edit, or a file first seen."""
        self.commit(self.prepare(data), digest(data), HAND_EDIT if self.states else FIRST_SEEN)

    def move(self, steps: int, carry=None, before=None) -> bytes:
        """Put the state ``steps`` back (negative: forward) into the session file; ``carry(bytes)``,
        if given, makes the bytes written of the state's (the master's comments of the file it
        replaces), and their digest becomes the last written.  ``before(data)`` is called with the
        bytes to write once they are read and checked, before anything is written: the undo's
        journal event goes first, as every change's does."""
        pos = self.position()
        target = pos - steps
        if pos < 0 or not 0 <= target < len(self.states):
            if steps > 0:
                kept = max(pos, 0)
                raise HistoryLimit(self.session_path, ngettext(
                    "cannot undo {steps} step", "cannot undo {steps} steps", steps).format(steps=steps),
                    hint=ngettext("only {kept} earlier state is kept", "only {kept} earlier states are kept",
                                  kept).format(kept=kept))
            ahead = len(self.states) - 1 - pos if pos >= 0 else 0
            raise HistoryLimit(self.session_path, ngettext(
                "cannot redo {steps} step", "cannot redo {steps} steps", -steps).format(steps=-steps),
                hint=ngettext("there is {ahead} undone state to redo; a change made after an undo drops them",
                              "there are {ahead} undone states to redo; a change made after an undo drops them",
                              ahead).format(ahead=ahead))
        data = self.snapshot(self.states[target])
        if carry is not None:
            data = carry(data)
        if before is not None:
            before(data)
        atomic_write(self.session_path, data)  # a crash before the index agrees: sync() finishes the move
        self.current, self.written = self.states[target].id, digest(data)
        self.save()
        return data

    def snapshot(self, state: StateInfo) -> bytes:
        """The bytes of a kept state, checked against its checksum."""
        path = self.snapshot_path(state.id)
        try:
            data = read_bytes(path)
        except FileNotFoundError:
            raise self._damaged(path, _("this snapshot is missing")) from None
        if digest(data) != state.sha256:
            raise self._damaged(path, _("this snapshot does not match its recorded checksum"))
        return data
