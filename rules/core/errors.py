"""Errors the rules raise, shared by every system.

Two families, because the program answers them differently (distinct exit
codes): a request the rules forbid is a :class:`RuleError`; a name nobody
recognises is an :class:`UnknownNameError`, which is bad input, hence a
``ValueError``.
"""

from __future__ import annotations

from collections.abc import Iterable


class RuleError(Exception):
    """The rules do not allow this.

    The message says what the rules *do* allow, so the master can fix the
    request without opening the rule text.  ``rule`` names the rule ID
    (e.g. ``"DG-FAT-1"``) when one rule is the reason.
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class UnknownNameError(ValueError):
    """A skill, stat, ability ... name that matches nothing we know.

    ``suggestions`` holds the closest known spellings (rules.core.names), best first.
    """

    def __init__(self, kind: str, name: str, suggestions: Iterable[str] = ()) -> None:
        self.kind = kind
        self.name = name
        self.suggestions = tuple(suggestions)
        message = f"unknown {kind} {name!r}"
        if self.suggestions:
            message += "; did you mean: " + ", ".join(self.suggestions) + "?"
        super().__init__(message)


class NotFound(LookupError):
    """A name typed by the master that picks out no single thing.

    ``kind`` says what was looked for ("combatant", "effect", "stat or
    skill"); ``ambiguous`` is True when several names start with the query,
    which are then the ``suggestions``; otherwise the suggestions are the
    closest known names.  The message ends with them, so it can be shown as is.
    """

    def __init__(
        self,
        kind: str,
        query: str,
        suggestions: Iterable[str] = (),
        *,
        ambiguous: bool = False,
    ) -> None:
        self.kind = kind
        self.query = query
        self.suggestions = tuple(suggestions)
        self.ambiguous = ambiguous
        if ambiguous:
            message = f"{kind} {query!r} is ambiguous; it could be: " + ", ".join(self.suggestions)
        else:
            message = f"no {kind} called {query!r}"
            if self.suggestions:
                message += "; did you mean: " + ", ".join(self.suggestions) + "?"
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class DocumentError(ValueError):
    """A session document that does not have the shape the rules read.

    ``path`` is the place of the bad value as keys and list indexes, e.g.
    ``("combatants", "Викинг", "effects", 0, "tick")``, so the program can
    name the field and find its line; ``problem`` says what is wrong there.
    """

    def __init__(self, path: tuple[str | int, ...], problem: str) -> None:
        self.path = tuple(path)
        self.problem = problem
        where = ".".join(str(part) for part in self.path)
        super().__init__(f"{where}: {problem}" if where else problem)
