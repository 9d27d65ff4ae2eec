"""Dice text in every output format: the plain stringifier with other marks.

The same walk over the rolled tree serves plain text, terminal markup,
Markdown and BBCode; each subclass only says how to strike, highlight and
escape.
"""

from __future__ import annotations

from rules.dice import Stringifier


class Plain(Stringifier):
    """Plain text, with a roll's total in the reader's style (``49 946`` in Russian)."""

    def number(self, value: int) -> str:
        if -10_000 < value < 10_000:  # the same in every language: a plain roll loads no style
            return str(value)
        from .numbers import integer

        return integer(value)


class RichMarkup(Plain):
    """rich console markup: dropped dice struck through, successes highlighted."""

    def dropped(self, text: str) -> str:
        return f"[strike dim]{text}[/]"

    def success(self, text: str) -> str:
        return f"[bold green]{text}[/]"

    def failure(self, text: str) -> str:
        return f"[red]{text}[/]"

    def strong(self, text: str) -> str:
        return f"[bold]{text}[/]"

    def label(self, text: str) -> str:
        return f"[cyan]\\[{text}][/]"

    def escape(self, text: str) -> str:
        return text.replace("[", "\\[")


_MD_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_~[]"})


class Markdown(Plain):
    def dropped(self, text: str) -> str:
        return f"~~{text}~~"

    def success(self, text: str) -> str:
        return f"**{text}**"

    def strong(self, text: str) -> str:
        return f"**{text}**"

    def label(self, text: str) -> str:
        return f"_{text}_:"

    def escape(self, text: str) -> str:
        return text.translate(_MD_SPECIAL)


class BBCode(Plain):
    """BBCode in one of the dialects of ttcli.posts: stock phpBB has no [s] (a dropped
    die is greyed), the plain set has no colours."""

    def __init__(self, dialect: str = "mybb") -> None:
        super().__init__()
        self.dialect = dialect

    def dropped(self, text: str) -> str:
        return _DROPPED[self.dialect](text)

    def success(self, text: str) -> str:
        if self.dialect == "plain":
            return f"[b]{text}[/b]"
        return f"[b][color=green]{text}[/color][/b]"

    def strong(self, text: str) -> str:
        return f"[b]{text}[/b]"

    def label(self, text: str) -> str:
        return f"[i]{text}[/i]:"

    def escape(self, text: str) -> str:
        # BBCode has no escape; a bracket pair that looks like a tag is broken up.
        return text.replace("[", "[\u200b")


_DROPPED = {
    "mybb": lambda text: f"[s]{text}[/s]",
    "phpbb": lambda text: f"[color=gray]{text}[/color]",
    "plain": lambda text: f"~~{text}~~",
}


STRINGIFIERS = {
    "plain": Plain(),
    "rich": RichMarkup(),
    "markdown": Markdown(),
    "bbcode": BBCode(),
}
