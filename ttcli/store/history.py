"""Undo history: byte-exact snapshots of a session file.

``fight.toml`` keeps its states in ``fight.history/``: ``000012.toml`` is a
verbatim copy of the file at state 12, and ``index.json`` lists the kept
states, the current one, and the SHA-256 of the bytes the store last wrote
(JSON, not TOML: every command reads it, and the C parser is far cheaper).
Undo copies a snapshot back, so undo then redo gives the very same bytes.

Each step is ordered so a crash leaves something the next command can read:
a new state's snapshot is written before the session file and the index
after it, so a file matching the not-yet-indexed snapshot is a finished
write; an undo first notes where it is going (``pending``), so a file
matching that is a finished undo.  Any other difference is a hand edit.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

from .errors import HistoryLimit, StoreError
from .files import atomic_write, clean_stale_temps, read_bytes, real_folder

DEFAULT_KEEP = 20
CREATED, WRITTEN, HAND_EDIT, FIRST_SEEN, RESTORED = "create", "write", "hand-edit", "first-seen", "restore"
_ABOUT = "ttcli undo history of one session; managed by ttcli, please do not edit"


def history_dir(session_path) -> Path:
    """``fight.toml`` -> ``fight.history`` beside it."""
    path = Path(session_path)
    return path.with_name(f"{path.stem}.history")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class StateInfo:
    """One kept state: its id, checksum, how it came about, when, and whether it is in the file."""

    __slots__ = ("id", "sha256", "origin", "time", "current")

    def __init__(self, id: int, sha256: str, origin: str, time: str, current: bool = False) -> None:
        self.id, self.sha256, self.origin, self.time, self.current = id, sha256, origin, time, current

    def __repr__(self) -> str:
        return f"StateInfo({self.id}, {self.origin!r}, current={self.current})"


class History:
    """The snapshots of one session file.  Callers hold the session lock.

    ``keep`` undo steps are available: keep + 1 states are kept.
    """

    def __init__(self, session_path, keep: int = DEFAULT_KEEP) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.session_path = os.fspath(session_path)
        self.folder = history_dir(session_path)
        self.index_path = self.folder / "index.json"
        self.keep = keep
        self.states: list[StateInfo] = []
        self.current: int | None = None
        self.next = 1
        self.written: str | None = None
        self.pending: list | None = None

    def snapshot_path(self, state_id: int) -> Path:
        return self.folder / f"{state_id:06d}.toml"

    def _hint(self) -> str:
        return f"delete the folder {self.folder.name} to start a new undo history"

    def load(self) -> History:
        real_folder(self.folder)
        try:
            raw = json.loads(read_bytes(self.index_path))
        except FileNotFoundError:
            return self
        except json.JSONDecodeError as exc:
            raise StoreError(self.index_path, f"undo history is damaged: {exc.msg}", line=exc.lineno, col=exc.colno,
                             hint=self._hint()) from None
        try:
            if raw["format"] != 1:
                raise ValueError(f"unknown index format {raw['format']!r}")
            self.states = [StateInfo(int(i), str(sha), str(origin), str(when))
                           for i, sha, origin, when in raw["states"]]
            self.current, self.next, self.written = raw["current"], int(raw["next"]), raw["written"]
            self.pending = raw.get("pending")
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(self.index_path, f"undo history is damaged: {exc}", hint=self._hint()) from None
        return self

    def save(self) -> None:
        head = {"format": 1, "about": _ABOUT, "next": self.next, "current": self.current,
                "written": self.written, "pending": self.pending}
        # one state per line, written with the C encoder (indent= would use the slow one)
        lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in head.items()]
        states = ",\n".join(f"  {json.dumps([s.id, s.sha256, s.origin, s.time])}" for s in self.states)
        real_folder(self.folder, create=True)
        atomic_write(self.index_path, "{\n" + ",\n".join(lines) + ',\n "states": [\n' + states + "\n ]\n}\n")

    def position(self) -> int:
        """Index of the current state in ``states``; -1 when there is none."""
        return next((i for i, s in enumerate(self.states) if s.id == self.current), -1)

    def listing(self) -> list[StateInfo]:
        return [StateInfo(s.id, s.sha256, s.origin, s.time, s.id == self.current) for s in self.states]

    # ------------------------------------------------------------ writing states

    def sync(self, data: bytes) -> str:
        """``"clean"`` (the store wrote these bytes), ``"recovered"`` (a write or undo
        interrupted after the file was replaced; the index now agrees) or
        ``"changed"`` (a hand edit or an unknown file: validate, then :meth:`record`)."""
        seen = digest(data)
        if self.written == seen:
            return "clean"
        clean_stale_temps(self.folder)
        if self.pending and self.pending[1] == seen:
            self.current, self.written, self.pending = self.pending[0], seen, None
            self.save()
            return "recovered"
        try:
            orphan = read_bytes(self.snapshot_path(self.next))
        except (OSError, StoreError):
            orphan = None
        if orphan is not None and digest(orphan) == seen:
            self.commit(self.next, seen, WRITTEN)
            return "recovered"
        return "changed"

    def prepare(self, data: bytes) -> int:
        """Write the snapshot of a state about to become current; return its id."""
        real_folder(self.folder, create=True)
        atomic_write(self.snapshot_path(self.next), data, sync_dir=False)  # the index save fsyncs the folder
        return self.next

    def commit(self, state_id: int, sha: str, origin: str) -> None:
        """Make a prepared snapshot the current state; drop the redo branch; prune."""
        import datetime as _dt

        now = _dt.datetime.now().astimezone().replace(microsecond=0).isoformat()
        kept = self.states[: self.position() + 1] + [StateInfo(state_id, sha, origin, now)]
        self.states = kept[-(self.keep + 1):]
        self.current, self.written, self.pending = state_id, sha, None
        self.next = max(self.next, state_id + 1)
        self.save()
        self._remove_unlisted()

    def record(self, data: bytes, origin: str) -> int:
        """Snapshot bytes that are already in the session file (a hand edit)."""
        if origin == HAND_EDIT and not self.states:
            origin = FIRST_SEEN
        state_id = self.prepare(data)
        self.commit(state_id, digest(data), origin)
        return state_id

    def _remove_unlisted(self) -> None:
        listed = {f"{s.id:06d}.toml" for s in self.states}
        for entry in os.scandir(self.folder):
            name = entry.name
            if name.endswith(".toml") and name[:-5].isdigit() and name not in listed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)

    def reset(self) -> None:
        """Forget every state (a new session created under an old name)."""
        real_folder(self.folder)
        if not os.path.isdir(self.folder):
            return
        with contextlib.suppress(StoreError):
            self.load()
        self.states, self.current, self.written, self.pending = [], None, None, None
        self.save()
        self._remove_unlisted()

    # ------------------------------------------------------------ undo / redo

    def snapshot(self, state: StateInfo) -> bytes:
        path = self.snapshot_path(state.id)
        try:
            data = read_bytes(path)
        except FileNotFoundError:
            raise StoreError(path, "snapshot missing", hint=self._hint()) from None
        if digest(data) != state.sha256:
            raise StoreError(path, "snapshot does not match its recorded checksum", hint=self._hint())
        return data

    def move(self, steps: int) -> bytes:
        """Put the state ``steps`` back (negative: forward) into the session file."""
        pos = self.position()
        target = pos - steps
        if pos < 0 or not 0 <= target < len(self.states):
            if steps > 0:
                raise HistoryLimit(self.session_path,
                                   f"cannot undo {steps} step(s): only {max(pos, 0)} earlier state(s) kept",
                                   hint=f"the history keeps the last {self.keep} states")
            ahead = len(self.states) - 1 - pos if pos >= 0 else 0
            raise HistoryLimit(self.session_path, f"cannot redo {-steps} step(s): {ahead} undone state(s) to redo",
                               hint="a change made after an undo drops the states that were undone")
        return self.put_back(self.states[target])

    def put_back(self, state: StateInfo) -> bytes:
        data = self.snapshot(state)
        self.pending = [state.id, state.sha256]
        self.save()
        atomic_write(self.session_path, data)
        self.current, self.written, self.pending = state.id, state.sha256, None
        self.save()
        return data
