"""Errors of the session store: what a game master needs to fix a file by hand
(the file, the line and column, the field, a hint), in the reader's language."""

from __future__ import annotations

import os

from rules.i18n import _


def printable(text: str) -> str:
    """``text`` with control and bidi characters spelled as escapes: a hand-edited file
    may hold terminal escapes, which must never reach a terminal raw.  The spaces Russian
    numbers are written with (no-break, thin) are text, not controls, and stay."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in _SPACES else repr(c)[1:-1] for c in text)


#: spaces that are typography, not terminal controls: no-break, thin, narrow no-break
_SPACES = frozenset("\u00a0\u2009\u202f")


class StoreError(Exception):
    """A session, journal or history file cannot be read or written.

    ``field`` is a dotted path as the file spells it (``combatants."Викинг".hp``);
    ``errors`` holds every problem a validation found, this one first; other
    keywords are kept as attributes (``FormatTooNew``'s ``found``, ``supported``).
    """

    def __init__(self, path, problem: str, *, line: int | None = None, col: int | None = None,
                 field: str | None = None, hint: str | None = None, errors=(), **extra) -> None:
        self.__dict__.update(extra)
        self.path = None if path is None else os.fspath(path)
        self.problem, self.line, self.col, self.field, self.hint = problem, line, col, field, hint
        self.errors: tuple[StoreError, ...] = tuple(errors) or (self,)
        super().__init__(problem)

    def __str__(self) -> str:
        place = [self.path] if self.path is not None else []
        place += [str(n) for n in ((self.line, self.col) if self.line is not None else ()) if n is not None]
        text = ": ".join([p for p in (":".join(place), self.field) if p] + [self.problem])
        return printable(_("{problem} (hint: {hint})").format(problem=text, hint=self.hint) if self.hint else text)

    def located(self, **changes) -> StoreError:
        """A copy with some of path/line/col/field/hint/problem filled in (subclass fields kept)."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__, **changes)
        clone.path = None if clone.path is None else os.fspath(clone.path)
        clone.errors = (clone,)
        Exception.__init__(clone, clone.problem)
        return clone


class FormatTooNew(StoreError):
    """The file was written by a newer ttcli: it may be read, never rewritten."""


class Unwritable(StoreError):
    """A command would write a value the reader refuses (an integer beyond 64 bits): nothing
    is written.  The file is fine; what the command was asked to write is not."""


class HistoryLimit(StoreError):
    """Undo or redo asked for more steps than the history holds (the file is fine)."""


class UnsafePath(StoreError):
    """A link, folder or special file where the store expects its own regular file."""


class SessionGone(StoreError):
    """The session was removed (``session rm``) between finding it and locking it: nothing is
    written, and nothing of it is created again."""
