"""Errors of the session store.

One exception type carries everything a game master needs to find and fix a
problem in a file by hand: the file, the line and column when the text itself
is broken, the field when a value is wrong, and a hint.
"""

from __future__ import annotations

import os
from typing import Sequence


class StoreError(Exception):
    """A session, journal or history file cannot be read or written.

    ``field`` is a dotted path as the file spells it, e.g.
    ``combatants."Викинг".hp``; ``errors`` holds every problem found when a
    validation reported several (this error being the first of them).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None,
        problem: str,
        *,
        line: int | None = None,
        col: int | None = None,
        field: str | None = None,
        hint: str | None = None,
        errors: Sequence[StoreError] = (),
    ) -> None:
        self.path = os.fspath(path) if path is not None else None
        self.problem = problem
        self.line = line
        self.col = col
        self.field = field
        self.hint = hint
        self.errors: tuple[StoreError, ...] = tuple(errors) or (self,)
        super().__init__(self._render())

    def _render(self) -> str:
        place = [self.path] if self.path is not None else []
        if self.line is not None:
            place.append(str(self.line))
            if self.col is not None:
                place.append(str(self.col))
        head = ":".join(place)
        parts = [head] if head else []
        if self.field is not None:
            parts.append(self.field)
        parts.append(self.problem)
        text = ": ".join(parts)
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def __str__(self) -> str:
        return self._render()

    def located(self, **changes: object) -> StoreError:
        """A copy with some of path/line/col/field/hint filled in."""
        fields = {
            "path": self.path,
            "problem": self.problem,
            "line": self.line,
            "col": self.col,
            "field": self.field,
            "hint": self.hint,
        }
        fields.update(changes)
        clone = type(self).__new__(type(self))
        StoreError.__init__(clone, **fields)  # type: ignore[arg-type]
        for name, value in vars(self).items():
            if name not in fields and name != "errors":
                setattr(clone, name, value)
        return clone

    def __reduce__(self):  # pickling keeps the keyword-only fields
        return (_rebuild, (type(self), vars(self).copy()))


def _rebuild(cls: type[StoreError], state: dict) -> StoreError:
    error = cls.__new__(cls)
    Exception.__init__(error)
    error.__dict__.update(state)
    return error


class FormatTooNew(StoreError):
    """The file was written by a newer ttcli: it may be read, never rewritten."""

    def __init__(self, path, problem, *, found: int = 0, supported: int = 0, **kw) -> None:
        self.found = found
        self.supported = supported
        super().__init__(path, problem, **kw)


class HistoryLimit(StoreError):
    """Undo or redo asked for more steps than the history holds (the file is fine)."""
