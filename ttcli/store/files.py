"""Crash-safe, link-safe file primitives: reading, atomic replace, locking.

A file is only ever replaced whole: the new bytes go to a temp file in the
same folder, are fsynced, renamed over the old file, and the folder is
fsynced, so after a crash the file holds the old or the new state.  Each
read-modify-write holds an exclusive ``flock`` on the session's lock file, so
concurrent commands queue instead of losing updates.

Nothing here follows a symbolic link or writes a special file: every open
uses ``O_NOFOLLOW`` and checks it got a regular file, and a folder the store
writes into (the undo history) must be a real folder.  A link planted in the
saves folder is refused with :class:`UnsafePath`; nothing outside the folder
is ever created, changed or deleted.  Files are created private (0600): they
hold hidden combatants and the dice secret.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time

from .errors import StoreError, UnsafePath

_TEMP_NAME = r"^\..+\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp$"  # compiled on first use (re caches it)
#: a live process keeping a temp this long is not writing it any more (pid reuse)
STALE_AFTER_SECONDS = 3600.0
PRIVATE = 0o600
_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC


def _oserror(path, exc: OSError, doing: str) -> StoreError:
    if exc.errno == errno.ELOOP:
        return UnsafePath(path, "is a symbolic link; ttcli does not read or write through links "
                          "in the saves folder", hint="replace the link with the file itself, "
                          "or point --saves at the folder the link leads to")
    if exc.errno == errno.ENAMETOOLONG:
        return StoreError(path, "the name is too long for a file name on this system",
                          hint="choose a shorter session name")
    return StoreError(path, f"cannot {doing}: {exc.strerror or exc}")


def _not_regular(path, mode: int) -> UnsafePath:
    kind = "a folder" if stat.S_ISDIR(mode) else "a symbolic link" if stat.S_ISLNK(mode) else "not a regular file"
    return UnsafePath(path, f"is {kind}, where ttcli keeps a file", hint="move it out of the saves folder")


def open_regular(path, flags: int = os.O_RDONLY, mode: int = PRIVATE) -> int:
    """A descriptor of the regular file ``path`` itself (never a link, FIFO or device)."""
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer
        fd = os.open(path, flags | _NOFOLLOW | os.O_NONBLOCK, mode)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise
        raise _oserror(path, exc, "open") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise _not_regular(path, info.st_mode)
    os.set_blocking(fd, True)
    return fd


def read_bytes(path) -> bytes:
    """The bytes of a regular file; FileNotFoundError if there is none."""
    fd = open_regular(path)
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise _oserror(path, exc, "read") from None
    finally:
        os.close(fd)


def is_regular(path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def check_writable(path) -> None:
    """Refuse a link or special file where a file of the store is to be written."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise _oserror(path, exc, "write") from None
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode)


def real_folder(path, create: bool = False) -> None:
    """Refuse a link or a file where the store keeps a folder; create it if asked."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        if not create:
            return
        try:
            os.mkdir(path, 0o700)
        except OSError as exc:
            raise _oserror(path, exc, "create the folder") from None
        return
    if not stat.S_ISDIR(mode):
        kind = "a symbolic link" if stat.S_ISLNK(mode) else "a file"
        raise UnsafePath(path, f"is {kind}, where ttcli keeps a folder", hint="move it out of the saves folder")


def fsync_dir(folder) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
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
        view = view[os.write(fd, view):]


def atomic_write(path, data: bytes | str, *, sync_dir: bool = True) -> None:
    """Replace the regular file ``path`` with ``data``: old or new after a crash, never a mix.

    A link at ``path`` is refused, not followed; the temp file is removed on any failure.
    ``sync_dir=False`` skips the folder fsync for a caller that does it right after.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    path = os.fspath(path)
    check_writable(path)
    folder, name = os.path.split(path)
    temp = os.path.join(folder, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    fd = -1
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, PRIVATE)
        write_all(fd, data)
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temp, path)
        if sync_dir:
            fsync_dir(folder or ".")
    except BaseException as exc:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise _oserror(path, exc, "write").located(
                hint="check free space and permissions of the folder") from None
        raise


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale_temps(folder, *, max_age: float = STALE_AFTER_SECONDS) -> list[str]:
    """Remove temp files left by writers that died (or are far too old); return their paths."""
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return removed
    for entry in entries:
        match = re.match(_TEMP_NAME, entry.name)
        if not match:
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except FileNotFoundError:
            continue
        pid = int(match.group("pid"))
        if age < max_age and (pid == os.getpid() or _alive(pid)):
            continue
        try:
            os.unlink(entry.path)  # unlink never follows a link
            removed.append(entry.path)
        except FileNotFoundError:
            pass
    return removed


def lock_path(path) -> str:
    """``saves/fight.toml`` -> ``saves/.fight.toml.lock``; a journal shares its session's lock."""
    folder, name = os.path.split(os.path.abspath(path))
    if name.endswith(".journal.toml"):
        name = name[: -len(".journal.toml")] + ".toml"
    return os.path.join(folder, f".{name}.lock")


# flock belongs to an open file description: a second flock on the same file
# from this process would wait for itself, so nested use is counted here.
# ttcli is single-threaded; the combat prompt runs one command at a time.
_held: dict[str, list] = {}


class locked:
    """Hold the exclusive lock of a session (``.<name>.lock`` beside it); re-entrant.

    ``timeout`` None waits as long as needed, otherwise StoreError after that
    many seconds.  The lock file is never deleted: removing it would let two
    processes lock two different files.
    """

    def __init__(self, path, *, timeout: float | None = None) -> None:
        self.path = path
        self.sidecar = lock_path(path)
        self.timeout = timeout

    def __enter__(self) -> str:
        entry = _held.get(self.sidecar)
        if entry is None:
            entry = _held[self.sidecar] = [_flock(self.sidecar, self.path, self.timeout), 0]
        entry[1] += 1
        return self.sidecar

    def __exit__(self, *exc) -> None:
        entry = _held[self.sidecar]
        entry[1] -= 1
        if entry[1] == 0:
            del _held[self.sidecar]
            os.close(entry[0])  # closing the only descriptor releases the flock


def _flock(sidecar: str, path, timeout: float | None) -> int:
    import fcntl

    try:
        fd = open_regular(sidecar, os.O_RDWR | os.O_CREAT)
    except FileNotFoundError:
        raise StoreError(path, "the saves folder does not exist",
                         hint="create it, or point --saves at an existing folder") from None
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
                    raise StoreError(path, f"another ttcli command has held this session for {timeout:g} s",
                                     hint="wait for it to finish and retry") from None
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
    except BaseException:
        os.close(fd)
        raise
