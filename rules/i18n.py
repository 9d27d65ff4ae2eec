"""The words the rules hand to people, marked for translation.

Every text a person reads (event messages, rule errors, labels) is written in
English in the source and passed through these functions, the names the
standard ``gettext`` tools look for::

    _("{name} is stunned").format(name=name)
    ngettext("{n} success", "{n} successes", n).format(n=n)
    pgettext("damage type", "fire")
    N_("text")            # marked for the catalog, translated later with _()

The rules read no catalog: by default every function returns the English. The
interface installs a translator for the reader's language (``install``), the
standard library's ``gettext.GNUTranslations`` or anything with its four
methods. Placeholders are always named (``{name}``), never positional, so a
translation may put them in any order.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a one-shot roll more than the rest of this module
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Protocol

    class Translator(Protocol):
        def gettext(self, message: str, /) -> str: ...
        def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
        def pgettext(self, context: str, message: str, /) -> str: ...
        def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


class English:
    """The source texts themselves, with English plurals (one, other)."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural


ENGLISH = English()
_current: Translator = ENGLISH


def install(translator: Translator) -> Translator:
    """Make ``translator`` the one every text goes through; returns the previous one."""
    global _current
    previous, _current = _current, translator
    return previous


def current() -> Translator:
    return _current


def _(message: str) -> str:
    return _current.gettext(message)


def N_(message: str) -> str:
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


# --- names in the reader's grammar ---------------------------------------------------------------
#
# A Russian text puts a name in the case its sentence needs ("атакует {target:acc}") and a
# verb in the gender of who does it ("{name:устоял|устояла}"); the interface installs the
# forms of the session's names (worked out when a combatant is added, stored in the session
# file, corrected there by hand).  The rules only hand names over; English ignores all this.

#: name -> its forms: "gender" (m, f, n or plural) and the cases "genitive", "dative",
#: "accusative", "instrumental", "prepositional"
_forms: dict[str, Mapping[str, str]] = {}


def install_forms(table: Mapping[str, Mapping[str, str]]) -> None:
    """The forms of the names the texts will speak of (a session's combatants)."""
    _forms.clear()
    _forms.update(table)


def forms_of(name: str) -> Mapping[str, str]:
    """The forms installed for ``name`` (empty when none are known)."""
    return _forms.get(name, {})


def language() -> str:
    """The reader's language, as the catalog that answers names it ("en" with none): the rules
    choose between a stat's Russian and English names by it, never between their texts."""
    return pgettext("the code of the language this catalog is in", "en")


# --- a sheet's words -------------------------------------------------------------------------------
#
# A stored key (``speed`` in an effect's modifiers) reads in the reader's words (``скорость``); the
# interface installs how to find them for the session's system, asked only when a text needs one.

_field_words: Callable[[], Mapping[str, str]] | None = None
_field_table: Mapping[str, str] | None = None


def install_field_words(words: Callable[[], Mapping[str, str]] | None) -> None:
    """How to find the reader's word for each key of the session's sheet (None: keys as stored)."""
    global _field_words, _field_table
    _field_words, _field_table = words, None


def field_word(key: str) -> str:
    """``key`` (a stat, derived value or resource) in the reader's words, else as stored."""
    global _field_table
    if _field_words is None:
        return key
    if _field_table is None:
        _field_table = _field_words()
    return _field_table.get(key, key)
