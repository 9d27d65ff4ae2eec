"""Crash-safe, link-safe file primitives: reading, atomic replace, the session lock.

Every open uses ``O_NOFOLLOW`` and checks it got a regular file; a folder the
store writes into must be a real folder.  Files are created 0600.  Why and in
which order: docs/session-format.md, "How the files stay whole".
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from rules.i18n import _

from .errors import SessionGone, StoreError, UnsafePath

try:  # the interpreter's built-in module: loading OpenSSL's costs more than hashing a session file
    from _sha256 import sha256  # type: ignore[import-not-found]  # (3.12 names it _sha2)
except ImportError:
    from hashlib import sha256

_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC
_BESIDE = {"journal": "{stem}.journal.toml", "history": "{stem}.history", "dice": ".{name}.dice",
           "lock": ".{name}.lock"}


def _link(path) -> UnsafePath:
    return UnsafePath(path, _("is a symbolic link; ttcli does not read or write through links in the saves folder"),
                      hint=_("replace the link with the file itself, or point --saves at the folder it leads to"))


def failure(path, exc: OSError, problem: str) -> StoreError:
    """An OSError as a StoreError naming the file; ``problem`` says what failed, with ``{reason}``
    (a link and a long name get their own words)."""
    if exc.errno == errno.ELOOP:
        return _link(path)
    if exc.errno == errno.ENAMETOOLONG:
        return StoreError(path, _("the name is too long for a file name here"), hint=_("choose a shorter session name"))
    return StoreError(path, problem.format(reason=exc.strerror or exc),
                      hint=_("check free space and permissions of the saves folder"))


def _refuse(path, mode: int, folder: bool = False) -> None:
    """UnsafePath unless ``mode`` is what the store keeps at ``path``: a regular file or a folder."""
    if stat.S_ISLNK(mode):
        raise _link(path)
    if not (stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode)):
        raise UnsafePath(path, _("ttcli keeps a folder here, but this is not a folder") if folder else
                         _("ttcli keeps a regular file here, but this is not a regular file"),
                         hint=_("move it out of the saves folder"))


def open_regular(path, flags: int = os.O_RDONLY) -> int:
    """A descriptor of the regular file ``path`` itself; FileNotFoundError if there is none."""
    try:  # O_NONBLOCK: opening a FIFO must not wait for a writer
        fd = os.open(path, flags | _NOFOLLOW | os.O_NONBLOCK, 0o600)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise failure(path, exc, _("cannot open this file: {reason}")) from None
    try:
        _refuse(path, os.fstat(fd).st_mode)
        os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path) -> bytes:
    """The bytes of a regular file; FileNotFoundError if there is none."""
    fd = open_regular(path)
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise failure(path, exc, _("cannot read this file: {reason}")) from None
    finally:
        os.close(fd)


def real_folder(path, create: bool = False) -> bool:
    """Refuse a link or a file where the store keeps a folder; create it if asked.  True if it exists."""
    try:
        _refuse(path, os.lstat(path).st_mode, folder=True)
        return True
    except FileNotFoundError:
        if not create:
            return False
    try:
        os.mkdir(path, 0o700)
        return True
    except OSError as exc:
        raise failure(path, exc, _("cannot create this folder: {reason}")) from None


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
    """Replace the regular file ``path`` with ``data`` (temp file, fsync, rename, folder fsync):
    old or new after a crash, never a mix.  The temp name is one per file (``.fight.toml.tmp``),
    so callers hold the lock of what they write.  ``sync_dir=False``: the caller fsyncs the folder."""
    data = data.encode("utf-8") if isinstance(data, str) else data
    folder, name = os.path.split(os.fspath(path))
    temp = os.path.join(folder, f".{name}.tmp")
    fd = -1
    try:
        with contextlib.suppress(FileNotFoundError):
            _refuse(path, os.lstat(path).st_mode)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)  # a link or a FIFO planted here goes, its target untouched
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600)
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
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise failure(path, exc, _("cannot write this file: {reason}")) from None
        raise


def digest(data: bytes) -> str:
    """SHA-256 of ``data`` in hex, by the interpreter's built-in module: loading OpenSSL's
    costs more than hashing a session file, and every command hashes one."""
    return sha256(data).hexdigest()


def beside(session_path, kind: str) -> str:
    """Where a session's companions live: ``fight.toml`` -> ``fight.journal.toml``,
    ``fight.history``, ``.fight.toml.dice``, ``.fight.toml.lock``."""
    folder, name = os.path.split(os.fspath(session_path))
    return os.path.join(folder, _BESIDE[kind].format(name=name, stem=name.removesuffix(".toml")))


# The locks this process holds: a second flock of one of them, from another descriptor,
# would wait for the first forever; taking one twice is a bug, raised as one.
_held: set[str] = set()


@contextlib.contextmanager
def locked(session_path, *, wait: bool = True):
    """Hold the one exclusive lock of a session (its file, journal, history and dice), once
    per operation.  ``wait=False`` refuses at once when another process holds it.  The
    lock file is deleted only by `session rm`, while holding it: a process that was waiting on
    the deleted file sees it is no longer the one at its path and locks the new one, so two
    processes never hold two locks of one session.
    """
    import fcntl

    path = os.path.abspath(beside(session_path, "lock"))
    if path in _held:
        raise RuntimeError(path)  # a bug: this process holds this lock already
    while True:
        try:
            fd = open_regular(path, os.O_RDWR | os.O_CREAT)
        except FileNotFoundError:
            raise StoreError(session_path, _("cannot create files in the saves folder") if os.path.isdir(
                os.path.dirname(path) or ".") else _("the saves folder does not exist"),
                hint=_("point --saves at a folder you can write to")) from None
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
            except BlockingIOError:
                raise StoreError(session_path, _("another ttcli command is changing this session"),
                                 hint=_("wait for it to finish and retry")) from None
            if not _same_file(fd, path):
                continue  # `session rm` deleted the lock while we waited: lock the file that is there now
            _held.add(path)
            yield path
            return
        finally:
            _held.discard(path)
            os.close(fd)  # closing the only descriptor releases the flock


def gone(session_path, lock: str) -> StoreError:
    """The error of a session removed while this process waited for its lock, whose lock file
    (just created again by this process) is removed again: nothing of the session comes back."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(lock)
    return SessionGone(session_path, _("the session was deleted while this command waited for it; "
                                       "nothing was written"),
                       hint=_("choose another session: ttcli session list"))


def _same_file(fd: int, path: str) -> bool:
    """Whether the descriptor ``fd`` is still the file at ``path`` (not deleted, not replaced)."""
    try:
        there = os.lstat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)
