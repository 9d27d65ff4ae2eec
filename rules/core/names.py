"""How names typed by people are matched: one rule for the whole program.

People's names (combatants, items) and the terms of a system (stats, skills,
situations, verbs) are compared in one form, :func:`name_key`: case, ``ё``/``е``
and the separators people type inconsistently (spaces, ``_``, ``-``, brackets,
dots) do not matter, so ``ФЗ (D)`` == ``фз_d`` == ``фзd`` and ``Гоблин-шаман``
== ``гоблин шаман``.

- :func:`pick` finds one of a list of names (the roster, an inventory): an
  exact name wins, otherwise a prefix that fits exactly one name.
- :class:`Names` finds the key of a closed vocabulary of terms, each spelt
  several ways.  Terms match whole, never by prefix: a sheet has ``МЗ`` (the
  current value) beside ``МЗ_макс`` (its maximum), and a prefix would silently
  pick the wrong one.
- :func:`close_names` offers the closest spellings when nothing fits.

Kept free of heavy imports: every command loads it; ``difflib`` is loaded only
to suggest a name after a typo.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from rules.i18n import _

#: left out of a name's key, with all whitespace: "Гоблин 1", "гоблин_1" and "Гоблин-1" are one name
_SEPARATORS = frozenset("_-().[]")


# a command compares its few names dozens of times (every encounter built, every name found)
@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form names are compared in."""
    folded = unicodedata.normalize("NFC", name).casefold().replace("ё", "е")
    # string methods, not a regular expression: loading ``re`` is a good part of a bare roll's start-up
    return "".join(c for c in folded if not (c in _SEPARATORS or c.isspace()))


def closest(key: str, keys: Iterable[str], limit: int = 3) -> list[str]:
    """The keys of ``keys`` closest to ``key`` (difflib's ratio), best first."""
    import difflib

    return difflib.get_close_matches(key, list(keys), n=limit, cutoff=0.6)


def close_names(name: str, candidates: Mapping[str, str], limit: int = 3) -> tuple[str, ...]:
    """Display names whose key is close to ``name``'s.

    ``candidates`` maps a key to the name to show; several keys may share one
    display name, which is then offered once.
    """
    shown: list[str] = []
    for match in closest(name_key(name), candidates, limit * 3):
        if candidates[match] not in shown:
            shown.append(candidates[match])
    return tuple(shown[:limit])


def pick(kind: str, query: str, names: Iterable[str]) -> str:
    """The one name of ``names`` that ``query`` means.

    Raises :class:`rules.core.errors.NotFound` with the candidates when several
    fit, or the closest names when none does.
    """
    wanted = name_key(query)
    keyed = {name_key(name): name for name in names}
    if wanted in keyed:
        return keyed[wanted]
    starting = [name for key, name in keyed.items() if wanted and key.startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    # here, not at the top: every roll reads names, and none needs the errors module
    from rules.core.errors import NotFound

    if starting:
        raise NotFound(kind, query, starting, ambiguous=True)
    raise NotFound(kind, query, close_names(query, keyed))


class Names:
    """The terms of one vocabulary (``kind``: "stat", "skill" ...): key by any spelling.

    A spelling claimed by two keys is a mistake in the table and refused when
    it is built.  An unknown name raises
    :class:`rules.core.errors.UnknownNameError` with the closest spellings,
    shown as first spelt in the table.
    """

    __slots__ = ("kind", "keys", "shown")

    def __init__(self, kind: str, spellings: Mapping[str, Iterable[str]]) -> None:
        self.kind = kind
        #: name_key of a spelling -> its key
        self.keys: dict[str, str] = {}
        #: name_key of a spelling -> the spelling to suggest
        self.shown: dict[str, str] = {}
        for key, group in spellings.items():
            for spelling in group:
                form = name_key(spelling)
                owner = self.keys.setdefault(form, key)
                if owner != key:
                    raise ValueError(_("{kind} name {spelling!r} is claimed by both {owner} and {key}").format(
                        kind=kind, spelling=spelling, owner=owner, key=key))
                self.shown.setdefault(form, spelling)

    def get(self, name: str) -> str | None:
        """The key ``name`` spells, or None."""
        return self.keys.get(name_key(name))

    def key(self, name: str) -> str:
        """The key ``name`` spells; UnknownNameError with suggestions when none."""
        found = self.keys.get(name_key(name))
        if found is None:
            # here, not at the top: every roll reads names, and none needs the errors module
            from rules.core.errors import UnknownNameError

            raise UnknownNameError(self.kind, name, self.suggest(name))
        return found

    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        return close_names(name, self.shown, limit)
