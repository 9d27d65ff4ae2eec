"""The one error type of the dice engine."""

from __future__ import annotations

from ..i18n import _


class DiceError(ValueError):
    """A dice expression that cannot be rolled.

    ``kind`` says why (``syntax``, ``limit``, ``math``, ``given``); ``position``
    is the 0-based index of the offending character in ``text`` so callers can
    put a caret under it.
    """

    def __init__(self, message: str, text: str = "", position: int | None = None,
                 kind: str = "syntax", hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.position = position
        self.kind = kind
        self.hint = hint

    def caret(self) -> str:
        """Two lines: the expression and a caret under the bad character."""
        if self.position is None or not self.text:
            return ""
        shown = self.text if len(self.text) <= 120 else self.text[: 120] + "..."
        pos = min(self.position, len(shown))
        return f"{shown}\n{' ' * pos}^"

    def __str__(self) -> str:
        # worded when shown, not when raised: the reader's language may be known only then
        text = self.message
        if self.position is not None:
            text = _("{problem} at column {column}").format(problem=text, column=self.position + 1)
        return f"{text} ({self.hint})" if self.hint else text
