"""How names typed by people are matched: one rule for the whole program.

Case, ``ё``/``е`` and runs of spaces do not matter; an exact name wins,
otherwise a prefix that fits exactly one name.  Kept free of heavy imports:
the roll path of the program loads it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def name_key(name: str) -> str:
    """The form names are compared in."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().replace("ё", "е").split())


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
    from rules.core.errors import NotFound

    if starting:
        raise NotFound(kind, query, starting, ambiguous=True)
    import difflib

    close = difflib.get_close_matches(wanted, list(keyed), n=3, cutoff=0.5)
    raise NotFound(kind, query, [keyed[key] for key in close])
