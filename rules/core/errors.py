"""Errors the rules raise, shared by every system.

Two families, because the program answers them differently (distinct exit
codes): a request the rules forbid is a :class:`RuleError`; a name nobody
recognises is an :class:`UnknownNameError`, which is bad input, hence a
``ValueError``.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.i18n import N_, _, language

#: what the core looks names up as; a system marks its own kinds with N_ in its messages
KINDS = (N_("combatant"), N_("effect"), N_("item"), N_("party member"), N_("stat"), N_("skill"),
         N_("stat or skill"), N_("resource"), N_("setting"), N_("action"))


def _did_you_mean(message: str, suggestions: tuple[str, ...]) -> str:
    if not suggestions:
        return message
    return _("{message}; did you mean: {names}?").format(message=message, names=", ".join(suggestions))


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
        # The rule's ID points into RULES.md, our English digest: an English reader gets it; a
        # Russian one reads the seeds, which have no IDs, so the sentence stands alone.
        return f"{self.message} ({self.rule})" if self.rule and language() != "ru" else self.message


class UnknownNameError(ValueError):
    """A skill, stat, ability ... name that matches nothing we know.

    ``suggestions`` holds the closest known spellings (rules.core.names), best first.
    """

    def __init__(self, kind: str, name: str, suggestions: Iterable[str] = ()) -> None:
        self.kind = kind
        self.name = name
        self.suggestions = tuple(suggestions)
        message = _("unknown {kind} {name!r}").format(kind=_(kind) if kind else kind, name=name)
        super().__init__(_did_you_mean(message, self.suggestions))


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
            message = _("{kind} {query!r} is ambiguous; it could be: {names}").format(
                kind=_(kind) if kind else kind, query=query, names=", ".join(self.suggestions))
        else:
            message = _did_you_mean(_("no {kind} called {query!r}").format(kind=_(kind) if kind else kind, query=query),
                                    self.suggestions)
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
