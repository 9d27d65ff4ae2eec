"""Crash-safe file primitives: atomic replace, stale temp cleanup, locking.

A session file is only ever replaced whole: the new text goes to a temp file
in the same folder, is flushed and fsynced, then renamed over the old one and
the folder is fsynced, so after a crash at any instant the file holds either
the old or the new state, never a mix.  Each read-modify-write runs under an
exclusive ``flock`` on a sidecar lock file, so concurrent commands queue
instead of losing each other's updates.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
import threading
import time
from pathlib import Path
from typing import Iterator

from .store_errors import StoreError

#: temp files are ``.<name>.<pid>.<random>.tmp`` so a cleaner can tell whose they are
_TEMP_NAME = re.compile(r"^\..+\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp$")
#: a live process keeping a temp this long is not writing it any more (pid reuse)
STALE_AFTER_SECONDS = 3600.0


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The real file behind ``path``: writing there keeps symlinks intact.

    Only a symlink as the last component matters (a temp file in a folder
    reached through a linked folder still lands beside the file), so the
    common case costs one lstat.
    """
    return Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)


def temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as exc:  # some filesystems cannot fsync a directory
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: str | os.PathLike[str], text: str | bytes, *, sync_dir: bool = True) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves old or new, never a mix.

    A symlink is followed and its target replaced (the link survives); the
    existing file's permission bits are kept; the temp file is removed on any
    failure.  ``sync_dir=False`` skips the folder fsync for a caller that
    fsyncs the same folder right after anyway.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    target = resolve_target(path)
    temp = temp_name(target)
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise StoreError(path, f"cannot write: {exc.strerror or exc}") from None
    fd = -1
    try:
        # 0o666 lets the umask decide for new files, like any editor would.
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        if mode is not None:
            os.fchmod(fd, mode)
        write_all(fd, data)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temp, target)
        if sync_dir:
            fsync_dir(target.parent)
    except BaseException as exc:
        if fd >= 0:
            os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise StoreError(path, f"cannot write: {exc.strerror or exc}", hint="check free space and permissions of the folder") from None
        raise


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale_temps(folder: str | os.PathLike[str], *, max_age: float = STALE_AFTER_SECONDS) -> list[Path]:
    """Remove temp files left by writers that died (or are far too old); return them."""
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if not match:
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except FileNotFoundError:
            continue
        pid = int(match.group("pid"))
        if pid != os.getpid() and _alive(pid) and age < max_age:
            continue
        if pid == os.getpid() and age < max_age:
            continue
        with contextlib.suppress(FileNotFoundError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def lock_path(path: str | os.PathLike[str]) -> Path:
    # realpath in full: every spelling of one file must map to one lock entry
    target = Path(os.path.realpath(path))
    return target.with_name(f".{target.name}.lock")


# flock locks belong to an open file description: a second flock on the same
# file from this process would wait for itself, so nested use is counted here.
_held: dict[Path, list] = {}
_held_guard = threading.Lock()


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, timeout: float | None = None) -> Iterator[Path]:
    """Hold an exclusive lock for ``path`` (via ``.<name>.lock`` beside its target).

    Re-entrant within one thread.  ``timeout`` None waits as long as needed;
    otherwise StoreError after that many seconds.  The lock file is never
    deleted: removing it would let two processes lock two different files.
    """
    sidecar = lock_path(path)
    with _held_guard:
        entry = _held.get(sidecar)
        if entry is None:
            entry = _held[sidecar] = [threading.RLock(), 0, -1]
    rlock: threading.RLock = entry[0]
    if not rlock.acquire(timeout=-1 if timeout is None else timeout):
        raise _busy(path, timeout)
    try:
        if entry[1] == 0:
            entry[2] = _flock(sidecar, path, timeout)
        entry[1] += 1
        try:
            yield sidecar
        finally:
            entry[1] -= 1
            if entry[1] == 0:
                fd, entry[2] = entry[2], -1
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
    finally:
        rlock.release()


def _flock(sidecar: Path, path, timeout: float | None) -> int:
    try:
        fd = os.open(sidecar, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as exc:
        raise StoreError(path, f"cannot create lock file {sidecar.name}: {exc.strerror or exc}") from None
    try:
        if timeout is None:
            fcntl.flock(fd, fcntl.LOCK_EX)
            return fd
        deadline = time.monotonic() + timeout
        pause = 0.005
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise _busy(path, timeout) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
    except BaseException:
        os.close(fd)
        raise


def _busy(path, timeout) -> StoreError:
    return StoreError(path, f"another ttcli command has held this session for {timeout:g} s", hint="wait for it to finish and retry")
