"""Undo history: byte-exact snapshots of a session file.

``fight.toml`` keeps its states in ``fight.history/``: ``000012.toml`` is a
verbatim copy of the file as it was at state 12, and ``index.json`` lists the
kept states in order, which one is current, and the SHA-256 of the bytes the
store last wrote.  The index is JSON, not TOML, because every command reads
and rewrites it and the C JSON parser is far cheaper than tomllib; it is not
meant for hand editing.  Undo copies an old snapshot back (it never reverses a
delta), so undo followed by redo gives back the very same bytes.

Every step is ordered so a crash leaves something the next command can make
sense of: a new state's snapshot is written before the session file and the
index after it, so a session file that matches the not-yet-indexed snapshot
is a finished write; an undo first notes the state it is moving to
(``pending``), so a file matching it is a finished undo.  Any other
difference is a hand edit.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .store_errors import HistoryLimit, StoreError
from .store_files import atomic_write, clean_stale_temps

DEFAULT_KEEP = 20
INDEX_FORMAT = 1
_SNAPSHOT = re.compile(r"^(\d{6,})\.toml$")
_INDEX_ABOUT = "ttcli undo history of one session; managed by ttcli, please do not edit"

CREATED = "create"
WRITTEN = "write"
HAND_EDIT = "hand-edit"
FIRST_SEEN = "first-seen"


def history_dir(session_path: str | os.PathLike[str]) -> Path:
    """``fight.toml`` -> ``fight.history`` beside it."""
    target = Path(session_path)
    return target.with_name(f"{target.stem}.history")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class StateInfo:
    id: int
    sha256: str
    origin: str
    time: _dt.datetime
    current: bool = False


@dataclass
class HistoryIndex:
    states: list[StateInfo] = field(default_factory=list)
    current: int | None = None
    next: int = 1
    written: str | None = None
    pending: tuple[int, str] | None = None

    def position(self) -> int:
        """Index of the current state in ``states``; -1 when there is none."""
        for i, state in enumerate(self.states):
            if state.id == self.current:
                return i
        return -1


class History:
    """The snapshots of one session file.  Callers hold the session lock.

    ``keep`` is the number of undo steps available: keep + 1 states are kept.
    """

    def __init__(self, session_path: str | os.PathLike[str], keep: int = DEFAULT_KEEP) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.session_path = Path(session_path)
        self.folder = history_dir(session_path)
        self.index_path = self.folder / "index.json"
        self.keep = keep

    def snapshot_path(self, state_id: int) -> Path:
        return self.folder / f"{state_id:06d}.toml"

    # ------------------------------------------------------------ index

    def load(self) -> HistoryIndex:
        try:
            data = self.index_path.read_bytes()
        except FileNotFoundError:
            return HistoryIndex()
        except OSError as exc:
            raise StoreError(self.index_path, f"cannot read undo history: {exc.strerror or exc}") from None
        try:
            raw = json.loads(data)
            if raw.get("format") != INDEX_FORMAT:
                raise ValueError(f"unknown index format {raw.get('format')!r}")
            states = [
                StateInfo(int(i), str(sha), str(origin), _dt.datetime.fromisoformat(when))
                for i, sha, origin, when in raw["states"]
            ]
            pending = raw.get("pending")
            return HistoryIndex(
                states=states,
                current=raw.get("current"),
                next=int(raw["next"]),
                written=raw.get("written"),
                pending=(int(pending[0]), str(pending[1])) if pending else None,
            )
        except json.JSONDecodeError as exc:
            raise StoreError(self.index_path, f"undo history is damaged: {exc.msg}", line=exc.lineno, col=exc.colno, hint=self._reset_hint()) from None
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            raise StoreError(self.index_path, f"undo history is damaged: {exc}", hint=self._reset_hint()) from None

    def _reset_hint(self) -> str:
        return f"delete the folder {self.folder.name} to start a new undo history"

    def save(self, index: HistoryIndex) -> None:
        raw = {
            "format": INDEX_FORMAT,
            "about": _INDEX_ABOUT,
            "next": index.next,
            "current": index.current,
            "written": index.written,
            "pending": list(index.pending) if index.pending else None,
            "states": [[s.id, s.sha256, s.origin, s.time.isoformat()] for s in index.states],
        }
        # one state per line, written with the C encoder (indent= would use the slow one)
        lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in raw.items() if k != "states"]
        states = ",\n".join(f"  {json.dumps(state)}" for state in raw["states"])
        text = "{\n" + ",\n".join(lines) + ',\n "states": [\n' + states + "\n ]\n}\n"
        self.folder.mkdir(exist_ok=True)
        atomic_write(self.index_path, text)

    def states(self) -> list[StateInfo]:
        index = self.load()
        return [StateInfo(s.id, s.sha256, s.origin, s.time, s.id == index.current) for s in index.states]

    # ------------------------------------------------------------ writing states

    def sync(self, index: HistoryIndex, data: bytes) -> str:
        """Classify the session file's bytes against what the store last wrote.

        Returns ``"clean"``, ``"recovered"`` (a write or undo interrupted after
        the session file was replaced; the index now agrees) or ``"changed"``
        (a hand edit, or a file the history has never seen): the caller
        validates it and then calls :meth:`record`.
        """
        clean_stale_temps(self.folder)
        seen = digest(data)
        if index.written == seen:
            index.pending = None
            return "clean"
        if index.pending is not None and index.pending[1] == seen:
            index.current, index.written, index.pending = index.pending[0], seen, None
            self.save(index)
            return "recovered"
        orphan = self.snapshot_path(index.next)
        with contextlib.suppress(OSError):
            if digest(orphan.read_bytes()) == seen:
                self.commit(index, index.next, seen, WRITTEN)
                return "recovered"
        return "changed"

    def prepare(self, index: HistoryIndex, data: bytes) -> int:
        """Write the snapshot of a state about to become current; return its id."""
        self.folder.mkdir(exist_ok=True)
        state_id = index.next
        # the index save that follows fsyncs this folder
        atomic_write(self.snapshot_path(state_id), data, sync_dir=False)
        return state_id

    def commit(self, index: HistoryIndex, state_id: int, sha: str, origin: str) -> None:
        """Make a prepared snapshot the current state; drop the redo branch; prune."""
        kept = index.states[: index.position() + 1]
        kept.append(StateInfo(state_id, sha, origin, _now()))
        # keep = undo steps available, so one more state than that
        index.states = kept[-(self.keep + 1) :]
        index.current, index.written, index.pending = state_id, sha, None
        index.next = max(index.next, state_id + 1)
        self.save(index)
        self._remove_unlisted(index)

    def record(self, index: HistoryIndex, data: bytes, origin: str) -> int:
        """Snapshot bytes that are already in the session file (a hand edit)."""
        if origin == HAND_EDIT and not index.states:
            origin = FIRST_SEEN
        state_id = self.prepare(index, data)
        self.commit(index, state_id, digest(data), origin)
        return state_id

    def _remove_unlisted(self, index: HistoryIndex) -> None:
        listed = {s.id for s in index.states}
        for entry in os.scandir(self.folder):
            match = _SNAPSHOT.match(entry.name)
            if match and int(match.group(1)) not in listed:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)

    def reset(self) -> None:
        """Forget every state (a new session created under an old name)."""
        if not self.folder.exists():
            return
        try:
            next_id = self.load().next
        except StoreError:
            next_id = 1
        index = HistoryIndex(next=next_id)
        self.save(index)
        self._remove_unlisted(index)

    # ------------------------------------------------------------ undo / redo

    def move(self, index: HistoryIndex, steps: int) -> bytes:
        """Put the state ``steps`` back (negative: forward) into the session file."""
        pos = index.position()
        target = pos - steps
        if pos < 0 or not 0 <= target < len(index.states):
            raise self._cannot_move(index, pos, steps)
        state = index.states[target]
        try:
            data = self.snapshot_path(state.id).read_bytes()
        except OSError as exc:
            raise StoreError(self.snapshot_path(state.id), f"snapshot missing: {exc.strerror or exc}", hint=self._reset_hint()) from None
        if digest(data) != state.sha256:
            raise StoreError(self.snapshot_path(state.id), "snapshot does not match its recorded checksum", hint=self._reset_hint())
        index.pending = (state.id, state.sha256)
        self.save(index)
        atomic_write(self.session_path, data)
        index.current, index.written, index.pending = state.id, state.sha256, None
        self.save(index)
        return data

    def _cannot_move(self, index: HistoryIndex, pos: int, steps: int) -> HistoryLimit:
        if steps > 0:
            available = max(pos, 0)
            return HistoryLimit(
                self.session_path,
                f"cannot undo {steps} step(s): only {available} earlier state(s) kept",
                hint=f"the history keeps the last {self.keep} states",
            )
        ahead = len(index.states) - 1 - pos if pos >= 0 else 0
        return HistoryLimit(
            self.session_path,
            f"cannot redo {-steps} step(s): {ahead} undone state(s) to redo",
            hint="a change made after an undo drops the states that were undone",
        )


def _now() -> _dt.datetime:
    return _dt.datetime.now().astimezone().replace(microsecond=0)
