"""Numbers for people in the reader's language: ``99 001`` and ``62,28 %`` in Russian.

Russian typography (and the CLDR data Babel ships for ``ru``) groups thousands with a
no-break space, writes a decimal comma and puts a space before the percent sign. English
output is the program's as it always was: no grouping unless a text asks for it
(``99,001`` in a message), a decimal point, ``62.28%``.

A table of two rows is all this takes, so no locale library is loaded (Babel would add a
dependency and its locale data to every command that prints a number). JSON and ``-t``
never come here: they print machine numbers.

The language is the reader's (:func:`ttcli.i18n.language`: ``--lang``, ``TTCLI_LANG``, the
session, the locale), asked once per :func:`style` call, so a chart asks once, not once a row.
"""

from __future__ import annotations

from .i18n import language

#: the no-break space: a grouped number never breaks across lines, and every terminal and
#: forum shows it one column wide (the thin no-break space U+202F is narrower in print, but
#: some forum fonts lack it)
NBSP = "\u00a0"


class Style:
    """How one language writes numbers."""

    __slots__ = ("group", "point", "percent_sign", "group_from")

    def __init__(self, group: str, point: str, percent_sign: str, group_from: int | None) -> None:
        self.group = group
        self.point = point
        self.percent_sign = percent_sign
        #: numbers with this many digits or more are grouped; None: only where a text asks
        self.group_from = group_from

    def integer(self, n: int, grouped: bool = False) -> str:
        """``n`` for people: ``49 946`` in Russian (five digits or more; ``2000`` stays whole,
        as Russian typography writes four digits), ``49946`` in English unless ``grouped``."""
        text = str(abs(n))
        if len(text) > 3 and (grouped or (self.group_from is not None and len(text) >= self.group_from)):
            head = len(text) % 3 or 3
            text = text[:head] + "".join(self.group + text[i:i + 3] for i in range(head, len(text), 3))
        return "-" + text if n < 0 else text

    def decimal(self, text: str) -> str:
        """A number already written with a point (``12.24``, ``1.0e-06``) in this style;
        its whole part grouped like :meth:`integer`."""
        sign = text[:1] if text[:1] in "-+<>≤≥" else ""
        body = text[len(sign):]
        whole, point, rest = body.partition(".")
        if whole.isdigit():
            whole = self.integer(int(whole))
        return sign + whole + (self.point + rest if point else "")

    def percent(self, text: str) -> str:
        """``62.28`` as a percentage: ``62.28%``, ``62,28 %``; ``<0.01`` keeps its sign."""
        return self.percent_sign.format(self.decimal(text))


ENGLISH = Style(",", ".", "{}%", None)
#: GOST 8.417 / Мильчин: 10 000 and up grouped by a space, decimal comma, ``50 %``
RUSSIAN = Style(NBSP, ",", "{}" + NBSP + "%", 5)

STYLES = {"en": ENGLISH, "ru": RUSSIAN}


def style() -> Style:
    """The reader's style (English when the language is one without a row here)."""
    return STYLES.get(language(), ENGLISH)


def integer(n: int) -> str:
    """``n`` for people in the reader's style."""
    return style().integer(n)
