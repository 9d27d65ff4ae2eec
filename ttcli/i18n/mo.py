"""A GNU .mo catalog that looks a text up when it is asked for, instead of reading them all.

``gettext.GNUTranslations`` decodes every entry of a catalog into a dictionary when it opens
it: some 3,000 texts for the program's Russian catalog, of which a command shows a few dozen,
and the module itself loads ``locale`` and compiles its plural-forms parser.  That was about
5 ms of every Russian command.  :class:`MoCatalog` keeps the file's bytes and finds a text by
a binary search over the sorted originals (the .mo layout sorts them for exactly this: our
writer, ``ttcli.i18n.catalogs.write_mo``, and GNU msgfmt both do), decoding only what it
finds, and remembers each answer.  Its four methods answer as GNUTranslations' do, fallback
chain included; ``tests/ttcli/test_i18n_mo.py`` compares both on every text of every shipped
catalog.
"""

from __future__ import annotations

import sys
from array import array
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal

MAGIC = 0x950412DE

#: the plural-forms expressions our catalogs use, as Python: parsing one with
#: ``gettext.c2py`` would load the gettext module, which the lookup exists to spare
KNOWN_PLURALS: dict[str, Callable[[int], int]] = {
    "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)":
        lambda n: 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20 else 2,
    "(n != 1)": lambda n: int(n != 1),
}


def _germanic(n: int) -> int:
    return int(n != 1)  # GNU gettext's rule for a catalog that names none


class MoCatalog:
    """A .mo catalog's texts, found on demand; ``add_fallback`` chains another catalog after it."""

    def __init__(self, data: bytes) -> None:
        order: Literal["little", "big"] = "little" if int.from_bytes(data[:4], "little") == MAGIC else "big"
        if int.from_bytes(data[:4], order) != MAGIC:
            raise OSError(0, "Bad magic number")

        def word(at: int) -> int:
            return int.from_bytes(data[at:at + 4], order)

        count, originals, translations = word(8), word(12), word(16)
        self._data = data
        self._count = count
        self._originals = self._table(data, originals, count, order)
        self._translations = self._table(data, translations, count, order)
        self._found: dict[bytes, str | None] = {}
        self._fallback: MoCatalog | None = None
        self.charset = "utf-8"
        self.plural: Callable[[int], int] = _germanic
        self._read_header()

    @staticmethod
    def _table(data: bytes, at: int, count: int, order: Literal["little", "big"]) -> array[int]:
        """The (length, offset) pairs of ``count`` strings, flat."""
        table = array("I")
        table.frombytes(data[at:at + 8 * count])
        if order != sys.byteorder:
            table.byteswap()
        return table

    def _read_header(self) -> None:
        header = self._raw(b"")
        if header is None:
            return
        for line in header.decode("ascii", "replace").splitlines():
            key, _, value = line.partition(":")
            key, value = key.strip().lower(), value.strip()
            if key == "content-type" and "charset=" in value:
                self.charset = value.split("charset=", 1)[1].strip()
            elif key == "plural-forms":
                expression = value.split("plural=", 1)[1].strip().rstrip(";").strip() if "plural=" in value else ""
                known = KNOWN_PLURALS.get(expression)
                if known is None:
                    import gettext  # a catalog of another language than ours: gettext's own parser

                    known = gettext.c2py(expression)
                self.plural = known

    def add_fallback(self, fallback: MoCatalog) -> None:
        if self._fallback is not None:
            self._fallback.add_fallback(fallback)
        else:
            self._fallback = fallback

    # --- the lookup ---------------------------------------------------------------------

    def _index(self, key: bytes) -> int:
        """The first original not sorted before ``key`` (``count`` when there is none)."""
        data, originals = self._data, self._originals
        lo, hi = 0, self._count
        while lo < hi:
            mid = (lo + hi) // 2
            at = originals[2 * mid + 1]
            if data[at:at + originals[2 * mid]] < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def _original(self, i: int) -> bytes:
        at = self._originals[2 * i + 1]
        return self._data[at:at + self._originals[2 * i]]

    def _translation(self, i: int) -> bytes:
        at = self._translations[2 * i + 1]
        return self._data[at:at + self._translations[2 * i]]

    def _raw(self, key: bytes) -> bytes | None:
        i = self._index(key)
        return self._translation(i) if i < self._count and self._original(i) == key else None

    def _forms(self, key: bytes) -> list[str] | None:
        """The plural forms of the entry whose singular is ``key`` (whatever its plural)."""
        prefix = key + b"\0"
        i = self._index(prefix)
        if i < self._count and self._original(i).startswith(prefix):
            return self._translation(i).decode(self.charset).split("\0")
        return None

    def _text(self, message: str) -> str | None:
        """The translation of ``message``: its own entry, else the n=1 form of a plural entry
        with that singular (as GNUTranslations.gettext answers)."""
        key = message.encode(self.charset)
        if key in self._found:
            return self._found[key]
        raw = self._raw(key)
        if raw is not None:
            found: str | None = raw.decode(self.charset)
        else:
            forms = self._forms(key)
            index = self.plural(1)
            found = forms[index] if forms is not None and index < len(forms) else None
        self._found[key] = found
        return found

    def _form(self, singular: str, n: int) -> str | None:
        forms = self._forms(singular.encode(self.charset))
        index = self.plural(n)
        return forms[index] if forms is not None and index < len(forms) else None

    # --- what a translator answers ----------------------------------------------------------

    def gettext(self, message: str, /) -> str:
        found = self._text(message)
        if found is not None:
            return found
        return self._fallback.gettext(message) if self._fallback is not None else message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        found = self._form(singular, n)
        if found is not None:
            return found
        if self._fallback is not None:
            return self._fallback.ngettext(singular, plural, n)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        found = self._text(f"{context}\x04{message}")
        if found is not None:
            return found
        return self._fallback.pgettext(context, message) if self._fallback is not None else message

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str:
        found = self._form(f"{context}\x04{singular}", n)
        if found is not None:
            return found
        if self._fallback is not None:
            return self._fallback.npgettext(context, singular, plural, n)
        return singular if n == 1 else plural
