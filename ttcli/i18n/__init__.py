"""The reader's language, and the gettext catalogs that speak it.

The language is, first found: ``--lang`` anywhere on the command line, the
``TTCLI_LANG`` variable, the session's ``language`` setting, the locale
(``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``), else English.

Nothing is read at start-up: :func:`setup` installs a translator that decides
the language and opens the catalogs on the first text it is asked for, so a
one-shot command that prints only numbers never loads one.  The catalogs are
the standard library's ``gettext`` .mo files: ``ttcli/locale`` for the program
and the core, and each system's own ``locale`` folder beside its rules.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from rules import i18n
from rules.i18n import ENGLISH

LANGUAGES = ("en", "ru")

#: what a master may type for a language (``--lang``, TTCLI_LANG, the session setting)
_NAMES = {"en": "en", "english": "en", "английский": "en", "англ": "en", "c": "en", "posix": "en",
          "ru": "ru", "russian": "ru", "русский": "ru", "рус": "ru", "ру": "ru"}


def normalize(tag: str | None) -> str | None:
    """``ru`` for ``ru_RU.UTF-8``, ``ru-RU``, ``русский``...; None for what is not a language we speak."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].casefold()
    return _NAMES.get(base)


def from_locale(environ: Mapping[str, str]) -> str | None:
    """The language of the POSIX locale: the first of LC_ALL, LC_MESSAGES, LANG that is set."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return normalize(value) or "en"
    return None


class Choice:
    """Where the language comes from, in the order of precedence."""

    __slots__ = ("flag", "environ", "session", "system")

    def __init__(self, flag: str | None = None, environ: Mapping[str, str] | None = None) -> None:
        self.flag = flag
        self.environ = os.environ if environ is None else environ
        self.session: str | None = None
        #: the loaded session's system: its catalog answers first, so its own words win
        self.system: str | None = None

    def language(self) -> str:
        return (normalize(self.flag) or normalize(self.environ.get("TTCLI_LANG")) or normalize(self.session)
                or from_locale(self.environ) or "en")

    def fixed(self) -> bool:
        """True when the command line or the environment chose, so a session cannot."""
        return bool(normalize(self.flag) or normalize(self.environ.get("TTCLI_LANG")))


def catalog_files(language: str, system: str | None = None) -> list[str]:
    """The .mo files for ``language``: in a session, its ``system``'s first (a text two catalogs
    share reads in the words of the session's system: skirmish's armor is броня, the dungeon's
    БР), then the program's, and no other system's (a session shows only its own system's
    texts, and every catalog read costs start-up time); outside a session, the program's, then
    every registered system's."""
    from pathlib import Path

    here = Path(__file__).resolve().parent.parent
    files = [here / "locale" / language / "LC_MESSAGES" / "ttcli.mo"]
    for domain, folder in system_folders(system).items():
        mo = folder / "locale" / language / "LC_MESSAGES" / f"{domain}.mo"
        if domain == system:
            files.insert(0, mo)
        else:
            files.append(mo)
    return [str(f) for f in files if f.is_file()]


def system_folders(only: str | None = None) -> dict:
    """System id -> its package's folder, found without importing the system (a system's
    catalogs sit in ``<package>/locale``); only ``only``'s when it is a registered system."""
    from importlib.util import find_spec
    from pathlib import Path

    from rules.systems import REGISTRY

    found = {}
    wanted = {only: REGISTRY[only]} if only in REGISTRY else REGISTRY
    for system, package in wanted.items():
        spec = find_spec(package)
        for folder in (spec.submodule_search_locations or []) if spec is not None else []:
            found[system] = Path(folder)
    return found


_LOADED: dict[tuple[str, str | None], object] = {}


def load(language: str, system: str | None = None):
    """The chained catalogs of ``language``, ``system``'s first; the English source texts
    when it has none.

    Read once a process: the prompt runs many commands, each with its own translator."""
    if (language, system) not in _LOADED:
        _LOADED[language, system] = _read(language, system)
    return _LOADED[language, system]


def _read(language: str, system: str | None = None):
    from .mo import MoCatalog  # a text is looked up when asked for (see the module)

    if language == "en":
        return ENGLISH
    chain = None
    for path in catalog_files(language, system):
        with open(path, "rb") as fp:
            catalog = MoCatalog(fp.read())
        if chain is None:
            chain = catalog
        else:
            chain.add_fallback(catalog)
    return chain if chain is not None else ENGLISH


#: translated text -> itself, or the Phrase it is (asked once a process)
_PHRASED: dict[str, str] = {}


def phrase(text: str) -> str:
    """A translation that may put a name in its case (``ttcli.i18n.phrases``), looked at once
    a process; a text with no placeholder cannot, and stays as it is."""
    if "{" not in text or ":" not in text:
        return text
    found = _PHRASED.get(text)
    if found is None:
        from .phrases import as_phrase  # the Russian texts' cases: loaded by the first one

        found = _PHRASED[text] = as_phrase(text)
    return found


class Phrasing:
    """A catalog (``ttcli.i18n.mo.MoCatalog``) whose translations may put names in their case,
    for a reader that holds a catalog itself (``verify`` tries every shipped language)."""

    def __init__(self, inner) -> None:
        self.inner = inner

    def gettext(self, message: str, /) -> str:
        return phrase(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return phrase(self.inner.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str, /) -> str:
        return phrase(self.inner.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        return phrase(self.inner.npgettext(context, singular, plural, n))


class Lazy:
    """A translator that picks the language and opens the catalogs on first use."""

    def __init__(self, choice: Choice) -> None:
        self.choice = choice
        self._loaded = None
        self._language: str | None = None
        self._session: str | None = None
        self._system: str | None = None

    @property
    def language(self) -> str:
        return self.choice.language()

    def _target(self):
        # decided once, and again only when a session's language arrives: every text of a
        # command passes here, and the prompt answers within milliseconds
        if self._loaded is None or self.choice.session != self._session or self.choice.system != self._system:
            language = self.choice.language()
            changed = self._loaded is None or language != self._language or self.choice.system != self._system
            self._session, self._system = self.choice.session, self.choice.system
            if changed:
                self._loaded, self._language = load(language, self._system), language
        return self._loaded

    def _phrase(self, text: str) -> str:
        """A translation that may put a name in its case: only another language than the
        source's asks."""
        return text if self._language == "en" else phrase(text)

    def gettext(self, message: str, /) -> str:
        return self._phrase(self._target().gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return self._phrase(self._target().ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str, /) -> str:
        return self._phrase(self._target().pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        return self._phrase(self._target().npgettext(context, singular, plural, n))


_choice = Choice()


def setup(flag: str | None = None, environ: Mapping[str, str] | None = None) -> Lazy:
    """Install the lazy translator for this run (``--lang`` value, environment)."""

    global _choice
    _choice = Choice(flag, environ)
    translator = Lazy(_choice)
    i18n.install(translator)
    return translator


def note_session_language(value: object) -> None:
    """A loaded session's ``language`` setting, used when neither --lang nor TTCLI_LANG chose."""
    _choice.session = value if isinstance(value, str) else None


def current_choice() -> Choice:
    return _choice


def note_session_system(value: object) -> None:
    """A loaded session's system, whose catalog then answers first."""
    _choice.system = value if isinstance(value, str) else None


def language() -> str:
    return _choice.language()
