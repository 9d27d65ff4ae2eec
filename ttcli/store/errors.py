"""Errors of the session store.

One exception carries what a game master needs to fix a file by hand: the
file, the line and column when the text is broken, the field when a value is
wrong, and a hint.
"""

from __future__ import annotations

import os


def printable(text: str) -> str:
    """``text`` with control and bidi characters spelled as escapes: a hand-edited file
    may hold terminal escapes, which must never reach a terminal raw."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class StoreError(Exception):
    """A session, journal or history file cannot be read or written.

    ``field`` is a dotted path as the file spells it (``combatants."Викинг".hp``);
    ``errors`` holds every problem a validation found, this one first.
    """

    def __init__(self, path, problem: str, *, line: int | None = None, col: int | None = None,
                 field: str | None = None, hint: str | None = None, errors=()) -> None:
        self.path = os.fspath(path) if path is not None else None
        self.problem = problem
        self.line = line
        self.col = col
        self.field = field
        self.hint = hint
        self.errors: tuple[StoreError, ...] = tuple(errors) or (self,)
        super().__init__(str(self))

    def __str__(self) -> str:
        place = ":".join(([self.path] if self.path is not None else [])
                         + [str(n) for n in (self.line, self.col if self.line is not None else None)
                            if n is not None])
        parts = [p for p in (place, self.field) if p] + [self.problem]
        return printable(": ".join(parts) + (f" (hint: {self.hint})" if self.hint else ""))

    def located(self, **changes) -> StoreError:
        """A copy with some of path/line/col/field/hint filled in (subclass fields kept)."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.__dict__.update(changes)
        if "path" in changes and changes["path"] is not None:
            clone.path = os.fspath(changes["path"])
        clone.errors = (clone,)
        Exception.__init__(clone, str(clone))
        return clone


class FormatTooNew(StoreError):
    """The file was written by a newer ttcli: it may be read, never rewritten."""

    def __init__(self, path, problem, *, found: int = 0, supported: int = 0, **kw) -> None:
        self.found = found
        self.supported = supported
        super().__init__(path, problem, **kw)


class HistoryLimit(StoreError):
    """Undo or redo asked for more steps than the history holds (the file is fine)."""


class UnsafePath(StoreError):
    """A link, folder or special file where the store expects its own regular file."""
