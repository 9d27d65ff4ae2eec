"""The closed lists of words a master types as option values, in English and in Russian.

``--format``, ``--bbcode-dialect`` and ``effect add --tick/--stack`` each take one
word of a fixed list.  Each list is read by the one name matcher
(:class:`rules.core.names.Names`): case, ё/е, spaces, ``_`` and ``-`` do not matter,
so ``turn_start``, ``turn start`` and ``начало хода`` name the same moment, and a
master never switches keyboard layout for an option value.  The words a list shows
(in its help and in an error's hint) are in the reader's language
(``pgettext(context, key)``); every Russian word shown is one the list accepts, and
a test keeps it so.  ``char set`` reads its plain keys (``сторона=``, ``статус=``) and
the common states (``статус=мёртв``) here too.  Sides (``--side враг``) and systems (``--system подземелье``)
have their own readers in ``ttcli.session`` and ``ttcli.commands.session_cmd``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from rules.core import Names
from rules.i18n import _, pgettext

if TYPE_CHECKING:
    from rules.core import Names


class Choices:
    """One fixed list: its keys (the words the program stores), every spelling of each,
    and how each key is shown to the reader."""

    __slots__ = ("spellings", "_shown", "_names")

    def __init__(self, spellings: Mapping[str, tuple[str, ...]], shown: Callable[[], dict[str, str]]) -> None:
        self.spellings = spellings
        self._shown = shown
        self._names: Names | None = None

    def _matcher(self) -> Names:
        if self._names is None:
            self._names = Names("value", {key: (key, *words) for key, words in self.spellings.items()})
        return self._names

    def get(self, text: str) -> str | None:
        """The key ``text`` spells (any case, either language), or None."""
        return self._matcher().get(text)

    def shown(self) -> list[str]:
        """Every key as the reader reads it, in the list's order."""
        words = self._shown()
        return [words[key] for key in self.spellings]

    def key(self, text: str) -> str:
        """The key ``text`` spells; ValueError saying which words there are when none."""
        found = self.get(text)
        if found is not None:
            return found
        message = _("{value!r} is not one of: {values}").format(value=text, values=", ".join(self.shown()))
        close = self._matcher().suggest(text)
        if close:
            message += "; " + _("did you mean {options}?").format(options=", ".join(close))
        raise ValueError(message)


FORMATS = Choices({
    "auto": ("авто", "автоматически"),
    "rich": ("цветной", "цвет", "таблица"),
    "plain": ("простой", "текст", "обычный"),
    "json": ("джейсон",),
    "bbcode": ("ббкод", "ббкоды"),
    "markdown": ("маркдаун", "md"),
}, lambda: {
    "auto": pgettext("output format", "auto"),
    "rich": pgettext("output format", "rich"),
    "plain": pgettext("output format", "plain"),
    "json": pgettext("output format", "json"),
    "bbcode": pgettext("output format", "bbcode"),
    "markdown": pgettext("output format", "markdown"),
})

DIALECTS = Choices({
    "mybb": ("rusff", "майбб", "русфф"),
    "phpbb": ("пхпбб",),
    "plain": ("простой", "обычный"),
}, lambda: {
    "mybb": pgettext("bbcode dialect", "mybb"),
    "phpbb": pgettext("bbcode dialect", "phpbb"),
    "plain": pgettext("bbcode dialect", "plain"),
})

#: when an effect ticks (rules.core.effects.TICKS)
TICKS = Choices({
    "turn_start": ("начало хода", "в начале хода"),
    "turn_end": ("конец хода", "в конце хода"),
    "round_start": ("начало раунда", "в начале раунда"),
    "round_end": ("конец раунда", "в конце раунда"),
    "never": ("никогда",),
}, lambda: {
    "turn_start": pgettext("effect tick", "turn_start"),
    "turn_end": pgettext("effect tick", "turn_end"),
    "round_start": pgettext("effect tick", "round_start"),
    "round_end": pgettext("effect tick", "round_end"),
    "never": pgettext("effect tick", "never"),
})

#: how a second copy of an effect stacks (rules.core.effects.STACKING)
STACKING = Choices({
    "refresh": ("продлить", "обновить"),
    "add": ("сложить", "складывать", "добавить"),
    "replace_damage": ("заменить урон", "новый урон"),
    "replace": ("заменить", "заменять"),
    "ignore": ("пропустить", "не складывать", "игнорировать"),
    "strongest": ("сильнейшее", "сильнейший", "большее"),
}, lambda: {
    "refresh": pgettext("effect stacking", "refresh"),
    "add": pgettext("effect stacking", "add"),
    "replace_damage": pgettext("effect stacking", "replace_damage"),
    "replace": pgettext("effect stacking", "replace"),
    "ignore": pgettext("effect stacking", "ignore"),
    "strongest": pgettext("effect stacking", "strongest"),
})

#: the keys ``char set`` reads itself, beside a sheet's stats (``сторона=враг``, ``статус=мёртв``)
PLAIN_KEYS = Choices({
    "side": ("сторона",),
    "hidden": ("скрыт", "скрытый", "скрыта", "скрыто"),
    "status": ("статус", "состояние"),
}, lambda: {"side": "side", "hidden": "hidden", "status": "status"})

#: the states every system shares; a system's own states (twilight's AT DEATH ...) are its to read
STATUSES = Choices({
    "ok": ("в строю", "норма"),
    "unconscious": ("без сознания", "без чувств"),
    "dead": ("мёртв", "мертва", "убит", "погиб"),
}, lambda: {
    "ok": pgettext("combatant status", "ok"),
    "unconscious": pgettext("combatant status", "unconscious"),
    "dead": pgettext("combatant status", "dead"),
})
